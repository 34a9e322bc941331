//! The game-independent parts of a retrograde solve, shared by the
//! Tic-Tac-Chec loop ([`mod@crate::solve`]) and the generic loop over a
//! [`RetroGame`](crate::solve::game::RetroGame)
//! ([`crate::game_loop::solve_game`]): the bitmaps of one bit per
//! position ([`bits`]), the work folder and its memory maps
//! ([`work_files`]), the checkpoints ([`checkpoint`], written by
//! [`saver`], found again by [`resume`]), the log lines ([`log`]) and the last steps on the cells
//! ([`cells`]: draws, a byte view), the working codes of a solve
//! ([`codes`]) and the two evaluation rules ([`eval`]); and the phase
//! driver ([`phases`]: init, sweeps, split, waves) over a game's passes
//! ([`passes`]), with the kinds of pass ([`pass_kind`]), their counts
//! ([`counts`]) and their log ([`pass_log`]). None of it knows a rule of any game.

pub mod bits;
pub mod cells;
pub mod checkpoint;
pub mod codes;
pub mod counts;
pub mod eval;
pub mod log;
pub mod pass_kind;
pub mod pass_log;
pub mod passes;
pub mod phases;
pub mod resume;
pub mod saver;
pub mod work_files;

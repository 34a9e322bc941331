//! The tier solver: retrograde analysis of a game whose positions fall
//! into *tiers* (here: one material per tier) that moves never leave
//! except into tiers solved before.
//!
//! A game plugs in through one small API, [`TierGame`] (in the spirit of
//! the GamesCrafters' tier solvers: the moves of a position, its
//! un-moves, and the values its reducing moves reach), and
//! [`solve_region`] computes two values per position:
//!
//! * without a move-count rule: win, loss or draw and the distance to the
//!   end in plies (winner shortest, loser longest), distances adding
//!   across reducing moves;
//! * with the 50-ply rule: a win or loss that holds from a counter of 0,
//!   and the DTZ (plies to the next reducing move on the way).
//!
//! The codes are those of `tables::surakarta::codes`. Surakarta
//! ([`crate::surakarta`]) is the first game on this seam; Tic-Tac-Chec
//! still runs on its own predecessor-free loop ([`mod@crate::solve`]).

mod atomic;
mod engine;
mod game;

pub use engine::{solve_region, RegionSolution};
pub use game::{ReducedChild, TierGame};

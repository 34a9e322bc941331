//! TZAAR, ruleset `tzaar-standard-2016-v1`: the fast move generator.
//!
//! Sources: the TZAAR rulebook (the rulebook, sections A-H) and the TZAAR digital ruleset (the digital
//! ruleset `tzaar-standard-2016-v1`, section "完整规则", which settles every
//! edge case). The rules implemented here:
//!
//! * **Board.** 60 points in GIPF coordinates: columns `A`-`I` with 5, 6, 7,
//!   8, 8, 8, 7, 6, 5 points; row 1 is the lowest point of each column;
//!   `E5`, the centre, is a hole and not a point (the TZAAR digital ruleset, "棋盘").
//! * **Turns.** White's first turn (the *opening turn*) is one capture. Every
//!   later turn is a capture, then a second action: a capture, a stack or an
//!   explicit pass (the TZAAR rulebook C, D; the TZAAR digital ruleset "白方先行"). The first capture can
//!   never be passed.
//! * **Lines.** A stack moves whole along one of the six lines, over any
//!   number of empty points, and lands only on the first occupied point of
//!   that line; a line ends at the board edge and at the centre hole (seed
//!   000 "棋堆沿棋盘六个直线方向", "中心孔不是普通空点").
//! * **Capture.** Onto an enemy stack whose height is at most the mover's;
//!   the target stack leaves the board (the TZAAR rulebook D.2-3; the TZAAR digital ruleset "吃子只能落到敌方堆").
//! * **Stack.** Second action only, onto an own stack, any heights; the mover
//!   goes on top (the TZAAR rulebook D b; the TZAAR digital ruleset "第二行动的强化").
//! * **End.** Only top pieces are visible. After every landing, a side with no
//!   visible Tzaar, Tzarra or Tott loses at once: a first capture that removes
//!   the opponent's last visible type ends the turn there (one-action turn);
//!   a stack that buries the mover's own last visible type is legal and loses.
//!   "No legal capture" is checked only when a complete turn is handed over:
//!   then the side that just moved wins. No draws (the TZAAR digital ruleset "胜负条件",
//!   "每次吃子或强化落地后", "只有完整回合交给对手时").
//!
//! Perft (see [`perft`]) counts complete turn plans: every distinct sequence of
//! actions counts once, a pass is one second action, a turn ended by its first
//! capture counts once.
//!
//! Text notation is described in [`notation`]; the fixed and the seeded
//! openings in [`opening`]; the tournament version's placement phase (the
//! TZAAR rulebook H: the board starts empty and the players place their
//! pieces one at a time, White first) in [`Setup`] and [`Stage`], with
//! [`stage_perft`] counting its plies.

mod children;
mod geometry;
mod immediate_win;
mod movegen;
pub mod notation;
pub mod opening;
mod perft;
mod piece;
mod placement;
mod placement_notation;
mod placement_perft;
mod play;
mod point;
mod position;
mod reply_count;
mod search_features;
mod turn;

pub use perft::{divide, perft, MAX_PERFT_DEPTH};
pub use piece::{Color, Kind, StackInfo};
pub use placement::{IllegalPlacement, Placement, Setup, SetupError, Stage};
pub use placement_notation::ParsePlacementError;
pub use placement_perft::{placement_divide, placement_perft, stage_perft};
pub use play::{ActionError, IllegalTurn};
pub use point::Point;
pub use position::{Position, PositionError};
pub use turn::{Action, Status, Step, Turn, WinReason};

pub use notation::{ParsePointError, ParsePositionError, ParseTurnError};

/// Number of points on the board.
pub const POINT_COUNT: usize = 60;

/// Pieces of each type per colour in the box: Tzaars, Tzarras, Totts (the TZAAR rulebook, "内容物").
pub const INVENTORY: [u32; 3] = [6, 9, 15];

#[cfg(test)]
mod tests;

//! The working codes a solve writes into cells before their distances
//! are known (never left in a finished table), and the child that ends
//! the game.

use tables::code::INVALID;

/// Working code: won, distance not yet known.
pub const WIN_PENDING: u8 = 253;
/// Working code: lost, distance not yet known.
pub const LOSS_PENDING: u8 = 252;
/// Working code: undecided (= [`INVALID`] in a finished table).
pub const UNDECIDED: u8 = INVALID;

/// Passed to a child visitor for a move that ends the game at once with
/// the mover's win (Tic-Tac-Chec: a line completed): the child is lost in
/// 0 for its side to move and has no cell to read.
pub const TERMINAL_CHILD: u64 = u64::MAX;

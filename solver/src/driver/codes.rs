//! The working codes a solve writes into cells before their distances
//! are known (never left in a finished table).

use tables::code::INVALID;

/// Working code: won, distance not yet known.
pub const WIN_PENDING: u8 = 253;
/// Working code: lost, distance not yet known.
pub const LOSS_PENDING: u8 = 252;
/// Working code: undecided (= [`INVALID`] in a finished table).
pub const UNDECIDED: u8 = INVALID;

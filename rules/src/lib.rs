//! Fast move generators for the three games of this toolkit.
//!
//! * [`ttc`]: Tic-Tac-Chec (Dream Green 1998), 4x4 and reduced 3x3 variants,
//!   with the pawn-capture readings as a parameter (the published solve).
//! * [`tzaar`]: TZAAR, ruleset `tzaar-standard-2016-v1` (the TZAAR rulebook and
//!   the TZAAR digital ruleset, which settles its edge cases).
//! * [`surakarta`]: Surakarta with the digital draw rules (the Surakarta rules).

pub mod echo;
pub mod surakarta;
pub mod ttc;
pub mod tzaar;

//! Surakarta endgame tablebases on the tier solver: every position with up
//! to a given number of pieces, one table per material (see
//! `tables::surakarta`), each solved after the materials its captures
//! reach.
//!
//! Files run one way: [`moves`] (bitboard move and un-move generation from
//! the side to move's view) and [`region`] (the [`crate::tier::TierGame`]
//! of a material and its colour-swapped twin) at the bottom, then
//! [`build`] (the solve of a folder). Reading a finished folder (probing,
//! lines, batches, the compact copy, the figures) is
//! `tablebase::surakarta`'s.

pub mod build;
pub mod moves;
pub mod region;

pub use build::{solve_tablebase, BuildOptions, MaterialReport};

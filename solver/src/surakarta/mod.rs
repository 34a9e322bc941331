//! Surakarta endgame tablebases on the tier solver: every position with up
//! to a given number of pieces, one table per material (see
//! `tables::surakarta`), each solved after the materials its captures
//! reach.
//!
//! Files run one way: [`moves`] (bitboard move and un-move generation from
//! the side to move's view) and [`region`] (the [`crate::tier::TierGame`]
//! of a material and its colour-swapped twin) at the bottom; then
//! [`tablebase`] (an open folder of tables: probing); [`build`] (the
//! solve of a folder); [`pack`] (its compact copy); [`probe`] (a
//! position's values and its moves best first); [`mod@line`] (the best line);
//! [`probe_many`](mod@probe_many) (a batch of positions as bitboards, in
//! parallel); [`scan`] (every cell of a table, source or compact, once)
//! under [`stats`] (per-material figures) and [`lone_piece`] (the board
//! of a lone piece: its wins per point).

pub mod build;
pub mod line;
pub mod lone_piece;
pub mod moves;
pub mod pack;
pub mod probe;
pub mod probe_many;
pub mod region;
pub mod scan;
pub mod stats;
pub mod tablebase;

pub use build::{solve_tablebase, BuildOptions, MaterialReport};
pub use line::{best_line, LineAnswer, LineEnd, LineStep};
pub use probe::{probe_position, MoveAnswer, ProbeAnswer};
pub use probe_many::{probe_many, BatchFailure, BatchPosition};
pub use tablebase::{OpenOptions, PositionValue, Tablebase, TablebaseError};

//! An open folder of Surakarta endgame tables (see `tables::surakarta`;
//! they are built by `solver::surakarta`), read in place.
//!
//! Files run one way: [`tablebase`] (an open folder: probing); [`pack`]
//! (its compact copy); [`probe`] (a position's values and its moves best
//! first); [`mod@line`] (the best line); [`probe_many`](mod@probe_many)
//! (a batch of positions as bitboards, in parallel); [`scan`] (every cell
//! of a table, source or compact, once) under [`stats`] (per-material
//! figures) and [`lone_piece`] (the board of a lone piece: its wins per
//! point).

pub mod line;
pub mod lone_piece;
pub mod pack;
pub mod probe;
pub mod probe_many;
pub mod scan;
pub mod stats;
pub mod tablebase;

pub use line::{best_line, LineAnswer, LineEnd, LineStep};
pub use probe::{probe_position, MoveAnswer, ProbeAnswer};
pub use probe_many::{probe_many, BatchFailure, BatchPosition};
pub use tablebase::{OpenOptions, PositionValue, Tablebase, TablebaseError};

//! Tic-Tac-Chec, second engine and tablebase audits.
//!
//! Written independently of `rules::ttc`'s move generation: from `rules`
//! and `tables` this module uses only data types ([`rules::ttc::Side`],
//! [`rules::ttc::Position`], [`rules::ttc::Variant`]), the notation, the
//! index (rank/unrank) and the table file reader. Everything that decides
//! what is legal (moves, captures, pawn directions, lines) is in
//! [`board`], as plain loops over a square array.
//!
//! * [`board`]: the plain engine (all three pawn readings, 3x3 and 4x4).
//! * [`equations`]: the cell equations of docs/solver.md ("One byte per position").
//! * `cells` (crate-private; its types re-exported by [`table_audit`]):
//!   a table's cells by section.
//! * [`table_audit`]: the equation audit of a table's cells.
//! * `group_walk` (crate-private): the walk over one group of
//!   post-opening positions that the audit and the census share.
//! * [`mirror`]: the left-right mirror the walk is folded by.
//! * `opening_walk` (crate-private): the walk over the opening cells
//!   that the audit and the census share.
//! * [`audit_census`]: both in one pass (`ttc audit TABLE --census`).
//! * [`table_file`]: `ttc audit TABLE` (and `ttc solve --audit`): a
//!   table file's cells, CRC and completion mark.
//! * [`index_audit`]: `ttc audit index`.
//! * [`index_under_audit`]: the rank functions that audit checks.
//! * [`threats`]: the two live-threat detectors.
//! * [`threat_memo`]: the census's per-group record of their results.
//! * [`census`]: the threat census of a table's cells (the published
//!   solve, "一场注意力的较量").
//! * `pass_times` (crate-private): the per-pass times printed after a
//!   long audit or census.
//! * [`census_file`]: `ttc census TABLE`: a table file's census and its
//!   check against the published figures.
//! * [`crosscheck`]: perft with lockstep comparison against `rules`.
//! * [`naive`]: a naive explicit-graph solver on [`board`]'s moves, the
//!   oracle the real solver is compared with on 3x3.

pub mod audit_census;
pub mod block_ranker;
pub mod board;
mod cells;
pub mod census;
pub mod census_file;
pub mod crosscheck;
pub mod equations;
mod group_walk;
pub mod index_audit;
pub mod index_under_audit;
pub mod mirror;
pub mod mirror_pairs;
pub mod naive;
mod opening_walk;
mod pass_times;
pub mod progress;
pub mod table_audit;
pub mod table_file;
pub mod threat_memo;
pub mod threats;

pub use audit_census::audit_and_census;
pub use board::{Board, MoveList, Piece, PlainMove};

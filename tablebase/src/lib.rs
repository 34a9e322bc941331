//! Reading finished tables, apart from building them (the `solver`
//! crate), as shakmaty-syzygy keeps its tablebase apart from the
//! generator:
//!
//! - [`probe`]: a Tic-Tac-Chec position's value and its moves best first,
//!   and the best line, from an open table (source or compact);
//! - [`answer`]: the JSON vocabulary of probes and lines shared by the
//!   CLI, the server and the Python package;
//! - [`surakarta`]: an open folder of Surakarta endgame tables (one per
//!   material), probing with and without the 50-ply rule, lines, batches,
//!   the compact copy and the per-material figures;
//! - [`site`]: the static explorer's export (the compact blocks, the
//!   manifest and the reference positions).
//!
//! Nothing here writes a table's cells or knows how they were solved.

pub mod answer;
pub mod probe;
pub mod site;
pub mod surakarta;

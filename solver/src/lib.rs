//! Predecessor-free retrograde solver for Tic-Tac-Chec.
//!
//! [`solve::solve`] fills a memory-mapped one-byte-per-position table in
//! parallel (see its module docs for the phases); [`count::count`] gives the
//! domain figures of `ttc count`; [`stats`] summarises finished tables.

pub mod answer;
pub mod count;
pub mod group;
pub mod kernel;
pub mod naive;
pub mod probe;
pub mod progress;
pub mod reach;
pub mod solve;
pub mod stats;
pub mod win_in_one;

pub use solve::{solve, solve_checked, solve_with_lists, ListUse, SolveOptions, SolveReport};
pub use stats::SectionStats;

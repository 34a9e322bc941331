//! Predecessor-free retrograde solver for Tic-Tac-Chec.
//!
//! [`solve::solve`] fills a memory-mapped one-byte-per-position table in
//! parallel (see its module docs for the phases); [`count::count`] gives the
//! domain figures of `ttc count`; [`stats`] summarises finished tables.
//! The reports of the CLI that read finished tables live here too, so
//! that every front end calls the same functions:
//! [`stats_report`] (`ttc stats`), [`compare`] (`ttc compare`) and
//! [`reach_report`] (`ttc reach`), and [`answer`] the JSON vocabulary of
//! probes and lines.

pub mod answer;
pub mod compare;
pub mod count;
pub mod driver;
pub mod example;
pub mod game_loop;
pub mod group;
pub mod kernel;
pub mod prefetch;
pub mod probe;
pub mod progress;
pub mod reach;
pub mod reach_report;
pub mod site;
pub mod solve;
pub mod stats;
pub mod stats_report;
pub mod surakarta;
pub mod tier;
pub mod ttc_game;
pub mod tzaar_prove;
pub mod win_in_one;

pub use solve::{
    solve, solve_checked, solve_tuned, solve_with_lists, ListUse, SolveOptions, SolveReport, Tuning,
};
pub use stats::SectionStats;

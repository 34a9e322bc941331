//! The solvers of the toolkit: Tic-Tac-Chec's predecessor-free
//! retrograde loop, the Surakarta endgame tablebases on the tier solver,
//! and the TZAAR endgame prover.
//!
//! [`solve::solve`] fills a memory-mapped one-byte-per-position table in
//! parallel (see its module docs for the phases, run by
//! [`driver::phases`] as for any [`solve::game::RetroGame`] through
//! [`game_loop`]); [`surakarta::solve_tablebase`] builds a folder of
//! Surakarta tables over [`tier`]; [`tzaar_prove`] proves TZAAR
//! positions. [`count::count`] gives the domain figures of `ttc count`;
//! [`stats`] summarises finished tables. The reports of the CLI over
//! whole tables live here too, so that every front end calls the same
//! functions: [`stats_report`] (`ttc stats`), [`compare`] (`ttc
//! compare`) and [`reach_report`] (`ttc reach`). Probing a finished
//! table, the JSON answers and the static explorer's export are the
//! `tablebase` crate's.

pub mod compare;
pub mod count;
pub mod driver;
pub mod example;
pub mod game_loop;
pub mod group;
pub mod kernel;
pub mod prefetch;
pub mod progress;
pub mod reach;
pub mod reach_report;
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

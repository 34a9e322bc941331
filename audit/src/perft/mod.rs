//! Perft of the three games with the fast `rules` generators, and the
//! cross-check of each against this crate's independent engine, returning
//! one report shape ([`PerftReport`]) for all three.
//!
//! Root moves are counted in parallel (rayon; `RAYON_NUM_THREADS` limits
//! the cores). Progress goes through a callback called once per finished
//! root move, so a front end can draw a bar of `root moves` length.
//!
//! * [`tzaar`]: `ttc perft tzaar`.
//! * [`surakarta`]: `ttc perft surakarta`.
//! * [`ttc`]: `ttc perft ttc` (the walk is [`crate::ttc::crosscheck`]).
//! * [`report`]: the report.

pub mod report;
pub mod surakarta;
pub mod ttc;
pub mod tzaar;

pub use report::{
    CrossCheck, DisagreementLines, DivideLine, PerftOptions, PerftReport, RootRejected,
};

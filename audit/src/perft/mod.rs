//! Perft of the three games with the fast `rules` generators, and the
//! cross-check of each against this crate's independent engine, returning
//! one report shape ([`PerftReport`]) for all three; perft-diff against
//! another author's engine, and perft suites.
//!
//! Root moves are counted in parallel (rayon; `RAYON_NUM_THREADS` limits
//! the cores). Progress goes through a callback called once per finished
//! root move, so a front end can draw a bar of `root moves` length.
//!
//! * [`tzaar`]: `ttc perft tzaar`; [`tzaar_placement`]: the same from a
//!   position of the tournament version's placement phase.
//! * [`surakarta`]: `ttc perft surakarta`.
//! * [`ttc`]: `ttc perft ttc` (the walk is [`crate::ttc::crosscheck`]).
//! * [`report`]: the report.
//! * [`node`]: a position of any game, as text; [`move_rule`]: the kind
//!   and rule of a move.
//! * [`engine`]: the perft-diff protocol (client side, and the answer's
//!   text); [`diff`]: `ttc perft-diff`; [`bugs`]: broken generators for
//!   its tests (`ttc perft-engine --inject-bug`).
//! * [`suite`]: `ttc perft-suite` and the suite format;
//!   [`suite_counts`]: a suite line's cross-checked counts.

pub mod bugs;
pub mod diff;
pub mod engine;
pub mod move_rule;
pub mod node;
pub mod report;
pub mod suite;
pub mod suite_counts;
pub mod surakarta;
pub mod ttc;
pub mod tzaar;
pub mod tzaar_placement;

pub use report::{
    CrossCheck, DisagreementLines, DivideLine, PerftOptions, PerftReport, RootRejected,
};

//! Second, independently written rules engines, kept plain and readable.
//!
//! Nothing here shares move-generation code with the `rules` crate: the
//! audit engines exist to cross-check the fast generators (perft) and the
//! Tic-Tac-Chec tablebase (equation audit). [`perft`] is the comparison
//! harness: perft of the three games with the `rules` generators, and the
//! lockstep cross-check of each against its audit engine.

pub mod perft;
pub mod surakarta;
pub mod surakarta_tb;
pub mod ttc;
pub mod tzaar;
pub mod tzaar_placement;
pub mod tzaar_proof;

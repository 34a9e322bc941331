//! Second, independently written rules engines, kept plain and readable.
//!
//! Nothing here shares move-generation code with the `rules` crate: the
//! audit engines exist to cross-check the fast generators (perft) and the
//! Tic-Tac-Chec tablebase (equation audit).

pub mod surakarta;
pub mod ttc;
pub mod tzaar;

//! Independent checks of the Surakarta endgame tables, on the audit
//! engine ([`crate::surakarta`]), never on the fast generator of `rules`:
//!
//! * [`cell_audit`]: every cell of every table satisfies the equations of
//!   its value and both distances with the values of its children (the
//!   tables' index is shared, the moves are not);
//! * [`naive`]: a naive solver over every placement (no symmetry, no
//!   index, plain rounds, and the 50-ply rule played out counter by
//!   counter) whose values are compared with the tables.
//!
//! [`board_bits`] converts between the audit engine's boards and the
//! tables' bitboards.

pub mod board_bits;
pub mod cell_audit;
pub mod naive;

//! Game records of the three games: reading their formats and replaying
//! them move by move into serde-serialisable reports.
//!
//! * [`tzaar`]: TZAAR records, this project's format and LittleGolem's
//!   ([`littlegolem`]); [`tzaar::verify_game`].
//! * [`surakarta`]: Surakarta records, this project's format and a
//!   university course's game logs ([`course_log`]);
//!   [`surakarta::verify_game`]; [`surakarta_tables`] judges its moves
//!   with the Surakarta endgame tables.
//! * [`ttc`]: Tic-Tac-Chec records ([`ttc::record`]), optionally annotated
//!   with a solved table; [`ttc::verify_game`].
//! * [`engine_notation`]: perft-diff against engines that write moves in
//!   LittleGolem's or the course's notation.
//! * [`record_text`]: what the formats share (reading the file, the
//!   byte-order mark, header lines).
//!
//! # Why a crate of its own
//!
//! Verifying a record replays it with both engines of a game, the fast one
//! of `rules` and the independent one of `audit`, and compares them move
//! by move; a Tic-Tac-Chec record is also annotated with a table's values
//! through `tablebase::probe`. So this code sits above `rules`, `audit` and
//! `solver`, while `rules` stays pure move generation. Keeping it out of
//! the `ttc` binary lets every front end (the CLI, a Python package, a
//! server) call the same functions: they take the record's text and a
//! display name used in messages (`FILE:LINE: ...`), never a path, and
//! return the report that `ttc verify-game --json` prints.
//!
//! Errors are [`anyhow::Error`]s whose text names the record and the line;
//! they are messages for people, not values to match on.

#![warn(missing_docs)]

pub mod course_log;
pub mod engine_notation;
pub mod littlegolem;
pub mod record_text;
pub mod surakarta;
pub mod surakarta_tables;
pub mod ttc;
pub mod tzaar;
pub mod tzaar_placement;
pub mod vesely;

#[cfg(test)]
mod fuzz_records;

pub use record_text::{read_record, RECORD_LIMIT};

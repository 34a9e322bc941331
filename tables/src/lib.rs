//! Tic-Tac-Chec tablebase layout: the perfect-hash [`index`] and the table
//! [`file`](mod@file) formats.

pub mod any;
pub mod block;
pub mod block_index;
pub mod bytes;
pub mod code;
pub mod compact;
pub mod file;
pub mod fsutil;
pub mod index;
pub mod progress;

pub use index::{Index, IndexError, OpeningIndex};

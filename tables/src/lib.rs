//! Tic-Tac-Chec tablebase layout: the perfect-hash [`index`] and the table
//! formats: the source table ([`file`](mod@file), [`source_header`]) and
//! the compact table ([`compact`], [`compact_header`], [`pack`]).
//!
//! Dependencies between the files run one way: [`layout`], [`checksum`],
//! [`header_frame`] (the magic, version, fixed bytes and CRC every header
//! shares), [`identity`] (which table a file holds), [`error`],
//! [`section`] and [`code`] at the bottom;
//! [`fsutil`], [`guard`], [`huge`] and [`bytes`] above them; [`sidecar`] and the two headers
//! above those; then [`file`](mod@file), [`block`], [`block_index`],
//! [`compact`], [`pack`] and [`any`] (either format) on top.

pub mod any;
pub mod block;
pub mod block_cache;
pub mod block_index;
pub mod bytes;
pub mod checksum;
pub mod code;
pub mod compact;
pub mod compact_header;
pub mod error;
pub mod file;
pub mod fold_layout;
pub mod fsutil;
pub mod guard;
pub mod header_frame;
pub mod huge;
pub mod identity;
pub mod index;
mod last_block;
pub mod layout;
pub mod mirror;
pub mod pack;
pub mod progress;
pub mod section;
pub mod sidecar;
pub mod source_header;
pub mod surakarta;
mod unfold;

pub use identity::TableIdentity;
pub use index::{Index, IndexError, OpeningIndex};

//! A static-site explorer: a table cut into DEFLATE-compressed block
//! files that a browser fetches one by one, with a manifest, written next
//! to the explorer page so any file host can serve it (`ttc export-site`).
//!
//! # Layout of a site folder
//!
//! | path | what |
//! |---|---|
//! | `index.html`, `app.js`, `probe.js`, `style.css`, ... | the page (given by the caller as [`SiteAsset`]s) |
//! | `manifest.json` | [`Manifest`]: rules, rule tag, cell counts, cells CRC, block geometry of each table |
//! | `t0/K/B.bin` | block `B` of the main table (`K = B / 1024`, so no folder holds more than 1,024 files) |
//! | `t1/K/B.bin` | the compared table's blocks (`--compare` only) |
//!
//! The cells of a table form one stream, post-opening cells first, then
//! opening cells (as in the table files); block `B` holds stream cells
//! `B * block_size .. min((B + 1) * block_size, total)`. A block file is a
//! [`block::HEADER_LEN`]-byte header followed by the cells as one zlib
//! stream (RFC 1950, DEFLATE with an Adler-32 trailer), which browsers
//! decode with `DecompressionStream("deflate")`; see [`block`] for the
//! header, which ties each block to its table (cells CRC) and place (block
//! number) and carries the CRC-32 of its cells.
//!
//! A Surakarta tablebase folder gets a site of its own layout
//! ([`surakarta`]), written the same way.
//!
//! # Writing
//!
//! Everything is written under a hidden temporary folder beside `DIR`,
//! named for the run (`.DIR.tmp-PID-NANOS`, each file synced), then
//! renamed to `DIR` in one step; an existing non-empty `DIR` is refused
//! unless `force` is given, and then replaced only after the new site is
//! complete (moved aside as `.DIR.old-PID-NANOS`, then removed). No other
//! folder is removed, and a failed export removes the temporary folder it
//! made.

pub mod block;
mod error;
mod export;
mod manifest;
pub mod reference;
pub mod surakarta;
mod target;
mod write;

pub use error::SiteError;
pub use export::export_site;
pub use manifest::{Manifest, SiteInfo, TableBlocks};
pub use write::{
    SiteAsset, SiteOptions, SiteProgress, SiteReport, TableSiteReport, MAX_BLOCK_SIZE,
};

//! `manifest.json` of a static site: what the page reads first.

use crate::answer::TableInfo;
use serde::Serialize;

/// The page's view of the tables: the same fields as the server's
/// `/api/info`, so the page reads either the same way.
#[derive(Debug, Clone, Serialize)]
pub struct SiteInfo {
    /// The main table, then the compared one; `path` is the file name.
    pub tables: Vec<TableInfo>,
    /// Whether a second table is compared.
    pub compare: bool,
    /// The empty board in notation (the page's start).
    pub empty_position: String,
}

/// Where one table's blocks lie and what they hold.
#[derive(Debug, Clone, Serialize)]
pub struct TableBlocks {
    /// Folder of the blocks, relative to the site (`t0`, `t1`).
    pub dir: String,
    /// Board size, 3 or 4.
    pub size: u8,
    /// Roles of each side, e.g. `PNBR`.
    pub roles: String,
    /// Pawn reading, `travel-direction` and so on.
    pub reading: &'static str,
    /// Rule tag as a number (`0x54544303` = 1414808323).
    pub rule_tag: u32,
    /// Placement-only opening, in plies.
    pub opening_plies: u8,
    /// Format of the table exported, `source` or `compact` (its blocks
    /// name it too).
    pub format: &'static str,
    /// Post-opening cells (first in the stream).
    pub post_cells: u64,
    /// Opening cells (after the post-opening cells).
    pub opening_cells: u64,
    /// CRC-64/XZ of all cells, `0x` and 16 hex digits; every block's
    /// header repeats it.
    pub cells_crc: String,
    /// Cells per block (the last block may hold fewer).
    pub block_size: u32,
    /// Number of blocks, `ceil((post_cells + opening_cells) / block_size)`.
    pub blocks: u64,
    /// Bytes of every block file before its zlib stream.
    pub block_header_len: usize,
    /// `zlib` (RFC 1950), as `DecompressionStream("deflate")` reads it.
    pub compression: &'static str,
    /// Bytes of all block files of this table.
    pub bytes: u64,
}

/// `manifest.json`.
#[derive(Debug, Clone, Serialize)]
pub struct Manifest {
    /// Always `ttc-static-site`.
    pub format: &'static str,
    /// Layout version, 2 (1: block headers of 24 bytes, which named the
    /// table by its cells CRC only).
    pub version: u32,
    /// What `/api/info` would answer.
    pub info: SiteInfo,
    /// The blocks of the main table, then of the compared one.
    pub tables: Vec<TableBlocks>,
}

/// The manifest's `format` field.
pub const FORMAT: &str = "ttc-static-site";
/// The manifest's `version` field.
pub const VERSION: u32 = 2;

//! The reports a Surakarta `ttc report` page is drawn from, gathered with
//! the library's calls: the folder opened as every Surakarta command
//! opens it ([`Tablebase::open`]: per material the source table, else its
//! compact copy, every source table's cells hashed against its header),
//! the figures of `ttc stats DIR`
//! ([`tablebase::surakarta::stats::tablebase_counts_any`], which also reads
//! compact tables) and the boards of the lone piece
//! ([`tablebase::surakarta::lone_piece::lone_piece_maps`]).

use anyhow::Result;
use serde::Serialize;
use std::path::Path;
use tablebase::surakarta::lone_piece::{lone_piece_maps, LonePieceMap};
use tablebase::surakarta::stats::{tablebase_counts_any, TablebaseStats};
use tablebase::surakarta::Tablebase;

/// One table of the folder, named on the page.
#[derive(Debug, Clone, Serialize)]
pub struct TableRow {
    /// The material, `MvO`.
    pub material: String,
    /// The file read.
    pub path: String,
    /// `source` or `compact`.
    pub format: String,
    /// Cells of the table (its header's count): the canonical cells, one
    /// per position, and the fillers of the non-canonical ones.
    pub cells: u64,
    /// CRC-64/XZ of its cells, hex (a source table's hashed on opening,
    /// a compact table's blocks checked as read).
    pub cells_crc: String,
}

/// The boards of the lone piece, as written to `lone-piece.json`.
#[derive(Debug, Clone, Serialize)]
pub struct LonePieceReport {
    /// The folder, as it was opened.
    pub folder: String,
    /// One board per material `1vN`, in order of N.
    pub maps: Vec<LonePieceMap>,
}

/// Everything a Surakarta page is drawn from.
#[derive(Debug)]
pub struct SurakartaSources {
    /// The folder's tables, in material order.
    pub tables: Vec<TableRow>,
    /// `ttc stats DIR --json` (written to `stats.json`).
    pub stats: TablebaseStats,
    /// The lone piece's boards (written to `lone-piece.json`).
    pub lone: LonePieceReport,
}

/// Opens the folder `dir` and gathers its reports, on the current rayon
/// pool.
///
/// # Errors
/// A folder without Surakarta tables, an incomplete or mixed folder, a
/// damaged, foreign or truncated table, a compact block that fails its
/// checksum: each naming the folder or file.
pub fn gather(dir: &Path) -> Result<SurakartaSources> {
    let tb = Tablebase::open(dir)?;
    let tables = tb
        .tables()
        .map(|t| TableRow {
            material: t.header().material.to_string(),
            path: t.path().display().to_string(),
            format: t.format().to_string(),
            cells: t.header().cells,
            cells_crc: format!("{:#018x}", t.header().cells_crc),
        })
        .collect();
    let stats = TablebaseStats::new(&tb, tablebase_counts_any(&tb)?);
    let lone = LonePieceReport {
        folder: tb.dir().display().to_string(),
        maps: lone_piece_maps(&tb)?,
    };
    Ok(SurakartaSources {
        tables,
        stats,
        lone,
    })
}

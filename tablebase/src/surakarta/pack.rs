//! Packing a Surakarta tablebase folder: a compact copy of every table
//! (`tables::surakarta::compact`) in another folder, which
//! [`Tablebase::open`] probes as it probes the source folder.

use super::tablebase::{Tablebase, TablebaseError};
use std::path::Path;
use std::time::Instant;
use tables::surakarta::compact::{pack_table, PackOptions};
use tables::surakarta::compact_header::compact_file_name;

/// What [`pack_tablebase`] wrote for one material.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PackedMaterial {
    /// The material, `MvO`.
    pub material: String,
    /// The compact table written.
    pub path: String,
    /// Cells.
    pub cells: u64,
    /// Bytes of the source table.
    pub source_bytes: u64,
    /// Bytes of the compact table.
    pub compact_bytes: u64,
    /// Blocks.
    pub blocks: u64,
    /// Cells CRC (the source table's, kept in the compact header).
    pub cells_crc: String,
    /// Seconds spent on this material (compression and check).
    pub seconds: f64,
}

/// Writes the compact table of every source table of folder `dir` into
/// folder `out` (created if missing), smallest material first, calling
/// `report` after each. `dir`'s tables are opened and their cells CRCs
/// checked first; each compact table is written under a temporary name,
/// checked block by block against its source (`opts.check`), synced and
/// renamed with a SHA-256 sidecar. A compact table already in `out` is
/// replaced only when `force` is set.
///
/// # Errors
/// [`TablebaseError`] for a folder that does not open (or holds compact
/// tables: pack reads the source tables), an existing file without
/// `force`, or a failed write or check.
pub fn pack_tablebase(
    dir: &Path,
    out: &Path,
    opts: &PackOptions,
    force: bool,
    mut report: impl FnMut(&PackedMaterial),
) -> Result<Vec<PackedMaterial>, TablebaseError> {
    let tb = Tablebase::open(dir)?;
    let sources = tb.source_tables("ttc pack")?;
    tables::fsutil::create_dirs(out).map_err(tables::surakarta::SurakartaTableError::from)?;
    if !force {
        if let Some(m) = sources
            .keys()
            .find(|&&m| out.join(compact_file_name(m)).exists())
        {
            return Err(TablebaseError::Exists {
                path: out.join(compact_file_name(*m)),
            });
        }
    }
    let mut done = Vec::new();
    for (m, t) in sources {
        let start = Instant::now();
        let path = out.join(compact_file_name(m));
        let h = pack_table(t, &path, opts)?;
        let p = PackedMaterial {
            material: m.to_string(),
            path: path.display().to_string(),
            cells: h.table.cells,
            source_bytes: t.header().file_len(),
            compact_bytes: h.file_len(),
            blocks: h.blocks,
            cells_crc: format!("{:#018x}", h.table.cells_crc),
            seconds: start.elapsed().as_secs_f64(),
        };
        report(&p);
        done.push(p);
    }
    Ok(done)
}

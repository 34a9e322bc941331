//! A static site of a Surakarta tablebase folder (`ttc export-site DIR
//! SITE` with a folder): the explorer page, a manifest, and each
//! material's cells cut into DEFLATE block files that the page's script
//! fetches and reads itself (`ttc/assets/surakarta/site.js`).
//!
//! # Layout
//!
//! | path | what |
//! |---|---|
//! | `index.html`, `style.css`, `probe.js`, `surakarta/*.js`, ... | the page (given by the caller; a name may hold one folder) |
//! | `manifest.json` | [`SurakartaManifest`] |
//! | `MvO/K/B.bin` | block `B` of material `MvO` (`K = B / 1024`) |
//!
//! A block file is the Tic-Tac-Chec site's ([`super::block`]: header, then
//! a zlib stream) holding `n` cells as `3 n` bytes: the low bytes of the
//! end codes, their high bytes, then the rule codes (the planes of the
//! compact table). Its header's table fields name a Surakarta material:
//! rule tag [`GAME_TAG`], board size 6, byte 29 the material (`16 *
//! mover + other`), opening plies 0, format 1 (source) or 2 (compact).
//!
//! The manifest also carries the numbering of the canonical mover sets
//! ([`MoverIdCounts`]), which the page's index needs and could only
//! rebuild by walking every set of 7 points (8.3 million).
//!
//! Written as every site is (`site/write.rs`): under a temporary folder
//! of the run, then renamed into place.

use super::block::{self, BlockTable};
use super::error::SiteError;
use super::write::{begin, block_folders, finish, write_block, write_page};
use super::write::{SiteAsset, SiteOptions, SiteProgress, SiteReport, TableSiteReport};
use crate::surakarta::{Tablebase, TablebaseError};
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;
use tables::surakarta::any::AnyMaterialTable;
use tables::surakarta::codes::QUIET_LIMIT;
use tables::surakarta::colex::{binomial, rank};
use tables::surakarta::file::GAME_TAG;
use tables::surakarta::mover_sets::MoverSets;

/// `format` of a Surakarta site's manifest.
pub const FORMAT: &str = "ttc-surakarta-site";
/// `version` of a Surakarta site's manifest.
pub const VERSION: u32 = 1;
/// Cells per block of a Surakarta site unless told otherwise: 16,384
/// cells, 48 KiB before compression.
pub const DEFAULT_BLOCK_CELLS: u32 = 1 << 14;
/// Mover sets between two counts of [`MoverIdCounts`].
pub const ID_STEP: u64 = 1024;

/// The numbering of the canonical mover sets of `m` points: `counts[c]`
/// is the number of canonical sets (the smallest set of each orbit of the
/// eight symmetries, numbered in increasing order) whose colex rank is
/// below `c * step`; the last count is the number of canonical sets.
#[derive(Debug, Clone, Serialize)]
pub struct MoverIdCounts {
    /// Points of the sets.
    pub m: u32,
    /// Sets between two counts.
    pub step: u64,
    /// `ceil(C(36, m) / step) + 1` counts.
    pub counts: Vec<u32>,
}

impl MoverIdCounts {
    /// The counts of the sets of `m` points (`m <= 8`).
    pub fn of(m: u32) -> MoverIdCounts {
        let sets = MoverSets::of(m as usize);
        let total = binomial(36, m as usize);
        let chunks = total.div_ceil(ID_STEP);
        let mut counts = Vec::with_capacity(chunks as usize + 1);
        let mut id = 0usize;
        for c in 0..=chunks {
            while id < sets.len() && rank(sets.set(id)) < c * ID_STEP {
                id += 1;
            }
            counts.push(id as u32);
        }
        MoverIdCounts {
            m,
            step: ID_STEP,
            counts,
        }
    }
}

/// One material's blocks in the manifest.
#[derive(Debug, Clone, Serialize)]
pub struct MaterialBlocks {
    /// `MvO`, from the side to move's view; also the folder of its blocks.
    pub material: String,
    /// The table's file name.
    pub file: String,
    /// `"source"` or `"compact"`: the table exported.
    pub format: &'static str,
    /// Cells.
    pub cells: u64,
    /// CRC-64/XZ of the cells (the table's), `0x` and 16 hex digits.
    pub cells_crc: String,
    /// Block files.
    pub blocks: u64,
}

/// `manifest.json` of a Surakarta site.
#[derive(Debug, Clone, Serialize)]
pub struct SurakartaManifest {
    /// [`FORMAT`].
    pub format: &'static str,
    /// [`VERSION`].
    pub version: u32,
    /// The folder's name.
    pub folder: String,
    /// Every material up to this many pieces is in the site.
    pub max_pieces: u32,
    /// Plies without a capture after which the 50-ply rule draws.
    pub quiet_limit: u8,
    /// The page's start position.
    pub example_position: &'static str,
    /// Cells per block.
    pub block_cells: u32,
    /// Bytes of a block file's header.
    pub block_header_len: usize,
    /// `"zlib"`.
    pub compression: &'static str,
    /// [`GAME_TAG`], the rule tag in every block header.
    pub rule_tag: u32,
    /// The materials, fewest pieces first.
    pub materials: Vec<MaterialBlocks>,
    /// The mover sets' numbering for every mover count of the materials.
    pub mover_ids: Vec<MoverIdCounts>,
}

/// The `3 n` bytes of cells `first .. first + n` of `t`: low end bytes,
/// high end bytes, rule codes.
fn planes(t: &AnyMaterialTable, first: u64, n: usize) -> Result<Vec<u8>, SiteError> {
    let mut out = vec![0u8; 3 * n];
    if let Some(s) = t.source() {
        let f = first as usize;
        let end = &s.end_bytes()[2 * f..2 * (f + n)];
        for i in 0..n {
            out[i] = end[2 * i];
            out[n + i] = end[2 * i + 1];
        }
        out[2 * n..].copy_from_slice(&s.rule_bytes()[f..f + n]);
        return Ok(out);
    }
    for i in 0..n {
        let (e, r) = t.codes(first + i as u64).map_err(TablebaseError::from)?;
        out[i] = e as u8;
        out[n + i] = (e >> 8) as u8;
        out[2 * n + i] = r;
    }
    Ok(out)
}

/// Writes every block of `t` under `dir`; returns `(blocks, bytes)`.
fn export_material(
    t: &AnyMaterialTable,
    dir: &Path,
    o: &SiteOptions,
    done: &std::sync::atomic::AtomicU64,
    total: u64,
    progress: SiteProgress,
) -> Result<(u64, u64), SiteError> {
    let h = t.header();
    let cells = h.cells;
    let bs = u64::from(o.block_size);
    let blocks = cells.div_ceil(bs);
    block_folders(dir, blocks.saturating_sub(1) >> 10)?;
    let table = BlockTable {
        cells_crc: h.cells_crc,
        rule_tag: GAME_TAG,
        size: 6,
        roles: h.material.mover << 4 | h.material.other,
        opening_plies: 0,
        format: if t.source().is_some() {
            block::SOURCE
        } else {
            block::COMPACT
        },
    };
    let bytes = (0..blocks)
        .into_par_iter()
        .map(|b| {
            let first = b * bs;
            let n = bs.min(cells - first) as usize;
            let data = planes(t, first, n)?;
            let written = write_block(dir, b, &table, &data, o.level)?;
            let now = done.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed) + n as u64;
            progress(now, total);
            Ok::<u64, SiteError>(written)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))?;
    Ok((blocks, bytes))
}

/// Writes the static site of the Surakarta tablebase folder `src` to
/// `dir`: every material's blocks, the manifest, and `assets` (the page).
/// `progress` gets the cells written and the cells of all materials.
///
/// # Errors
/// [`SiteError`]: a folder that does not open as a tablebase, a table
/// that cannot be read, `dir` a file, non-empty without `force` or inside
/// the folder, a block size out of range, a file that cannot be written.
pub fn export_surakarta_site(
    src: &Path,
    dir: &Path,
    assets: &[SiteAsset],
    o: &SiteOptions,
    progress: SiteProgress,
) -> Result<SiteReport, SiteError> {
    let target = begin(dir, &[src], o)?;
    let tb = Tablebase::open(src)?;
    let staged = target.stage()?;
    let tmp = staged.path().to_path_buf();
    let total: u64 = tb.tables().map(|t| t.header().cells).sum();
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut materials = Vec::new();
    let mut reports = Vec::new();
    for t in tb.tables() {
        let name = t.header().material.to_string();
        let (blocks, bytes) = export_material(t, &tmp.join(&name), o, &done, total, progress)?;
        let file = t.path().file_name().map_or_else(
            || t.path().display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        materials.push(MaterialBlocks {
            material: name,
            file,
            format: t.format(),
            cells: t.header().cells,
            cells_crc: format!("{:#018x}", t.header().cells_crc),
            blocks,
        });
        reports.push(TableSiteReport {
            table: t.path().display().to_string(),
            cells: t.header().cells,
            blocks,
            bytes,
        });
    }
    let folder = src.canonicalize().unwrap_or_else(|_| src.to_path_buf());
    let manifest = SurakartaManifest {
        format: FORMAT,
        version: VERSION,
        folder: folder
            .file_name()
            .map_or_else(|| src.display().to_string(), |n| n.to_string_lossy().into()),
        max_pieces: tb.max_pieces(),
        quiet_limit: QUIET_LIMIT,
        example_position: tb.example_position(),
        block_cells: o.block_size,
        block_header_len: block::HEADER_LEN,
        compression: "zlib",
        rule_tag: GAME_TAG,
        materials,
        mover_ids: (1..tb.max_pieces()).map(MoverIdCounts::of).collect(),
    };
    let json = serde_json::to_vec(&manifest).expect("manifest serialises");
    let page_bytes = write_page(&tmp, &json, assets)?;
    let page = (page_bytes, 1 + assets.len() as u64);
    finish((&target, staged, dir), o.force, reports, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts agree with the orbit numbers of the library's index:
    /// every canonical set's id is its count plus the canonical sets
    /// between its checkpoint and it.
    #[test]
    fn mover_id_counts_number_the_canonical_sets() {
        for m in 1..=4u32 {
            let c = MoverIdCounts::of(m);
            let sets = MoverSets::of(m as usize);
            assert_eq!(*c.counts.last().unwrap() as usize, sets.len());
            for id in 0..sets.len() {
                let r = rank(sets.set(id));
                let at = (r / ID_STEP) as usize;
                let between = (0..id)
                    .filter(|&j| {
                        let q = rank(sets.set(j));
                        q >= at as u64 * ID_STEP && q < r
                    })
                    .count();
                assert_eq!(c.counts[at] as usize + between, id, "m {m} id {id}");
            }
        }
    }
}

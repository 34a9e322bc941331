//! Writing a static site: block files, assets and manifest under a
//! temporary folder of the run ([`super::target`]), then one rename.

use super::block;
use super::error::SiteError;
use super::manifest::{Manifest, SiteInfo, TableBlocks, FORMAT, VERSION};
use super::target::SiteTarget;
use crate::answer::TableInfo;
use rayon::prelude::*;
use rules::ttc::Position;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use tables::any::AnyTable;
use tables::checksum::CRC64;
use tables::TableIdentity;

/// A file of the page, written at the site's root under `name` (a plain
/// file name such as `app.js`).
#[derive(Debug, Clone)]
pub struct SiteAsset {
    /// File name, no folder part.
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// How a site is cut and compressed.
#[derive(Debug, Clone, Copy)]
pub struct SiteOptions {
    /// Cells per block, 1 ..= [`MAX_BLOCK_SIZE`] (default 65,536: a view
    /// fetches a few blocks of a few kB each; see docs/explorer.md).
    pub block_size: u32,
    /// zlib level, 0 ..= 9 (default 9).
    pub level: u32,
    /// Replace a non-empty DIR (after the new site is complete).
    pub force: bool,
}

/// Largest accepted block size in cells (16 MiB).
pub const MAX_BLOCK_SIZE: u32 = 1 << 24;

impl Default for SiteOptions {
    fn default() -> SiteOptions {
        SiteOptions {
            block_size: 1 << 16,
            level: 9,
            force: false,
        }
    }
}

/// What was written for one table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TableSiteReport {
    /// The table file, as given.
    pub table: String,
    /// Cells exported (post-opening and opening).
    pub cells: u64,
    /// Block files written.
    pub blocks: u64,
    /// Bytes of those files.
    pub bytes: u64,
}

/// What [`export_site`] wrote.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SiteReport {
    /// The site folder.
    pub dir: PathBuf,
    /// Per table, main first.
    pub tables: Vec<TableSiteReport>,
    /// Bytes of the page files and the manifest.
    pub page_bytes: u64,
    /// Files written in all.
    pub files: u64,
    /// Bytes written in all.
    pub bytes: u64,
    /// What went wrong without failing the export (an old site that
    /// `force` replaced but could not remove).
    pub warnings: Vec<String>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SiteError + '_ {
    move |source| SiteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Refuses a DIR that is a file, or non-empty without `force`, or that
/// holds one of the tables.
pub(super) fn check_target(dir: &Path, tables: &[&Path], force: bool) -> Result<(), SiteError> {
    let meta = match fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io(dir)(e)),
        Ok(m) => m,
    };
    if !meta.is_dir() {
        return Err(SiteError::NotDir(dir.to_path_buf()));
    }
    let canon = fs::canonicalize(dir).map_err(io(dir))?;
    for t in tables {
        if fs::canonicalize(t).is_ok_and(|c| c.starts_with(&canon)) {
            return Err(SiteError::HoldsTable {
                dir: dir.to_path_buf(),
                table: t.to_path_buf(),
            });
        }
    }
    let empty = fs::read_dir(dir).map_err(io(dir))?.next().is_none();
    if empty || force {
        Ok(())
    } else {
        Err(SiteError::NotEmpty(dir.to_path_buf()))
    }
}

/// Writes `bytes` to `path` and syncs it.
pub(super) fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), SiteError> {
    let mut f = fs::File::create(path).map_err(io(path))?;
    f.write_all(bytes).map_err(io(path))?;
    f.sync_all().map_err(io(path))
}

/// The file of block `b` under a table's folder: `K/B.bin`, `K = B / 1024`.
pub(super) fn block_path(table_dir: &Path, b: u64) -> PathBuf {
    table_dir.join(format!("{}/{b}.bin", b >> 10))
}

/// Compresses and writes whole blocks `first..` (the last may be short)
/// in parallel; returns the bytes written.
fn write_blocks(
    dir: &Path,
    first: u64,
    cells: &[u8],
    table: &block::BlockTable,
    o: &SiteOptions,
) -> Result<u64, SiteError> {
    cells
        .par_chunks(o.block_size as usize)
        .enumerate()
        .map(|(i, c)| {
            let b = first + i as u64;
            let bytes = block::encode(b as u32, table, c, o.level);
            write_synced(&block_path(dir, b), &bytes)?;
            Ok(bytes.len() as u64)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))
}

/// What [`export_site`] reports as it goes: `(cells done, cells in
/// all)`, counted over every table of the site.
pub type SiteProgress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// Writes every block of `t` under `dir` (named `name` in the manifest);
/// `done` counts cells exported so far into `total`.
fn export_table(
    t: &AnyTable,
    dir: &Path,
    name: &str,
    o: &SiteOptions,
    (done, total, progress): (u64, u64, SiteProgress),
) -> Result<TableBlocks, SiteError> {
    let (post, opening) = t.counts();
    let bs = o.block_size as u64;
    let blocks = (post + opening).div_ceil(bs);
    for k in 0..=blocks >> 10 {
        let d = dir.join(k.to_string());
        fs::create_dir_all(&d).map_err(io(&d))?;
    }
    let crc = t.cells_crc();
    let v = t.variant();
    let format = match t {
        AnyTable::Source(_) => block::SOURCE,
        AnyTable::Compact(_) => block::COMPACT,
    };
    let named = block::BlockTable::of(TableIdentity::of(v), crc, format);
    let batch = ((64u64 << 20) / bs).max(1) * bs;
    let (mut pending, mut next, mut bytes) = (Vec::new(), 0u64, 0u64);
    let mut digest = CRC64.digest();
    t.for_each_chunk::<SiteError, _>(|_, cells| {
        digest.update(cells);
        pending.extend_from_slice(cells);
        if pending.len() as u64 >= batch {
            let whole = pending.len() as u64 / bs * bs;
            bytes += write_blocks(dir, next, &pending[..whole as usize], &named, o)?;
            pending.drain(..whole as usize);
            next += whole / bs;
            progress(done + next * bs, total);
        }
        Ok(())
    })?;
    bytes += write_blocks(dir, next, &pending, &named, o)?;
    progress(done + post + opening, total);
    let computed = digest.finalize();
    if computed != crc {
        return Err(SiteError::CellCrc {
            path: t.path().to_path_buf(),
            stored: crc,
            computed,
        });
    }
    Ok(TableBlocks {
        dir: name.to_string(),
        size: v.size(),
        roles: v.roles().map(|r| r.letter()).collect(),
        reading: v.reading().name(),
        rule_tag: v.reading().rule_tag(),
        opening_plies: v.opening_plies(),
        format: t.format(),
        post_cells: post,
        opening_cells: opening,
        cells_crc: format!("{crc:#018x}"),
        block_size: o.block_size,
        blocks,
        block_header_len: block::HEADER_LEN,
        compression: "zlib",
        bytes,
    })
}

/// Opens the main table and the compared one, checking that they share a
/// layout.
fn open_tables(main: &Path, compare: Option<&Path>) -> Result<Vec<AnyTable>, SiteError> {
    let limit = tables::bytes::IN_MEMORY_LIMIT;
    let mut out = vec![AnyTable::open_limited(main, true, limit)?];
    if let Some(c) = compare {
        let o = AnyTable::open_limited(c, true, limit)?;
        let (va, vb) = (out[0].variant(), o.variant());
        if !TableIdentity::of(va).same_layout(&TableIdentity::of(vb))
            || out[0].counts() != o.counts()
        {
            return Err(SiteError::Layout {
                main: format!("{} ({})", main.display(), va.describe()),
                other: format!("{} ({})", c.display(), vb.describe()),
            });
        }
        out.push(o);
    }
    Ok(out)
}

/// Exports `main` (and `compare`, a table of the same layout under
/// another pawn reading) as a static site in `dir`, with the page files
/// `assets` at its root. Tables of either format are read through
/// [`AnyTable`]; every cell is exported, and the CRC-64/XZ of the cells
/// read is checked against the table's header.
///
/// `progress` is called after each batch of blocks (about 64 MiB of
/// cells) with the cells done and the cells of all tables.
///
/// # Errors
/// [`SiteError`]: a missing or damaged table, two tables of different
/// layouts, `dir` a file, non-empty without `force` or holding a table,
/// a block size out of range, a file that cannot be written.
pub fn export_site(
    main: &Path,
    compare: Option<&Path>,
    dir: &Path,
    assets: &[SiteAsset],
    o: &SiteOptions,
    progress: SiteProgress,
) -> Result<SiteReport, SiteError> {
    if o.block_size == 0 || o.block_size > MAX_BLOCK_SIZE {
        return Err(SiteError::BlockSize(o.block_size, MAX_BLOCK_SIZE));
    }
    let target = SiteTarget::new(dir)?;
    let paths: Vec<&Path> = std::iter::once(main).chain(compare).collect();
    check_target(dir, &paths, o.force)?;
    let tables = open_tables(main, compare)?;
    let staged = target.stage()?;
    let tmp = staged.path().to_path_buf();
    let mut blocks = Vec::new();
    let mut reports = Vec::new();
    let per_table = tables[0].counts().0 + tables[0].counts().1;
    let total = per_table * tables.len() as u64;
    for (k, t) in tables.iter().enumerate() {
        let name = format!("t{k}");
        let at = (k as u64 * per_table, total, progress);
        let b = export_table(t, &tmp.join(&name), &name, o, at)?;
        reports.push(TableSiteReport {
            table: t.path().display().to_string(),
            cells: b.post_cells + b.opening_cells,
            blocks: b.blocks,
            bytes: b.bytes,
        });
        blocks.push(b);
    }
    let manifest = Manifest {
        format: FORMAT,
        version: VERSION,
        info: site_info(&tables),
        tables: blocks,
    };
    let json = serde_json::to_vec_pretty(&manifest).expect("manifest serialises");
    let mut page_bytes = json.len() as u64;
    write_synced(&tmp.join("manifest.json"), &json)?;
    for a in assets {
        write_synced(&tmp.join(&a.name), &a.bytes)?;
        page_bytes += a.bytes.len() as u64;
    }
    for t in &tables {
        t.check_unchanged_full()?;
    }
    let warnings = target.install(staged, o.force)?.into_iter().collect();
    let block_files: u64 = reports.iter().map(|r| r.blocks).sum();
    let block_bytes: u64 = reports.iter().map(|r| r.bytes).sum();
    Ok(SiteReport {
        dir: dir.to_path_buf(),
        tables: reports,
        page_bytes,
        files: block_files + 1 + assets.len() as u64,
        bytes: block_bytes + page_bytes,
        warnings,
    })
}

/// The `/api/info` of the site's tables, each named by its file name.
fn site_info(tables: &[AnyTable]) -> SiteInfo {
    let infos = tables
        .iter()
        .map(|t| {
            let mut i = TableInfo::of(t);
            i.path = t
                .path()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            i
        })
        .collect();
    SiteInfo {
        tables: infos,
        compare: tables.len() > 1,
        empty_position: Position::empty(tables[0].variant()).to_string(),
    }
}

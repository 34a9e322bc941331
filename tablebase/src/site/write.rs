//! What every static site is written with, whichever game's tables it
//! holds ([`super::export`] for Tic-Tac-Chec tables, [`super::surakarta`]
//! for a Surakarta folder): the options, the page files, the report, and
//! the steps around the blocks: the checks before anything is written,
//! the block files, the manifest and page files, the final rename.

use super::block::{self, BlockTable};
use super::error::SiteError;
use super::target::{OwnedDir, SiteTarget};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A file of the page, written under the site's root as `name` (a file
/// name such as `app.js`, or one folder and a file name such as
/// `surakarta/app.js`).
#[derive(Debug, Clone)]
pub struct SiteAsset {
    /// Path relative to the site's root.
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

/// What an export wrote.
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

/// What an export reports as it goes: `(cells done, cells in all)`,
/// counted over every table of the site.
pub type SiteProgress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// The checks before anything is written: a block size in range, a `dir`
/// with a name, and a `dir` that is a folder, empty unless `o.force`, and
/// holding none of `sources` (the tables or folder exported). Returns the
/// target the site is then staged for.
///
/// # Errors
/// [`SiteError::BlockSize`], [`SiteError::NoName`], [`SiteError::NotDir`],
/// [`SiteError::NotEmpty`], [`SiteError::HoldsTable`], or
/// [`SiteError::Io`] naming `dir`.
pub(super) fn begin(
    dir: &Path,
    sources: &[&Path],
    o: &SiteOptions,
) -> Result<SiteTarget, SiteError> {
    if o.block_size == 0 || o.block_size > MAX_BLOCK_SIZE {
        return Err(SiteError::BlockSize(o.block_size, MAX_BLOCK_SIZE));
    }
    let target = SiteTarget::new(dir)?;
    check_target(dir, sources, o.force)?;
    Ok(target)
}

/// Refuses a DIR that is a file, or non-empty without `force`, or that
/// holds one of the tables.
fn check_target(dir: &Path, tables: &[&Path], force: bool) -> Result<(), SiteError> {
    let meta = match fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(SiteError::io(dir)(e)),
        Ok(m) => m,
    };
    if !meta.is_dir() {
        return Err(SiteError::NotDir(dir.to_path_buf()));
    }
    let canon = fs::canonicalize(dir).map_err(SiteError::io(dir))?;
    for t in tables {
        if fs::canonicalize(t).is_ok_and(|c| c.starts_with(&canon)) {
            return Err(SiteError::HoldsTable {
                dir: dir.to_path_buf(),
                table: t.to_path_buf(),
            });
        }
    }
    let empty = fs::read_dir(dir)
        .map_err(SiteError::io(dir))?
        .next()
        .is_none();
    if empty || force {
        Ok(())
    } else {
        Err(SiteError::NotEmpty(dir.to_path_buf()))
    }
}

/// Writes `bytes` to `path` and syncs it.
fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), SiteError> {
    let mut f = fs::File::create(path).map_err(SiteError::io(path))?;
    f.write_all(bytes).map_err(SiteError::io(path))?;
    f.sync_all().map_err(SiteError::io(path))
}

/// Makes the folders `table_dir/0` ..= `table_dir/last` that hold a
/// table's blocks (block `B` lies in folder `B / 1024`).
///
/// # Errors
/// [`SiteError::Io`] naming the folder.
pub(super) fn block_folders(table_dir: &Path, last: u64) -> Result<(), SiteError> {
    for k in 0..=last {
        let d = table_dir.join(k.to_string());
        fs::create_dir_all(&d).map_err(SiteError::io(&d))?;
    }
    Ok(())
}

/// Compresses `cells` (zlib `level`) as block `b` of `table` and writes
/// it, synced, to its file `table_dir/K/B.bin` (`K = B / 1024`, a folder
/// [`block_folders`] made); returns the bytes written.
///
/// # Errors
/// [`SiteError::Io`] naming the file.
pub(super) fn write_block(
    table_dir: &Path,
    b: u64,
    table: &BlockTable,
    cells: &[u8],
    level: u32,
) -> Result<u64, SiteError> {
    let bytes = block::encode(b as u32, table, cells, level);
    let path = table_dir.join(format!("{}/{b}.bin", b >> 10));
    write_synced(&path, &bytes)?;
    Ok(bytes.len() as u64)
}

/// Writes `manifest` as `manifest.json` and the page files `assets`
/// (making the folder a name holds) under the staged folder `tmp`, each
/// synced; returns their bytes.
///
/// # Errors
/// [`SiteError::Io`] naming the file or folder.
pub(super) fn write_page(
    tmp: &Path,
    manifest: &[u8],
    assets: &[SiteAsset],
) -> Result<u64, SiteError> {
    write_synced(&tmp.join("manifest.json"), manifest)?;
    let mut bytes = manifest.len() as u64;
    for a in assets {
        let path = tmp.join(&a.name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(SiteError::io(parent))?;
        }
        write_synced(&path, &a.bytes)?;
        bytes += a.bytes.len() as u64;
    }
    Ok(bytes)
}

/// Renames the finished site `staged` into place as `dir`
/// ([`SiteTarget::install`]) and reports it: `tables` the blocks of each
/// table, `page_bytes` and `page_files` the manifest and the page files
/// ([`write_page`]'s).
///
/// # Errors
/// [`SiteError::Io`] or [`SiteError::NotEmpty`] from the rename.
pub(super) fn finish(
    (target, staged, dir): (&SiteTarget, OwnedDir, &Path),
    force: bool,
    tables: Vec<TableSiteReport>,
    (page_bytes, page_files): (u64, u64),
) -> Result<SiteReport, SiteError> {
    let warnings = target.install(staged, force)?.into_iter().collect();
    let block_files: u64 = tables.iter().map(|r| r.blocks).sum();
    let block_bytes: u64 = tables.iter().map(|r| r.bytes).sum();
    Ok(SiteReport {
        dir: dir.to_path_buf(),
        tables,
        page_bytes,
        files: block_files + page_files,
        bytes: block_bytes + page_bytes,
        warnings,
    })
}

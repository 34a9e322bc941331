//! Writing the static site of a Tic-Tac-Chec table (and a compared
//! one): block files, assets and manifest under a temporary folder of the
//! run ([`super::target`]), then one rename ([`super::write`]).

use super::block;
use super::error::SiteError;
use super::manifest::{Manifest, SiteInfo, TableBlocks, FORMAT, VERSION};
use super::write::{begin, block_folders, finish, write_block, write_page};
use super::write::{SiteAsset, SiteOptions, SiteProgress, SiteReport, TableSiteReport};
use crate::answer::TableInfo;
use rayon::prelude::*;
use rules::ttc::Position;
use std::path::Path;
use tables::any::AnyTable;
use tables::checksum::CRC64;
use tables::TableIdentity;

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
        .map(|(i, c)| write_block(dir, first + i as u64, table, c, o.level))
        .try_reduce(|| 0, |a, b| Ok(a + b))
}

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
    block_folders(dir, blocks >> 10)?;
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
    let paths: Vec<&Path> = std::iter::once(main).chain(compare).collect();
    let target = begin(dir, &paths, o)?;
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
    let page_bytes = write_page(&tmp, &json, assets)?;
    for t in &tables {
        t.check_unchanged_full()?;
    }
    let page = (page_bytes, 1 + assets.len() as u64);
    finish((&target, staged, dir), o.force, reports, page)
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

//! Packing a source table into a compact table: zstd blocks written in
//! parallel under a temporary name, checked cell by cell against the
//! source, then renamed with their SHA-256 sidecar.

use crate::block_index::BlockIndex;
use crate::checksum::{block_crc, CRC64};
use crate::compact::CompactTable;
use crate::compact_header::{
    CompactHeader, DEFAULT_BLOCK_SIZE, DEFAULT_LEVEL, FORMAT_VERSION, HEADER_LEN, INDEX_ENTRY_LEN,
    MAX_BLOCK_SIZE, UNFOLDED_VERSION,
};
use crate::error::{compact_io, CompactError};
use crate::file::Table;
use crate::fold_layout::FoldLayout;
use crate::fsutil::tmp_path;
use crate::section::Section;
use crate::sidecar::{place_sidecar, remove_sidecar, sha256_file, sha256_path, stage_sidecar};
use crate::source_header::HEADER_LEN as SOURCE_HEADER_LEN;
use rayon::prelude::*;
use std::borrow::Cow;
use std::fs::{self, File};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Options of [`pack`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackOptions {
    /// Cells per block, 1 ..= [`MAX_BLOCK_SIZE`].
    pub block_size: u32,
    /// zstd level, 1 ..= 22.
    pub level: i32,
    /// Worker threads (default: the current rayon pool).
    pub threads: Option<usize>,
    /// Decompress the new file and compare every cell with the source
    /// before it is renamed into place (default on).
    pub check: bool,
    /// Store one post-opening block of each left-right mirror pair
    /// (format version 3, about half the size; default on), or every cell
    /// (format version 2, which older builds read).
    pub fold: bool,
}

impl Default for PackOptions {
    fn default() -> Self {
        PackOptions {
            block_size: DEFAULT_BLOCK_SIZE,
            level: DEFAULT_LEVEL,
            threads: None,
            check: true,
            fold: true,
        }
    }
}

/// What [`pack`] wrote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PackReport {
    /// Output path.
    pub path: String,
    /// Cells packed (both sections).
    pub cells: u64,
    /// Source file length in bytes.
    pub source_bytes: u64,
    /// Compact file length in bytes (header + index + data).
    pub compact_bytes: u64,
    /// Compact format version written: 3 mirror-folded, 2 every cell.
    pub format_version: u32,
    /// Cells stored in the blocks: all of them (format 2), or one
    /// post-opening block of each mirror pair plus the opening (format 3).
    pub stored_cells: u64,
    /// Blocks written.
    pub blocks: u64,
    /// Cells per block.
    pub block_size: u32,
    /// zstd level.
    pub level: i32,
    /// CRC-64/XZ of the cells (the source's).
    pub cells_crc: u64,
    /// SHA-256 of the compact file (also in the sidecar).
    pub sha256: String,
    /// Cells found identical to the source before the rename (`None`
    /// when the check was turned off).
    pub identical_cells: Option<u64>,
}

/// Writes the compact form of `source` to `out`: blocks compressed in
/// parallel, each decompressed again and compared before it is written,
/// under `OUT.tmp` with its sidecar `OUT.sha256.tmp`; then the new file is
/// checked cell by cell against the source (unless `opts.check` is off),
/// synced, and both are renamed into place. On any failure the temporary
/// files are removed and an existing `OUT` is left as it was. The output
/// path is locked for the run; a source holding the invalid code 254 is
/// refused, and so is an `OUT` that would overwrite the source or its
/// sidecar.
/// `progress(n)` is called with the number of cells just packed (stored
/// cells: [`stored_cells`] in all).
///
/// # Errors
/// [`CompactError::Options`] for a bad block size or level,
/// [`CompactError::Io`] on write errors.
pub fn pack(
    source: &Table,
    out: &Path,
    opts: &PackOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PackReport, CompactError> {
    if opts.block_size == 0 || opts.block_size > MAX_BLOCK_SIZE {
        return Err(CompactError::Options(format!(
            "block size {} is outside 1..={MAX_BLOCK_SIZE}",
            opts.block_size
        )));
    }
    let levels = zstd::compression_level_range();
    if !levels.contains(&opts.level) || opts.level < 1 {
        return Err(CompactError::Options(format!(
            "zstd level {} is outside 1..={}",
            opts.level,
            levels.end()
        )));
    }
    let pool = match opts.threads {
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .build()
                .map_err(|e| CompactError::Options(format!("thread pool: {e}")))?,
        ),
        None => None,
    };
    let run = || pack_inner(source, out, opts, progress);
    match pool {
        Some(p) => p.install(run),
        None => run(),
    }
}

/// The number of cells [`pack`] stores for `source` with `opts` (what
/// its `progress` calls add up to): every cell, or with `opts.fold` the
/// stored post-opening blocks and the opening.
pub fn stored_cells(source: &Table, opts: &PackOptions) -> u64 {
    let sh = source.header();
    if opts.fold {
        crate::Index::folded_size_of(sh.variant) + sh.opening
    } else {
        sh.post + sh.opening
    }
}

/// Refuses an output path that would overwrite the source table, its
/// sidecar or its temporary file, or whose own sidecar or temporary name
/// is one of those.
fn check_out_path(source: &Table, out: &Path) -> Result<(), CompactError> {
    let canon = |p: &Path| -> PathBuf {
        match (p.parent(), p.file_name()) {
            (Some(d), Some(n)) => {
                let d = if d.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    d
                };
                fs::canonicalize(d).map_or_else(|_| p.to_path_buf(), |d| d.join(n))
            }
            _ => p.to_path_buf(),
        }
    };
    let src = source.path();
    let protected = [canon(src), canon(&sha256_path(src)), canon(&tmp_path(src))];
    for written in [
        out.to_path_buf(),
        sha256_path(out),
        tmp_path(out),
        tmp_path(&sha256_path(out)),
    ] {
        if protected.contains(&canon(&written)) {
            return Err(CompactError::Options(format!(
                "{} would overwrite {} (the source table or its sidecar); give another OUT",
                out.display(),
                written.display()
            )));
        }
    }
    Ok(())
}

/// The first cell of `cells` holding the invalid code (254), which a
/// finished table never holds, as (section, index).
fn first_invalid(cells: &[u8], post: u64) -> Option<(Section, u64)> {
    let at = cells
        .par_chunks(1 << 20)
        .enumerate()
        .find_map_first(|(c, chunk)| {
            chunk
                .iter()
                .position(|&v| v == crate::code::INVALID)
                .map(|k| (c << 20) as u64 + k as u64)
        })?;
    Some(if at < post {
        (Section::Post, at)
    } else {
        (Section::Opening, at - post)
    })
}

fn pack_inner(
    source: &Table,
    out: &Path,
    opts: &PackOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PackReport, CompactError> {
    check_out_path(source, out)?;
    let _lock = crate::fsutil::OutputLock::acquire(out)?;
    let sh = *source.header();
    if let Some((section, index)) = first_invalid(&source.bytes()[SOURCE_HEADER_LEN..], sh.post) {
        return Err(CompactError::Layout {
            path: source.path().to_path_buf(),
            what: format!(
                "{} cell {index} holds the invalid code 254, which a finished table never holds; \
                 `ttc verify` refuses this table",
                section.name()
            ),
        });
    }
    if opts.fold {
        check_symmetric(source)?;
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::fsutil::create_dirs(dir)?;
    }
    let tmp = tmp_path(out);
    let side_tmp = tmp_path(&sha256_path(out));
    let r = write_and_check(source, out, &tmp, opts, progress);
    if r.is_err() {
        // Leave nothing half-written behind; OUT itself is untouched.
        let _ = fs::remove_file(&tmp);
        let _ = fs::remove_file(&side_tmp);
    }
    let (header, sha256, identical_cells) = r?;
    let cells = sh.post + sh.opening;
    Ok(PackReport {
        path: out.display().to_string(),
        cells,
        source_bytes: source.bytes().len() as u64,
        compact_bytes: header.file_len(),
        format_version: header.version,
        stored_cells: header.stored_cells(),
        blocks: header.blocks,
        block_size: opts.block_size,
        level: opts.level,
        cells_crc: sh.cells_crc,
        sha256,
        identical_cells,
    })
}

/// Writes `OUT.tmp` and `OUT.sha256.tmp`, checks the new file (its
/// digest and, unless `opts.check` is off, every cell against the source),
/// then renames both into place. Returns the header, the SHA-256 and the
/// number of cells compared.
fn write_and_check(
    source: &Table,
    out: &Path,
    tmp: &Path,
    opts: &PackOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(CompactHeader, String, Option<u64>), CompactError> {
    let header = write_blocks(source, tmp, opts, progress)?;
    let sha256 = sha256_file(tmp)?;
    stage_sidecar(out, &sha256)?;
    let identical = if opts.check {
        let c = CompactTable::open(tmp)?;
        Some(c.compare(source)?)
    } else {
        None
    };
    // The sidecar of a file `out` replaces goes first: a run stopped
    // between the two renames leaves no file beside another's sidecar.
    remove_sidecar(out)?;
    fs::rename(tmp, out).map_err(compact_io(out))?;
    // Also syncs the folder, for both renames.
    place_sidecar(out)?;
    Ok((header, sha256, identical))
}

/// Compresses every block of `source` into `tmp` (header and index
/// written last) and syncs it. Returns the header written.
fn write_blocks(
    source: &Table,
    tmp: &Path,
    opts: &PackOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<CompactHeader, CompactError> {
    let sh = *source.header();
    let cells = &source.bytes()[SOURCE_HEADER_LEN..];
    let bs = opts.block_size as usize;
    let stored = StoredStream::new(sh.variant, sh.post, sh.opening, opts.fold);
    let blocks = stored.len.div_ceil(bs as u64);
    let f = File::create(tmp).map_err(compact_io(tmp))?;
    let mut w = BufWriter::with_capacity(1 << 20, f);
    let data_offset = HEADER_LEN as u64 + blocks * INDEX_ENTRY_LEN as u64;
    // Placeholder header and index, rewritten at the end.
    w.write_all(&vec![0u8; data_offset as usize])
        .map_err(compact_io(tmp))?;
    let mut index: Vec<(u64, u64)> = Vec::with_capacity(blocks as usize);
    let version = if opts.fold {
        FORMAT_VERSION
    } else {
        UNFOLDED_VERSION
    };
    let mut data_len = 0u64;
    let batch = ((32usize << 20) / bs).max(rayon::current_num_threads()) as u64;
    let mut b = 0u64;
    while b < blocks {
        let end = (b + batch).min(blocks);
        for (i, r) in (b..end).zip(compress_batch(cells, &stored, bs, opts.level, b..end)) {
            let z = r.map_err(|e| CompactError::Io {
                path: tmp.to_path_buf(),
                source: std::io::Error::other(e),
            })?;
            index.push((data_len, block_crc(version, i, &z)));
            data_len += z.len() as u64;
            w.write_all(&z).map_err(compact_io(tmp))?;
            let s = i * bs as u64;
            progress((stored.len - s).min(bs as u64));
        }
        b = end;
    }
    let ibytes = BlockIndex::from_entries(index, data_len).to_bytes();
    let header = CompactHeader {
        variant: sh.variant,
        version,
        post: sh.post,
        opening: sh.opening,
        cells_crc: sh.cells_crc,
        block_size: opts.block_size,
        level: opts.level,
        blocks,
        data_len,
        index_crc: CRC64.checksum(&ibytes),
    };
    let mut f = w.into_inner().map_err(|e| CompactError::Io {
        path: tmp.to_path_buf(),
        source: e.into_error(),
    })?;
    f.seek(SeekFrom::Start(0)).map_err(compact_io(tmp))?;
    f.write_all(&header.to_bytes()).map_err(compact_io(tmp))?;
    f.write_all(&ibytes).map_err(compact_io(tmp))?;
    f.sync_all().map_err(compact_io(tmp))?;
    Ok(header)
}

/// Compresses blocks `range` of `cells` in parallel, each decompressed
/// again and compared with its cells.
fn compress_batch(
    cells: &[u8],
    stored: &StoredStream,
    bs: usize,
    level: i32,
    range: std::ops::Range<u64>,
) -> Vec<Result<Vec<u8>, String>> {
    range
        .into_par_iter()
        .map_init(
            || {
                (
                    zstd::bulk::Compressor::new(level),
                    zstd::bulk::Decompressor::new(),
                    vec![0u8; bs],
                )
            },
            |(cctx, dctx, check), i| {
                let cctx = cctx.as_mut().map_err(|e| format!("zstd context: {e}"))?;
                let dctx = dctx.as_mut().map_err(|e| format!("zstd context: {e}"))?;
                let raw = stored.block(cells, i * bs as u64, bs as u64);
                let raw = &raw[..];
                let z = cctx
                    .compress(raw)
                    .map_err(|e| format!("zstd, block {i}: {e}"))?;
                let check = &mut check[..raw.len()];
                let n = dctx
                    .decompress_to_buffer(&z, check)
                    .map_err(|e| format!("zstd round trip, block {i}: {e}"))?;
                if n != raw.len() || check != raw {
                    return Err(format!("zstd round trip of block {i} is not exact"));
                }
                Ok(z)
            },
        )
        .collect()
}

/// The cells a compact table stores, as runs of the source's cell stream
/// in stored order: every cell, or (folded) the stored post-opening blocks
/// ([`FoldLayout::stored_runs`]) then the opening section.
struct StoredStream {
    /// `(stored position, source position, length)`, consecutive.
    runs: Vec<(u64, u64, u64)>,
    /// Stored cells in all.
    len: u64,
}

impl StoredStream {
    fn new(variant: rules::ttc::Variant, post: u64, opening: u64, fold: bool) -> StoredStream {
        let mut source_runs = if fold {
            FoldLayout::new(variant).stored_runs()
        } else {
            vec![(0, post)]
        };
        source_runs.push((post, opening));
        let mut runs = Vec::with_capacity(source_runs.len());
        let mut at = 0u64;
        for (first, len) in source_runs.into_iter().filter(|r| r.1 > 0) {
            runs.push((at, first, len));
            at += len;
        }
        StoredStream { runs, len: at }
    }

    /// The stored cells `start .. start + bs` (fewer at the end), taken
    /// from the source cells `cells`: borrowed when they lie in one run.
    fn block<'a>(&self, cells: &'a [u8], start: u64, bs: u64) -> Cow<'a, [u8]> {
        let end = (start + bs).min(self.len);
        let mut k = self.runs.partition_point(|r| r.0 + r.2 <= start);
        let (at, first, len) = self.runs[k];
        if end <= at + len {
            let s = (first + start - at) as usize;
            return Cow::Borrowed(&cells[s..s + (end - start) as usize]);
        }
        let mut out = Vec::with_capacity((end - start) as usize);
        let mut pos = start;
        while pos < end {
            let (at, first, len) = self.runs[k];
            let take = (at + len).min(end) - pos;
            let s = (first + pos - at) as usize;
            out.extend_from_slice(&cells[s..s + take as usize]);
            pos += take;
            k += 1;
        }
        Cow::Owned(out)
    }
}

/// Refuses a source table whose post-opening cells are not left-right
/// symmetric: every solved table is, so one that is not is damaged, and a
/// block that is not stored must equal its mirror block cell by cell or
/// the folded table would not be lossless. Blocks that are their own
/// mirror image are stored whole but checked too, so that every format-3
/// table is of a symmetric source. Checked block by block in parallel
/// ([`crate::mirror::BlockMirror::lowest_difference`]).
///
/// # Errors
/// [`CompactError::Layout`] naming the differing pair whose lower cell is
/// lowest: that cell, its code, its mirror image's cell and code.
fn check_symmetric(source: &Table) -> Result<(), CompactError> {
    let idx = crate::Index::shared(source.header().variant);
    let cells = &source.bytes()[SOURCE_HEADER_LEN..];
    let block = |u: usize| {
        let (s, l) = (idx.block_base(u) as usize, idx.block_len(u) as usize);
        &cells[s..s + l]
    };
    // A pair of cells (lower, higher); each pair is met from the block of
    // its higher cell, or twice within a block that is its own mirror.
    let lowest = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .filter(|&u| idx.mirror_id(u) <= u)
        .filter_map(|u| {
            let m = idx.mirror_id(u);
            let (i, j) = idx
                .block_mirror(u)
                .lowest_difference(&idx, block(u), block(m))?;
            let (a, b) = (idx.block_base(m) + i, idx.block_base(u) + j);
            Some((a.min(b), a.max(b)))
        })
        .min();
    match lowest {
        None => Ok(()),
        Some((cell, image)) => Err(CompactError::Layout {
            path: source.path().to_path_buf(),
            what: format!(
                "post-opening cell {cell} holds code {} but its left-right mirror image, cell \
                 {image}, holds {}: a solved table is mirror-symmetric, so this one is damaged \
                 (`ttc audit` names the cause; `ttc pack --unfolded` packs it as it is)",
                cells[cell as usize], cells[image as usize]
            ),
        }),
    }
}

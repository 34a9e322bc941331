//! The compact table: the cells of a source table ([`crate::file`]) cut
//! into fixed-size blocks, each compressed on its own with zstd, plus a
//! block index, so one cell is read by decompressing one block.
//!
//! # File layout (all integers little-endian)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `TTCCPACK` |
//! | 8 | 4 | format version, [`FORMAT_VERSION`](crate::compact_header::FORMAT_VERSION) |
//! | 12 | 4 | rule tag (as in [`crate::file`]) |
//! | 16 | 1 | board size (3 or 4) |
//! | 17 | 1 | role mask (bit 0 pawn, 1 knight, 2 bishop, 3 rook) |
//! | 18 | 1 | opening plies (placement-only lock) |
//! | 19 | 1 | reserved, zero (a compact table is always of a complete solve) |
//! | 20 | 4 | header length = 128 |
//! | 24 | 8 | post-opening cell count |
//! | 32 | 8 | opening cell count |
//! | 40 | 8 | CRC-64/XZ of all *uncompressed* cells (post-opening then opening): the source table's value |
//! | 48 | 4 | block size `B` in cells (1 ..= [`MAX_BLOCK_SIZE`](crate::compact_header::MAX_BLOCK_SIZE)) |
//! | 52 | 4 | zstd level used (signed; 1 ..= zstd's maximum, checked; informational) |
//! | 56 | 8 | block count = ceil((post + opening) / B) |
//! | 64 | 8 | compressed data length `D` in bytes |
//! | 72 | 8 | CRC-64/XZ of the block index bytes |
//! | 80 | 8 | CRC-64/XZ of header bytes 0..80 |
//! | 88 | 40 | reserved, zero |
//!
//! The block index follows at offset 128: one 16-byte entry per block,
//! `(u64 offset of the block's first compressed byte, counted from the start
//! of the data; u64 CRC-64/XZ of the block number (u64 LE) followed by the
//! block's compressed bytes)` (see [`block_crc`](crate::checksum::block_crc); format version 1, still
//! read, has the CRC of the compressed bytes alone). Offsets
//! start at 0 and never decrease; block `i` ends where block `i + 1`
//! starts, the last one at `D`. The data (`D` bytes) follows the index, and
//! the file ends there.
//!
//! The cells form one stream, post-opening cells in [`crate::Index`] order
//! then opening cells in [`crate::OpeningIndex`] order, exactly as in the
//! source file; block `i` holds stream cells `i*B .. min((i+1)*B, total)`
//! as one zstd frame (so a block may straddle the section boundary).
//!
//! # Integrity
//!
//! [`CompactTable::open`] checks the header (magic, version, header CRC,
//! rules, counts against the index of the stated variant, block geometry),
//! the file length, the index CRC and the index offsets: cheap (the index is
//! about 0.6 MB for the 4x4 table), so a probe starts fast. Every block's
//! compressed bytes are checked against their CRC before they are
//! decompressed, and the decompressed length against the block size, so a
//! damaged block is refused before any of its cells is used.
//! [`CompactTable::verify`] decompresses everything and checks the CRC of
//! all cells against the header.
//!
//! Files are written under `NAME.tmp`, synced and renamed, with a
//! `NAME.sha256` sidecar, as source tables are.

use crate::block::Block;
use crate::block_cache::BlockCache;
use crate::block_index::BlockIndex;
use crate::bytes::TableBytes;
use crate::checksum::CRC64;
use crate::compact_header::{CompactHeader, CACHE_BYTES, HEADER_LEN};
use crate::error::{compact_io, CompactError};
use crate::file::Table;
use crate::fold_layout::{FoldLayout, Place};
use crate::last_block;
use crate::section::Section;
use crate::unfold::{for_each_unfolded, Stored};
use rayon::prelude::*;
use rules::ttc::Variant;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Cache keys of rebuilt runs of blocks that are not stored
/// ([`CompactTable::get`]): apart from the compressed blocks' numbers.
const MIRRORED_RUN: u64 = 1 << 63;

/// Counters of [`CompactTable::verify`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CompactVerify {
    /// Cells checked (both sections).
    pub cells: u64,
    /// Blocks decompressed.
    pub blocks: u64,
    /// CRC-64/XZ of all cells (equal to the header's).
    pub cells_crc: u64,
    /// Cells holding the invalid code 254.
    pub invalid_cells: u64,
}

thread_local! {
    /// Each thread's zstd decompression context, made on first use.
    static DCTX: RefCell<Option<zstd::bulk::Decompressor<'static>>> =
        const { RefCell::new(None) };
}

/// A compact table, memory-mapped read-only (or given in memory), header
/// and index checked.
///
/// Cell reads ([`CompactTable::get`], [`CompactTable::get_many`]) are
/// thread-safe; decompressed blocks are kept in a sharded LRU cache
/// ([`BlockCache`], [`CACHE_BYTES`] by default, see
/// [`CompactTable::set_cache_bytes`]); blocks are decompressed outside its
/// locks, with one zstd context per thread.
pub struct CompactTable {
    path: PathBuf,
    header: CompactHeader,
    /// Where the post-opening cells are stored, for a mirror-folded table
    /// (format version 3).
    fold: Option<FoldLayout>,
    /// Cells stored in the blocks ([`CompactHeader::stored_cells`]).
    stored: u64,
    map: TableBytes,
    /// Offsets and checksums of the blocks.
    index: BlockIndex,
    cache: BlockCache,
    /// This table's identity for each thread's last block read.
    id: u64,
}

impl Drop for CompactTable {
    /// This thread forgets the table's blocks it remembers
    /// (`tables/src/last_block.rs`).
    fn drop(&mut self) {
        last_block::forget(self.id);
    }
}

impl std::fmt::Debug for CompactTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompactTable")
            .field("path", &self.path)
            .field("header", &self.header)
            .finish()
    }
}

impl CompactTable {
    /// Opens a compact table and checks header, file length, index CRC
    /// and index offsets (not the blocks: each is checked when first
    /// decompressed, all of them by [`CompactTable::verify`]); the checks
    /// of [`CompactTable::from_bytes`], on the file's mapping.
    ///
    /// # Errors
    /// [`CompactError`] naming the file and the problem.
    pub fn open(path: &Path) -> Result<CompactTable, CompactError> {
        CompactTable::checked(path, TableBytes::open(path, 0)?)
    }

    /// The compact table of `bytes` read from `path`
    /// ([`TableBytes::open`]), checked as [`CompactTable::open`] checks it.
    ///
    /// # Errors
    /// As [`CompactTable::open`].
    pub fn from_table_bytes(path: &Path, bytes: TableBytes) -> Result<CompactTable, CompactError> {
        CompactTable::checked(path, bytes)
    }

    /// Refuses the table once its file changed since it was opened
    /// ([`crate::guard::FileGuard::check`]); call it before reading cells.
    /// A table given in memory always passes.
    ///
    /// # Errors
    /// [`TableError::Changed`](crate::error::TableError::Changed) naming the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), crate::error::TableError> {
        self.map.check_unchanged()
    }

    /// The guard of the table's file (`None` for a table given in
    /// memory).
    pub fn guard(&self) -> Option<&crate::guard::FileGuard> {
        self.map.guard()
    }

    /// Whether the blocks are read from a mapping of the file, which
    /// faults if the file is shortened (not a copy in memory).
    pub fn is_mapped(&self) -> bool {
        self.map.is_mapped()
    }

    /// Checks a whole compact table held in memory exactly as
    /// [`CompactTable::open`] checks a file; `path` names it in errors.
    ///
    /// # Errors
    /// As [`CompactTable::open`], minus the file system's errors.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<CompactTable, CompactError> {
        CompactTable::checked(path, bytes.into())
    }

    /// The compact table of the whole file `map`: header, length and
    /// block index checked.
    fn checked(path: &Path, map: TableBytes) -> Result<CompactTable, CompactError> {
        let head = &map[..HEADER_LEN.min(map.len())];
        let header = CompactHeader::parse(head, map.len() as u64, path)?;
        // The header's length check puts the whole index inside `map`.
        let ibytes = &map[HEADER_LEN..header.data_offset() as usize];
        let index = BlockIndex::parse(ibytes, &header, path)?;
        let fold = header.folded().then(|| FoldLayout::new(header.variant));
        Ok(CompactTable {
            path: path.to_path_buf(),
            cache: BlockCache::new(cache_blocks(CACHE_BYTES, header.block_size)),
            stored: header.stored_cells(),
            fold,
            header,
            map,
            index,
            id: last_block::table_id(),
        })
    }

    /// The decoded header.
    pub fn header(&self) -> &CompactHeader {
        &self.header
    }
    /// Rule set.
    pub fn variant(&self) -> Variant {
        self.header.variant
    }
    /// File path.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// Number of blocks.
    pub fn blocks(&self) -> u64 {
        self.header.blocks
    }
    /// File length in bytes.
    pub fn file_len(&self) -> u64 {
        self.map.len() as u64
    }

    /// Whether the post-opening section is stored mirror-folded (format
    /// version 3: one block of each mirror pair, see
    /// [`crate::fold_layout`]).
    pub fn folded(&self) -> bool {
        self.fold.is_some()
    }

    /// Stored cells `(first, len)` of block `b`.
    fn block_cells(&self, b: u64) -> (u64, usize) {
        let bs = self.header.block_size as u64;
        let first = b * bs;
        (first, (self.stored - first).min(bs) as usize)
    }

    /// Block `b` (below the block count) as stored.
    fn stored_block(&self, b: u64) -> Block<'_> {
        let (range, crc) = self.index.block(b).expect("a block of the index");
        let base = self.header.data_offset();
        let (s, e) = ((base + range.start) as usize, (base + range.end) as usize);
        Block {
            number: b,
            offset: s as u64,
            bytes: &self.map[s..e],
            crc,
            version: self.header.version,
        }
    }

    /// Checks and decompresses block `b` (below the block count) into
    /// `out` (exactly the block's cell count long), with this thread's
    /// zstd context.
    fn decompress_block(&self, b: u64, out: &mut [u8]) -> Result<(), CompactError> {
        DCTX.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.is_none() {
                *slot = Some(zstd::bulk::Decompressor::new().map_err(compact_io(&self.path))?);
            }
            let dctx = slot.as_mut().expect("made above");
            self.stored_block(b).decode(&self.path, dctx, out)
        })
    }

    /// Block `b` decompressed into a new buffer (the cache is not used).
    fn fresh_block(&self, b: u64) -> Result<Arc<[u8]>, CompactError> {
        let (_, len) = self.block_cells(b);
        let mut buf = vec![0u8; len];
        self.decompress_block(b, &mut buf)?;
        Ok(Arc::from(buf))
    }

    /// Checks every block's checksum (in parallel on the current rayon
    /// pool) without decompressing any.
    ///
    /// # Errors
    /// [`CompactError::Block`] for the first block, in block order, whose
    /// checksum does not match the block index.
    fn check_block_crcs(&self) -> Result<(), CompactError> {
        let first_bad = (0..self.header.blocks)
            .into_par_iter()
            .find_first(|&b| self.stored_block(b).check(&self.path).is_err());
        match first_bad {
            Some(b) => self.stored_block(b).check(&self.path),
            None => Ok(()),
        }
    }

    /// The decompressed cells of block `b` (through the cache).
    ///
    /// # Errors
    /// [`CompactError::Block`] if the block is damaged.
    pub fn block(&self, b: u64) -> Result<Arc<[u8]>, CompactError> {
        if let Some(cells) = self.cache.get(b) {
            return Ok(cells);
        }
        let cells = self.fresh_block(b)?;
        self.cache.insert(b, cells.clone());
        Ok(cells)
    }

    /// Replaces the block cache by an empty one of about `bytes` of
    /// decompressed cells (at least one block; [`CACHE_BYTES`] by
    /// default). Each cached block costs one block size of memory.
    pub fn set_cache_bytes(&mut self, bytes: usize) {
        self.cache = BlockCache::new(cache_blocks(bytes, self.header.block_size));
    }

    /// Blocks the cache holds at most.
    pub fn cache_blocks(&self) -> usize {
        self.cache.capacity()
    }

    /// The cell `index` of `section`: one block decompression when cold,
    /// a cache lookup when warm.
    ///
    /// # Errors
    /// [`CompactError::OutOfRange`] for an index past the section,
    /// [`CompactError::Block`] for a damaged block.
    pub fn get(&self, section: Section, index: u64) -> Result<u8, CompactError> {
        let bs = self.header.block_size as u64;
        let stored = |cell: u64| (cell / bs, (cell % bs) as usize, None);
        let (key, at, run) = match (&self.fold, section) {
            (Some(fold), Section::Post) if index < self.header.post => match fold.place(index) {
                Place::Stored(cell) => stored(cell),
                Place::Mirrored { block, run, offset } => (
                    // Block ids (mover configurations) are below 2^32 and
                    // runs below 2^8: the key is below 2^40 apart from bit
                    // 63, which no compressed block's number has.
                    MIRRORED_RUN | (block as u64) << 8 | u64::from(run),
                    offset as usize,
                    Some((fold, block, run)),
                ),
            },
            _ => stored(self.stream_position(section, index)?),
        };
        if let Some(code) = last_block::cell(self.id, key, at) {
            return Ok(code);
        }
        let cells = match run {
            Some((fold, block, run)) => match self.mirrored_run(fold, key, block, run) {
                Ok(cells) => cells,
                // A damaged block among the run's images: the cell is read
                // at its own image alone, refused only if that block is the
                // damaged one (as `get_many` reads it).
                Err(_) => {
                    let cell = fold.stored_position(index);
                    return Ok(self.block(cell / bs)?[(cell % bs) as usize]);
                }
            },
            None => self.block(key)?,
        };
        let code = cells[at];
        if cells.len() <= last_block::MAX_CELLS {
            last_block::remember(self.id, key, cells);
        }
        Ok(code)
    }

    /// The cells of run `run` of block `u` (cache key `key`), a block a
    /// folded table does not store ([`FoldLayout::mirrored_run`]), through
    /// the cache: a warm probe of such a cell costs one cache lookup, as a
    /// stored cell does, instead of its mirror image's rank. A run is at
    /// most a few thousand cells (3,406 on 4x4), rebuilt in a few
    /// microseconds from the stored blocks its images lie in (usually one).
    fn mirrored_run(
        &self,
        fold: &FoldLayout,
        key: u64,
        u: usize,
        run: u32,
    ) -> Result<Arc<[u8]>, CompactError> {
        if let Some(cells) = self.cache.get(key) {
            return Ok(cells);
        }
        let cells = fold.mirrored_run(u, run, |start, len| self.read_stored(start, len))?;
        self.cache.insert(key, cells.clone());
        Ok(cells)
    }

    /// The `len` stored cells from stream position `start` on, through
    /// the cache, as `(cells, offset)`: the cached block and the offset in
    /// it when they lie in one block, else a copy and 0.
    fn read_stored(&self, start: u64, len: usize) -> Result<(Arc<[u8]>, usize), CompactError> {
        let bs = self.header.block_size as u64;
        let from = (start % bs) as usize;
        let first = self.block(start / bs)?;
        if from + len <= first.len() {
            return Ok((first, from));
        }
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(&first[from..]);
        while out.len() < len {
            let block = self.block((start + out.len() as u64) / bs)?;
            let n = block.len().min(len - out.len());
            out.extend_from_slice(&block[..n]);
        }
        Ok((out.into(), 0))
    }

    /// The stored position of cell `index` of `section`: its stream
    /// position, or in a folded table the position where it (or, in a
    /// block that is not stored, its mirror image) is stored.
    ///
    /// # Errors
    /// [`CompactError::OutOfRange`] for an index past the section.
    fn stream_position(&self, section: Section, index: u64) -> Result<u64, CompactError> {
        let (base, len) = match section {
            Section::Post => (0, self.header.post),
            Section::Opening => (self.stored - self.header.opening, self.header.opening),
        };
        if index >= len {
            return Err(CompactError::OutOfRange {
                path: self.path.clone(),
                section,
                index,
                len,
            });
        }
        match (&self.fold, section) {
            (Some(fold), Section::Post) => Ok(fold.stored_position(index)),
            _ => Ok(base + index),
        }
    }

    /// The cells of many `(section, index)` pairs, in the order given:
    /// the pairs are sorted by block and each block is read once (from the
    /// cache, or decompressed), the blocks in parallel on the current
    /// rayon pool. A batch that needs more distinct blocks than the cache
    /// holds leaves the cache as it was. About one block decompression per
    /// distinct block: 1,000,000 random cells of the 4x4 table read each
    /// of its 37,878 blocks once.
    ///
    /// # Errors
    /// `(i, error)` for the failing pair `i` that comes first in the
    /// input: [`CompactError::OutOfRange`], or [`CompactError::Block`] for
    /// a damaged block.
    pub fn get_many(&self, cells: &[(Section, u64)]) -> Result<Vec<u8>, (usize, CompactError)> {
        if cells.len() > u32::MAX as usize {
            // Orders below are u32: longer batches go in pieces.
            let mut out = Vec::with_capacity(cells.len());
            for (k, piece) in cells.chunks(u32::MAX as usize).enumerate() {
                let got = self.get_many(piece);
                out.extend(got.map_err(|(i, e)| (k * u32::MAX as usize + i, e))?);
            }
            return Ok(out);
        }
        let bs = self.header.block_size as u64;
        let stream: Vec<Result<u64, CompactError>> = cells
            .par_iter()
            .with_min_len(1024)
            .map(|&(s, index)| self.stream_position(s, index))
            .collect();
        let stream = crate::error::first_error(stream)?;
        let mut order: Vec<u32> = (0..cells.len() as u32).collect();
        order.par_sort_unstable_by_key(|&i| stream[i as usize]);
        // Runs of `order` that fall in one block.
        let mut runs = Vec::new();
        let mut start = 0;
        for k in 1..=order.len() {
            if k == order.len()
                || stream[order[k] as usize] / bs != stream[order[start] as usize] / bs
            {
                runs.push(start..k);
                start = k;
            }
        }
        let keep = runs.len() <= self.cache.capacity();
        let mut sorted = vec![0u8; order.len()];
        let mut parts = Vec::with_capacity(runs.len());
        let mut rest = &mut sorted[..];
        for r in &runs {
            let (part, tail) = rest.split_at_mut(r.len());
            parts.push((r.clone(), part));
            rest = tail;
        }
        let failures: Vec<(usize, CompactError)> = parts
            .into_par_iter()
            .filter_map(|(r, part)| {
                let b = stream[order[r.start] as usize] / bs;
                let block = if keep {
                    self.block(b)
                } else {
                    self.cache.get(b).map_or_else(|| self.fresh_block(b), Ok)
                };
                match block {
                    Ok(block) => {
                        for (dst, &i) in part.iter_mut().zip(&order[r.clone()]) {
                            *dst = block[(stream[i as usize] % bs) as usize];
                        }
                        None
                    }
                    Err(e) => Some((order[r].iter().min().copied().unwrap_or(0) as usize, e)),
                }
            })
            .collect();
        if let Some(first) = failures.into_iter().min_by_key(|f| f.0) {
            return Err(first);
        }
        let mut out = vec![0u8; cells.len()];
        for (&i, &v) in order.iter().zip(&sorted) {
            out[i as usize] = v;
        }
        Ok(out)
    }

    /// Checks every block's checksum first, so that a damaged table is
    /// refused before anything is decompressed or given to `f`; then
    /// decompresses every block in order and calls `f(first, cells)` with
    /// the stream position of the block's first cell (post-opening cells
    /// first, then opening cells) and its cells. Blocks are decompressed in
    /// parallel batches on the current rayon pool, `f` runs sequentially in
    /// block order. The cache is not touched. After the last block the
    /// CRC-64/XZ of all cells is checked against the header, so a reader of
    /// every cell also catches damage that each block's own check cannot
    /// see (blocks reordered with their checksums recomputed, say).
    ///
    /// # Errors
    /// The first damaged block, the first error of `f`, or
    /// [`CompactError::CellCrc`] after the last block.
    pub fn for_each_block<E, F>(&self, mut f: F) -> Result<(), E>
    where
        E: From<CompactError>,
        F: FnMut(u64, &[u8]) -> Result<(), E>,
    {
        self.check_block_crcs()?;
        let mut digest = CRC64.digest();
        let mut each = |first: u64, cells: &[u8]| -> Result<(), E> {
            digest.update(cells);
            f(first, cells)
        };
        let fetch = |i: u64| -> Result<Vec<u8>, CompactError> {
            let mut buf = vec![0u8; self.block_cells(i).1];
            self.decompress_block(i, &mut buf)?;
            Ok(buf)
        };
        if let Some(fold) = &self.fold {
            let stored = Stored {
                block_size: self.header.block_size as u64,
                blocks: self.header.blocks,
                cells: self.stored,
                fetch: &fetch,
            };
            for_each_unfolded(fold, &stored, &mut each)?;
        } else {
            let batch = (64u64 << 20) / self.header.block_size as u64;
            let batch = batch.max(1);
            let mut b = 0;
            while b < self.header.blocks {
                let end = (b + batch).min(self.header.blocks);
                let out: Vec<Result<Vec<u8>, CompactError>> =
                    (b..end).into_par_iter().map(fetch).collect();
                for (i, r) in (b..end).zip(out) {
                    each(self.block_cells(i).0, &r?)?;
                }
                b = end;
            }
        }
        let computed = digest.finalize();
        if computed != self.header.cells_crc {
            return Err(CompactError::CellCrc {
                path: self.path.clone(),
                stored: self.header.cells_crc,
                computed,
            }
            .into());
        }
        Ok(())
    }

    /// Decompresses every block (each checked against its CRC and length)
    /// and checks the CRC-64/XZ of all cells against the header; counts
    /// cells holding the invalid code 254.
    ///
    /// # Errors
    /// [`CompactError::Block`] or [`CompactError::CellCrc`].
    pub fn verify(&self) -> Result<CompactVerify, CompactError> {
        let mut invalid = 0u64;
        let mut cells = 0u64;
        // for_each_block checks the CRC of all cells after the last block.
        self.for_each_block::<CompactError, _>(|_, c| {
            invalid += c.iter().filter(|&&x| x == crate::code::INVALID).count() as u64;
            cells += c.len() as u64;
            Ok(())
        })?;
        Ok(CompactVerify {
            cells,
            blocks: self.header.blocks,
            cells_crc: self.header.cells_crc,
            invalid_cells: invalid,
        })
    }

    /// Proves the compact table lossless against `source`: same variant,
    /// same counts and cell CRC, and every cell equal. Returns the number
    /// of cells compared.
    ///
    /// # Errors
    /// [`CompactError::Mismatch`] naming the first differing cell,
    /// [`CompactError::Layout`] if the headers disagree, or a damaged block.
    pub fn compare(&self, source: &Table) -> Result<u64, CompactError> {
        let sh = source.header();
        if sh.variant != self.header.variant
            || sh.post != self.header.post
            || sh.opening != self.header.opening
            || sh.cells_crc != self.header.cells_crc
        {
            return Err(CompactError::Layout {
                path: self.path.clone(),
                what: format!(
                    "header ({}, {} + {} cells, CRC {:#018x}) differs from source {} ({}, {} + {} cells, CRC {:#018x})",
                    self.header.variant.describe(),
                    self.header.post,
                    self.header.opening,
                    self.header.cells_crc,
                    source.path().display(),
                    sh.variant.describe(),
                    sh.post,
                    sh.opening,
                    sh.cells_crc
                ),
            });
        }
        let src = &source.bytes()[crate::source_header::HEADER_LEN..];
        let post = self.header.post;
        let mut compared = 0u64;
        self.for_each_block::<CompactError, _>(|first, cells| {
            let want = &src[first as usize..first as usize + cells.len()];
            if want != cells {
                let k = want
                    .iter()
                    .zip(cells)
                    .position(|(a, b)| a != b)
                    .expect("a difference");
                let at = first + k as u64;
                let (section, index) = if at < post {
                    (Section::Post, at)
                } else {
                    (Section::Opening, at - post)
                };
                return Err(CompactError::Mismatch {
                    compact: self.path.clone(),
                    source_path: source.path().to_path_buf(),
                    section,
                    index,
                    expected: want[k],
                    found: cells[k],
                });
            }
            compared += cells.len() as u64;
            Ok(())
        })?;
        Ok(compared)
    }
}

/// Blocks of `block_size` cells in `bytes` of cache (at least one).
fn cache_blocks(bytes: usize, block_size: u32) -> usize {
    (bytes / block_size.max(1) as usize).max(1)
}

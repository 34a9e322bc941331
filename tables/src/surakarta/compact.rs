//! Compact Surakarta tables: one material's cells in zstd blocks
//! ([`super::compact_header`] has the layout), written from a source
//! table by [`pack_table`] and probed in place by [`CompactMaterialTable`].
//!
//! A compact table is read with positioned reads, never memory-mapped: a
//! file truncated or rewritten while open gives an error (a short read, a
//! block checksum that does not match), never a crash. Every block read is
//! checked against the checksum of the block index before it is
//! decompressed, and the table keeps a guard of its file
//! ([`CompactMaterialTable::check_unchanged`]) so that no answer, not even
//! one from a cached block, comes from a file changed since it was opened.

use super::compact_header::{CompactHeader, COMPACT_HEADER_LEN, INDEX_ENTRY_LEN};
use super::error::SurakartaTableError;
use super::file::{check_material, from_table_error, io, place, unique_tmp, MaterialTable};
use super::index::MaterialIndex;
use super::material::Material;
use crate::block::{Block, BlockFault};
use crate::block_cache::BlockCache;
use crate::block_index::{BlockIndex, IndexShape};
use crate::checksum::{block_crc, CRC64};
use crate::guard::FileGuard;
use rayon::prelude::*;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use zstd::bulk::Decompressor;

/// The block checksum scheme (that of compact Tic-Tac-Chec tables from
/// their format version 2: the block number, then the compressed bytes).
const BLOCK_CRC_SCHEME: u32 = 2;
/// Blocks compressed at a time by [`pack_table`] (bounds its memory).
const BATCH: usize = 256;

/// Options of [`pack_table`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackOptions {
    /// Cells per block, 1 ..= [`MAX_BLOCK_CELLS`](super::compact_header::MAX_BLOCK_CELLS).
    pub block_cells: u32,
    /// zstd level, 1 ..= 22.
    pub level: i32,
    /// Decompress every block of the new file and compare it with the
    /// source before the file is renamed into place.
    pub check: bool,
}

impl Default for PackOptions {
    fn default() -> Self {
        PackOptions {
            block_cells: super::compact_header::DEFAULT_BLOCK_CELLS,
            level: super::compact_header::DEFAULT_LEVEL,
            check: true,
        }
    }
}

/// The uncompressed bytes of cells `first .. first + n` of `src`: the low
/// bytes of the end codes, their high bytes, then the rule codes.
fn block_planes(src: &MaterialTable, first: u64, n: usize) -> Vec<u8> {
    let first = first as usize;
    let end = &src.end_bytes()[2 * first..2 * (first + n)];
    let mut out = Vec::with_capacity(3 * n);
    out.extend(end.iter().step_by(2));
    out.extend(end.iter().skip(1).step_by(2));
    out.extend_from_slice(&src.rule_bytes()[first..first + n]);
    out
}

/// Writes the compact table of source table `src` to `out`: under a
/// temporary name unique to this process, checked block by block against
/// the source (when `opts.check`), synced, renamed, with a SHA-256 sidecar.
/// Blocks are compressed in parallel on the current rayon pool. Returns
/// the header written.
///
/// # Errors
/// [`SurakartaTableError::Io`] for a failed write; a
/// [`SurakartaTableError::Block`] if the check finds a difference.
pub fn pack_table(
    src: &MaterialTable,
    out: &Path,
    opts: &PackOptions,
) -> Result<CompactHeader, SurakartaTableError> {
    let table = *src.header();
    let blocks = table.cells.div_ceil(opts.block_cells as u64);
    let mut header = CompactHeader {
        table,
        block_cells: opts.block_cells,
        level: opts.level,
        blocks,
        data_len: 0,
        index_crc: 0,
    };
    let tmp = unique_tmp(out);
    let result = write_blocks(src, &tmp, &mut header).and_then(|()| {
        if opts.check {
            check_against(src, &tmp)?;
        }
        let digest = crate::sidecar::sha256_file(&tmp)?;
        place(&tmp, out, &digest)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map(|()| header)
}

/// Compresses the blocks of `src` into `path` and completes `header`
/// (data length, index CRC), which is written last.
fn write_blocks(
    src: &MaterialTable,
    path: &Path,
    header: &mut CompactHeader,
) -> Result<(), SurakartaTableError> {
    let mut file = File::create(path).map_err(io(path))?;
    let data_offset = header.data_offset();
    file.seek(SeekFrom::Start(data_offset)).map_err(io(path))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 20, &mut file);
    let mut index = Vec::with_capacity(header.blocks as usize);
    let mut offset = 0u64;
    for start in (0..header.blocks).step_by(BATCH) {
        let stop = (start + BATCH as u64).min(header.blocks);
        let frames: Vec<std::io::Result<Vec<u8>>> = (start..stop)
            .into_par_iter()
            .map(|b| {
                let (first, n) = header.block_span(b);
                zstd::bulk::compress(&block_planes(src, first, n), header.level)
            })
            .collect();
        for (b, frame) in (start..stop).zip(frames) {
            let frame = frame.map_err(io(path))?;
            index.push((offset, block_crc(BLOCK_CRC_SCHEME, b, &frame)));
            w.write_all(&frame).map_err(io(path))?;
            offset += frame.len() as u64;
        }
    }
    w.flush().map_err(io(path))?;
    drop(w);
    let index = BlockIndex::from_entries(index, offset).to_bytes();
    header.data_len = offset;
    header.index_crc = CRC64.checksum(&index);
    file.seek(SeekFrom::Start(0)).map_err(io(path))?;
    file.write_all(&header.to_bytes()).map_err(io(path))?;
    file.write_all(&index).map_err(io(path))?;
    file.sync_all().map_err(io(path))
}

/// Opens the compact table at `path` and compares every block with the
/// source table's cells.
fn check_against(src: &MaterialTable, path: &Path) -> Result<(), SurakartaTableError> {
    let packed = CompactMaterialTable::open(path, Some(src.header().material), 0)?;
    (0..packed.header.blocks).into_par_iter().try_for_each(|b| {
        let (first, n) = packed.header.block_span(b);
        if *packed.read_block(b)? != block_planes(src, first, n)[..] {
            return Err(packed.block_error(b, "differs from the source table".to_string()));
        }
        Ok(())
    })
}

/// An open compact table: header and block index checked, blocks read on
/// demand and kept in a block cache.
pub struct CompactMaterialTable {
    path: PathBuf,
    header: CompactHeader,
    index: MaterialIndex,
    /// The open file and what it was when opened.
    guard: FileGuard,
    /// The checked block index: each block's compressed bytes in the
    /// data and its checksum.
    blocks: BlockIndex,
    cache: BlockCache,
}

impl std::fmt::Debug for CompactMaterialTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CompactMaterialTable({}, {})",
            self.path.display(),
            self.header.table.material
        )
    }
}

impl CompactMaterialTable {
    /// Opens the compact table at `path`: checks the header, the file's
    /// length, the block index's CRC and offsets, and that it is the table
    /// of `expected` when given. `cache_blocks` decompressed blocks are
    /// kept (0: none, every read decompresses). The blocks themselves are
    /// checked as they are read ([`CompactMaterialTable::verify`] reads
    /// them all).
    ///
    /// # Errors
    /// [`SurakartaTableError`]: not a regular file, foreign, damaged
    /// header or index, length; [`SurakartaTableError::OtherMaterial`] for
    /// the table of another material than `expected`.
    pub fn open(
        path: &Path,
        expected: Option<Material>,
        cache_blocks: usize,
    ) -> Result<CompactMaterialTable, SurakartaTableError> {
        let file = crate::fsutil::open_regular(path).map_err(from_table_error)?;
        let guard = FileGuard::new(path, file).map_err(from_table_error)?;
        let (file, len) = (guard.file(), guard.len());
        let mut h = vec![0u8; COMPACT_HEADER_LEN.min(len as usize)];
        file.read_exact_at(&mut h, 0).map_err(io(path))?;
        let header = CompactHeader::parse(path, &h)?;
        let damaged = |what: String| SurakartaTableError::Header {
            path: path.to_path_buf(),
            what,
        };
        check_material(path, expected, header.table.material)?;
        if len != header.file_len() {
            return Err(SurakartaTableError::Length {
                path: path.to_path_buf(),
                expected: header.file_len(),
                found: len,
            });
        }
        let mut index = vec![0u8; header.blocks as usize * INDEX_ENTRY_LEN];
        file.read_exact_at(&mut index, COMPACT_HEADER_LEN as u64)
            .map_err(io(path))?;
        let shape = IndexShape {
            blocks: header.blocks,
            index_crc: header.index_crc,
            data_len: header.data_len,
            block_bytes: 3 * header.block_cells as usize,
        };
        let blocks = BlockIndex::check(&index, &shape).map_err(|f| damaged(f.to_string()))?;
        Ok(CompactMaterialTable {
            path: path.to_path_buf(),
            index: MaterialIndex::new(header.table.material),
            header,
            guard,
            blocks,
            cache: BlockCache::new(cache_blocks.max(1)),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header.
    pub fn header(&self) -> &CompactHeader {
        &self.header
    }

    /// The material's index.
    pub fn index(&self) -> &MaterialIndex {
        &self.index
    }

    /// Refuses the table once its file changed since it was opened
    /// ([`FileGuard::check`]: an `fstat` every call, the path and the
    /// first bytes at most a millisecond apart). Call it before reading
    /// cells for an answer: a cached block would otherwise still answer
    /// for a file replaced or rewritten since.
    ///
    /// # Errors
    /// [`SurakartaTableError::Table`] with
    /// [`crate::error::TableError::Changed`] naming the file and what
    /// changed.
    pub fn check_unchanged(&self) -> Result<(), SurakartaTableError> {
        self.guard.check().map_err(SurakartaTableError::Table)
    }

    fn block_error(&self, block: u64, what: String) -> SurakartaTableError {
        SurakartaTableError::Block {
            path: self.path.clone(),
            block,
            what,
        }
    }

    /// Reads, checks and decompresses block `b < header().blocks` (not
    /// through the cache): the `3 n` bytes of its cells `first .. first +
    /// n` ([`CompactHeader::block_span`]), as three planes: the low bytes
    /// of the end codes, their high bytes, then the rule codes. For work
    /// that reads every cell once (the statistics of a packed folder).
    ///
    /// # Errors
    /// [`SurakartaTableError::Io`] for a failed read,
    /// [`SurakartaTableError::Block`] for a block whose checksum or
    /// length is wrong or that does not decompress, or a block number
    /// beyond the table.
    pub fn read_block(&self, b: u64) -> Result<Vec<u8>, SurakartaTableError> {
        if b >= self.header.blocks {
            return Err(self.block_error(
                b,
                format!("no such block: the table has {}", self.header.blocks),
            ));
        }
        let (span, crc) = self
            .blocks
            .block(b)
            .ok_or_else(|| self.block_error(b, "is not in the block index".to_string()))?;
        let mut frame = vec![0u8; (span.end - span.start) as usize];
        self.guard
            .file()
            .read_exact_at(&mut frame, self.header.data_offset() + span.start)
            .map_err(io(&self.path))?;
        let block = Block {
            number: b,
            offset: self.header.data_offset() + span.start,
            bytes: &frame,
            crc,
            version: BLOCK_CRC_SCHEME,
        };
        let mut planes = vec![0u8; 3 * self.header.block_span(b).1];
        let mut dctx = Decompressor::new().map_err(io(&self.path))?;
        block
            .decompress(&mut dctx, &mut planes)
            .map_err(|fault| {
                self.block_error(
                    b,
                    match fault {
                        BlockFault::Crc { computed, stored } => format!(
                            "checksum {computed:#018x}, the block index says {stored:#018x} (damaged or changed file)"
                        ),
                        BlockFault::Zstd(e) => format!("does not decompress: {e}"),
                        BlockFault::Length { found, expected } => {
                            format!("decompresses to {found} bytes, expected {expected}")
                        }
                    },
                )
            })?;
        Ok(planes)
    }

    /// Block `b`'s planes, from the cache or read.
    fn block(&self, b: u64) -> Result<Arc<[u8]>, SurakartaTableError> {
        if let Some(p) = self.cache.get(b) {
            return Ok(p);
        }
        let p: Arc<[u8]> = Arc::from(self.read_block(b)?);
        self.cache.insert(b, p.clone());
        Ok(p)
    }

    /// The end code and the rule code of cell `cell < cells`.
    ///
    /// # Errors
    /// [`SurakartaTableError::Io`] for a failed read,
    /// [`SurakartaTableError::Block`] for a damaged block.
    pub fn codes(&self, cell: u64) -> Result<(u16, u8), SurakartaTableError> {
        let b = cell / self.header.block_cells as u64;
        let (first, n) = self.header.block_span(b);
        let p = self.block(b)?;
        let i = (cell - first) as usize;
        Ok((u16::from_le_bytes([p[i], p[n + i]]), p[2 * n + i]))
    }

    /// Reads every block (checking its checksum and length), then checks
    /// the cells CRC of the header over the decompressed cells (the same
    /// CRC as the source table's). Reads the blocks twice: once for the
    /// end codes, once for the rule codes.
    ///
    /// # Errors
    /// The first damaged block, or [`SurakartaTableError::CellCrc`].
    pub fn verify(&self) -> Result<(), SurakartaTableError> {
        let mut digest = CRC64.digest();
        for plane in [0, 1] {
            for start in (0..self.header.blocks).step_by(BATCH) {
                let stop = (start + BATCH as u64).min(self.header.blocks);
                let parts: Vec<Vec<u8>> = (start..stop)
                    .into_par_iter()
                    .map(|b| {
                        let p = self.read_block(b)?;
                        let n = p.len() / 3;
                        Ok(if plane == 0 {
                            (0..n).flat_map(|i| [p[i], p[n + i]]).collect()
                        } else {
                            p[2 * n..].to_vec()
                        })
                    })
                    .collect::<Result<_, SurakartaTableError>>()?;
                parts.iter().for_each(|p| digest.update(p));
            }
        }
        let computed = digest.finalize();
        if computed != self.header.table.cells_crc {
            return Err(SurakartaTableError::CellCrc {
                path: self.path.clone(),
                stored: self.header.table.cells_crc,
                computed,
            });
        }
        Ok(())
    }
}

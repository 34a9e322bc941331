//! The compact table: the cells of a source table ([`crate::file`]) cut
//! into fixed-size blocks, each compressed on its own with zstd, plus a
//! block index, so one cell is read by decompressing one block.
//!
//! # File layout (all integers little-endian)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `TTCCPACK` |
//! | 8 | 4 | format version, [`FORMAT_VERSION`] |
//! | 12 | 4 | rule tag (as in [`crate::file`]) |
//! | 16 | 1 | board size (3 or 4) |
//! | 17 | 1 | role mask (bit 0 pawn, 1 knight, 2 bishop, 3 rook) |
//! | 18 | 1 | opening plies (placement-only lock) |
//! | 19 | 1 | reserved, zero (a compact table is always of a complete solve) |
//! | 20 | 4 | header length = 128 |
//! | 24 | 8 | post-opening cell count |
//! | 32 | 8 | opening cell count |
//! | 40 | 8 | CRC-64/XZ of all *uncompressed* cells (post-opening then opening): the source table's value |
//! | 48 | 4 | block size `B` in cells (1 ..= [`MAX_BLOCK_SIZE`]) |
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
//! block's compressed bytes)` (see [`block_crc`]; format version 1, still
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
use crate::block_index::BlockIndex;
use crate::bytes::TableBytes;
use crate::file::{self, Table, TableError, CRC64, HEADER_LEN as SOURCE_HEADER_LEN};
use crate::{Index, OpeningIndex};
use rayon::prelude::*;
use rules::ttc::Variant;
use std::fs::{self, File};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// File magic of a compact table.
pub const MAGIC: &[u8; 8] = b"TTCCPACK";
/// Current compact format version. Version 2 binds each block's number
/// into its checksum (see [`block_crc`]); version 1 files, whose block
/// checksums cover the compressed bytes only, are still read.
pub const FORMAT_VERSION: u32 = 2;
/// Oldest compact format version still read.
pub const OLDEST_VERSION: u32 = 1;

/// The checksum stored in the block index for block `block` of a file of
/// format `version`: from version 2 the CRC-64/XZ of the block number
/// (u64 LE) followed by the compressed bytes, so a block moved to another
/// place of the file (its index entry with it) no longer matches; in
/// version 1 the CRC-64/XZ of the compressed bytes alone.
pub fn block_crc(version: u32, block: u64, bytes: &[u8]) -> u64 {
    let mut d = CRC64.digest();
    if version >= 2 {
        d.update(&block.to_le_bytes());
    }
    d.update(bytes);
    d.finalize()
}
/// Header length in bytes; the block index starts here.
pub const HEADER_LEN: usize = 128;
/// Bytes per block-index entry (offset, CRC).
pub const INDEX_ENTRY_LEN: usize = 16;
/// Largest block size accepted, in cells (16 MiB).
pub const MAX_BLOCK_SIZE: u32 = 1 << 24;
/// Default block size in cells (see REPRODUCE.md for the measurements).
pub const DEFAULT_BLOCK_SIZE: u32 = 1 << 16;
/// Default zstd level (see REPRODUCE.md).
pub const DEFAULT_LEVEL: i32 = 15;
/// Decompressed bytes kept by the block cache of a [`CompactTable`] (at
/// least 16 blocks, enough for a position and all its moves).
pub const CACHE_BYTES: usize = 8 << 20;

/// One of the two cell sections of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Section {
    /// Post-opening positions, [`crate::Index`] order.
    Post,
    /// Placement-only opening positions, [`crate::OpeningIndex`] order.
    Opening,
}

impl Section {
    /// `post-opening` or `opening`.
    pub fn name(self) -> &'static str {
        match self {
            Section::Post => "post-opening",
            Section::Opening => "opening",
        }
    }
}

/// Why a compact table (or, through [`AnyTable`](crate::any::AnyTable), a
/// table of either format) was refused, could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CompactError {
    /// A problem of a source table.
    #[error(transparent)]
    Source(#[from] TableError),
    /// Operating-system error on `path` (the cause is the error's source).
    #[error("{}", path.display())]
    Io {
        /// File concerned.
        path: PathBuf,
        /// Underlying error.
        source: std::io::Error,
    },
    /// Shorter than a header.
    #[error("{}: too short for a compact table header ({len} of {HEADER_LEN} bytes)", path.display())]
    TooShort {
        /// File concerned.
        path: PathBuf,
        /// Its length.
        len: u64,
    },
    /// Neither a source nor a compact table.
    #[error("{}: not a Tic-Tac-Chec table (magic at offset 0 is {found}, expected \"TTCTBASE\" or \"TTCCPACK\")", path.display())]
    BadMagic {
        /// File concerned.
        path: PathBuf,
        /// Bytes found, as [`file::magic_text`] shows them.
        found: String,
    },
    /// Written by an unknown format version.
    #[error("{}: compact format version {found} at offset 8 is not supported (this build reads versions {OLDEST_VERSION} to {FORMAT_VERSION}; pack the source table again)", path.display())]
    Version {
        /// File concerned.
        path: PathBuf,
        /// Version found.
        found: u32,
    },
    /// Header checksum mismatch.
    #[error("{}: compact header is damaged (CRC-64/XZ at offset 80 is {stored:#018x}, header hashes to {computed:#018x})", path.display())]
    HeaderCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A header field with a fixed value (byte 19, header length at offset
    /// 20, reserved bytes 88..128) holds something else.
    #[error("{}: compact header byte at offset {offset} is {found:#04x}, expected {expected:#04x} ({what})", path.display())]
    Reserved {
        /// File concerned.
        path: PathBuf,
        /// Offset of the first wrong byte.
        offset: usize,
        /// Byte found.
        found: u8,
        /// Byte expected.
        expected: u8,
        /// Which field.
        what: &'static str,
    },
    /// Unknown rule tag or impossible variant fields.
    #[error("{}: foreign rules: rule tag {tag:#010x} (offset 12), size {size}, role mask {roles:#06b}, opening {opening} plies", path.display())]
    Foreign {
        /// File concerned.
        path: PathBuf,
        /// Rule tag found.
        tag: u32,
        /// Board size found.
        size: u8,
        /// Role mask found.
        roles: u8,
        /// Opening plies found.
        opening: u8,
    },
    /// A header field is inconsistent (counts, block geometry, lengths).
    #[error("{}: {what}", path.display())]
    Layout {
        /// File concerned.
        path: PathBuf,
        /// What is wrong, with the values.
        what: String,
    },
    /// Block index checksum mismatch.
    #[error("{}: block index is damaged (CRC-64/XZ in header {stored:#018x}, index at offset {HEADER_LEN} hashes to {computed:#018x})", path.display())]
    IndexCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A block's compressed bytes do not match their checksum, or do not
    /// decompress to exactly the block's cells.
    #[error("{}: block {block} (file offset {offset}, {len} bytes) is damaged: {what}", path.display())]
    Block {
        /// File concerned.
        path: PathBuf,
        /// Block number.
        block: u64,
        /// File offset of its first compressed byte.
        offset: u64,
        /// Compressed length.
        len: u64,
        /// What is wrong.
        what: String,
    },
    /// All blocks decompress but the cells do not hash to the header's CRC.
    #[error("{}: cells are damaged (CRC-64/XZ in header {stored:#018x}, decompressed cells hash to {computed:#018x})", path.display())]
    CellCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A cell index outside its section.
    #[error("{}: {} index {index} is out of range ({len} cells)", path.display(), section.name())]
    OutOfRange {
        /// File concerned.
        path: PathBuf,
        /// Section asked for.
        section: Section,
        /// Index asked for.
        index: u64,
        /// Section length.
        len: u64,
    },
    /// Bad packing options.
    #[error("invalid packing option: {0}")]
    Options(String),
    /// A compact table differs from its source (first differing cell).
    #[error("{} differs from {} at {} cell {index}: {found} instead of {expected}", compact.display(), source_path.display(), section.name())]
    Mismatch {
        /// Compact table.
        compact: PathBuf,
        /// Source table.
        source_path: PathBuf,
        /// Section of the first differing cell.
        section: Section,
        /// Its index in the section.
        index: u64,
        /// Source value.
        expected: u8,
        /// Compact value.
        found: u8,
    },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> CompactError + '_ {
    move |source| CompactError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Decoded compact header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompactHeader {
    /// Rule set the table was solved under.
    pub variant: Variant,
    /// Compact format version of the file ([`OLDEST_VERSION`] to
    /// [`FORMAT_VERSION`]); decides the block checksums ([`block_crc`]).
    pub version: u32,
    /// Post-opening cells.
    pub post: u64,
    /// Opening cells.
    pub opening: u64,
    /// CRC-64/XZ of all uncompressed cells (equal to the source table's).
    pub cells_crc: u64,
    /// Cells per block.
    pub block_size: u32,
    /// zstd level the blocks were compressed with (informational).
    pub level: i32,
    /// Number of blocks.
    pub blocks: u64,
    /// Compressed data length in bytes.
    pub data_len: u64,
    /// CRC-64/XZ of the block index.
    pub index_crc: u64,
}

impl CompactHeader {
    /// Total cells (both sections).
    pub fn cells(&self) -> u64 {
        self.post + self.opening
    }
    /// File offset of the compressed data.
    pub fn data_offset(&self) -> u64 {
        HEADER_LEN as u64 + self.blocks * INDEX_ENTRY_LEN as u64
    }
    /// Expected file length.
    pub fn file_len(&self) -> u64 {
        self.data_offset() + self.data_len
    }

    /// The 128 header bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let v = &self.variant;
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[12..16].copy_from_slice(&v.reading().rule_tag().to_le_bytes());
        b[16] = v.size();
        b[17] = v.roles_mask();
        b[18] = v.opening_plies();
        b[20..24].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        b[24..32].copy_from_slice(&self.post.to_le_bytes());
        b[32..40].copy_from_slice(&self.opening.to_le_bytes());
        b[40..48].copy_from_slice(&self.cells_crc.to_le_bytes());
        b[48..52].copy_from_slice(&self.block_size.to_le_bytes());
        b[52..56].copy_from_slice(&self.level.to_le_bytes());
        b[56..64].copy_from_slice(&self.blocks.to_le_bytes());
        b[64..72].copy_from_slice(&self.data_len.to_le_bytes());
        b[72..80].copy_from_slice(&self.index_crc.to_le_bytes());
        let hcrc = CRC64.checksum(&b[0..80]);
        b[80..88].copy_from_slice(&hcrc.to_le_bytes());
        b
    }

    /// Parses and checks header bytes: magic, version, header CRC, rules,
    /// counts against the index of the variant, block geometry and the
    /// file length `file_len`.
    ///
    /// # Errors
    /// The [`CompactError`] naming the first problem found.
    pub fn parse(b: &[u8], file_len: u64, path: &Path) -> Result<CompactHeader, CompactError> {
        let p = || path.to_path_buf();
        let layout = |what: String| CompactError::Layout { path: p(), what };
        if b.len() < HEADER_LEN {
            return Err(CompactError::TooShort {
                path: p(),
                len: file_len,
            });
        }
        if &b[0..8] != MAGIC {
            return Err(CompactError::BadMagic {
                path: p(),
                found: file::magic_text(&b[0..8]),
            });
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"));
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if !(OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
            return Err(CompactError::Version {
                path: p(),
                found: version,
            });
        }
        let stored = u64_at(80);
        let computed = CRC64.checksum(&b[0..80]);
        if stored != computed {
            return Err(CompactError::HeaderCrc {
                path: p(),
                stored,
                computed,
            });
        }
        let fields = [
            (19, &[0u8][..], "reserved, zero"),
            (
                20,
                &(HEADER_LEN as u32).to_le_bytes()[..],
                "header length, 128",
            ),
            (88, &[0u8; HEADER_LEN - 88][..], "reserved, zero"),
        ];
        if let Some((offset, found, expected, what)) = file::first_wrong_byte(b, &fields) {
            return Err(CompactError::Reserved {
                path: p(),
                offset,
                found,
                expected,
                what,
            });
        }
        let tag = u32_at(12);
        let variant =
            Variant::from_parts(b[16], b[17], tag, b[18]).ok_or(CompactError::Foreign {
                path: p(),
                tag,
                size: b[16],
                roles: b[17],
                opening: b[18],
            })?;
        let h = CompactHeader {
            variant,
            version,
            post: u64_at(24),
            opening: u64_at(32),
            cells_crc: u64_at(40),
            block_size: u32_at(48),
            level: u32_at(52) as i32,
            blocks: u64_at(56),
            data_len: u64_at(64),
            index_crc: u64_at(72),
        };
        if u32_at(20) != HEADER_LEN as u32 {
            return Err(layout(format!(
                "header length {} at offset 20 is not {HEADER_LEN}",
                u32_at(20)
            )));
        }
        let post = Index::size_of(variant);
        if h.post != post {
            return Err(layout(format!(
                "post-opening count {} in the header does not match the index ({post})",
                h.post
            )));
        }
        let opening = OpeningIndex::new(variant).size();
        if h.opening != opening {
            return Err(layout(format!(
                "opening count {} in the header does not match the index ({opening})",
                h.opening
            )));
        }
        if h.block_size == 0 || h.block_size > MAX_BLOCK_SIZE {
            return Err(layout(format!(
                "block size {} at offset 48 is outside 1..={MAX_BLOCK_SIZE}",
                h.block_size
            )));
        }
        // `ttc pack` only writes levels it accepts; anything else is damage.
        let levels = zstd::compression_level_range();
        if h.level < 1 || h.level > *levels.end() {
            return Err(layout(format!(
                "zstd level {} at offset 52 is outside 1..={}",
                h.level,
                levels.end()
            )));
        }
        let blocks = h.cells().div_ceil(h.block_size as u64);
        if h.blocks != blocks {
            return Err(layout(format!(
                "block count {} at offset 56 does not match {} cells in blocks of {} ({blocks})",
                h.blocks,
                h.cells(),
                h.block_size
            )));
        }
        // Every block needs at least one byte, and none more than zstd's bound.
        let bound = zstd::zstd_safe::compress_bound(h.block_size as usize) as u64;
        if h.data_len < h.blocks || h.data_len > h.blocks.saturating_mul(bound) {
            return Err(layout(format!(
                "compressed data length {} at offset 64 is impossible for {} blocks",
                h.data_len, h.blocks
            )));
        }
        if file_len != h.file_len() {
            return Err(layout(format!(
                "file is {file_len} bytes, header says {} (truncated or padded)",
                h.file_len()
            )));
        }
        Ok(h)
    }
}

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

/// Least-recently-used cache of decompressed blocks plus a reusable zstd
/// decompression context.
struct Cache {
    entries: Vec<(u64, Arc<[u8]>, u64)>,
    capacity: usize,
    clock: u64,
    dctx: zstd::bulk::Decompressor<'static>,
}

/// A compact table, memory-mapped read-only (or given in memory), header
/// and index checked.
///
/// Cell reads ([`CompactTable::get`]) are thread-safe; decompressed blocks
/// are kept in a small LRU cache ([`CACHE_BYTES`]) shared behind a mutex.
pub struct CompactTable {
    path: PathBuf,
    header: CompactHeader,
    map: TableBytes,
    /// Offsets and checksums of the blocks.
    index: BlockIndex,
    cache: Mutex<Cache>,
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
        let file = crate::fsutil::open_regular(path)?;
        CompactTable::checked(path, TableBytes::map(&file, path)?)
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
        let capacity = (CACHE_BYTES / header.block_size as usize).clamp(16, 1024);
        let dctx = zstd::bulk::Decompressor::new().map_err(io_err(path))?;
        Ok(CompactTable {
            path: path.to_path_buf(),
            header,
            map,
            index,
            cache: Mutex::new(Cache {
                entries: Vec::with_capacity(capacity),
                capacity,
                clock: 0,
                dctx,
            }),
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

    /// Stream cells `(first, len)` of block `b`.
    fn block_cells(&self, b: u64) -> (u64, usize) {
        let bs = self.header.block_size as u64;
        let first = b * bs;
        (first, (self.header.cells() - first).min(bs) as usize)
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
    /// `out` (exactly the block's cell count long) with the context
    /// `dctx`.
    fn decompress_block(
        &self,
        b: u64,
        dctx: &mut zstd::bulk::Decompressor<'static>,
        out: &mut [u8],
    ) -> Result<(), CompactError> {
        self.stored_block(b).decode(&self.path, dctx, out)
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
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.clock += 1;
        let now = cache.clock;
        if let Some(e) = cache.entries.iter_mut().find(|e| e.0 == b) {
            e.2 = now;
            return Ok(e.1.clone());
        }
        let (_, len) = self.block_cells(b);
        let mut buf = vec![0u8; len];
        self.decompress_block(b, &mut cache.dctx, &mut buf)?;
        let data: Arc<[u8]> = Arc::from(buf);
        if cache.entries.len() < cache.capacity {
            cache.entries.push((b, data.clone(), now));
        } else {
            let oldest = cache
                .entries
                .iter_mut()
                .min_by_key(|e| e.2)
                .expect("non-empty cache");
            *oldest = (b, data.clone(), now);
        }
        Ok(data)
    }

    /// The cell `index` of `section`: one block decompression when cold,
    /// a cache lookup when warm.
    ///
    /// # Errors
    /// [`CompactError::OutOfRange`] for an index past the section,
    /// [`CompactError::Block`] for a damaged block.
    pub fn get(&self, section: Section, index: u64) -> Result<u8, CompactError> {
        let (base, len) = match section {
            Section::Post => (0, self.header.post),
            Section::Opening => (self.header.post, self.header.opening),
        };
        if index >= len {
            return Err(CompactError::OutOfRange {
                path: self.path.clone(),
                section,
                index,
                len,
            });
        }
        let cell = base + index;
        let bs = self.header.block_size as u64;
        let block = self.block(cell / bs)?;
        Ok(block[(cell % bs) as usize])
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
        let batch = (64u64 << 20) / self.header.block_size as u64;
        let batch = batch.max(1);
        let mut digest = CRC64.digest();
        let mut b = 0;
        while b < self.header.blocks {
            let end = (b + batch).min(self.header.blocks);
            let out: Vec<Result<Vec<u8>, CompactError>> = (b..end)
                .into_par_iter()
                .map_init(
                    || zstd::bulk::Decompressor::new().expect("zstd context"),
                    |dctx, i| {
                        let mut buf = vec![0u8; self.block_cells(i).1];
                        self.decompress_block(i, dctx, &mut buf)?;
                        Ok(buf)
                    },
                )
                .collect();
            for (i, r) in (b..end).zip(out) {
                let cells = r?;
                digest.update(&cells);
                f(self.block_cells(i).0, &cells)?;
            }
            b = end;
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
        let src = &source.bytes()[SOURCE_HEADER_LEN..];
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
}

impl Default for PackOptions {
    fn default() -> Self {
        PackOptions {
            block_size: DEFAULT_BLOCK_SIZE,
            level: DEFAULT_LEVEL,
            threads: None,
            check: true,
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
/// `progress(n)` is called with the number of cells just packed.
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
    let protected = [
        canon(src),
        canon(&file::sha256_path(src)),
        canon(&file::tmp_path(src)),
    ];
    for written in [
        out.to_path_buf(),
        file::sha256_path(out),
        file::tmp_path(out),
        file::tmp_path(&file::sha256_path(out)),
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
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::fsutil::create_dirs(dir)?;
    }
    let tmp = file::tmp_path(out);
    let side_tmp = file::tmp_path(&file::sha256_path(out));
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
    let sha256 = file::sha256_file(tmp)?;
    let side = file::sha256_path(out);
    let side_tmp = file::tmp_path(&side);
    {
        let mut f = File::create(&side_tmp).map_err(io_err(&side_tmp))?;
        f.write_all(&file::sidecar_line(&sha256, out))
            .map_err(io_err(&side_tmp))?;
        f.sync_all().map_err(io_err(&side_tmp))?;
    }
    let identical = if opts.check {
        let c = CompactTable::open(tmp)?;
        Some(c.compare(source)?)
    } else {
        None
    };
    fs::rename(tmp, out).map_err(io_err(out))?;
    fs::rename(&side_tmp, &side).map_err(io_err(&side))?;
    if let Some(dir) = out.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
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
    let blocks = (cells.len() as u64).div_ceil(bs as u64);
    let f = File::create(tmp).map_err(io_err(tmp))?;
    let mut w = BufWriter::with_capacity(1 << 20, f);
    let data_offset = HEADER_LEN as u64 + blocks * INDEX_ENTRY_LEN as u64;
    // Placeholder header and index, rewritten at the end.
    w.write_all(&vec![0u8; data_offset as usize])
        .map_err(io_err(tmp))?;
    let mut index: Vec<(u64, u64)> = Vec::with_capacity(blocks as usize);
    let mut data_len = 0u64;
    let batch = ((32usize << 20) / bs).max(rayon::current_num_threads()) as u64;
    let mut b = 0u64;
    while b < blocks {
        let end = (b + batch).min(blocks);
        for (i, r) in (b..end).zip(compress_batch(cells, bs, opts.level, b..end)) {
            let z = r.map_err(|e| CompactError::Io {
                path: tmp.to_path_buf(),
                source: std::io::Error::other(e),
            })?;
            index.push((data_len, block_crc(FORMAT_VERSION, i, &z)));
            data_len += z.len() as u64;
            w.write_all(&z).map_err(io_err(tmp))?;
            let s = i * bs as u64;
            progress((cells.len() as u64 - s).min(bs as u64));
        }
        b = end;
    }
    let mut ibytes = Vec::with_capacity(blocks as usize * INDEX_ENTRY_LEN);
    for (off, crc) in &index {
        ibytes.extend_from_slice(&off.to_le_bytes());
        ibytes.extend_from_slice(&crc.to_le_bytes());
    }
    let header = CompactHeader {
        variant: sh.variant,
        version: FORMAT_VERSION,
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
    f.seek(SeekFrom::Start(0)).map_err(io_err(tmp))?;
    f.write_all(&header.to_bytes()).map_err(io_err(tmp))?;
    f.write_all(&ibytes).map_err(io_err(tmp))?;
    f.sync_all().map_err(io_err(tmp))?;
    Ok(header)
}

/// Compresses blocks `range` of `cells` in parallel, each decompressed
/// again and compared with its cells.
fn compress_batch(
    cells: &[u8],
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
                let s = i as usize * bs;
                let raw = &cells[s..(s + bs).min(cells.len())];
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

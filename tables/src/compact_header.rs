//! The header of a compact table ([`crate::compact`]); its layout is in
//! docs/table-format.md. Bytes 12..19 are the table's identity, written
//! and checked by [`crate::identity`], as in the source header; the
//! magic, version, fixed bytes and header CRC by the shared
//! [`crate::header_frame`] ([`FRAME`]).

use crate::error::CompactError;
use crate::header_frame::{u32_at, u64_at, Fixed, FrameFault, HeaderFault, HeaderFrame};
use crate::identity::TableIdentity;
use crate::layout::{magic_text, COMPACT_MAGIC};
use crate::{Index, OpeningIndex};
use rules::ttc::Variant;
use std::path::Path;

pub use crate::layout::{
    COMPACT_FOLDED_VERSION as FOLDED_VERSION, COMPACT_HEADER_LEN as HEADER_LEN,
    COMPACT_OLDEST_VERSION as OLDEST_VERSION, COMPACT_UNFOLDED_VERSION as UNFOLDED_VERSION,
    COMPACT_VERSION as FORMAT_VERSION,
};

/// Bytes per block-index entry (offset, CRC).
pub const INDEX_ENTRY_LEN: usize = 16;
/// Largest block size accepted, in cells (16 MiB).
pub const MAX_BLOCK_SIZE: u32 = 1 << 24;
/// Default block size in cells (docs/performance.md has the measurements).
pub const DEFAULT_BLOCK_SIZE: u32 = 1 << 16;
/// Default zstd level (docs/performance.md).
pub const DEFAULT_LEVEL: i32 = 15;
/// Decompressed bytes kept by default by the block cache of a
/// [`CompactTable`](crate::compact::CompactTable): 32 MiB, 512 blocks of the
/// default size, enough for the blocks of a few dozen positions and all
/// their moves.
pub const CACHE_BYTES: usize = 32 << 20;

/// The compact header's frame: magic `TTCCPACK`, versions
/// [`OLDEST_VERSION`] to [`FORMAT_VERSION`], byte 19 zero, the header
/// length at 20, the header CRC at 80, reserved zeros from 88.
pub const FRAME: HeaderFrame = HeaderFrame {
    magic: COMPACT_MAGIC,
    oldest: OLDEST_VERSION,
    newest: FORMAT_VERSION,
    crc_at: 80,
    fixed: &[
        Fixed {
            offset: 19,
            bytes: &[0],
            what: "reserved, zero",
        },
        Fixed {
            offset: 20,
            bytes: &(HEADER_LEN as u32).to_le_bytes(),
            what: "header length, 128",
        },
        Fixed {
            offset: 88,
            bytes: &[0u8; HEADER_LEN - 88],
            what: "reserved, zero",
        },
    ],
};

/// Decoded compact header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompactHeader {
    /// Rule set the table was solved under.
    pub variant: Variant,
    /// Compact format version of the file ([`OLDEST_VERSION`] to
    /// [`FORMAT_VERSION`]); decides the block checksums ([`block_crc`](crate::checksum::block_crc)).
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
    /// Whether the post-opening section is mirror-folded (format version
    /// [`FOLDED_VERSION`] and later, [`crate::fold_layout`]).
    pub fn folded(&self) -> bool {
        self.version >= FOLDED_VERSION
    }
    /// Cells stored in the blocks: [`CompactHeader::cells`], or for a
    /// folded table the stored post-opening cells
    /// ([`Index::folded_size_of`]) plus the opening cells.
    pub fn stored_cells(&self) -> u64 {
        if self.folded() {
            Index::folded_size_of(self.variant) + self.opening
        } else {
            self.cells()
        }
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
        FRAME.write(self.version, &self.variant, |b| {
            b[24..32].copy_from_slice(&self.post.to_le_bytes());
            b[32..40].copy_from_slice(&self.opening.to_le_bytes());
            b[40..48].copy_from_slice(&self.cells_crc.to_le_bytes());
            b[48..52].copy_from_slice(&self.block_size.to_le_bytes());
            b[52..56].copy_from_slice(&self.level.to_le_bytes());
            b[56..64].copy_from_slice(&self.blocks.to_le_bytes());
            b[64..72].copy_from_slice(&self.data_len.to_le_bytes());
            b[72..80].copy_from_slice(&self.index_crc.to_le_bytes());
        })
    }

    /// Parses and checks header bytes: magic, version, header CRC, rules,
    /// counts against the index of the variant, block geometry and the
    /// file length `file_len`.
    ///
    /// # Errors
    /// The [`CompactError`] naming the first problem found.
    pub fn parse(b: &[u8], file_len: u64, path: &Path) -> Result<CompactHeader, CompactError> {
        let (version, variant, b) = FRAME
            .read::<Variant>(b)
            .map_err(|fault| refused(fault, file_len, path))?;
        let h = CompactHeader {
            variant,
            version,
            post: u64_at(b, 24),
            opening: u64_at(b, 32),
            cells_crc: u64_at(b, 40),
            block_size: u32_at(b, 48),
            level: u32_at(b, 52) as i32,
            blocks: u64_at(b, 56),
            data_len: u64_at(b, 64),
            index_crc: u64_at(b, 72),
        };
        h.check_layout(file_len)
            .map_err(|what| CompactError::Layout {
                path: path.to_path_buf(),
                what,
            })?;
        Ok(h)
    }

    /// Checks the decoded counts against the index of the variant, the
    /// block geometry, the zstd level and the file length; the error is
    /// the text of a [`CompactError::Layout`].
    fn check_layout(&self, file_len: u64) -> Result<(), String> {
        let h = self;
        let post = Index::size_of(h.variant);
        if h.post != post {
            return Err(format!(
                "post-opening count {} in the header does not match the index ({post})",
                h.post
            ));
        }
        let opening = OpeningIndex::new(h.variant).size();
        if h.opening != opening {
            return Err(format!(
                "opening count {} in the header does not match the index ({opening})",
                h.opening
            ));
        }
        if h.block_size == 0 || h.block_size > MAX_BLOCK_SIZE {
            return Err(format!(
                "block size {} at offset 48 is outside 1..={MAX_BLOCK_SIZE}",
                h.block_size
            ));
        }
        // `ttc pack` only writes levels it accepts; anything else is damage.
        let levels = zstd::compression_level_range();
        if h.level < 1 || h.level > *levels.end() {
            return Err(format!(
                "zstd level {} at offset 52 is outside 1..={}",
                h.level,
                levels.end()
            ));
        }
        let stored = h.stored_cells();
        let blocks = stored.div_ceil(h.block_size as u64);
        if h.blocks != blocks {
            return Err(format!(
                "block count {} at offset 56 does not match {stored} {}cells in blocks of {} ({blocks})",
                h.blocks,
                if h.folded() { "stored (mirror-folded) " } else { "" },
                h.block_size
            ));
        }
        // Every block needs at least one byte, and none more than zstd's bound.
        let bound = zstd::zstd_safe::compress_bound(h.block_size as usize) as u64;
        if h.data_len < h.blocks || h.data_len > h.blocks.saturating_mul(bound) {
            return Err(format!(
                "compressed data length {} at offset 64 is impossible for {} blocks",
                h.data_len, h.blocks
            ));
        }
        if file_len != h.file_len() {
            return Err(format!(
                "file is {file_len} bytes, header says {} (truncated or padded)",
                h.file_len()
            ));
        }
        Ok(())
    }
}

/// The [`CompactError`] of a header refused by its frame or identity.
fn refused(fault: HeaderFault<TableIdentity>, file_len: u64, path: &Path) -> CompactError {
    let p = path.to_path_buf();
    match fault {
        HeaderFault::Identity(found) => CompactError::foreign(path, found),
        HeaderFault::Frame(FrameFault::TooShort { .. }) => CompactError::TooShort {
            path: p,
            len: file_len,
        },
        HeaderFault::Frame(FrameFault::Magic { found }) => CompactError::BadMagic {
            path: p,
            found: magic_text(&found),
        },
        HeaderFault::Frame(FrameFault::Version { found }) => {
            CompactError::Version { path: p, found }
        }
        HeaderFault::Frame(FrameFault::Crc {
            stored, computed, ..
        }) => CompactError::HeaderCrc {
            path: p,
            stored,
            computed,
        },
        HeaderFault::Frame(FrameFault::Fixed {
            offset,
            found,
            expected,
            what,
        }) => CompactError::Reserved {
            path: p,
            offset,
            found,
            expected,
            what,
        },
    }
}

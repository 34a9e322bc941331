//! The header of a compact table ([`crate::compact`]); its layout is in
//! docs/table-format.md. Bytes 12..19 are the table's identity, written
//! and checked by [`crate::identity`], as in the source header.

use crate::checksum::CRC64;
use crate::error::CompactError;
use crate::header_bytes::first_wrong_byte;
use crate::identity::{TableIdentity, HEADER_OFFSET as ID, IDENTITY_LEN};
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
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(COMPACT_MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[ID..ID + IDENTITY_LEN].copy_from_slice(&TableIdentity::of(self.variant).to_bytes());
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
        let version = check_frame(b, file_len, path)?;
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"));
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let found = TableIdentity::from_bytes(&b[ID..]);
        let variant = found
            .variant()
            .ok_or_else(|| CompactError::foreign(path, found))?;
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
            return Err(CompactError::Layout {
                path: path.to_path_buf(),
                what: format!(
                    "header length {} at offset 20 is not {HEADER_LEN}",
                    u32_at(20)
                ),
            });
        }
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

/// Checks what must hold before any field is decoded: the length, the
/// magic, the version (returned), the header CRC and the fixed bytes.
fn check_frame(b: &[u8], file_len: u64, path: &Path) -> Result<u32, CompactError> {
    let p = || path.to_path_buf();
    if b.len() < HEADER_LEN {
        return Err(CompactError::TooShort {
            path: p(),
            len: file_len,
        });
    }
    if &b[0..8] != COMPACT_MAGIC {
        return Err(CompactError::BadMagic {
            path: p(),
            found: magic_text(&b[0..8]),
        });
    }
    let version = u32::from_le_bytes(b[8..12].try_into().expect("4 bytes"));
    if !(OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(CompactError::Version {
            path: p(),
            found: version,
        });
    }
    let stored = u64::from_le_bytes(b[80..88].try_into().expect("8 bytes"));
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
    if let Some((offset, found, expected, what)) = first_wrong_byte(b, &fields) {
        return Err(CompactError::Reserved {
            path: p(),
            offset,
            found,
            expected,
            what,
        });
    }
    Ok(version)
}

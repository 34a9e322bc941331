//! The header of a compact Surakarta table ([`super::compact`]).
//!
//! A compact table is `COMPACT_HEADER_LEN` (128) header bytes, the block
//! index (`blocks` entries of 16 bytes: the offset of the block's
//! compressed bytes from the start of the data, u64, and its checksum,
//! u64, see [`crate::checksum::block_crc`]), then the zstd frames of the
//! blocks one after another. The header, all integers little-endian:
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | magic `TTCSKTC1` |
//! | 8 | 4 | compact format version, 1 |
//! | 12 | 4 | game tag `0x534B5401` (as in the source table) |
//! | 16 | 1 | pieces of the side to move |
//! | 17 | 1 | pieces of the other side |
//! | 18 | 1 | child material's mover count (0: a capture ends the game) |
//! | 19 | 1 | child material's other count |
//! | 20 | 4 | cells per block |
//! | 24 | 8 | cells |
//! | 32 | 8 | cells CRC (the source table's: end codes, then rule codes) |
//! | 40 | 8 | child cells CRC (as in the source table) |
//! | 48 | 4 | zstd level (informational) |
//! | 52 | 4 | zero |
//! | 56 | 8 | blocks |
//! | 64 | 8 | compressed data length |
//! | 72 | 8 | CRC-64/XZ of the block index |
//! | 80 | 8 | CRC-64/XZ of bytes 0..80 |
//! | 88 | 40 | zero |
//!
//! Block `k` holds the cells `k * B .. min((k + 1) * B, cells)` (`B` cells
//! per block, `n` in this block) as `3 n` bytes: the low bytes of the end
//! codes, their high bytes, then the rule codes (byte planes compress
//! better than interleaved `u16`s: the high bytes are nearly all 0x00 or
//! 0xFF).
//!
//! The magic, version, zeros and header CRC are written and checked by
//! the shared [`crate::header_frame`] ([`FRAME`]); bytes 12..48 except
//! 20..24, the table's identity, by [`super::header_identity`], as in the
//! source header.

use super::error::SurakartaTableError;
use super::file::TableHeader;
use super::header_identity::read_header;
use super::material::Material;
use crate::header_frame::{u32_at, u64_at, Fixed, HeaderFrame, HEADER_LEN};
use std::path::Path;

/// Header length in bytes.
pub const COMPACT_HEADER_LEN: usize = 128;
/// Magic at offset 0.
pub const COMPACT_MAGIC: &[u8; 8] = b"TTCSKTC1";
/// Compact format version at offset 8.
pub const COMPACT_VERSION: u32 = 1;
/// Bytes per block-index entry (offset, checksum).
pub const INDEX_ENTRY_LEN: usize = 16;
/// Default cells per block: 65,536 cells, 192 KiB decompressed.
pub const DEFAULT_BLOCK_CELLS: u32 = 1 << 16;
/// Largest cells per block accepted (16 Mi cells).
pub const MAX_BLOCK_CELLS: u32 = 1 << 24;
/// Default zstd level.
pub const DEFAULT_LEVEL: i32 = 15;

/// The compact header's frame: magic `TTCSKTC1`, version 1, bytes 52..56
/// zero, the header CRC at 80, zeros from 88.
pub const FRAME: HeaderFrame = HeaderFrame {
    magic: COMPACT_MAGIC,
    oldest: COMPACT_VERSION,
    newest: COMPACT_VERSION,
    crc_at: 80,
    fixed: &[
        Fixed {
            offset: 52,
            bytes: &[0; 4],
            what: "reserved, zero",
        },
        Fixed {
            offset: 88,
            bytes: &[0; HEADER_LEN - 88],
            what: "reserved, zero",
        },
    ],
};

/// The file name of `material`'s compact table: `surakarta-MvO.ctbl`.
pub fn compact_file_name(material: Material) -> String {
    format!("surakarta-{material}.ctbl")
}

/// The decoded header of a compact Surakarta table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompactHeader {
    /// The source table's header (material, cells, cells CRC, child).
    pub table: TableHeader,
    /// Cells per block, 1 ..= [`MAX_BLOCK_CELLS`].
    pub block_cells: u32,
    /// zstd level the blocks were compressed with.
    pub level: i32,
    /// Number of blocks: `ceil(cells / block_cells)`.
    pub blocks: u64,
    /// Bytes of compressed data after the block index.
    pub data_len: u64,
    /// CRC-64/XZ of the block index bytes.
    pub index_crc: u64,
}

impl CompactHeader {
    /// The header's 128 bytes.
    pub fn to_bytes(&self) -> [u8; COMPACT_HEADER_LEN] {
        FRAME.write(COMPACT_VERSION, &self.table, |h| {
            h[20..24].copy_from_slice(&self.block_cells.to_le_bytes());
            h[48..52].copy_from_slice(&self.level.to_le_bytes());
            h[56..64].copy_from_slice(&self.blocks.to_le_bytes());
            h[64..72].copy_from_slice(&self.data_len.to_le_bytes());
            h[72..80].copy_from_slice(&self.index_crc.to_le_bytes());
        })
    }

    /// Byte offset of the compressed data in the file.
    pub fn data_offset(&self) -> u64 {
        COMPACT_HEADER_LEN as u64 + self.blocks * INDEX_ENTRY_LEN as u64
    }

    /// Bytes of the whole file.
    pub fn file_len(&self) -> u64 {
        self.data_offset() + self.data_len
    }

    /// The cells of block `block`: its first cell and its cell count.
    pub fn block_span(&self, block: u64) -> (u64, usize) {
        let first = block * self.block_cells as u64;
        let n = (self.table.cells - first).min(self.block_cells as u64);
        (first, n as usize)
    }

    /// Parses and checks a header read from `path`.
    ///
    /// # Errors
    /// [`SurakartaTableError::Foreign`] for another magic, version or game
    /// tag (a Surakarta source table is named as such);
    /// [`SurakartaTableError::Header`] for a damaged header, a material no
    /// table holds, or counts that do not match the material's index.
    pub fn parse(path: &Path, h: &[u8]) -> Result<CompactHeader, SurakartaTableError> {
        let damaged = |what: String| SurakartaTableError::Header {
            path: path.to_path_buf(),
            what,
        };
        let sibling = (
            super::file::MAGIC,
            "a source table (magic TTCSKTB1), not a compact one",
        );
        let (table, h) = read_header(path, h, &FRAME, "compact ", Some(sibling))?;
        let u32_at = |o: usize| u32_at(h, o);
        let u64_at = |o: usize| u64_at(h, o);
        let block_cells = u32_at(20);
        if block_cells == 0 || block_cells > MAX_BLOCK_CELLS {
            return Err(damaged(format!(
                "{block_cells} cells per block, expected 1 to {MAX_BLOCK_CELLS}"
            )));
        }
        let blocks = u64_at(56);
        if blocks != table.cells.div_ceil(block_cells as u64) {
            return Err(damaged(format!(
                "{blocks} blocks for {} cells of {block_cells} per block",
                table.cells
            )));
        }
        Ok(CompactHeader {
            table,
            block_cells,
            level: u32_at(48) as i32,
            blocks,
            data_len: u64_at(64),
            index_crc: u64_at(72),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surakarta::MaterialIndex;

    fn header() -> CompactHeader {
        let material = Material::new(2, 2).unwrap();
        let cells = MaterialIndex::new(material).cells();
        CompactHeader {
            table: TableHeader {
                material,
                cells,
                cells_crc: 0x1234,
                child: Some((material.after_capture().unwrap(), 0x5678)),
            },
            block_cells: 1000,
            level: 15,
            blocks: cells.div_ceil(1000),
            data_len: 777,
            index_crc: 0x9abc,
        }
    }

    #[test]
    fn header_round_trips_and_every_byte_is_covered() {
        let h = header();
        let bytes = h.to_bytes();
        let p = Path::new("x.ctbl");
        assert_eq!(CompactHeader::parse(p, &bytes).unwrap(), h);
        // Flipping any bit of the header is refused (by the CRC, the
        // reserved bytes or the magic), never read as another header.
        for i in 0..COMPACT_HEADER_LEN {
            let mut b = bytes;
            b[i] ^= 1;
            assert!(CompactHeader::parse(p, &b).is_err(), "byte {i}");
        }
    }

    #[test]
    fn a_source_table_is_named_as_such() {
        let mut b = header().to_bytes();
        b[0..8].copy_from_slice(super::super::file::MAGIC);
        let e = CompactHeader::parse(Path::new("x.ctbl"), &b).unwrap_err();
        assert!(e.to_string().contains("a source table"), "{e}");
    }
}

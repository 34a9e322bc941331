//! The block index of a compact table ([`crate::compact`]): one 16-byte
//! entry per block, `(u64 offset of the block's first compressed byte,
//! counted from the start of the data; u64 block checksum)`, little-endian.
//!
//! The Surakarta compact tables ([`crate::surakarta::compact`]) have the
//! same index, and share this file: [`BlockIndex::from_entries`] and
//! [`BlockIndex::to_bytes`] write it, [`BlockIndex::check`] reads it from
//! bytes in memory and checks it against the compact header's
//! [`IndexShape`] before any block is used: its length (one
//! entry per block), its CRC-64/XZ, and every offset (the first is 0, each
//! block is at least one byte and at most zstd's bound for the block size,
//! the last one ends at the data length).

use crate::checksum::CRC64;
use crate::compact_header::{CompactHeader, HEADER_LEN, INDEX_ENTRY_LEN};
use crate::error::CompactError;
use std::fmt;
use std::ops::Range;
use std::path::Path;

/// A checked block index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockIndex {
    /// `(offset, checksum)` per block; offsets from the data start.
    entries: Vec<(u64, u64)>,
    /// Compressed data length: where the last block ends.
    data_len: u64,
}

/// What a compact header (of either game) says of its block index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexShape {
    /// Number of blocks (entries).
    pub blocks: u64,
    /// CRC-64/XZ of the index bytes, as the header records it.
    pub index_crc: u64,
    /// Compressed data length in bytes.
    pub data_len: u64,
    /// Decompressed bytes of the largest block: a block's compressed
    /// length may not exceed zstd's bound for it.
    pub block_bytes: usize,
}

impl IndexShape {
    /// The shape a Tic-Tac-Chec compact header gives (one byte per cell).
    pub fn of(header: &CompactHeader) -> IndexShape {
        IndexShape {
            blocks: header.blocks,
            index_crc: header.index_crc,
            data_len: header.data_len,
            block_bytes: header.block_size as usize,
        }
    }
}

/// Why index bytes were refused; shown as the text of a layout error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexFault {
    /// `found` bytes where `blocks` entries need `needed` (`None`: more
    /// than 2^64).
    Length {
        /// Bytes given.
        found: u64,
        /// Blocks of the header.
        blocks: u64,
        /// Bytes they need.
        needed: Option<u64>,
    },
    /// The index does not hash to the header's CRC.
    Crc {
        /// CRC in the header.
        stored: u64,
        /// CRC of the index bytes.
        computed: u64,
    },
    /// Entry `entry` holds an offset that is not after the previous one,
    /// further than zstd's bound from it, or not inside the data (the
    /// first must be 0).
    Offset {
        /// The entry.
        entry: usize,
        /// The offset it holds.
        offset: u64,
    },
    /// The last block is longer than zstd's bound.
    LastTooLong,
}

impl fmt::Display for IndexFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IndexFault::Length {
                found,
                blocks,
                needed,
            } => write!(
                f,
                "block index at offset {HEADER_LEN} is {found} bytes, the header's {blocks} blocks need {} bytes",
                needed.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string())
            ),
            IndexFault::Crc { stored, computed } => write!(
                f,
                "block index hashes to {computed:#018x}, the header says {stored:#018x}"
            ),
            IndexFault::Offset { entry, offset } => write!(
                f,
                "block index entry {entry} (offset {}) holds impossible offset {offset}",
                HEADER_LEN + entry * INDEX_ENTRY_LEN
            ),
            IndexFault::LastTooLong => write!(f, "the last block is longer than zstd's bound"),
        }
    }
}

impl BlockIndex {
    /// The index of blocks written one after another: `entries` holds
    /// each block's `(offset from the data start, checksum)`, in block
    /// order; the last block ends at `data_len`. The writers' side of
    /// [`BlockIndex::check`].
    pub fn from_entries(entries: Vec<(u64, u64)>, data_len: u64) -> BlockIndex {
        BlockIndex { entries, data_len }
    }

    /// Checks the index bytes `bytes` (file offsets [`HEADER_LEN`] to the
    /// data) against what the header says of them, `shape`: their length
    /// (one entry per block), their CRC-64/XZ, and every offset (the first
    /// is 0, each block is at least one byte and at most zstd's bound for
    /// `shape.block_bytes`, the last one ends at the data length).
    ///
    /// # Errors
    /// The first [`IndexFault`] found.
    pub fn check(bytes: &[u8], shape: &IndexShape) -> Result<BlockIndex, IndexFault> {
        let needed = shape.blocks.checked_mul(INDEX_ENTRY_LEN as u64);
        if needed != Some(bytes.len() as u64) {
            return Err(IndexFault::Length {
                found: bytes.len() as u64,
                blocks: shape.blocks,
                needed,
            });
        }
        let computed = CRC64.checksum(bytes);
        if computed != shape.index_crc {
            return Err(IndexFault::Crc {
                stored: shape.index_crc,
                computed,
            });
        }
        let bound = zstd::zstd_safe::compress_bound(shape.block_bytes) as u64;
        let mut entries: Vec<(u64, u64)> = Vec::with_capacity(bytes.len() / INDEX_ENTRY_LEN);
        for (i, e) in bytes.chunks_exact(INDEX_ENTRY_LEN).enumerate() {
            let off = u64::from_le_bytes(e[0..8].try_into().expect("8 bytes"));
            let crc = u64::from_le_bytes(e[8..16].try_into().expect("8 bytes"));
            let ok = match entries.last() {
                None => off == 0,
                Some(&(prev, _)) => off > prev && off - prev <= bound,
            };
            if !ok || off >= shape.data_len {
                return Err(IndexFault::Offset {
                    entry: i,
                    offset: off,
                });
            }
            entries.push((off, crc));
        }
        if shape.data_len - entries.last().map_or(0, |e| e.0) > bound {
            return Err(IndexFault::LastTooLong);
        }
        Ok(BlockIndex {
            entries,
            data_len: shape.data_len,
        })
    }

    /// Parses and checks the index bytes `bytes` of the Tic-Tac-Chec
    /// compact table `path`, whose header `header` has been checked
    /// ([`BlockIndex::check`]).
    ///
    /// # Errors
    /// [`CompactError::Layout`] for a wrong length or an impossible
    /// offset (naming the entry and its file offset),
    /// [`CompactError::IndexCrc`] for a checksum mismatch.
    pub fn parse(
        bytes: &[u8],
        header: &CompactHeader,
        path: &Path,
    ) -> Result<BlockIndex, CompactError> {
        BlockIndex::check(bytes, &IndexShape::of(header)).map_err(|fault| match fault {
            IndexFault::Crc { stored, computed } => CompactError::IndexCrc {
                path: path.to_path_buf(),
                stored,
                computed,
            },
            _ => CompactError::Layout {
                path: path.to_path_buf(),
                what: fault.to_string(),
            },
        })
    }

    /// Number of blocks.
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Whether there is no block (never, for a parsed index: every table
    /// has cells).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Block `b`'s compressed bytes, as offsets from the data start, and
    /// its checksum; `None` past the last block.
    pub fn block(&self, b: u64) -> Option<(Range<u64>, u64)> {
        let i = usize::try_from(b).ok()?;
        let &(start, crc) = self.entries.get(i)?;
        let end = self.entries.get(i + 1).map_or(self.data_len, |e| e.0);
        Some((start..end, crc))
    }

    /// The CRC-64/XZ of the index bytes, as a header records it.
    pub fn crc(&self) -> u64 {
        CRC64.checksum(&self.to_bytes())
    }

    /// The index bytes (the inverse of [`BlockIndex::check`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.entries.len() * INDEX_ENTRY_LEN);
        for (off, crc) in &self.entries {
            b.extend_from_slice(&off.to_le_bytes());
            b.extend_from_slice(&crc.to_le_bytes());
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer's bytes read back through the check, and every way the
    /// check refuses them.
    #[test]
    fn written_entries_check_and_damage_is_refused() {
        let written = BlockIndex::from_entries(vec![(0, 11), (40, 22), (90, 33)], 130);
        let bytes = written.to_bytes();
        assert_eq!(bytes.len(), 3 * INDEX_ENTRY_LEN);
        assert_eq!(bytes[16..24], 40u64.to_le_bytes());
        assert_eq!(bytes[24..32], 22u64.to_le_bytes());
        let shape = IndexShape {
            blocks: 3,
            index_crc: written.crc(),
            data_len: 130,
            block_bytes: 100,
        };
        let read = BlockIndex::check(&bytes, &shape).unwrap();
        assert_eq!(read, written);
        assert_eq!(read.block(1), Some((40..90, 22)));
        assert_eq!(read.block(2), Some((90..130, 33)));
        assert_eq!(read.block(3), None);
        let fault = |b: &[u8], s: IndexShape| BlockIndex::check(b, &s).unwrap_err();
        assert!(matches!(
            fault(&bytes[..40], shape),
            IndexFault::Length { found: 40, .. }
        ));
        let mut b = bytes.clone();
        b[3] ^= 1;
        assert!(matches!(fault(&b, shape), IndexFault::Crc { .. }));
        // Offsets that do not move forward, or leave the data.
        for (entries, data_len) in [
            (vec![(1, 11), (40, 22), (90, 33)], 130),
            (vec![(0, 11), (0, 22), (90, 33)], 130),
            (vec![(0, 11), (40, 22), (130, 33)], 130),
        ] {
            let w = BlockIndex::from_entries(entries, data_len);
            let s = IndexShape {
                index_crc: w.crc(),
                ..shape
            };
            assert!(matches!(fault(&w.to_bytes(), s), IndexFault::Offset { .. }));
        }
        // Blocks longer than zstd's bound for 1 byte (64 bytes): the first
        // (seen at entry 1), then the last.
        let long = BlockIndex::from_entries(vec![(0, 11), (200, 22)], 230);
        let s = IndexShape {
            blocks: 2,
            index_crc: long.crc(),
            data_len: 230,
            block_bytes: 1,
        };
        assert!(matches!(
            fault(&long.to_bytes(), s),
            IndexFault::Offset { entry: 1, .. }
        ));
        let s = IndexShape { data_len: 300, ..s };
        let last = BlockIndex::from_entries(vec![(0, 11), (60, 22)], 300);
        let s = IndexShape {
            index_crc: last.crc(),
            ..s
        };
        assert_eq!(fault(&last.to_bytes(), s), IndexFault::LastTooLong);
        let ok = BlockIndex::from_entries(vec![(0, 11), (60, 22)], 120);
        let s = IndexShape {
            index_crc: ok.crc(),
            data_len: 120,
            ..s
        };
        assert_eq!(BlockIndex::check(&ok.to_bytes(), &s), Ok(ok));
    }
}

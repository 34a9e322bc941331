//! The block index of a compact table ([`crate::compact`]): one 16-byte
//! entry per block, `(u64 offset of the block's first compressed byte,
//! counted from the start of the data; u64 block checksum)`, little-endian.
//!
//! [`BlockIndex::parse`] reads it from bytes in memory and checks it
//! against the compact header before any block is used: its length (one
//! entry per block), its CRC-64/XZ, and every offset (the first is 0, each
//! block is at least one byte and at most zstd's bound for the block size,
//! the last one ends at the data length).

use crate::checksum::CRC64;
use crate::compact_header::{CompactHeader, HEADER_LEN, INDEX_ENTRY_LEN};
use crate::error::CompactError;
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

impl BlockIndex {
    /// Parses and checks the index bytes `bytes` (file offsets
    /// [`HEADER_LEN`] to the data) of the compact table `path`, whose
    /// header `header` has been checked.
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
        let layout = |what: String| CompactError::Layout {
            path: path.to_path_buf(),
            what,
        };
        let expected = header.blocks.checked_mul(INDEX_ENTRY_LEN as u64);
        if expected != Some(bytes.len() as u64) {
            return Err(layout(format!(
                "block index at offset {HEADER_LEN} is {} bytes, the header's {} blocks need {} bytes",
                bytes.len(),
                header.blocks,
                expected.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string())
            )));
        }
        let computed = CRC64.checksum(bytes);
        if computed != header.index_crc {
            return Err(CompactError::IndexCrc {
                path: path.to_path_buf(),
                stored: header.index_crc,
                computed,
            });
        }
        let bound = zstd::zstd_safe::compress_bound(header.block_size as usize) as u64;
        let mut entries: Vec<(u64, u64)> = Vec::with_capacity(bytes.len() / INDEX_ENTRY_LEN);
        for (i, e) in bytes.chunks_exact(INDEX_ENTRY_LEN).enumerate() {
            let off = u64::from_le_bytes(e[0..8].try_into().expect("8 bytes"));
            let crc = u64::from_le_bytes(e[8..16].try_into().expect("8 bytes"));
            let ok = match entries.last() {
                None => off == 0,
                Some(&(prev, _)) => off > prev && off - prev <= bound,
            };
            if !ok || off >= header.data_len {
                return Err(layout(format!(
                    "block index entry {i} (offset {}) holds impossible offset {off}",
                    HEADER_LEN + i * INDEX_ENTRY_LEN
                )));
            }
            entries.push((off, crc));
        }
        if header.data_len - entries.last().map_or(0, |e| e.0) > bound {
            return Err(layout("the last block is longer than zstd's bound".into()));
        }
        Ok(BlockIndex {
            entries,
            data_len: header.data_len,
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

    /// The index bytes (the inverse of [`BlockIndex::parse`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.entries.len() * INDEX_ENTRY_LEN);
        for (off, crc) in &self.entries {
            b.extend_from_slice(&off.to_le_bytes());
            b.extend_from_slice(&crc.to_le_bytes());
        }
        b
    }
}

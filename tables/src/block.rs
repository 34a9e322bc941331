//! One block of a compact table ([`crate::compact`]) as stored: its
//! compressed bytes, checked against the block index's checksum before
//! they are decompressed, then decompressed to exactly the block's cell
//! count, so a damaged block is refused before any of its cells is used.

use crate::checksum::block_crc;
use crate::error::CompactError;
use std::path::Path;
use zstd::bulk::Decompressor;

/// A block's compressed bytes and what the block index says of them.
#[derive(Debug, Clone, Copy)]
pub struct Block<'a> {
    /// Block number (from 0).
    pub number: u64,
    /// File offset of its first compressed byte (for error messages).
    pub offset: u64,
    /// The compressed bytes.
    pub bytes: &'a [u8],
    /// Checksum from the block index ([`block_crc`] of format `version`).
    pub crc: u64,
    /// Compact format version of the file.
    pub version: u32,
}

impl Block<'_> {
    /// The error [`CompactError::Block`] for this block of the file
    /// `path`, saying `what` is wrong.
    fn damaged(&self, path: &Path, what: String) -> CompactError {
        CompactError::Block {
            path: path.to_path_buf(),
            block: self.number,
            offset: self.offset,
            len: self.bytes.len() as u64,
            what,
        }
    }

    /// Checks the block's checksum against the block index's.
    ///
    /// # Errors
    /// [`CompactError::Block`] naming the file `path`, the block, its
    /// offset and length and both checksums.
    pub fn check(&self, path: &Path) -> Result<(), CompactError> {
        let crc = block_crc(self.version, self.number, self.bytes);
        if crc != self.crc {
            return Err(self.damaged(
                path,
                format!("CRC-64/XZ {crc:#018x}, index says {:#018x}", self.crc),
            ));
        }
        Ok(())
    }

    /// Checks the block's checksum ([`Block::check`]), then decompresses
    /// it with `dctx` into `out`, which must be exactly the block's cell
    /// count long.
    ///
    /// # Errors
    /// [`CompactError::Block`] naming the file `path`, the block, its
    /// offset and length and what is wrong: a checksum mismatch, a zstd
    /// error, or a decompressed length other than `out.len()`.
    pub fn decode(
        &self,
        path: &Path,
        dctx: &mut Decompressor<'static>,
        out: &mut [u8],
    ) -> Result<(), CompactError> {
        self.check(path)?;
        let n = dctx
            .decompress_to_buffer(self.bytes, out)
            .map_err(|err| self.damaged(path, format!("zstd: {err}")))?;
        if n != out.len() {
            return Err(self.damaged(
                path,
                format!("decompresses to {n} cells instead of {}", out.len()),
            ));
        }
        Ok(())
    }
}

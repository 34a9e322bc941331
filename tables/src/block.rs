//! One block of a compact table ([`crate::compact`]) as stored: its
//! compressed bytes, checked against the block index's checksum before
//! they are decompressed, then decompressed to exactly the block's cell
//! count, so a damaged block is refused before any of its cells is used.
//! The Surakarta compact tables ([`crate::surakarta::compact`]) check and
//! decompress their blocks here too ([`Block::decompress`]).

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

/// Why a block was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockFault {
    /// Its bytes do not hash to the block index's checksum.
    Crc {
        /// Checksum of the bytes read.
        computed: u64,
        /// Checksum in the block index.
        stored: u64,
    },
    /// zstd refused the bytes (the text is zstd's).
    Zstd(String),
    /// It decompressed to `found` bytes instead of `expected`.
    Length {
        /// Bytes it decompressed to.
        found: usize,
        /// The block's bytes.
        expected: usize,
    },
}

impl Block<'_> {
    /// Checks the block's checksum against the block index's; shared by
    /// the compact tables of both games.
    ///
    /// # Errors
    /// [`BlockFault::Crc`] with both checksums.
    pub fn verify(&self) -> Result<(), BlockFault> {
        let computed = block_crc(self.version, self.number, self.bytes);
        if computed != self.crc {
            return Err(BlockFault::Crc {
                computed,
                stored: self.crc,
            });
        }
        Ok(())
    }

    /// Checks the block's checksum ([`Block::verify`]), then decompresses
    /// it with `dctx` into `out`, which must be exactly the block's
    /// decompressed length; shared by the compact tables of both games.
    ///
    /// # Errors
    /// The [`BlockFault`]: a checksum mismatch, a zstd error, or a
    /// decompressed length other than `out.len()`.
    pub fn decompress(
        &self,
        dctx: &mut Decompressor<'static>,
        out: &mut [u8],
    ) -> Result<(), BlockFault> {
        self.verify()?;
        let n = dctx
            .decompress_to_buffer(self.bytes, out)
            .map_err(|err| BlockFault::Zstd(err.to_string()))?;
        if n != out.len() {
            return Err(BlockFault::Length {
                found: n,
                expected: out.len(),
            });
        }
        Ok(())
    }

    /// The error [`CompactError::Block`] of a Tic-Tac-Chec compact table
    /// for this block of the file `path` and `fault`.
    fn damaged(&self, path: &Path, fault: BlockFault) -> CompactError {
        let what = match fault {
            BlockFault::Crc { computed, stored } => {
                format!("CRC-64/XZ {computed:#018x}, index says {stored:#018x}")
            }
            BlockFault::Zstd(err) => format!("zstd: {err}"),
            BlockFault::Length { found, expected } => {
                format!("decompresses to {found} cells instead of {expected}")
            }
        };
        CompactError::Block {
            path: path.to_path_buf(),
            block: self.number,
            offset: self.offset,
            len: self.bytes.len() as u64,
            what,
        }
    }

    /// Checks the block's checksum against the block index's
    /// ([`Block::verify`]).
    ///
    /// # Errors
    /// [`CompactError::Block`] naming the file `path`, the block, its
    /// offset and length and both checksums.
    pub fn check(&self, path: &Path) -> Result<(), CompactError> {
        self.verify().map_err(|f| self.damaged(path, f))
    }

    /// Checks and decompresses the block ([`Block::decompress`]) of a
    /// Tic-Tac-Chec compact table with `dctx` into `out`, which must be
    /// exactly the block's cell count long.
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
        self.decompress(dctx, out)
            .map_err(|f| self.damaged(path, f))
    }
}

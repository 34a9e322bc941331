//! The header of a source table ([`crate::file`]): 128 little-endian
//! bytes before the cells.
//!
//! # Header layout (all integers little-endian)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `TTCTBASE` |
//! | 8 | 4 | format version, [`FORMAT_VERSION`] |
//! | 12 | 4 | rule tag (0x54544303 travel-direction, 0x54544301 outbound-only, 0x54544302 toward-opponent) |
//! | 16 | 1 | board size (3 or 4) |
//! | 17 | 1 | role mask (bit 0 pawn, 1 knight, 2 bishop, 3 rook) |
//! | 18 | 1 | opening plies (placement-only lock) |
//! | 19 | 1 | solve status: 0 = being solved, 1 = complete |
//! | 20 | 4 | header length = 128 |
//! | 24 | 8 | post-opening cell count |
//! | 32 | 8 | opening cell count |
//! | 40 | 8 | CRC-64/XZ of all cells (post-opening then opening) |
//! | 48 | 8 | CRC-64/XZ of header bytes 0..48 |
//! | 56 | 72 | reserved, zero |
//!
//! Bytes 12..19 are the table's identity, written and checked by
//! [`crate::identity`], as in every other file of a table.
//!
//! Cells follow at offset 128: `post` bytes in [`crate::Index`] order, then
//! `opening` bytes in [`crate::OpeningIndex`] order, with the codes of
//! [`crate::code`].
//!
//! Files are written under `NAME.tmp`, synced, then renamed, so a crash
//! never leaves a half-written table under the real name. Opening checks
//! the header, the sizes against the index of the stated variant, and the
//! cell CRC before anything is read.

use crate::checksum::CRC64;
use crate::error::TableError;
use crate::header_bytes::first_wrong_byte;
use crate::identity::{TableIdentity, HEADER_OFFSET as ID, IDENTITY_LEN};
use crate::layout::{magic_text, COMPACT_MAGIC, SOURCE_MAGIC};
use crate::{Index, OpeningIndex};
use rules::ttc::Variant;
use std::path::Path;

pub use crate::layout::{SOURCE_HEADER_LEN as HEADER_LEN, SOURCE_VERSION as FORMAT_VERSION};

/// Decoded header fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Rule set the table was solved under.
    pub variant: Variant,
    /// Whether the solve completed.
    pub complete: bool,
    /// Post-opening cells.
    pub post: u64,
    /// Opening cells.
    pub opening: u64,
    /// CRC-64/XZ of all cells.
    pub cells_crc: u64,
}

impl Header {
    /// The 128 header bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(SOURCE_MAGIC);
        b[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        b[ID..ID + IDENTITY_LEN].copy_from_slice(&TableIdentity::of(self.variant).to_bytes());
        b[19] = self.complete as u8;
        b[20..24].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        b[24..32].copy_from_slice(&self.post.to_le_bytes());
        b[32..40].copy_from_slice(&self.opening.to_le_bytes());
        b[40..48].copy_from_slice(&self.cells_crc.to_le_bytes());
        let hcrc = CRC64.checksum(&b[0..48]);
        b[48..56].copy_from_slice(&hcrc.to_le_bytes());
        b
    }

    /// Parses and checks header bytes (magic, version, header CRC, rules,
    /// counts against the index). `file_len` is the whole file's length.
    ///
    /// # Errors
    /// The [`TableError`] naming the first problem found.
    pub fn parse(b: &[u8], file_len: u64, path: &Path) -> Result<Header, TableError> {
        check_frame(b, file_len, path)?;
        let p = || path.to_path_buf();
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let found = TableIdentity::from_bytes(&b[ID..]);
        let variant = found
            .variant()
            .ok_or_else(|| TableError::foreign(path, found))?;
        let h = Header {
            variant,
            complete: b[19] == 1,
            post: u64_at(24),
            opening: u64_at(32),
            cells_crc: u64_at(40),
        };
        let post = Index::size_of(variant);
        if h.post != post {
            return Err(TableError::Layout {
                path: p(),
                what: "post-opening",
                expected: post,
                found: h.post,
            });
        }
        let opening = OpeningIndex::new(variant).size();
        if h.opening != opening {
            return Err(TableError::Layout {
                path: p(),
                what: "opening",
                expected: opening,
                found: h.opening,
            });
        }
        let expected = HEADER_LEN as u64 + post + opening;
        if file_len != expected {
            return Err(TableError::Length {
                path: p(),
                expected,
                found: file_len,
            });
        }
        if b[19] > 1 {
            return Err(TableError::Incomplete {
                path: p(),
                status: b[19],
            });
        }
        Ok(h)
    }
}

/// Checks what must hold before any field is decoded: the length, the
/// magic (naming a compact table as such), the version, the header CRC
/// and the fixed bytes.
fn check_frame(b: &[u8], file_len: u64, path: &Path) -> Result<(), TableError> {
    let p = || path.to_path_buf();
    if b.len() < HEADER_LEN {
        return Err(TableError::TooShort {
            path: p(),
            len: file_len,
        });
    }
    if &b[0..8] == COMPACT_MAGIC {
        return Err(TableError::Compact { path: p() });
    }
    if &b[0..8] != SOURCE_MAGIC {
        return Err(TableError::BadMagic {
            path: p(),
            found: magic_text(&b[0..8]),
        });
    }
    let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"));
    let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != FORMAT_VERSION {
        return Err(TableError::Version {
            path: p(),
            found: version,
        });
    }
    let stored = u64_at(48);
    let computed = CRC64.checksum(&b[0..48]);
    if stored != computed {
        return Err(TableError::HeaderCrc {
            path: p(),
            stored,
            computed,
        });
    }
    let fields = [
        (
            20,
            &(HEADER_LEN as u32).to_le_bytes()[..],
            "header length, 128",
        ),
        (56, &[0u8; HEADER_LEN - 56][..], "reserved, zero"),
    ];
    if let Some((offset, found, expected, what)) = first_wrong_byte(b, &fields) {
        return Err(TableError::Reserved {
            path: p(),
            offset,
            found,
            expected,
            what,
        });
    }
    Ok(())
}

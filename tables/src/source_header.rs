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
//! [`crate::identity`], as in every other file of a table; the magic,
//! version, fixed bytes and header CRC by the shared
//! [`crate::header_frame`] ([`FRAME`]).
//!
//! Cells follow at offset 128: `post` bytes in [`crate::Index`] order, then
//! `opening` bytes in [`crate::OpeningIndex`] order, with the codes of
//! [`crate::code`].
//!
//! Files are written under `NAME.tmp`, synced, then renamed, so a crash
//! never leaves a half-written table under the real name. Opening checks
//! the header, the sizes against the index of the stated variant, and the
//! cell CRC before anything is read.

use crate::error::TableError;
use crate::header_frame::{u64_at, FrameFault, HeaderFault, HeaderFrame};
use crate::layout::{magic_text, COMPACT_MAGIC, SOURCE_MAGIC};
use crate::{Index, OpeningIndex};
use rules::ttc::Variant;
use std::path::Path;

pub use crate::layout::{SOURCE_HEADER_LEN as HEADER_LEN, SOURCE_VERSION as FORMAT_VERSION};

/// The source header's frame: magic `TTCTBASE`, version 1, the header
/// length at 20, the header CRC at 48, reserved zeros from 56.
pub const FRAME: HeaderFrame = HeaderFrame {
    magic: SOURCE_MAGIC,
    oldest: FORMAT_VERSION,
    newest: FORMAT_VERSION,
    crc_at: 48,
    fixed: &[
        crate::header_frame::Fixed {
            offset: 20,
            bytes: &(HEADER_LEN as u32).to_le_bytes(),
            what: "header length, 128",
        },
        crate::header_frame::Fixed {
            offset: 56,
            bytes: &[0u8; HEADER_LEN - 56],
            what: "reserved, zero",
        },
    ],
};

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
        FRAME.write(FORMAT_VERSION, &self.variant, |b| {
            b[19] = self.complete as u8;
            b[24..32].copy_from_slice(&self.post.to_le_bytes());
            b[32..40].copy_from_slice(&self.opening.to_le_bytes());
            b[40..48].copy_from_slice(&self.cells_crc.to_le_bytes());
        })
    }

    /// Parses and checks header bytes (magic, version, header CRC, rules,
    /// counts against the index). `file_len` is the whole file's length.
    ///
    /// # Errors
    /// The [`TableError`] naming the first problem found.
    pub fn parse(b: &[u8], file_len: u64, path: &Path) -> Result<Header, TableError> {
        let p = || path.to_path_buf();
        let (_, variant, b) = FRAME
            .read::<Variant>(b)
            .map_err(|fault| refused(fault, file_len, path))?;
        let h = Header {
            variant,
            complete: b[19] == 1,
            post: u64_at(b, 24),
            opening: u64_at(b, 32),
            cells_crc: u64_at(b, 40),
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

/// The [`TableError`] of a header refused by its frame or identity
/// (a compact table's magic is named as such).
fn refused(fault: HeaderFault<crate::TableIdentity>, file_len: u64, path: &Path) -> TableError {
    let p = path.to_path_buf();
    match fault {
        HeaderFault::Identity(found) => TableError::foreign(path, found),
        HeaderFault::Frame(FrameFault::TooShort { .. }) => TableError::TooShort {
            path: p,
            len: file_len,
        },
        HeaderFault::Frame(FrameFault::Magic { found }) if &found == COMPACT_MAGIC => {
            TableError::Compact { path: p }
        }
        HeaderFault::Frame(FrameFault::Magic { found }) => TableError::BadMagic {
            path: p,
            found: magic_text(&found),
        },
        HeaderFault::Frame(FrameFault::Version { found }) => TableError::Version { path: p, found },
        HeaderFault::Frame(FrameFault::Crc {
            stored, computed, ..
        }) => TableError::HeaderCrc {
            path: p,
            stored,
            computed,
        },
        HeaderFault::Frame(FrameFault::Fixed {
            offset,
            found,
            expected,
            what,
        }) => TableError::Reserved {
            path: p,
            offset,
            found,
            expected,
            what,
        },
    }
}

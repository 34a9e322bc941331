//! A table of either format, chosen by the magic at offset 0: a source
//! table ([`crate::file`], `TTCTBASE`) or a compact table
//! ([`crate::compact`], `TTCCPACK`), with one read interface.

use crate::compact::{CompactError, CompactTable, Section};
use crate::file::{self, Table, TableError};
use rules::ttc::Variant;
use std::io::Read;
use std::path::Path;

/// A source or compact table.
pub enum AnyTable {
    /// One byte per position, memory-mapped (fully CRC-checked at open).
    Source(Table),
    /// zstd-compressed blocks (header and index checked at open, each
    /// block when first read).
    Compact(CompactTable),
}

impl std::fmt::Debug for AnyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyTable")
            .field("format", &self.format())
            .field("path", &self.path())
            .finish()
    }
}

/// The two formats, told apart by the magic.
enum Format {
    Source,
    Compact,
}

/// The format of the table `path` whose first bytes (up to 8; fewer only
/// when the file is shorter) are `magic`.
fn format(magic: &[u8], path: &Path) -> Result<Format, CompactError> {
    if magic == file::MAGIC.as_slice() {
        Ok(Format::Source)
    } else if magic == crate::compact::MAGIC.as_slice() {
        Ok(Format::Compact)
    } else if magic.len() < 8 {
        Err(CompactError::Source(TableError::TooShort {
            path: path.to_path_buf(),
            len: magic.len() as u64,
        }))
    } else {
        Err(CompactError::BadMagic {
            path: path.to_path_buf(),
            found: format!("{:?}", String::from_utf8_lossy(magic)),
        })
    }
}

impl AnyTable {
    /// Opens `path` as a source table ([`Table::open`], which checks the
    /// CRC of every cell) or a compact table ([`CompactTable::open`]),
    /// by its magic.
    ///
    /// # Errors
    /// [`CompactError::BadMagic`] for neither, otherwise the format's own
    /// errors.
    pub fn open(path: &Path) -> Result<AnyTable, CompactError> {
        let mut magic = [0u8; 8];
        let mut f = crate::fsutil::open_regular(path)?;
        let mut got = 0;
        while got < 8 {
            let n = f
                .read(&mut magic[got..])
                .map_err(|source| CompactError::Io {
                    path: path.to_path_buf(),
                    source,
                })?;
            if n == 0 {
                break;
            }
            got += n;
        }
        Ok(match format(&magic[..got], path)? {
            Format::Source => AnyTable::Source(Table::open(path)?),
            Format::Compact => AnyTable::Compact(CompactTable::open(path)?),
        })
    }

    /// A whole table file of either format held in memory, checked as
    /// [`AnyTable::open`] checks a file ([`Table::from_bytes`] or
    /// [`CompactTable::from_bytes`], by its magic); `path` names it in
    /// errors.
    ///
    /// # Errors
    /// As [`AnyTable::open`], minus the file system's errors.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<AnyTable, CompactError> {
        Ok(match format(&bytes[..8.min(bytes.len())], path)? {
            Format::Source => AnyTable::Source(Table::from_bytes(path, bytes)?),
            Format::Compact => AnyTable::Compact(CompactTable::from_bytes(path, bytes)?),
        })
    }

    /// `source` or `compact`.
    pub fn format(&self) -> &'static str {
        match self {
            AnyTable::Source(_) => "source",
            AnyTable::Compact(_) => "compact",
        }
    }

    /// Rule set.
    pub fn variant(&self) -> Variant {
        match self {
            AnyTable::Source(t) => t.variant(),
            AnyTable::Compact(t) => t.variant(),
        }
    }

    /// File path.
    pub fn path(&self) -> &Path {
        match self {
            AnyTable::Source(t) => t.path(),
            AnyTable::Compact(t) => t.path(),
        }
    }

    /// CRC-64/XZ of all cells, from the header (equal for a source table
    /// and its compact form).
    pub fn cells_crc(&self) -> u64 {
        match self {
            AnyTable::Source(t) => t.header().cells_crc,
            AnyTable::Compact(t) => t.header().cells_crc,
        }
    }

    /// `(post-opening, opening)` cell counts.
    pub fn counts(&self) -> (u64, u64) {
        match self {
            AnyTable::Source(t) => (t.header().post, t.header().opening),
            AnyTable::Compact(t) => (t.header().post, t.header().opening),
        }
    }

    /// Cell `index` of `section`.
    ///
    /// # Errors
    /// [`CompactError::OutOfRange`], or a damaged compact block.
    pub fn get(&self, section: Section, index: u64) -> Result<u8, CompactError> {
        match self {
            AnyTable::Compact(t) => t.get(section, index),
            AnyTable::Source(t) => {
                let cells = match section {
                    Section::Post => t.post(),
                    Section::Opening => t.opening(),
                };
                cells
                    .get(index as usize)
                    .copied()
                    .ok_or_else(|| CompactError::OutOfRange {
                        path: t.path().to_path_buf(),
                        section,
                        index,
                        len: cells.len() as u64,
                    })
            }
        }
    }

    /// Post-opening cell `i` ([`crate::Index`] order).
    ///
    /// # Errors
    /// As [`AnyTable::get`].
    pub fn post(&self, i: u64) -> Result<u8, CompactError> {
        self.get(Section::Post, i)
    }

    /// Opening cell `i` ([`crate::OpeningIndex`] order).
    ///
    /// # Errors
    /// As [`AnyTable::get`].
    pub fn opening(&self, i: u64) -> Result<u8, CompactError> {
        self.get(Section::Opening, i)
    }
}

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

impl AnyTable {
    /// Opens `path` as a source table ([`Table::open`], which checks the
    /// CRC of every cell) or a compact table ([`CompactTable::open`]),
    /// by its magic.
    ///
    /// # Errors
    /// [`CompactError::BadMagic`] for neither, otherwise the format's own
    /// errors.
    pub fn open(path: &Path) -> Result<AnyTable, CompactError> {
        AnyTable::open_with(path, true)
    }

    /// Opens `path` as [`AnyTable::open`] does; with `check_cells` false a
    /// source table is opened with [`Table::open_trusted`] (header, sizes
    /// and completion checked, not the CRC of every cell). A compact table
    /// is opened the same way either way: its blocks are checked when
    /// read.
    ///
    /// # Errors
    /// As [`AnyTable::open`].
    pub fn open_with(path: &Path, check_cells: bool) -> Result<AnyTable, CompactError> {
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
        if &magic[..got] == file::MAGIC.as_slice() {
            Ok(AnyTable::Source(if check_cells {
                Table::open(path)?
            } else {
                Table::open_trusted(path)?
            }))
        } else if &magic[..got] == crate::compact::MAGIC.as_slice() {
            Ok(AnyTable::Compact(CompactTable::open(path)?))
        } else if got < 8 {
            Err(CompactError::Source(TableError::TooShort {
                path: path.to_path_buf(),
                len: got as u64,
            }))
        } else {
            Err(CompactError::BadMagic {
                path: path.to_path_buf(),
                found: format!("{:?}", String::from_utf8_lossy(&magic)),
            })
        }
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

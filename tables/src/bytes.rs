//! The bytes a table is read from: a read-only memory map of its file, or
//! a buffer already in memory. Every check of a table's contents runs on
//! these bytes, so a table given in memory ([`Table::from_bytes`],
//! [`CompactTable::from_bytes`]) passes exactly the checks of one opened
//! from disk; opening a path only adds the file system (a regular file,
//! its mapping).
//!
//! [`Table::from_bytes`]: crate::file::Table::from_bytes
//! [`CompactTable::from_bytes`]: crate::compact::CompactTable::from_bytes

use crate::error::TableError;
use memmap2::Mmap;
use std::fs::File;
use std::path::Path;

/// A table's whole file contents.
pub enum TableBytes {
    /// A read-only mapping of the file.
    Mapped(Mmap),
    /// A buffer in memory.
    Owned(Vec<u8>),
}

impl TableBytes {
    /// Maps `file` (opened from `path`) read-only; an empty file maps to
    /// an empty slice.
    ///
    /// # Errors
    /// [`TableError::Io`] naming `path`.
    pub fn map(file: &File, path: &Path) -> Result<TableBytes, TableError> {
        // SAFETY: read-only mapping of a file this program does not
        // modify; other writers are outside this program's contract.
        let map = unsafe { Mmap::map(file) }.map_err(|source| TableError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(TableBytes::Mapped(map))
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(bytes: Vec<u8>) -> TableBytes {
        TableBytes::Owned(bytes)
    }
}

impl std::ops::Deref for TableBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            TableBytes::Mapped(m) => m,
            TableBytes::Owned(v) => v,
        }
    }
}

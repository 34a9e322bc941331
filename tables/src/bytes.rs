//! The bytes a table is read from: a read-only memory map of its file, or
//! a buffer in memory (read from its file, or given). Every check of a
//! table's contents runs on these bytes, so a table given in memory
//! ([`Table::from_bytes`], [`CompactTable::from_bytes`]) passes exactly
//! the checks of one opened from disk; opening a path only adds the file
//! system (a regular file, its mapping) and the [`FileGuard`] that
//! refuses the file once it changed ([`TableBytes::check_unchanged`]).
//!
//! [`Table::from_bytes`]: crate::file::Table::from_bytes
//! [`CompactTable::from_bytes`]: crate::compact::CompactTable::from_bytes

use crate::error::TableError;
use crate::guard::FileGuard;
use memmap2::Mmap;
use std::io::Read;
use std::path::Path;

/// Largest table file the front ends that keep a table open (the server,
/// Python) read into memory rather than map: 1 GiB (the compact table of
/// the full game is 24 MB, its source table 2.48 GB).
pub const IN_MEMORY_LIMIT: u64 = 1 << 30;

/// Where a table's bytes are.
enum Data {
    /// A read-only mapping of the file.
    Mapped(Mmap),
    /// A buffer in memory.
    Owned(Vec<u8>),
}

/// A table's whole file contents, and the guard of its file when it was
/// read from one.
pub struct TableBytes {
    data: Data,
    guard: Option<FileGuard>,
}

impl TableBytes {
    /// The file at `path` (a regular file), read into memory when it is at
    /// most `in_memory_limit` bytes long, otherwise mapped read-only; its
    /// [`FileGuard`] is taken before the contents are read. A table read
    /// into memory never faults, whatever happens to its file; a mapped
    /// one faults (SIGBUS) if its file is shortened while a read touches
    /// the lost pages (see [`crate::guard`]).
    ///
    /// # Errors
    /// [`TableError::NotRegular`], [`TableError::Io`] naming `path`, or
    /// [`TableError::Changed`] for a file that changed while it was read.
    pub fn open(path: &Path, in_memory_limit: u64) -> Result<TableBytes, TableError> {
        let file = crate::fsutil::open_regular(path)?;
        let guard = FileGuard::new(path, file)?;
        let data = if guard.len() <= in_memory_limit {
            let mut bytes = Vec::with_capacity(guard.len() as usize);
            guard
                .file()
                .take(guard.len() + 1)
                .read_to_end(&mut bytes)
                .map_err(crate::fsutil::io_err(path))?;
            Data::Owned(bytes)
        } else {
            // SAFETY: a read-only mapping of a file this program does not
            // modify; a file shortened by another program is the risk the
            // guard narrows (module docs).
            let map = unsafe { Mmap::map(guard.file()) }.map_err(crate::fsutil::io_err(path))?;
            Data::Mapped(map)
        };
        let t = TableBytes {
            data,
            guard: Some(guard),
        };
        if t.len() as u64 != t.guard.as_ref().map_or(0, FileGuard::len) {
            return Err(TableError::Changed {
                path: path.to_path_buf(),
                what: format!("changed length to {} bytes while it was read", t.len()),
            });
        }
        t.check_unchanged()?;
        Ok(t)
    }

    /// Whether the bytes are a mapping of the file (not a copy in memory).
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, Data::Mapped(_))
    }

    /// Tells the kernel that a mapping is read at random (no read-ahead:
    /// a probe reads a few bytes far apart); nothing for bytes in memory.
    pub fn advise_random(&self) {
        #[cfg(unix)]
        if let Data::Mapped(m) = &self.data {
            let _ = m.advise(memmap2::Advice::Random);
        }
    }

    /// Refuses the table once its file changed ([`FileGuard::check`]);
    /// bytes given in memory have no file and always pass.
    ///
    /// # Errors
    /// [`TableError::Changed`] naming the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), TableError> {
        self.guard.as_ref().map_or(Ok(()), FileGuard::check)
    }

    /// The guard of the file the bytes were read from (`None` for bytes
    /// given in memory).
    pub fn guard(&self) -> Option<&FileGuard> {
        self.guard.as_ref()
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(bytes: Vec<u8>) -> TableBytes {
        TableBytes {
            data: Data::Owned(bytes),
            guard: None,
        }
    }
}

impl std::ops::Deref for TableBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.data {
            Data::Mapped(m) => m,
            Data::Owned(v) => v,
        }
    }
}

//! A served table's file: read into memory at start (or, for a large
//! source table with `--allow-source`, memory-mapped) and watched through
//! the library's guard ([`AnyTable::check_unchanged`]), so that no answer
//! comes from a file that changed or vanished on disk.
//!
//! A table read into memory cannot fault whatever happens to its file;
//! the server still refuses to answer (503) once the file at its path is
//! no longer the one it read, because `/api/info` would name a table that
//! is not the one answering. A memory-mapped table is safe against a
//! file replaced by rename (the mapping keeps the old inode) but not
//! against one shortened in place: a read past the new end raises
//! SIGBUS. The check before each answer narrows that window to the
//! probe itself; docs/explorer.md states the remaining risk.

use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use tables::any::AnyTable;
use tables::error::{CompactError, TableError};

/// Largest table file read into memory (1 GiB): the compact table of the
/// full game is 24 MB, its source table 2.48 GB.
pub const IN_MEMORY_LIMIT: u64 = tables::bytes::IN_MEMORY_LIMIT;

/// A table file as the server opened it.
#[derive(Debug)]
pub struct TableFile {
    /// The path as given on the command line (never shown to clients).
    path: PathBuf,
    /// The file's name, which clients see instead of the path.
    name: String,
}

/// The file name of `path` (the path itself if it has none).
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

impl TableFile {
    /// Opens `path` as a table: a file up to [`IN_MEMORY_LIMIT`] bytes is
    /// read into memory and checked as [`AnyTable::open`] checks a file;
    /// a larger one is refused unless `allow_mapped`, then memory-mapped
    /// ([`AnyTable::open_limited`]).
    ///
    /// # Errors
    /// The table's own errors (the CLI's messages); a file larger than the
    /// limit without `allow_mapped`; a file that changed while read.
    pub fn open(path: &Path, allow_mapped: bool) -> Result<(AnyTable, TableFile)> {
        tables::fsutil::check_regular(path)?;
        let name = file_name(path);
        let len = std::fs::metadata(path)
            .map_err(|source| TableError::Io {
                path: path.to_path_buf(),
                source,
            })?
            .len();
        if len > IN_MEMORY_LIMIT && !allow_mapped {
            bail!(
                "{name} is {len} bytes, more than the server reads into memory ({IN_MEMORY_LIMIT}); \
                 serve its compact form (`ttc pack {name} OUT.ctbl`, about 2% of the size), \
                 or pass --allow-source to memory-map it (the file must then not be \
                 shortened while the server runs: see docs/explorer.md)"
            );
        }
        let table = AnyTable::open_limited(path, true, IN_MEMORY_LIMIT)?;
        let tf = TableFile {
            path: path.to_path_buf(),
            name,
        };
        tf.check(&table).map_err(anyhow::Error::msg)?;
        Ok((table, tf))
    }

    /// The file's name, shown to clients instead of its path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The path as given (for messages on the server's own terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks that the file of `table` is still the one opened
    /// ([`AnyTable::check_unchanged_full`]: same inode, length,
    /// modification time and header, at its path and as the open file).
    ///
    /// # Errors
    /// A message naming the table (by file name) and what changed.
    pub fn check(&self, table: &AnyTable) -> Result<(), String> {
        match table.check_unchanged_full() {
            Ok(()) => Ok(()),
            Err(CompactError::Source(TableError::Changed { what, .. })) => Err(format!(
                "table {} {what} since the server opened it; no answer is given from a \
                 changed table: restart `ttc serve` to serve the file as it is now",
                self.name
            )),
            Err(e) => Err(format!("table {}: {e}", self.name)),
        }
    }
}

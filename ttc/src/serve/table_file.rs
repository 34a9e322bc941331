//! A served table's file: read into memory at start (or, for a large
//! source table with `--allow-source`, memory-mapped) and watched, so
//! that no answer comes from a file that changed or vanished on disk.
//!
//! A table read into memory cannot fault whatever happens to its file;
//! the server still refuses to answer (503) once the file at its path is
//! no longer the one it read, because `/api/info` would name a table that
//! is not the one answering. A memory-mapped table is safe against a
//! file replaced by rename (the mapping keeps the old inode) but not
//! against one shortened in place: a read past the new end raises
//! SIGBUS. The check before each answer narrows that window to the
//! probe itself; docs/explorer.md states the remaining risk.

use anyhow::{bail, Context, Result};
use std::fs::{File, Metadata};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use tables::any::AnyTable;

/// Largest table file read into memory (1 GiB): the compact table of the
/// full game is 24 MB, its source table 2.48 GB.
pub const IN_MEMORY_LIMIT: u64 = 1 << 30;

/// What identifies a file's contents without reading them: inode, length
/// and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    /// Device and inode (zero where the platform has none).
    id: (u64, u64),
    /// Length in bytes.
    len: u64,
    /// Last modification time, if the file system keeps one.
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(meta: &Metadata) -> Stamp {
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let id = (0, 0);
        Stamp {
            id,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    /// How `now` differs from `self`, in words; `None` if it does not.
    fn change(&self, now: &Stamp) -> Option<String> {
        if now.id != self.id {
            Some("was replaced by another file".into())
        } else if now.len != self.len {
            Some(format!(
                "changed length from {} to {} bytes",
                self.len, now.len
            ))
        } else if now.modified != self.modified {
            Some("was rewritten in place".into())
        } else {
            None
        }
    }
}

/// A table file as the server opened it.
#[derive(Debug)]
pub struct TableFile {
    /// The path as given on the command line (never shown to clients).
    path: PathBuf,
    /// The file's name, which clients see instead of the path.
    name: String,
    /// The file as it was read.
    stamp: Stamp,
    /// The open file of a memory-mapped table, whose length is checked
    /// too (`None` for a table read into memory).
    mapped: Option<File>,
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
    /// ([`AnyTable::open`]).
    ///
    /// # Errors
    /// The table's own errors (the CLI's messages); a file larger than the
    /// limit without `allow_mapped`; a file that changed while read.
    pub fn open(path: &Path, allow_mapped: bool) -> Result<(AnyTable, TableFile)> {
        let mut file = tables::fsutil::open_regular(path)?;
        let meta = file
            .metadata()
            .with_context(|| format!("reading {}", path.display()))?;
        let stamp = Stamp::of(&meta);
        let name = file_name(path);
        if stamp.len > IN_MEMORY_LIMIT {
            if !allow_mapped {
                bail!(
                    "{name} is {} bytes, more than the server reads into memory ({IN_MEMORY_LIMIT}); \
                     serve its compact form (`ttc pack {name} OUT.ctbl`, about 2% of the size), \
                     or pass --allow-source to memory-map it (the file must then not be \
                     shortened while the server runs: see docs/explorer.md)",
                    stamp.len
                );
            }
            let table = AnyTable::open(path)?;
            let tf = TableFile {
                path: path.to_path_buf(),
                name,
                stamp,
                mapped: Some(file),
            };
            tf.check().map_err(anyhow::Error::msg)?;
            return Ok((table, tf));
        }
        let mut bytes = Vec::with_capacity(stamp.len as usize);
        std::io::Read::read_to_end(&mut file, &mut bytes)
            .with_context(|| format!("reading {}", path.display()))?;
        let tf = TableFile {
            path: path.to_path_buf(),
            name,
            stamp,
            mapped: None,
        };
        if bytes.len() as u64 != stamp.len {
            bail!("{} changed while it was read", path.display());
        }
        tf.check().map_err(anyhow::Error::msg)?;
        Ok((AnyTable::from_bytes(path, bytes)?, tf))
    }

    /// The file's name, shown to clients instead of its path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The path as given (for messages on the server's own terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks that the file at the path is still the one opened (same
    /// inode, length and modification time), and for a mapped table that
    /// the open file was not shortened.
    ///
    /// # Errors
    /// A message naming the table (by file name) and what changed.
    pub fn check(&self) -> Result<(), String> {
        let gone = |e: std::io::Error| {
            format!(
                "table {} is no longer readable on disk ({}) since the server opened it; \
                 restart `ttc serve` to serve a table",
                self.name,
                e.kind()
            )
        };
        let now = Stamp::of(&std::fs::metadata(&self.path).map_err(gone)?);
        let open_now = match &self.mapped {
            Some(f) => Some(Stamp::of(&f.metadata().map_err(gone)?)),
            None => None,
        };
        let change = self
            .stamp
            .change(&now)
            .or_else(|| open_now.and_then(|o| self.stamp.change(&o)));
        match change {
            None => Ok(()),
            Some(what) => Err(format!(
                "table {} {what} since the server opened it; no answer is given from a \
                 changed table: restart `ttc serve` to serve the file as it is now",
                self.name
            )),
        }
    }
}

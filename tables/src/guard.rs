//! The one guard against a table file that changed after it was opened:
//! what identifies the file (device and inode, length, modification time,
//! first bytes) is noted at open, and [`FileGuard::check`] compares it
//! with the file now, both at its path and as the open file, before
//! cells are read. Every front end (CLI, server, Python, site exporter)
//! calls it through the tables (`check_unchanged` of [`crate::file::Table`],
//! [`crate::compact::CompactTable`] and [`crate::any::AnyTable`]).
//!
//! The open file is examined (`fstat`: length, modification time) before
//! every read; the path (`stat`: another file, or none) and the first
//! bytes (`pread`) at most once a millisecond ([`FULL_CHECK_EVERY`]), as
//! system calls cost 1 to 4 us each on the shared machines this runs on,
//! more than a warm probe: a truncation or a write to the open file is
//! seen at the next read, a file renamed over the path or a header
//! rewritten within the same modification time within a millisecond.
//!
//! A table read into memory cannot fault whatever happens to its file; the
//! guard still refuses it, because its answers would no longer be those of
//! the file its name points to. A memory-mapped table (a source table
//! larger than the in-memory limit) faults (SIGBUS) if its file is
//! shortened while a read touches the lost pages: the check before each
//! read narrows that window to the read itself, it cannot close it.

use crate::error::TableError;
use std::fs::{self, File, Metadata};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// Longest time between two checks of the path and the first bytes.
pub const FULL_CHECK_EVERY: Duration = Duration::from_millis(1);

/// Bytes at the start of the file compared by [`FileGuard::check`]
/// (both formats' headers fit).
pub const HEAD_LEN: usize = 64;

/// What identifies a file's contents without reading them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    /// Device and inode (zero where the platform has none).
    id: (u64, u64),
    /// Length in bytes.
    len: u64,
    /// Last modification time, if the file system keeps one.
    modified: Option<SystemTime>,
    /// What the file is: a regular file, a folder, a named pipe...
    kind: &'static str,
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
            kind: crate::fsutil::kind(meta),
        }
    }

    /// How `now` differs from `self`, in words; `None` if it does not.
    fn change(&self, now: &Stamp) -> Option<String> {
        if now.kind != self.kind {
            Some(format!("was replaced by {}", now.kind))
        } else if now.id != self.id {
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

/// A table file as it was opened, to refuse it once it changed.
#[derive(Debug)]
pub struct FileGuard {
    /// The path as given.
    path: PathBuf,
    /// The open file.
    file: File,
    /// The file when opened.
    stamp: Stamp,
    /// Its first bytes (up to [`HEAD_LEN`]) when opened.
    head: Vec<u8>,
    /// When the guard was made.
    born: Instant,
    /// Nanoseconds after `born` of the last check of the path and the
    /// first bytes.
    last_full: AtomicU64,
}

impl FileGuard {
    /// Notes what `file`, opened from `path`, is now; call it right after
    /// the open, before the contents are read.
    ///
    /// # Errors
    /// [`TableError::Io`] if the file cannot be examined or read.
    pub fn new(path: &Path, file: File) -> Result<FileGuard, TableError> {
        let meta = file.metadata().map_err(crate::fsutil::io_err(path))?;
        let mut g = FileGuard {
            path: path.to_path_buf(),
            stamp: Stamp::of(&meta),
            file,
            head: Vec::new(),
            born: Instant::now(),
            last_full: AtomicU64::new(0),
        };
        g.head = g.head_now().map_err(crate::fsutil::io_err(path))?;
        Ok(g)
    }

    /// The length the file had when opened.
    pub fn len(&self) -> u64 {
        self.stamp.len
    }

    /// Whether the file was empty when opened.
    pub fn is_empty(&self) -> bool {
        self.stamp.len == 0
    }

    /// The open file.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// The first bytes of the open file now (up to [`HEAD_LEN`]).
    fn head_now(&self) -> std::io::Result<Vec<u8>> {
        let mut head = vec![0u8; HEAD_LEN.min(self.stamp.len as usize)];
        let mut got = 0;
        while got < head.len() {
            let n = read_at(&self.file, &mut head[got..], got as u64)?;
            if n == 0 {
                break;
            }
            got += n;
        }
        head.truncate(got);
        Ok(head)
    }

    /// Refuses the table once its file changed: the open file's length
    /// or modification time (every call), the file the path names (none,
    /// another inode, another kind, length or time) or the first bytes
    /// (at most [`FULL_CHECK_EVERY`] apart) are not those noted at open.
    ///
    /// # Errors
    /// [`TableError::Changed`] naming the file and what changed.
    pub fn check(&self) -> Result<(), TableError> {
        let now = self.born.elapsed().as_nanos() as u64;
        let last = self.last_full.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= FULL_CHECK_EVERY.as_nanos() as u64 {
            self.check_full()?;
            self.last_full.store(now, Ordering::Relaxed);
            return Ok(());
        }
        let open = self
            .file
            .metadata()
            .map_err(|e| self.changed(format!("can no longer be examined ({})", e.kind())))?;
        match self.stamp.change(&Stamp::of(&open)) {
            Some(what) => Err(self.changed(what)),
            None => Ok(()),
        }
    }

    /// [`FileGuard::check`] of everything: the path, the open file and
    /// its first bytes.
    ///
    /// # Errors
    /// As [`FileGuard::check`].
    pub fn check_full(&self) -> Result<(), TableError> {
        let at_path = fs::metadata(&self.path)
            .map_err(|e| self.changed(format!("is no longer readable on disk ({})", e.kind())))?;
        let open = self
            .file
            .metadata()
            .map_err(|e| self.changed(format!("can no longer be examined ({})", e.kind())))?;
        if let Some(what) = self
            .stamp
            .change(&Stamp::of(&at_path))
            .or_else(|| self.stamp.change(&Stamp::of(&open)))
        {
            return Err(self.changed(what));
        }
        match self.head_now() {
            Ok(head) if head == self.head => Ok(()),
            Ok(_) => Err(self.changed("has another header".into())),
            Err(e) => Err(self.changed(format!("can no longer be read ({})", e.kind()))),
        }
    }

    /// The error of a file that `what`.
    fn changed(&self, what: String) -> TableError {
        TableError::Changed {
            path: self.path.clone(),
            what,
        }
    }
}

/// Reads into `buf` from `offset` of `file` without moving a shared
/// cursor.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// Reads into `buf` from `offset` of `file`.
#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn guarded(bytes: &[u8]) -> (tempfile::TempDir, PathBuf, FileGuard) {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("t.tbl");
        fs::write(&p, bytes).unwrap();
        let g = FileGuard::new(&p, File::open(&p).unwrap()).unwrap();
        (d, p, g)
    }

    #[test]
    fn the_path_is_checked_again_within_a_millisecond() {
        let (_d, p, g) = guarded(&[7u8; 100]);
        fs::remove_file(&p).unwrap();
        std::thread::sleep(FULL_CHECK_EVERY * 2);
        let e = g.check().unwrap_err().to_string();
        assert!(e.contains("no longer readable"), "{e}");
    }

    #[test]
    fn an_unchanged_file_passes() {
        let (_d, _p, g) = guarded(&[7u8; 100]);
        g.check().unwrap();
        assert_eq!(g.len(), 100);
    }

    #[test]
    fn each_change_is_named() {
        let (_d, p, g) = guarded(&[7u8; 100]);
        fs::OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(10)
            .unwrap();
        let e = g.check().unwrap_err().to_string();
        assert!(e.contains("t.tbl") && e.contains("from 100 to 10"), "{e}");

        let (_d, p, g) = guarded(&[7u8; 100]);
        fs::remove_file(&p).unwrap();
        g.check().unwrap();
        let e = g.check_full().unwrap_err().to_string();
        assert!(e.contains("no longer readable"), "{e}");
        fs::create_dir(&p).unwrap();
        let e = g.check_full().unwrap_err().to_string();
        assert!(e.contains("replaced by a directory"), "{e}");
        // A named pipe at the path has length 0, but is named for what it
        // is, not as a change of length (issue 38, item 7).
        #[cfg(unix)]
        {
            fs::remove_dir(&p).unwrap();
            let made = std::process::Command::new("mkfifo").arg(&p).status();
            if made.is_ok_and(|s| s.success()) {
                let e = g.check_full().unwrap_err().to_string();
                assert!(e.contains("replaced by a named pipe (FIFO)"), "{e}");
                assert!(!e.contains("length"), "{e}");
            }
        }

        // Same length, same inode, first byte rewritten: the header
        // differs even where the modification time is too coarse.
        let (_d, p, g) = guarded(&[7u8; 100]);
        let mut f = fs::OpenOptions::new().write(true).open(&p).unwrap();
        f.write_all(&[0]).unwrap();
        let e = g.check_full().unwrap_err().to_string();
        assert!(
            e.contains("rewritten in place") || e.contains("another header"),
            "{e}"
        );
    }
}

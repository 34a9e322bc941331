//! File handling shared by every command that reads or writes a file:
//! refusing anything that is not a regular file before opening it, bounded
//! reads of small files, disk space checked up front and reserved before a
//! file is written through a memory map, and an exclusive lock on an
//! output path.
//!
//! A file written through a memory map is sparse until its pages are
//! touched; on a full disk the kernel then kills the process with SIGBUS
//! and nothing is printed. Reserving the blocks with `fallocate` first
//! turns that into an ordinary error naming the file and the bytes needed.

pub(crate) use crate::error::table_io as io_err;
use crate::error::TableError;
use fs4::FileExt;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What kind of file `meta` describes, for messages (`a directory`, `a
/// named pipe`, ...).
pub(crate) fn kind(meta: &fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Refuses `path` unless it is a regular file (symbolic links followed).
///
/// # Errors
/// [`TableError::NotRegular`] naming the kind found, [`TableError::Io`]
/// if it cannot be examined (missing, say).
pub fn check_regular(path: &Path) -> Result<(), TableError> {
    let meta = fs::metadata(path).map_err(io_err(path))?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(TableError::NotRegular {
            path: path.to_path_buf(),
            kind: kind(&meta),
        })
    }
}

/// Opens `path` for reading after checking that it is a regular file, so
/// a named pipe or a device never blocks or floods the reader.
///
/// # Errors
/// As [`check_regular`], or [`TableError::Io`] from the open.
pub fn open_regular(path: &Path) -> Result<File, TableError> {
    check_regular(path)?;
    let file = File::open(path).map_err(io_err(path))?;
    // The path may have been replaced between the check and the open.
    let meta = file.metadata().map_err(io_err(path))?;
    if !meta.is_file() {
        return Err(TableError::NotRegular {
            path: path.to_path_buf(),
            kind: kind(&meta),
        });
    }
    Ok(file)
}

/// Reads a small regular file (a sidecar, a state file, a game record)
/// whole, refusing it if it is longer than `limit` bytes.
///
/// # Errors
/// As [`open_regular`]; [`TableError::TooLarge`] past `limit`.
pub fn read_small(path: &Path, limit: u64) -> Result<Vec<u8>, TableError> {
    let file = open_regular(path)?;
    let mut buf = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(io_err(path))?;
    if buf.len() as u64 > limit {
        return Err(TableError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(buf)
}

/// As [`read_small`], as UTF-8 text.
///
/// # Errors
/// As [`read_small`]; [`TableError::Io`] (invalid data) if not UTF-8.
pub fn read_small_text(path: &Path, limit: u64) -> Result<String, TableError> {
    let bytes = read_small(path, limit)?;
    utf8(path, &bytes)?;
    Ok(String::from_utf8(bytes).expect("checked UTF-8"))
}

/// The contents `bytes` of the file `path` as UTF-8 text.
///
/// # Errors
/// [`TableError::Io`] (invalid data) naming `path` and the offset of the
/// first invalid byte.
pub fn utf8<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, TableError> {
    std::str::from_utf8(bytes).map_err(|e| TableError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    })
}

/// The pure space check: `needed` bytes for `path` against `available`.
///
/// # Errors
/// [`TableError::NoSpace`] naming the file and both figures.
pub fn check_space(path: &Path, needed: u64, available: u64) -> Result<(), TableError> {
    if needed > available {
        return Err(TableError::NoSpace {
            path: path.to_path_buf(),
            needed,
            available,
        });
    }
    Ok(())
}

/// Creates folder `dir` and any missing folders above it.
///
/// # Errors
/// [`TableError::NotAFolder`] naming the first part of `dir` that exists
/// but is not a folder (`--out afile/t.tbl` where `afile` is a file);
/// otherwise [`TableError::Io`] on `dir`.
pub fn create_dirs(dir: &Path) -> Result<(), TableError> {
    fs::create_dir_all(dir).map_err(|source| {
        let blocking = dir
            .ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| a.exists() && !a.is_dir());
        match blocking {
            Some(b) => TableError::NotAFolder {
                path: b.to_path_buf(),
                wanted: dir.to_path_buf(),
            },
            None => TableError::Io {
                path: dir.to_path_buf(),
                source,
            },
        }
    })
}

/// The nearest existing folder at or above `path`'s folder (whose file
/// system the file will live on).
fn existing_dir(path: &Path) -> PathBuf {
    let mut dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    while !dir.is_dir() {
        match dir.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(p) => dir = p.to_path_buf(),
            None => return PathBuf::from("."),
        }
    }
    dir
}

/// Bytes available to this user on the file system that `path` will be
/// written to.
///
/// # Errors
/// [`TableError::Io`] on the folder examined.
pub fn available_space(path: &Path) -> Result<u64, TableError> {
    let dir = existing_dir(path);
    fs4::available_space(&dir).map_err(io_err(&dir))
}

/// Checks that `needed` more bytes fit on the file system of `path`.
///
/// # Errors
/// [`TableError::NoSpace`], [`TableError::Io`].
pub fn ensure_space(path: &Path, needed: u64) -> Result<(), TableError> {
    check_space(path, needed, available_space(path)?)
}

/// Bytes of disk already allocated to `path` (0 if it does not exist):
/// what reserving it at full length will not need again.
pub fn allocated(path: &Path) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).map_or(0, |m| m.blocks() * 512)
    }
    #[cfg(not(unix))]
    {
        fs::metadata(path).map_or(0, |m| m.len())
    }
}

/// Sets `file` (at `path`) to `len` bytes with every block reserved on
/// disk, so that later writes through a memory map cannot fail for lack
/// of space. Falls back to a plain (sparse) length change on file systems
/// without `fallocate`.
///
/// # Errors
/// [`TableError::NoSpace`] when the disk is full, [`TableError::Io`].
pub fn reserve(file: &File, path: &Path, len: u64) -> Result<(), TableError> {
    match FileExt::allocate(file, len) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::StorageFull => {
            return Err(TableError::NoSpace {
                path: path.to_path_buf(),
                needed: len,
                available: available_space(path).unwrap_or(0) + allocated(path),
            });
        }
        Err(e) if e.kind() == std::io::ErrorKind::Unsupported => {}
        Err(e) => return Err(io_err(path)(e)),
    }
    if file.metadata().map_err(io_err(path))?.len() != len {
        file.set_len(len).map_err(io_err(path))?;
    }
    Ok(())
}

/// The lock file of an output path: `NAME.lock`.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".lock");
    PathBuf::from(s)
}

/// An exclusive lock on an output path, held while a solve or a pack
/// writes it; the lock file is removed when this is dropped.
#[derive(Debug)]
pub struct OutputLock {
    path: PathBuf,
    file: File,
}

impl OutputLock {
    /// Takes the exclusive lock of `path` (an `flock` on `NAME.lock`,
    /// which holds the holder's process id), without waiting.
    ///
    /// # Errors
    /// [`TableError::Locked`] naming the path and the holder's pid when
    /// another run holds it, [`TableError::Io`].
    pub fn acquire(path: &Path) -> Result<OutputLock, TableError> {
        let lock = lock_path(path);
        if let Some(dir) = lock.parent().filter(|d| !d.as_os_str().is_empty()) {
            create_dirs(dir)?;
        }
        // A holder removes the lock file when it ends; a run that opened the
        // old file just before may lock that unlinked file, so the lock only
        // counts if the path still names the file locked.
        for _ in 0..16 {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock)
                .map_err(io_err(&lock))?;
            match FileExt::try_lock(&file) {
                Ok(()) => {}
                Err(fs4::TryLockError::WouldBlock) => {
                    let holder = fs::read_to_string(&lock)
                        .ok()
                        .and_then(|s| s.trim().parse::<u32>().ok());
                    return Err(TableError::Locked {
                        path: path.to_path_buf(),
                        lock,
                        holder,
                    });
                }
                Err(fs4::TryLockError::Error(e)) => return Err(io_err(&lock)(e)),
            }
            if same_file(&file, &lock) {
                let mut f = &file;
                f.set_len(0).map_err(io_err(&lock))?;
                writeln!(f, "{}", std::process::id()).map_err(io_err(&lock))?;
                return Ok(OutputLock { path: lock, file });
            }
        }
        Err(io_err(&lock)(std::io::Error::other(
            "the lock file keeps being replaced",
        )))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        // Remove while still holding the lock, then release it.
        let _ = fs::remove_file(&self.path);
        let _ = FileExt::unlock(&self.file);
    }
}

/// The temporary name a table is written under.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// Syncs the folder holding `path`, so a rename into it survives a crash
/// (errors are ignored: not every file system can sync a folder).
pub fn sync_parent(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_check_names_file_and_bytes() {
        let p = Path::new("small/s.tbl");
        assert!(check_space(p, 100, 100).is_ok());
        let e = check_space(p, 3_200_000_000, 300_000).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("small/s.tbl"), "{msg}");
        assert!(msg.contains("3200000000"), "{msg}");
        assert!(msg.contains("300000"), "{msg}");
    }

    #[test]
    fn reserve_allocates_blocks() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("f");
        let f = File::create(&p).unwrap();
        reserve(&f, &p, 1 << 20).unwrap();
        assert_eq!(f.metadata().unwrap().len(), 1 << 20);
        assert!(allocated(&p) >= 1 << 20, "blocks are reserved, not sparse");
    }

    #[test]
    fn second_lock_is_refused_with_pid() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("t.tbl");
        let first = OutputLock::acquire(&p).unwrap();
        let e = OutputLock::acquire(&p).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("t.tbl"), "{msg}");
        assert!(
            msg.contains(&std::process::id().to_string()),
            "holder's pid: {msg}"
        );
        drop(first);
        assert!(!lock_path(&p).exists());
        let _again = OutputLock::acquire(&p).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn fifo_and_devices_are_refused_without_blocking() {
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("f.tbl");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status();
        if status.is_ok_and(|s| s.success()) {
            let e = open_regular(&fifo).unwrap_err().to_string();
            assert!(e.contains("named pipe") && e.contains("f.tbl"), "{e}");
        }
        let e = read_small(Path::new("/dev/zero"), 1024)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("/dev/zero") && e.contains("character device"),
            "{e}"
        );
        let e = open_regular(d.path()).unwrap_err().to_string();
        assert!(e.contains("directory"), "{e}");
    }

    #[test]
    fn small_reads_are_bounded() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("big.sha256");
        fs::write(&p, vec![b'a'; 5000]).unwrap();
        assert!(read_small(&p, 5000).is_ok());
        let e = read_small(&p, 4096).unwrap_err().to_string();
        assert!(e.contains("big.sha256") && e.contains("4096"), "{e}");
    }
}

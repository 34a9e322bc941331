//! The source table file: a header ([`crate::source_header`]), then one
//! byte per position (post-opening domain, then opening domain), plus a
//! `sha256sum`-style sidecar ([`crate::sidecar`]).
//!
//! Files are written under `NAME.tmp`, synced, then renamed, so a crash
//! never leaves a half-written table under the real name. Opening checks
//! the header, the sizes against the index of the stated variant, and the
//! cell CRC before anything is read.

use crate::bytes::TableBytes;
use crate::checksum::CRC64;
use crate::error::{table_io, TableError};
use crate::fsutil::{sync_parent, tmp_path};
use crate::identity::TableIdentity;
use crate::sidecar::{hex, place_sidecar, remove_sidecar, stage_sidecar};
use crate::source_header::{Header, HEADER_LEN};
use crate::{Index, OpeningIndex};
use memmap2::MmapRaw;
use rules::ttc::Variant;
use sha2::{Digest, Sha256};
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU8;

/// A finished table, memory-mapped read-only (or given in memory) and
/// checked.
pub struct Table {
    path: PathBuf,
    header: Header,
    map: TableBytes,
}

impl Table {
    /// Opens and fully checks a table: header, sizes, completion and the
    /// CRC-64/XZ of every cell (the checks of [`Table::from_bytes`], on
    /// the file's mapping).
    ///
    /// # Errors
    /// [`TableError`] naming the file and the problem; a damaged,
    /// truncated, unfinished or foreign file is never returned.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        Table::open_unchecked_cells(path)?.cells_checked()
    }

    /// Checks a whole table file held in memory exactly as [`Table::open`]
    /// checks a file; `path` names it in errors.
    ///
    /// # Errors
    /// As [`Table::open`], minus the file system's errors.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Table, TableError> {
        Table::header_checked(path, bytes.into())?.cells_checked()
    }

    /// Opens a finished table checking everything [`Table::open`] does
    /// (header, sizes, completion) except the CRC-64/XZ of the cells: for
    /// a table whose cells were already checked (`ttc verify`, its SHA-256
    /// sidecar), to skip reading the whole file at open (1.45 s for the
    /// 2.5 GB table of the full game).
    ///
    /// # Errors
    /// As [`Table::open`] minus the cell checksum.
    pub fn open_trusted(path: &Path) -> Result<Table, TableError> {
        Table::from_table_bytes(path, TableBytes::open(path, 0)?, false)
    }

    /// Opens a table checking the header and sizes but not the cell CRC
    /// (for tools that do their own full check, such as the audit).
    ///
    /// # Errors
    /// As [`Table::open`] minus the cell checksum.
    pub fn open_unchecked_cells(path: &Path) -> Result<Table, TableError> {
        Table::header_checked(path, TableBytes::open(path, 0)?)
    }

    /// The table of `bytes` read from `path` ([`TableBytes::open`]),
    /// checked as [`Table::open`] checks it, or with `check_cells` false
    /// as [`Table::open_trusted`] does.
    ///
    /// # Errors
    /// As [`Table::open`] or [`Table::open_trusted`].
    pub fn from_table_bytes(
        path: &Path,
        bytes: TableBytes,
        check_cells: bool,
    ) -> Result<Table, TableError> {
        let t = Table::header_checked(path, bytes)?;
        if check_cells {
            t.cells_checked()
        } else if !t.header.complete {
            Err(TableError::Incomplete {
                path: path.to_path_buf(),
                status: 0,
            })
        } else {
            Ok(t)
        }
    }

    /// Refuses the table once its file changed since it was opened
    /// ([`crate::guard::FileGuard::check`]); call it before reading cells.
    /// A table given in memory always passes.
    ///
    /// # Errors
    /// [`TableError::Changed`] naming the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), TableError> {
        self.map.check_unchanged()
    }

    /// The guard of the table's file (`None` for a table given in
    /// memory).
    pub fn guard(&self) -> Option<&crate::guard::FileGuard> {
        self.map.guard()
    }

    /// Whether the cells are a mapping of the file, which faults if the
    /// file is shortened (not a copy in memory).
    pub fn is_mapped(&self) -> bool {
        self.map.is_mapped()
    }

    /// The table of the whole file `map`, its header and length checked.
    fn header_checked(path: &Path, map: TableBytes) -> Result<Table, TableError> {
        let head = &map[..HEADER_LEN.min(map.len())];
        let header = Header::parse(head, map.len() as u64, path)?;
        Ok(Table {
            path: path.to_path_buf(),
            header,
            map,
        })
    }

    /// `self` if the solve completed and the cells hash to the header's
    /// CRC-64/XZ.
    fn cells_checked(self) -> Result<Table, TableError> {
        if !self.header.complete {
            return Err(TableError::Incomplete {
                path: self.path,
                status: 0,
            });
        }
        let computed = CRC64.checksum(&self.map[HEADER_LEN..]);
        if computed != self.header.cells_crc {
            return Err(TableError::CellCrc {
                path: self.path,
                stored: self.header.cells_crc,
                computed,
            });
        }
        Ok(self)
    }

    /// The decoded header.
    pub fn header(&self) -> &Header {
        &self.header
    }
    /// Rule set.
    pub fn variant(&self) -> Variant {
        self.header.variant
    }
    /// File path.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// Post-opening cells (index order).
    pub fn post(&self) -> &[u8] {
        &self.map[HEADER_LEN..HEADER_LEN + self.header.post as usize]
    }
    /// Opening cells (opening index order).
    pub fn opening(&self) -> &[u8] {
        &self.map[HEADER_LEN + self.header.post as usize..]
    }
    /// Whole file bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }
}

/// A table being written: `NAME.tmp`, memory-mapped read-write.
pub struct TableWriter {
    path: PathBuf,
    tmp: PathBuf,
    file: File,
    map: MmapRaw,
    variant: Variant,
    post: u64,
    opening: u64,
}

impl TableWriter {
    /// Creates (or, with `resume`, reopens) `NAME.tmp` for `variant`,
    /// sized for both domains. A fresh file has every cell set to `fill`.
    ///
    /// # Errors
    /// [`TableError::Io`]; on resume also any header problem of the
    /// existing temporary file.
    pub fn create(
        path: &Path,
        variant: Variant,
        fill: u8,
        resume: bool,
    ) -> Result<TableWriter, TableError> {
        let tmp = tmp_path(path);
        // The shared index, as the header check of the finished table uses.
        let post = Index::size_of(variant);
        let opening = OpeningIndex::new(variant).size();
        let len = HEADER_LEN as u64 + post + opening;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::fsutil::create_dirs(dir)?;
        }
        let fresh = !(resume && tmp.exists());
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(fresh)
            .open(&tmp)
            .map_err(table_io(&tmp))?;
        let found = file.metadata().map_err(table_io(&tmp))?.len();
        if !fresh && found != len {
            return Err(TableError::Length {
                path: tmp.clone(),
                expected: len,
                found,
            });
        }
        // Every block reserved up front: a full disk is then an error
        // naming the file here, not a SIGBUS on a write through the map.
        crate::fsutil::reserve(&file, &tmp, len)?;
        let map = MmapRaw::map_raw(&file).map_err(table_io(&tmp))?;
        // SAFETY: the mapping is ours and no atomic view exists yet.
        let bytes = unsafe { std::slice::from_raw_parts_mut(map.as_mut_ptr(), map.len()) };
        if fresh {
            let h = Header {
                variant,
                complete: false,
                post,
                opening,
                cells_crc: 0,
            };
            bytes[..HEADER_LEN].copy_from_slice(&h.to_bytes());
            if fill != 0 {
                bytes[HEADER_LEN..].fill(fill);
            }
        } else {
            let h = Header::parse(
                &bytes[..HEADER_LEN.min(bytes.len())],
                bytes.len() as u64,
                &tmp,
            )?;
            if h.variant != variant {
                return Err(TableError::foreign(&tmp, TableIdentity::of(h.variant)));
            }
        }
        Ok(TableWriter {
            path: path.to_path_buf(),
            tmp,
            file,
            map,
            variant,
            post,
            opening,
        })
    }

    fn atomic(&self, from: usize, len: usize) -> &[AtomicU8] {
        assert!(from + len <= self.map.len());
        // SAFETY: in-bounds view of a live shared mapping; AtomicU8 has the
        // layout of u8 and allows concurrent writes from several threads.
        unsafe {
            std::slice::from_raw_parts(self.map.as_mut_ptr().add(from) as *const AtomicU8, len)
        }
    }

    /// Post-opening cells, writable through atomics (many threads).
    pub fn post_cells(&self) -> &[AtomicU8] {
        self.atomic(HEADER_LEN, self.post as usize)
    }
    /// Opening cells, writable through atomics.
    pub fn opening_cells(&self) -> &[AtomicU8] {
        self.atomic(HEADER_LEN + self.post as usize, self.opening as usize)
    }
    /// The variant being written.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Flushes the cells to disk (a resume point).
    ///
    /// # Errors
    /// [`TableError::Io`].
    pub fn flush(&self) -> Result<(), TableError> {
        self.map.flush().map_err(table_io(&self.tmp))
    }

    /// Computes the cell CRC, writes the final header, syncs, renames
    /// `NAME.tmp` to `NAME` and writes the SHA-256 sidecar (also through a
    /// temporary name). Returns `(cells CRC-64/XZ, SHA-256 hex)`.
    /// The same as [`TableWriter::seal`] then [`SealedTable::commit`].
    ///
    /// # Errors
    /// [`TableError::Io`].
    pub fn finish(self) -> Result<(u64, String), TableError> {
        self.seal()?.commit()
    }

    /// Computes the cell CRC, writes the final header (marked complete) and
    /// syncs `NAME.tmp`, leaving it under its temporary name: a finished
    /// table that can be opened and checked (say, audited) at
    /// [`SealedTable::tmp`] before [`SealedTable::commit`] gives it its
    /// real name. Dropping the result instead leaves `NAME.tmp` in place
    /// and `NAME` untouched.
    ///
    /// # Errors
    /// [`TableError::Io`].
    pub fn seal(self) -> Result<SealedTable, TableError> {
        // SAFETY: `self` is consumed, so no atomic view outlives this point.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(self.map.as_mut_ptr(), self.map.len()) };
        let crc = CRC64.checksum(&bytes[HEADER_LEN..]);
        let h = Header {
            variant: self.variant,
            complete: true,
            post: self.post,
            opening: self.opening,
            cells_crc: crc,
        };
        bytes[..HEADER_LEN].copy_from_slice(&h.to_bytes());
        let bytes: &[u8] = bytes;
        // The digest reads the file's final bytes while the kernel writes
        // them out: on the 4x4 table each takes over a second.
        let digest = || hex(&Sha256::digest(bytes));
        let sync = || {
            self.map
                .flush()
                .and_then(|()| self.file.sync_all())
                .map_err(table_io(&self.tmp))
        };
        let digest = std::thread::scope(|s| {
            match std::thread::Builder::new().spawn_scoped(s, digest) {
                Ok(thread) => {
                    let synced = sync();
                    let digest = thread.join();
                    synced.map(|()| digest.unwrap_or_else(|e| std::panic::resume_unwind(e)))
                }
                // No thread to spare: one after the other.
                Err(_) => sync().map(|()| digest()),
            }
        })?;
        drop(self.map);
        Ok(SealedTable {
            path: self.path,
            tmp: self.tmp,
            crc,
            digest,
        })
    }
}

/// A finished table still under its temporary name `NAME.tmp`
/// ([`TableWriter::seal`]): header complete, cells synced to disk.
#[derive(Debug)]
pub struct SealedTable {
    path: PathBuf,
    tmp: PathBuf,
    crc: u64,
    digest: String,
}

impl SealedTable {
    /// The temporary file holding the finished table (`NAME.tmp`).
    pub fn tmp(&self) -> &Path {
        &self.tmp
    }

    /// The name the table gets on [`SealedTable::commit`] (`NAME`).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Renames `NAME.tmp` to `NAME` with its SHA-256 sidecar. Returns
    /// `(cells CRC-64/XZ, SHA-256 hex)`.
    ///
    /// The sidecar is written and synced under a temporary name first, and
    /// the sidecar of a table `NAME` replaces is removed before the rename:
    /// a run that stops anywhere in between never leaves a table beside
    /// another table's sidecar, only, at worst, a table whose sidecar is
    /// still `NAME.sha256.tmp`.
    ///
    /// # Errors
    /// [`TableError::Io`] naming the file.
    pub fn commit(self) -> Result<(u64, String), TableError> {
        stage_sidecar(&self.path, &self.digest)?;
        remove_sidecar(&self.path)?;
        fs::rename(&self.tmp, &self.path).map_err(|e| TableError::Io {
            path: self.path.clone(),
            source: std::io::Error::new(
                e.kind(),
                format!("renaming {} to it: {e}", self.tmp.display()),
            ),
        })?;
        sync_parent(&self.path);
        place_sidecar(&self.path)?;
        Ok((self.crc, self.digest))
    }
}

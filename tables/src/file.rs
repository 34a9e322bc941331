//! The source table file: a 128-byte little-endian header, then one byte
//! per position (post-opening domain, then opening domain), plus a
//! `sha256sum`-style sidecar.
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
//! Cells follow at offset 128: `post` bytes in [`crate::Index`] order, then
//! `opening` bytes in [`crate::OpeningIndex`] order, with the codes of
//! [`crate::code`].
//!
//! Files are written under `NAME.tmp`, synced, then renamed, so a crash
//! never leaves a half-written table under the real name. Opening checks
//! the header, the sizes against the index of the stated variant, and the
//! cell CRC before anything is read.

use crate::bytes::TableBytes;
use crate::{Index, OpeningIndex};
use memmap2::{Mmap, MmapRaw};
use rules::ttc::Variant;
use sha2::{Digest, Sha256};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU8;

/// File magic.
pub const MAGIC: &[u8; 8] = b"TTCTBASE";
/// Current format version.
pub const FORMAT_VERSION: u32 = 1;
/// Header length in bytes; cells start here.
pub const HEADER_LEN: usize = 128;

/// CRC-64/XZ as used for cells and header.
pub const CRC64: crc::Crc<u64, crc::Table<16>> =
    crc::Crc::<u64, crc::Table<16>>::new(&crc::CRC_64_XZ);

/// Why a table file was refused or could not be written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Operating-system error on `path`.
    #[error("{}", path.display())]
    Io {
        /// File concerned.
        path: PathBuf,
        /// Underlying error.
        source: std::io::Error,
    },
    /// A folder for an output could not be made because part of its path
    /// exists and is not a folder.
    #[error("{}: exists and is not a folder, so the folder {} for the output cannot be made", path.display(), wanted.display())]
    NotAFolder {
        /// The part of the path that is a file (or another non-folder).
        path: PathBuf,
        /// The folder that was to be made.
        wanted: PathBuf,
    },
    /// Not a regular file (a directory, a named pipe, a device): refused
    /// before it is opened, so reading never blocks or runs without end.
    #[error("{}: is {kind}; a regular file is needed", path.display())]
    NotRegular {
        /// File concerned.
        path: PathBuf,
        /// What it is instead.
        kind: &'static str,
    },
    /// A small file (sidecar, state file, game record) longer than allowed.
    #[error("{}: longer than {limit} bytes, too long for this kind of file", path.display())]
    TooLarge {
        /// File concerned.
        path: PathBuf,
        /// Largest length accepted.
        limit: u64,
    },
    /// Not enough free disk space to write a file.
    #[error("{}: not enough disk space: {needed} bytes needed, {available} bytes available", path.display())]
    NoSpace {
        /// File (or, for several files, the main one) to be written.
        path: PathBuf,
        /// Bytes needed.
        needed: u64,
        /// Bytes available on its file system.
        available: u64,
    },
    /// Another run holds the exclusive lock of an output path.
    #[error("{}: another run is writing this file ({}; lock file {}); wait for it to end, or stop it first", path.display(), holder.map_or("holder's pid unknown".to_string(), |p| format!("pid {p}")), lock.display())]
    Locked {
        /// Output path.
        path: PathBuf,
        /// Its lock file.
        lock: PathBuf,
        /// Process id written by the holder, if readable.
        holder: Option<u32>,
    },
    /// Shorter than a header.
    #[error("{}: too short for a table header ({len} of {HEADER_LEN} bytes)", path.display())]
    TooShort {
        /// File concerned.
        path: PathBuf,
        /// Its length.
        len: u64,
    },
    /// A compact table where a source table is needed.
    #[error("{}: this is a compact table (magic \"TTCCPACK\"); this command reads every cell of the source table (magic \"TTCTBASE\") it was packed from", path.display())]
    Compact {
        /// File concerned.
        path: PathBuf,
    },
    /// Not a table file at all.
    #[error(
        "{}: not a Tic-Tac-Chec table (magic at offset 0 is {found}, expected \"TTCTBASE\")", path.display()
    )]
    BadMagic {
        /// File concerned.
        path: PathBuf,
        /// Bytes found.
        found: String,
    },
    /// Written by an unknown format version.
    #[error("{}: format version {found} at offset 8 is not supported (this build reads {FORMAT_VERSION})", path.display())]
    Version {
        /// File concerned.
        path: PathBuf,
        /// Version found.
        found: u32,
    },
    /// The header checksum does not match.
    #[error("{}: header is damaged (CRC-64/XZ at offset 48 is {stored:#018x}, header hashes to {computed:#018x})", path.display())]
    HeaderCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A header field with a fixed value (header length at offset 20,
    /// reserved bytes 56..128) holds something else. The header CRC covers
    /// bytes 0..48 only, so the reserved bytes are checked one by one.
    #[error("{}: header byte at offset {offset} is {found:#04x}, expected {expected:#04x} ({what})", path.display())]
    Reserved {
        /// File concerned.
        path: PathBuf,
        /// Offset of the first wrong byte.
        offset: usize,
        /// Byte found.
        found: u8,
        /// Byte expected.
        expected: u8,
        /// Which field.
        what: &'static str,
    },
    /// Unknown rule tag or impossible variant fields.
    #[error("{}: foreign rules: rule tag {tag:#010x} (offset 12), size {size}, role mask {roles:#06b}, opening {opening} plies", path.display())]
    Foreign {
        /// File concerned.
        path: PathBuf,
        /// Rule tag found.
        tag: u32,
        /// Board size found.
        size: u8,
        /// Role mask found.
        roles: u8,
        /// Opening plies found.
        opening: u8,
    },
    /// Cell counts disagree with the index of the stated variant.
    #[error("{}: {what} count {found} in the header does not match the index ({expected})", path.display())]
    Layout {
        /// File concerned.
        path: PathBuf,
        /// Which section.
        what: &'static str,
        /// Expected count.
        expected: u64,
        /// Count found.
        found: u64,
    },
    /// File length disagrees with the header.
    #[error("{}: file is {found} bytes, header says {expected} (truncated or padded)", path.display())]
    Length {
        /// File concerned.
        path: PathBuf,
        /// Expected bytes.
        expected: u64,
        /// Actual bytes.
        found: u64,
    },
    /// The solve that wrote the file never finished.
    #[error("{}: the solve that wrote this table did not complete (status byte at offset 19 is {status})", path.display())]
    Incomplete {
        /// File concerned.
        path: PathBuf,
        /// Status byte.
        status: u8,
    },
    /// Cell checksum mismatch: the cells are damaged.
    #[error("{}: cells are damaged (CRC-64/XZ in header {stored:#018x}, cells hash to {computed:#018x})", path.display())]
    CellCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A SHA-256 sidecar disagrees with the file.
    #[error("{}: SHA-256 is {computed}, sidecar {sidecar} says {stored}", path.display())]
    Sha256 {
        /// File concerned.
        path: PathBuf,
        /// Sidecar path.
        sidecar: PathBuf,
        /// Stored digest.
        stored: String,
        /// Computed digest.
        computed: String,
    },
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> TableError + '_ {
    move |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    }
}

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
        let v = &self.variant;
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(MAGIC);
        b[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        b[12..16].copy_from_slice(&v.reading().rule_tag().to_le_bytes());
        b[16] = v.size();
        b[17] = v.roles_mask();
        b[18] = v.opening_plies();
        b[19] = self.complete as u8;
        b[20..24].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        b[24..32].copy_from_slice(&self.post.to_le_bytes());
        b[32..40].copy_from_slice(&self.opening.to_le_bytes());
        b[40..48].copy_from_slice(&self.cells_crc.to_le_bytes());
        let hcrc = CRC64.checksum(&b[0..48]);
        b[48..56].copy_from_slice(&hcrc.to_le_bytes());
        b
    }

    /// Parses and checks header bytes (magic, version, header CRC, rules,
    /// counts against the index). `file_len` is the whole file's length.
    ///
    /// # Errors
    /// The [`TableError`] naming the first problem found.
    pub fn parse(b: &[u8], file_len: u64, path: &Path) -> Result<Header, TableError> {
        let p = || path.to_path_buf();
        if b.len() < HEADER_LEN {
            return Err(TableError::TooShort {
                path: p(),
                len: file_len,
            });
        }
        if &b[0..8] == crate::compact::MAGIC {
            return Err(TableError::Compact { path: p() });
        }
        if &b[0..8] != MAGIC {
            return Err(TableError::BadMagic {
                path: p(),
                found: magic_text(&b[0..8]),
            });
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"));
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(TableError::Version {
                path: p(),
                found: version,
            });
        }
        let stored = u64_at(48);
        let computed = CRC64.checksum(&b[0..48]);
        if stored != computed {
            return Err(TableError::HeaderCrc {
                path: p(),
                stored,
                computed,
            });
        }
        let fields = [
            (
                20,
                &(HEADER_LEN as u32).to_le_bytes()[..],
                "header length, 128",
            ),
            (56, &[0u8; HEADER_LEN - 56][..], "reserved, zero"),
        ];
        if let Some((offset, found, expected, what)) = first_wrong_byte(b, &fields) {
            return Err(TableError::Reserved {
                path: p(),
                offset,
                found,
                expected,
                what,
            });
        }
        let tag = u32_at(12);
        let variant = Variant::from_parts(b[16], b[17], tag, b[18]).ok_or(TableError::Foreign {
            path: p(),
            tag,
            size: b[16],
            roles: b[17],
            opening: b[18],
        })?;
        let h = Header {
            variant,
            complete: b[19] == 1,
            post: u64_at(24),
            opening: u64_at(32),
            cells_crc: u64_at(40),
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

/// The first header byte that differs from its fixed value, as
/// `(offset, found, expected, field name)`. `fields` lists
/// `(offset, expected bytes, field name)`; `b` must cover every field.
pub(crate) fn first_wrong_byte(
    b: &[u8],
    fields: &[(usize, &[u8], &'static str)],
) -> Option<(usize, u8, u8, &'static str)> {
    fields.iter().find_map(|&(start, want, what)| {
        want.iter()
            .zip(&b[start..start + want.len()])
            .position(|(w, f)| w != f)
            .map(|i| (start + i, b[start + i], want[i], what))
    })
}

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
        let t = Table::open_unchecked_cells(path)?;
        if !t.header.complete {
            return Err(TableError::Incomplete {
                path: path.to_path_buf(),
                status: 0,
            });
        }
        Ok(t)
    }

    /// Opens a table checking the header and sizes but not the cell CRC
    /// (for tools that do their own full check, such as the audit).
    ///
    /// # Errors
    /// As [`Table::open`] minus the cell checksum.
    pub fn open_unchecked_cells(path: &Path) -> Result<Table, TableError> {
        let file = crate::fsutil::open_regular(path)?;
        Table::header_checked(path, TableBytes::map(&file, path)?)
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

/// The temporary name a table is written under.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// The SHA-256 sidecar of a table: `NAME.sha256`.
pub fn sha256_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".sha256");
    PathBuf::from(s)
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
        let post = Index::new(variant).size();
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
            .map_err(io_err(&tmp))?;
        let found = file.metadata().map_err(io_err(&tmp))?.len();
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
        let map = MmapRaw::map_raw(&file).map_err(io_err(&tmp))?;
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
                return Err(TableError::Foreign {
                    path: tmp.clone(),
                    tag: h.variant.reading().rule_tag(),
                    size: h.variant.size(),
                    roles: h.variant.roles_mask(),
                    opening: h.variant.opening_plies(),
                });
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
        self.map.flush().map_err(io_err(&self.tmp))
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
        self.map.flush().map_err(io_err(&self.tmp))?;
        self.file.sync_all().map_err(io_err(&self.tmp))?;
        let digest = hex(&Sha256::digest(&bytes[..]));
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

    /// Renames `NAME.tmp` to `NAME` and writes the SHA-256 sidecar (through
    /// a temporary name). Returns `(cells CRC-64/XZ, SHA-256 hex)`.
    ///
    /// # Errors
    /// [`TableError::Io`].
    pub fn commit(self) -> Result<(u64, String), TableError> {
        fs::rename(&self.tmp, &self.path).map_err(io_err(&self.path))?;
        sync_parent(&self.path);
        write_sidecar(&self.path, &self.digest)?;
        Ok((self.crc, self.digest))
    }
}

fn sync_parent(path: &Path) {
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

/// The bytes found where a magic belongs, as error text: in double quotes,
/// bytes that are not printable ASCII escaped (`"\x00\xffPK"`).
pub fn magic_text(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `NAME.sha256` (`<hex>  <file name>`) atomically.
///
/// # Errors
/// [`TableError::Io`].
pub fn write_sidecar(path: &Path, digest: &str) -> Result<(), TableError> {
    let side = sha256_path(path);
    let tmp = tmp_path(&side);
    {
        let mut f = File::create(&tmp).map_err(io_err(&tmp))?;
        f.write_all(&sidecar_line(digest, path))
            .map_err(io_err(&tmp))?;
        f.sync_all().map_err(io_err(&tmp))?;
    }
    fs::rename(&tmp, &side).map_err(io_err(&side))?;
    sync_parent(&side);
    Ok(())
}

/// The sidecar line of `path` as GNU `sha256sum` writes it, so that
/// `sha256sum -c` checks it: `<digest>  <file name>` and a newline, the
/// name's bytes as they are (also when they are not UTF-8). A name holding
/// a backslash, a newline or a carriage return is written escaped (`\\`,
/// `\n`, `\r`) after a leading backslash, as `sha256sum` does.
pub fn sidecar_line(digest: &str, path: &Path) -> Vec<u8> {
    let name = path.file_name().unwrap_or_default();
    #[cfg(unix)]
    let raw = std::os::unix::ffi::OsStrExt::as_bytes(name).to_vec();
    #[cfg(not(unix))]
    let raw = name.to_string_lossy().into_owned().into_bytes();
    let escape = raw.iter().any(|b| matches!(b, b'\\' | b'\n' | b'\r'));
    let mut line = Vec::with_capacity(raw.len() + digest.len() + 4);
    if escape {
        line.push(b'\\');
    }
    line.extend_from_slice(digest.as_bytes());
    line.extend_from_slice(b"  ");
    for &b in &raw {
        match b {
            b'\\' => line.extend_from_slice(b"\\\\"),
            b'\n' => line.extend_from_slice(b"\\n"),
            b'\r' => line.extend_from_slice(b"\\r"),
            _ => line.push(b),
        }
    }
    line.push(b'\n');
    line
}

/// SHA-256 of a whole file, hex.
///
/// # Errors
/// [`TableError::Io`].
pub fn sha256_file(path: &Path) -> Result<String, TableError> {
    let file = crate::fsutil::open_regular(path)?;
    // SAFETY: read-only mapping.
    let map = unsafe { Mmap::map(&file) }.map_err(io_err(path))?;
    Ok(hex(&Sha256::digest(&map[..])))
}

/// Longest sidecar read: a digest line with a long file name.
pub const SIDECAR_LIMIT: u64 = 4096;

/// Checks a file against its `NAME.sha256` sidecar. Returns the digest,
/// or `None` if there is no sidecar.
///
/// # Errors
/// [`TableError::Sha256`] on mismatch, [`TableError::Io`].
pub fn check_sidecar(path: &Path) -> Result<Option<String>, TableError> {
    let side = sha256_path(path);
    if !side.exists() {
        return Ok(None);
    }
    let text = crate::fsutil::read_small(&side, SIDECAR_LIMIT)?;
    let computed = sha256_file(path)?;
    sidecar_matches(path, &side, &text, &computed).map(Some)
}

/// Checks the contents `text` of the sidecar `side` of `path` against
/// `computed`, the lower-case hex SHA-256 of `path`: the sidecar's first
/// word, in either case (as `sha256sum -c` accepts), must be that digest.
/// Returns the digest.
///
/// # Errors
/// [`TableError::Sha256`] naming both files on mismatch.
pub fn sidecar_matches(
    path: &Path,
    side: &Path,
    text: &[u8],
    computed: &str,
) -> Result<String, TableError> {
    // The first word; the file name after it may be any bytes (see
    // `sidecar_line`), and an escaped line starts with a backslash.
    let word = text
        .split(u8::is_ascii_whitespace)
        .find(|w| !w.is_empty())
        .unwrap_or_default();
    let word = word.strip_prefix(b"\\").unwrap_or(word);
    // Bytes that are not ASCII are shown escaped in the mismatch error.
    let stored = word.escape_ascii().to_string().to_ascii_lowercase();
    if stored != computed {
        return Err(TableError::Sha256 {
            path: path.to_path_buf(),
            sidecar: side.to_path_buf(),
            stored,
            computed: computed.to_string(),
        });
    }
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sidecar_lines_are_those_of_sha256sum() {
        let d = "ab".repeat(32);
        let line = |name: &[u8]| {
            #[cfg(unix)]
            let p =
                PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(name));
            #[cfg(not(unix))]
            let p = PathBuf::from(String::from_utf8_lossy(name).into_owned());
            sidecar_line(&d, &Path::new("dir").join(p))
        };
        assert_eq!(line(b"t.tbl"), format!("{d}  t.tbl\n").into_bytes());
        #[cfg(unix)]
        assert_eq!(
            line(b"ok\xff.tbl"),
            [format!("{d}  ok").as_bytes(), b"\xff.tbl\n"].concat()
        );
        assert_eq!(
            line(b"a\nb\\c"),
            format!("\\{d}  a\\nb\\\\c\n").into_bytes()
        );
        // The reader takes the digest back from every form.
        for name in [&b"t.tbl"[..], b"a\nb\\c", b"x\xfey"] {
            let got = sidecar_matches(Path::new("t"), Path::new("t.sha256"), &line(name), &d);
            assert_eq!(got.unwrap(), d);
        }
    }
}

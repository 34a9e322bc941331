//! One Surakarta table on disk: the table of one material.
//!
//! A table is `HEADER_LEN` (128) header bytes, then the end codes (`u16`
//! little-endian, one per cell, see [`codes`](super::codes)), then the
//! rule codes (`u8`, one per cell): `128 + 3 * cells` bytes. The header,
//! all integers little-endian:
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | magic `TTCSKTB1` |
//! | 8 | 4 | format version, 1 |
//! | 12 | 4 | game tag `0x534B5401` (Surakarta, the Surakarta rules with the 50-ply rule) |
//! | 16 | 1 | pieces of the side to move |
//! | 17 | 1 | pieces of the other side |
//! | 18 | 1 | child material's mover count (0: a capture ends the game) |
//! | 19 | 1 | child material's other count |
//! | 20 | 4 | zero |
//! | 24 | 8 | cells |
//! | 32 | 8 | CRC-64/XZ of the end codes then the rule codes |
//! | 40 | 8 | cells CRC of the child table this one was solved from (0 if none) |
//! | 48 | 8 | CRC-64/XZ of bytes 0..48 |
//! | 56 | 72 | zero |
//!
//! The magic, version, zeros and header CRC are written and checked by
//! the shared [`crate::header_frame`] ([`FRAME`]); bytes 12..48, the
//! table's identity, by [`super::header_identity`].
//!
//! The file is written under a temporary name, synced, then renamed, and a
//! `NAME.sha256` sidecar is written beside it; a folder holds one file per
//! material, named [`file_name`].

use super::codes::{END_DRAW, END_FILLER, END_UNDECIDED, RULE_FILLER};
use super::error::SurakartaTableError;
use super::header_identity::read_header;
pub use super::header_identity::{TableHeader, GAME_TAG};
use super::index::MaterialIndex;
use super::material::Material;
use crate::bytes::TableBytes;
use crate::checksum::CRC64;
use crate::error::TableError;
use crate::header_frame::{Fixed, HeaderFrame};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Header length in bytes.
pub const HEADER_LEN: usize = 128;
/// Magic at offset 0.
pub const MAGIC: &[u8; 8] = b"TTCSKTB1";
/// Format version at offset 8.
pub const VERSION: u32 = 1;
/// The file name of `material`'s table in a tablebase folder:
/// `surakarta-MvO.tbl`.
pub fn file_name(material: Material) -> String {
    format!("surakarta-{material}.tbl")
}

/// The source header's frame: magic `TTCSKTB1`, version 1, bytes 20..24
/// zero, the header CRC at 48, zeros from 56.
pub const FRAME: HeaderFrame = HeaderFrame {
    magic: MAGIC,
    oldest: VERSION,
    newest: VERSION,
    crc_at: 48,
    fixed: &[
        Fixed {
            offset: 20,
            bytes: &[0; 4],
            what: "reserved, zero",
        },
        Fixed {
            offset: 56,
            bytes: &[0; HEADER_LEN - 56],
            what: "reserved, zero",
        },
    ],
};

impl TableHeader {
    /// The header's 128 bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        FRAME.write(VERSION, self, |_| {})
    }

    /// Parses and checks a header read from `path`.
    ///
    /// # Errors
    /// [`SurakartaTableError::Foreign`] for another magic, version or game
    /// tag; [`SurakartaTableError::Header`] for a damaged header, a
    /// material no table holds, or a cell count or child that does not
    /// match the material's index.
    pub fn parse(path: &Path, h: &[u8]) -> Result<TableHeader, SurakartaTableError> {
        read_header(path, h, &FRAME, "", None).map(|(table, _)| table)
    }

    /// Bytes of the whole file.
    pub fn file_len(&self) -> u64 {
        HEADER_LEN as u64 + 3 * self.cells
    }
}

/// Checks that the table at `path` (header `header`) was solved from the
/// table at `child_path` (header `child`) when that is its child
/// material's table: the child's cells CRC is the one recorded in
/// `header`.
///
/// # Errors
/// [`SurakartaTableError::Mixed`] naming both files.
pub fn check_child(
    path: &Path,
    header: &TableHeader,
    child_path: &Path,
    child: &TableHeader,
) -> Result<(), SurakartaTableError> {
    match header.child {
        Some((m, expected)) if m == child.material && expected != child.cells_crc => {
            Err(SurakartaTableError::Mixed {
                path: path.to_path_buf(),
                child_path: child_path.to_path_buf(),
                child: m,
                expected,
                found: child.cells_crc,
            })
        }
        _ => Ok(()),
    }
}

/// Checks that the table at `path`, whose header holds `found`, is the
/// table of `named` (the material its file name says) when given.
///
/// # Errors
/// [`SurakartaTableError::OtherMaterial`] naming the file and both
/// materials.
pub(super) fn check_material(
    path: &Path,
    named: Option<Material>,
    found: Material,
) -> Result<(), SurakartaTableError> {
    match named {
        Some(named) if named != found => Err(SurakartaTableError::OtherMaterial {
            path: path.to_path_buf(),
            named,
            found,
        }),
        _ => Ok(()),
    }
}

/// CRC-64/XZ of a table's cells: the end codes (little-endian) then the
/// rule codes.
pub fn cells_crc(end: &[u16], rule: &[u8]) -> u64 {
    let mut d = CRC64.digest();
    for chunk in end.chunks(1 << 16) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|c| c.to_le_bytes()).collect();
        d.update(&bytes);
    }
    d.update(rule);
    d.finalize()
}

pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> SurakartaTableError + '_ {
    move |source| SurakartaTableError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes a finished table to `path`: under a temporary name unique to
/// this process, synced, renamed, then the SHA-256 sidecar the same way.
/// Returns the header written.
///
/// # Errors
/// [`SurakartaTableError::Io`] for any failed write, sync or rename.
pub fn write_table(
    path: &Path,
    material: Material,
    end: &[u16],
    rule: &[u8],
    child: Option<(Material, u64)>,
) -> Result<TableHeader, SurakartaTableError> {
    use sha2::{Digest, Sha256};
    let header = TableHeader {
        material,
        cells: end.len() as u64,
        cells_crc: cells_crc(end, rule),
        child,
    };
    let tmp = unique_tmp(path);
    let mut sha = Sha256::new();
    {
        let file = File::create(&tmp).map_err(io(&tmp))?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
        let h = header.to_bytes();
        sha.update(h);
        w.write_all(&h).map_err(io(&tmp))?;
        for chunk in end.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|c| c.to_le_bytes()).collect();
            sha.update(&bytes);
            w.write_all(&bytes).map_err(io(&tmp))?;
        }
        sha.update(rule);
        w.write_all(rule).map_err(io(&tmp))?;
        let file = w.into_inner().map_err(|e| io(&tmp)(e.into_error()))?;
        file.sync_all().map_err(io(&tmp))?;
    }
    place(&tmp, path, &crate::sidecar::hex(&sha.finalize()))?;
    Ok(header)
}

/// Renames the finished, synced file `tmp` to `path` and writes its
/// SHA-256 sidecar (`digest`, lower-case hex) beside it, the sidecar too
/// under a temporary name unique to this process first.
///
/// # Errors
/// [`SurakartaTableError::Io`] naming the file that failed.
pub(super) fn place(tmp: &Path, path: &Path, digest: &str) -> Result<(), SurakartaTableError> {
    let side = crate::sidecar::sha256_path(path);
    let side_tmp = unique_tmp(&side);
    {
        let mut f = File::create(&side_tmp).map_err(io(&side_tmp))?;
        f.write_all(&crate::sidecar::sidecar_line(digest, path))
            .map_err(io(&side_tmp))?;
        f.sync_all().map_err(io(&side_tmp))?;
    }
    std::fs::rename(tmp, path).map_err(io(path))?;
    std::fs::rename(&side_tmp, &side).map_err(io(&side))?;
    crate::fsutil::sync_parent(path);
    Ok(())
}

/// A temporary name beside `path` that no other run uses: the name, the
/// process id and the time in nanoseconds.
pub(super) fn unique_tmp(path: &Path) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut s = path.as_os_str().to_owned();
    s.push(format!(".{}.{nanos}.tmp", std::process::id()));
    PathBuf::from(s)
}

/// A shared-helper error on `path` as this module's error: an I/O error
/// keeps its [`SurakartaTableError::Io`] wording (the path, then the
/// system's words), anything else is wrapped.
pub(super) fn from_table_error(e: TableError) -> SurakartaTableError {
    match e {
        TableError::Io { path, source } => SurakartaTableError::Io { path, source },
        e => SurakartaTableError::Table(e),
    }
}

/// An open table, probed in place: read into memory, or memory-mapped
/// (see [`MaterialTable::open_limited`]).
pub struct MaterialTable {
    path: PathBuf,
    header: TableHeader,
    index: MaterialIndex,
    bytes: TableBytes,
}

impl std::fmt::Debug for MaterialTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MaterialTable({}, {})",
            self.path.display(),
            self.header.material
        )
    }
}

impl MaterialTable {
    /// Opens the table at `path`, memory-mapped, and checks its header and
    /// length, and that it is the table of `expected` when given. The
    /// cells are not hashed: [`MaterialTable::verify_cells`] does that.
    ///
    /// # Errors
    /// [`SurakartaTableError`]: not a regular file, foreign, damaged
    /// header or length; [`SurakartaTableError::OtherMaterial`] for the
    /// table of another material than `expected`.
    pub fn open(
        path: &Path,
        expected: Option<Material>,
    ) -> Result<MaterialTable, SurakartaTableError> {
        MaterialTable::open_limited(path, expected, 0)
    }

    /// [`MaterialTable::open`], reading the file into memory when it is at
    /// most `in_memory_limit` bytes long and mapping it read-only
    /// otherwise ([`TableBytes::open`]). Either way the table keeps a
    /// guard of its file ([`MaterialTable::check_unchanged`]). A table read
    /// into memory never faults whatever happens to its file; a mapped one
    /// faults (SIGBUS) if its file is shortened while a read touches the
    /// lost pages (the guard checked before a read narrows that window to
    /// the read itself, see [`crate::guard`]). The front ends that keep a
    /// table open (Python) pass [`crate::bytes::IN_MEMORY_LIMIT`] (1 GiB,
    /// more than any table of up to 8 pieces), the commands 0.
    ///
    /// # Errors
    /// As [`MaterialTable::open`]; [`SurakartaTableError::Table`] with
    /// [`TableError::Changed`] for a file that changed while it was read.
    pub fn open_limited(
        path: &Path,
        expected: Option<Material>,
        in_memory_limit: u64,
    ) -> Result<MaterialTable, SurakartaTableError> {
        let bytes = TableBytes::open(path, in_memory_limit).map_err(from_table_error)?;
        let header = TableHeader::parse(path, &bytes[..bytes.len().min(HEADER_LEN)])?;
        check_material(path, expected, header.material)?;
        if bytes.len() as u64 != header.file_len() {
            return Err(SurakartaTableError::Length {
                path: path.to_path_buf(),
                expected: header.file_len(),
                found: bytes.len() as u64,
            });
        }
        bytes.advise_random();
        Ok(MaterialTable {
            path: path.to_path_buf(),
            index: MaterialIndex::new(header.material),
            header,
            bytes,
        })
    }

    /// Whether the cells are a mapping of the file (not a copy in memory).
    pub fn is_mapped(&self) -> bool {
        self.bytes.is_mapped()
    }

    /// Refuses the table once its file changed since it was opened: its
    /// length or modification time (every call; an `fstat`, 1 to 4 us),
    /// the file its path names or its first bytes (at most a millisecond
    /// apart); see [`crate::guard::FileGuard::check`]. Call it before
    /// reading cells for an answer.
    ///
    /// # Errors
    /// [`SurakartaTableError::Table`] with [`TableError::Changed`] naming
    /// the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), SurakartaTableError> {
        self.bytes
            .check_unchanged()
            .map_err(SurakartaTableError::Table)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header.
    pub fn header(&self) -> &TableHeader {
        &self.header
    }

    /// The material's index.
    pub fn index(&self) -> &MaterialIndex {
        &self.index
    }

    /// End code of cell `cell < cells`.
    #[inline]
    pub fn end_code(&self, cell: u64) -> u16 {
        let o = HEADER_LEN + 2 * cell as usize;
        u16::from_le_bytes([self.bytes[o], self.bytes[o + 1]])
    }

    /// Rule code of cell `cell < cells`.
    #[inline]
    pub fn rule_code(&self, cell: u64) -> u8 {
        self.bytes[HEADER_LEN + 2 * self.header.cells as usize + cell as usize]
    }

    /// The end codes' bytes (two per cell, little-endian).
    pub fn end_bytes(&self) -> &[u8] {
        &self.bytes[HEADER_LEN..HEADER_LEN + 2 * self.header.cells as usize]
    }

    /// The rule codes (one per cell).
    pub fn rule_bytes(&self) -> &[u8] {
        &self.bytes[HEADER_LEN + 2 * self.header.cells as usize..]
    }

    /// Checks that this table was solved from `child`, the table of its
    /// child material: the cells CRC recorded in the header is `child`'s.
    ///
    /// # Errors
    /// [`SurakartaTableError::Mixed`] naming both files.
    pub fn check_solved_from(&self, child: &MaterialTable) -> Result<(), SurakartaTableError> {
        check_child(&self.path, &self.header, &child.path, &child.header)
    }

    /// Hashes the cells and checks the CRC of the header (about a second
    /// per gigabyte).
    ///
    /// # Errors
    /// [`SurakartaTableError::CellCrc`].
    pub fn verify_crc(&self) -> Result<(), SurakartaTableError> {
        let computed = {
            let mut d = CRC64.digest();
            d.update(self.end_bytes());
            d.update(self.rule_bytes());
            d.finalize()
        };
        if computed != self.header.cells_crc {
            return Err(SurakartaTableError::CellCrc {
                path: self.path.clone(),
                stored: self.header.cells_crc,
                computed,
            });
        }
        Ok(())
    }

    /// [`MaterialTable::verify_crc`], and checks that every cell holds a
    /// code a finished table holds (fillers exactly in the non-canonical
    /// cells).
    ///
    /// # Errors
    /// [`SurakartaTableError::CellCrc`], [`SurakartaTableError::BadCode`].
    pub fn verify_cells(&self) -> Result<(), SurakartaTableError> {
        self.verify_crc()?;
        for cell in 0..self.header.cells {
            let (e, r) = (self.end_code(cell), self.rule_code(cell));
            let filler = e == END_FILLER;
            let bad = if filler != (r == RULE_FILLER) {
                Some("a filler in one code only".to_string())
            } else if e == END_UNDECIDED {
                Some("the undecided code".to_string())
            } else if !filler && e != END_DRAW && super::codes::RuleValue::from_code(r).is_none() {
                Some(format!("rule code {r}"))
            } else {
                None
            };
            let bad = bad.or_else(|| {
                (filler == self.index.is_canonical(cell)).then(|| {
                    if filler {
                        "a filler in a canonical cell".to_string()
                    } else {
                        "a value in a non-canonical cell".to_string()
                    }
                })
            });
            if let Some(what) = bad {
                return Err(SurakartaTableError::BadCode {
                    path: self.path.clone(),
                    cell,
                    what,
                });
            }
        }
        Ok(())
    }
}

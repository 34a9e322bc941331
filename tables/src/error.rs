//! Why a table of either format was refused, could not be read or could
//! not be written.

use crate::identity::TableIdentity;
use crate::layout::{
    COMPACT_HEADER_LEN, COMPACT_OLDEST_VERSION, COMPACT_VERSION, SOURCE_HEADER_LEN, SOURCE_VERSION,
};
use crate::section::Section;
use std::path::{Path, PathBuf};

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
    /// The file changed after the table was opened
    /// ([`crate::guard::FileGuard::check`]): no cell is read from it.
    #[error("{}: the table file {what} since it was opened; no answer is read from a changed table: open it again", path.display())]
    Changed {
        /// File concerned.
        path: PathBuf,
        /// What changed, in words (`changed length from 53392 to 0
        /// bytes`).
        what: String,
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
    #[error("{}: too short for a table header ({len} of {SOURCE_HEADER_LEN} bytes)", path.display())]
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
        "{}: not a Tic-Tac-Chec table (magic at offset 0 is {found}, expected \"TTCTBASE\"){}", path.display(), other_game(found)
    )]
    BadMagic {
        /// File concerned.
        path: PathBuf,
        /// Bytes found.
        found: String,
    },
    /// Written by an unknown format version.
    #[error("{}: format version {found} at offset 8 is not supported (this build reads {SOURCE_VERSION})", path.display())]
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

impl TableError {
    /// [`TableError::Foreign`]: `path` names `found`, rules this build
    /// does not solve, or not the rules asked for.
    pub fn foreign(path: &Path, found: TableIdentity) -> TableError {
        TableError::Foreign {
            path: path.to_path_buf(),
            tag: found.rule_tag,
            size: found.size,
            roles: found.roles,
            opening: found.opening_plies,
        }
    }
}

/// Wraps an I/O error on `path` as a [`TableError::Io`].
pub(crate) fn table_io(path: &Path) -> impl FnOnce(std::io::Error) -> TableError + '_ {
    move |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Why a compact table (or, through [`AnyTable`](crate::any::AnyTable), a
/// table of either format) was refused, could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CompactError {
    /// A problem of a source table.
    #[error(transparent)]
    Source(#[from] TableError),
    /// Operating-system error on `path` (the cause is the error's source).
    #[error("{}", path.display())]
    Io {
        /// File concerned.
        path: PathBuf,
        /// Underlying error.
        source: std::io::Error,
    },
    /// Shorter than a header.
    #[error("{}: too short for a compact table header ({len} of {COMPACT_HEADER_LEN} bytes)", path.display())]
    TooShort {
        /// File concerned.
        path: PathBuf,
        /// Its length.
        len: u64,
    },
    /// Neither a source nor a compact table.
    #[error("{}: not a Tic-Tac-Chec table (magic at offset 0 is {found}, expected \"TTCTBASE\" or \"TTCCPACK\"){}", path.display(), other_game(found))]
    BadMagic {
        /// File concerned.
        path: PathBuf,
        /// Bytes found, as [`crate::layout::magic_text`] shows them.
        found: String,
    },
    /// Written by an unknown format version.
    #[error("{}: compact format version {found} at offset 8 is not supported (this build reads versions {COMPACT_OLDEST_VERSION} to {COMPACT_VERSION}; pack the source table again)", path.display())]
    Version {
        /// File concerned.
        path: PathBuf,
        /// Version found.
        found: u32,
    },
    /// Header checksum mismatch.
    #[error("{}: compact header is damaged (CRC-64/XZ at offset 80 is {stored:#018x}, header hashes to {computed:#018x})", path.display())]
    HeaderCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A header field with a fixed value (byte 19, header length at offset
    /// 20, reserved bytes 88..128) holds something else.
    #[error("{}: compact header byte at offset {offset} is {found:#04x}, expected {expected:#04x} ({what})", path.display())]
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
    /// A header field is inconsistent (counts, block geometry, lengths).
    #[error("{}: {what}", path.display())]
    Layout {
        /// File concerned.
        path: PathBuf,
        /// What is wrong, with the values.
        what: String,
    },
    /// Block index checksum mismatch.
    #[error("{}: block index is damaged (CRC-64/XZ in header {stored:#018x}, index at offset {COMPACT_HEADER_LEN} hashes to {computed:#018x})", path.display())]
    IndexCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A block's compressed bytes do not match their checksum, or do not
    /// decompress to exactly the block's cells.
    #[error("{}: block {block} (file offset {offset}, {len} bytes) is damaged: {what}", path.display())]
    Block {
        /// File concerned.
        path: PathBuf,
        /// Block number.
        block: u64,
        /// File offset of its first compressed byte.
        offset: u64,
        /// Compressed length.
        len: u64,
        /// What is wrong.
        what: String,
    },
    /// All blocks decompress but the cells do not hash to the header's CRC.
    #[error("{}: cells are damaged (CRC-64/XZ in header {stored:#018x}, decompressed cells hash to {computed:#018x})", path.display())]
    CellCrc {
        /// File concerned.
        path: PathBuf,
        /// Stored value.
        stored: u64,
        /// Computed value.
        computed: u64,
    },
    /// A cell index outside its section.
    #[error("{}: {} index {index} is out of range ({len} cells)", path.display(), section.name())]
    OutOfRange {
        /// File concerned.
        path: PathBuf,
        /// Section asked for.
        section: Section,
        /// Index asked for.
        index: u64,
        /// Section length.
        len: u64,
    },
    /// Bad packing options.
    #[error("invalid packing option: {0}")]
    Options(String),
    /// A compact table differs from its source (first differing cell).
    #[error("{} differs from {} at {} cell {index}: {found} instead of {expected}", compact.display(), source_path.display(), section.name())]
    Mismatch {
        /// Compact table.
        compact: PathBuf,
        /// Source table.
        source_path: PathBuf,
        /// Section of the first differing cell.
        section: Section,
        /// Its index in the section.
        index: u64,
        /// Source value.
        expected: u8,
        /// Compact value.
        found: u8,
    },
}

impl CompactError {
    /// [`CompactError::Foreign`]: `path` names `found`, rules this build
    /// does not solve.
    pub fn foreign(path: &Path, found: TableIdentity) -> CompactError {
        CompactError::Foreign {
            path: path.to_path_buf(),
            tag: found.rule_tag,
            size: found.size,
            roles: found.roles,
            opening: found.opening_plies,
        }
    }
}

/// Wraps an I/O error on `path` as a [`CompactError::Io`].
pub(crate) fn compact_io(path: &Path) -> impl FnOnce(std::io::Error) -> CompactError + '_ {
    move |source| CompactError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The values of `items`, or the first error in input order with its
/// position.
pub fn first_error<T, E>(items: Vec<Result<T, E>>) -> Result<Vec<T>, (usize, E)> {
    items
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| (i, e)))
        .collect()
}

/// What a bad magic `found` (as [`crate::layout::magic_text`] shows it)
/// tells about the file: a Surakarta table, source or compact, is read
/// through its folder, which holds one table per material.
fn other_game(found: &str) -> &'static str {
    if found.contains("TTCSKTB1") || found.contains("TTCSKTC1") {
        "; this is a Surakarta table: give the folder that holds it"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::magic_text;

    #[test]
    fn a_surakarta_table_given_for_a_tic_tac_chec_one_is_named_as_such() {
        let path = PathBuf::from("t/surakarta-2v1.tbl");
        for magic in [b"TTCSKTB1", b"TTCSKTC1"] {
            let found = magic_text(magic);
            let e = TableError::BadMagic {
                path: path.clone(),
                found: found.clone(),
            };
            assert!(e
                .to_string()
                .ends_with("this is a Surakarta table: give the folder that holds it"));
            let e = CompactError::BadMagic {
                path: path.clone(),
                found,
            };
            assert!(e.to_string().contains("give the folder that holds it"));
        }
        let e = TableError::BadMagic {
            path,
            found: magic_text(b"JUNKJUNK"),
        };
        assert!(!e.to_string().contains("Surakarta"), "{e}");
    }
}

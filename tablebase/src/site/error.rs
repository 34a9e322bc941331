//! Why a static site could not be written.

use std::path::{Path, PathBuf};
use tables::error::CompactError;

/// Why a site could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A table could not be opened or read.
    #[error(transparent)]
    Table(#[from] CompactError),
    /// A Surakarta tablebase folder could not be opened or read.
    #[error(transparent)]
    Tablebase(#[from] crate::surakarta::TablebaseError),
    /// A file or folder could not be written, read or renamed (the
    /// operating system's message is the error's source).
    #[error("{}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// DIR holds files already.
    #[error("{} exists and is not empty: give a new or empty folder, or --force to replace it", .0.display())]
    NotEmpty(PathBuf),
    /// DIR names no folder (`/`, `.`, `..`).
    #[error("{}: give the site folder a name, such as site/", .0.display())]
    NoName(PathBuf),
    /// DIR is a file.
    #[error("{} exists and is not a folder", .0.display())]
    NotDir(PathBuf),
    /// DIR is or contains a table being exported.
    #[error("{} holds the table {}: write the site to another folder", dir.display(), table.display())]
    HoldsTable {
        /// The site folder.
        dir: PathBuf,
        /// The table inside it.
        table: PathBuf,
    },
    /// The two tables of a compare site differ in layout.
    #[error("--compare: {main} and {other} have different layouts; the two tables must share board size, pieces, opening lock and cell counts")]
    Layout {
        /// Main table, described.
        main: String,
        /// Compared table, described.
        other: String,
    },
    /// A block size out of range, and the largest accepted.
    #[error("block size {0} is outside 1..={1} cells")]
    BlockSize(u32, u32),
    /// The cells read do not match the table's cells CRC.
    #[error("{}: the cells read have CRC-64/XZ {computed:#018x}, the header says {stored:#018x}", path.display())]
    CellCrc {
        /// The table.
        path: PathBuf,
        /// From the header.
        stored: u64,
        /// Computed over the cells exported.
        computed: u64,
    },
}

impl SiteError {
    /// Wraps an I/O error of `path` (a file or folder being written, read
    /// or renamed) as [`SiteError::Io`]: for `map_err`.
    pub(super) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SiteError + '_ {
        move |source| SiteError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

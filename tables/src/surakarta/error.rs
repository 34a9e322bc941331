//! Why a Surakarta table or tablebase folder was refused.

use super::material::Material;
use std::path::PathBuf;

/// Why a Surakarta table file or tablebase folder was refused, could not
/// be read or could not be written. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum SurakartaTableError {
    /// An operating-system error (open, read, write, rename, sync). The
    /// message is the path; the system's words are its source, which the
    /// front ends print after it (`PATH: No such file or directory`), as
    /// for [`crate::error::TableError::Io`].
    #[error("{}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a Surakarta table of this format.
    #[error("{}: not a Surakarta table ({what})", path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What is wrong (magic, version, game tag).
        what: String,
    },
    /// The header is damaged or inconsistent.
    #[error("{}: damaged header: {what}", path.display())]
    Header {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The file holds the table of another material than its name says
    /// (a file renamed, or two swapped): its header is sound.
    #[error("{}: the file name says material {named}, but its header holds the table of material {found} (a renamed or swapped file?)", path.display())]
    OtherMaterial {
        /// The file.
        path: PathBuf,
        /// The material its file name says (the table asked for).
        named: Material,
        /// The material its header holds.
        found: Material,
    },
    /// The file's length does not match its header.
    #[error("{}: file is {found} bytes, its header says {expected} (truncated or padded)", path.display())]
    Length {
        /// The file.
        path: PathBuf,
        /// Bytes the header calls for.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The cells do not hash to the header's CRC.
    #[error("{}: cells are damaged (CRC-64/XZ in header {stored:#018x}, cells hash to {computed:#018x})", path.display())]
    CellCrc {
        /// The file.
        path: PathBuf,
        /// CRC in the header.
        stored: u64,
        /// CRC of the cells.
        computed: u64,
    },
    /// A cell holds a code no finished table holds.
    #[error("{}: cell {cell} holds {what}", path.display())]
    BadCode {
        /// The file.
        path: PathBuf,
        /// The cell.
        cell: u64,
        /// The code and why it is wrong.
        what: String,
    },
    /// The table of a material the question needs is not in the folder.
    #[error("{}: no table of material {material} (mover v other) in this folder; solve with --pieces {}", dir.display(), material.pieces())]
    Missing {
        /// The tablebase folder.
        dir: PathBuf,
        /// The material.
        material: Material,
    },
    /// A table was built from another table of its child material than
    /// the one in the folder (a folder mixed from two runs).
    #[error("{}: built from a {child} table whose cells CRC was {expected:#018x}, but {} has {found:#018x}: the folder mixes tables of two runs", path.display(), child_path.display())]
    Mixed {
        /// The parent table.
        path: PathBuf,
        /// The child table.
        child_path: PathBuf,
        /// The child material.
        child: Material,
        /// CRC recorded in the parent.
        expected: u64,
        /// CRC of the child table found.
        found: u64,
    },
    /// A block of a compact table is damaged: its checksum, its
    /// decompression or its length is wrong.
    #[error("{}: block {block} {what}", path.display())]
    Block {
        /// The compact table.
        path: PathBuf,
        /// The block.
        block: u64,
        /// What is wrong.
        what: String,
    },
    /// A SHA-256 sidecar does not match its table.
    #[error("{}: SHA-256 is {computed}, its sidecar says {stored}", path.display())]
    Sidecar {
        /// The table.
        path: PathBuf,
        /// Digest in the sidecar.
        stored: String,
        /// Digest of the file.
        computed: String,
    },
    /// Another error of the shared table helpers (locks, disk space).
    #[error(transparent)]
    Table(#[from] crate::error::TableError),
}

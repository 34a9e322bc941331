//! A Surakarta table in either format: the source table (memory-mapped,
//! or read into memory) or its compact copy (zstd blocks read on demand).

use super::compact::CompactMaterialTable;
use super::compact_header::compact_file_name;
use super::error::SurakartaTableError;
use super::file::{file_name, MaterialTable, TableHeader};
use super::index::MaterialIndex;
use super::material::Material;
use std::path::Path;

/// Decompressed blocks each compact table keeps (192 KiB each at the
/// default block size: up to 48 MiB per table).
pub const COMPACT_CACHE_BLOCKS: usize = 256;

/// One material's table, source or compact.
#[derive(Debug)]
pub enum AnyMaterialTable {
    /// A source table (`surakarta-MvO.tbl`).
    Source(MaterialTable),
    /// A compact table (`surakarta-MvO.ctbl`).
    Compact(CompactMaterialTable),
}

impl AnyMaterialTable {
    /// Opens `material`'s table in folder `dir`: the source table
    /// `surakarta-MvO.tbl` if there is one, else the compact table
    /// `surakarta-MvO.ctbl`; `None` when neither exists.
    ///
    /// # Errors
    /// The table's [`SurakartaTableError`] (foreign, damaged header or
    /// index, wrong length; [`SurakartaTableError::OtherMaterial`] for a
    /// file holding another material's table).
    pub fn open_in(
        dir: &Path,
        material: Material,
    ) -> Result<Option<AnyMaterialTable>, SurakartaTableError> {
        AnyMaterialTable::open_in_limited(dir, material, 0)
    }

    /// [`AnyMaterialTable::open_in`], a source table read into memory when
    /// its file is at most `in_memory_limit` bytes long and mapped
    /// otherwise ([`MaterialTable::open_limited`]); a compact table is
    /// never mapped.
    ///
    /// # Errors
    /// As [`AnyMaterialTable::open_in`].
    pub fn open_in_limited(
        dir: &Path,
        material: Material,
        in_memory_limit: u64,
    ) -> Result<Option<AnyMaterialTable>, SurakartaTableError> {
        let source = dir.join(file_name(material));
        if source.exists() {
            return MaterialTable::open_limited(&source, Some(material), in_memory_limit)
                .map(|t| Some(AnyMaterialTable::Source(t)));
        }
        let compact = dir.join(compact_file_name(material));
        if compact.exists() {
            return CompactMaterialTable::open(&compact, Some(material), COMPACT_CACHE_BLOCKS)
                .map(|t| Some(AnyMaterialTable::Compact(t)));
        }
        Ok(None)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        match self {
            AnyMaterialTable::Source(t) => t.path(),
            AnyMaterialTable::Compact(t) => t.path(),
        }
    }

    /// The table's header fields (material, cells, cells CRC, child).
    pub fn header(&self) -> &TableHeader {
        match self {
            AnyMaterialTable::Source(t) => t.header(),
            AnyMaterialTable::Compact(t) => &t.header().table,
        }
    }

    /// The material's index.
    pub fn index(&self) -> &MaterialIndex {
        match self {
            AnyMaterialTable::Source(t) => t.index(),
            AnyMaterialTable::Compact(t) => t.index(),
        }
    }

    /// `"source"` or `"compact"`.
    pub fn format(&self) -> &'static str {
        match self {
            AnyMaterialTable::Source(_) => "source",
            AnyMaterialTable::Compact(_) => "compact",
        }
    }

    /// The source table, if this is one.
    pub fn source(&self) -> Option<&MaterialTable> {
        match self {
            AnyMaterialTable::Source(t) => Some(t),
            AnyMaterialTable::Compact(_) => None,
        }
    }

    /// Refuses the table once its file changed since it was opened
    /// ([`MaterialTable::check_unchanged`],
    /// [`CompactMaterialTable::check_unchanged`]).
    ///
    /// # Errors
    /// [`SurakartaTableError::Table`] naming the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), SurakartaTableError> {
        match self {
            AnyMaterialTable::Source(t) => t.check_unchanged(),
            AnyMaterialTable::Compact(t) => t.check_unchanged(),
        }
    }

    /// The end code and rule code of cell `cell < cells` (no
    /// [`AnyMaterialTable::check_unchanged`]: the caller checks).
    ///
    /// # Errors
    /// For a compact table, a failed read or a damaged block.
    #[inline]
    pub fn codes(&self, cell: u64) -> Result<(u16, u8), SurakartaTableError> {
        match self {
            AnyMaterialTable::Source(t) => Ok((t.end_code(cell), t.rule_code(cell))),
            AnyMaterialTable::Compact(t) => t.codes(cell),
        }
    }

    /// Checks the cells against the header's CRC (for a compact table,
    /// every block's checksum too).
    ///
    /// # Errors
    /// [`SurakartaTableError::CellCrc`] or a damaged block.
    pub fn verify_crc(&self) -> Result<(), SurakartaTableError> {
        match self {
            AnyMaterialTable::Source(t) => t.verify_crc(),
            AnyMaterialTable::Compact(t) => t.verify(),
        }
    }

    /// Checks that this table was solved from `child`, the table of its
    /// child material (the child's cells CRC is the one recorded here).
    ///
    /// # Errors
    /// [`SurakartaTableError::Mixed`] naming both files.
    pub fn check_solved_from(&self, child: &AnyMaterialTable) -> Result<(), SurakartaTableError> {
        super::file::check_child(self.path(), self.header(), child.path(), child.header())
    }
}

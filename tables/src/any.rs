//! A table of either format, chosen by the magic at offset 0: a source
//! table ([`crate::file`], `TTCTBASE`) or a compact table
//! ([`crate::compact`], `TTCCPACK`), with one read interface.

use crate::bytes::TableBytes;
use crate::compact::CompactTable;
use crate::error::{CompactError, TableError};
use crate::file::Table;
use crate::layout::{magic_text, COMPACT_MAGIC, SOURCE_MAGIC};
use crate::section::Section;
use crate::source_header::HEADER_LEN;
use rayon::prelude::*;
use rules::ttc::Variant;
use std::io::Read;
use std::path::Path;

/// A source or compact table.
pub enum AnyTable {
    /// One byte per position, memory-mapped (fully CRC-checked at open).
    Source(Table),
    /// zstd-compressed blocks (header and index checked at open, each
    /// block when first read).
    Compact(CompactTable),
}

impl std::fmt::Debug for AnyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyTable")
            .field("format", &self.format())
            .field("path", &self.path())
            .finish()
    }
}

/// The two formats, told apart by the magic.
enum Format {
    Source,
    Compact,
}

/// The format of the table `path` whose first bytes (up to 8; fewer only
/// when the file is shorter) are `magic`.
fn format(magic: &[u8], path: &Path) -> Result<Format, CompactError> {
    if magic == SOURCE_MAGIC.as_slice() {
        Ok(Format::Source)
    } else if magic == COMPACT_MAGIC.as_slice() {
        Ok(Format::Compact)
    } else if magic.len() < 8 {
        Err(CompactError::Source(TableError::TooShort {
            path: path.to_path_buf(),
            len: magic.len() as u64,
        }))
    } else {
        Err(CompactError::BadMagic {
            path: path.to_path_buf(),
            found: magic_text(magic),
        })
    }
}

/// The format of the table file `path`, by its first 8 bytes (errors as
/// [`format`]'s).
fn file_format(path: &Path) -> Result<Format, CompactError> {
    let mut magic = [0u8; 8];
    let mut f = crate::fsutil::open_regular(path)?;
    let mut got = 0;
    while got < 8 {
        let n = f
            .read(&mut magic[got..])
            .map_err(|source| CompactError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        if n == 0 {
            break;
        }
        got += n;
    }
    format(&magic[..got], path)
}

impl AnyTable {
    /// Opens `path` as a source table ([`Table::open`], which checks the
    /// CRC of every cell) or a compact table ([`CompactTable::open`]),
    /// by its magic.
    ///
    /// # Errors
    /// [`CompactError::BadMagic`] for neither, otherwise the format's own
    /// errors.
    pub fn open(path: &Path) -> Result<AnyTable, CompactError> {
        AnyTable::open_with(path, true)
    }

    /// Opens `path` as [`AnyTable::open`] does; with `check_cells` false a
    /// source table is opened with [`Table::open_trusted`] (header, sizes
    /// and completion checked, not the CRC of every cell). A compact table
    /// is opened the same way either way: its blocks are checked when
    /// read.
    ///
    /// # Errors
    /// As [`AnyTable::open`].
    pub fn open_with(path: &Path, check_cells: bool) -> Result<AnyTable, CompactError> {
        Ok(match file_format(path)? {
            Format::Source => AnyTable::Source(if check_cells {
                Table::open(path)?
            } else {
                Table::open_trusted(path)?
            }),
            Format::Compact => AnyTable::Compact(CompactTable::open(path)?),
        })
    }

    /// Opens `path` as [`AnyTable::open_with`] does, reading the file into
    /// memory when it is at most `in_memory_limit` bytes long (a table in
    /// memory never faults, whatever happens to its file), mapping it
    /// otherwise ([`TableBytes::open`]). Either way the table keeps the
    /// guard of its file ([`AnyTable::check_unchanged`]).
    ///
    /// # Errors
    /// As [`AnyTable::open`].
    pub fn open_limited(
        path: &Path,
        check_cells: bool,
        in_memory_limit: u64,
    ) -> Result<AnyTable, CompactError> {
        let f = file_format(path)?;
        let bytes = TableBytes::open(path, in_memory_limit)?;
        Ok(match f {
            Format::Source => AnyTable::Source(Table::from_table_bytes(path, bytes, check_cells)?),
            Format::Compact => AnyTable::Compact(CompactTable::from_table_bytes(path, bytes)?),
        })
    }

    /// Refuses the table once its file changed since it was opened: its
    /// path names another file or none, or the open file's length,
    /// modification time or header changed
    /// ([`crate::guard::FileGuard::check`]). Every front end calls it
    /// before reading the cells of an answer; cell reads themselves
    /// ([`AnyTable::get`], [`AnyTable::get_many`]) do not check. A table
    /// given in memory ([`AnyTable::from_bytes`]) always passes.
    ///
    /// # Errors
    /// [`TableError::Changed`] (as [`CompactError::Source`]).
    pub fn check_unchanged(&self) -> Result<(), CompactError> {
        match self {
            AnyTable::Source(t) => t.check_unchanged(),
            AnyTable::Compact(t) => t.check_unchanged(),
        }
        .map_err(CompactError::Source)
    }

    /// [`AnyTable::check_unchanged`] of everything at once: the path and
    /// the first bytes too, whenever it was last done
    /// ([`crate::guard::FileGuard::check_full`]); for a front end that
    /// checks once per request rather than once per probe (the server).
    ///
    /// # Errors
    /// As [`AnyTable::check_unchanged`].
    pub fn check_unchanged_full(&self) -> Result<(), CompactError> {
        let guard = match self {
            AnyTable::Source(t) => t.guard(),
            AnyTable::Compact(t) => t.guard(),
        };
        guard
            .map_or(Ok(()), crate::guard::FileGuard::check_full)
            .map_err(CompactError::Source)
    }

    /// Whether the table is read from a mapping of its file, which faults
    /// (SIGBUS) if the file is shortened while a read touches the lost
    /// pages, rather than from a copy in memory.
    pub fn is_mapped(&self) -> bool {
        match self {
            AnyTable::Source(t) => t.is_mapped(),
            AnyTable::Compact(t) => t.is_mapped(),
        }
    }

    /// Opens `path` as [`AnyTable::open`] does, but a source table with
    /// [`Table::open_unchecked_cells`] (header and sizes checked, not its
    /// completion nor the CRC of its cells): for tools that check those
    /// themselves and report them, such as the audit. A file of neither
    /// format is refused with the same error as by [`AnyTable::open`].
    ///
    /// # Errors
    /// As [`AnyTable::open`] minus the source table's completion and cell
    /// checksum.
    pub fn open_unchecked_cells(path: &Path) -> Result<AnyTable, CompactError> {
        Ok(match file_format(path)? {
            Format::Source => AnyTable::Source(Table::open_unchecked_cells(path)?),
            Format::Compact => AnyTable::Compact(CompactTable::open(path)?),
        })
    }

    /// A whole table file of either format held in memory, checked as
    /// [`AnyTable::open`] checks a file ([`Table::from_bytes`] or
    /// [`CompactTable::from_bytes`], by its magic); `path` names it in
    /// errors.
    ///
    /// # Errors
    /// As [`AnyTable::open`], minus the file system's errors.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<AnyTable, CompactError> {
        Ok(match format(&bytes[..8.min(bytes.len())], path)? {
            Format::Source => AnyTable::Source(Table::from_bytes(path, bytes)?),
            Format::Compact => AnyTable::Compact(CompactTable::from_bytes(path, bytes)?),
        })
    }

    /// `source` or `compact`.
    pub fn format(&self) -> &'static str {
        match self {
            AnyTable::Source(_) => "source",
            AnyTable::Compact(_) => "compact",
        }
    }

    /// Rule set.
    pub fn variant(&self) -> Variant {
        match self {
            AnyTable::Source(t) => t.variant(),
            AnyTable::Compact(t) => t.variant(),
        }
    }

    /// File path.
    pub fn path(&self) -> &Path {
        match self {
            AnyTable::Source(t) => t.path(),
            AnyTable::Compact(t) => t.path(),
        }
    }

    /// CRC-64/XZ of all cells, from the header (equal for a source table
    /// and its compact form).
    pub fn cells_crc(&self) -> u64 {
        match self {
            AnyTable::Source(t) => t.header().cells_crc,
            AnyTable::Compact(t) => t.header().cells_crc,
        }
    }

    /// `(post-opening, opening)` cell counts.
    pub fn counts(&self) -> (u64, u64) {
        match self {
            AnyTable::Source(t) => (t.header().post, t.header().opening),
            AnyTable::Compact(t) => (t.header().post, t.header().opening),
        }
    }

    /// Cell `index` of `section`.
    ///
    /// # Errors
    /// [`CompactError::OutOfRange`], or a damaged compact block.
    pub fn get(&self, section: Section, index: u64) -> Result<u8, CompactError> {
        match self {
            AnyTable::Compact(t) => t.get(section, index),
            AnyTable::Source(t) => {
                let cells = match section {
                    Section::Post => t.post(),
                    Section::Opening => t.opening(),
                };
                cells
                    .get(index as usize)
                    .copied()
                    .ok_or_else(|| CompactError::OutOfRange {
                        path: t.path().to_path_buf(),
                        section,
                        index,
                        len: cells.len() as u64,
                    })
            }
        }
    }

    /// The cells of many `(section, index)` pairs, in the order given, in
    /// parallel on the current rayon pool; a compact table reads each
    /// needed block once ([`CompactTable::get_many`]).
    ///
    /// # Errors
    /// `(i, error)` for the failing pair `i` that comes first in the
    /// input, as [`AnyTable::get`] fails.
    pub fn get_many(&self, cells: &[(Section, u64)]) -> Result<Vec<u8>, (usize, CompactError)> {
        match self {
            AnyTable::Compact(t) => t.get_many(cells),
            AnyTable::Source(t) => {
                let (post, opening) = (t.header().post, t.header().opening);
                let outside = |&(s, index): &(Section, u64)| match s {
                    Section::Post => index >= post,
                    Section::Opening => index >= opening,
                };
                // The range check reads no cell; the first failure is named.
                if cells.par_iter().any(outside) {
                    let i = cells.iter().position(outside).expect("found above");
                    let (s, index) = cells[i];
                    return Err((i, self.get(s, index).expect_err("out of range")));
                }
                Ok(gather_sorted(&t.bytes()[HEADER_LEN..], post, cells))
            }
        }
    }

    /// Sets the block cache of a compact table to about `bytes` of
    /// decompressed cells ([`CompactTable::set_cache_bytes`]); a source
    /// table has no cache (the operating system's page cache serves it).
    pub fn set_cache_bytes(&mut self, bytes: usize) {
        if let AnyTable::Compact(t) = self {
            t.set_cache_bytes(bytes);
        }
    }

    /// Post-opening cell `i` ([`crate::Index`] order).
    ///
    /// # Errors
    /// As [`AnyTable::get`].
    pub fn post(&self, i: u64) -> Result<u8, CompactError> {
        self.get(Section::Post, i)
    }

    /// Opening cell `i` ([`crate::OpeningIndex`] order).
    ///
    /// # Errors
    /// As [`AnyTable::get`].
    pub fn opening(&self, i: u64) -> Result<u8, CompactError> {
        self.get(Section::Opening, i)
    }

    /// Calls `f(first, cells)` over all cells in order, in runs of at most
    /// 64 MiB: `first` is the stream position of `cells[0]` (post-opening
    /// cells first, then opening cells: opening cell `i` is at `post + i`).
    /// A compact table is decompressed block by block
    /// ([`CompactTable::for_each_block`], which also checks the CRC of all
    /// cells at the end); a source table's cells were checked at open.
    ///
    /// # Errors
    /// A damaged compact block or cell CRC, or the first error of `f`.
    pub fn for_each_chunk<E, F>(&self, mut f: F) -> Result<(), E>
    where
        E: From<CompactError>,
        F: FnMut(u64, &[u8]) -> Result<(), E>,
    {
        match self {
            AnyTable::Source(s) => {
                let cells = &s.bytes()[HEADER_LEN..];
                for (i, chunk) in cells.chunks(CHUNK).enumerate() {
                    f((i * CHUNK) as u64, chunk)?;
                }
                Ok(())
            }
            AnyTable::Compact(c) => c.for_each_block(f),
        }
    }

    /// All cells in one buffer, post-opening then opening: a source
    /// table's mapping as it is, a compact table decompressed into memory
    /// (as many bytes as the source table has cells: 2.48 GB for the full
    /// game), every block and the CRC of all cells checked.
    ///
    /// # Errors
    /// As [`AnyTable::for_each_chunk`].
    pub fn all_cells(&self) -> Result<std::borrow::Cow<'_, [u8]>, CompactError> {
        match self {
            AnyTable::Source(s) => Ok(std::borrow::Cow::Borrowed(&s.bytes()[HEADER_LEN..])),
            AnyTable::Compact(_) => {
                let (p, o) = self.counts();
                let mut v = vec![0u8; (p + o) as usize];
                self.for_each_chunk::<CompactError, _>(|off, c| {
                    v[off as usize..off as usize + c.len()].copy_from_slice(c);
                    Ok(())
                })?;
                Ok(std::borrow::Cow::Owned(v))
            }
        }
    }
}

/// The cells of `cells` (all in range) from the whole cell stream
/// `stream` (post-opening cells, `post` of them, then opening cells), in
/// input order. The reads are made in stream order, in parallel, so that a
/// large batch of random cells walks the file's pages (and their page
/// table entries) forward instead of jumping: about twice as fast as reads
/// in input order for 1,000,000 random cells of the 2.48 GB table.
fn gather_sorted(stream: &[u8], post: u64, cells: &[(Section, u64)]) -> Vec<u8> {
    if cells.len() > u32::MAX as usize {
        // Orders below are u32: longer batches go in pieces.
        return cells
            .chunks(u32::MAX as usize)
            .flat_map(|piece| gather_sorted(stream, post, piece))
            .collect();
    }
    let at = |&(s, i): &(Section, u64)| match s {
        Section::Post => i,
        Section::Opening => post + i,
    };
    let mut order: Vec<(u64, u32)> = cells
        .par_iter()
        .enumerate()
        .map(|(k, c)| (at(c), k as u32))
        .collect();
    order.par_sort_unstable();
    let sorted: Vec<u8> = order
        .par_iter()
        .with_min_len(4096)
        .map(|&(pos, _)| stream[pos as usize])
        .collect();
    let mut out = vec![0u8; cells.len()];
    for (&(_, k), v) in order.iter().zip(sorted) {
        out[k as usize] = v;
    }
    out
}

/// Cells per run of [`AnyTable::for_each_chunk`] on a source table.
const CHUNK: usize = 64 << 20;

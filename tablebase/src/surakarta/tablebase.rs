//! An open folder of Surakarta tables, probed in place.

use rules::surakarta::{Position, PositionError, Side};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tables::surakarta::any::AnyMaterialTable;
use tables::surakarta::codes::RuleValue;
use tables::surakarta::file::file_name;
use tables::surakarta::material::MAX_TABLE_PIECES;
use tables::surakarta::MaterialTable;
use tables::surakarta::{EndValue, Material, SurakartaTableError};

/// Why a question to a tablebase folder could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// A table is missing, damaged, foreign, or of another run.
    #[error(transparent)]
    Table(#[from] SurakartaTableError),
    /// The position has more pieces than the folder's tables hold.
    #[error("position \"{position}\": {pieces} pieces, but the tables in {} hold at most {max}", dir.display())]
    TooManyPieces {
        /// The position's text.
        position: String,
        /// Its pieces.
        pieces: u32,
        /// The most pieces of the folder's tables.
        max: u32,
        /// The folder.
        dir: PathBuf,
    },
    /// The game is over in this position: a side has no piece.
    #[error("position \"{position}\": the game is over ({side} has no piece left)")]
    GameOver {
        /// The position's text.
        position: String,
        /// The side without pieces.
        side: Side,
    },
    /// A material's table is missing below the folder's largest piece
    /// count.
    #[error("{}: the folder holds tables of up to {pieces} pieces but {} is missing (a folder holds every material up to its largest piece count)", dir.display(), missing.display())]
    Incomplete {
        /// The folder.
        dir: PathBuf,
        /// The missing table.
        missing: PathBuf,
        /// The folder's largest piece count.
        pieces: u32,
    },
    /// The work needs every cell of every table in the source format, but
    /// the folder holds a compact table.
    #[error("{}: {what} reads the source tables (surakarta-MvO.tbl), this is a compact one; run it on the folder ttc solve surakarta wrote", path.display())]
    NeedsSource {
        /// The compact table.
        path: PathBuf,
        /// The work (a command's name).
        what: String,
    },
    /// A file the work would write exists already (and `--force` was not
    /// given).
    #[error("{}: exists already; give --force to replace it", path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// Two bitboards and a quiet counter that are no position: a bit
    /// beyond the 36 points, a point held by both sides, more than 12
    /// pieces a side, or a counter above 50 ([`Tablebase::probe_bits`]).
    #[error("position of side-to-move pieces {mover:#x} and other pieces {other:#x} ({quiet} quiet plies): {source}")]
    Invalid {
        /// The side to move's bitboard.
        mover: u64,
        /// The other side's bitboard.
        other: u64,
        /// The quiet counter.
        quiet: u16,
        /// What is wrong (the side to move is named Red).
        source: PositionError,
    },
    /// The folder holds no Surakarta table.
    #[error("{}: no Surakarta table (surakarta-MvO.tbl, or its compact copy surakarta-MvO.ctbl) in this folder; make one with ttc solve surakarta --pieces N --out {}", dir.display(), dir.display())]
    Empty {
        /// The folder.
        dir: PathBuf,
    },
}

/// A position's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionValue {
    /// The material from the side to move's view.
    pub material: Material,
    /// Without the 50-ply rule.
    pub end: EndValue,
    /// Under the 50-ply rule from a quiet counter of 0.
    pub rule: RuleValue,
    /// Under the 50-ply rule at the position's own counter.
    pub rule_now: RuleValue,
}

/// How [`Tablebase::open_with`] opens a folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenOptions {
    /// Hash every source table's cells against its header's CRC (about a
    /// second per gigabyte); a compact table's blocks are checked as they
    /// are read either way.
    pub verify_cells: bool,
    /// Read a source table into memory when its file is at most this many
    /// bytes long, map it otherwise ([`MaterialTable::open_limited`]). The
    /// commands pass 0 (map every table); the Python package
    /// [`tables::bytes::IN_MEMORY_LIMIT`] (1 GiB), so that no table of up
    /// to 8 pieces (the largest, 4v4, is 810 MB) is mapped.
    pub in_memory_limit: u64,
}

/// A folder of Surakarta tables, one per material, opened and checked
/// (headers, lengths, and that each table was solved from the child table
/// in the folder).
pub struct Tablebase {
    dir: PathBuf,
    tables: BTreeMap<Material, AnyMaterialTable>,
    max_pieces: u32,
}

impl Tablebase {
    /// Opens every table of `dir` (per material the source table
    /// `surakarta-MvO.tbl`, else its compact copy `surakarta-MvO.ctbl`) and
    /// checks each source table's cells CRC; a compact table's blocks are
    /// each checked against their checksum when read. The largest piece
    /// count all of whose materials are present is the folder's reach.
    ///
    /// # Errors
    /// [`TablebaseError::Empty`] for a folder without tables; a table's
    /// [`SurakartaTableError`] (foreign, damaged header or cells, wrong
    /// length, the table of another material than its file name says, or
    /// solved from another child table than the folder's: a
    /// mixed folder).
    pub fn open(dir: &Path) -> Result<Tablebase, TablebaseError> {
        Tablebase::open_with(
            dir,
            &OpenOptions {
                verify_cells: true,
                in_memory_limit: 0,
            },
        )
    }

    /// [`Tablebase::open`] with `options`: whether the cells are hashed,
    /// and which source tables are read into memory rather than mapped.
    ///
    /// # Errors
    /// As [`Tablebase::open`] (damaged cells go unnoticed without
    /// `verify_cells`).
    pub fn open_with(dir: &Path, options: &OpenOptions) -> Result<Tablebase, TablebaseError> {
        let tb = Tablebase::open_limited(dir, options.in_memory_limit)?;
        if !options.verify_cells {
            return Ok(tb);
        }
        let checks: Vec<_> = {
            use rayon::prelude::*;
            let all: Vec<&MaterialTable> = tb.tables.values().filter_map(|t| t.source()).collect();
            all.par_iter().map(|t| t.verify_crc()).collect()
        };
        checks.into_iter().collect::<Result<Vec<()>, _>>()?;
        Ok(tb)
    }

    /// [`Tablebase::open`] without hashing the cells (headers, lengths and
    /// the folder's consistency are still checked): for a folder verified
    /// before (`ttc verify`), when opening must be quick.
    ///
    /// # Errors
    /// As [`Tablebase::open`], but damaged cells go unnoticed.
    pub fn open_trusted(dir: &Path) -> Result<Tablebase, TablebaseError> {
        Tablebase::open_limited(dir, 0)
    }

    /// Opens the tables without hashing their cells, reading source tables
    /// of up to `in_memory_limit` bytes into memory.
    fn open_limited(dir: &Path, in_memory_limit: u64) -> Result<Tablebase, TablebaseError> {
        let mut tables = BTreeMap::new();
        for material in Material::all_up_to(MAX_TABLE_PIECES) {
            if let Some(t) = AnyMaterialTable::open_in_limited(dir, material, in_memory_limit)? {
                tables.insert(material, t);
            }
        }
        if tables.is_empty() {
            if let Err(source) = std::fs::read_dir(dir) {
                return Err(SurakartaTableError::Io {
                    path: dir.to_path_buf(),
                    source,
                }
                .into());
            }
            return Err(TablebaseError::Empty {
                dir: dir.to_path_buf(),
            });
        }
        let max_pieces = tables.keys().map(|m| m.pieces()).max().unwrap_or(2);
        if let Some(missing) = Material::all_up_to(max_pieces)
            .into_iter()
            .find(|m| !tables.contains_key(m))
        {
            return Err(TablebaseError::Incomplete {
                dir: dir.to_path_buf(),
                missing: dir.join(file_name(missing)),
                pieces: max_pieces,
            });
        }
        let tb = Tablebase {
            dir: dir.to_path_buf(),
            tables,
            max_pieces,
        };
        tb.check_children()?;
        Ok(tb)
    }

    /// Checks that each table's recorded child CRC is that of the child
    /// table in the folder.
    fn check_children(&self) -> Result<(), SurakartaTableError> {
        for t in self.tables.values() {
            if let Some(c) = t
                .header()
                .child
                .and_then(|(child, _)| self.tables.get(&child))
            {
                t.check_solved_from(c)?;
            }
        }
        Ok(())
    }

    /// A position to start exploring from: two pieces a side on the small
    /// circuit's crossing points (one a side in a folder of fewer than
    /// four pieces), within the folder's tables.
    pub fn example_position(&self) -> &'static str {
        if self.max_pieces >= 4 {
            "6/1b2b1/6/6/1r2r1/6 r 0"
        } else {
            "6/1b4/6/6/4r1/6 r 0"
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The largest piece count of the folder (every material up to it is
    /// present).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The open tables in material order (the side to move's count, then
    /// the other's: 1v1, 1v2, ..., 2v1, ...).
    pub fn tables(&self) -> impl Iterator<Item = &AnyMaterialTable> {
        self.tables.values()
    }

    /// The source tables by material, for work that reads every cell
    /// (`what` names it in the error).
    ///
    /// # Errors
    /// [`TablebaseError::NeedsSource`] naming the first compact table.
    pub fn source_tables(
        &self,
        what: &str,
    ) -> Result<BTreeMap<Material, &MaterialTable>, TablebaseError> {
        self.tables
            .iter()
            .map(|(&m, t)| {
                t.source()
                    .map(|s| (m, s))
                    .ok_or_else(|| TablebaseError::NeedsSource {
                        path: t.path().to_path_buf(),
                        what: what.to_string(),
                    })
            })
            .collect()
    }

    /// The table of `material`.
    ///
    /// # Errors
    /// [`SurakartaTableError::Missing`] when the folder has none.
    pub fn table(&self, material: Material) -> Result<&AnyMaterialTable, SurakartaTableError> {
        self.tables
            .get(&material)
            .ok_or_else(|| SurakartaTableError::Missing {
                dir: self.dir.clone(),
                material,
            })
    }

    /// Refuses the folder once any of its table files changed since it was
    /// opened ([`AnyMaterialTable::check_unchanged`], one `fstat` per
    /// table); [`Tablebase::probe`] checks the table it reads by itself.
    ///
    /// # Errors
    /// [`SurakartaTableError::Table`] naming the file and what changed.
    pub fn check_unchanged(&self) -> Result<(), SurakartaTableError> {
        self.tables
            .values()
            .try_for_each(AnyMaterialTable::check_unchanged)
    }

    /// The end and rule codes of the position with side-to-move pieces
    /// `mover` and opponent pieces `other` (disjoint, non-empty, of a
    /// material the folder holds). No guard check: see
    /// [`Tablebase::check_unchanged`].
    ///
    /// # Errors
    /// [`SurakartaTableError::Missing`] when the material's table is not
    /// in the folder; a compact table's failed read or damaged block.
    pub fn codes(
        &self,
        mover: u64,
        other: u64,
    ) -> Result<(Material, u16, u8), SurakartaTableError> {
        let (material, cell) = self.locate(mover, other)?;
        let (end, rule) = self.tables[&material].codes(cell)?;
        Ok((material, end, rule))
    }

    /// The material and the cell of the position (`mover`, `other`).
    ///
    /// # Errors
    /// [`SurakartaTableError::Missing`] when the folder has no table of
    /// the material.
    pub(super) fn locate(
        &self,
        mover: u64,
        other: u64,
    ) -> Result<(Material, u64), SurakartaTableError> {
        let material = Material::new(mover.count_ones(), other.count_ones()).ok_or_else(|| {
            SurakartaTableError::Missing {
                dir: self.dir.clone(),
                material: Material {
                    mover: mover.count_ones() as u8,
                    other: other.count_ones() as u8,
                },
            }
        })?;
        let t = self.table(material)?;
        Ok((material, t.index().rank(mover, other)))
    }

    /// Whether a table of the folder is compact (read block by block:
    /// batches then read their cells in file order).
    pub(super) fn has_compact(&self) -> bool {
        self.tables.values().any(|t| t.source().is_none())
    }

    /// The values in cell `cell` of `material`'s table, the rule's value
    /// taken at quiet counter `quiet` (`0..=50`). No guard check.
    ///
    /// # Errors
    /// A compact table's failed read or damaged block;
    /// [`SurakartaTableError::BadCode`] for a code no finished table
    /// holds (a filler: the cell of no position).
    pub(super) fn value_at(
        &self,
        material: Material,
        cell: u64,
        quiet: u8,
    ) -> Result<PositionValue, SurakartaTableError> {
        let t = &self.tables[&material];
        let (end, rule) = t.codes(cell)?;
        let bad = |what: String| SurakartaTableError::BadCode {
            path: t.path().to_path_buf(),
            cell,
            what,
        };
        let end = EndValue::from_code(end).ok_or_else(|| bad(format!("end code {end}")))?;
        let rule = RuleValue::from_code(rule).ok_or_else(|| bad(format!("rule code {rule}")))?;
        Ok(PositionValue {
            material,
            end,
            rule,
            rule_now: rule.at_counter(quiet.min(50)),
        })
    }

    /// The material and cell of `position`, after checking that both sides
    /// have pieces and the folder holds its piece count.
    ///
    /// # Errors
    /// [`TablebaseError::GameOver`], [`TablebaseError::TooManyPieces`], a
    /// missing table.
    pub(super) fn locate_position(
        &self,
        position: &Position,
    ) -> Result<(Material, u64), TablebaseError> {
        let side = position.side_to_move();
        let (mover, other) = (position.pieces(side), position.pieces(side.opponent()));
        for (s, bb) in [(side, mover), (side.opponent(), other)] {
            if bb == 0 {
                return Err(TablebaseError::GameOver {
                    position: position.to_string(),
                    side: s,
                });
            }
        }
        let pieces = (mover | other).count_ones();
        if pieces > self.max_pieces {
            return Err(TablebaseError::TooManyPieces {
                position: position.to_string(),
                pieces,
                max: self.max_pieces,
                dir: self.dir.clone(),
            });
        }
        Ok(self.locate(mover, other)?)
    }

    /// The values of `position`. The table read is first checked against
    /// its file ([`AnyMaterialTable::check_unchanged`]).
    ///
    /// # Errors
    /// [`TablebaseError::GameOver`] when a side has no piece,
    /// [`TablebaseError::TooManyPieces`] beyond the folder's tables, a
    /// missing table, a table file changed since it was opened, a damaged
    /// block or code.
    pub fn probe(&self, position: &Position) -> Result<PositionValue, TablebaseError> {
        let (material, cell) = self.locate_position(position)?;
        self.tables[&material].check_unchanged()?;
        let quiet = position.quiet_turns().min(50) as u8;
        Ok(self.value_at(material, cell, quiet)?)
    }

    /// The position with side-to-move pieces `mover` and other pieces
    /// `other` (bitboards, bit `6 * (rank - 1) + file` as in
    /// `rules::surakarta`) and `quiet` plies since the last capture, Red
    /// to move (a position and its colour-swapped twin have the same
    /// values).
    ///
    /// # Errors
    /// [`TablebaseError::Invalid`] when they are no position (a bit
    /// beyond the 36 points, a point held twice, more than 12 pieces a
    /// side, `quiet` above 50).
    pub fn position_of_bits(
        mover: u64,
        other: u64,
        quiet: u16,
    ) -> Result<Position, TablebaseError> {
        Position::from_parts(mover, other, Side::Red, quiet).map_err(|source| {
            TablebaseError::Invalid {
                mover,
                other,
                quiet,
                source,
            }
        })
    }

    /// [`Tablebase::probe`] of the position of bitboards `mover` (the
    /// side to move's pieces) and `other`, `quiet` plies after the last
    /// capture ([`Tablebase::position_of_bits`]).
    ///
    /// # Errors
    /// [`TablebaseError::Invalid`], then as [`Tablebase::probe`].
    pub fn probe_bits(
        &self,
        mover: u64,
        other: u64,
        quiet: u16,
    ) -> Result<PositionValue, TablebaseError> {
        self.probe(&Tablebase::position_of_bits(mover, other, quiet)?)
    }
}

//! An open folder of Surakarta tables, probed in place.

use rules::surakarta::{Position, Side};
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
    /// length, or solved from another child table than the folder's: a
    /// mixed folder).
    pub fn open(dir: &Path) -> Result<Tablebase, TablebaseError> {
        let tb = Tablebase::open_trusted(dir)?;
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
        let mut tables = BTreeMap::new();
        for material in Material::all_up_to(MAX_TABLE_PIECES) {
            if let Some(t) = AnyMaterialTable::open_in(dir, material)? {
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

    /// The open tables, by material (fewest pieces first).
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

    /// The end and rule codes of the position with side-to-move pieces
    /// `mover` and opponent pieces `other`.
    ///
    /// # Errors
    /// [`SurakartaTableError::Missing`] when the material's table is not
    /// in the folder; a compact table's failed read or damaged block.
    pub fn codes(
        &self,
        mover: u64,
        other: u64,
    ) -> Result<(Material, u16, u8), SurakartaTableError> {
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
        let (end, rule) = t.codes(t.index().rank(mover, other))?;
        Ok((material, end, rule))
    }

    /// The values of `position`.
    ///
    /// # Errors
    /// [`TablebaseError::GameOver`] when a side has no piece,
    /// [`TablebaseError::TooManyPieces`] beyond the folder's tables, or a
    /// missing table.
    pub fn probe(&self, position: &Position) -> Result<PositionValue, TablebaseError> {
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
        let (material, end, rule) = self.codes(mover, other)?;
        let bad = |what: String| SurakartaTableError::BadCode {
            path: self.tables[&material].path().to_path_buf(),
            cell: self.tables[&material].index().rank(mover, other),
            what,
        };
        let end = EndValue::from_code(end).ok_or_else(|| bad(format!("end code {end}")))?;
        let rule = RuleValue::from_code(rule).ok_or_else(|| bad(format!("rule code {rule}")))?;
        let quiet = position.quiet_turns().min(50) as u8;
        Ok(PositionValue {
            material,
            end,
            rule,
            rule_now: rule.at_counter(quiet),
        })
    }
}

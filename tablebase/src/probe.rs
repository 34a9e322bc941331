//! Probing a tablebase: the value of a position for the side to move and
//! the result of every legal move, best first; the principal variation.
//!
//! Works on either table format through [`AnyTable`]. Positions carry
//! absolute colours ([`Position`]); the index normalises them.

use rayon::prelude::*;
use rules::ttc::{Color, Move, MoveError, NotationError, Position, Variant};
use std::collections::HashSet;
use std::path::Path;
use tables::any::AnyTable;
use tables::code::{decode, Wdl};
use tables::error::CompactError;
use tables::section::Section;
use tables::{Index, IndexError, OpeningIndex};

/// Why a probe failed.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// The table could not be opened or read.
    #[error(transparent)]
    Table(#[from] CompactError),
    /// The position has no rank (should not happen for a legal position).
    #[error("position `{position}`: {error}")]
    Index {
        /// The position, in notation.
        position: String,
        /// Index error.
        error: IndexError,
    },
    /// A position text that does not parse for the table's variant.
    #[error("{error} (table {table} is {variant})")]
    Notation {
        /// Table path.
        table: String,
        /// Table variant, described.
        variant: String,
        /// Parse error (names the input and field).
        error: NotationError,
    },
    /// A position of another rule set than the table's.
    #[error("position `{position}` is {found}, but the table is {table}")]
    Variant {
        /// The position, in notation.
        position: String,
        /// Variant of the position.
        found: String,
        /// Variant of the table.
        table: String,
    },
    /// A move of `--moves` that does not parse or is illegal.
    #[error("move {number} {}: {error}", rules::echo::clip(text))]
    Move {
        /// 1-based number of the move in the list.
        number: usize,
        /// The move as written (shown cut to 80 characters).
        text: String,
        /// What is wrong.
        error: MoveError,
    },
    /// The table holds the invalid code 254 for a position.
    #[error("{table}: {} cell {index} (position `{position}`) holds the invalid code 254", section.name())]
    InvalidCode {
        /// Table path.
        table: String,
        /// Section of the cell.
        section: Section,
        /// Cell index.
        index: u64,
        /// The position, in notation.
        position: String,
    },
}

/// One legal move and what it gives the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (absolute squares).
    pub mv: Move,
    /// Result for the player making the move: `parent_of` the child's
    /// value (win in n / draw / loss in n, n in plies from the position
    /// before the move).
    pub result: Wdl,
    /// The position after the move.
    pub child: Position,
    /// Position of the move in [`Position::legal_moves`] order (0-based).
    pub order: usize,
}

/// A probed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    /// The position.
    pub position: Position,
    /// Its value for the side to move (`Loss(0)` when a line is on the
    /// board).
    pub value: Wdl,
    /// Every legal move, best first (see [`sort_best_first`]); empty for a
    /// terminal position.
    pub moves: Vec<MoveValue>,
}

impl Probe {
    /// Whether the side to move has no legal move although no line is on
    /// the board: such a position is a draw by the tablebase convention.
    pub fn no_legal_move(&self) -> bool {
        self.moves.is_empty() && !self.position.is_terminal()
    }
}

/// Sorts moves best first for the mover: shortest win, then draws, then
/// longest loss ([`Wdl::preference`]); equal results keep their move
/// order (stable sort).
pub fn sort_best_first(moves: &mut [MoveValue]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.result.preference()));
}

/// A table with its index, ready to probe.
pub struct Prober {
    table: AnyTable,
    idx: Index,
    oidx: OpeningIndex,
}

impl Prober {
    /// Wraps an open table (builds the index of its variant: a few ms).
    pub fn new(table: AnyTable) -> Prober {
        let v = table.variant();
        Prober {
            table,
            idx: Index::new(v),
            oidx: OpeningIndex::new(v),
        }
    }

    /// Opens a table of either format ([`AnyTable::open`]).
    ///
    /// # Errors
    /// [`ProbeError::Table`].
    pub fn open(path: &Path) -> Result<Prober, ProbeError> {
        Ok(Prober::new(AnyTable::open(path)?))
    }

    /// Opens a table as [`Prober::open`] does; with `check_cells` false a
    /// source table's cell CRC is not computed ([`AnyTable::open_with`]).
    ///
    /// # Errors
    /// [`ProbeError::Table`].
    pub fn open_with(path: &Path, check_cells: bool) -> Result<Prober, ProbeError> {
        Ok(Prober::new(AnyTable::open_with(path, check_cells)?))
    }

    /// Opens a table as [`Prober::open_with`] does, read into memory when
    /// its file is at most `in_memory_limit` bytes long, mapped otherwise
    /// ([`AnyTable::open_limited`]).
    ///
    /// # Errors
    /// [`ProbeError::Table`].
    pub fn open_limited(
        path: &Path,
        check_cells: bool,
        in_memory_limit: u64,
    ) -> Result<Prober, ProbeError> {
        Ok(Prober::new(AnyTable::open_limited(
            path,
            check_cells,
            in_memory_limit,
        )?))
    }

    /// The table.
    pub fn table(&self) -> &AnyTable {
        &self.table
    }

    /// The table's rule set.
    pub fn variant(&self) -> Variant {
        self.table.variant()
    }

    /// Parses a position text for the table's variant; `None` is the empty
    /// board.
    ///
    /// # Errors
    /// [`ProbeError::Notation`] naming the text, field and the table.
    pub fn parse_position(&self, text: Option<&str>) -> Result<Position, ProbeError> {
        let v = self.variant();
        match text {
            None => Ok(Position::empty(v)),
            Some(t) => Position::parse(t, v).map_err(|error| ProbeError::Notation {
                table: self.table.path().display().to_string(),
                variant: v.describe(),
                error,
            }),
        }
    }

    /// Plays a space-separated move list (`N@b2 n@c3 a1-b3 ...`) from
    /// `start`.
    ///
    /// # Errors
    /// [`ProbeError::Move`] naming the move and its 1-based number.
    pub fn play_moves(&self, start: Position, moves: &str) -> Result<Position, ProbeError> {
        let v = self.variant();
        let mut pos = start;
        for (i, text) in moves.split_whitespace().enumerate() {
            let err = |error| ProbeError::Move {
                number: i + 1,
                text: text.to_string(),
                error,
            };
            let mv = Move::parse(text, &v).map_err(err)?;
            pos = pos.play(mv).map_err(err)?;
        }
        Ok(pos)
    }

    /// The table cell of a position: `(section, index)`, its rank in the
    /// table's index.
    ///
    /// # Errors
    /// [`ProbeError::Variant`] for a position of another variant,
    /// [`ProbeError::Index`].
    pub fn rank(&self, pos: &Position) -> Result<(Section, u64), ProbeError> {
        if pos.variant() != self.variant() {
            return Err(ProbeError::Variant {
                position: pos.to_string(),
                found: pos.variant().describe(),
                table: self.variant().describe(),
            });
        }
        let index_err = |error| ProbeError::Index {
            position: pos.to_string(),
            error,
        };
        Ok(if pos.opening_ply().is_some() {
            (Section::Opening, self.oidx.rank(pos).map_err(index_err)?)
        } else {
            (
                Section::Post,
                self.idx.rank_position(pos).map_err(index_err)?,
            )
        })
    }

    /// The table cell of a position: `(section, index, code)`.
    ///
    /// # Errors
    /// As [`Prober::rank`], and [`ProbeError::Table`].
    pub fn cell(&self, pos: &Position) -> Result<(Section, u64, u8), ProbeError> {
        self.table.check_unchanged()?;
        self.cell_unchecked(pos)
    }

    /// [`Prober::cell`] without the check that the file is unchanged, for
    /// the reads after it of one answer.
    fn cell_unchecked(&self, pos: &Position) -> Result<(Section, u64, u8), ProbeError> {
        let (section, i) = self.rank(pos)?;
        Ok((section, i, self.table.get(section, i)?))
    }

    /// The position of cell `index` of `section` (the rank that `ttc
    /// compare` and `ttc audit` print): a post-opening cell as its White to
    /// move image (the table holds one cell for a position and its
    /// colour-swapped twin), an opening cell as the position it stands for.
    ///
    /// # Errors
    /// [`ProbeError::Table`] with [`CompactError::OutOfRange`] naming the
    /// index and the section's cell count; [`ProbeError::Index`] if the
    /// rank does not unrank (a damaged index, never expected).
    pub fn position_at(&self, section: Section, index: u64) -> Result<Position, ProbeError> {
        let (post, opening) = self.table.counts();
        let len = match section {
            Section::Post => post,
            Section::Opening => opening,
        };
        if index >= len {
            return Err(ProbeError::Table(CompactError::OutOfRange {
                path: self.table.path().to_path_buf(),
                section,
                index,
                len,
            }));
        }
        let unranked = match section {
            Section::Post => self.idx.unrank_position(index, Color::White),
            Section::Opening => self.oidx.unrank(index),
        };
        unranked.map_err(|error| ProbeError::Index {
            position: format!("{} cell {index}", section.name()),
            error,
        })
    }

    /// Value of a position for the side to move.
    ///
    /// # Errors
    /// As [`Prober::cell`], and [`ProbeError::InvalidCode`].
    pub fn value(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        self.table.check_unchanged()?;
        self.value_unchecked(pos)
    }

    /// [`Prober::value`] without the check that the file is unchanged.
    fn value_unchecked(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        let (section, index, code) = self.cell_unchecked(pos)?;
        self.decoded(code, section, index, pos)
    }

    /// The value of `code`, read from cell `index` of `section` for `pos`.
    ///
    /// # Errors
    /// [`ProbeError::InvalidCode`] for a code no cell may hold.
    fn decoded(
        &self,
        code: u8,
        section: Section,
        index: u64,
        pos: &Position,
    ) -> Result<Wdl, ProbeError> {
        decode(code).ok_or_else(|| ProbeError::InvalidCode {
            table: self.table.path().display().to_string(),
            section,
            index,
            position: pos.to_string(),
        })
    }

    /// Sets the block cache of a compact table to about `bytes` of
    /// decompressed cells ([`AnyTable::set_cache_bytes`]).
    pub fn set_cache_bytes(&mut self, bytes: usize) {
        self.table.set_cache_bytes(bytes);
    }

    /// Values of many positions for their side to move, in input order:
    /// ranks in parallel on the current rayon pool, then one batched read
    /// ([`AnyTable::get_many`]: a compact table decompresses each needed
    /// block once).
    ///
    /// # Errors
    /// `(i, error)` for the failing position `i` that comes first in the
    /// input, as [`Prober::value`] fails.
    pub fn values_many(&self, positions: &[Position]) -> Result<Vec<Wdl>, (usize, ProbeError)> {
        // Ranks as options (16 bytes each, not a full error per position);
        // the first failure is ranked again below for its error.
        let ranked: Vec<Option<(Section, u64)>> = positions
            .par_iter()
            .with_min_len(1024)
            .map(|p| self.rank(p).ok())
            .collect();
        let good = ranked
            .iter()
            .position(Option::is_none)
            .unwrap_or(ranked.len());
        let cells: Vec<(Section, u64)> = ranked[..good].iter().flatten().copied().collect();
        drop(ranked);
        self.table
            .check_unchanged()
            .map_err(|e| (0, ProbeError::Table(e)))?;
        let codes = self
            .table
            .get_many(&cells)
            .map_err(|(i, e)| (i, ProbeError::Table(e)))?;
        let mut out = Vec::with_capacity(positions.len());
        for (i, (&code, &(section, index))) in codes.iter().zip(&cells).enumerate() {
            out.push(
                self.decoded(code, section, index, &positions[i])
                    .map_err(|e| (i, e))?,
            );
        }
        match positions.get(good).map(|p| self.rank(p)) {
            Some(Err(e)) => Err((good, e)),
            _ => Ok(out),
        }
    }

    /// Value of `pos` and of every legal move, best first.
    ///
    /// # Errors
    /// As [`Prober::value`].
    pub fn probe(&self, pos: &Position) -> Result<Probe, ProbeError> {
        self.table.check_unchanged()?;
        self.probe_unchecked(pos)
    }

    /// [`Prober::probe`] without the check that the file is unchanged.
    fn probe_unchecked(&self, pos: &Position) -> Result<Probe, ProbeError> {
        let value = self.value_unchecked(pos)?;
        let steps = pos.legal_steps();
        let moves = pos.legal_moves();
        let mut out = Vec::with_capacity(moves.len());
        for (order, (step, mv)) in steps.into_iter().zip(moves).enumerate() {
            let child = pos.play_step(step);
            let result = self.value_unchecked(&child)?.parent_of();
            out.push(MoveValue {
                mv,
                result,
                child,
                order,
            });
        }
        sort_best_first(&mut out);
        Ok(Probe {
            position: *pos,
            value,
            moves: out,
        })
    }

    /// The principal variation from `pos`: at each position the best move
    /// of [`Prober::probe`] (fastest win, longest loss; for a draw the
    /// first drawing move in move order), until the game ends, a position
    /// repeats, or `max_plies` moves were played.
    ///
    /// The file is checked unchanged before each ply's reads.
    ///
    /// # Errors
    /// As [`Prober::probe`].
    pub fn line(&self, pos: &Position, max_plies: usize) -> Result<Line, ProbeError> {
        let mut seen = HashSet::new();
        let mut steps = Vec::new();
        let mut cur = *pos;
        let end = loop {
            if !seen.insert(cur) {
                break LineEnd::Repetition;
            }
            let p = self.probe(&cur)?;
            let Some(best) = p.moves.first().copied() else {
                steps.push(LineStep {
                    position: cur,
                    value: p.value,
                    best: None,
                });
                break if cur.is_terminal() {
                    LineEnd::Line
                } else {
                    LineEnd::NoMove
                };
            };
            steps.push(LineStep {
                position: cur,
                value: p.value,
                best: Some(best.mv),
            });
            if steps.len() >= max_plies {
                break LineEnd::Limit;
            }
            cur = best.child;
        };
        Ok(Line { steps, end })
    }
}

/// One position of a [`Line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineStep {
    /// The position.
    pub position: Position,
    /// Its value for the side to move.
    pub value: Wdl,
    /// The move played from it (`None` at the end of the line).
    pub best: Option<Move>,
}

/// Why a [`Line`] stops; in JSON `line`, `no_move`, `repetition` or
/// `limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineEnd {
    /// A line of four (three) is on the board.
    Line,
    /// The side to move has no legal move.
    NoMove,
    /// The next position already occurred in the line (a draw).
    Repetition,
    /// The ply limit was reached.
    Limit,
}

/// A principal variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Positions in order; each but possibly the last carries its move.
    pub steps: Vec<LineStep>,
    /// Why the line stops. With [`LineEnd::Repetition`] the position after
    /// the last step's move is an earlier one.
    pub end: LineEnd,
}

impl Line {
    /// Moves played along the line.
    pub fn plies(&self) -> usize {
        self.steps.iter().filter(|s| s.best.is_some()).count()
    }

    /// For a line ending in a repetition: `(prefix, cycle)` in plies, where
    /// the position after the last move is the one after `prefix` moves,
    /// so the line enters a cycle of `cycle` plies after `prefix` plies.
    /// `None` for any other end.
    pub fn cycle(&self) -> Option<(usize, usize)> {
        if self.end != LineEnd::Repetition {
            return None;
        }
        let last = self.steps.last()?;
        let next = last.position.play(last.best?).ok()?;
        let k = self.steps.iter().position(|s| s.position == next)?;
        Some((k, self.plies() - k))
    }
}

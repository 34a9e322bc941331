//! The tables a server explores: the main table and, with `--compare`, a
//! second one of the same layout; opened and fully verified at start,
//! their files watched ([`TableFile`]).

use super::answer_cache::AnswerCache;
use super::error::ApiError;
use super::served::Served;
use super::table_file::TableFile;
use anyhow::{bail, Result};
use rules::ttc::Position;
use serde::Serialize;
use std::path::Path;
use tablebase::answer::{TableInfo, Value};
use tablebase::probe::{Probe, Prober};
use tables::any::AnyTable;
use tables::code::Wdl;
use tables::TableIdentity;

/// `GET /api/info`.
#[derive(Debug, Serialize)]
pub struct Info {
    /// The main table, then the compared one.
    pub tables: Vec<TableInfo>,
    /// Whether a second table is compared.
    pub compare: bool,
    /// The empty board in notation (the page's start).
    pub empty_position: String,
}

/// The explored table(s), shared by all requests (reads are thread-safe:
/// a table's bytes are read-only, a compact table's block cache sits
/// behind a mutex).
pub struct Explorer {
    main: Prober,
    other: Option<Prober>,
    /// The files of `main` then `other`, watched for changes.
    files: Vec<TableFile>,
    /// Serialized `/api/probe` answers ([`AnswerCache`]).
    answers: AnswerCache,
}

/// Opens a table ([`TableFile::open`]: read into memory and checked as
/// the CLI checks a file; a source table's cells are CRC-checked) and,
/// for a compact table, decompresses and checks every block and the
/// cells' CRC too, so that a damaged table is refused before the server
/// starts rather than on some later query.
fn open_verified(path: &Path, progress: bool, allow_mapped: bool) -> Result<(Prober, TableFile)> {
    if progress {
        eprintln!("verifying {} ...", path.display());
    }
    let (t, file) = TableFile::open(path, allow_mapped)?;
    if let AnyTable::Compact(c) = &t {
        c.verify()?;
    }
    Ok((Prober::new(t), file))
}

impl Explorer {
    /// Opens and verifies `main` and `compare`; with `allow_mapped` a
    /// table too large to read into memory is memory-mapped instead of
    /// refused ([`TableFile::open`]).
    ///
    /// # Errors
    /// A damaged or foreign table (the CLI's message), a table too large
    /// without `allow_mapped`, or two tables whose layouts differ (board
    /// size, pieces, opening lock, cell counts).
    pub fn open(
        main: &Path,
        compare: Option<&Path>,
        progress: bool,
        allow_mapped: bool,
    ) -> Result<Explorer> {
        let (m, main_file) = open_verified(main, progress, allow_mapped)?;
        let mut files = vec![main_file];
        let other = match compare {
            None => None,
            Some(path) => {
                let (o, other_file) = open_verified(path, progress, allow_mapped)?;
                files.push(other_file);
                let (va, vb) = (m.variant(), o.variant());
                if !TableIdentity::of(va).same_layout(&TableIdentity::of(vb))
                    || m.table().counts() != o.table().counts()
                {
                    bail!(
                        "--compare: {} ({}) and {} ({}) have different layouts; the two \
                         tables must share board size, pieces and opening lock",
                        main.display(),
                        va.describe(),
                        path.display(),
                        vb.describe()
                    );
                }
                Some(o)
            }
        };
        Ok(Explorer {
            main: m,
            other,
            files,
            answers: AnswerCache::new(0),
        })
    }

    /// The explorer with a cache of at most `bytes` of `/api/probe`
    /// answers (0: none).
    pub fn with_answer_cache(mut self, bytes: usize) -> Explorer {
        self.answers = AnswerCache::new(bytes);
        self
    }

    /// The main table's prober.
    pub fn main(&self) -> &Prober {
        &self.main
    }

    /// The position after `moves` (space-separated, e.g. `N@b2 n@c3`) from
    /// `position` (default: the empty board), in the main table's rules.
    ///
    /// # Errors
    /// 400 with the CLI's message for a malformed position or move.
    pub fn position(
        &self,
        position: Option<&str>,
        moves: Option<&str>,
    ) -> Result<Position, ApiError> {
        let start = self.main.parse_position(position.map(str::trim))?;
        Ok(match moves {
            Some(m) => self.main.play_moves(start, m)?,
            None => start,
        })
    }

    /// `pos` in the compared table's rules with that table's prober,
    /// `None` without one.
    ///
    /// # Errors
    /// 500 if the position is not one of the other rule set (cannot
    /// happen for two tables of one layout).
    fn in_other(&self, pos: &Position) -> Result<Option<(&Prober, Position)>, ApiError> {
        let Some(o) = &self.other else {
            return Ok(None);
        };
        let same = Position::from_sides(
            o.variant(),
            pos.white(),
            pos.black(),
            pos.turn(),
            pos.opening_ply(),
        )
        .map_err(|e| ApiError::internal(format!("position `{pos}` under the other rules: {e}")))?;
        Ok(Some((o, same)))
    }

    /// Value of `pos` under the compared table, `None` without one.
    ///
    /// # Errors
    /// 500 if the table cannot be read.
    pub fn other_value(&self, pos: &Position) -> Result<Option<Wdl>, ApiError> {
        match self.in_other(pos)? {
            Some((o, p)) => Ok(Some(o.value(&p)?)),
            None => Ok(None),
        }
    }

    /// `pos` probed in the compared table (its own legal moves: a move of
    /// one pawn reading may be illegal in the other), `None` without one.
    ///
    /// # Errors
    /// 500 if the table cannot be read.
    pub fn other_probe(&self, pos: &Position) -> Result<Option<Probe>, ApiError> {
        match self.in_other(pos)? {
            Some((o, p)) => Ok(Some(o.probe(&p)?)),
            None => Ok(None),
        }
    }

    /// The compared value of `pos` as JSON with the `differs` flag
    /// (`(None, None)` without a second table).
    ///
    /// # Errors
    /// As [`Explorer::other_value`].
    pub fn compared(
        &self,
        pos: &Position,
        main: Wdl,
    ) -> Result<(Option<Value>, Option<bool>), ApiError> {
        Ok(match self.other_value(pos)? {
            Some(w) => (Some(Value::of(w)), Some(w != main)),
            None => (None, None),
        })
    }

    /// The tables' descriptions (main first), each named by its file
    /// name (not its path): what clients see.
    pub fn info(&self) -> Info {
        let mut info = self.local_info();
        for (t, f) in info.tables.iter_mut().zip(&self.files) {
            t.path = f.name().to_string();
        }
        info
    }

    /// The tables' descriptions with their paths as given, for the
    /// server's own terminal.
    pub fn local_info(&self) -> Info {
        let mut tables = vec![TableInfo::of(self.main.table())];
        tables.extend(self.other.iter().map(|o| TableInfo::of(o.table())));
        Info {
            tables,
            compare: self.other.is_some(),
            empty_position: Position::empty(self.main.variant()).to_string(),
        }
    }
}

impl Served for Explorer {
    /// The entity tag of every answer: the program's version, then per
    /// table its rule tag, pawn reading, format and cells CRC
    /// (`"ttc-0.1.0-54544303-travel-direction-compact-0123456789abcdef"`,
    /// a second table's fields appended in compare mode). Pawnless tables
    /// of two readings hold the same cells, and a table and its compact
    /// form share their CRC: the fields besides the CRC tell them apart.
    /// An answer depends on nothing else, so it stays valid for as long
    /// as the tables do.
    fn etag(&self) -> String {
        let mut tag = format!("\"ttc-{}", env!("CARGO_PKG_VERSION"));
        for p in std::iter::once(&self.main).chain(self.other.iter()) {
            let t = p.table();
            let reading = t.variant().reading();
            tag.push_str(&format!(
                "-{:08x}-{}-{}-{:016x}",
                reading.rule_tag(),
                reading.name(),
                t.format(),
                t.cells_crc()
            ));
        }
        tag.push('"');
        tag
    }

    /// Checks that every table file is still the one opened
    /// ([`TableFile::check`]).
    ///
    /// # Errors
    /// 503 naming the table and what changed.
    fn check_files(&self) -> Result<(), ApiError> {
        let probers = std::iter::once(&self.main).chain(&self.other);
        for (p, f) in probers.zip(&self.files) {
            f.check(p.table()).map_err(ApiError::unavailable)?;
        }
        Ok(())
    }

    /// `message` with every table's path as given replaced by its file
    /// name, so that answers never reveal where the tables lie.
    fn redact(&self, message: &str) -> String {
        let mut out = message.to_string();
        for f in &self.files {
            let path = f.path().display().to_string();
            if !path.is_empty() && path != f.name() {
                out = out.replace(&path, f.name());
            }
        }
        out
    }

    /// The cache of serialized `/api/probe` answers.
    fn answers(&self) -> &AnswerCache {
        &self.answers
    }
}

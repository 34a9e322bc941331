//! The tables of `ttc serve DIR` when DIR is a Surakarta tablebase folder:
//! opened and verified at start ([`Tablebase::open`], then every compact
//! table's blocks), each file watched by the library's guard
//! ([`FileGuard`]), and the questions of the API answered by the library
//! ([`probe_position`], [`best_line`]).

use super::answer_cache::AnswerCache;
use super::error::ApiError;
use super::served::Served;
use anyhow::{bail, Result};
use rules::surakarta::{Move, Position};
use serde::Serialize;
use std::path::{Path, PathBuf};
use tablebase::surakarta::{
    best_line, probe_position, LineAnswer, ProbeAnswer, Tablebase, TablebaseError,
};
use tables::guard::FileGuard;

/// One table as `/api/info` describes it.
#[derive(Debug, Serialize)]
pub struct TableInfo {
    /// The file's name (never its path).
    pub file: String,
    /// The material from the side to move's view, `MvO`.
    pub material: String,
    /// `"source"` or `"compact"`.
    pub format: &'static str,
    /// Cells (positions up to symmetry).
    pub cells: u64,
    /// CRC-64/XZ of the cells, `0x` and 16 hexadecimal digits.
    pub cells_crc: String,
}

/// `GET /api/info` of a Surakarta folder.
#[derive(Debug, Serialize)]
pub struct Info {
    /// `"surakarta"`: the page reads it to tell the games apart.
    pub game: &'static str,
    /// The folder's name.
    pub folder: String,
    /// Every material up to this many pieces is in the folder.
    pub max_pieces: u32,
    /// Plies without a capture after which the 50-ply rule draws.
    pub quiet_limit: u16,
    /// A position the page may start from.
    pub example_position: &'static str,
    /// The tables, fewest pieces first.
    pub tables: Vec<TableInfo>,
}

/// `GET /api/play` of a Surakarta folder: the table's reply (the first,
/// best, move of the probe's list; the same position always gets the
/// same reply).
#[derive(Debug, Serialize)]
pub struct PlayAnswer {
    /// The position the reply is played from.
    pub from: String,
    /// The reply, `null` when no move is legal or the 50-ply rule has
    /// drawn the game.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The position after the reply (`null` without one).
    pub position: Option<String>,
}

/// A Surakarta tablebase folder as the server serves it.
pub struct SurakartaExplorer {
    tb: Tablebase,
    /// Each table file's name and guard.
    guards: Vec<(String, FileGuard)>,
    /// The folder as given, and its name shown instead.
    dir: PathBuf,
    dir_name: String,
    answers: AnswerCache,
    etag: String,
}

/// The 400 or 500 answer of a tablebase error: the position's fault
/// (a side without pieces, more pieces than the tables hold) or the
/// server's (a table that cannot be read).
fn api_error(e: TablebaseError) -> ApiError {
    match e {
        TablebaseError::GameOver { .. } | TablebaseError::TooManyPieces { .. } => {
            ApiError::bad_request(e.to_string())
        }
        _ => ApiError::internal(e.to_string()),
    }
}

/// FNV-1a, 64 bits: folds the tables' identities into one entity tag.
fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl SurakartaExplorer {
    /// Opens the folder: every table checked as [`Tablebase::open`]
    /// checks it (source tables' cells CRC), every compact table's blocks
    /// decompressed and checked too, so that a damaged table is refused
    /// before the server starts. Source tables are memory-mapped, so a
    /// folder holding any is served only with `allow_source`.
    ///
    /// # Errors
    /// The library's error for a folder without tables, an incomplete or
    /// mixed folder, a damaged table; source tables without
    /// `allow_source`.
    pub fn open(dir: &Path, progress: bool, allow_source: bool) -> Result<SurakartaExplorer> {
        if progress {
            eprintln!("verifying the Surakarta tables in {} ...", dir.display());
        }
        let tb = Tablebase::open(dir)?;
        let mut guards = Vec::new();
        let mut ids = String::new();
        for t in tb.tables() {
            if t.source().is_some() && !allow_source {
                bail!(
                    "{}: a source table, which the server would memory-map; serve the \
                     folder's compact copy (`ttc pack {} OUT`), or pass --allow-source (the \
                     files must then not be shortened while the server runs: see \
                     docs/explorer.md)",
                    t.path().display(),
                    dir.display()
                );
            }
            if t.source().is_none() {
                t.verify_crc()?;
            }
            let path = t.path();
            let file = tables::fsutil::open_regular(path)?;
            let guard = FileGuard::new(path, file)?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            ids.push_str(&format!(
                "{}:{}:{:016x};",
                t.header().material,
                t.format(),
                t.header().cells_crc
            ));
            guards.push((name, guard));
        }
        let dir_name = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        let etag = format!(
            "\"ttc-{}-surakarta-{}-{:016x}\"",
            env!("CARGO_PKG_VERSION"),
            tb.max_pieces(),
            fnv64(&ids)
        );
        Ok(SurakartaExplorer {
            tb,
            guards,
            dir: dir.to_path_buf(),
            dir_name,
            answers: AnswerCache::new(0),
            etag,
        })
    }

    /// The explorer with a cache of at most `bytes` of `/api/probe`
    /// answers (0: none).
    pub fn with_answer_cache(mut self, bytes: usize) -> SurakartaExplorer {
        self.answers = AnswerCache::new(bytes);
        self
    }

    /// The position after `moves` (space-separated, `b2-c3 e5xb2`) from
    /// `position`.
    ///
    /// # Errors
    /// 400 naming the parameter: no position, a malformed one, a
    /// malformed or illegal move (by its number in the list).
    pub fn position(
        &self,
        position: Option<&str>,
        moves: Option<&str>,
    ) -> Result<Position, ApiError> {
        let Some(text) = position else {
            return Err(ApiError::bad_request(format!(
                "query parameter `position` is missing: give a Surakarta position, e.g. `{}`",
                self.example()
            )));
        };
        let mut pos = Position::parse(text.trim())
            .map_err(|e| ApiError::bad_request(format!("position `{}`: {e}", text.trim())))?;
        for (i, m) in moves.unwrap_or("").split_whitespace().enumerate() {
            let mv = Move::parse(m)
                .map_err(|e| ApiError::bad_request(format!("moves: move {} `{m}`: {e}", i + 1)))?;
            pos = pos.try_play(mv).map_err(|e| {
                ApiError::bad_request(format!("moves: move {} `{m}` in {pos}: {e}", i + 1))
            })?;
        }
        Ok(pos)
    }

    /// `pos` and every move, best first.
    ///
    /// # Errors
    /// 400 for a position the tables cannot answer (a side without
    /// pieces, too many pieces), 500 for a table that cannot be read.
    pub fn probe(&self, pos: &Position) -> Result<ProbeAnswer, ApiError> {
        probe_position(&self.tb, pos).map_err(api_error)
    }

    /// The best line from `pos`, at most `max_plies` plies.
    ///
    /// # Errors
    /// As [`SurakartaExplorer::probe`].
    pub fn line(&self, pos: &Position, max_plies: usize) -> Result<LineAnswer, ApiError> {
        let max = u32::try_from(max_plies).unwrap_or(u32::MAX);
        best_line(&self.tb, pos, max).map_err(api_error)
    }

    /// The table's reply at `pos`.
    ///
    /// # Errors
    /// As [`SurakartaExplorer::probe`].
    pub fn play(&self, pos: &Position) -> Result<PlayAnswer, ApiError> {
        let a = self.probe(pos)?;
        let best = a.moves.first().filter(|_| !a.drawn_by_rule);
        Ok(PlayAnswer {
            from: a.position.clone(),
            mv: best.map(|m| m.mv.clone()),
            position: best.map(|m| m.position.clone()),
        })
    }

    /// The start position of the page.
    fn example(&self) -> &'static str {
        self.tb.example_position()
    }

    /// `/api/info`; with `local`, tables are named by their paths as
    /// given (the server's own terminal), else by file name.
    pub fn info(&self, local: bool) -> Info {
        let tables = self
            .tb
            .tables()
            .zip(&self.guards)
            .map(|(t, (name, _))| TableInfo {
                file: if local {
                    t.path().display().to_string()
                } else {
                    name.clone()
                },
                material: t.header().material.to_string(),
                format: t.format(),
                cells: t.header().cells,
                cells_crc: format!("{:#018x}", t.header().cells_crc),
            })
            .collect();
        Info {
            game: "surakarta",
            folder: if local {
                self.dir.display().to_string()
            } else {
                self.dir_name.clone()
            },
            max_pieces: self.tb.max_pieces(),
            quiet_limit: tables::surakarta::codes::QUIET_LIMIT as u16,
            example_position: self.example(),
            tables,
        }
    }
}

impl Served for SurakartaExplorer {
    /// `"ttc-VERSION-surakarta-N-HASH"`: the program's version, the
    /// folder's piece count and a hash of every table's material, format
    /// and cells CRC.
    fn etag(&self) -> String {
        self.etag.clone()
    }

    fn check_files(&self) -> Result<(), ApiError> {
        for (name, g) in &self.guards {
            g.check().map_err(|e| {
                let what = match e {
                    tables::error::TableError::Changed { what, .. } => what,
                    other => other.to_string(),
                };
                ApiError::unavailable(format!(
                    "table {name} {what} since the server opened it; no answer is given from \
                     a changed table: restart `ttc serve` to serve the folder as it is now"
                ))
            })?;
        }
        Ok(())
    }

    fn redact(&self, message: &str) -> String {
        let path = self.dir.display().to_string();
        if path.is_empty() || path == self.dir_name {
            return message.to_string();
        }
        message.replace(&path, &self.dir_name)
    }

    fn answers(&self) -> &AnswerCache {
        &self.answers
    }
}

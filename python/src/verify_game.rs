//! `tictacchec.verify_game`: a game record replayed by the `records`
//! crate, the report of `ttc verify-game GAME FILE --json`.

use crate::errors::{PositionError, RecordError, TableError};
use crate::surakarta_tablebase::SurakartaTablebase;
use crate::table::Table;
use crate::variant::variant_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pythonize::pythonize;
use records::surakarta::{self, SurakartaFormat};
use records::tzaar::{self, TzaarFormat};
use rules::surakarta::DrawRules;

/// A record error as `RecordError`, with the text and causes that `ttc`
/// prints.
fn record_error(e: anyhow::Error) -> PyErr {
    RecordError::new_err(format!("{e:#}"))
}

/// `ValueError` for a format name that `game` does not know.
fn bad_format(game: &str, format: &str, names: &str) -> PyErr {
    PyValueError::new_err(format!(
        "format {} is not a {game} record format: expected {names}",
        rules::echo::clip(format)
    ))
}

/// Replays the game record `text` of `game` (`"tzaar"`, `"surakarta"` or
/// `"ttc"`) and returns the report of `ttc verify-game GAME FILE --json`
/// as a dict (every turn or move with its position; the result; for
/// TZAAR and Surakarta whether the independent audit engine agreed).
///
/// * `format`: `"auto"` (told apart by the content), or for TZAAR
///   `"ttc"` / `"littlegolem"`, for Surakarta `"ttc"` / `"course"`; a
///   Tic-Tac-Chec record has one format (`"auto"` or `"ttc"`).
/// * `draw_rules` (Surakarta): `"standard"` (third repetition, 50 plies
///   without a capture) or `"course"` (40 plies, no repetition rule).
/// * `name`: how messages and the report's `file` field name the record.
/// * Tic-Tac-Chec: `table` (an open `Table`) annotates every move with
///   its value and names the rules; without it the rules come from
///   `size`, `roles`, `rules`, `lock` as in `Position`.
/// * Surakarta: `tables` (an open `surakarta.Tablebase`) judges every
///   move from the first position the tables hold, as `ttc verify-game
///   surakarta FILE --tables DIR`: the report's `tables` field lists the
///   moves with their values under the 50-ply rule and without it, the
///   best move, and the plies of the moves that change the result
///   (`result_changing`, `result_changing_without_rule`).
/// * `check`: also raise `RecordError` for an illegal TZAAR turn or
///   Surakarta move, a contradicted claimed result or an engine
///   disagreement (the command line's exit status); by default these
///   are only reported in the dict.
///
/// Raises `RecordError` for a malformed record (naming the line) and,
/// for Tic-Tac-Chec, an illegal move; `ValueError` for a bad keyword.
#[pyfunction]
#[pyo3(signature = (game, text, format="auto", draw_rules="standard", *, name="record",
    table=None, tables=None, size=4, roles=None, rules="travel", lock=None, check=false))]
#[allow(clippy::too_many_arguments)]
pub fn verify_game<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    format: &str,
    draw_rules: &str,
    name: &str,
    table: Option<PyRef<'py, Table>>,
    tables: Option<PyRef<'py, SurakartaTablebase>>,
    size: u8,
    roles: Option<&str>,
    rules: &str,
    lock: Option<u8>,
    check: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if tables.is_some() && game != "surakarta" {
        return Err(PyValueError::new_err(format!(
            "tables is a Surakarta tablebase: give it with game \"surakarta\", not {}",
            rules::echo::clip_quoted(game)
        )));
    }
    match game {
        "tzaar" => {
            let f = match format {
                "auto" => TzaarFormat::Auto,
                "ttc" => TzaarFormat::Ttc,
                "littlegolem" => TzaarFormat::Littlegolem,
                other => return Err(bad_format(game, other, "auto, ttc or littlegolem")),
            };
            let r = py
                .detach(|| tzaar::verify_game(text, name, f))
                .map_err(record_error)?;
            if check {
                tzaar::check_report(&r).map_err(record_error)?;
            }
            Ok(pythonize(py, &r)?)
        }
        "surakarta" => {
            let f = match format {
                "auto" => SurakartaFormat::Auto,
                "ttc" => SurakartaFormat::Ttc,
                "course" => SurakartaFormat::Course,
                other => return Err(bad_format(game, other, "auto, ttc or course")),
            };
            let d = draw_rules
                .parse::<DrawRules>()
                .map_err(PyValueError::new_err)?;
            let options = surakarta::Options {
                format: f,
                rules: d,
            };
            let folder = tables.as_ref().map(|t| t.folder()).transpose()?;
            let mut r = py
                .detach(|| surakarta::verify_game(text, name, options))
                .map_err(record_error)?;
            if let (Some(tb), Some(t)) = (&folder, &tables) {
                let dir = t.path().to_string();
                // The record is read and replayed: what fails now is a
                // table (damaged, changed since it was opened).
                py.detach(|| r.judge_with_tables(tb, &dir)).map_err(|e| {
                    TableError::new_err(format!("{name}: judging the moves: {e:#}"))
                })?;
            }
            if check {
                surakarta::check_report(&r).map_err(record_error)?;
            }
            Ok(pythonize(py, &r)?)
        }
        "ttc" => {
            if !matches!(format, "auto" | "ttc") {
                return Err(bad_format(game, format, "auto or ttc"));
            }
            let prober = table.map(|t| t.prober()).transpose()?;
            let v = match &prober {
                Some(p) if roles.is_some() || lock.is_some() || size != 4 || rules != "travel" => {
                    return Err(PositionError::new_err(format!(
                        "give the rules of the game or a table, not both (the table holds {})",
                        p.variant().describe()
                    )))
                }
                Some(p) => p.variant(),
                None => variant_of(size, roles, rules, lock)?,
            };
            let r = py
                .detach(|| records::ttc::verify_game(text, name, v, prober.as_deref()))
                .map_err(record_error)?;
            Ok(pythonize(py, &r)?)
        }
        other => Err(PyValueError::new_err(format!(
            "game {} is not one of tzaar, surakarta, ttc",
            rules::echo::clip(other)
        ))),
    }
}

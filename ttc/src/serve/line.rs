//! `GET /api/line`: the principal variation, and for a line that ends in
//! a repetition (a draw) the lengths of its prefix and of its cycle.

use super::error::ApiError;
use super::explorer::Explorer;
use super::json::{color, Value};
use rules::ttc::Position;
use serde::Serialize;
use solver::probe::LineEnd;

/// `max_plies` of a line request that names none (as `ttc line`).
pub const DEFAULT_MAX_PLIES: usize = 300;
/// Largest accepted `max_plies` (bounds the work of one request).
pub const MAX_PLIES: usize = 1000;

/// One position of the line.
#[derive(Debug, Serialize)]
pub struct LineStep {
    /// 0 for the requested position.
    pub ply: usize,
    /// The position in notation.
    pub position: String,
    /// `white` or `black`.
    pub to_move: &'static str,
    /// Value for the side to move.
    #[serde(flatten)]
    pub value: Value,
    /// Value under the compared table (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<Value>,
    /// Whether the two values differ (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<bool>,
    /// The best move played from here; `null` at the end.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// `GET /api/line`.
#[derive(Debug, Serialize)]
pub struct LineAnswer {
    /// Positions in order, each with the move played from it.
    pub steps: Vec<LineStep>,
    /// Why the line stops: `line` (a line is on the board), `no_move`,
    /// `repetition` (the position after the last move is an earlier one:
    /// a draw) or `limit` (`max_plies` moves were played).
    pub end: &'static str,
    /// Moves in the line.
    pub plies: usize,
    /// For `repetition`: the ply of the repeated position, i.e. the moves
    /// before the cycle. `null` otherwise.
    pub prefix_plies: Option<usize>,
    /// For `repetition`: the moves of the cycle (the position after the
    /// last move is the one at ply `prefix_plies`). `null` otherwise.
    pub cycle_plies: Option<usize>,
}

/// The principal variation of the main table from `pos` (the CLI's
/// `ttc line`), at most `max_plies` moves.
///
/// # Errors
/// 500 if a table cannot be read.
pub fn line(e: &Explorer, pos: &Position, max_plies: usize) -> Result<LineAnswer, ApiError> {
    let p = e.main();
    let v = p.variant();
    let l = p.line(pos, max_plies)?;
    let mut steps = Vec::with_capacity(l.steps.len());
    for (ply, s) in l.steps.iter().enumerate() {
        let (other, differs) = e.compared(&s.position, s.value)?;
        steps.push(LineStep {
            ply,
            position: s.position.to_string(),
            to_move: color(s.position.turn()),
            value: Value::of(s.value),
            other,
            differs,
            mv: s.best.map(|m| m.to_text(&v)),
        });
    }
    let plies = l.plies();
    let (prefix, cycle) = match l.cycle() {
        Some((k, c)) => (Some(k), Some(c)),
        None if l.end == LineEnd::Repetition => {
            return Err(ApiError::internal(
                "line: the repeated position is not in the line",
            ))
        }
        None => (None, None),
    };
    Ok(LineAnswer {
        steps,
        end: match l.end {
            LineEnd::Line => "line",
            LineEnd::NoMove => "no_move",
            LineEnd::Repetition => "repetition",
            LineEnd::Limit => "limit",
        },
        plies,
        prefix_plies: prefix,
        cycle_plies: cycle,
    })
}

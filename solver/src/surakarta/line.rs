//! The best line from a position: the best move of [`probe_position`]
//! (the value under the 50-ply rule first, then the value without it, then
//! the shorter win or the longer loss) played ply after ply to the end of
//! the game, the 50-ply rule's draw, or a limit of plies. The answer of
//! `ttc line DIR POSITION` and of the Python package's `line`.

use super::probe::probe_position;
use super::tablebase::{PositionValue, Tablebase, TablebaseError};
use rules::surakarta::Position;
use serde::Serialize;

/// Most plies a line may be asked for (`ttc line --max-plies`, the Python
/// package's `max_plies`): 1 to this, the limit of every game's line
/// ([`crate::answer::MAX_PLIES`]).
pub const MAX_LINE_PLIES: u32 = crate::answer::MAX_PLIES as u32;

/// One position of a line.
#[derive(Clone, Debug, Serialize)]
pub struct LineStep {
    /// Plies from the start of the line (0 for the start).
    pub ply: u32,
    /// The position in Surakarta notation.
    pub position: String,
    /// Without the 50-ply rule: `"win"`, `"draw"` or `"loss"` for the
    /// side to move.
    pub category: &'static str,
    /// Plies to the end without the rule (absent for a draw).
    pub distance: Option<u16>,
    /// Under the 50-ply rule at the position's counter.
    pub category50: &'static str,
    /// Plies to the next capture under the rule (absent for a draw).
    pub dtz: Option<u8>,
    /// The move played from here (absent at the end).
    pub best: Option<String>,
    /// The values.
    #[serde(skip)]
    pub value: PositionValue,
}

/// How a line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineEnd {
    /// The last move captured the last piece of the side now to move.
    NoPiece,
    /// The side to move has no legal move: a draw.
    NoMove,
    /// 50 plies without a capture: the 50-ply rule's draw.
    DrawnByRule,
    /// The limit of plies was reached first.
    Limit,
}

/// A best line.
#[derive(Clone, Debug, Serialize)]
pub struct LineAnswer {
    /// The positions, the start first.
    pub steps: Vec<LineStep>,
    /// How the line ends, in words (`"drawn by the 50-ply rule (50 plies
    /// without a capture)"`).
    pub end: String,
    /// How the line ends: `"no_piece"`, `"no_move"`, `"drawn_by_rule"`
    /// or `"limit"`.
    pub end_kind: LineEnd,
    /// Moves played (`steps` holds one more position, unless the line ends
    /// with a capture of the last piece, whose final position is not
    /// probed).
    pub plies: u32,
}

/// The best line from `start`, at most `max_plies` moves (the caller
/// checks `1..=`[`MAX_LINE_PLIES`]).
///
/// # Errors
/// As [`probe_position`]: a side without pieces at the start, more pieces
/// than the folder holds, a table that cannot answer.
pub fn best_line(
    tb: &Tablebase,
    start: &Position,
    max_plies: u32,
) -> Result<LineAnswer, TablebaseError> {
    let mut pos = *start;
    let mut steps = Vec::new();
    for ply in 0..max_plies {
        let a = probe_position(tb, &pos)?;
        let best = a.moves.first().filter(|_| !a.drawn_by_rule);
        steps.push(LineStep {
            ply,
            position: a.position.clone(),
            category: a.category,
            distance: a.distance,
            category50: a.category50,
            dtz: a.dtz,
            best: best.map(|m| m.mv.clone()),
            value: a.value,
        });
        let Some(best) = best else {
            let end = if a.drawn_by_rule {
                LineEnd::DrawnByRule
            } else {
                LineEnd::NoMove
            };
            return Ok(finish(steps, end, ply, &pos));
        };
        pos = *best.child();
        if pos.pieces(pos.side_to_move()) == 0 {
            return Ok(finish(steps, LineEnd::NoPiece, ply + 1, &pos));
        }
    }
    Ok(finish(steps, LineEnd::Limit, max_plies, &pos))
}

/// The line of `steps`, `plies` moves long, ending as `end` in `last`.
fn finish(steps: Vec<LineStep>, end: LineEnd, plies: u32, last: &Position) -> LineAnswer {
    let text = match end {
        LineEnd::NoPiece => format!("{} has no piece left", last.side_to_move()),
        LineEnd::NoMove => "the side to move has no legal move: a draw".to_string(),
        LineEnd::DrawnByRule => "drawn by the 50-ply rule (50 plies without a capture)".to_string(),
        LineEnd::Limit => format!("stopped after {plies} plies (the limit asked for)"),
    };
    LineAnswer {
        steps,
        end: text,
        end_kind: end,
        plies,
    }
}

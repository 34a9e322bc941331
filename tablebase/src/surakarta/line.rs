//! The best line of a Surakarta position: the best move (first of
//! [`probe_position`]'s list) each ply until the game ends, the 50-ply
//! rule draws it, or a ply limit: the answer of `ttc line DIR POSITION`
//! and of `ttc serve DIR`'s `/api/line`.

use super::probe::probe_position;
use super::tablebase::{Tablebase, TablebaseError};
use rules::surakarta::Position;
use serde::Serialize;

/// One position of the line and the move played from it.
#[derive(Clone, Debug, Serialize)]
pub struct LineStep {
    /// Plies from the line's start (0 for the start).
    pub ply: u32,
    /// The position.
    pub position: String,
    /// Without the 50-ply rule: `"win"`, `"draw"` or `"loss"` for the side
    /// to move.
    pub category: &'static str,
    /// Plies to the end without the rule (absent for a draw).
    pub distance: Option<u16>,
    /// Under the 50-ply rule at the position's counter.
    pub category50: &'static str,
    /// Plies to the next capture under the rule (absent for a draw).
    pub dtz: Option<u8>,
    /// The best move, absent at the line's end.
    pub best: Option<String>,
}

/// Why a line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineEnd {
    /// The ply limit was reached.
    Limit,
    /// The 50-ply rule has drawn the last position (counter 50).
    Rule,
    /// The side to move in the last position has no legal move: a draw.
    NoMove,
    /// The last move captured the opponent's last piece.
    NoPieces,
}

/// A best line.
#[derive(Clone, Debug, Serialize)]
pub struct LineAnswer {
    /// The positions in order, each with the move played from it.
    pub steps: Vec<LineStep>,
    /// How the line ends, in words.
    pub end: String,
    /// How the line ends.
    pub end_kind: LineEnd,
}

/// The best line from `position`, at most `max_plies` plies.
///
/// # Errors
/// [`TablebaseError`] as from [`probe_position`] (a side without pieces,
/// more pieces than the tables hold, a missing or damaged table).
pub fn best_line(
    tb: &Tablebase,
    position: &Position,
    max_plies: u32,
) -> Result<LineAnswer, TablebaseError> {
    let mut pos = *position;
    let mut steps = Vec::new();
    let plies = if max_plies == 1 { "ply" } else { "plies" };
    let mut end = (
        LineEnd::Limit,
        format!("stopped after {max_plies} {plies} (--max-plies)"),
    );
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
        });
        if a.drawn_by_rule {
            end = (
                LineEnd::Rule,
                "drawn by the 50-ply rule (50 plies without a capture)".to_string(),
            );
            break;
        }
        let Some(m) = a.moves.first() else {
            end = (
                LineEnd::NoMove,
                "the side to move has no legal move: a draw".to_string(),
            );
            break;
        };
        pos = m.child;
        if pos.pieces(pos.side_to_move()) == 0 {
            end = (
                LineEnd::NoPieces,
                format!("{} has no piece left", pos.side_to_move()),
            );
            break;
        }
    }
    Ok(LineAnswer {
        steps,
        end: end.1,
        end_kind: end.0,
    })
}

//! A principal variation as the front ends write it.

use super::value::Value;
use crate::probe::{Line, LineEnd};
use rules::ttc::{Color, Variant};
use serde::Serialize;

/// Plies a line follows unless told otherwise.
pub const DEFAULT_MAX_PLIES: usize = 300;
/// Most plies a line may be asked to follow (the longest win of the 4x4
/// game is 41 plies, and a drawing line ends at its first repetition).
pub const MAX_PLIES: usize = 1000;

/// One position of a principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineStepAnswer {
    /// Plies played from the line's first position, from 0.
    pub ply: usize,
    /// The position in notation.
    pub position: String,
    /// `white` or `black`.
    pub to_move: Color,
    /// Value for the side to move.
    #[serde(flatten)]
    pub value: Value,
    /// Value under the compared table (the explorer's compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<Value>,
    /// Whether the two values differ (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<bool>,
    /// The best move played from it; `null` at the end of the line.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// A principal variation: what `ttc line --json` and `/api/line` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineAnswer {
    /// The positions in order, each but possibly the last with its move.
    pub steps: Vec<LineStepAnswer>,
    /// Why the line stops: `line` (a line is on the board), `no_move`,
    /// `repetition` (a draw: the position after the last move is an
    /// earlier one) or `limit` (the ply limit).
    pub end: LineEnd,
    /// Moves played along the line.
    pub plies: usize,
    /// For a repetition: plies before the cycle.
    pub prefix_plies: Option<usize>,
    /// For a repetition: plies of the cycle.
    pub cycle_plies: Option<usize>,
}

impl LineAnswer {
    /// The answer for a line followed in a table of variant `v`.
    pub fn of(l: &Line, v: Variant) -> LineAnswer {
        LineAnswer {
            steps: l
                .steps
                .iter()
                .enumerate()
                .map(|(ply, s)| LineStepAnswer {
                    ply,
                    position: s.position.to_string(),
                    to_move: s.position.turn(),
                    value: Value::of(s.value),
                    other: None,
                    differs: None,
                    mv: s.best.map(|m| m.to_text(&v)),
                })
                .collect(),
            end: l.end,
            plies: l.plies(),
            prefix_plies: l.cycle().map(|c| c.0),
            cycle_plies: l.cycle().map(|c| c.1),
        }
    }
}

//! A probed position: its value, its cell and every move, best first.

use super::value::{OtherResult, Value};
use crate::probe::{Probe, ProbeError, Prober};
use rules::ttc::{Color, Position, Variant};
use serde::Serialize;
use tables::section::Section;

/// The table cell a position is stored in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellAnswer {
    /// `post-opening` or `opening`.
    pub section: Section,
    /// The position's rank in that section, from 0.
    pub index: u64,
}

/// One legal move with its value for the player making it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveAnswer {
    /// The move: `N@b2` (placement) or `a1-b3` (move or capture).
    #[serde(rename = "move")]
    pub mv: String,
    /// Value for the player making the move (distance counted from the
    /// position before it).
    #[serde(flatten)]
    pub value: Value,
    /// The position after the move.
    pub position: String,
    /// Index of the move in the move generator's order (the tie-break of
    /// equal values, and of the explorer's play mode).
    pub order: usize,
    /// Legality and value under the compared table (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<OtherResult>,
    /// Whether the values differ, or the move is illegal there (compare
    /// mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<bool>,
}

/// A move legal only under the compared table, with its value there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OtherOnlyMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Value under the compared table for the player making it.
    #[serde(flatten)]
    pub value: Value,
    /// The position after the move.
    pub position: String,
}

/// A position's value and every legal move, best first: what `ttc probe
/// --json` and `/api/probe` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionAnswer {
    /// The position in notation.
    pub position: String,
    /// `white` or `black`.
    pub to_move: Color,
    /// Ply within the placement-only opening, `null` after it.
    pub opening_ply: Option<u8>,
    /// A line is on the board: the side to move has lost (`loss in 0`).
    pub terminal: bool,
    /// The side to move has no legal move although no line is on the
    /// board: a draw by the tablebase convention.
    pub no_legal_move: bool,
    /// The cell the position is stored in.
    pub cell: CellAnswer,
    /// Value for the side to move.
    #[serde(flatten)]
    pub value: Value,
    /// Value under the compared table (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<Value>,
    /// Whether the two values differ (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<bool>,
    /// Every legal move, best first: shortest win, draws, longest loss;
    /// equal values in move generator order. Empty for a terminal
    /// position.
    pub moves: Vec<MoveAnswer>,
    /// Moves legal only under the compared table, best first there
    /// (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_only: Option<Vec<OtherOnlyMove>>,
}

impl PositionAnswer {
    /// Probes `pos` in the table of `p`.
    ///
    /// # Errors
    /// [`ProbeError`]: a position of another variant, a damaged cell.
    pub fn of(p: &Prober, pos: &Position) -> Result<PositionAnswer, ProbeError> {
        let probe = p.probe(pos)?;
        let (section, index, _) = p.cell(pos)?;
        let cell = CellAnswer { section, index };
        Ok(PositionAnswer::from_probe(&probe, cell, p.variant()))
    }

    /// The answer for a position already probed in a table of variant `v`.
    pub fn from_probe(p: &Probe, cell: CellAnswer, v: Variant) -> PositionAnswer {
        PositionAnswer {
            position: p.position.to_string(),
            to_move: p.position.turn(),
            opening_ply: p.position.opening_ply(),
            terminal: p.position.is_terminal(),
            no_legal_move: p.no_legal_move(),
            cell,
            value: Value::of(p.value),
            other: None,
            differs: None,
            moves: p
                .moves
                .iter()
                .map(|m| MoveAnswer {
                    mv: m.mv.to_text(&v),
                    value: Value::of(m.result),
                    position: m.child.to_string(),
                    order: m.order,
                    other: None,
                    differs: None,
                })
                .collect(),
            other_only: None,
        }
    }

    /// Adds the compare fields: `main` is the probe this answer was built
    /// from, `other` the same position probed in the compared table.
    pub fn compare_with(&mut self, main: &Probe, other: &Probe, v: Variant) {
        for (entry, m) in self.moves.iter_mut().zip(&main.moves) {
            let there = other.moves.iter().find(|x| x.mv == m.mv).map(|x| x.result);
            entry.other = Some(OtherResult {
                legal: there.is_some(),
                value: there.map(Value::of),
            });
            entry.differs = Some(there != Some(m.result));
        }
        self.other_only = Some(
            other
                .moves
                .iter()
                .filter(|x| !main.moves.iter().any(|m| m.mv == x.mv))
                .map(|x| OtherOnlyMove {
                    mv: x.mv.to_text(&v),
                    value: Value::of(x.result),
                    position: x.child.to_string(),
                })
                .collect(),
        );
        self.other = Some(Value::of(other.value));
        self.differs = Some(other.value != main.value);
    }

    /// The value for the side to move with why the game is over or stuck,
    /// as the text output prints it: `loss in 0 for White to move (a line
    /// is on the board)`, `draw for Black to move (the side to move has no
    /// legal move)`.
    pub fn value_text(&self) -> String {
        let why = if self.terminal {
            " (a line is on the board)"
        } else if self.no_legal_move {
            " (the side to move has no legal move)"
        } else {
            ""
        };
        let side = self.to_move.title();
        format!("{} for {side} to move{why}", self.value.text)
    }
}

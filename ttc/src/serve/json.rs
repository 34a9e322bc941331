//! Shapes of the JSON answers (see the README's `ttc serve` section).
//!
//! Values follow the tablebase convention of the CLI: `category` is
//! `win`, `loss` or `draw`, `distance` the plies to the end of the game
//! under best play (`null` for a draw), both for the side to move at a
//! position, and for the player making the move in a move's entry.

use super::error::ApiError;
use super::explorer::Explorer;
use rules::ttc::Color;
use serde::Serialize;
use solver::probe::Probe;
use tables::any::AnyTable;
use tables::code::Wdl;
use tables::compact::Section;

/// A table value: `{"category": "win", "distance": 5, "text": "win in 5"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Value {
    /// `win`, `loss` or `draw`.
    pub category: &'static str,
    /// Plies to the end of the game under best play; `null` for a draw.
    pub distance: Option<u8>,
    /// The CLI's wording: `win in 5`, `loss in 0`, `draw`.
    pub text: String,
}

impl Value {
    /// The JSON form of a table value.
    pub fn of(w: Wdl) -> Value {
        let (category, distance) = match w {
            Wdl::Win(d) => ("win", Some(d)),
            Wdl::Loss(d) => ("loss", Some(d)),
            Wdl::Draw => ("draw", None),
        };
        Value {
            category,
            distance,
            text: w.describe(),
        }
    }
}

/// `white` or `black`.
pub fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// One cell section of a table.
#[derive(Debug, Serialize)]
pub struct SectionInfo {
    /// `post-opening` or `opening`.
    pub name: &'static str,
    /// Number of cells (positions) in the section.
    pub cells: u64,
}

/// One table of `GET /api/info`.
#[derive(Debug, Serialize)]
pub struct TableInfo {
    /// File path as given on the command line.
    pub path: String,
    /// `source` or `compact`.
    pub format: &'static str,
    /// Rule set, e.g. `4x4 PNBR travel-direction lock 6`.
    pub rules: String,
    /// Pawn reading: `travel-direction`, `outbound-only` or `toward-opponent`.
    pub reading: &'static str,
    /// The header's rule tag, hex (`0x54544303`).
    pub rule_tag: String,
    /// Board side (3 or 4).
    pub size: u8,
    /// Pieces per side, in slot order, e.g. `PNBR`.
    pub roles: String,
    /// Plies of the placement-only opening.
    pub opening_plies: u8,
    /// Cell sections.
    pub sections: Vec<SectionInfo>,
    /// CRC-64/XZ of all cells, hex (equal for a source table and its
    /// compact form).
    pub cells_crc: String,
}

impl TableInfo {
    /// Describes an open table.
    pub fn of(t: &AnyTable) -> TableInfo {
        let v = t.variant();
        let (post, opening) = t.counts();
        TableInfo {
            path: t.path().display().to_string(),
            format: t.format(),
            rules: v.describe(),
            reading: v.reading().name(),
            rule_tag: format!("{:#010x}", v.reading().rule_tag()),
            size: v.size(),
            roles: v.roles().map(|r| r.letter()).collect(),
            opening_plies: v.opening_plies(),
            sections: vec![
                SectionInfo {
                    name: Section::Post.name(),
                    cells: post,
                },
                SectionInfo {
                    name: Section::Opening.name(),
                    cells: opening,
                },
            ],
            cells_crc: format!("{:#018x}", t.cells_crc()),
        }
    }
}

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

/// A move's result under the compared table.
#[derive(Debug, Serialize)]
pub struct OtherResult {
    /// Whether the move is legal under the compared rules (a returning
    /// pawn's capture may not be).
    pub legal: bool,
    /// Its result there, when legal.
    #[serde(flatten)]
    pub value: Option<Value>,
}

/// One move of `GET /api/probe`.
#[derive(Debug, Serialize)]
pub struct MoveEntry {
    /// The move: `N@b2` (placement) or `a1-b3` (move or capture).
    #[serde(rename = "move")]
    pub mv: String,
    /// Result for the player making the move (plies counted from the
    /// position before the move).
    #[serde(flatten)]
    pub value: Value,
    /// The position after the move.
    pub position: String,
    /// Index of the move in the move generator's order (the tie-break of
    /// `/api/play` and of equal results here).
    pub order: usize,
    /// Legality and result under the compared table (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<OtherResult>,
    /// Whether the results differ, or the move is illegal there (compare
    /// mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<bool>,
}

/// A move legal only under the compared table, with its result there.
#[derive(Debug, Serialize)]
pub struct OtherOnlyMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Result under the compared table for the player making it.
    #[serde(flatten)]
    pub value: Value,
    /// The position after the move.
    pub position: String,
}

/// `GET /api/probe`: a position's value and every move, best first.
#[derive(Debug, Serialize)]
pub struct ProbeAnswer {
    /// The position in notation.
    pub position: String,
    /// `white` or `black`.
    pub to_move: &'static str,
    /// Ply within the placement-only opening, `null` after it.
    pub opening_ply: Option<u8>,
    /// A line is on the board (the game is over; the value is `loss in 0`).
    pub terminal: bool,
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
    /// equal results in move generator order.
    pub moves: Vec<MoveEntry>,
    /// Moves legal only under the compared table, best first there
    /// (compare mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_only: Option<Vec<OtherOnlyMove>>,
}

impl ProbeAnswer {
    /// Builds the answer for a probed position, probing the compared
    /// table too when there is one.
    ///
    /// # Errors
    /// 500 if the compared table cannot be read.
    pub fn build(e: &Explorer, p: &Probe) -> Result<ProbeAnswer, ApiError> {
        let v = e.main().variant();
        let other = e.other_probe(&p.position)?;
        let mut moves = Vec::with_capacity(p.moves.len());
        for m in &p.moves {
            let there = other
                .as_ref()
                .map(|o| o.moves.iter().find(|x| x.mv == m.mv).map(|x| x.result));
            moves.push(MoveEntry {
                mv: m.mv.to_text(&v),
                value: Value::of(m.result),
                position: m.child.to_string(),
                order: m.order,
                other: there.map(|r| OtherResult {
                    legal: r.is_some(),
                    value: r.map(Value::of),
                }),
                differs: there.map(|r| r != Some(m.result)),
            });
        }
        let other_only = other.as_ref().map(|o| {
            o.moves
                .iter()
                .filter(|x| !p.moves.iter().any(|m| m.mv == x.mv))
                .map(|x| OtherOnlyMove {
                    mv: x.mv.to_text(&v),
                    value: Value::of(x.result),
                    position: x.child.to_string(),
                })
                .collect()
        });
        Ok(ProbeAnswer {
            position: p.position.to_string(),
            to_move: color(p.position.turn()),
            opening_ply: p.position.opening_ply(),
            terminal: p.position.is_terminal(),
            value: Value::of(p.value),
            other: other.as_ref().map(|o| Value::of(o.value)),
            differs: other.as_ref().map(|o| o.value != p.value),
            moves,
            other_only,
        })
    }
}

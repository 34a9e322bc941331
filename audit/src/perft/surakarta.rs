//! Surakarta perft with the fast generator of `rules::surakarta`, and its
//! cross-check against the independent [`crate::surakarta`] engine.
//!
//! Perft counts the leaves of the legal move tree (moves counted once per
//! (from, to); movement rules only, like chess perft: no draw rules). The
//! cross-check walks the same tree with both engines in lockstep (one
//! thread), compares the boards and move sets at every node above the
//! leaves, and stops at the first disagreement; the divide then holds the
//! root moves walked before it.

use std::time::Instant;

use rules::surakarta::{self as fast, Move, MoveKind, Position, Side};
use serde::Serialize;

use super::report::{
    counted, CrossCheck, DisagreementLines, DivideLine, PerftOptions, PerftReport, RootRejected,
};
use crate::surakarta as plain;

/// The rules Surakarta perft follows, as reports name them.
pub const RULES: &str = "Surakarta movement rules (no draw rules)";

/// Perft of `root` to `options.depth` plies with the fast generator (one
/// thread, root moves in [`Position::legal_moves`] order in the divide),
/// or with `options.cross_check` the lockstep walk of both engines.
/// `on_root_move` is called once per root move walked.
///
/// # Errors
/// With a cross-check only: the audit engine cannot read `root` as the
/// fast engine writes it.
pub fn perft(
    root: &Position,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
) -> Result<PerftReport<Disagreement>, RootRejected> {
    let started = Instant::now();
    let head = ("surakarta", RULES.to_string(), root.to_string());
    let root_moves = if options.depth == 0 {
        Vec::new()
    } else {
        root.legal_moves().to_vec()
    };
    if !options.cross_check {
        let lines = root_moves
            .iter()
            .map(|&mv| {
                let nodes = fast::perft(&root.play(mv), options.depth - 1);
                on_root_move();
                DivideLine {
                    mv: mv.to_string(),
                    nodes,
                }
            })
            .collect();
        return Ok(counted(
            head,
            options,
            lines,
            started.elapsed().as_secs_f64(),
        ));
    }
    let board = plain::Board::parse(&root.to_string()).map_err(RootRejected)?;
    let mut ls = Lockstep {
        compared: 0,
        path: Vec::new(),
        disagreement: None,
    };
    let mut divide = Vec::with_capacity(root_moves.len());
    // Compare the root itself, then each subtree.
    if ls.compare(root, &board).is_some() {
        for &mv in &root_moves {
            ls.path.push(mv.to_string());
            let n = ls.walk(
                &root.play(mv),
                &board.play(&to_plain(mv)),
                options.depth - 1,
            );
            ls.path.pop();
            on_root_move();
            match n {
                Some(nodes) => divide.push(DivideLine {
                    mv: mv.to_string(),
                    nodes,
                }),
                None => break,
            }
        }
    }
    let agreed = ls.disagreement.is_none();
    let nodes = match (agreed, options.depth) {
        (false, _) => None,
        (true, 0) => Some(1),
        (true, _) => Some(divide.iter().map(|d| d.nodes).sum()),
    };
    Ok(PerftReport {
        game: head.0,
        rules: head.1,
        position: head.2,
        depth: options.depth,
        nodes,
        divide: options.divide.then_some(divide),
        cross_check: Some(CrossCheck {
            agreed,
            positions_compared: ls.compared,
            disagreement: ls.disagreement,
        }),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Where the fast and audit Surakarta generators first differ.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// Moves from the root to the position where the engines disagree.
    pub moves_from_root: Vec<String>,
    /// The position, in Surakarta notation (the fast engine's).
    pub position: String,
    /// Moves only the fast generator finds.
    pub only_fast: Vec<String>,
    /// Moves only the audit engine finds.
    pub only_audit: Vec<String>,
    /// Board of the audit engine when the boards themselves differ.
    pub audit_board: Option<String>,
}

impl DisagreementLines for Disagreement {
    /// `moves from root`, `position`, `audit board` (when the boards
    /// differ), `only fast`, `only audit`, values aligned in one column.
    fn lines(&self) -> Vec<String> {
        let list = |v: &[String]| {
            if v.is_empty() {
                "(none)".to_string()
            } else {
                v.join(" ")
            }
        };
        let mut out = vec![
            format!("moves from root  {}", self.moves_from_root.join(" ")),
            format!("position         {}", self.position),
        ];
        if let Some(b) = &self.audit_board {
            out.push(format!("audit board      {b}"));
        }
        out.push(format!("only fast        {}", list(&self.only_fast)));
        out.push(format!("only audit       {}", list(&self.only_audit)));
        out
    }
}

/// The audit engine's form of a fast move.
pub fn to_plain(mv: Move) -> plain::Move {
    let pt = |s: fast::Square| plain::Point::new(s.rank() as i32, s.file() as i32);
    plain::Move {
        from: pt(mv.from),
        to: pt(mv.to),
        capture: mv.kind == MoveKind::Capture,
    }
}

/// Comparable key of a fast move: (from index, to index, capture).
fn fast_key(mv: &Move) -> (i32, i32, bool) {
    (
        mv.from.index() as i32,
        mv.to.index() as i32,
        mv.kind == MoveKind::Capture,
    )
}

/// Comparable key of an audit move, same layout as [`fast_key`].
fn plain_key(mv: &plain::Move) -> (i32, i32, bool) {
    (
        mv.from.row * 6 + mv.from.col,
        mv.to.row * 6 + mv.to.col,
        mv.capture,
    )
}

/// Lockstep walk of both engines' trees.
struct Lockstep {
    compared: u64,
    path: Vec<String>,
    disagreement: Option<Disagreement>,
}

impl Lockstep {
    /// Compares boards and move sets; returns the fast moves if they agree,
    /// otherwise records the disagreement and returns `None`.
    fn compare(&mut self, pos: &Position, board: &plain::Board) -> Option<fast::MoveList> {
        self.compared += 1;
        let (mut red, mut black) = (0u64, 0u64);
        for row in 0..6 {
            for col in 0..6 {
                let bit = 1u64 << (row * 6 + col);
                match board.cells[row][col] {
                    plain::Cell::Red => red |= bit,
                    plain::Cell::Black => black |= bit,
                    plain::Cell::Empty => {}
                }
            }
        }
        let side = if board.to_move == plain::Cell::Red {
            Side::Red
        } else {
            Side::Black
        };
        let same_board = red == pos.pieces(Side::Red)
            && black == pos.pieces(Side::Black)
            && side == pos.side_to_move();
        let fast_moves = pos.legal_moves();
        let plain_moves = board.moves();
        let mut fk: Vec<_> = fast_moves.iter().map(fast_key).collect();
        let mut pk: Vec<_> = plain_moves.iter().map(plain_key).collect();
        fk.sort_unstable();
        pk.sort_unstable();
        if same_board && fk == pk {
            return Some(fast_moves);
        }
        self.disagreement = Some(Disagreement {
            moves_from_root: self.path.clone(),
            position: pos.to_string(),
            only_fast: fast_moves
                .iter()
                .filter(|m| !pk.contains(&fast_key(m)))
                .map(|m| m.to_string())
                .collect(),
            only_audit: plain_moves
                .iter()
                .filter(|m| !fk.contains(&plain_key(m)))
                .map(|m| m.to_string())
                .collect(),
            audit_board: (!same_board).then(|| board.to_text()),
        });
        None
    }

    /// Leaves below `pos` at `depth`, or `None` at the first disagreement.
    fn walk(&mut self, pos: &Position, board: &plain::Board, depth: u32) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        let moves = self.compare(pos, board)?;
        if depth == 1 {
            return Some(moves.len() as u64);
        }
        let mut total = 0;
        for &mv in moves.iter() {
            self.path.push(mv.to_string());
            let n = self.walk(&pos.play(mv), &board.play(&to_plain(mv)), depth - 1);
            self.path.pop();
            total += n?;
        }
        Some(total)
    }
}

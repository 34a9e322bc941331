//! Tic-Tac-Chec perft and the lockstep cross-check of the two generators
//! (`ttc perft ttc`).
//!
//! This module is the comparison harness, the one place in `audit::ttc`
//! that calls the `rules` move generator (`Position::legal_moves`,
//! `legal_steps`, `play_step`, [`rules::ttc::perft`]): [`perft_divide`]
//! counts with it, and
//! [`perft_cross_check`] walks the `rules` tree and the audit engine's tree
//! together, comparing at every node the two move lists (as sorted move
//! texts) and the two positions (as notation, which covers hands, turn,
//! opening ply and pawn directions), and stops at the first difference.
//!
//! Perft counts the leaves of the legal move tree: positions reached after
//! exactly `depth` plies; a position with a line on the board has no moves.

use super::board::{Board, MoveList};
use rayon::prelude::*;
use rules::ttc::{perft, Position};
use serde::Serialize;

/// Where the generators first differ.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Disagreement {
    /// Moves from the root to the position.
    pub path: Vec<String>,
    /// The position as `rules` has it (notation).
    pub position: String,
    /// The position as the audit engine has it (notation).
    pub audit_position: String,
    /// `rules` legal moves, sorted.
    pub rules_moves: Vec<String>,
    /// Audit engine legal moves, sorted.
    pub audit_moves: Vec<String>,
}

/// Outcome of a cross-checked perft.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CrossCheck {
    /// Leaves per root move, in the `rules` generation order (up to the
    /// first disagreement).
    pub divide: Vec<(String, u64)>,
    /// Total leaves (meaningful only without a disagreement).
    pub nodes: u64,
    /// Nodes (positions at depth `0..depth`) whose move lists were compared.
    pub compared: u64,
    /// The first disagreement, if any.
    pub disagreement: Option<Disagreement>,
}

/// The `rules` moves of `p` as texts, in generation order.
fn rules_texts(p: &Position) -> Vec<String> {
    let v = p.variant();
    p.legal_moves().iter().map(|m| m.to_text(&v)).collect()
}

/// Compares one node; returns the audit moves as texts (generation order)
/// and the move list, or the disagreement.
fn compare(
    p: &Position,
    b: &Board,
    path: &[String],
) -> Result<(Vec<String>, MoveList), Box<Disagreement>> {
    let mut list = MoveList::new();
    b.legal_moves(&mut list);
    let texts: Vec<String> = list
        .as_slice()
        .iter()
        .map(|m| m.text(b.n, b.to_move))
        .collect();
    let ours = rules_texts(p);
    let (mut x, mut y) = (ours.clone(), texts.clone());
    x.sort();
    y.sort();
    let (pn, bn) = (p.to_notation(), b.notation());
    if x != y || pn != bn {
        return Err(Box::new(Disagreement {
            path: path.to_vec(),
            position: pn,
            audit_position: bn,
            rules_moves: x,
            audit_moves: y,
        }));
    }
    Ok((texts, list))
}

/// Result of a lockstep walk: `(leaves, nodes compared)` or where it stopped.
type Walked = Result<(u64, u64), Box<Disagreement>>;

/// Lockstep walk below a node already compared; `Ok((leaves, compared))`.
fn walk(p: &Position, b: &Board, depth: u32, path: &mut Vec<String>) -> Walked {
    let (texts, list) = compare(p, b, path)?;
    if depth == 0 {
        return Ok((1, 1));
    }
    let (mut leaves, mut compared) = (0, 1);
    let v = p.variant();
    for (step, mv) in p.legal_steps().into_iter().zip(p.legal_moves()) {
        let text = mv.to_text(&v);
        let k = texts
            .iter()
            .position(|t| *t == text)
            .expect("compared move lists are equal");
        path.push(text);
        let (l, c) = walk(
            &p.play_step(step),
            &b.play(list.as_slice()[k]),
            depth - 1,
            path,
        )?;
        path.pop();
        leaves += l;
        compared += c;
    }
    Ok((leaves, compared))
}

/// Perft to `depth` below `root`, walking the `rules` and audit trees in
/// lockstep (root moves in parallel); stops at the first root move whose
/// subtree holds a disagreement. `on_root_move` is called after each root
/// subtree (for progress).
pub fn perft_cross_check(
    root: &Position,
    depth: u32,
    on_root_move: &(dyn Fn() + Sync),
) -> CrossCheck {
    let b = Board::from_position(root);
    if let Err(d) = compare(root, &b, &[]) {
        return CrossCheck {
            divide: Vec::new(),
            nodes: 0,
            compared: 1,
            disagreement: Some(*d),
        };
    }
    if depth == 0 {
        return CrossCheck {
            divide: Vec::new(),
            nodes: 1,
            compared: 1,
            disagreement: None,
        };
    }
    let v = root.variant();
    let (texts, list) = compare(root, &b, &[]).expect("compared above");
    let pairs: Vec<_> = root
        .legal_steps()
        .into_iter()
        .zip(root.legal_moves())
        .collect();
    let results: Vec<(String, Walked)> = pairs
        .par_iter()
        .map(|(step, mv)| {
            let text = mv.to_text(&v);
            let k = texts.iter().position(|t| *t == text).expect("equal lists");
            let mut path = vec![text.clone()];
            let r = walk(
                &root.play_step(*step),
                &b.play(list.as_slice()[k]),
                depth - 1,
                &mut path,
            );
            on_root_move();
            (text, r)
        })
        .collect();
    let mut out = CrossCheck {
        divide: Vec::new(),
        nodes: 0,
        compared: 1,
        disagreement: None,
    };
    for (text, r) in results {
        match r {
            Ok((leaves, compared)) => {
                out.divide.push((text, leaves));
                out.nodes += leaves;
                out.compared += compared;
            }
            Err(d) => {
                out.disagreement = Some(*d);
                break;
            }
        }
    }
    out
}

/// Plain perft with divide: leaves below each root move (in `rules`
/// generation order), root moves in parallel.
pub fn perft_divide(
    root: &Position,
    depth: u32,
    on_root_move: &(dyn Fn() + Sync),
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let v = root.variant();
    let pairs: Vec<_> = root
        .legal_steps()
        .into_iter()
        .zip(root.legal_moves())
        .collect();
    pairs
        .par_iter()
        .map(|(step, mv)| {
            let n = perft(&root.play_step(*step), depth - 1);
            on_root_move();
            (mv.to_text(&v), n)
        })
        .collect()
}

//! Perft-diff: find where another engine's move generator first differs
//! from ours, the way chess programmers' perftree does.
//!
//! At the root (after the given moves) both sides divide at the depth. If
//! the move lists differ, that position is the answer. Otherwise the walk
//! descends into the first move (in our generation order) whose counts
//! differ, one ply shallower, and repeats; at depth 1 every count is 1, so
//! the walk always ends at a position whose move lists differ, at most
//! `depth` divides later. The answer names the position, the moves from
//! the root, the moves only we generate and those only the engine
//! generates, each with its kind and rule ([`super::move_rule`]).

use std::collections::HashMap;
use std::time::Instant;

use serde::Serialize;

use super::engine::DivideSource;
use super::move_rule::{rule_of, RuledMove};
use super::node::{Game, Node};
use super::report::DivideLine;

/// One divide of the walk whose move lists agree but whose counts differ.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DiffStep {
    /// Moves from the root (after the given moves) to this position.
    pub moves_from_root: Vec<String>,
    /// Depth of this divide.
    pub depth: u32,
    /// Our total.
    pub ours: u64,
    /// The engine's total.
    pub engine: u64,
    /// The first move whose counts differ, where the walk goes next.
    #[serde(rename = "move")]
    pub mv: String,
    /// Our count below that move.
    pub ours_below: u64,
    /// The engine's count below it.
    pub engine_below: u64,
}

/// The position where the move lists differ.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Finding {
    /// The position, in our notation.
    pub position: String,
    /// Moves from the root (after the given moves) to it.
    pub moves_from_root: Vec<String>,
    /// Depth of the divide that showed it.
    pub depth: u32,
    /// Moves only we generate.
    pub only_ours: Vec<RuledMove>,
    /// Moves only the engine generates.
    pub only_engine: Vec<RuledMove>,
}

/// The report of a perft-diff.
///
/// JSON: `{"game", "rules", "position", "moves", "depth", "engine",
/// "nodes", "engine_nodes", "divide", "steps", "finding", "seconds"}`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PerftDiff {
    /// `tic-tac-chec`, `tzaar` or `surakarta`.
    pub game: &'static str,
    /// The rule set.
    pub rules: String,
    /// The root position, in our notation.
    pub position: String,
    /// Moves played from the root before the walk.
    pub moves: Vec<String>,
    /// Depth of the first divide (plies; TZAAR: turns).
    pub depth: u32,
    /// The engine's command.
    pub engine: String,
    /// Our perft at `depth`.
    pub nodes: u64,
    /// The engine's total at `depth`.
    pub engine_nodes: u64,
    /// Our divide at the root (our order).
    pub divide: Vec<DivideLine>,
    /// The divides walked through, root first.
    pub steps: Vec<DiffStep>,
    /// Where the move lists differ; `None` when the engine agrees.
    pub finding: Option<Finding>,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Runs perft-diff of `source` against our generator from `root` (text)
/// after `moves`, at `depth` (at least 1).
///
/// # Errors
/// A bad root or move, or the engine's failure (the message names the
/// command, depth and line); a move of the engine that cannot be read; an
/// engine whose counts contradict each other between two depths.
pub fn perft_diff(
    game: Game,
    root: &str,
    moves: &[String],
    depth: u32,
    source: &dyn DivideSource,
) -> Result<PerftDiff, String> {
    let started = Instant::now();
    let start = Node::after(game, root, moves)?;
    let root_text = Node::parse(game, root)?.text();
    let mut report = PerftDiff {
        game: game.name(),
        rules: start.rules(),
        position: root_text.clone(),
        moves: moves.to_vec(),
        depth,
        engine: source.describe(),
        nodes: 0,
        engine_nodes: 0,
        divide: Vec::new(),
        steps: Vec::new(),
        finding: None,
        seconds: 0.0,
    };
    let (mut node, mut path, mut d) = (start, Vec::<String>::new(), depth);
    loop {
        let ours = node.divide(d);
        let all: Vec<String> = moves.iter().chain(&path).cloned().collect();
        let theirs = canonical(&node, source.divide(d, &root_text, &all)?, source, d, &all)?;
        if path.is_empty() {
            report.nodes = ours.iter().map(|l| l.nodes).sum();
            report.engine_nodes = theirs.values().sum();
            report.divide = ours.clone();
        }
        let mine: HashMap<&str, u64> = ours.iter().map(|l| (l.mv.as_str(), l.nodes)).collect();
        let only_ours: Vec<RuledMove> = ours
            .iter()
            .filter(|l| !theirs.contains_key(&l.mv))
            .map(|l| rule_of(&node, &l.mv))
            .collect();
        let mut only_engine: Vec<&String> = theirs
            .keys()
            .filter(|m| !mine.contains_key(m.as_str()))
            .collect();
        only_engine.sort();
        if !only_ours.is_empty() || !only_engine.is_empty() {
            report.finding = Some(Finding {
                position: node.text(),
                moves_from_root: path.clone(),
                depth: d,
                only_ours,
                only_engine: only_engine.iter().map(|m| rule_of(&node, m)).collect(),
            });
            break;
        }
        let Some(l) = ours.iter().find(|l| theirs[&l.mv] != l.nodes) else {
            if let Some(s) = report.steps.last() {
                return Err(inconsistent(source, s, theirs.values().sum()));
            }
            break; // the same moves with the same counts: agreement
        };
        report.steps.push(DiffStep {
            moves_from_root: path.clone(),
            depth: d,
            ours: ours.iter().map(|l| l.nodes).sum(),
            engine: theirs.values().sum(),
            mv: l.mv.clone(),
            ours_below: l.nodes,
            engine_below: theirs[&l.mv],
        });
        node = node.play(&l.mv)?;
        path.push(l.mv.clone());
        d -= 1;
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// The error of an engine whose divide below a move does not add up to
/// the count it gave that move one ply higher (so no position differs).
fn inconsistent(source: &dyn DivideSource, step: &DiffStep, total: u64) -> String {
    format!(
        "engine `{}` contradicts itself: at depth {} it counted {} below {}, but its \
         divide after that move at depth {} totals {total} (ours: {})",
        source.describe(),
        step.depth,
        step.engine_below,
        step.mv,
        step.depth - 1,
        step.ours_below
    )
}

/// The engine's divide with its moves in our spelling. `moves` are the
/// moves from the root the engine was given (named in the errors, as the
/// engine's other errors name them).
fn canonical(
    node: &Node,
    lines: Vec<DivideLine>,
    source: &dyn DivideSource,
    depth: u32,
    moves: &[String],
) -> Result<HashMap<String, u64>, String> {
    let at = if moves.is_empty() {
        String::new()
    } else {
        format!(" after {}", moves.join(", "))
    };
    let mut out = HashMap::new();
    // The divide lines come first in the output, so line i is output line i + 1.
    for (i, l) in lines.into_iter().enumerate() {
        let mv = node.canonical_move(&l.mv).map_err(|e| {
            format!(
                "engine `{}` at depth {depth}{at}: output line {} `{} {}` names an unknown move: {e}",
                source.describe(),
                i + 1,
                l.mv,
                l.nodes
            )
        })?;
        if out.insert(mv.clone(), l.nodes).is_some() {
            return Err(format!(
                "engine `{}` at depth {depth}{at}: output line {}: the move {mv} is listed twice",
                source.describe(),
                i + 1
            ));
        }
    }
    Ok(out)
}

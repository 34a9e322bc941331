//! TZAAR perft (ruleset `tzaar-standard-2016-v1`) with the fast
//! generator of `rules::tzaar`, and its cross-check against the
//! independent [`crate::tzaar`] engine.
//!
//! A turn is one complete turn plan (capture, then capture/stack/pass;
//! White's opening turn is one capture); depth counts turns, and depth 0
//! counts 1 (the start position). The cross-check walks the tree with both
//! engines, comparing at every node the position text, the game state and
//! the full list of turn plans, and stops at the first difference. Every
//! node above the leaves, the root included, counts as compared (the root
//! at depth 0 too).
//!
//! With a disagreement the report has no divide lines: the root turns are
//! walked in parallel and stop early once one of them finds a difference,
//! so their counts are incomplete.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use rules::tzaar as fast;
use serde::Serialize;

use super::report::{
    counted, CrossCheck, DisagreementLines, DivideLine, PerftOptions, PerftReport, RootRejected,
};
use crate::tzaar as slow;

/// The ruleset TZAAR perft follows, as reports name it.
pub const RULESET: &str = "tzaar-standard-2016-v1";

/// Perft of `pos` to `options.depth` turns with the fast generator, root
/// turns in parallel (in [`fast::Position::turns`] order in the divide),
/// or with `options.cross_check` the lockstep walk of both engines.
/// `on_root_move` is called once per root turn walked (for progress; at
/// depth 0 never).
///
/// # Errors
/// With a cross-check only: the audit engine cannot read `pos` as the fast
/// engine writes it.
pub fn perft(
    pos: &fast::Position,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
) -> Result<PerftReport<Mismatch>, RootRejected> {
    let start = Instant::now();
    let head = ("tzaar", RULESET.to_string(), pos.to_string());
    if options.cross_check {
        return cross_check(pos, options, on_root_move, start, head);
    }
    let lines = if options.depth == 0 {
        Vec::new()
    } else {
        pos.turns()
            .par_iter()
            .map(|t| {
                let nodes = fast::perft(&pos.play_unchecked(t), options.depth - 1);
                on_root_move();
                DivideLine {
                    mv: t.to_string(),
                    nodes,
                }
            })
            .collect()
    };
    Ok(counted(head, options, lines, start.elapsed().as_secs_f64()))
}

/// The cross-checked count of [`perft`].
fn cross_check(
    pos: &fast::Position,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
    start: Instant,
    head: (&'static str, String, String),
) -> Result<PerftReport<Mismatch>, RootRejected> {
    let game = slow::Game::parse(&pos.to_string()).map_err(|e| {
        RootRejected(format!(
            "the audit engine rejects the position `{pos}`: {e}"
        ))
    })?;
    let walked = cross_walk(pos, &game, options.depth, on_root_move);
    let agreed = walked.mismatch.is_none();
    Ok(PerftReport {
        game: head.0,
        rules: head.1,
        position: head.2,
        depth: options.depth,
        nodes: agreed.then_some(walked.nodes),
        divide: (options.divide && agreed).then_some(walked.lines),
        cross_check: Some(CrossCheck {
            agreed,
            positions_compared: walked.compared,
            disagreement: walked.mismatch.map(|m| *m),
        }),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Neutral 32-bit key of a turn plan, computed separately for each engine
/// from point indices 0..60 (A1 = 0, ..., I5 = 59): first capture
/// `(from * 64 + to) << 16`, plus 0 for no second action, 1 for a pass,
/// or `((2 + from * 64 + to) << 1) | is_stack` for a second capture/stack.
/// Ascending keys are the canonical turn order of both engines.
fn fast_key(t: &fast::Turn) -> u32 {
    let first = ((t.first.from.index() * 64 + t.first.to.index()) as u32) << 16;
    let second = match t.second {
        None => 0,
        Some(fast::Action::Pass) => 1,
        Some(fast::Action::Capture(s)) => ((2 + s.from.index() * 64 + s.to.index()) as u32) << 1,
        Some(fast::Action::Stack(s)) => {
            (((2 + s.from.index() * 64 + s.to.index()) as u32) << 1) | 1
        }
    };
    first | second
}

fn slow_key(p: &slow::Plan) -> u32 {
    let step = |a: &slow::Act| match a {
        slow::Act::Capture { from, to } | slow::Act::Stack { from, to } => {
            (from.index() * 64 + to.index()) as u32
        }
        slow::Act::Pass => unreachable!("a step has two points"),
    };
    let first = step(&p.first) << 16;
    let second = match &p.second {
        None => 0,
        Some(slow::Act::Pass) => 1,
        Some(a @ slow::Act::Capture { .. }) => (2 + step(a)) << 1,
        Some(a @ slow::Act::Stack { .. }) => ((2 + step(a)) << 1) | 1,
    };
    first | second
}

/// Where the two TZAAR generators first differ.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Turns from the start position to the differing position.
    pub path: Vec<String>,
    /// The position as the fast engine prints it.
    pub position: String,
    /// The position as the audit engine prints it.
    pub audit_position: String,
    /// What differs (game state, turn lists, positions after a turn).
    pub what: String,
    /// The `rules` turn plans of the position, in key order.
    pub rules_turns: Vec<String>,
    /// The audit engine's turn plans, in key order.
    pub audit_turns: Vec<String>,
    /// Plans only `rules` finds.
    pub only_in_rules: Vec<String>,
    /// Plans only the audit engine finds.
    pub only_in_audit: Vec<String>,
}

impl DisagreementLines for Mismatch {
    /// `MISMATCH: WHAT`, `after turns: ...`, both positions, then the
    /// four plan lists with their lengths.
    fn lines(&self) -> Vec<String> {
        let list = |what: &str, v: &[String]| format!("{what} ({}): {}", v.len(), v.join(", "));
        vec![
            format!("MISMATCH: {}", self.what),
            format!(
                "after turns: {}",
                if self.path.is_empty() {
                    "(start)".to_string()
                } else {
                    self.path.join(" | ")
                }
            ),
            format!("position (rules): {}", self.position),
            format!("position (audit): {}", self.audit_position),
            list("only in rules", &self.only_in_rules),
            list("only in audit", &self.only_in_audit),
            list("rules turns", &self.rules_turns),
            list("audit turns", &self.audit_turns),
        ]
    }
}

fn winner_fast(p: &fast::Position) -> Option<&'static str> {
    match p.status() {
        fast::Status::Ongoing => None,
        fast::Status::Won { winner, .. } => Some(winner.name()),
    }
}

fn winner_slow(g: &slow::Game) -> Option<&'static str> {
    g.ending().map(|e| match e.winner() {
        slow::Color::White => "White",
        slow::Color::Black => "Black",
    })
}

struct Walk<'a> {
    stop: &'a AtomicBool,
    nodes_compared: u64,
}

impl Walk<'_> {
    /// Compares the two engines at this node and below; returns the plan count at `depth`.
    fn node(
        &mut self,
        p: &fast::Position,
        g: &slow::Game,
        depth: u32,
        path: &mut Vec<String>,
    ) -> Result<u64, Box<Mismatch>> {
        if self.stop.load(Ordering::Relaxed) {
            return Ok(0);
        }
        self.nodes_compared += 1;
        let ft = p.turns();
        let st = g.plans();
        let mismatch = |what: String, ft: &[fast::Turn], st: &[slow::Plan]| {
            let fs: Vec<String> = ft.iter().map(|t| t.to_string()).collect();
            let ss: Vec<String> = st.iter().map(|t| t.to_string()).collect();
            Box::new(Mismatch {
                path: path.clone(),
                position: p.to_string(),
                audit_position: g.to_string(),
                what,
                only_in_rules: fs.iter().filter(|t| !ss.contains(t)).cloned().collect(),
                only_in_audit: ss.iter().filter(|t| !fs.contains(t)).cloned().collect(),
                rules_turns: fs,
                audit_turns: ss,
            })
        };
        if winner_fast(p) != winner_slow(g) {
            return Err(mismatch(
                format!(
                    "game state differs: rules says {}, audit says {}",
                    winner_fast(p).map_or("ongoing".into(), |w| format!("{w} won")),
                    winner_slow(g).map_or("ongoing".into(), |w| format!("{w} won"))
                ),
                &ft,
                &st,
            ));
        }
        let fk: Vec<u32> = ft.iter().map(fast_key).collect();
        let sk: Vec<u32> = st.iter().map(slow_key).collect();
        let (ft, st) = if fk == sk {
            (ft, st)
        } else {
            // Same set in another order is still agreement; pair by key.
            let mut fp: Vec<(u32, fast::Turn)> = fk.into_iter().zip(ft).collect();
            let mut sp: Vec<(u32, slow::Plan)> = sk.into_iter().zip(st).collect();
            fp.sort_by_key(|x| x.0);
            sp.sort_by_key(|x| x.0);
            let ft: Vec<fast::Turn> = fp.iter().map(|x| x.1).collect();
            let st: Vec<slow::Plan> = sp.iter().map(|x| x.1).collect();
            if !fp.iter().map(|x| x.0).eq(sp.iter().map(|x| x.0)) {
                return Err(mismatch(
                    format!(
                        "turn lists differ ({} plans in rules, {} in audit)",
                        ft.len(),
                        st.len()
                    ),
                    &ft,
                    &st,
                ));
            }
            (ft, st)
        };
        if depth == 1 {
            return Ok(ft.len() as u64);
        }
        let mut total = 0;
        for (t, plan) in ft.iter().zip(&st) {
            let p2 = p.play_unchecked(t);
            let g2 = g.after(plan);
            path.push(t.to_string());
            if p2.to_string() != g2.to_string() {
                return Err(positions_differ(path, t, &p2, &g2));
            }
            total += self.node(&p2, &g2, depth - 1, path)?;
            path.pop();
        }
        Ok(total)
    }
}

/// Cross-checks both engines below `p` and `g` (the same position) to
/// `depth` turns, as the walk below a root turn does; for the placement
/// phase's hand-over into play ([`super::tzaar_placement`]). `path` holds
/// the moves from the root; `stop` ends the walk early (counting 0) once
/// another branch found a difference. Depth 0 counts 1 and compares
/// nothing.
pub(crate) fn cross_subtree(
    p: &fast::Position,
    g: &slow::Game,
    depth: u32,
    path: &mut Vec<String>,
    stop: &AtomicBool,
) -> SubtreeResult {
    if depth == 0 {
        return Ok((1, 0));
    }
    let mut walk = Walk {
        stop,
        nodes_compared: 0,
    };
    match walk.node(p, g, depth, path) {
        Ok(n) => Ok((n, walk.nodes_compared)),
        Err(m) => Err((m, walk.nodes_compared)),
    }
}

/// Outcome of the walk below one root turn: (plans counted, positions
/// compared), or the mismatch with the positions compared up to it.
pub(crate) type SubtreeResult = Result<(u64, u64), (Box<Mismatch>, u64)>;

/// What [`cross_walk`] found.
struct Walked {
    /// Plans counted `depth` turns deep (without a mismatch).
    nodes: u64,
    /// Positions compared (up to the mismatch, if any).
    compared: u64,
    /// The count below each root turn (one per root turn without a
    /// mismatch; none at depth 0).
    lines: Vec<DivideLine>,
    /// The first mismatch in turn order.
    mismatch: Option<Box<Mismatch>>,
}

/// The mismatch of two engines whose positions after `t` differ.
fn positions_differ(
    path: &[String],
    t: &fast::Turn,
    p2: &fast::Position,
    g2: &slow::Game,
) -> Box<Mismatch> {
    Box::new(Mismatch {
        path: path.to_vec(),
        position: p2.to_string(),
        audit_position: g2.to_string(),
        what: format!("the positions after {t} differ"),
        rules_turns: vec![],
        audit_turns: vec![],
        only_in_rules: vec![],
        only_in_audit: vec![],
    })
}

/// Walks both engines' trees from `pos` to `depth`: the root's turn lists
/// first, then every first turn's subtree in parallel.
fn cross_walk(
    pos: &fast::Position,
    game: &slow::Game,
    depth: u32,
    on_root_move: &(dyn Fn() + Sync),
) -> Walked {
    let stop = AtomicBool::new(false);
    let mut root = Walk {
        stop: &stop,
        nodes_compared: 0,
    };
    let mut walked = Walked {
        nodes: 1,
        compared: 1,
        lines: Vec::new(),
        mismatch: None,
    };
    // Depth 0 still compares the root's turn lists, and counts 1.
    match root.node(pos, game, 1, &mut Vec::new()) {
        Err(m) => {
            walked.mismatch = Some(m);
            return walked;
        }
        Ok(_) if depth == 0 => return walked,
        Ok(_) => {}
    }
    let turns = pos.turns();
    let plans = game.plans();
    let parts: Vec<SubtreeResult> = turns
        .par_iter()
        .zip(plans.par_iter())
        .map(|(t, plan)| {
            let mut walk = Walk {
                stop: &stop,
                nodes_compared: 0,
            };
            let p2 = pos.play_unchecked(t);
            let g2 = game.after(plan);
            let mut path = vec![t.to_string()];
            let r = if depth == 1 {
                Ok(1)
            } else if p2.to_string() != g2.to_string() {
                Err(positions_differ(&path, t, &p2, &g2))
            } else {
                walk.node(&p2, &g2, depth - 1, &mut path)
            };
            if r.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            on_root_move();
            let c = walk.nodes_compared;
            r.map(|n| (n, c)).map_err(|m| (m, c))
        })
        .collect();
    walked.nodes = 0;
    for (t, part) in turns.iter().zip(parts) {
        match part {
            Ok((n, c)) => {
                walked.nodes += n;
                walked.compared += c;
                walked.lines.push(DivideLine {
                    mv: t.to_string(),
                    nodes: n,
                });
            }
            Err((m, c)) => {
                // The first mismatch in turn order wins.
                walked.compared += c;
                walked.mismatch = Some(m);
                break;
            }
        }
    }
    walked
}

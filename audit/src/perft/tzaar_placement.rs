//! TZAAR perft from a position of the tournament version's placement phase
//! (the TZAAR rulebook H), with the fast generator of `rules::tzaar`, and
//! its cross-check against the independent [`crate::tzaar_placement`]
//! engine.
//!
//! A ply is one placement (`Z@D4`) while pieces are in reserve, and one
//! complete turn plan after the 60th placement, as in [`super::tzaar`];
//! depth 0 counts 1. The cross-check compares at every placement-phase
//! node the position text and the full list of placements, and after the
//! hand-over walks on with [`super::tzaar`]'s lockstep walk; it stops at
//! the first difference. Every node above the leaves counts as compared.
//! The report has the common shape: divide lines are `PLACEMENT COUNT`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use rules::tzaar as fast;

use super::report::{counted, CrossCheck, DivideLine, PerftOptions, PerftReport, RootRejected};
use super::tzaar::{cross_subtree, Mismatch, SubtreeResult, RULESET};
use crate::tzaar_placement as slow;

/// Perft of `setup` to `options.depth` plies with the fast generator, root
/// placements in parallel (divide in [`fast::Setup::placements`] order), or
/// with `options.cross_check` the lockstep walk of both engines.
/// `on_root_move` is called once per root placement walked.
///
/// # Errors
/// With a cross-check only: the audit engine cannot read `setup` as the
/// fast engine writes it.
pub fn perft(
    setup: &fast::Setup,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
) -> Result<PerftReport<Mismatch>, RootRejected> {
    let start = Instant::now();
    let head = ("tzaar", RULESET.to_string(), setup.to_string());
    if options.cross_check {
        return cross_check(setup, options, on_root_move, start, head);
    }
    let lines = if options.depth == 0 {
        Vec::new()
    } else {
        setup
            .placements()
            .par_iter()
            .map(|pl| {
                let nodes = fast::stage_perft(&setup.place_unchecked(pl), options.depth - 1);
                on_root_move();
                DivideLine {
                    mv: pl.to_string(),
                    nodes,
                }
            })
            .collect()
    };
    Ok(counted(head, options, lines, start.elapsed().as_secs_f64()))
}

/// A mismatch at a placement-phase node (placement lists or positions).
fn mismatch(path: &[String], position: String, audit: String, what: String) -> Box<Mismatch> {
    Box::new(Mismatch {
        path: path.to_vec(),
        position,
        audit_position: audit,
        what,
        rules_turns: vec![],
        audit_turns: vec![],
        only_in_rules: vec![],
        only_in_audit: vec![],
    })
}

/// Compares the two engines' placement lists of one node; returns them.
fn compare_lists(
    s: &fast::Setup,
    t: &slow::Setup,
    path: &[String],
) -> Result<(Vec<fast::Placement>, Vec<slow::Put>), Box<Mismatch>> {
    let fp = s.placements();
    let sp = t.puts();
    let fs: Vec<String> = fp.iter().map(|p| p.to_string()).collect();
    let ss: Vec<String> = sp.iter().map(|p| p.to_string()).collect();
    if fs != ss {
        let mut m = mismatch(
            path,
            s.to_string(),
            t.to_string(),
            format!(
                "placement lists differ ({} placements in rules, {} in audit)",
                fs.len(),
                ss.len()
            ),
        );
        m.only_in_rules = fs.iter().filter(|x| !ss.contains(x)).cloned().collect();
        m.only_in_audit = ss.iter().filter(|x| !fs.contains(x)).cloned().collect();
        m.rules_turns = fs;
        m.audit_turns = ss;
        return Err(m);
    }
    Ok((fp, sp))
}

/// The lockstep walk below one node of both engines (equal texts), `depth`
/// plies deep; adds the nodes compared to `compared`.
fn walk(
    p: &fast::Stage,
    g: &slow::Phase,
    depth: u32,
    path: &mut Vec<String>,
    stop: &AtomicBool,
    compared: &mut u64,
) -> Result<u64, Box<Mismatch>> {
    let (s, t) = match (p, g) {
        (fast::Stage::Placement(s), slow::Phase::Placing(t)) => (s, t),
        (fast::Stage::Play(pos), slow::Phase::Playing(game)) => {
            return match cross_subtree(pos, game, depth, path, stop) {
                Ok((n, c)) => {
                    *compared += c;
                    Ok(n)
                }
                Err((m, c)) => {
                    *compared += c;
                    Err(m)
                }
            };
        }
        _ => {
            let what = "one engine is in the placement phase, the other in play".to_string();
            return Err(mismatch(path, p.to_string(), g.to_string(), what));
        }
    };
    if depth == 0 || stop.load(Ordering::Relaxed) {
        return Ok(u64::from(depth == 0));
    }
    *compared += 1;
    let (fp, sp) = compare_lists(s, t, path)?;
    if depth == 1 {
        return Ok(fp.len() as u64);
    }
    let mut total = 0;
    for (a, b) in fp.iter().zip(&sp) {
        let (p2, g2) = (s.place_unchecked(a), t.after(b));
        path.push(a.to_string());
        if p2.to_string() != g2.to_string() {
            let what = format!("the positions after {a} differ");
            return Err(mismatch(path, p2.to_string(), g2.to_string(), what));
        }
        total += walk(&p2, &g2, depth - 1, path, stop, compared)?;
        path.pop();
    }
    Ok(total)
}

/// The cross-checked count of [`perft`]: the root's lists, then each root
/// placement's subtree in parallel; the first mismatch in placement order
/// is reported, without divide lines.
fn cross_check(
    setup: &fast::Setup,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
    start: Instant,
    head: (&'static str, String, String),
) -> Result<PerftReport<Mismatch>, RootRejected> {
    let text = setup.to_string();
    let audit = slow::Setup::parse(&text).map_err(|e| {
        RootRejected(format!(
            "the audit engine rejects the position `{text}`: {e}"
        ))
    })?;
    let stop = AtomicBool::new(false);
    let depth = options.depth;
    let mut report = PerftReport {
        game: head.0,
        rules: head.1,
        position: head.2,
        depth,
        nodes: None,
        divide: None,
        cross_check: None,
        seconds: 0.0,
    };
    let mut compared = 1;
    let outcome = compare_lists(setup, &audit, &[]).map(|(fp, sp)| {
        let parts: Vec<SubtreeResult> = if depth == 0 {
            Vec::new()
        } else {
            fp.par_iter()
                .zip(sp.par_iter())
                .map(|(a, b)| {
                    let r = root_subtree(setup, &audit, a, b, depth, &stop);
                    on_root_move();
                    r
                })
                .collect()
        };
        (fp, parts)
    });
    let mut lines = Vec::new();
    let mut disagreement = None;
    match outcome {
        Err(m) => disagreement = Some(*m),
        Ok((fp, parts)) => {
            for (pl, part) in fp.iter().zip(parts) {
                match part {
                    Ok((n, c)) => {
                        compared += c;
                        lines.push(DivideLine {
                            mv: pl.to_string(),
                            nodes: n,
                        });
                    }
                    Err((m, c)) => {
                        compared += c;
                        disagreement = Some(*m);
                        break;
                    }
                }
            }
        }
    }
    let agreed = disagreement.is_none();
    let nodes = if depth == 0 {
        1
    } else {
        lines.iter().map(|l| l.nodes).sum()
    };
    report.nodes = agreed.then_some(nodes);
    report.divide = (options.divide && agreed).then_some(lines);
    report.cross_check = Some(CrossCheck {
        agreed,
        positions_compared: compared,
        disagreement,
    });
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The walk below one root placement `a` (the audit engine's `b`).
fn root_subtree(
    setup: &fast::Setup,
    audit: &slow::Setup,
    a: &fast::Placement,
    b: &slow::Put,
    depth: u32,
    stop: &AtomicBool,
) -> SubtreeResult {
    let (p2, g2) = (setup.place_unchecked(a), audit.after(b));
    let mut path = vec![a.to_string()];
    let mut compared = 0;
    let r = if p2.to_string() != g2.to_string() {
        let what = format!("the positions after {a} differ");
        Err(mismatch(&path, p2.to_string(), g2.to_string(), what))
    } else if depth == 1 {
        Ok(1)
    } else {
        walk(&p2, &g2, depth - 1, &mut path, stop, &mut compared)
    };
    if r.is_err() {
        stop.store(true, Ordering::Relaxed);
    }
    r.map(|n| (n, compared)).map_err(|m| (m, compared))
}

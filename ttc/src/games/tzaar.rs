//! `ttc perft tzaar` and `ttc verify-game tzaar` (ruleset `tzaar-standard-2016-v1`).
//!
//! Perft uses the fast generator of `rules::tzaar`, parallel over the first
//! turns with rayon (set `RAYON_NUM_THREADS` to limit the cores).
//! `--cross-check` walks the tree with both `rules::tzaar` and the
//! independent `audit::tzaar`, comparing at every node the position text,
//! the game state and the full list of turn plans, and stops at the first
//! difference.
//!
//! Depth 0 counts 1 (the start position, no turns), as for the other games.
//! Depths above [`fast::MAX_PERFT_DEPTH`] (64) are refused: no TZAAR game
//! lasts 60 turns (every turn captures a stack), so deeper counts are 0, and
//! any depth past 3 or 4 would not finish anyway.
//!
//! Game records (`verify-game`) are read and replayed in
//! [`super::tzaar_record`] (this project's format and LittleGolem's).

pub use super::tzaar_record::{verify_game, VerifyGameArgs};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{bail, Context};
use audit::tzaar as slow;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rules::tzaar as fast;
use serde::Serialize;

use super::{clip, parse_depth};

/// Arguments of `ttc perft tzaar`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in turns, 0 to 64 (a turn is one complete turn plan: capture,
    /// then capture/stack/pass; White's opening turn is one capture). Depth
    /// 0 counts 1: the start position, no turns. At most 64 because every
    /// turn captures a stack, so no game lasts 60 turns (deeper counts are
    /// 0), and the count recurses once per turn.
    #[arg(long, value_parser = parse_depth_arg)]
    pub depth: u32,
    /// Start position in TZAAR notation, e.g. "A1=t,A2=Z,E4=TTR b normal"
    /// or "- w normal" for the empty board (see REPRODUCE.md). Default:
    /// the fixed start.
    #[arg(long, conflicts_with = "seed", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Start from the seeded random opening with this seed (any u64).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the count below each first turn plan, one line each, then the
    /// total (with `--cross-check` too).
    #[arg(long)]
    pub divide: bool,
    /// Run the fast and the audit generator side by side and stop at the
    /// first position where their turn lists differ.
    #[arg(long)]
    pub cross_check: bool,
}

/// The `--depth` parser: 0..=[`fast::MAX_PERFT_DEPTH`], with the reason.
fn parse_depth_arg(text: &str) -> Result<u32, String> {
    parse_depth(
        text,
        fast::MAX_PERFT_DEPTH,
        "every turn captures a stack, so no TZAAR game lasts 60 turns (deeper \
         counts are 0), and depth 3 already counts 1.6 billion plans",
    )
}

fn start_position(args: &PerftArgs) -> anyhow::Result<fast::Position> {
    Ok(match (&args.position, args.seed) {
        (Some(text), _) => text
            .parse()
            .with_context(|| format!("--position {}", clip(text)))?,
        (None, Some(seed)) => fast::Position::seeded(seed),
        (None, None) => fast::Position::fixed_start(),
    })
}

fn progress(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {bar:40} {pos}/{len} first turns (eta {eta})",
        )
        .expect("valid template"),
    );
    bar.set_message(what.to_string());
    bar
}

#[derive(Serialize)]
struct DepthCount {
    depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
}

#[derive(Serialize)]
struct DivideLine {
    turn: String,
    nodes: u64,
}

#[derive(Serialize)]
struct PerftReport {
    game: &'static str,
    ruleset: &'static str,
    position: String,
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<DepthCount>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideLine>>,
    total: u64,
}

/// Perft split over the first turns, in parallel, with a progress bar.
fn parallel_divide(pos: &fast::Position, depth: u32, bar: &ProgressBar) -> Vec<(fast::Turn, u64)> {
    let turns = pos.turns();
    turns
        .par_iter()
        .map(|t| {
            let n = fast::perft(&pos.play_unchecked(t), depth - 1);
            bar.inc(1);
            (*t, n)
        })
        .collect()
}

/// Runs `ttc perft tzaar`.
pub fn perft(args: &PerftArgs, json: bool) -> anyhow::Result<()> {
    let pos = start_position(args)?;
    if args.cross_check {
        return cross_check(&pos, args.depth, args.divide, json);
    }
    let mut report = PerftReport {
        game: "tzaar",
        ruleset: "tzaar-standard-2016-v1",
        position: pos.to_string(),
        depth: args.depth,
        counts: None,
        divide: None,
        total: 0,
    };
    if args.divide {
        // Depth 0 has no first turns to divide by: no lines, total 1.
        let lines = if args.depth == 0 {
            Vec::new()
        } else {
            let bar = progress(pos.turns().len(), "perft divide");
            let lines = parallel_divide(&pos, args.depth, &bar);
            bar.finish_and_clear();
            lines
        };
        report.total = if args.depth == 0 {
            1
        } else {
            lines.iter().map(|l| l.1).sum()
        };
        report.divide = Some(
            lines
                .iter()
                .map(|(t, n)| DivideLine {
                    turn: t.to_string(),
                    nodes: *n,
                })
                .collect(),
        );
        if !json {
            for (t, n) in &lines {
                println!("{t}: {n}");
            }
            println!();
            println!("total: {}", report.total);
        }
    } else {
        let mut counts = Vec::new();
        // Depth 0 prints `depth 0: 1`; otherwise depths 1..=N.
        let first = if args.depth == 0 { 0 } else { 1 };
        for depth in first..=args.depth {
            let start = Instant::now();
            let nodes = if depth <= 2 {
                // Includes depth 0: perft(pos, 0) == 1.
                fast::perft(&pos, depth)
            } else {
                let bar = progress(pos.turns().len(), &format!("perft depth {depth}"));
                let n = parallel_divide(&pos, depth, &bar).iter().map(|l| l.1).sum();
                bar.finish_and_clear();
                n
            };
            let seconds = start.elapsed().as_secs_f64();
            if !json {
                println!("depth {depth}: {nodes}");
                eprintln!(
                    "  ({seconds:.3} s, {:.0} plans/s, {} threads)",
                    nodes as f64 / seconds.max(1e-9),
                    rayon::current_num_threads()
                );
            }
            counts.push(DepthCount {
                depth,
                nodes,
                seconds,
                nodes_per_second: nodes as f64 / seconds.max(1e-9),
            });
            report.total = nodes;
        }
        report.counts = Some(counts);
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Cross-check
// ---------------------------------------------------------------------------

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

#[derive(Serialize, Clone)]
struct Mismatch {
    /// Turns from the start position to the differing position.
    path: Vec<String>,
    /// The position as the fast engine prints it.
    position: String,
    /// The position as the audit engine prints it.
    audit_position: String,
    what: String,
    rules_turns: Vec<String>,
    audit_turns: Vec<String>,
    only_in_rules: Vec<String>,
    only_in_audit: Vec<String>,
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
                return Err(Box::new(Mismatch {
                    path: path.clone(),
                    position: p2.to_string(),
                    audit_position: g2.to_string(),
                    what: format!("the positions after {t} differ"),
                    rules_turns: vec![],
                    audit_turns: vec![],
                    only_in_rules: vec![],
                    only_in_audit: vec![],
                }));
            }
            total += self.node(&p2, &g2, depth - 1, path)?;
            path.pop();
        }
        Ok(total)
    }
}

#[derive(Serialize)]
struct CrossReport {
    game: &'static str,
    position: String,
    depth: u32,
    agree: bool,
    /// Plans counted `depth` turns deep (equal in both engines when they agree).
    total: u64,
    /// Positions whose turn lists were compared.
    positions_compared: u64,
    seconds: f64,
    /// With `--divide`: the count below each first turn, in turn order.
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mismatch: Option<Mismatch>,
}

/// Outcome of a cross-check walk: (plans counted, positions compared) or
/// the first mismatch in turn order.
type WalkResult = Result<(u64, u64), Box<Mismatch>>;

/// Walks both engines' trees from `pos` to `depth`: the root's turn lists
/// first, then every first turn's subtree in parallel. Returns the
/// outcome and the count below each first turn (one per first turn when
/// the walk agreed; none at depth 0).
fn cross_walk(
    pos: &fast::Position,
    game: &slow::Game,
    depth: u32,
) -> (WalkResult, Vec<DivideLine>) {
    let stop = AtomicBool::new(false);
    let mut root = Walk {
        stop: &stop,
        nodes_compared: 0,
    };
    // Depth 0 still compares the root's turn lists, and counts 1.
    let result = root
        .node(pos, game, 1, &mut Vec::new())
        .map(|n| (if depth == 0 { 1 } else { n }, 1u64));
    if result.is_err() || depth == 0 {
        return (result, Vec::new());
    }
    let turns = pos.turns();
    if depth == 1 {
        let lines = turns
            .iter()
            .map(|t| DivideLine {
                turn: t.to_string(),
                nodes: 1,
            })
            .collect();
        return (result, lines);
    }
    let plans = game.plans();
    let bar = progress(turns.len(), &format!("cross-check depth {depth}"));
    let parts: Vec<WalkResult> = turns
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
            let r = if p2.to_string() != g2.to_string() {
                Err(Box::new(Mismatch {
                    path: path.clone(),
                    position: p2.to_string(),
                    audit_position: g2.to_string(),
                    what: format!("the positions after {t} differ"),
                    rules_turns: vec![],
                    audit_turns: vec![],
                    only_in_rules: vec![],
                    only_in_audit: vec![],
                }))
            } else {
                walk.node(&p2, &g2, depth - 1, &mut path)
            };
            if r.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            bar.inc(1);
            r.map(|n| (n, walk.nodes_compared))
        })
        .collect();
    bar.finish_and_clear();
    let lines = turns
        .iter()
        .zip(&parts)
        .filter_map(|(t, r)| {
            r.as_ref().ok().map(|(n, _)| DivideLine {
                turn: t.to_string(),
                nodes: *n,
            })
        })
        .collect();
    // The first mismatch in turn order wins.
    let result = parts
        .into_iter()
        .try_fold((0, 1), |acc, r| r.map(|(n, c)| (acc.0 + n, acc.1 + c)));
    (result, lines)
}

/// Runs `ttc perft tzaar --cross-check` (with `--divide`: the count below
/// each first turn too, one line each, the total last).
fn cross_check(pos: &fast::Position, depth: u32, divide: bool, json: bool) -> anyhow::Result<()> {
    let start = Instant::now();
    let game = slow::Game::parse(&pos.to_string())
        .map_err(|e| anyhow::anyhow!("the audit engine rejects the position `{pos}`: {e}"))?;
    let (result, lines) = cross_walk(pos, &game, depth);
    let seconds = start.elapsed().as_secs_f64();
    let (total, compared, mismatch) = match result {
        Ok((n, c)) => (n, c, None),
        Err(m) => (0, 0, Some(*m)),
    };
    let report = CrossReport {
        game: "tzaar",
        position: pos.to_string(),
        depth,
        agree: mismatch.is_none(),
        total,
        positions_compared: compared,
        seconds,
        divide: (divide && mismatch.is_none()).then_some(lines),
        mismatch,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_cross(&report);
    }
    if report.mismatch.is_some() {
        bail!("the TZAAR generators disagree (see the report above)");
    }
    Ok(())
}

/// The text report of a cross-check: the mismatch, or the agreement with
/// the count (after the divide lines, if any, the total last).
fn print_cross(report: &CrossReport) {
    let depth = report.depth;
    if let Some(m) = &report.mismatch {
        println!("MISMATCH: {}", m.what);
        println!(
            "after turns: {}",
            if m.path.is_empty() {
                "(start)".to_string()
            } else {
                m.path.join(" | ")
            }
        );
        println!("position (rules): {}", m.position);
        println!("position (audit): {}", m.audit_position);
        let list = |what: &str, v: &[String]| println!("{what} ({}): {}", v.len(), v.join(", "));
        list("only in rules", &m.only_in_rules);
        list("only in audit", &m.only_in_audit);
        list("rules turns", &m.rules_turns);
        list("audit turns", &m.audit_turns);
        return;
    }
    if let Some(lines) = &report.divide {
        for l in lines {
            println!("{}: {}", l.turn, l.nodes);
        }
        println!();
        println!("cross-check depth {depth}: both generators agree");
        println!("positions compared: {}", report.positions_compared);
        println!("total: {}", report.total);
    } else {
        println!("cross-check depth {depth}: both generators agree");
        println!("total: {}", report.total);
        println!("positions compared: {}", report.positions_compared);
    }
    eprintln!(
        "  ({:.1} s, {} threads)",
        report.seconds,
        rayon::current_num_threads()
    );
}

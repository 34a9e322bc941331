//! `ttc perft surakarta` and `ttc verify-game surakarta` (rules:
//! the Surakarta rules).
//!
//! * `ttc perft surakarta --depth N [--position TEXT] [--divide]
//!   [--cross-check]` counts the leaves of the legal move tree (moves counted
//!   once per (from, to); movement rules only, like chess perft) with the
//!   fast generator of `rules::surakarta`. `--cross-check` walks the same
//!   tree with the plain engine of `audit::surakarta` in lockstep, compares
//!   the move sets and boards at every node above the leaves, and stops at
//!   the first disagreement, printing that position.
//! * `ttc verify-game surakarta FILE` replays a game record, rejects the
//!   first illegal move with its reason, applies the win and draw rules of
//!   the chosen convention and reports the result; see
//!   [`super::surakarta_record`] (this project's format and the course
//!   logs).
//!
//! Perft depths are limited to [`fast::MAX_PERFT_DEPTH`] (64) plies: the
//! count recurses once per ply and a Surakarta game need not end, so a depth
//! in the thousands would overflow the stack.
//!
//! With the global `--json` flag every report is one JSON object on
//! standard output; progress bars and timings go to standard error, so the
//! text report on standard output is deterministic.

pub use super::surakarta_record::{verify_game, VerifyGameArgs};

use super::parse_depth;
use anyhow::bail;
use audit::surakarta as plain;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rules::surakarta::{self as fast, Move, MoveKind, Position, Side};
use serde::Serialize;
use std::time::Instant;

/// Arguments of `ttc perft surakarta`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in turns (plies), 0 to 64; 0 counts the root only. At most 64
    /// because the count recurses once per ply and a Surakarta game need not
    /// end, so a depth in the thousands would overflow the stack (depth 7
    /// already counts 1.4 billion leaves).
    #[arg(long, value_parser = parse_depth_arg)]
    pub depth: u32,
    /// Root position in Surakarta notation, e.g. "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0"
    /// (ranks 6 to 1; r, b, digits for empty runs; side to move; optional
    /// turns without capture). Default: the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Also print the count below each legal move of the root.
    #[arg(long)]
    pub divide: bool,
    /// Walk the tree with the independent audit engine too and stop at the
    /// first position where the two disagree.
    #[arg(long)]
    pub cross_check: bool,
}

/// The `--depth` parser: 0..=[`fast::MAX_PERFT_DEPTH`], with the reason.
fn parse_depth_arg(text: &str) -> Result<u32, String> {
    parse_depth(
        text,
        fast::MAX_PERFT_DEPTH,
        "the count recurses once per ply and a Surakarta game need not end, so \
         deeper counts would overflow the stack (and depth 7 already counts 1.4 \
         billion leaves)",
    )
}

/// Depth from which perft shows a progress bar (runs take seconds or more).
const PROGRESS_DEPTH: u32 = 6;

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

#[derive(Serialize)]
struct Disagreement {
    /// Moves from the root to the position where the engines disagree.
    moves_from_root: Vec<String>,
    position: String,
    /// Moves only the fast generator finds.
    only_fast: Vec<String>,
    /// Moves only the audit engine finds.
    only_audit: Vec<String>,
    /// Board of the audit engine when the boards themselves differ.
    audit_board: Option<String>,
}

#[derive(Serialize)]
struct CrossCheck {
    agreed: bool,
    /// Positions above the leaves whose move sets were compared.
    positions_compared: u64,
    disagreement: Option<Disagreement>,
}

#[derive(Serialize)]
struct PerftReport {
    game: &'static str,
    position: String,
    depth: u32,
    /// Leaf count; absent when the cross-check stopped early.
    nodes: Option<u64>,
    seconds: f64,
    nodes_per_second: Option<f64>,
    divide: Option<Vec<DivideEntry>>,
    cross_check: Option<CrossCheck>,
}

/// Runs `ttc perft surakarta`.
///
/// # Errors
/// Malformed `--position` text (with the reason), or a cross-check
/// disagreement (after printing the report).
pub fn perft(args: &PerftArgs, json: bool) -> anyhow::Result<()> {
    let root = match &args.position {
        Some(text) => Position::parse(text)?,
        None => Position::start(),
    };
    let started = Instant::now();
    let root_moves = if args.depth == 0 {
        Vec::new()
    } else {
        root.legal_moves().to_vec()
    };
    let bar = progress(args.depth, root_moves.len());
    let mut divide = Vec::with_capacity(root_moves.len());
    let mut cross = args.cross_check.then(|| Lockstep {
        compared: 0,
        path: Vec::new(),
        disagreement: None,
    });
    let mut nodes = if args.depth == 0 { Some(1) } else { Some(0) };
    if let Some(ls) = cross.as_mut() {
        // Compare the root itself, then each subtree.
        let board = plain::Board::parse(&root.to_string()).map_err(anyhow::Error::msg)?;
        if ls.compare(&root, &board).is_some() && args.depth > 0 {
            for &mv in &root_moves {
                let amv = to_plain(mv);
                ls.path.push(mv.to_string());
                let n = ls.walk(&root.play(mv), &board.play(&amv), args.depth - 1);
                ls.path.pop();
                bar.inc(1);
                match n {
                    Some(n) => divide.push(DivideEntry {
                        mv: mv.to_string(),
                        nodes: n,
                    }),
                    None => break,
                }
            }
        }
        if ls.disagreement.is_some() {
            nodes = None;
        }
    } else {
        for &mv in &root_moves {
            let n = fast::perft(&root.play(mv), args.depth - 1);
            bar.inc(1);
            divide.push(DivideEntry {
                mv: mv.to_string(),
                nodes: n,
            });
        }
    }
    bar.finish_and_clear();
    if args.depth > 0 {
        nodes = nodes.map(|_| divide.iter().map(|d| d.nodes).sum());
    }
    let seconds = started.elapsed().as_secs_f64();
    let report = PerftReport {
        game: "surakarta",
        position: root.to_string(),
        depth: args.depth,
        nodes,
        seconds,
        nodes_per_second: nodes.map(|n| n as f64 / seconds.max(1e-9)),
        divide: args.divide.then_some(divide),
        cross_check: cross.map(|ls| CrossCheck {
            agreed: ls.disagreement.is_none(),
            positions_compared: ls.compared,
            disagreement: ls.disagreement,
        }),
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_perft(&report);
    }
    if let Some(cc) = &report.cross_check {
        if !cc.agreed {
            bail!("the fast and audit Surakarta generators disagree (position above)");
        }
    }
    Ok(())
}

fn progress(depth: u32, len: usize) -> ProgressBar {
    if depth < PROGRESS_DEPTH {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("perft {bar:30} {pos}/{len} root moves, {elapsed} elapsed")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn print_perft(r: &PerftReport) {
    println!("position  {}", r.position);
    println!("depth     {}", r.depth);
    if let Some(divide) = &r.divide {
        for d in divide {
            println!("{}: {}", d.mv, d.nodes);
        }
    }
    match (r.nodes, r.nodes_per_second) {
        (Some(n), Some(nps)) => {
            println!("nodes     {n}");
            eprintln!(
                "time      {:.3} s ({:.1} million nodes/s, 1 thread)",
                r.seconds,
                nps / 1e6
            );
        }
        _ => println!("nodes     (not counted: stopped at a disagreement)"),
    }
    if let Some(cc) = &r.cross_check {
        match &cc.disagreement {
            None => println!(
                "cross-check  the audit engine agrees at all {} positions above the leaves",
                cc.positions_compared
            ),
            Some(d) => {
                println!(
                    "cross-check  DISAGREEMENT after {} compared positions",
                    cc.positions_compared
                );
                println!("  moves from root  {}", d.moves_from_root.join(" "));
                println!("  position         {}", d.position);
                if let Some(b) = &d.audit_board {
                    println!("  audit board      {b}");
                }
                let list = |v: &[String]| {
                    if v.is_empty() {
                        "(none)".to_string()
                    } else {
                        v.join(" ")
                    }
                };
                println!("  only fast        {}", list(&d.only_fast));
                println!("  only audit       {}", list(&d.only_audit));
            }
        }
    }
}

/// The audit engine's form of a fast move.
pub(super) fn to_plain(mv: Move) -> plain::Move {
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

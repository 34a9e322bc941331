//! `ttc solve-position tzaar`: the exact value of a TZAAR position by
//! search ([`solver::tzaar_prove`]), with progress, a time limit and an
//! optional proof file.

use crate::text::{group, print_json};
use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rules::tzaar::{Color, Position};
use serde::Serialize;
use solver::tzaar_prove::{write_proof, Limits, Outcome, Prover, Value};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Arguments of `ttc solve-position tzaar`.
#[derive(Debug, Args)]
pub struct TzaarSolveArgs {
    /// The position in TZAAR notation, e.g. "A1=T,A2=R,A3=Z,B1=t,B2=r,B3=z w normal"
    /// (quote it); or, with --waltz, a file in the WALTZ test-position format.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Read POSITION as a file in the WALTZ test-position format (side
    /// line, 9x9 piece matrix, 9x9 height matrix; docs/tzaar-solve.md).
    #[arg(long)]
    pub waltz: bool,
    /// Give up after this many seconds (more than 0, at most 10^9) and
    /// answer "unknown".
    #[arg(long, value_parser = crate::seconds::parse_seconds)]
    pub time_limit: Option<f64>,
    /// Transposition table size in MiB (1 to 65,536; 16-byte entries).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub tt_mib: u32,
    /// Write a proof (a winning turn for every position of the winner the
    /// defence can reach) to this file; check it with `ttc check-proof tzaar`.
    #[arg(long)]
    pub proof: Option<std::path::PathBuf>,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

/// The JSON report.
#[derive(Serialize)]
struct Report {
    position: String,
    side_to_move: &'static str,
    value: Value,
    turns: Option<u32>,
    best_turn: Option<String>,
    proven_depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    tt_mib: u32,
    threads: usize,
    proof: Option<ProofReport>,
}

#[derive(Serialize)]
struct ProofReport {
    file: String,
    positions: usize,
}

/// Reads the position argument (notation or WALTZ file).
fn read_position(args: &TzaarSolveArgs) -> Result<Position> {
    if args.waltz {
        // A regular file of at most 1 MiB (a WALTZ file is about 400
        // bytes): a named pipe or a device is refused, not read forever.
        let path = std::path::Path::new(&args.position);
        let text = tables::fsutil::read_small_text(path, 1 << 20)?;
        return records::vesely::parse_vesely(&text, &args.position);
    }
    let pos: Position = args
        .position
        .parse()
        .with_context(|| format!("position {}", rules::echo::clip(&args.position)))?;
    if pos.is_opening() {
        bail!(
            "position {}: the opening turn is not supported (60 stacks, far beyond search)",
            rules::echo::clip(&args.position)
        );
    }
    Ok(pos)
}

/// Runs `ttc solve-position tzaar`.
pub fn run_tzaar(args: &TzaarSolveArgs, json: bool) -> Result<()> {
    let pos = read_position(args)?;
    let limits = Limits {
        tt_mib: args.tt_mib as usize,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
    };
    crate::pool::with_threads(args.threads, || {
        let prover = Prover::new(limits);
        let outcome = solve_with_progress(&prover, &pos);
        let proof = match &args.proof {
            Some(path) if outcome.value != Value::Unknown => {
                Some(write_proof_file(&prover, &pos, &outcome, path)?)
            }
            _ => None,
        };
        report(args, &pos, &outcome, proof, json)
    })
}

fn write_proof_file(
    prover: &Prover,
    pos: &Position,
    outcome: &Outcome,
    path: &std::path::Path,
) -> Result<ProofReport> {
    // Written under a temporary name, synced, then renamed: a failed or
    // killed run leaves no partial proof under the name asked for.
    let tmp = tables::fsutil::tmp_path(path);
    let file =
        std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    let mut w = std::io::BufWriter::new(file);
    let written = write_proof(prover, pos, outcome, &mut w)
        .and_then(|n| std::io::Write::flush(&mut w).map(|_| n))
        .and_then(|n| w.get_ref().sync_all().map(|_| n))
        .and_then(|n| std::fs::rename(&tmp, path).map(|_| n));
    let positions = match written {
        Ok(n) => n,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e).with_context(|| format!("writing {}", path.display()));
        }
    };
    tables::fsutil::sync_parent(path);
    Ok(ProofReport {
        file: path.display().to_string(),
        positions,
    })
}

/// Solves on the current rayon pool while a scoped thread shows the
/// depth, the node count and nodes/s on standard error.
fn solve_with_progress(prover: &Prover, pos: &Position) -> Outcome {
    let start = Instant::now();
    let tty = std::io::stderr().is_terminal();
    let bar = if tty {
        let b = ProgressBar::new_spinner();
        b.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let done = std::sync::atomic::AtomicBool::new(false);
    let shared: &Prover = prover;
    /// Stops the progress thread when dropped, also if the search panics
    /// (else the scope would wait for that thread forever).
    struct Stop<'a>(&'a std::sync::atomic::AtomicBool);
    impl Drop for Stop<'_> {
        fn drop(&mut self) {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut last_depth = 0;
            let mut ticks = 0u32;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
                ticks += 1;
                if ticks < 20 {
                    continue;
                }
                ticks = 0;
                let (n, d) = (shared.nodes(), shared.depth());
                let rate = n as f64 / start.elapsed().as_secs_f64().max(1e-9);
                let msg = format!(
                    "depth {d} turns, {} nodes, {} nodes/s",
                    group(n),
                    group(rate as u64)
                );
                if tty {
                    bar.set_message(msg);
                    bar.tick();
                } else if d != last_depth {
                    eprintln!("{msg}");
                }
                last_depth = d;
            }
        });
        let _stop = Stop(&done);
        shared.solve(pos)
    })
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn report(
    args: &TzaarSolveArgs,
    pos: &Position,
    o: &Outcome,
    proof: Option<ProofReport>,
    json: bool,
) -> Result<()> {
    let side = pos.side_to_move();
    let r = Report {
        position: pos.to_string(),
        side_to_move: side_name(side),
        value: o.value,
        turns: o.turns,
        best_turn: o.best_turn.map(|t| t.to_string()),
        proven_depth: o.proven_depth,
        nodes: o.nodes,
        seconds: o.seconds,
        nodes_per_second: o.nodes as f64 / o.seconds.max(1e-9),
        tt_mib: args.tt_mib,
        threads: rayon::current_num_threads(),
        proof,
    };
    if json {
        return print_json(&r);
    }
    println!("position: {}", r.position);
    let who = if side == Color::White {
        "White"
    } else {
        "Black"
    };
    match (o.value, o.turns) {
        (Value::Unknown, _) | (_, None) => println!(
            "value: unknown for {who} to move (no win for either side within {} turns, proven)",
            o.proven_depth
        ),
        (v, Some(t)) => println!(
            "value: {} in {t} turns for {who} to move (turns of both sides counted)",
            if v == Value::Win { "win" } else { "loss" }
        ),
    }
    if let Some(b) = &r.best_turn {
        println!("best turn: {b}");
    }
    println!(
        "nodes: {} in {:.2} s ({} nodes/s, {} threads, table {} MiB)",
        group(r.nodes),
        r.seconds,
        group(r.nodes_per_second as u64),
        r.threads,
        r.tt_mib
    );
    if let Some(p) = &r.proof {
        println!(
            "proof: {} ({} positions of the winner)",
            p.file,
            group(p.positions as u64)
        );
    } else if let Some(path) = args.proof.as_ref().filter(|_| r.value == Value::Unknown) {
        let older = if path.exists() {
            "; the file there is an older one, left as it was"
        } else {
            ""
        };
        println!(
            "proof: none written to {} (the value is unknown{older})",
            path.display()
        );
    }
    Ok(())
}

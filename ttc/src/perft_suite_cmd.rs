//! `ttc perft-suite GAME FILE [--engine CMD] [--depth K]`: run a perft
//! suite (format: [`audit::perft::suite`], docs/perft.md) with our
//! generator or another author's engine, listing each mismatch with
//! perft-diff's answer. This file holds the flags and the printing.
//!
//! Standard output:
//!
//! ```text
//! game: surakarta
//! suite: suites/surakarta.txt
//! engine: ours
//! positions: 40
//! counts checked: 160
//! mismatch: line 12 depth 3: expected 1,234, found 1,200 (<rule>)
//!   <perft-diff's report, indented two spaces>
//! nodes: 12,345,678
//! ```
//!
//! or `mismatches: none` before `nodes:`. The time goes to standard error;
//! a mismatch exits with status 1 after the report.

use anyhow::{anyhow, bail, Result};
use audit::perft::engine::Engine;
use audit::perft::node::Game;
use audit::perft::suite::{parse_suite, run_suite, SuiteReport};
use clap::Args;
use records::engine_notation::EngineNotation;
use rules::echo::group;
use tables::progress::Progress;

use crate::perft_diff_cmd::{diff_text, engine_of, speaking};
use crate::text::{emit, print_json};

/// Arguments of `ttc perft-suite`.
#[derive(Debug, Args)]
pub struct PerftSuiteArgs {
    /// The game: tzaar, surakarta or ttc (must match the suite's header).
    pub game: String,
    /// The suite file (e.g. suites/surakarta.txt).
    pub file: std::path::PathBuf,
    /// Run another author's engine through the perft-diff protocol instead
    /// of ours (see `ttc perft-diff --engine`).
    #[arg(long)]
    pub engine: Option<String>,
    /// Check the counts up to this depth only (default: all of them).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Seconds one run of the engine may take before it is stopped.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// The engine writes moves in another notation (see `ttc perft-diff
    /// --notation`).
    #[arg(long, value_enum, requires = "engine")]
    pub notation: Option<EngineNotation>,
}

/// Runs `ttc perft-suite`.
///
/// # Errors
/// An unreadable or malformed suite (file and line), a game other than the
/// suite's, the engine's failure, or a mismatch (after the report).
pub fn run(args: &PerftSuiteArgs, json: bool) -> Result<()> {
    let game = Game::parse(&args.game).map_err(|e| anyhow!(e))?;
    let name = args.file.display().to_string();
    // A regular file of at most 16 MiB (the suites are a few KB): a named
    // pipe or a device is refused, not read forever.
    let text = tables::fsutil::read_small_text(&args.file, 16 << 20)?;
    let suite = parse_suite(&name, &text).map_err(|e| anyhow!(e))?;
    if suite.game != game {
        bail!("{name} is a {} suite, not a {game} one", suite.game);
    }
    let engine: Option<Engine> = match &args.engine {
        Some(cmd) => Some(engine_of(cmd, args.timeout)?),
        None => None,
    };
    let bar = Progress::new(!json, suite.entries.len() as u64, "positions");
    let source = match &engine {
        Some(e) => Some(speaking(e, args.notation, game)?),
        None => None,
    };
    let report =
        run_suite(&suite, source.as_deref(), args.depth, &|| bar.inc(1)).map_err(|e| anyhow!(e))?;
    bar.finish();
    if json {
        print_json(&report)?;
    } else {
        emit(&suite_text(&report, &name))?;
        eprintln!("time: {:.2} s", report.seconds);
    }
    if !report.mismatches.is_empty() {
        bail!(
            "{} of the suite's positions differ (see the report)",
            report.mismatches.len()
        );
    }
    Ok(())
}

/// The text report of a suite run (standard output's part).
fn suite_text(r: &SuiteReport, file: &str) -> String {
    let mut o = format!(
        "game: {}\nsuite: {file}\nengine: {}\npositions: {}\ncounts checked: {}\n",
        r.game, r.engine, r.positions, r.counts_checked
    );
    if r.mismatches.is_empty() {
        o.push_str("mismatches: none\n");
    }
    for m in &r.mismatches {
        o.push_str(&format!(
            "mismatch: line {} depth {}: expected {}, found {} ({})\n",
            m.line,
            m.depth,
            group(m.expected),
            group(m.found),
            m.rule
        ));
        if let Some(d) = &m.diff {
            for l in diff_text(d).lines() {
                o.push_str(&format!("  {l}\n").replace("  \n", "\n"));
            }
        }
    }
    o.push_str(&format!("nodes: {}\n", group(r.nodes)));
    o
}

//! `ttc perft-diff GAME --engine CMD --depth N`: find the first position
//! where another author's move generator differs from ours
//! ([`audit::perft::diff`]; the protocol is [`audit::perft::engine`]'s and
//! docs/perft.md's). This file holds the flags and the printing.
//!
//! Standard output, the perft format with the walk before the total:
//!
//! ```text
//! game: surakarta
//! rules: Surakarta movement rules (no draw rules)
//! position: <the root>
//! moves: <the --moves, if any>
//! depth: 4
//! engine: <CMD>
//! MOVE COUNT            (our divide at the root, then a blank line)
//!
//! step: depth 4 after (root): b2-c3 ours 1,234 engine 1,200
//! difference: depth 1 after b2-c3 e5-e4 c3-c4
//!   position: <position>
//!   only ours (1):
//!     capture (1): <the rule of captures>
//!       c4xb5
//!   only engine: (none)
//! engine nodes: 111,100
//! nodes: 111,122
//! ```
//!
//! or `agreement: the engine's divide matches ours` instead of the steps and
//! the difference. The time goes to standard error. A difference exits
//! with status 1 (after the report), so scripts can test it.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use audit::perft::diff::{perft_diff, PerftDiff};
use audit::perft::engine::{DivideSource, Engine};
use audit::perft::move_rule::RuledMove;
use audit::perft::node::Game;
use clap::Args;
use records::engine_notation::{EngineNotation, Translated};
use rules::echo::group;

use crate::text::{emit, print_json};

/// Arguments of `ttc perft-diff`.
#[derive(Debug, Args)]
pub struct PerftDiffArgs {
    /// The game: tzaar, surakarta or ttc.
    pub game: String,
    /// The engine's command line, split into words like a shell (quotes,
    /// backslashes; no variables or pipes). It is run as `CMD DEPTH
    /// POSITION [MOVE...]` and prints `MOVE COUNT` lines, an empty line and
    /// the total (see docs/perft.md).
    #[arg(long)]
    pub engine: String,
    /// Depth in plies (TZAAR: turns), 1 to 64.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Root position in our notation (Tic-Tac-Chec: `RULES | POSITION`,
    /// e.g. "3x3 PBR travel-direction lock 0 | 3/3/3 w PBRpbr -- -").
    /// Default: the game's start.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves played from the root first, separated by commas (a TZAAR
    /// turn may hold a space: "A1xA2, I5xH5 G4+G5").
    #[arg(long)]
    pub moves: Option<String>,
    /// Seconds one run of the engine may take before it is stopped.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// The engine writes moves in another notation: `littlegolem` (TZAAR,
    /// e.g. `prqq-kplp`) or `course` (Surakarta, e.g. `E2-D3`). Positions
    /// stay in ours.
    #[arg(long, value_enum)]
    pub notation: Option<EngineNotation>,
}

/// `engine` seen through `notation`, checked against `game`.
///
/// # Errors
/// A notation of another game.
pub fn speaking<'a>(
    engine: &'a Engine,
    notation: Option<EngineNotation>,
    game: Game,
) -> Result<Box<dyn DivideSource + 'a>> {
    match notation {
        None => Ok(Box::new(engine.clone())),
        Some(n) if n.game() == game => Ok(Box::new(Translated {
            inner: engine,
            notation: n,
        })),
        Some(n) => bail!(
            "--notation {n:?} is a {} notation, not a {game} one",
            n.game()
        ),
    }
}

/// The engine of `--engine` and `--timeout`.
///
/// # Errors
/// An empty or badly quoted command, a timeout that is not a positive
/// number of seconds of at most 10^9.
pub fn engine_of(cmd: &str, timeout: f64) -> Result<Engine> {
    if !crate::seconds::in_range(timeout) {
        bail!(
            "--timeout {timeout}: expected a positive number of seconds of at most 1,000,000,000"
        );
    }
    Engine::new(cmd, Duration::from_secs_f64(timeout)).map_err(|e| anyhow!(e))
}

/// Runs `ttc perft-diff`.
///
/// # Errors
/// A bad game, position or move; the engine's failure (naming the command,
/// depth and line); a difference (after printing the report).
pub fn run(args: &PerftDiffArgs, json: bool) -> Result<()> {
    let game = Game::parse(&args.game).map_err(|e| anyhow!(e))?;
    let engine = engine_of(&args.engine, args.timeout)?;
    let root = match &args.position {
        Some(p) => p.clone(),
        None => game.start().text(),
    };
    let moves: Vec<String> = match &args.moves {
        Some(m) => m.split(',').map(|s| s.trim().to_string()).collect(),
        None => Vec::new(),
    };
    let source = speaking(&engine, args.notation, game)?;
    let report =
        perft_diff(game, &root, &moves, args.depth, source.as_ref()).map_err(|e| anyhow!(e))?;
    if json {
        print_json(&report)?;
    } else {
        emit(&diff_text(&report))?;
        eprintln!("time: {:.2} s", report.seconds);
    }
    if report.finding.is_some() {
        bail!("the engine's move generator differs from ours (see the report)");
    }
    Ok(())
}

/// The text report of perft-diff (standard output's part).
pub fn diff_text(r: &PerftDiff) -> String {
    let mut o = format!(
        "game: {}\nrules: {}\nposition: {}\n",
        r.game, r.rules, r.position
    );
    if !r.moves.is_empty() {
        o.push_str(&format!("moves: {}\n", r.moves.join(", ")));
    }
    o.push_str(&format!("depth: {}\nengine: {}\n", r.depth, r.engine));
    for l in &r.divide {
        o.push_str(&format!("{} {}\n", l.mv, l.nodes));
    }
    o.push('\n');
    let after = |path: &[String]| {
        if path.is_empty() {
            "(root)".to_string()
        } else {
            path.join(" ")
        }
    };
    for s in &r.steps {
        o.push_str(&format!(
            "step: depth {} after {}: {} ours {} engine {}\n",
            s.depth,
            after(&s.moves_from_root),
            s.mv,
            group(s.ours_below),
            group(s.engine_below)
        ));
    }
    match &r.finding {
        None => o.push_str("agreement: the engine's divide matches ours\n"),
        Some(f) => {
            o.push_str(&format!(
                "difference: depth {} after {}\n  position: {}\n",
                f.depth,
                after(&f.moves_from_root),
                f.position
            ));
            ruled_list(&mut o, "only ours", &f.only_ours);
            ruled_list(&mut o, "only engine", &f.only_engine);
        }
    }
    o.push_str(&format!(
        "engine nodes: {}\nnodes: {}\n",
        group(r.engine_nodes),
        group(r.nodes)
    ));
    o
}

/// `  NAME (N):`, then per kind of move (in order of first appearance)
/// `    KIND (N): RULE` and its moves on one line, `      M1, M2, ...`; or
/// `  NAME: (none)`.
fn ruled_list(o: &mut String, name: &str, moves: &[RuledMove]) {
    if moves.is_empty() {
        o.push_str(&format!("  {name}: (none)\n"));
        return;
    }
    o.push_str(&format!("  {name} ({}):\n", moves.len()));
    let mut kinds: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for m in moves {
        match kinds.iter_mut().find(|k| k.0 == m.kind && k.1 == m.rule) {
            Some(k) => k.2.push(&m.mv),
            None => kinds.push((m.kind, &m.rule, vec![&m.mv])),
        }
    }
    for (kind, rule, mvs) in kinds {
        o.push_str(&format!("    {kind} ({}): {rule}\n", mvs.len()));
        o.push_str(&format!("      {}\n", mvs.join(", ")));
    }
}

//! `ttc perft-engine GAME DEPTH POSITION [MOVE...]`: our generator
//! answering the perft-diff protocol (docs/perft.md), so that
//! `--engine "ttc perft-engine surakarta"` is a correct engine. It prints
//! one `MOVE COUNT` line per legal move of the position after the moves,
//! an empty line and the total.
//!
//! The hidden option `--inject-bug NAME` answers with one of the broken
//! generators of [`audit::perft::bugs`] instead (`surakarta-start-point`,
//! `tzaar-same-top-stack`, `ttc-returning-pawn`); the perft-diff tests
//! (ttc/tests/perft_diff_cli.rs) use it. It is an option of the shipped
//! binary rather than a separate test binary so that the tests exercise
//! the very protocol code path an engine author's engine goes through.

use anyhow::{anyhow, Result};
use audit::perft::bugs::Bug;
use audit::perft::engine::write_answer;
use audit::perft::node::{Game, Node};
use clap::Args;

use crate::text::emit;

/// Arguments of `ttc perft-engine`.
#[derive(Debug, Args)]
pub struct PerftEngineArgs {
    /// The game: tzaar, surakarta or ttc.
    pub game: String,
    /// Depth in plies (TZAAR: turns), 1 to 64.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// The root position (Tic-Tac-Chec: `RULES | POSITION`).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Moves played from the root, one argument each.
    #[arg(allow_hyphen_values = true)]
    pub moves: Vec<String>,
    /// Answer with a deliberately broken generator (for tests).
    #[arg(long, hide = true)]
    pub inject_bug: Option<String>,
}

/// Runs `ttc perft-engine`.
///
/// # Errors
/// A bad game, depth, position or move, or a bug of another game.
pub fn run(args: &PerftEngineArgs) -> Result<()> {
    let game = Game::parse(&args.game).map_err(|e| anyhow!(e))?;
    let node = Node::after(game, &args.position, &args.moves).map_err(|e| anyhow!(e))?;
    let lines = match &args.inject_bug {
        None => node.divide(args.depth),
        Some(name) => {
            let bug = Bug::parse(name).map_err(|e| anyhow!(e))?;
            bug.divide(&node, args.depth).map_err(|e| anyhow!(e))?
        }
    };
    emit(&write_answer(&lines))
}

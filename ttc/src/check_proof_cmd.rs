//! `ttc check-proof tzaar FILE`: replays a proof with the audit engine
//! ([`audit::tzaar_proof`]), independent of the solver and of `rules`.

use crate::text::{group, print_json};
use anyhow::{Context, Result};
use audit::tzaar::Color;
use clap::Args;
use serde::Serialize;

/// Arguments of `ttc check-proof tzaar`.
#[derive(Debug, Args)]
pub struct TzaarCheckArgs {
    /// The proof file written by `ttc solve-position tzaar --proof FILE`.
    pub file: std::path::PathBuf,
}

#[derive(Serialize)]
struct Report {
    file: String,
    valid: bool,
    winner: &'static str,
    claimed_turns: u32,
    longest: u32,
    positions: usize,
    defences: u64,
}

/// Runs `ttc check-proof tzaar`: an invalid proof is an error naming the fault.
pub fn run_tzaar(args: &TzaarCheckArgs, json: bool) -> Result<()> {
    let name = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("reading {name}"))?;
    let c = audit::tzaar_proof::check_proof(&text, &name)?;
    let r = Report {
        file: name,
        valid: true,
        winner: if c.winner == Color::White {
            "white"
        } else {
            "black"
        },
        claimed_turns: c.claimed_turns,
        longest: c.longest,
        positions: c.positions,
        defences: c.defences,
    };
    if json {
        return print_json(&r);
    }
    println!("proof: {} is valid (audit engine)", r.file);
    println!(
        "winner: {}, claimed {} turns, longest game under the proof {} turns",
        r.winner, r.claimed_turns, r.longest
    );
    println!(
        "checked: {} positions of the winner, {} turns of the loser",
        group(r.positions as u64),
        group(r.defences)
    );
    Ok(())
}

//! `ttc check-proof tzaar FILE`: replays a proof with the audit engine
//! ([`audit::tzaar_proof`]), independent of the solver and of `rules`.

use crate::text::{group, print_json};
use anyhow::Result;
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
    root: String,
    winner: &'static str,
    claimed_turns: u32,
    longest: u32,
    positions: usize,
    defences: u64,
}

/// Runs `ttc check-proof tzaar`: an invalid proof is an error naming the fault.
pub fn run_tzaar(args: &TzaarCheckArgs, json: bool) -> Result<()> {
    let name = args.file.display().to_string();
    // A regular file of at most 1 GiB (the hard set's longest proof,
    // 41,953 positions of the winner, is a few MB): a named pipe or a
    // device is refused, not read forever.
    let text = tables::fsutil::read_small_text(&args.file, 1 << 30)?;
    let c = audit::tzaar_proof::check_proof(&text, &name)?;
    let r = Report {
        file: name,
        valid: true,
        root: c.root.clone(),
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
    println!("root: {}", r.root);
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

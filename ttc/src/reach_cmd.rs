//! `ttc reach TABLE`: the reachability census (which positions a game from
//! the empty board can reach, and what they are worth), computed by
//! [`solver::reach_report::reach_report`]; this file prints it.

use crate::text::{counted, group, print_json};
use anyhow::Result;
use clap::Args;
use solver::reach::{ReachOptions, ReachSection};
use solver::reach_report::reach_report;
use std::path::PathBuf;

/// Arguments of `ttc reach`.
#[derive(Debug, Args)]
pub struct ReachArgs {
    /// Table file (source or compact); its header names the rule set searched.
    pub table: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

/// Runs `ttc reach`.
///
/// # Errors
/// A table that cannot be opened, is damaged or does not fit its rules
/// (naming it); a failed search.
pub fn run(args: &ReachArgs, json: bool) -> Result<()> {
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let opts = ReachOptions {
        threads: args.threads.map(usize::from),
        progress,
    };
    let r = reach_report(&args.table, &opts)?;
    if json {
        return print_json(&r);
    }
    let c = &r.census;
    println!("reachability census of {} ({})", r.table, r.rules);
    println!(
        "search: {} post-opening rounds, {:.1} s, bitmaps {:.1} MB",
        c.rounds.len(),
        c.search_seconds,
        c.bitmap_bytes as f64 / 1e6
    );
    for (name, s) in [("post-opening", &c.post_opening), ("opening", &c.opening)] {
        print_section(name, s);
    }
    println!(
        "reachable share of the table: {:.4}% of {} cells",
        100.0 * c.share,
        group(c.post_opening.cells + c.opening.cells)
    );
    Ok(())
}

fn print_section(name: &str, s: &ReachSection) {
    if s.cells == 0 {
        println!("{name}: none (no placement-only opening)");
        return;
    }
    println!("{name}:");
    println!(
        "  cells reached      {} of {} ({:.4}%)",
        group(s.cells_reached),
        group(s.cells),
        100.0 * s.share
    );
    println!(
        "  positions as played {} ({} White to move, {} Black to move)",
        group(s.positions_reached),
        group(s.white_to_move),
        group(s.black_to_move)
    );
    println!(
        "  terminal           {}, {} (a line on the board: loss in 0)",
        counted(s.terminal_cells, "cell", "cells"),
        counted(s.terminal_positions, "position", "positions")
    );
    if s.values.invalid > 0 {
        // As `--json` reports it (`values.invalid`, `positions_values.invalid`).
        println!(
            "  invalid code 254   {}, {} (the table is damaged: left out of the values below)",
            counted(s.values.invalid, "cell", "cells"),
            counted(s.positions_values.invalid, "position", "positions")
        );
    }
    for (what, v) in [("cells", &s.values), ("positions", &s.positions_values)] {
        println!(
            "  values of {what:<9} {} / {} / {}; longest win {}, longest loss {}",
            counted(v.wins, "win", "wins"),
            counted(v.losses, "loss", "losses"),
            counted(v.draws, "draw", "draws"),
            v.longest_win
                .map_or("-".into(), |d| counted(d.into(), "ply", "plies")),
            v.longest_loss
                .map_or("-".into(), |d| counted(d.into(), "ply", "plies")),
        );
    }
    let hist: Vec<String> = s
        .values
        .distances
        .iter()
        .map(|(d, n)| format!("{d}:{}", group(*n)))
        .collect();
    println!("  distances (plies:cells) {}", hist.join(" "));
}

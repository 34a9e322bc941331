//! `ttc reach TABLE`: the reachability census (which positions a game from
//! the empty board can reach, and what they are worth).

use crate::text::group;
use anyhow::{Context, Result};
use clap::Args;
use serde::Serialize;
use solver::reach::{census, reach, ReachCensus, ReachOptions, ReachSection};
use std::path::PathBuf;
use tables::any::AnyTable;

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
pub fn run(args: &ReachArgs, json: bool) -> Result<()> {
    let path = &args.table;
    let what = || format!("cannot take the reachability census of {}", path.display());
    // Check the table before the search (a source table's CRC at open, a
    // compact table's blocks here), then let its mapping go: the search's
    // bitmaps and the table's pages are not held at once.
    let variant = {
        let t = AnyTable::open(path).with_context(what)?;
        if let AnyTable::Compact(c) = &t {
            // Every block and the CRC of all cells, now rather than after
            // a search of minutes.
            c.verify().with_context(what)?;
        }
        t.variant()
    };
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let opts = ReachOptions {
        threads: args.threads.map(usize::from),
        progress,
    };
    let reached = reach(variant, &opts)?;
    let table = AnyTable::open(path).with_context(what)?;
    let r = census(&reached, &table).with_context(what)?;
    if json {
        #[derive(Serialize)]
        struct J<'a> {
            table: String,
            rules: String,
            #[serde(flatten)]
            r: &'a ReachCensus,
        }
        let j = J {
            table: path.display().to_string(),
            rules: variant.describe(),
            r: &r,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    println!(
        "reachability census of {} ({})",
        path.display(),
        variant.describe()
    );
    println!(
        "search: {} post-opening rounds, {:.1} s, bitmaps {:.1} MB",
        r.rounds.len(),
        r.search_seconds,
        r.bitmap_bytes as f64 / 1e6
    );
    for (name, s) in [("post-opening", &r.post_opening), ("opening", &r.opening)] {
        print_section(name, s);
    }
    println!(
        "reachable share of the table: {:.4}% of {} cells",
        100.0 * r.share,
        group(r.post_opening.cells + r.opening.cells)
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
        "  terminal           {} cells, {} positions (a line on the board: loss in 0)",
        group(s.terminal_cells),
        group(s.terminal_positions)
    );
    for (what, v) in [("cells", &s.values), ("positions", &s.positions_values)] {
        println!(
            "  values of {what:<9} {} win / {} loss / {} draw; longest win {}, longest loss {}",
            group(v.wins),
            group(v.losses),
            group(v.draws),
            v.longest_win.map_or("-".into(), |d| format!("{d} plies")),
            v.longest_loss.map_or("-".into(), |d| format!("{d} plies")),
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

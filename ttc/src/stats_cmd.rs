//! `ttc stats TABLE`: W/L/D, longest win and loss (with an example
//! position of each) per section and per opening ply, the distance
//! histograms, the empty board and White's first placements. The report
//! is [`solver::stats_report::stats_report`]; this file prints it.

use crate::text::{counted, print_histograms, print_json, print_section};
use anyhow::Result;
use clap::Args;
use solver::stats_report::{stats_report, SectionReport};
use std::path::PathBuf;

/// `ttc stats TABLE`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Table file (source `.tbl` or compact `.ctbl`), or a Surakarta
    /// tablebase folder.
    table: PathBuf,
}

/// Prints a section's lines ([`print_section`]) and its example positions.
fn print_section_report(name: &str, s: &SectionReport) {
    print_section(name, &s.stats);
    for (what, e) in [
        ("longest win", &s.longest_win_example),
        ("longest loss", &s.longest_loss_example),
    ] {
        if let Some(e) = e {
            println!("{name}: a {what}: {} (cell {})", e.position, e.index);
        }
    }
}

/// Runs `ttc stats`.
///
/// # Errors
/// A table that cannot be opened or read (naming the file), or a cell
/// with the invalid code where a value is needed.
pub fn run(args: &StatsArgs, json: bool) -> Result<()> {
    if args.table.is_dir() {
        return crate::surakarta_cmd::run_stats(&args.table, json);
    }
    let r = stats_report(&args.table)?;
    if json {
        return print_json(&r);
    }
    println!("table: {} ({} format)", r.table, r.format);
    println!("rules: {} (rule tag {})", r.rules, r.rule_tag);
    print_section_report("post-opening", &r.post);
    print_section_report("opening", &r.opening);
    for p in &r.opening_by_ply {
        print_section_report(&format!("opening ply {}", p.ply), &p.section);
    }
    println!(
        "deepest opening result: {}",
        r.deepest_opening
            .map_or("-".into(), |d| counted(d.into(), "ply", "plies"))
    );
    println!("empty board: {}", r.empty_board);
    println!(
        "White's first placements: {}: {} / {} / {}",
        counted(r.first_placements.moves, "move", "moves"),
        counted(r.first_placements.wins, "win", "wins"),
        counted(r.first_placements.losses, "loss", "losses"),
        counted(r.first_placements.draws, "draw", "draws")
    );
    print_histograms(&[
        ("post-opening", &r.post.stats.distances),
        ("opening", &r.opening.stats.distances),
    ]);
    Ok(())
}

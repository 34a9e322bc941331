//! `ttc compare A B`: cell-by-cell comparison of two tables, computed by
//! [`solver::compare::compare_tables`]; this file parses the arguments
//! and prints the report.

use crate::text::{counted, group, print_json};
use anyhow::Result;
use clap::Args;
use solver::compare::{compare_tables, CompareOptions, CompareReport, SectionReport, CLASSES};
use std::path::PathBuf;

/// Arguments of `ttc compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// First table (the "from" side of the transitions), source or compact.
    pub a: PathBuf,
    /// Second table (the "to" side), source or compact.
    pub b: PathBuf,
    /// Skip counting the directed moves of each rule set (a full pass each).
    #[arg(long)]
    pub no_moves: bool,
    /// Example positions given per transition, 1 to 1000: the first N
    /// cells in index order (more than 1 also lists them as `examples`
    /// in the JSON).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub examples: u16,
}

/// Runs `ttc compare`.
///
/// # Errors
/// A table that cannot be opened or read (naming it), tables of different
/// layouts, or a cell holding the invalid code 254.
pub fn run(args: &CompareArgs, json: bool) -> Result<()> {
    let opts = CompareOptions {
        moves: !args.no_moves,
        examples: args.examples.into(),
        progress: !json,
    };
    let report = compare_tables(&args.a, &args.b, &opts)?;
    if json {
        return print_json(&report);
    }
    print_text(&report);
    Ok(())
}

/// `+1,234`, `-56`, `0`.
fn signed(n: i64) -> String {
    let sign = match n.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    format!("{sign}{}", group(n.unsigned_abs()))
}

fn print_text(report: &CompareReport) {
    println!("A: {} ({}, {})", report.a, report.rules_a, report.format_a);
    println!("B: {} ({}, {})", report.b, report.rules_b, report.format_b);
    for s in &report.sections {
        print_section(s);
    }
    println!(
        "empty board: A {}, B {}",
        report.empty_board_a, report.empty_board_b
    );
    if let Some(m) = &report.directed_moves {
        println!(
            "directed post-opening moves: A {}, B {} (B - A = {})",
            group(m.a),
            group(m.b),
            signed(m.difference)
        );
    }
    println!(
        "{}",
        if report.identical {
            "identical: every cell is equal"
        } else {
            "tables differ"
        }
    );
}

fn print_section(s: &SectionReport) {
    println!(
        "{} ({}): rows A, columns B",
        s.section,
        counted(s.positions, "position", "positions")
    );
    println!("{:>8} {:>15} {:>15} {:>15}", "", "win", "loss", "draw");
    for (i, row) in s.matrix.iter().enumerate() {
        println!(
            "{:>8} {:>15} {:>15} {:>15}",
            CLASSES[i],
            group(row[0]),
            group(row[1]),
            group(row[2])
        );
    }
    println!("  cells with another code: {}", group(s.changed_cells));
    println!("  cells with another result: {}", group(s.changed_wdl));
    println!(
        "  same result, other distance: {} (largest change {})",
        group(s.distance_only),
        counted(s.max_distance_change.into(), "ply", "plies")
    );
    for (what, list) in [
        ("wins", &s.win_distance_changes),
        ("losses", &s.loss_distance_changes),
    ] {
        if !list.is_empty() {
            let bins: Vec<String> = list
                .iter()
                .map(|(d, n)| format!("{d:+}:{}", group(*n)))
                .collect();
            println!(
                "  distance changes of {what} (B - A plies:cells): {}",
                bins.join(" ")
            );
        }
    }
    print_examples(s);
}

/// The first cell of each transition that changes the result, or the
/// first N with `--examples N`.
fn print_examples(s: &SectionReport) {
    for t in s
        .transitions
        .iter()
        .filter(|t| t.positions > 0 && t.from != t.to)
    {
        if t.examples.is_empty() {
            println!(
                "  first {} -> {}: #{} {}",
                t.from,
                t.to,
                t.first_index.unwrap_or(0),
                t.first_position.as_deref().unwrap_or("")
            );
            continue;
        }
        println!(
            "  {} -> {}, first {} of {}:",
            t.from,
            t.to,
            t.examples.len(),
            counted(t.positions, "cell", "cells")
        );
        for e in &t.examples {
            println!("    #{} {}", e.index, e.position);
        }
    }
}

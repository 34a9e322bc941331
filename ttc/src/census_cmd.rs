//! `ttc census TABLE`: the threat census of the published solve
//! ("一场注意力的较量"), taken by [`audit::ttc::census_file::TableCensus`];
//! this file parses the arguments and prints the report.
//!
//! The exit status is non-zero when the two threat detectors disagree or
//! the table holds invalid cells; a published figure that differs, or
//! losses in 2 without a threat, are findings printed, not failures.

use crate::text::{counted, group, print_json};
use anyhow::Result;
use audit::ttc::census::SectionCensus;
use audit::ttc::census_file::TableCensus;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `ttc census`.
#[derive(Debug, Args)]
pub struct CensusArgs {
    /// Table file (source, or compact: decompressed into memory first).
    pub table: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

/// Runs `ttc census`.
///
/// # Errors
/// A missing or damaged table (naming the file), or a disagreement between
/// the two threat detectors (after printing the report).
pub fn run(args: &CensusArgs, json: bool) -> Result<()> {
    crate::pool::with_threads(args.threads, || run_on_pool(args, json))
}

fn run_on_pool(args: &CensusArgs, json: bool) -> Result<()> {
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let c = TableCensus::run(&args.table, progress)?;
    if json {
        print_json(&c.summary_json())?;
    } else {
        print_text(&c);
    }
    c.failure().map_or(Ok(()), Err)
}

/// Prints the text report of a census (also after the audit's, by `ttc
/// audit TABLE --census`).
pub(crate) fn print_text(c: &TableCensus) {
    let r = &c.report;
    println!("table: {}", c.path.display());
    println!("rules: {}", r.variant);
    print_section("post-opening", &r.post);
    print_section("opening", &r.opening);
    print_figures(c);
    println!(
        "census time: {:.1} s on {}",
        r.seconds,
        counted(c.threads as u64, "thread", "threads")
    );
    if r.consistent() {
        println!("census: the two threat detectors agree on every position");
    }
}

/// The eight published figures (beside the published values for the
/// canonical table), whether they all match, and the losses in 2.
fn print_figures(c: &TableCensus) {
    let canonical = c.canonical();
    println!(
        "figures (post-opening){}:",
        if canonical {
            ", the published solve in brackets"
        } else {
            ""
        }
    );
    for f in c.figure_checks() {
        if canonical {
            let mark = if f.matches() { "ok" } else { "DIFFERS" };
            println!("  {}: {} [{}] {mark}", f.label, f.ours, f.published);
        } else {
            println!("  {}: {}", f.label, f.ours);
        }
    }
    if let Some(all) = c.published_figures_match() {
        println!(
            "  published figures match: {}",
            if all { "yes, all eight" } else { "no" }
        );
    }
    let without = c.losses_in_2_without_threat();
    println!(
        "  positions lost in 2: {}, of which {} no live threat{}",
        group(c.report.figures.loss_in_2),
        counted(without, "faces", "face"),
        if without > 0 {
            " (zugzwang: every move lets the opponent complete a line, \
             though no line is threatened now)"
        } else {
            ""
        }
    );
}

fn print_section(name: &str, s: &SectionCensus) {
    println!(
        "{name}: {}, {} terminal",
        counted(s.positions, "position", "positions"),
        group(s.terminal)
    );
    if s.invalid > 0 {
        println!(
            "{name}: {} the invalid code 254 (left out below)",
            counted(s.invalid, "cell holds", "cells hold")
        );
    }
    for (class, c) in [
        ("wins", &s.wins),
        ("losses", &s.losses),
        ("draws", &s.draws),
    ] {
        println!(
            "{name}: {class}: {}, {} with a live threat",
            counted(c.positions, "position", "positions"),
            group(c.threatened)
        );
    }
    print_drawn(name, s);
    let t = &s.threats;
    println!(
        "{name}: live threats: {} ({}), {} answerable, {} unanswerable; {} lost in 2; \
         unanswerable but not lost in 2: {}, lost in 2 but not an unanswerable threat: {}",
        counted(t.threatened, "position", "positions"),
        counted(t.winning_moves, "winning move", "winning moves"),
        group(t.answerable),
        group(t.unanswerable),
        group(t.loss_in_2),
        group(t.unanswerable_not_loss_in_2),
        group(t.loss_in_2_not_unanswerable)
    );
    println!(
        "{name}: detectors disagree on {}{}",
        counted(s.detector_mismatches, "position", "positions"),
        s.first_mismatch
            .as_ref()
            .map(|m| format!("; first: {m}"))
            .unwrap_or_default()
    );
}

/// The move figures of a section's drawn positions.
fn print_drawn(name: &str, s: &SectionCensus) {
    let d = &s.drawn;
    println!(
        "{name}: drawn: {}, {} drawing, {}; every move draws in {}, most moves \
         draw in {}, exactly one move draws in {}, {} without a legal move",
        counted(d.legal_moves, "legal move", "legal moves"),
        group(d.drawing_moves),
        counted(d.immediate_loss_moves, "immediate loss", "immediate losses"),
        counted(d.every_move_draws, "position", "positions"),
        group(d.most_moves_draw),
        group(d.exactly_one_drawing_move),
        group(d.no_move)
    );
    println!(
        "{name}: drawn with a live threat: {}, {}, {} drawing, {} safe; {} with \
         exactly one drawing reply, {} without a safe reply",
        counted(d.threatened, "position", "positions"),
        counted(d.threatened_legal_moves, "legal reply", "legal replies"),
        group(d.threatened_drawing_replies),
        group(d.threatened_safe_replies),
        group(d.threatened_exactly_one_drawing_reply),
        group(d.threatened_without_safe_reply)
    );
}

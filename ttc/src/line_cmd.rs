//! `ttc line`: the principal variation under best play.

use crate::position_args::{open_prober, start_position};
use crate::text::emit;
use anyhow::Result;
use clap::Args;
use rules::ttc::Variant;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use tablebase::answer::LineAnswer;
use tablebase::probe::LineEnd;

/// Arguments of `ttc line`.
#[derive(Debug, Args)]
pub struct LineArgs {
    /// Table file (source or compact).
    pub table: PathBuf,
    /// Position in notation, default the empty board.
    pub position: Option<String>,
    /// Moves played from the position (or the empty board) first.
    #[arg(long)]
    pub moves: Option<String>,
    /// Stop after this many plies, 1 to 1000 (as the explorer's API).
    #[arg(long, default_value_t = tablebase::answer::DEFAULT_MAX_PLIES,
          value_parser = max_plies)]
    pub max_plies: usize,
    /// Skip the CRC-64/XZ of every cell when opening a source table (see
    /// `ttc probe --trust`).
    #[arg(long)]
    pub trust: bool,
    /// Print only the moves of the line, on one line separated by spaces
    /// (ready for `--moves`).
    #[arg(long, conflicts_with = "json")]
    pub moves_only: bool,
}

fn end_text(e: LineEnd, max: usize) -> String {
    match e {
        LineEnd::Line => "the game is over: a line is on the board".into(),
        LineEnd::NoMove => "the side to move has no legal move".into(),
        LineEnd::Repetition => "the position after the last move repeats an earlier one".into(),
        LineEnd::Limit => format!("stopped after {max} plies (--max-plies)"),
    }
}

/// Parses `--max-plies`: a whole number from 1 to
/// [`tablebase::answer::MAX_PLIES`].
fn max_plies(text: &str) -> Result<usize, String> {
    let max = tablebase::answer::MAX_PLIES;
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {max}")),
    }
}

/// `ttc line --json`: the table, then the line in the shared JSON
/// vocabulary ([`LineAnswer`]).
#[derive(Debug, Serialize)]
struct LineReport {
    table: String,
    format: &'static str,
    rules: String,
    #[serde(flatten)]
    line: LineAnswer,
}

/// Runs `ttc line`.
pub fn line(a: &LineArgs, json: bool) -> Result<()> {
    if a.table.is_dir() {
        if a.moves.is_some() || a.moves_only {
            anyhow::bail!("{}: a Surakarta tablebase folder: --moves and --moves-only are for Tic-Tac-Chec tables", a.table.display());
        }
        let Some(pos) = a.position.as_deref() else {
            anyhow::bail!(
                "{}: a folder, read as a Surakarta tablebase folder (a Tic-Tac-Chec table is one file): \
                 give a Surakarta position, e.g. '6/6/6/1r4/6/1b4 r 0'",
                a.table.display()
            );
        };
        return crate::surakarta_cmd::run_line(&a.table, pos, a.max_plies as u32, json);
    }
    if json && a.moves_only {
        anyhow::bail!("--moves-only prints the moves as text; leave out --json");
    }
    let p = open_prober(&a.table, a.trust)?;
    let v: Variant = p.variant();
    let pos = start_position(&p, a.position.as_deref(), a.moves.as_deref())?;
    let l = p.line(&pos, a.max_plies)?;
    let report = LineReport {
        table: a.table.display().to_string(),
        format: p.table().format(),
        rules: v.describe(),
        line: LineAnswer::of(&l, v),
    };
    if json {
        return emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    }
    if a.moves_only {
        let moves: Vec<&str> = report
            .line
            .steps
            .iter()
            .filter_map(|s| s.mv.as_deref())
            .collect();
        return emit(&(moves.join(" ") + "\n"));
    }
    let mut o = String::new();
    writeln!(
        o,
        "table: {} ({}, {})",
        report.table, report.format, report.rules
    )?;
    for (s, j) in l.steps.iter().zip(&report.line.steps) {
        writeln!(o)?;
        writeln!(
            o,
            "ply {}: {} for {} to move",
            j.ply,
            j.value.text,
            j.to_move.title()
        )?;
        write!(o, "{}", s.position.diagram())?;
        if let Some(m) = &j.mv {
            writeln!(o, "best: {m}")?;
        }
    }
    writeln!(o)?;
    writeln!(o, "end: {}", end_text(l.end, a.max_plies))?;
    if let Some((prefix, cycle)) = l.cycle() {
        writeln!(
            o,
            "drawing cycle: {cycle} plies, entered after a prefix of {prefix} plies \
             (the position after ply {} is the one after ply {prefix})",
            prefix + cycle
        )?;
    }
    emit(&o)
}

//! `ttc probe`: the value of a position and of every move, best first.

use crate::position_args::{open_prober, start_position};
use crate::probe_report::ProbeReport;
use crate::text::emit;
use anyhow::{Context, Result};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use tables::section::Section;

/// Arguments of `ttc probe`.
#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// Table file (source `.tbl` or compact `.ctbl`, recognised by magic).
    pub table: PathBuf,
    /// Position in notation (`BOARD SIDE HANDS PAWNS PLY`, absolute
    /// colours; quote it, it contains spaces), default the empty board;
    /// `-` reads positions from standard input, as --batch.
    pub position: Option<String>,
    /// Moves played from the position (or the empty board), e.g. "N@b2 n@c3".
    #[arg(long)]
    pub moves: Option<String>,
    /// Read positions from standard input, one per line, and write one
    /// answer line each (with --json one JSON object per line, JSON
    /// Lines). A bad line gets an error line naming its number and text;
    /// the others are still answered, and the exit status is 1 at the end.
    #[arg(long, conflicts_with_all = ["position", "moves", "index"])]
    pub batch: bool,
    /// Probe the cell of this rank, as `ttc compare` and `ttc audit` print
    /// them: `N` (post-opening cell N, shown with White to move) or
    /// `opening:N` (opening cell N).
    #[arg(long, value_name = "[opening:]N", conflicts_with_all = ["position", "moves"])]
    pub index: Option<String>,
    /// Skip the CRC-64/XZ of every cell when opening a source table (1.45 s
    /// for the full game's 2.5 GB), for a table already checked with `ttc
    /// verify` or its SHA-256 sidecar. The header, file length, layout and
    /// completion are still checked. A compact table checks each block as
    /// it is read, with or without this option.
    #[arg(long)]
    pub trust: bool,
}

/// Parses `--index`: `N` or `post-opening:N` (post-opening cell N),
/// `opening:N` (opening cell N).
fn parse_index(text: &str) -> Result<(Section, u64)> {
    let (section, number) = match text.split_once(':') {
        None => (Section::Post, text),
        Some(("opening", n)) => (Section::Opening, n),
        Some(("post-opening" | "post", n)) => (Section::Post, n),
        Some((other, _)) => anyhow::bail!(
            "--index {text}: unknown section `{other}` (write N, opening:N or post-opening:N)"
        ),
    };
    let n = number.trim().parse::<u64>().with_context(|| {
        format!("--index {text}: `{number}` is not a cell number (a whole number from 0)")
    })?;
    Ok((section, n))
}

/// Runs `ttc probe`.
pub fn probe(a: &ProbeArgs, json: bool) -> Result<()> {
    if a.table.is_dir() {
        if a.moves.is_some() || a.index.is_some() || a.batch || a.position.as_deref() == Some("-") {
            anyhow::bail!("{}: a Surakarta tablebase folder: --moves, --index, --batch and positions from standard input are for Tic-Tac-Chec tables; give one position", a.table.display());
        }
        let Some(pos) = a.position.as_deref().filter(|p| *p != "-") else {
            anyhow::bail!(
                "{}: a folder, read as a Surakarta tablebase folder (a Tic-Tac-Chec table is one file): \
                 give a Surakarta position, e.g. '6/6/6/1r4/6/1b4 r 0'",
                a.table.display()
            );
        };
        return crate::surakarta_cmd::run_probe(&a.table, pos, json);
    }
    let p = open_prober(&a.table, a.trust)?;
    if a.batch || a.position.as_deref() == Some("-") {
        if a.moves.is_some() {
            anyhow::bail!("--moves cannot be combined with positions read from standard input");
        }
        return crate::probe_batch::run(&p, &a.table, json);
    }
    let pos = match &a.index {
        Some(text) => {
            let (section, n) = parse_index(text)?;
            p.position_at(section, n)
                .with_context(|| format!("--index {text}"))?
        }
        None => start_position(&p, a.position.as_deref(), a.moves.as_deref())?,
    };
    let report = ProbeReport::of(&p, &a.table, &pos)?;
    if json {
        return emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    }
    let mut o = String::new();
    writeln!(
        o,
        "table: {} ({}, {})",
        report.table, report.format, report.rules
    )?;
    write!(o, "{}", pos.diagram())?;
    let a = &report.answer;
    writeln!(o, "value: {}", a.value_text())?;
    writeln!(o, "cell: {} index {}", a.cell.section, a.cell.index)?;
    writeln!(o, "moves: {}, best first", a.moves.len())?;
    for m in &a.moves {
        writeln!(o, "  {:<7} {}", m.mv, m.value.text)?;
    }
    emit(&o)
}

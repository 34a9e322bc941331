//! `ttc probe`, `ttc line` and `ttc pack`: query a tablebase of either
//! format, follow the principal variation, write a compact table.

use anyhow::{Context, Result};
use clap::Args;
use rules::ttc::{Color, Position, Variant};
use serde::Serialize;
use solver::probe::{LineEnd, Prober};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tables::code::Wdl;
use tables::compact::{self, PackOptions, Section};
use tables::file::Table;

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
    /// Stop after this many plies.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Skip the CRC-64/XZ of every cell when opening a source table (see
    /// `ttc probe --trust`).
    #[arg(long)]
    pub trust: bool,
}

/// Arguments of `ttc pack`.
#[derive(Debug, Args)]
pub struct PackArgs {
    /// Source table.
    pub table: PathBuf,
    /// Output compact table (written as OUT.tmp, then renamed; OUT.sha256 sidecar).
    pub out: PathBuf,
    /// Cells per zstd block.
    #[arg(long, default_value_t = compact::DEFAULT_BLOCK_SIZE)]
    pub block_size: u32,
    /// zstd compression level (1..=22).
    #[arg(long, default_value_t = compact::DEFAULT_LEVEL)]
    pub level: i32,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Skip the cell-by-cell comparison of the written file with the source.
    #[arg(long)]
    pub no_check: bool,
    /// Replace OUT if it exists (never the source table itself).
    #[arg(long)]
    pub force: bool,
}

/// Writes a report to standard output; a closed pipe (`ttc probe ... | head`)
/// ends the output quietly instead of failing.
pub(crate) fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r.context("writing to standard output")?),
    }
}

/// A value as JSON: `{"wdl": "win", "plies": 5, "text": "win in 5"}`.
#[derive(Debug, Serialize)]
struct JsonWdl {
    wdl: &'static str,
    plies: Option<u8>,
    text: String,
}

fn json_wdl(w: Wdl) -> JsonWdl {
    let (wdl, plies) = match w {
        Wdl::Win(d) => ("win", Some(d)),
        Wdl::Loss(d) => ("loss", Some(d)),
        Wdl::Draw => ("draw", None),
    };
    JsonWdl {
        wdl,
        plies,
        text: w.describe(),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn start_position(p: &Prober, position: Option<&str>, moves: Option<&str>) -> Result<Position> {
    let start = p.parse_position(position)?;
    Ok(match moves {
        Some(m) => p.play_moves(start, m).context("--moves")?,
        None => start,
    })
}

fn open_prober(path: &std::path::Path, trust: bool) -> Result<Prober> {
    Ok(Prober::open_with(path, !trust)?)
}

#[derive(Debug, Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: String,
    result: JsonWdl,
    position: String,
}

/// The table cell a position is stored in.
#[derive(Debug, Serialize)]
struct JsonCell {
    section: &'static str,
    index: u64,
}

/// `ttc probe` report (one object, or one line of `--batch --json`).
#[derive(Debug, Serialize)]
pub(crate) struct ProbeReport {
    table: String,
    format: &'static str,
    rules: String,
    position: String,
    to_move: &'static str,
    /// A line is on the board (the side to move has lost).
    terminal: bool,
    /// The side to move has no legal move although no line is on the
    /// board: a draw by the tablebase convention.
    no_legal_move: bool,
    cell: JsonCell,
    value: JsonWdl,
    moves: Vec<JsonMove>,
}

impl ProbeReport {
    /// Probes `pos` in the table of `p`, opened from `table`.
    pub(crate) fn of(p: &Prober, table: &Path, pos: &Position) -> Result<ProbeReport> {
        let v = p.variant();
        let r = p.probe(pos)?;
        let (section, index, _) = p.cell(pos)?;
        Ok(ProbeReport {
            table: table.display().to_string(),
            format: p.table().format(),
            rules: v.describe(),
            position: pos.to_string(),
            to_move: color_name(pos.turn()),
            terminal: pos.is_terminal(),
            no_legal_move: r.no_legal_move(),
            cell: JsonCell {
                section: section.name(),
                index,
            },
            value: json_wdl(r.value),
            moves: r
                .moves
                .iter()
                .map(|m| JsonMove {
                    mv: m.mv.to_text(&v),
                    result: json_wdl(m.result),
                    position: m.child.to_string(),
                })
                .collect(),
        })
    }

    /// The value for the side to move, with why the game is over or stuck:
    /// `loss in 0 for White to move (a line is on the board)`, `draw for
    /// Black to move (the side to move has no legal move)`.
    pub(crate) fn value_text(&self) -> String {
        let why = if self.terminal {
            " (a line is on the board)"
        } else if self.no_legal_move {
            " (the side to move has no legal move)"
        } else {
            ""
        };
        format!("{} for {} to move{why}", self.value.text, self.to_move)
    }

    /// One line for `--batch`: the position, its value and the best move.
    pub(crate) fn one_line(&self) -> String {
        match self.moves.first() {
            Some(best) => format!(
                "{}: {}; {} moves, best {} ({})",
                self.position,
                self.value_text(),
                self.moves.len(),
                best.mv,
                best.result.text
            ),
            None => format!("{}: {}", self.position, self.value_text()),
        }
    }
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
    writeln!(o, "value: {}", report.value_text())?;
    writeln!(
        o,
        "cell: {} index {}",
        report.cell.section, report.cell.index
    )?;
    writeln!(o, "moves: {}, best first", report.moves.len())?;
    for m in &report.moves {
        writeln!(o, "  {:<7} {}", m.mv, m.result.text)?;
    }
    emit(&o)
}

#[derive(Debug, Serialize)]
struct JsonStep {
    ply: usize,
    position: String,
    to_move: &'static str,
    value: JsonWdl,
    #[serde(rename = "move")]
    mv: Option<String>,
}

#[derive(Debug, Serialize)]
struct LineReport {
    table: String,
    format: &'static str,
    rules: String,
    steps: Vec<JsonStep>,
    end: LineEnd,
    /// Moves played along the line.
    plies: usize,
    /// For a repetition: plies before the cycle.
    prefix_plies: Option<usize>,
    /// For a repetition: plies of the cycle.
    cycle_plies: Option<usize>,
}

fn end_text(e: LineEnd, max: usize) -> String {
    match e {
        LineEnd::Line => "the game is over: a line is on the board".into(),
        LineEnd::NoMove => "the side to move has no legal move".into(),
        LineEnd::Repetition => "the position after the last move repeats an earlier one".into(),
        LineEnd::Limit => format!("stopped after {max} plies (--max-plies)"),
    }
}

/// Runs `ttc line`.
pub fn line(a: &LineArgs, json: bool) -> Result<()> {
    let p = open_prober(&a.table, a.trust)?;
    let v: Variant = p.variant();
    let pos = start_position(&p, a.position.as_deref(), a.moves.as_deref())?;
    let l = p.line(&pos, a.max_plies)?;
    let report = LineReport {
        table: a.table.display().to_string(),
        format: p.table().format(),
        rules: v.describe(),
        steps: l
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| JsonStep {
                ply: i,
                position: s.position.to_string(),
                to_move: color_name(s.position.turn()),
                value: json_wdl(s.value),
                mv: s.best.map(|m| m.to_text(&v)),
            })
            .collect(),
        end: l.end,
        plies: l.plies(),
        prefix_plies: l.cycle().map(|c| c.0),
        cycle_plies: l.cycle().map(|c| c.1),
    };
    if json {
        return emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    }
    let mut o = String::new();
    writeln!(
        o,
        "table: {} ({}, {})",
        report.table, report.format, report.rules
    )?;
    for (s, j) in l.steps.iter().zip(&report.steps) {
        writeln!(o)?;
        writeln!(
            o,
            "ply {}: {} for {} to move",
            j.ply, j.value.text, j.to_move
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

#[derive(Debug, Serialize)]
struct PackJson {
    #[serde(flatten)]
    report: compact::PackReport,
    ratio: f64,
    cells_crc_hex: String,
    seconds: f64,
}

/// Runs `ttc pack`.
pub fn pack(a: &PackArgs, json: bool) -> Result<()> {
    let t0 = Instant::now();
    if let (Ok(x), Ok(y)) = (
        std::fs::canonicalize(&a.table),
        std::fs::canonicalize(&a.out),
    ) {
        if x == y {
            anyhow::bail!(
                "{} is the source table itself: pack writes a new file, give another OUT",
                a.out.display()
            );
        }
    }
    if a.out.is_dir() || a.out.as_os_str().to_string_lossy().ends_with('/') {
        anyhow::bail!(
            "{} is a directory; give the compact table's file name",
            a.out.display()
        );
    }
    if a.out.exists() && !a.force {
        anyhow::bail!(
            "{} already exists: pack never replaces a file without --force",
            a.out.display()
        );
    }
    let source = Table::open(&a.table)?;
    let opts = PackOptions {
        block_size: a.block_size,
        level: a.level,
        threads: a.threads.map(usize::from),
        check: !a.no_check,
    };
    let total = source.header().post + source.header().opening;
    let bar = solver::progress::Progress::new(!json, total, "pack");
    let r = compact::pack(&source, &a.out, &opts, &|n| bar.inc(n))?;
    bar.finish();
    let out = PackJson {
        ratio: r.source_bytes as f64 / r.compact_bytes as f64,
        cells_crc_hex: format!("{:#018x}", r.cells_crc),
        seconds: t0.elapsed().as_secs_f64(),
        report: r,
    };
    if json {
        return emit(&(serde_json::to_string_pretty(&out)? + "\n"));
    }
    let mut o = String::new();
    let r = &out.report;
    writeln!(
        o,
        "source: {} ({} bytes)",
        a.table.display(),
        r.source_bytes
    )?;
    writeln!(
        o,
        "compact: {} ({} bytes, {} blocks of {} cells, zstd level {})",
        r.path, r.compact_bytes, r.blocks, r.block_size, r.level
    )?;
    writeln!(o, "ratio: {:.2}x", out.ratio)?;
    writeln!(o, "cells CRC-64/XZ {}", out.cells_crc_hex)?;
    writeln!(o, "SHA-256 {}", r.sha256)?;
    match r.identical_cells {
        Some(n) => writeln!(o, "equality: all {n} cells identical to the source")?,
        None => writeln!(o, "equality: not checked (--no-check)")?,
    }
    writeln!(o, "wall time {:.1} s", out.seconds)?;
    emit(&o)
}

//! `ttc stats TABLE`: W/L/D, longest win and loss (with an example
//! position of each) per section and per opening ply, the distance
//! histograms, the empty board and White's first placements. Reads either
//! table format in one pass over the cells.

use crate::text::{group, print_histograms, print_json, print_section};
use anyhow::{Context, Result};
use clap::Args;
use rules::ttc::Position;
use serde::Serialize;
use solver::probe::Prober;
use solver::stats::{scan_table, CellRange, CodeScan};
use solver::SectionStats;
use std::path::PathBuf;
use tables::any::AnyTable;
use tables::code::Wdl;
use tables::section::Section;
use tables::OpeningIndex;

/// `ttc stats TABLE`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Table file (source `.tbl` or compact `.ctbl`).
    table: PathBuf,
}

/// A cell of a table and the position it stands for.
#[derive(Debug, Serialize)]
pub struct Example {
    /// Section index of the cell.
    pub index: u64,
    /// The position in notation (a post-opening cell with White to move).
    pub position: String,
}

/// One section, or one opening ply: counts, longest win and loss, the
/// distance histogram, and the first cell holding the longest win and
/// the longest loss.
#[derive(Debug, Serialize)]
pub struct SectionReport {
    #[serde(flatten)]
    pub stats: SectionStats,
    pub longest_win_example: Option<Example>,
    pub longest_loss_example: Option<Example>,
}

/// One ply of the placement-only opening.
#[derive(Debug, Serialize)]
pub struct PlyReport {
    /// Plies played from the empty board (0 = the empty board).
    pub ply: u8,
    #[serde(flatten)]
    pub section: SectionReport,
}

/// Values of every first placement from the empty board, for the player
/// who places (White).
#[derive(Debug, Serialize)]
pub struct FirstPlacements {
    pub moves: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

/// `ttc stats` report.
#[derive(Debug, Serialize)]
pub struct StatsReport {
    pub table: String,
    pub format: &'static str,
    pub rules: String,
    pub rule_tag: String,
    pub post: SectionReport,
    pub opening: SectionReport,
    pub opening_by_ply: Vec<PlyReport>,
    pub deepest_opening: Option<u8>,
    pub empty_board: String,
    pub first_placements: FirstPlacements,
}

fn section_report(p: &Prober, section: Section, scan: &CodeScan) -> Result<SectionReport> {
    let example = |i: Option<u64>| -> Result<Option<Example>> {
        i.map(|index| {
            Ok(Example {
                index,
                position: p.position_at(section, index)?.to_string(),
            })
        })
        .transpose()
    };
    Ok(SectionReport {
        stats: scan.stats(),
        longest_win_example: example(scan.first_longest_win())?,
        longest_loss_example: example(scan.first_longest_loss())?,
    })
}

fn first_placements(p: &Prober) -> Result<FirstPlacements> {
    let r = p.probe(&Position::empty(p.variant()))?;
    let count = |f: fn(&Wdl) -> bool| r.moves.iter().filter(|m| f(&m.result)).count() as u64;
    Ok(FirstPlacements {
        moves: r.moves.len() as u64,
        wins: count(|w| matches!(w, Wdl::Win(_))),
        losses: count(|w| matches!(w, Wdl::Loss(_))),
        draws: count(|w| matches!(w, Wdl::Draw)),
    })
}

/// Builds the report of the table at `args.table`.
fn report(args: &StatsArgs) -> Result<StatsReport> {
    stats_report(&args.table)
}

/// The `ttc stats` report of the table at `path` (source or compact,
/// checked on opening): what `ttc stats --json` prints and `ttc report`
/// draws from.
///
/// # Errors
/// A table that cannot be opened or read, naming the file.
pub fn stats_report(path: &std::path::Path) -> Result<StatsReport> {
    let p = Prober::new(AnyTable::open(path)?);
    let t = p.table();
    let v = t.variant();
    let (post, opening) = t.counts();
    let oidx = OpeningIndex::new(v);
    let mut ranges = vec![
        CellRange {
            section: Section::Post,
            start: 0,
            end: post,
        },
        CellRange {
            section: Section::Opening,
            start: 0,
            end: opening,
        },
    ];
    // The opening index orders positions by ply: ply k is the run
    // `ply_start(k) .. ply_start(k + 1)`.
    for k in 0..v.opening_plies() {
        ranges.push(CellRange {
            section: Section::Opening,
            start: oidx.ply_start(k),
            end: oidx.ply_start(k + 1),
        });
    }
    let scans = scan_table(t, &ranges)
        .with_context(|| format!("reading the cells of {}", path.display()))?;
    let opening_by_ply = (0..v.opening_plies())
        .zip(&scans[2..])
        .map(|(ply, scan)| {
            Ok(PlyReport {
                ply,
                section: section_report(&p, Section::Opening, scan)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let opening = section_report(&p, Section::Opening, &scans[1])?;
    Ok(StatsReport {
        table: path.display().to_string(),
        format: t.format(),
        rules: v.describe(),
        rule_tag: format!("{:#010x}", v.reading().rule_tag()),
        post: section_report(&p, Section::Post, &scans[0])?,
        deepest_opening: opening.stats.deepest(),
        opening,
        opening_by_ply,
        empty_board: p.value(&Position::empty(v))?.describe(),
        first_placements: first_placements(&p)?,
    })
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
    let r = report(args)?;
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
            .map_or("-".into(), |d| format!("{d} plies"))
    );
    println!("empty board: {}", r.empty_board);
    println!(
        "White's first placements: {} moves, {} win, {} lose, {} draw",
        group(r.first_placements.moves),
        group(r.first_placements.wins),
        group(r.first_placements.losses),
        group(r.first_placements.draws)
    );
    print_histograms(&[
        ("post-opening", &r.post.stats.distances),
        ("opening", &r.opening.stats.distances),
    ]);
    Ok(())
}

//! The report of `ttc stats TABLE` (and the distance and W/L/D figures
//! of `ttc report`): W/L/D, longest win and loss (with an example
//! position of each) per section and per opening ply, the distance
//! histograms, the empty board and White's first placements, read from
//! either table format in one pass over the cells.
//!
//! It lives in the solver, not in `tables`, because the example positions
//! and White's first placements are probed with [`tablebase::probe::Prober`].

pub use crate::example::Example;
use crate::stats::{scan_table, CellRange, CodeScan};
use crate::SectionStats;
use anyhow::Result;
use rules::ttc::Position;
use serde::Serialize;
use tablebase::probe::Prober;
use tables::any::AnyTable;
use tables::code::Wdl;
use tables::section::Section;
use tables::OpeningIndex;

/// One section, or one opening ply: counts, longest win and loss, the
/// distance histogram, and the first cell holding the longest win and
/// the longest loss.
#[derive(Debug, Serialize)]
pub struct SectionReport {
    /// Counts, longest win and loss (plies), distance histogram.
    #[serde(flatten)]
    pub stats: SectionStats,
    /// The first cell holding the longest win (`None` without a win).
    pub longest_win_example: Option<Example>,
    /// The first cell holding the longest loss (`None` without a loss).
    pub longest_loss_example: Option<Example>,
}

/// One ply of the placement-only opening.
#[derive(Debug, Serialize)]
pub struct PlyReport {
    /// Plies played from the empty board (0 = the empty board).
    pub ply: u8,
    /// The cells of positions at that ply.
    #[serde(flatten)]
    pub section: SectionReport,
}

/// Values of every first placement from the empty board, for the player
/// who places (White).
#[derive(Debug, Serialize)]
pub struct FirstPlacements {
    /// Legal first placements.
    pub moves: u64,
    /// Those that win for White.
    pub wins: u64,
    /// Those that lose for White.
    pub losses: u64,
    /// Those that draw.
    pub draws: u64,
}

/// `ttc stats` report.
#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// Table path as given.
    pub table: String,
    /// `source` or `compact`.
    pub format: &'static str,
    /// Rule set.
    pub rules: String,
    /// Rule tag of the pawn reading, `0x` and 8 hex digits.
    pub rule_tag: String,
    /// The post-opening section.
    pub post: SectionReport,
    /// The whole opening section.
    pub opening: SectionReport,
    /// The opening section ply by ply (empty without an opening).
    pub opening_by_ply: Vec<PlyReport>,
    /// Longest decided distance of the opening section, plies.
    pub deepest_opening: Option<u8>,
    /// Value of the empty board in words.
    pub empty_board: String,
    /// Values of White's first placements.
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
    // The table's errors name the file already.
    let scans = scan_table(t, &ranges)?;
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
        rule_tag: tables::TableIdentity::of(v).rule_tag_text(),
        post: section_report(&p, Section::Post, &scans[0])?,
        deepest_opening: opening.stats.deepest(),
        opening,
        opening_by_ply,
        empty_board: p.value(&Position::empty(v))?.describe(),
        first_placements: first_placements(&p)?,
    })
}

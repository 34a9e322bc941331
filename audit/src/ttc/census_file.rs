//! The threat census of one table file, as `ttc census TABLE` and `ttc
//! report --census` run it ([`super::census`] over the file's cells), its
//! comparison with the eight figures of the published solve
//! ("一场注意力的较量"), and the JSON both commands write.

use super::census::{census, CensusReport, Figures};
use super::table_audit::Cells;
use anyhow::Result;
use rules::echo::group;
use rules::ttc::{PawnReading, Variant};
use serde::Serialize;
use std::path::{Path, PathBuf};
use tables::any::AnyTable;

/// The published solve figures ("一场注意力的较量") for the canonical 4x4
/// travel-direction table: (label, published value as printed).
pub const PUBLISHED_FIGURES: [(&str, &str); 8] = [
    ("drawn positions with a live threat", "108,060,290"),
    ("drawing moves among moves from draws", "93.20%"),
    ("draws where most moves draw", "94.63%"),
    ("draws where every move draws", "77.45%"),
    ("moves keeping the draw under a live threat", "25.12%"),
    ("threatened draws with exactly one drawing reply", "15.23%"),
    ("live threats with a safe reply", "96.89%"),
    ("live threats without a safe reply", "3,762,536"),
];

/// One of the eight published figures beside the census's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureCheck {
    /// What the figure counts.
    pub label: &'static str,
    /// The published value as printed (`108,060,290`, `93.20%`).
    pub published: &'static str,
    /// The census's value printed the same way.
    pub ours: String,
}

impl FigureCheck {
    /// Whether the census prints the published value.
    pub fn matches(&self) -> bool {
        self.published == self.ours
    }
}

/// The census of one table file.
#[derive(Debug)]
pub struct TableCensus {
    /// The file taken.
    pub path: PathBuf,
    /// The rules in its header.
    pub variant: Variant,
    /// The census.
    pub report: CensusReport,
    /// Worker threads it ran on (the current rayon pool's).
    pub threads: usize,
}

/// What `ttc report` writes as `census.json`: the table, whether the two
/// threat detectors agree, and the [`CensusReport`] flattened.
#[derive(Debug, Serialize)]
pub struct CensusJson<'a> {
    /// Table path as given.
    pub table: String,
    /// The two threat detectors agree on every position.
    pub consistent: bool,
    /// The census.
    #[serde(flatten)]
    pub report: &'a CensusReport,
}

/// What `ttc census --json` prints: [`CensusJson`]'s fields with the
/// check against the published figures and the thread count.
#[derive(Debug, Serialize)]
pub struct CensusSummaryJson<'a> {
    /// Table path as given.
    pub table: String,
    /// The two threat detectors agree on every position.
    pub consistent: bool,
    /// All eight published figures match (`null` unless the table holds
    /// the canonical 4x4 travel-direction rules they are of).
    pub published_figures_match: Option<bool>,
    /// Post-opening positions lost in 2 that face no live threat: every
    /// move lets the opponent complete a line, though no line is
    /// threatened now (zugzwang). The published solve counts the
    /// unanswerable threats as the losses in 2; these are the difference.
    pub losses_in_2_without_threat: u64,
    /// Worker threads the census ran on.
    pub threads: usize,
    /// The census.
    #[serde(flatten)]
    pub report: &'a CensusReport,
}

impl TableCensus {
    /// Takes the census of the table at `path` (source or compact; a
    /// compact table is decompressed into memory, checked block by block);
    /// `progress` shows progress on standard error.
    ///
    /// # Errors
    /// A missing or damaged table, or cells whose lengths do not fit the
    /// rules in the header (naming the file).
    pub fn run(path: &Path, progress: bool) -> Result<TableCensus> {
        // The errors name the file and the problem, worded as every
        // command that opens a table words them (tables::error).
        let t = AnyTable::open(path)?;
        let variant = t.variant();
        let all = t.all_cells()?;
        let (post, opening) = all.split_at((t.counts().0 as usize).min(all.len()));
        let cells = Cells { post, opening };
        let report = census(variant, cells, progress)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        Ok(TableCensus {
            path: path.to_path_buf(),
            variant,
            report,
            threads: rayon::current_num_threads(),
        })
    }

    /// Whether the table holds the rules of the published figures (the
    /// standard 4x4 game, pawns reading their travel direction).
    pub fn canonical(&self) -> bool {
        self.variant == Variant::standard(PawnReading::TravelDirection)
    }

    /// The eight published figures beside the census's post-opening ones,
    /// in [`PUBLISHED_FIGURES`] order.
    pub fn figure_checks(&self) -> Vec<FigureCheck> {
        let f: &Figures = &self.report.figures;
        let ours = [
            group(f.drawn_with_live_threat),
            format!("{:.2}%", f.drawing_moves_pct),
            format!("{:.2}%", f.most_moves_draw_pct),
            format!("{:.2}%", f.every_move_draws_pct),
            format!("{:.2}%", f.threatened_drawing_replies_pct),
            format!("{:.2}%", f.threatened_exactly_one_pct),
            format!("{:.2}%", f.answerable_pct),
            group(f.unanswerable),
        ];
        PUBLISHED_FIGURES
            .iter()
            .zip(ours)
            .map(|(&(label, published), ours)| FigureCheck {
                label,
                published,
                ours,
            })
            .collect()
    }

    /// Whether all eight published figures match; `None` for a table of
    /// other rules.
    pub fn published_figures_match(&self) -> Option<bool> {
        self.canonical()
            .then(|| self.figure_checks().iter().all(FigureCheck::matches))
    }

    /// Post-opening positions lost in 2 without a live threat (see
    /// [`CensusSummaryJson::losses_in_2_without_threat`]).
    pub fn losses_in_2_without_threat(&self) -> u64 {
        // A loss in 2 facing a threat has no safe reply, so the losses in
        // 2 that are not unanswerable threats are those facing none.
        self.report.post.threats.loss_in_2_not_unanswerable
    }

    /// The JSON `ttc report` writes as `census.json`.
    pub fn json(&self) -> CensusJson<'_> {
        CensusJson {
            table: self.path.display().to_string(),
            consistent: self.report.consistent(),
            report: &self.report,
        }
    }

    /// The JSON `ttc census --json` prints.
    pub fn summary_json(&self) -> CensusSummaryJson<'_> {
        CensusSummaryJson {
            table: self.path.display().to_string(),
            consistent: self.report.consistent(),
            published_figures_match: self.published_figures_match(),
            losses_in_2_without_threat: self.losses_in_2_without_threat(),
            threads: self.threads,
            report: &self.report,
        }
    }

    /// The error when the two threat detectors disagree somewhere (naming
    /// the file and the count); `None` when they agree everywhere.
    pub fn disagreement(&self) -> Option<anyhow::Error> {
        let r = &self.report;
        (!r.consistent()).then(|| {
            anyhow::anyhow!(
                "{}: the two threat detectors disagree on {} positions",
                self.path.display(),
                group(r.post.detector_mismatches + r.opening.detector_mismatches)
            )
        })
    }

    /// The error when cells hold the invalid code 254 (the table is
    /// damaged; the figures leave them out); `None` when none does.
    pub fn invalid(&self) -> Option<anyhow::Error> {
        let n = self.report.invalid_cells();
        (n > 0).then(|| {
            anyhow::anyhow!(
                "{}: {} {} the invalid code 254: the table is damaged \
                 (`ttc audit` names them); the figures above leave them out",
                self.path.display(),
                group(n),
                if n == 1 { "cell holds" } else { "cells hold" }
            )
        })
    }

    /// [`Self::disagreement`], else [`Self::invalid`]: what makes `ttc
    /// census` fail.
    pub fn failure(&self) -> Option<anyhow::Error> {
        self.disagreement().or_else(|| self.invalid())
    }
}

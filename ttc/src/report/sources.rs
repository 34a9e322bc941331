//! The reports a `ttc report` page is drawn from, gathered with the same
//! library calls as the CLI's commands: [`solver::stats_report`] (`ttc
//! stats`), [`solver::compare`] (`ttc compare --no-moves`),
//! [`solver::reach_report`] (`ttc reach`) and
//! [`audit::ttc::census_file`] (`ttc census`).

use anyhow::Result;
use audit::ttc::census_file::TableCensus;
use serde::Serialize;
use solver::compare::{compare_tables, CompareOptions, CompareReport};
use solver::reach::ReachOptions;
use solver::reach_report::{reach_report, ReachReport};
use solver::stats_report::{stats_report, StatsReport};
use std::path::Path;
use tables::any::AnyTable;

/// A table named on the page.
#[derive(Debug, Clone, Serialize)]
pub struct TableInfo {
    /// `A` (TABLE) or `B` (the `--compare` table).
    pub role: &'static str,
    /// Path as given.
    pub path: String,
    /// `source` or `compact`.
    pub format: String,
    /// Rule set.
    pub rules: String,
    /// Rule tag of the pawn reading, hex.
    pub rule_tag: String,
    /// CRC-64/XZ of all cells, hex (checked on opening).
    pub cells_crc: String,
}

impl TableInfo {
    fn of(role: &'static str, path: &Path) -> Result<TableInfo> {
        let t = AnyTable::open(path)?;
        let v = t.variant();
        Ok(TableInfo {
            role,
            path: path.display().to_string(),
            format: t.format().to_string(),
            rules: v.describe(),
            rule_tag: tables::TableIdentity::of(v).rule_tag_text(),
            cells_crc: format!("{:#018x}", t.cells_crc()),
        })
    }
}

/// Every report the figures are drawn from.
#[derive(Debug)]
pub struct Sources {
    /// The tables named on the page: TABLE, then the `--compare` table.
    pub tables: Vec<TableInfo>,
    /// `ttc stats TABLE`.
    pub stats: StatsReport,
    /// `ttc compare --no-moves TABLE TABLE2`.
    pub compare: Option<CompareReport>,
    /// `ttc reach TABLE`.
    pub reach: Option<ReachReport>,
    /// `ttc census TABLE`.
    pub census: Option<TableCensus>,
}

/// The reports asked for.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    /// The table reported on.
    pub table: &'a Path,
    /// A second table of the same layout to compare it with.
    pub compare: Option<&'a Path>,
    /// The reachability census.
    pub reach: bool,
    /// The threat census.
    pub census: bool,
    /// Worker threads of the reachability search (`None`: all cores).
    pub threads: Option<usize>,
}

/// Runs every report asked for (progress on standard error when
/// `progress`), on the current rayon pool.
///
/// # Errors
/// A table that cannot be opened or is damaged (naming it), tables of
/// different layouts for `--compare`, or a disagreement of the threat
/// census's two detectors.
pub fn gather(w: &Wanted, progress: bool) -> Result<Sources> {
    let path = w.table;
    let mut tables = vec![TableInfo::of("A", path)?];
    let stats = stats_report(path)?;
    let compare = match w.compare {
        Some(b) => {
            tables.push(TableInfo::of("B", b)?);
            let opts = CompareOptions {
                moves: false,
                examples: 1,
                progress,
            };
            Some(compare_tables(path, b, &opts)?)
        }
        None => None,
    };
    let census = if w.census {
        let c = TableCensus::run(path, progress)?;
        if let Some(e) = c.disagreement() {
            return Err(e);
        }
        Some(c)
    } else {
        None
    };
    let reach = if w.reach {
        let opts = ReachOptions {
            threads: w.threads,
            progress,
        };
        Some(reach_report(path, &opts)?)
    } else {
        None
    };
    Ok(Sources {
        tables,
        stats,
        compare,
        reach,
        census,
    })
}

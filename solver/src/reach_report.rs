//! The report of `ttc reach TABLE` (and `reach.json` of `ttc report
//! --reach`): the table's rules searched from the empty board
//! ([`crate::reach::reach`]) and the table's values over what was reached
//! ([`crate::reach::census`]).

use crate::reach::{census, reach, ReachCensus, ReachOptions};
use anyhow::Result;
use rules::ttc::Variant;
use serde::Serialize;
use std::path::Path;
use tables::any::AnyTable;

/// What `ttc reach --json` prints: the table, its rules and the
/// [`ReachCensus`] flattened.
#[derive(Debug, Serialize)]
pub struct ReachReport {
    /// Table path as given.
    pub table: String,
    /// Rule set searched.
    pub rules: String,
    /// The census.
    #[serde(flatten)]
    pub census: ReachCensus,
}

/// The rules of the table at `path`, its cells checked first (a source
/// table's CRC at open, a compact table's blocks and CRC here, rather
/// than after a search of minutes). The table is closed again, so the
/// search's bitmaps and its pages are not held at once.
fn checked_variant(path: &Path) -> Result<Variant> {
    let t = AnyTable::open(path)?;
    if let AnyTable::Compact(c) = &t {
        c.verify()?;
    }
    Ok(t.variant())
}

/// The reachability census of the table at `path` (source or compact):
/// the forward search under its rules, then its values over the
/// positions reached.
///
/// # Errors
/// A table that cannot be opened, is damaged or does not fit its rules
/// (naming it); a failed search.
pub fn reach_report(path: &Path, opts: &ReachOptions) -> Result<ReachReport> {
    // The errors name the file once, with the problem, as every command
    // that opens a table words them (tables::error).
    let variant = checked_variant(path)?;
    let reached = reach(variant, opts)?;
    let table = AnyTable::open(path)?;
    let census = census(&reached, &table)?;
    Ok(ReachReport {
        table: path.display().to_string(),
        rules: variant.describe(),
        census,
    })
}

//! The audit of one table file, as `ttc audit TABLE` and `ttc solve
//! --audit` run it: every cell against its equation ([`super::table_audit`]),
//! the cells' CRC-64/XZ against the header's, and the header's completion
//! mark; the failure, if any, as one error naming the file.

use super::audit_census::audit_and_census;
use super::census_file::TableCensus;
use super::table_audit::{audit_cells, AuditOptions, AuditReport, Cells};
use anyhow::Result;
use rules::echo::group;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tables::any::AnyTable;
use tables::checksum::CRC64;
use tables::source_header::HEADER_LEN;

/// The audit of one table file: every cell against its equation (the
/// independent engine), the CRC-64/XZ of the cells against the header's,
/// and the header's completion mark.
pub struct TableAudit {
    /// The file audited.
    pub path: PathBuf,
    /// The header's completion mark.
    pub complete: bool,
    /// Cells CRC-64/XZ stored in the header.
    pub stored: u64,
    /// Cells CRC-64/XZ computed from the cells.
    pub computed: u64,
    /// The equation audit.
    pub report: AuditReport,
    /// Worker threads it ran on (the current rayon pool's).
    pub threads: usize,
}

/// What `ttc audit TABLE --json` prints: the file's checks, then the
/// [`AuditReport`] flattened.
#[derive(Serialize)]
pub struct TableAuditJson<'a> {
    /// Table path as given.
    pub table: String,
    /// The header's completion mark.
    pub complete: bool,
    /// Stored cells CRC-64/XZ, `0x` and 16 hex digits.
    pub cells_crc_stored: String,
    /// Computed cells CRC-64/XZ, same form.
    pub cells_crc_computed: String,
    /// The two agree.
    pub cells_crc_ok: bool,
    /// Every check passed ([`TableAudit::ok`]).
    pub ok: bool,
    /// Worker threads the audit ran on.
    pub threads: usize,
    /// The equation audit.
    #[serde(flatten)]
    pub report: &'a AuditReport,
}

/// "1 cell breaks an equation", "2,000 cells break an equation".
pub fn breaking(failures: u64) -> String {
    let n = group(failures);
    if failures == 1 {
        format!("{n} cell breaks an equation")
    } else {
        format!("{n} cells break an equation")
    }
}

impl TableAudit {
    /// Audits the table at `path`. A source table is opened checking its
    /// header and sizes; its cell CRC is computed here rather than refused
    /// at open, so that a damaged table still gets its full report. A
    /// compact table is decompressed into memory first (as many bytes as
    /// it has cells), every block and the CRC of all cells checked, so a
    /// damaged one is refused before the audit.
    ///
    /// # Errors
    /// A table that cannot be opened or read, or cells whose lengths do
    /// not fit the rules in the header (naming the file).
    pub fn run(path: &Path, opts: &AuditOptions) -> Result<TableAudit> {
        let (file, report) = with_cells(path, |v, cells| audit_cells(v, cells, opts))?;
        Ok(file.audit(report))
    }

    /// [`Self::run`] and the threat census of the same table
    /// ([`TableCensus`], as [`TableCensus::run`] takes it) in one pass
    /// over the cells ([`audit_and_census`]): `ttc audit TABLE --census`.
    /// The table is opened as [`Self::run`] opens it (a source table whose
    /// cells' CRC differs from its header's still gets both reports); both
    /// reports' `seconds` are the wall time of the combined pass. The
    /// census is an error (naming the file and a cell) when it refuses a
    /// table that is not mirror-symmetric, as [`TableCensus::run`] does;
    /// the audit then names the cells that fail.
    ///
    /// # Errors
    /// As [`Self::run`].
    pub fn run_with_census(
        path: &Path,
        opts: &AuditOptions,
    ) -> Result<(TableAudit, Result<TableCensus>)> {
        let (file, (report, census)) =
            with_cells(path, |v, cells| audit_and_census(v, cells, opts))?;
        let census = census
            .map(|report| TableCensus {
                path: path.to_path_buf(),
                variant: file.variant,
                report,
                threads: rayon::current_num_threads(),
            })
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()));
        Ok((file.audit(report), census))
    }

    /// Whether every check passed.
    pub fn ok(&self) -> bool {
        self.report.ok() && self.computed == self.stored && self.complete
    }

    /// The error for a failed check, naming the file and what failed (the
    /// count of cells breaking an equation and the first or root-cause
    /// one); `None` when every check passed.
    pub fn failure(&self) -> Option<anyhow::Error> {
        let path = self.path.display();
        let report = &self.report;
        let crc = if self.computed != self.stored {
            format!(
                "; the cells' CRC-64/XZ {:#018x} does not match the header's {:#018x}",
                self.computed, self.stored
            )
        } else {
            String::new()
        };
        let unanalysed = if report.root_analysis_complete {
            ""
        } else {
            " (not every failing cell was recorded, so root causes were not \
             sought: raise --max-recorded to the failure count for them)"
        };
        if let Some(f) = &report.first_failure {
            return Some(anyhow::anyhow!(
                "{path}: {}; {} {} position {} `{}`: {} ({}){unanalysed}{crc}",
                breaking(report.failures),
                if report.first_failure_is_root {
                    "root cause"
                } else {
                    "first"
                },
                f.section,
                f.index,
                f.position,
                f.equation,
                f.detail
            ));
        }
        if report.failures > 0 {
            return Some(anyhow::anyhow!(
                "{path}: {}{crc}",
                breaking(report.failures)
            ));
        }
        if self.computed != self.stored {
            return Some(anyhow::anyhow!(
                "{path}: cells CRC-64/XZ {:#018x} does not match the header's {:#018x}",
                self.computed,
                self.stored
            ));
        }
        if !self.complete {
            // Only source tables can be incomplete (pack refuses them).
            return Some(anyhow::anyhow!(
                "{path}: the solve that wrote this table did not complete \
                 (status byte at offset 19 is 0)"
            ));
        }
        None
    }

    /// The JSON `ttc audit TABLE --json` prints.
    pub fn json(&self) -> TableAuditJson<'_> {
        TableAuditJson {
            table: self.path.display().to_string(),
            complete: self.complete,
            cells_crc_stored: format!("{:#018x}", self.stored),
            cells_crc_computed: format!("{:#018x}", self.computed),
            cells_crc_ok: self.computed == self.stored,
            ok: self.ok(),
            threads: self.threads,
            report: &self.report,
        }
    }
}

/// What [`with_cells`] learnt of a table file besides its cells.
struct FileChecks {
    path: PathBuf,
    variant: rules::ttc::Variant,
    complete: bool,
    stored: u64,
    computed: u64,
}

impl FileChecks {
    fn audit(self, report: AuditReport) -> TableAudit {
        TableAudit {
            path: self.path,
            complete: self.complete,
            stored: self.stored,
            computed: self.computed,
            report,
            threads: rayon::current_num_threads(),
        }
    }
}

/// Opens the table at `path` as [`TableAudit::run`] documents and runs
/// `f` on its rules and cells.
fn with_cells<T>(
    path: &Path,
    f: impl FnOnce(rules::ttc::Variant, Cells) -> Result<T, String>,
) -> Result<(FileChecks, T)> {
    // The errors name the file and the problem, worded as every command
    // that opens a table words them (tables::error).
    let t = AnyTable::open_unchecked_cells(path)?;
    let (variant, complete, stored, computed, post, all);
    match &t {
        AnyTable::Source(t) => {
            variant = t.variant();
            complete = t.header().complete;
            post = t.header().post as usize;
            stored = t.header().cells_crc;
            computed = CRC64.checksum(&t.bytes()[HEADER_LEN..]);
            all = std::borrow::Cow::Borrowed(&t.bytes()[HEADER_LEN..]);
        }
        AnyTable::Compact(_) => {
            variant = t.variant();
            complete = true;
            post = t.counts().0 as usize;
            all = t.all_cells()?;
            // Checked against the header by all_cells.
            (stored, computed) = (t.cells_crc(), t.cells_crc());
        }
    }
    let (post, opening) = all.split_at(post.min(all.len()));
    let cells = Cells { post, opening };
    let out = f(variant, cells).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let file = FileChecks {
        path: path.to_path_buf(),
        variant,
        complete,
        stored,
        computed,
    };
    Ok((file, out))
}

/// The rules in the header of a source or compact table (header and sizes
/// checked, not the cells).
///
/// # Errors
/// A file that cannot be read or is neither table format (naming it).
pub fn table_variant(path: &Path) -> Result<rules::ttc::Variant> {
    Ok(AnyTable::open_unchecked_cells(path)?.variant())
}

#[cfg(test)]
mod tests {
    use super::breaking;

    #[test]
    fn failure_counts_agree_with_their_verb() {
        assert_eq!(breaking(1), "1 cell breaks an equation");
        assert_eq!(breaking(0), "0 cells break an equation");
        assert_eq!(breaking(1_234_567), "1,234,567 cells break an equation");
    }
}

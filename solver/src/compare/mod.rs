//! Cell-by-cell comparison of two tables (`ttc compare A B`, and the
//! transition figures of `ttc report --compare`).
//!
//! Works on source and compact tables alike: the same rules give a
//! lossless check (every cell equal), two pawn readings give the W/L/D
//! transition matrices of the published solve, "哪一套规则？".
//!
//! * [`report`]: the report's serde structs.
//! * [`tally`]: the counts over a run of cells.
//! * [`sections`]: both tables streamed into per-section counts, and
//!   each section's report.

pub mod report;
pub mod sections;
pub mod tally;

pub use report::{CompareReport, Moves, SectionReport, Transition, CLASSES};

use anyhow::{bail, Context, Result};
use rules::ttc::Position;
use std::path::Path;
use tables::any::AnyTable;
use tables::{Index, OpeningIndex, TableIdentity};

/// What a comparison computes beyond the cells.
#[derive(Debug, Clone, Copy)]
pub struct CompareOptions {
    /// Count the directed moves of each rule set (a full pass each).
    pub moves: bool,
    /// Example cells per transition, at least 1: the first ones, in index
    /// order. Above 1 each transition lists them in
    /// [`Transition::examples`].
    pub examples: usize,
    /// Show the move counts' progress on standard error.
    pub progress: bool,
}

impl Default for CompareOptions {
    /// Moves counted, one example, no progress.
    fn default() -> Self {
        CompareOptions {
            moves: true,
            examples: 1,
            progress: false,
        }
    }
}

/// Value of the empty board in `t`, in words (`draw`, `win in 7 plies`).
fn value_text(t: &AnyTable, oidx: &OpeningIndex, idx: &Index) -> Result<String> {
    let v = t.variant();
    let empty = Position::empty(v);
    let code = if empty.opening_ply().is_some() {
        t.opening(oidx.rank(&empty)?)?
    } else {
        t.post(idx.rank_position(&empty)?)?
    };
    Ok(tables::code::decode(code)
        .context("empty board holds the invalid code")?
        .describe())
}

/// Opens both tables and refuses a pair whose cells do not correspond.
fn open_pair(a: &Path, b: &Path) -> Result<(AnyTable, AnyTable)> {
    let ta = AnyTable::open(a)?;
    let tb = AnyTable::open(b)?;
    let (va, vb) = (ta.variant(), tb.variant());
    if !TableIdentity::of(va).same_layout(&TableIdentity::of(vb)) {
        bail!(
            "{} and {} have different index layouts ({} vs {}): cells do not correspond",
            a.display(),
            b.display(),
            va.describe(),
            vb.describe()
        );
    }
    if tb.counts() != ta.counts() {
        bail!(
            "{} and {} have different cell counts",
            a.display(),
            b.display()
        );
    }
    Ok((ta, tb))
}

/// Directed post-opening moves under the rules of both tables (counted
/// once when they share a pawn reading).
fn directed_moves(ta: &AnyTable, tb: &AnyTable, progress: bool) -> Moves {
    let (va, vb) = (ta.variant(), tb.variant());
    let ma = crate::count::count(va, progress).directed_moves;
    let mb = if vb.reading() == va.reading() {
        ma
    } else {
        crate::count::count(vb, progress).directed_moves
    };
    Moves {
        a: ma,
        b: mb,
        difference: mb as i64 - ma as i64,
    }
}

/// Compares the table at `a` with the one at `b` (source or compact, of
/// one index layout) cell by cell: the report `ttc compare --json` prints.
///
/// # Errors
/// A table that cannot be opened or read (naming it), tables of different
/// layouts or cell counts, a cell holding the invalid code 254, or
/// `opts.examples` of 0.
pub fn compare_tables(a: &Path, b: &Path, opts: &CompareOptions) -> Result<CompareReport> {
    if opts.examples == 0 {
        bail!("examples: at least 1 example per transition is needed");
    }
    let (ta, tb) = open_pair(a, b)?;
    let va = ta.variant();
    let (post, opening) = ta.counts();
    let idx = Index::new(va);
    let oidx = OpeningIndex::new(va);
    // Stream A, read B in place (decompressing B if it is compact).
    let cells_b = tb.all_cells()?;
    let tallies = sections::tally_sections(&ta, &cells_b, post, opts.examples)?;
    let mut reports = Vec::new();
    for (sec, t) in tallies.iter().enumerate() {
        let positions = if sec == 0 { post } else { opening };
        let r = sections::section_report(sec, positions, t, opts.examples, &idx, &oidx)?;
        reports.push(r);
    }
    Ok(CompareReport {
        a: a.display().to_string(),
        b: b.display().to_string(),
        rules_a: va.describe(),
        rules_b: tb.variant().describe(),
        format_a: ta.format().to_string(),
        format_b: tb.format().to_string(),
        identical: reports.iter().all(|s| s.changed_cells == 0),
        empty_board_a: value_text(&ta, &oidx, &idx)?,
        empty_board_b: value_text(&tb, &oidx, &idx)?,
        sections: reports,
        directed_moves: opts.moves.then(|| directed_moves(&ta, &tb, opts.progress)),
    })
}

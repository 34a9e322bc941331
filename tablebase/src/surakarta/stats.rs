//! Figures of one Surakarta table: W/L/D without and with the 50-ply rule,
//! over the cells stored and over every placement seen from the side to
//! move, cursed wins and blessed losses, the longest win, histograms.

use super::scan::{scan_source, scan_table, Run};
use super::tablebase::{Tablebase, TablebaseError};
use rules::surakarta::{Position, Side};
use tables::surakarta::any::AnyMaterialTable;
use tables::surakarta::codes::{RuleValue, END_FILLER};
use tables::surakarta::index::MaterialIndex;
use tables::surakarta::{EndValue, MaterialTable, SurakartaTableError};

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Wdl {
    /// Wins for the side to move.
    pub wins: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
}

impl Wdl {
    /// Adds `o`'s counts to these.
    pub fn add(&mut self, o: &Wdl) {
        self.wins += o.wins;
        self.losses += o.losses;
        self.draws += o.draws;
    }

    /// Total.
    pub fn total(&self) -> u64 {
        self.wins + self.losses + self.draws
    }
}

/// The figures of one material's table.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MaterialCounts {
    /// Canonical cells (positions up to the 8 symmetries).
    pub cells: u64,
    /// Placements seen from the side to move, `C(36,m) C(36-m,o)`.
    pub placements: u64,
    /// Without the 50-ply rule, over cells.
    pub cells_wdl: Wdl,
    /// Without the rule, over placements.
    pub placements_wdl: Wdl,
    /// Under the 50-ply rule from counter 0, over cells.
    pub cells_wdl50: Wdl,
    /// Under the rule from counter 0, over placements.
    pub placements_wdl50: Wdl,
    /// Wins without the rule that the rule draws (cells).
    pub cursed_wins: u64,
    /// Losses without the rule that the rule draws (cells).
    pub blessed_losses: u64,
    /// Cursed wins over placements.
    pub cursed_wins_placements: u64,
    /// Blessed losses over placements.
    pub blessed_losses_placements: u64,
    /// Longest win without the rule, plies (0 if no win).
    pub longest_win: u16,
    /// A position (Red to move) with that win.
    pub longest_win_example: Option<String>,
    /// Longest loss without the rule, plies (0 if no loss).
    pub longest_loss: u16,
    /// Cells per distance without the rule: `(plies, cells)` for wins and
    /// losses, by distance.
    pub distance_histogram: Vec<(u16, u64)>,
    /// Cells per DTZ of the wins and losses under the rule, `(dtz, cells)`.
    pub dtz_histogram: Vec<(u8, u64)>,
}

#[derive(Default)]
struct Partial {
    c: MaterialCounts,
    longest_cell: u64,
    hist: Vec<u64>,
    dtz: Vec<u64>,
}

fn count_cell(p: &mut Partial, index: &MaterialIndex, cell: u64, end: u16, rule: u8) {
    let (Some(e), Some(r)) = (EndValue::from_code(end), RuleValue::from_code(rule)) else {
        return;
    };
    let w = index.orbit_size(cell) as u64;
    p.c.cells += 1;
    p.c.placements += w;
    let (wdl, pwdl) = (&mut p.c.cells_wdl, &mut p.c.placements_wdl);
    match e {
        EndValue::Win(d) => {
            (wdl.wins, pwdl.wins) = (wdl.wins + 1, pwdl.wins + w);
            if d > p.c.longest_win || (d == p.c.longest_win && cell < p.longest_cell) {
                (p.c.longest_win, p.longest_cell) = (d, cell);
            }
        }
        EndValue::Loss(d) => {
            (wdl.losses, pwdl.losses) = (wdl.losses + 1, pwdl.losses + w);
            p.c.longest_loss = p.c.longest_loss.max(d);
        }
        EndValue::Draw => (wdl.draws, pwdl.draws) = (wdl.draws + 1, pwdl.draws + w),
    }
    if let Some(d) = e.distance() {
        if p.hist.len() <= d as usize {
            p.hist.resize(d as usize + 1, 0);
        }
        p.hist[d as usize] += 1;
    }
    let (wdl, pwdl) = (&mut p.c.cells_wdl50, &mut p.c.placements_wdl50);
    match r {
        RuleValue::Win { dtz } => {
            (wdl.wins, pwdl.wins) = (wdl.wins + 1, pwdl.wins + w);
            add_dtz(&mut p.dtz, dtz);
        }
        RuleValue::Loss { dtz } => {
            (wdl.losses, pwdl.losses) = (wdl.losses + 1, pwdl.losses + w);
            add_dtz(&mut p.dtz, dtz);
        }
        RuleValue::Draw => {
            (wdl.draws, pwdl.draws) = (wdl.draws + 1, pwdl.draws + w);
            if matches!(e, EndValue::Win(_)) {
                (p.c.cursed_wins, p.c.cursed_wins_placements) =
                    (p.c.cursed_wins + 1, p.c.cursed_wins_placements + w);
            }
            if matches!(e, EndValue::Loss(_)) {
                (p.c.blessed_losses, p.c.blessed_losses_placements) =
                    (p.c.blessed_losses + 1, p.c.blessed_losses_placements + w);
            }
        }
    }
}

fn add_dtz(h: &mut Vec<u64>, dtz: u8) {
    if h.len() <= dtz as usize {
        h.resize(dtz as usize + 1, 0);
    }
    h[dtz as usize] += 1;
}

fn merge(mut a: Partial, b: Partial) -> Partial {
    let c = &mut a.c;
    c.cells += b.c.cells;
    c.placements += b.c.placements;
    c.cells_wdl.add(&b.c.cells_wdl);
    c.placements_wdl.add(&b.c.placements_wdl);
    c.cells_wdl50.add(&b.c.cells_wdl50);
    c.placements_wdl50.add(&b.c.placements_wdl50);
    c.cursed_wins += b.c.cursed_wins;
    c.blessed_losses += b.c.blessed_losses;
    c.cursed_wins_placements += b.c.cursed_wins_placements;
    c.blessed_losses_placements += b.c.blessed_losses_placements;
    c.longest_loss = c.longest_loss.max(b.c.longest_loss);
    if b.c.longest_win > c.longest_win
        || (b.c.longest_win == c.longest_win
            && b.c.longest_win > 0
            && b.longest_cell < a.longest_cell)
    {
        c.longest_win = b.c.longest_win;
        a.longest_cell = b.longest_cell;
    }
    if a.hist.len() < b.hist.len() {
        a.hist.resize(b.hist.len(), 0);
    }
    for (x, y) in a.hist.iter_mut().zip(&b.hist) {
        *x += y;
    }
    if a.dtz.len() < b.dtz.len() {
        a.dtz.resize(b.dtz.len(), 0);
    }
    for (x, y) in a.dtz.iter_mut().zip(&b.dtz) {
        *x += y;
    }
    a
}

/// Counts the cells of `run` into `p` (fillers skipped).
fn count_run(p: &mut Partial, index: &MaterialIndex, run: &Run) {
    for i in 0..run.len() {
        let (end, rule) = run.codes(i);
        if end != END_FILLER {
            count_cell(p, index, run.first() + i as u64, end, rule);
        }
    }
}

/// Counts the figures of source table `t` (every cell, in parallel on
/// the current rayon pool).
pub fn count_material(t: &MaterialTable) -> MaterialCounts {
    let index = t.index();
    let p = scan_source(
        t,
        Partial::default,
        |p, run| count_run(p, index, run),
        merge,
    );
    finish(p, index)
}

/// [`count_material`] of a table in either format: a compact table is
/// read block by block, each block checked against its checksum.
///
/// # Errors
/// A compact table's failed read or damaged block.
pub fn count_any_material(t: &AnyMaterialTable) -> Result<MaterialCounts, SurakartaTableError> {
    let index = t.index();
    let p = scan_table(
        t,
        Partial::default,
        |p, run| count_run(p, index, run),
        merge,
    )?;
    Ok(finish(p, index))
}

/// The counts of a whole table from its merged partial counts: the
/// example of the longest win and the histograms as lists.
fn finish(p: Partial, index: &MaterialIndex) -> MaterialCounts {
    let mut c = p.c;
    if c.longest_win > 0 {
        let (m, o) = index.unrank(p.longest_cell);
        c.longest_win_example = Position::from_parts(m, o, Side::Red, 0)
            .ok()
            .map(|x| x.to_string());
    }
    c.distance_histogram = p
        .hist
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(d, &n)| (d as u16, n))
        .collect();
    c.dtz_histogram = p
        .dtz
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(d, &n)| (d as u8, n))
        .collect();
    c
}

/// The figures of one material's table, named.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MaterialStats {
    /// The material, `MvO`.
    pub material: String,
    /// Its figures.
    pub counts: MaterialCounts,
}

/// The figures of every table of `tb`, in material order (`ttc stats
/// DIR`; `what` names the work in the error for a compact table). The
/// tables are first checked against their files.
///
/// # Errors
/// [`TablebaseError::NeedsSource`] for a compact table; a table file
/// changed since the folder was opened.
pub fn tablebase_counts(tb: &Tablebase, what: &str) -> Result<Vec<MaterialStats>, TablebaseError> {
    tb.check_unchanged()?;
    Ok(tb
        .source_tables(what)?
        .values()
        .map(|t| MaterialStats {
            material: t.header().material.to_string(),
            counts: count_material(t),
        })
        .collect())
}

/// [`tablebase_counts`] of a folder in either format (per material the
/// source table, else its compact copy, as [`Tablebase::open`] chose): a
/// compact table is read block by block, each block checked against its
/// checksum, and gives the same figures as its source. The tables are
/// first checked against their files.
///
/// # Errors
/// A table file changed since the folder was opened; a compact table's
/// failed read or damaged block (naming the file and the block).
pub fn tablebase_counts_any(tb: &Tablebase) -> Result<Vec<MaterialStats>, TablebaseError> {
    tb.check_unchanged()?;
    tb.tables()
        .map(|t| {
            Ok(MaterialStats {
                material: t.header().material.to_string(),
                counts: count_any_material(t)?,
            })
        })
        .collect()
}

/// The figures of a folder as `ttc stats DIR --json` prints them (and
/// `ttc report DIR` writes them to `stats.json`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TablebaseStats {
    /// The folder, as it was opened.
    pub folder: String,
    /// The figures of every material, in material order (the side to
    /// move's count, then the other's: 1v1, 1v2, ..., 2v1, ...).
    pub materials: Vec<MaterialStats>,
    /// The folder's largest piece count (every material up to it is
    /// present).
    pub max_pieces: u32,
}

impl TablebaseStats {
    /// The report of `tb` with its `materials` figures
    /// ([`tablebase_counts`] or [`tablebase_counts_any`]).
    pub fn new(tb: &Tablebase, materials: Vec<MaterialStats>) -> TablebaseStats {
        TablebaseStats {
            folder: tb.dir().display().to_string(),
            materials,
            max_pieces: tb.max_pieces(),
        }
    }
}

//! The board of a lone piece: for a material `1vN` (the side to move has
//! one piece, the other side N), and each of the 36 points, how many of
//! the placements with the lone piece on that point are won, lost and
//! drawn for the side to move, without and with the 50-ply rule.
//!
//! Counted over placements seen from the side to move, as
//! [`super::stats`] counts them: a placement is the lone piece's point
//! and the set of the N other points, `C(35, N)` of them per point. The
//! table stores one canonical cell per orbit of placements under the 8
//! symmetries of the board; its value holds for every placement of the
//! orbit. For a cell with lone piece on point `p` and an orbit of `w`
//! placements, each symmetry `g` maps the cell onto a placement with the
//! lone piece on `g(p)`, and each placement of the orbit is reached by
//! exactly `8 / w` of the 8 symmetries; so adding `w` to point `g(p)` for
//! every `g` counts each placement of the orbit 8 times, on its own
//! point. The sums are divided by 8 at the end.

use super::scan::{scan_table, Run};
use super::stats::Wdl;
use super::tablebase::{Tablebase, TablebaseError};
use rules::surakarta::{Square, POINTS};
use tables::surakarta::any::AnyMaterialTable;
use tables::surakarta::codes::RuleValue;
use tables::surakarta::index::MaterialIndex;
use tables::surakarta::symmetry::{map_square, SYMMETRIES};
use tables::surakarta::{EndValue, SurakartaTableError};

/// The placements of one point of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PointCounts {
    /// The point, `a1` .. `f6`.
    pub point: String,
    /// Placements with the lone piece on this point, `C(35, N)` when the
    /// table is complete.
    pub placements: u64,
    /// Without the 50-ply rule, for the side to move (the lone piece's
    /// side).
    pub wdl: Wdl,
    /// Under the 50-ply rule from a quiet counter of 0.
    pub wdl50: Wdl,
}

/// The board of the lone piece of one material `1vN`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LonePieceMap {
    /// The material, `1vN`.
    pub material: String,
    /// N, the other side's pieces.
    pub others: u32,
    /// The 36 points in index order (`a1`, `b1`, ..., `f1`, `a2`, ...,
    /// `f6`: index `6 * (rank - 1) + file`).
    pub points: Vec<PointCounts>,
}

/// Eight times the placements per point: wins, losses, draws without the
/// rule, then with it.
type Acc = Vec<[u64; 6]>;

fn end_class(e: EndValue) -> usize {
    match e {
        EndValue::Win(_) => 0,
        EndValue::Loss(_) => 1,
        EndValue::Draw => 2,
    }
}

fn rule_class(r: RuleValue) -> usize {
    match r {
        RuleValue::Win { .. } => 3,
        RuleValue::Loss { .. } => 4,
        RuleValue::Draw => 5,
    }
}

/// Adds the cells of `run` (fillers skipped) to `acc`, each on the 8
/// images of its lone piece's point, weighted by its orbit's size.
fn count_run(acc: &mut Acc, index: &MaterialIndex, run: &Run) {
    for i in 0..run.len() {
        let (end, rule) = run.codes(i);
        let (Some(e), Some(r)) = (EndValue::from_code(end), RuleValue::from_code(rule)) else {
            continue;
        };
        let cell = run.first() + i as u64;
        let (mover, _) = index.unrank(cell);
        let p = mover.trailing_zeros() as usize;
        let w = index.orbit_size(cell) as u64;
        let (ce, cr) = (end_class(e), rule_class(r));
        for g in 0..SYMMETRIES {
            let q = &mut acc[map_square(g, p)];
            q[ce] += w;
            q[cr] += w;
        }
    }
}

fn merge(mut a: Acc, b: Acc) -> Acc {
    for (x, y) in a.iter_mut().zip(&b) {
        for (u, v) in x.iter_mut().zip(y) {
            *u += v;
        }
    }
    a
}

/// The board of table `t`, whose side to move has one piece.
fn lone_piece_map(t: &AnyMaterialTable) -> Result<LonePieceMap, SurakartaTableError> {
    let index = t.index();
    let acc = scan_table(
        t,
        || vec![[0u64; 6]; POINTS],
        |a, run| count_run(a, index, run),
        merge,
    )?;
    let points = acc
        .iter()
        .enumerate()
        .map(|(p, a)| {
            let n = a.map(|v| v / 8);
            PointCounts {
                point: Square::from_index(p).map_or(String::new(), |s| s.to_string()),
                placements: n[0] + n[1] + n[2],
                wdl: Wdl {
                    wins: n[0],
                    losses: n[1],
                    draws: n[2],
                },
                wdl50: Wdl {
                    wins: n[3],
                    losses: n[4],
                    draws: n[5],
                },
            }
        })
        .collect();
    Ok(LonePieceMap {
        material: t.header().material.to_string(),
        others: t.header().material.other as u32,
        points,
    })
}

/// The board of every material `1vN` of `tb` (N = 1 up to the folder's
/// largest piece count less one), in order of N; either table format
/// (a compact table read block by block, each block checked). The tables
/// are first checked against their files.
///
/// # Errors
/// A table file changed since the folder was opened; a compact table's
/// failed read or damaged block.
pub fn lone_piece_maps(tb: &Tablebase) -> Result<Vec<LonePieceMap>, TablebaseError> {
    tb.check_unchanged()?;
    tb.tables()
        .filter(|t| t.header().material.mover == 1)
        .map(|t| Ok(lone_piece_map(t)?))
        .collect()
}

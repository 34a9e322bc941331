//! The left-right mirror, the audit's own: file `f -> n-1-f`, ranks and
//! pawn directions kept. The rules do not change under it (moves, lines
//! and pawn directions map onto each other; audit/tests/ttc_mirror.rs
//! checks this on the audit's engine, [`super::board`]), so a position
//! and its mirror image (both sides mirrored) have the same value, the
//! same number of moves and mirrored children.
//!
//! The audit and the census fold their walk over the groups of the
//! post-opening section by it ([`group_fold`]): a group whose opponent
//! configuration is its own mirror image is walked in full; of two groups
//! that are each other's mirror image, the lower is walked, and each of
//! its members' *twins* (the member's mirror image, in the other group,
//! which is not walked) is compared with it block by block
//! ([`super::mirror_pairs`]).
//!
//! Why this checks the whole table: let the *quotient game* have the cells
//! that are walked as its positions, a move to a twin leading to the
//! twin's mirror image. The equations checked at walked cells, with every
//! twin holding its mirror image's code, are exactly the quotient game's
//! equations, whose solution is unique; the true table solves them
//! (it is mirror-symmetric), so the walked cells hold the true values, and
//! so do the twins, equal to them.
//!
//! Written here rather than taken from `rules` (the audit shares no rule
//! logic with it); the index ranks the mirrored sides as it ranks every
//! other side.

use super::equations::describe;
use rules::ttc::{Side, Variant};
use tables::Index;

/// The rule a twin cell is checked by (a failure's `equation`).
pub const EQ_MIRROR: &str = "a position and its left-right mirror image have the same value";

/// `s` (a side in its own frame) mirrored left to right: every square
/// `row * n + file` goes to `row * n + (n - 1 - file)`; pieces in hand or
/// absent and the relative pawn direction stay. An involution. (A side's
/// own frame is the board or the board turned half a turn, and the half
/// turn commutes with the mirror, so mirroring a side in its own frame
/// mirrors the board.)
pub fn mirror_side(v: &Variant, s: &Side) -> Side {
    let mut out = *s;
    for sq in out.sq.iter_mut() {
        if *sq < 16 {
            *sq = mirror_square(v, *sq);
        }
    }
    out
}

/// Square `s` (`row * n + file`, below `n * n`) mirrored left to right:
/// `row * n + (n - 1 - file)`. An involution; it keeps the row.
#[inline]
pub fn mirror_square(v: &Variant, s: u8) -> u8 {
    let n = v.size();
    s / n * n + (n - 1 - s % n)
}

/// How the group walk treats group `a` (opponent configuration `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupFold {
    /// Its configuration is its own mirror image: every member is walked.
    Whole,
    /// Its mirror image is the higher group given: every member is walked
    /// and compared with its twin there.
    WithTwins(usize),
    /// Its mirror image is the lower group given, whose walk compares
    /// every member of this one (as a twin): not walked.
    Skipped(usize),
}

/// The fold of group `a` of `idx`.
pub fn group_fold(idx: &Index, a: usize) -> GroupFold {
    let m = idx.side_id(&mirror_side(&idx.variant(), idx.side(a)));
    match m.cmp(&a) {
        std::cmp::Ordering::Equal => GroupFold::Whole,
        std::cmp::Ordering::Greater => GroupFold::WithTwins(m),
        std::cmp::Ordering::Less => GroupFold::Skipped(m),
    }
}

/// The cell of the mirror image of the post-opening position `(mover,
/// opp)`.
#[inline(always)]
pub fn mirror_rank(idx: &Index, mover: &Side, opp: &Side) -> u64 {
    let v = idx.variant();
    idx.rank(&mirror_side(&v, mover), &mirror_side(&v, opp))
}

/// For a post-opening cell that is a twin (in a [`GroupFold::Skipped`]
/// group, so checked only against its mirror image), the mirror image's
/// cell; `None` for a cell whose own equation is checked (or a rank out
/// of range).
pub fn twin_source(idx: &Index, cell: u64) -> Option<u64> {
    let (mover, opp) = idx.unrank(cell).ok()?;
    match group_fold(idx, idx.side_id(&opp)) {
        GroupFold::Skipped(_) => Some(mirror_rank(idx, &mover, &opp)),
        _ => None,
    }
}

/// A twin cell whose code differs from its mirror image's (the table is
/// damaged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asymmetry {
    /// The twin's post-opening cell.
    pub cell: u64,
    /// Its code.
    pub stored: u8,
    /// The mirror image's cell (walked).
    pub mirror: u64,
    /// The mirror image's code.
    pub mirror_stored: u8,
}

impl Asymmetry {
    /// The one of `a` and `b` with the lower twin cell (so that the one
    /// named does not depend on the order groups were walked in).
    pub fn lower(a: Option<Asymmetry>, b: Option<Asymmetry>) -> Option<Asymmetry> {
        match (a, b) {
            (Some(x), Some(y)) => Some(if y.cell < x.cell { y } else { x }),
            (x, None) => x,
            (None, y) => y,
        }
    }

    /// Why a census that reads one cell of each mirror pair refuses the
    /// table.
    pub fn refusal(&self) -> String {
        format!(
            "post-opening cell {} holds {} but its mirror image, cell {}, holds {}: the \
             table is not mirror-symmetric, so it is damaged (`ttc audit` names the failing \
             cells), and the census, which reads one position of each mirror pair, refuses it",
            self.cell,
            describe(self.stored),
            self.mirror,
            describe(self.mirror_stored)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::PawnReading;

    /// The folds pair the groups as `tables`' own mirror of block ids
    /// does, on every 3x3 variant and on 4x4 (where only the all-in-hand
    /// configuration is its own mirror image).
    #[test]
    fn folds_pair_the_groups() {
        let mut variants = Variant::all_3x3(PawnReading::TravelDirection, 0);
        variants.push(Variant::standard(PawnReading::TravelDirection));
        for v in variants {
            let idx = Index::new(v);
            let mut whole = 0;
            for a in 0..idx.num_sides() {
                let s = idx.side(a);
                assert_eq!(mirror_side(&v, &mirror_side(&v, s)), *s);
                match group_fold(&idx, a) {
                    GroupFold::Whole => whole += 1,
                    GroupFold::WithTwins(m) => {
                        assert!(m > a && group_fold(&idx, m) == GroupFold::Skipped(a))
                    }
                    GroupFold::Skipped(m) => assert!(m < a),
                }
                let m = match group_fold(&idx, a) {
                    GroupFold::Whole => a,
                    GroupFold::WithTwins(m) | GroupFold::Skipped(m) => m,
                };
                assert_eq!(m, idx.mirror_id(a), "{}", v.describe());
            }
            assert_eq!(whole == 1, v.size() == 4, "{}", v.describe());
        }
    }
}

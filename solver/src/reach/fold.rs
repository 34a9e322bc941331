//! The left-right fold of the search: one position of each mirror pair is
//! expanded, the other is its twin.
//!
//! The rules are unchanged by mirroring the board left to right (file
//! `f -> n-1-f`, ranks and pawn directions kept: [`Side::mirrored`]) and
//! the empty board is its own mirror, so the mirror of a reachable
//! position is reachable, with the same side to move; the mirror of a
//! cell `(U, T)` is `(M(U), M(T))`, each side mirrored in its own frame.
//! Of each pair the search keeps the *representative*, the one whose
//! block ids `(id(U), id(T))` are the smaller pair in lexicographic order
//! (a position whose two sides are both their own mirrors is its own
//! twin). It marks and expands representatives only: a child is mapped
//! to its representative before it is marked, and the children of a
//! representative are the mirrors of the children of its twin, so the
//! positions marked are exactly the representatives of the reachable
//! ones. The twins are filled in at the end (module `twins`).
//!
//! The mover's block decides first, so the choice is made per child
//! block of a group, not per child: a child in a block `C` with
//! `id(C) < id(M(C))` is kept; one in a block with `id(C) > id(M(C))` is
//! mirrored, and its mirrored cell comes from the kernel itself, through
//! a [`Target`] of block `M(C)` whose arrays are read at the mirrored
//! squares ([`Mirror::target`]). Only in blocks that are their own mirror
//! (on 4x4 only the one with every piece in hand; on 3x3 many) is the
//! child's opponent looked up, child by child.

use crate::group::{Group, Target};
use crate::kernel::ChildMove;
use rules::ttc::Side;
use tables::Index;

/// How the children of a group in one child block are folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fold {
    /// The block holds representatives: a child is kept as it is.
    Kept,
    /// The block's mirror holds the representatives: the group's target
    /// already ranks the child's mirror image.
    Mirrored,
    /// The block is its own mirror: the child's opponent decides.
    Decide,
}

/// The left-right mirror of one index.
pub(super) struct Mirror<'a> {
    idx: &'a Index,
    /// The mirrored square of each square as [`Side::mirrored`] maps it
    /// (identity off the board): a load per square where `Side::mirrored`
    /// divides by the board size, in [`Mirror::side`] (per new child of
    /// the search) and [`Mirror::target`] (which needs the map itself).
    sq: [u8; 16],
}

impl<'a> Mirror<'a> {
    /// The mirror of `idx`'s board.
    pub(super) fn new(idx: &'a Index) -> Mirror<'a> {
        let v = idx.variant();
        // Read off Side::mirrored (the rules crate has no per-square
        // helper), so the formula lives there only.
        let sq = std::array::from_fn(|s| {
            let s = s as u8;
            if s < v.squares() {
                Side {
                    sq: [s; 4],
                    returning: false,
                }
                .mirrored(&v)
                .sq[0]
            } else {
                s
            }
        });
        Mirror { idx, sq }
    }

    /// The index mirrored.
    pub(super) fn idx(&self) -> &'a Index {
        self.idx
    }

    /// `s` mirrored: [`Side::mirrored`] through its table of squares.
    #[inline(always)]
    pub(super) fn side(&self, s: &Side) -> Side {
        let mut out = *s;
        for q in out.sq.iter_mut() {
            if *q < 16 {
                *q = self.sq[*q as usize];
            }
        }
        out
    }

    /// Whether the position with mover block `u` and opponent block `t`
    /// is the representative of its mirror pair.
    #[inline(always)]
    pub(super) fn keeps(&self, u: usize, t: usize) -> bool {
        (u, t) <= (self.idx.mirror_id(u), self.idx.mirror_id(t))
    }

    /// The representative of the position `(mover, opp)`: itself or its
    /// mirror image; `true` with it if mirrored.
    pub(super) fn representative(&self, mover: &Side, opp: &Side) -> (Side, Side, bool) {
        if self.keeps(self.idx.side_id(mover), self.idx.side_id(opp)) {
            (*mover, *opp, false)
        } else {
            (self.side(mover), self.side(opp), true)
        }
    }

    /// A [`Target`] that ranks the mirror image of a child in block `c`:
    /// the arrays of block `M(c)`, read at the mirrored squares, so that
    /// [`Group::child_cell`] of a mover's side `B'` gives the cell of
    /// `(M(c), M(B'))`.
    pub(super) fn target(&self, c: &Side) -> Target {
        let t = Target::new(self.idx, &self.side(c));
        let mut out = t;
        for s in 0..16 {
            out.comp[s] = t.comp[self.sq[s] as usize];
            out.psw[s] = t.psw[self.sq[s] as usize];
        }
        out
    }

    /// Makes group `g` rank the representatives of its children: the
    /// target of each child block whose mirror holds the representatives
    /// is replaced by [`Mirror::target`]. Returns each target's fold.
    pub(super) fn fold_group(&self, g: &mut Group) -> [Fold; 5] {
        let mut folds = [Fold::Kept; 5];
        for (t, fold) in g.targets.iter_mut().zip(&mut folds) {
            let id = t.id as usize;
            let m = self.idx.mirror_id(id);
            if id > m {
                *t = self.target(self.idx.side(id));
                *fold = Fold::Mirrored;
            } else if id == m {
                *fold = Fold::Decide;
            }
        }
        folds
    }

    /// The representative of the child of member `b` by `mv` whose cell
    /// the folded group `g` gave as `cell`: its cell and whether it is the
    /// child's mirror image.
    #[inline(always)]
    pub(super) fn child(
        &self,
        g: &Group,
        b: &Side,
        mv: ChildMove,
        cell: u64,
        fold: Fold,
    ) -> (u64, bool) {
        match fold {
            Fold::Kept => (cell, false),
            Fold::Mirrored => (cell, true),
            Fold::Decide => {
                let (a2, b2) = mv.sides(g, b);
                let t = self.idx.side_id(&b2);
                if t <= self.idx.mirror_id(t) {
                    (cell, false)
                } else {
                    // The mover's block is its own mirror: only the
                    // opponent changes.
                    (self.idx.rank(&a2, &self.side(&b2)), true)
                }
            }
        }
    }

    /// The group-order bit (see module `expand`) of the child of member
    /// `b` by `mv`, or of its mirror image if `mirrored`.
    #[inline(always)]
    pub(super) fn group_bit(&self, g: &Group, b: &Side, mv: ChildMove, mirrored: bool) -> u64 {
        let (a2, b2) = mv.sides(g, b);
        if mirrored {
            self.idx.rank(&self.side(&b2), &self.side(&a2))
        } else {
            self.idx.rank(&b2, &a2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Variant};

    /// On every 3x3 variant: the table of squares mirrors as
    /// [`Side::mirrored`] does, a mirrored target ranks the mirror image
    /// of every cell, and of each pair exactly one is kept (both when
    /// the position is its own mirror).
    #[test]
    fn mirrored_targets_rank_the_mirror_images() {
        for v in Variant::all_3x3(PawnReading::TravelDirection, 0) {
            let idx = Index::new(v);
            let mirror = Mirror::new(&idx);
            for u in 0..idx.num_sides() {
                let side_u = *idx.side(u);
                assert_eq!(mirror.side(&side_u), side_u.mirrored(&v));
                let g = Group::new(&idx, u);
                let t = mirror.target(&side_u);
                for j in 0..g.len {
                    let opp = g.member(j);
                    let twin = idx.rank(&side_u.mirrored(&v), &opp.mirrored(&v));
                    assert_eq!(g.child_cell(&t, &opp), twin, "{}", v.describe());
                    let (m, o) = idx.unrank(twin).unwrap();
                    let here = mirror.keeps(u, idx.side_id(&opp));
                    let there = mirror.keeps(idx.side_id(&m), idx.side_id(&o));
                    assert!(here || there);
                    assert_eq!(here && there, twin == g.first + j);
                }
            }
        }
    }
}

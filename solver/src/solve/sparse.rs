//! A group's members found from the change pool instead of a scan.
//!
//! A changed cell of a child block is a position `(C, X)`: `C` is the
//! group's opponent configuration `A` (target 0) or `A` without one piece
//! (a capture), and `X` is the parent member after its move. A move
//! changes one piece of the mover: its square, its square and pawn
//! direction, or hand to square (a placement). So every parent `B` of
//! `(C, X)` in the group equals `X` except in one slot, and for a capture
//! that slot's piece stands in `X` on the square of `A`'s captured piece.
//! Enumerating those `B` (the hand, both pawn directions, and the squares
//! from which a piece of that kind reaches its square in `X` on an empty
//! board: a knight's move, a diagonal, a rank or file, an adjacent square
//! one rank away for the pawn) gives a superset of the parents, about
//! twenty members per changed cell, without an un-move generator that
//! would have to know blockers and pawn readings: evaluating a member
//! that is not a parent
//! is only wasted work. The candidates are evaluated in member order, as
//! the scan would; a candidate whose changed child became lost gets the
//! full WDL evaluation, the others stop at their first child neither won
//! nor lost, as in [`super::pass`].

use super::mirror::Writes;
use super::pool::LOST;
use super::work::Ctx;
use crate::driver::counts::PassCounts;
use crate::driver::eval::{eval_wdl, eval_wdl_all_won};
use crate::driver::pass_kind::Pass;
use crate::group::Group;
use crate::kernel::MemberChildren;
use rules::ttc::{Side, HAND};

/// A group is handled from the pool only if its members outnumber the
/// pooled entries of its child blocks by this factor (a listed entry costs about as much as
/// this many scanned members).
pub(super) const SPARSE_RATIO: u64 = 64;

/// A member to evaluate: its index in the group and whether one of its
/// listed children became lost.
pub(super) type Candidate = (u64, bool);

/// The child blocks of `g`: block id, and for a capture target the square
/// of the captured piece in the members' frame.
fn child_blocks(g: &Group) -> ([(usize, Option<u8>); 5], usize) {
    let last = g.v.squares() - 1;
    let mut blocks = [(0usize, None); 5];
    let mut n = 0;
    for t in 0..5 {
        if t > 0 && g.side_a.sq[t - 1] >= 16 {
            continue;
        }
        let cap = (t > 0).then(|| last - g.side_a.sq[t - 1]);
        blocks[n] = (g.targets[t].id as usize, cap);
        n += 1;
    }
    (blocks, n)
}

/// One bit per member of a group: the members that may have a child
/// that became lost.
pub(super) struct MemberSet(Vec<u64>);

impl MemberSet {
    /// Whether member `j` is in the set.
    #[inline(always)]
    pub fn contains(&self, j: u64) -> bool {
        self.0[(j >> 6) as usize] >> (j & 63) & 1 != 0
    }
}

impl<'a> Ctx<'a> {
    /// Calls `sink(member, lost)` for every member of `g` that may be a
    /// parent of a changed cell of its child blocks: `entries(id, each)`
    /// calls `each` with every entry of block `id` (its rank, plus
    /// [`LOST`] for a loss), or returns `None` if they are not known
    /// (overflowed, or no valid previous pass); `sink` may then have been
    /// called for some entries.
    fn each_listed_parent(
        &self,
        g: &Group,
        entries: impl Fn(usize, &mut dyn FnMut(u32)) -> Option<()>,
        mut sink: impl FnMut(u64, bool),
    ) -> Option<()> {
        let (blocks, n) = child_blocks(g);
        for &(id, cap) in &blocks[..n] {
            let blocked = g.geo.rotate_mask(self.idx.side(id).occupancy());
            let mut each = |e: u32| {
                let x = self.idx.inner_unrank((e & !LOST) as u64, blocked);
                self.parents_of(g, &x, cap, |j| sink(j, e & LOST != 0));
            };
            entries(id, &mut each)?;
        }
        Some(())
    }

    /// The members of `g` that may have a child changed in the previous
    /// pass, sorted, each once; `None` if a child block's list is not
    /// known (overflowed, or no valid previous pass) or the lists are too
    /// long for the group to gain from them ([`Ctx::list_ratio`]).
    pub(super) fn listed_candidates(&self, g: &Group) -> Option<Vec<Candidate>> {
        let ratio = self.list_ratio?;
        let (blocks, n) = child_blocks(g);
        let entries: u64 = blocks[..n]
            .iter()
            .map(|&(id, _)| self.changes.prev(id).map_or(u64::MAX, |v| v.len() as u64))
            .fold(0u64, u64::saturating_add);
        if entries.saturating_mul(ratio) > g.len {
            return None;
        }
        let mut out = Vec::new();
        let entries = |id: usize, each: &mut dyn FnMut(u32)| {
            self.changes.prev(id)?.iter().for_each(|&e| each(e));
            Some(())
        };
        self.each_listed_parent(g, entries, |j, lost| out.push((j, lost)))?;
        out.sort_unstable_by_key(|c| c.0);
        out.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 |= later.1;
            }
            same
        });
        Some(out)
    }

    /// The members of `g` that may have a child that became lost in the
    /// previous pass, from the loss pool; `None` if a child block's losses
    /// are not known (the hashed loss filter decides then). A child lost
    /// earlier in this pass is found by the next one.
    pub(super) fn loss_candidates(&self, g: &Group) -> Option<MemberSet> {
        let pool = self.loss_pool.as_ref()?;
        let mut set = MemberSet(vec![0u64; g.len.div_ceil(64) as usize]);
        let entries = |id: usize, each: &mut dyn FnMut(u32)| {
            pool.prev(id)?.iter().for_each(|&r| each(r | LOST));
            Some(())
        };
        self.each_listed_parent(g, entries, |j, _| set.0[(j >> 6) as usize] |= 1 << (j & 63))?;
        Some(set)
    }

    /// Calls `sink(member index)` for every member of `g` that equals `x`
    /// except in one slot (square, pawn direction, or in hand for a
    /// placement), the slot's square one its piece could have moved from
    /// ([`Ctx::origins`]); for a capture (`cap` = the captured piece's square) only
    /// the slot standing there, and never from the hand.
    #[inline]
    fn parents_of(&self, g: &Group, x: &Side, cap: Option<u8>, mut sink: impl FnMut(u64)) {
        let geo = g.geo;
        let n = geo.n;
        let own = x.occupancy();
        for slot in 0..4 {
            let s = x.sq[slot];
            if s >= 16 || cap.is_some_and(|c| c != s) {
                continue;
            }
            let blocked = own | g.theirs;
            let mut push = |sq: u8, returning: bool| {
                let mut b = *x;
                b.sq[slot] = sq;
                if slot == 0 {
                    b.returning = returning;
                }
                sink(self.idx.inner_rank(&b, g.theirs));
            };
            if cap.is_none() {
                push(HAND, if slot == 0 { false } else { x.returning });
            }
            // The piece came from where a move of its kind reaches s.
            let mut free = geo.full & !blocked & self.origins[slot][s as usize];
            while free != 0 {
                let sq = free.trailing_zeros() as u8;
                free &= free - 1;
                if slot != 0 {
                    push(sq, x.returning);
                } else if g.interior & (1 << sq) != 0 {
                    push(sq, false);
                    push(sq, true);
                } else {
                    push(sq, sq / n == n - 1);
                }
            }
        }
    }

    /// Evaluates the listed candidates of `g` that the pass looks at.
    pub(super) fn evaluate_listed(
        &self,
        g: &Group,
        own: &Writes,
        pass: Pass,
        cands: &[Candidate],
        counts: &mut PassCounts,
    ) {
        counts.listed_groups += 1;
        for &(j, lost) in cands {
            let kk = g.first + j;
            if self.todo_word(kk, pass) >> (kk & 63) & 1 == 0 {
                continue;
            }
            let b = g.member(j);
            counts.evaluated += 1;
            let seen = &mut counts.children;
            let code = match pass {
                Pass::Distance(d) => {
                    counts.full += 1;
                    self.eval_wave(g, &b, d, seen)
                }
                Pass::Wdl if lost => {
                    counts.full += 1;
                    eval_wdl(&MemberChildren { g, b: &b }, self.cells, seen)
                }
                Pass::Wdl => eval_wdl_all_won(&MemberChildren { g, b: &b }, self.cells, seen),
            };
            self.decide(g, own, kk, &b, code, pass, counts);
        }
    }
}

//! The post-opening search: rounds over all groups, each expanding the
//! members queued since they were last looked at.
//!
//! A member is queued in the pending bitmap of its side to move, indexed
//! in *group order* (see [`crate::group`]): bit `rank(A, B)` stands for the
//! position `(B, A)` with mover `B`. So a round reads the pending bits of
//! one group after another sequentially and finds every child of a group
//! in at most five blocks of the visited bitmaps (table order), which stay
//! in cache. A child seen for the first time is queued under its own
//! group-order bit, `rank(B', A')` for the child `(A', B')`, built from
//! the move that led to it; that costs one rank, paid once per position
//! reached. That bit lies anywhere in the pending bitmap, so it is set
//! through a [`PendingQueue`], which prefetches its word first.
//!
//! Only representatives of mirror pairs are queued and expanded, and each
//! child is marked through its representative (module `fold`): the group's
//! targets are folded once, so that the kernel gives the representative's
//! cell directly.

use super::queue::PendingQueue;
use super::search::Search;
use crate::group::Group;
use crate::kernel::for_each_child_with_lines;
use rayon::prelude::*;

/// What one round did.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct RoundCount {
    /// Positions (cell and side to move) expanded.
    pub expanded: u64,
    /// Children generated.
    pub children: u64,
}

impl Search<'_> {
    /// One round over all groups; returns what it expanded.
    pub(super) fn round(&self, label: String) -> RoundCount {
        let n = self.idx.num_sides();
        let pb = crate::progress::Progress::new(self.progress, self.idx.size(), label);
        let count = (0..n)
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let r = self.group(a);
                pb.inc_decided(self.idx.block_len(a), r.expanded);
                r
            })
            .reduce(RoundCount::default, |x, y| RoundCount {
                expanded: x.expanded + y.expanded,
                children: x.children + y.children,
            });
        pb.finish();
        count
    }

    /// Expands the queued members of group `a`.
    fn group(&self, a: usize) -> RoundCount {
        let first = self.idx.block_base(a);
        let end = first + self.idx.block_len(a);
        let [pw, pb] = &self.pending;
        if !pw.any_in(first, end) && !pb.any_in(first, end) {
            return RoundCount::default();
        }
        let mut g = Group::new(self.idx, a);
        let folds = self.mirror.fold_group(&mut g);
        let mut count = RoundCount::default();
        // Emptied before the group's work is counted done (when dropped).
        let mut queue = PendingQueue::new(&self.pending);
        for wi in (first >> 6) as usize..=((end - 1) >> 6) as usize {
            let white = pw.take_word(wi, first, end);
            let black = pb.take_word(wi, first, end);
            let mut m = white | black;
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                let k = ((wi as u64) << 6) + bit as u64;
                let b = g.member(k - first);
                // The member with White to move has children with Black
                // to move (side 1), and the other way round.
                let to_black = white >> bit & 1 != 0;
                let to_white = black >> bit & 1 != 0;
                count.expanded += to_black as u64 + to_white as u64;
                for_each_child_with_lines(&g, &b, |cell, line, mv| {
                    count.children += 1;
                    let fold = folds[mv.target as usize];
                    let (cell, mirrored) = self.mirror.child(&g, &b, mv, cell, fold);
                    // The representative's own group-order bit, computed
                    // only for one not seen before.
                    let group_bit = || self.mirror.group_bit(&g, &b, mv, mirrored);
                    if to_black {
                        self.mark_with(&mut queue, 1, cell, line, group_bit);
                    }
                    if to_white {
                        self.mark_with(&mut queue, 0, cell, line, group_bit);
                    }
                    true
                });
            }
        }
        count
    }
}

//! The shared state of a reachability search: the visited bitmaps (table
//! order) and the pending ones (group order), with the marking of a
//! position reached. The opening (module `opening`) and the
//! post-opening rounds (module `expand`) add their steps to it.
//!
//! Only the representative of each mirror pair is marked (module `fold`):
//! a position reached is mapped to its representative first.

use super::bits::Bits;
use super::fold::Mirror;
use super::queue::PendingQueue;
use tables::Index;

/// The shared state of a search.
pub(super) struct Search<'a> {
    /// The post-opening index.
    pub(super) idx: &'a Index,
    /// Its left-right mirror.
    pub(super) mirror: Mirror<'a>,
    /// Representatives reached, per side to move (table order).
    pub(super) visited: [Bits; 2],
    /// Representatives still to expand, per side to move (group order).
    pub(super) pending: [Bits; 2],
    /// Show progress on standard error.
    pub(super) progress: bool,
}

impl Search<'_> {
    /// Marks cell `cell` reached with side `side` (0 = White, 1 = Black)
    /// to move, through its representative; queues that for expansion if
    /// it is new and not over (`line`: a line is on the board).
    pub(super) fn mark(&self, side: usize, cell: u64, line: bool) {
        let (mover, opp) = self.idx.unrank(cell).expect("cell inside the table");
        let (mover, opp, _) = self.mirror.representative(&mover, &opp);
        let mut queue = PendingQueue::new(&self.pending);
        self.mark_with(&mut queue, side, self.idx.rank(&mover, &opp), line, || {
            self.idx.rank(&opp, &mover)
        });
    }

    /// Marks representative `cell` reached with side `side` to move, with
    /// `group_bit` giving its group-order bit (called only when the cell
    /// is new and not over), queued in `queue` instead of set at once.
    #[inline(always)]
    pub(super) fn mark_with(
        &self,
        queue: &mut PendingQueue,
        side: usize,
        cell: u64,
        line: bool,
        group_bit: impl FnOnce() -> u64,
    ) {
        if !self.visited[side].insert(cell) || line {
            return;
        }
        queue.push(side, group_bit());
    }
}

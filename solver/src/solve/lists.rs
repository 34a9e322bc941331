//! Change lists: the cells each block saw decided in the previous pass,
//! exactly, as long as there are few of them.
//!
//! The line filters ([`super::filters`]) say which members *may* have a
//! changed child, but a pass must still decode every member of a group to
//! ask them. In the late WDL sweeps and the distance waves a pass decides
//! a few thousand positions in all, yet nearly every group has some change
//! in one of its child blocks, so the scan of all 2.46 billion members
//! dominates. With the changed cells listed, a group can instead
//! enumerate the members that may be their parents ([`super::sparse`]).
//!
//! Per block, up to [`LIST_CAP`] entries of the current pass and of the
//! previous one; a block with more is *overflowed* and its groups fall
//! back to the filters. An entry is the changed cell's rank inside its
//! block, plus [`LOST`] if the change was a loss (WDL sweeps).

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

/// Entries kept per block and pass in the lists of every decision.
pub(super) const LIST_CAP: usize = 32;
/// Flag of an entry whose cell became lost.
pub(super) const LOST: u32 = 1 << 31;

/// The change lists of every block, current and previous pass
/// (`2 * blocks * (cap + 1)` words of 4 bytes: about 23 MB on 4x4).
pub(super) struct ChangeLists {
    cap: usize,
    cur_len: Vec<AtomicU32>,
    cur: Vec<AtomicU32>,
    prev_len: Vec<AtomicU32>,
    prev: Vec<AtomicU32>,
    /// Whether the previous pass recorded all its changes here (false
    /// before the first pass ends, and after a resume).
    prev_valid: AtomicBool,
}

impl ChangeLists {
    /// Empty lists of `cap` entries for `blocks` blocks; the previous
    /// pass's lists are not valid until a pass has been recorded.
    pub fn new(blocks: usize, cap: usize) -> ChangeLists {
        let zeros = |n: usize| (0..n).map(|_| AtomicU32::new(0)).collect::<Vec<_>>();
        ChangeLists {
            cap,
            cur_len: zeros(blocks),
            cur: zeros(blocks * cap),
            prev_len: zeros(blocks),
            prev: zeros(blocks * cap),
            prev_valid: AtomicBool::new(false),
        }
    }

    /// Records, in the current pass, that cell `rank` of block `id` was
    /// decided (`lost`: as lost).
    ///
    /// # Panics
    /// If `rank` does not fit in 31 bits (no block is that large).
    #[inline(always)]
    pub fn record(&self, id: usize, rank: u64, lost: bool) {
        assert!(rank < LOST as u64, "block rank {rank} too large");
        // An overflowed list stays so for the pass: skip the atomic add.
        if self.cur_len[id].load(Relaxed) as usize > self.cap {
            return;
        }
        let n = self.cur_len[id].fetch_add(1, Relaxed) as usize;
        if n < self.cap {
            let e = rank as u32 | if lost { LOST } else { 0 };
            self.cur[id * self.cap + n].store(e, Relaxed);
        }
    }

    /// The previous pass's entries of block `id`, or `None` if they are
    /// not known (overflowed, or no valid previous pass).
    #[inline]
    pub fn prev(&self, id: usize) -> Option<impl Iterator<Item = u32> + '_> {
        let n = self.prev_len[id].load(Relaxed) as usize;
        if n > self.cap || !self.prev_valid.load(Relaxed) {
            return None;
        }
        Some((0..n).map(move |i| self.prev[id * self.cap + i].load(Relaxed)))
    }

    /// Number of previous-pass entries of block `id` (more than
    /// [`LIST_CAP`]: overflowed).
    #[inline]
    pub fn prev_len(&self, id: usize) -> usize {
        self.prev_len[id].load(Relaxed) as usize
    }

    /// Ends a pass: the current lists become the previous ones (now
    /// valid) and the current ones are emptied.
    pub fn rotate(&self) {
        if self.cap == 0 {
            return;
        }
        self.prev
            .par_chunks(self.cap)
            .zip(self.cur.par_chunks(self.cap))
            .zip(self.prev_len.par_iter().zip(self.cur_len.par_iter()))
            .for_each(|((p, c), (pl, cl))| {
                let n = cl.swap(0, Relaxed);
                pl.store(n, Relaxed);
                for (a, b) in p.iter().zip(c).take(n as usize) {
                    a.store(b.swap(0, Relaxed), Relaxed);
                }
            });
        self.prev_valid.store(true, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_overflow_and_rotate() {
        let l = ChangeLists::new(3, LIST_CAP);
        assert!(l.prev(0).is_none(), "no valid previous pass yet");
        l.record(0, 5, false);
        l.record(0, 7, true);
        for r in 0..=LIST_CAP as u64 {
            l.record(2, r, false);
        }
        l.rotate();
        assert_eq!(l.prev(0).unwrap().collect::<Vec<_>>(), [5, 7 | LOST]);
        l.record(0, 9, true);
        assert_eq!(l.prev(1).unwrap().count(), 0);
        assert!(l.prev(2).is_none(), "overflowed");
        assert_eq!(l.prev_len(2), LIST_CAP + 1);
        l.rotate();
        assert_eq!(l.prev(0).unwrap().collect::<Vec<_>>(), [9 | LOST]);
        assert_eq!(l.prev(2).unwrap().count(), 0);
    }
}

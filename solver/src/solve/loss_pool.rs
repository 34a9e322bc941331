//! The loss pool: every cell that became lost in the previous WDL sweep,
//! exactly, for all blocks together.
//!
//! Few positions become lost in a sweep (on the 4x4 game about one to
//! three million in the dense sweeps, against tens of millions of wins),
//! but they cluster: in sweeps 2 and 3 thousands of blocks see more than
//! the 256 losses a per-block list could hold, and the hashed loss filter
//! that replaced the overflowed lists passed far more members than had a
//! lost child (sweep 2: 225 million full evaluations in the 8,139
//! overflowed groups, to decide 10.9 million). One pool shared by all
//! blocks holds every loss: entries `block << 32 | rank` appended during a
//! pass, sorted when it ends, with the start of each block's run kept.
//! Only a pass that fills the pool ([`POOL_CAP`]) loses entries; the
//! blocks whose entries were dropped are marked and their groups fall
//! back to the hashed filter.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::RwLock;

/// Entries the pool holds per pass (8 bytes each, twice: the current
/// pass and the sorted previous one, 128 MB on the 4x4 game at most).
pub(super) const POOL_CAP: usize = 8 << 20;

/// The losses of the previous pass, sorted by block.
#[derive(Default)]
struct Prev {
    /// Entries `block << 32 | rank`, sorted.
    entries: Vec<u64>,
    /// Start of block `id`'s run in `entries`; `blocks + 1` items.
    start: Vec<u32>,
    /// One bit per block whose entries were dropped (the pool was full).
    dropped: Vec<u64>,
    /// Whether a pass has been recorded (false before the first pass ends
    /// and after a resume).
    valid: bool,
}

/// The losses of the current pass and the previous one, for every block.
pub(super) struct LossPool {
    blocks: usize,
    cap: usize,
    cur: Vec<AtomicU64>,
    cur_len: AtomicUsize,
    cur_dropped: Vec<AtomicU64>,
    prev: RwLock<Prev>,
}

impl LossPool {
    /// An empty pool of `cap` entries per pass for `blocks` blocks (fewer
    /// than 2^32); the previous pass is not valid until one is recorded.
    pub fn new(blocks: usize, cap: usize) -> LossPool {
        assert!(blocks < 1 << 32, "{blocks} blocks do not fit an entry");
        let zeros = |n: usize| (0..n).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        LossPool {
            blocks,
            cap,
            cur: zeros(cap),
            cur_len: AtomicUsize::new(0),
            cur_dropped: zeros(blocks.div_ceil(64)),
            prev: RwLock::new(Prev::default()),
        }
    }

    /// Records, in the current pass, that cell `rank` (below 2^32) of
    /// block `id` became lost.
    #[inline(always)]
    pub fn record(&self, id: usize, rank: u64) {
        debug_assert!(rank < 1 << 32 && id < self.blocks);
        let i = self.cur_len.fetch_add(1, Relaxed);
        if i < self.cap {
            self.cur[i].store((id as u64) << 32 | rank, Relaxed);
        } else {
            self.cur_dropped[id / 64].fetch_or(1 << (id % 64), Relaxed);
        }
    }

    /// Calls `f(rank)` for every loss of block `id` in the previous pass;
    /// returns `None` (without calling `f`) if they are not known: no
    /// valid previous pass, or the block's entries were dropped.
    pub fn each_prev(&self, id: usize, f: impl FnMut(u32)) -> Option<()> {
        let prev = self.prev.read().expect("loss pool lock");
        if !prev.valid || prev.dropped[id / 64] >> (id % 64) & 1 != 0 {
            return None;
        }
        let run = &prev.entries[prev.start[id] as usize..prev.start[id + 1] as usize];
        run.iter().map(|&e| e as u32).for_each(f);
        Some(())
    }

    /// Ends a pass: its losses, sorted, become the previous pass's (now
    /// valid) and the current pass starts empty.
    pub fn rotate(&self) {
        let n = self.cur_len.swap(0, Relaxed).min(self.cap);
        let mut entries: Vec<u64> = self.cur[..n].par_iter().map(|e| e.load(Relaxed)).collect();
        entries.par_sort_unstable();
        let mut start = Vec::with_capacity(self.blocks + 1);
        let mut i = 0;
        for id in 0..=self.blocks as u64 {
            while i < entries.len() && entries[i] >> 32 < id {
                i += 1;
            }
            start.push(i as u32);
        }
        let dropped = self
            .cur_dropped
            .iter()
            .map(|w| w.swap(0, Relaxed))
            .collect();
        *self.prev.write().expect("loss pool lock") = Prev {
            entries,
            start,
            dropped,
            valid: true,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prev(p: &LossPool, id: usize) -> Option<Vec<u32>> {
        let mut v = Vec::new();
        p.each_prev(id, |r| v.push(r))?;
        Some(v)
    }

    #[test]
    fn pool_sorts_by_block_and_drops_when_full() {
        let p = LossPool::new(70, 4);
        p.record(3, 9);
        assert_eq!(prev(&p, 3), None, "no valid previous pass yet");
        p.record(69, 1);
        p.record(3, 2);
        p.record(0, 5);
        p.record(65, 7); // the fifth entry: dropped
        p.rotate();
        assert_eq!(prev(&p, 3), Some(vec![2, 9]));
        assert_eq!(prev(&p, 0), Some(vec![5]));
        assert_eq!(prev(&p, 69), Some(vec![1]));
        assert_eq!(prev(&p, 1), Some(vec![]));
        assert_eq!(prev(&p, 65), None, "dropped");
        p.record(65, 8);
        p.rotate();
        assert_eq!(prev(&p, 65), Some(vec![8]));
        assert_eq!(prev(&p, 3), Some(vec![]));
    }
}

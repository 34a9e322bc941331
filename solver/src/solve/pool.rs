//! Change pools: the cells decided in the previous pass, exactly, for all
//! blocks together, as long as they fit.
//!
//! The line filters ([`super::filters`]) say which members *may* have a
//! changed child, but they fill up: from a hundred decisions in a block
//! on, nearly every member of the groups reading it passes them. Yet
//! after the first sweeps a pass decides a few million positions in all
//! (sweep 4 of the 4x4 solve: 8.5 million), so knowing the decided cells
//! exactly lets a group enumerate the members that may be their parents
//! ([`super::sparse`]) instead of scanning all of them. A pool holds the
//! decisions of a pass in one array, entries `block << 32 | value`
//! appended by every thread, then sorted by block when the pass ends and
//! kept as the previous pass's values with the start of each block's run.
//! Only a pass that decides more than the pool holds loses entries: the
//! blocks whose entries were dropped are marked, and their groups fall
//! back to the filters.
//!
//! Two pools serve a solve: every decision (value: the cell's rank in its
//! block, plus [`LOST`] for a loss), and the losses alone (WDL sweeps; the
//! rank), which must stay exact even when a dense sweep overflows the
//! first: a position gets the full evaluation only if a child became lost.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Flag of a value whose cell became lost (in the pool of every decision).
pub(super) const LOST: u32 = 1 << 31;

/// `n` atomic words, zero, allocated lazily: the pages are touched (and
/// count in the resident set) only once written.
fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    const { assert!(std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>()) };
    let mut v = std::mem::ManuallyDrop::new(vec![0u64; n]);
    // SAFETY: AtomicU64 has the size, alignment and bit validity of u64;
    // the allocation is handed over whole.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr().cast::<AtomicU64>(), v.len(), v.capacity()) }
}

/// The decisions of the current pass and, sorted by block, of the previous
/// one. Memory: 8 bytes per entry of the current pass (up to `cap`) and 4
/// per entry of the previous one, plus 4 bytes per block.
pub(super) struct Pool {
    blocks: usize,
    cap: usize,
    cur: Vec<AtomicU64>,
    cur_len: AtomicUsize,
    /// One bit per block whose entries did not fit this pass.
    cur_dropped: Vec<AtomicU64>,
    /// The previous pass's values, in block order.
    values: Vec<u32>,
    /// Start of block `id`'s run in `values`; `blocks + 1` items.
    start: Vec<u32>,
    dropped: Vec<u64>,
    /// Whether a pass has been recorded (false before the first pass ends
    /// and after a resume).
    valid: bool,
}

impl Pool {
    /// An empty pool of `cap` entries per pass (below 2^32) for `blocks`
    /// blocks (below 2^32); the previous pass is not valid until one is
    /// recorded.
    pub fn new(blocks: usize, cap: usize) -> Pool {
        assert!(blocks < 1 << 32 && cap < 1 << 32, "pool too large");
        Pool {
            blocks,
            cap,
            cur: zeroed_words(cap),
            cur_len: AtomicUsize::new(0),
            cur_dropped: zeroed_words(blocks.div_ceil(64)),
            values: Vec::new(),
            start: Vec::new(),
            dropped: Vec::new(),
            valid: false,
        }
    }

    /// Records, in the current pass, `value` for block `id`.
    #[inline(always)]
    pub fn record(&self, id: usize, value: u32) {
        debug_assert!(id < self.blocks);
        // A full pool stays full for the pass: skip the atomic add.
        if self.cur_len.load(Relaxed) < self.cap {
            let i = self.cur_len.fetch_add(1, Relaxed);
            if i < self.cap {
                self.cur[i].store((id as u64) << 32 | value as u64, Relaxed);
                return;
            }
        }
        self.cur_dropped[id / 64].fetch_or(1 << (id % 64), Relaxed);
    }

    /// The previous pass's values of block `id`, or `None` if they are not
    /// known: no valid previous pass, or the block's entries were dropped.
    #[inline]
    pub fn prev(&self, id: usize) -> Option<&[u32]> {
        if !self.valid || self.dropped[id / 64] >> (id % 64) & 1 != 0 {
            return None;
        }
        Some(&self.values[self.start[id] as usize..self.start[id + 1] as usize])
    }

    /// Ends a pass: its values, sorted by block, become the previous
    /// pass's (now valid) and the current pass starts empty.
    pub fn rotate(&mut self) {
        let n = self.cur_len.swap(0, Relaxed).min(self.cap);
        // SAFETY: `&mut self` gives exclusive access; AtomicU64 and u64
        // share size, alignment and bit validity.
        let cur = unsafe { std::slice::from_raw_parts_mut(self.cur.as_mut_ptr().cast::<u64>(), n) };
        cur.par_sort_unstable();
        // Free the old values before the new ones are allocated.
        self.values = Vec::new();
        self.values = cur.par_iter().map(|&e| e as u32).collect();
        self.start.clear();
        let mut i = 0;
        for id in 0..=self.blocks as u64 {
            while i < n && cur[i] >> 32 < id {
                i += 1;
            }
            self.start.push(i as u32);
        }
        self.dropped = self
            .cur_dropped
            .iter()
            .map(|w| w.swap(0, Relaxed))
            .collect();
        self.valid = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_sorts_by_block_and_drops_when_full() {
        let mut p = Pool::new(70, 4);
        p.record(3, 9);
        assert_eq!(p.prev(3), None, "no valid previous pass yet");
        p.record(69, 1);
        p.record(3, 2 | LOST);
        p.record(0, 5);
        p.record(65, 7); // the fifth entry: dropped
        p.rotate();
        assert_eq!(p.prev(3), Some(&[9, 2 | LOST][..]));
        assert_eq!(p.prev(0), Some(&[5][..]));
        assert_eq!(p.prev(69), Some(&[1][..]));
        assert_eq!(p.prev(1), Some(&[][..]));
        assert_eq!(p.prev(65), None, "dropped");
        p.record(65, 8);
        p.rotate();
        assert_eq!(p.prev(65), Some(&[8][..]));
        assert_eq!(p.prev(3), Some(&[][..]));
    }
}

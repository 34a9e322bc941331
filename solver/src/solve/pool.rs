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
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Flag of a value whose cell became lost (in the pool of every decision).
pub(super) const LOST: u32 = 1 << 31;

/// Entries gathered for a [`Pool`] while one group is evaluated (by one
/// thread), appended with [`Pool::append`] when the group ends or when
/// [`Batch::FLUSH_AT`] entries are waiting (what a batch may hold is
/// bounded, and so is the memory of all batches).
#[derive(Default)]
pub(super) struct Batch {
    entries: RefCell<Vec<u64>>,
}

impl Batch {
    /// Entries after which a batch should be appended (32 KiB).
    pub const FLUSH_AT: usize = 4096;

    /// Adds `value` for block `id` (below 2^32); returns whether the batch
    /// is due to be appended ([`Batch::FLUSH_AT`]).
    #[inline(always)]
    pub fn push(&self, id: usize, value: u32) -> bool {
        let mut e = self.entries.borrow_mut();
        e.push((id as u64) << 32 | value as u64);
        e.len() >= Self::FLUSH_AT
    }
}

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

    /// Appends the entries of `batch` to the current pass and empties it.
    /// One atomic add reserves room for the whole batch, so threads that
    /// record many decisions do not contend for the pool's length on every
    /// one; the entries that do not fit mark their blocks as dropped.
    pub fn append(&self, batch: &Batch) {
        let mut entries = batch.entries.borrow_mut();
        let n = entries.len();
        if n == 0 {
            return;
        }
        debug_assert!(entries.iter().all(|&e| ((e >> 32) as usize) < self.blocks));
        // Past the end once the pool is full (or filled by other threads).
        let i = self.cur_len.fetch_add(n, Relaxed);
        let fit = self.cap.saturating_sub(i).min(n);
        for (k, &e) in entries[..fit].iter().enumerate() {
            self.cur[i + k].store(e, Relaxed);
        }
        for &e in &entries[fit..] {
            let id = (e >> 32) as usize;
            self.cur_dropped[id / 64].fetch_or(1 << (id % 64), Relaxed);
        }
        entries.clear();
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
        let b = Batch::default();
        b.push(3, 9);
        p.append(&b);
        assert_eq!(p.prev(3), None, "no valid previous pass yet");
        b.push(69, 1);
        b.push(3, 2 | LOST);
        p.append(&b);
        b.push(0, 5);
        b.push(65, 7); // the fifth entry: dropped
        p.append(&b);
        p.append(&b); // empty: nothing changes
        p.rotate();
        assert_eq!(p.prev(3), Some(&[9, 2 | LOST][..]));
        assert_eq!(p.prev(0), Some(&[5][..]));
        assert_eq!(p.prev(69), Some(&[1][..]));
        assert_eq!(p.prev(1), Some(&[][..]));
        assert_eq!(p.prev(65), None, "dropped");
        b.push(65, 8);
        p.append(&b);
        p.rotate();
        assert_eq!(p.prev(65), Some(&[8][..]));
        assert_eq!(p.prev(3), Some(&[][..]));
    }

    #[test]
    fn a_batch_keeps_what_fits_and_drops_the_blocks_of_the_rest() {
        let mut p = Pool::new(10, 3);
        let b = Batch::default();
        b.push(1, 4);
        p.append(&b);
        b.push(2, 5);
        b.push(7, 6);
        b.push(9, 1); // only two of these three fit
        p.append(&b);
        p.rotate();
        assert_eq!(p.prev(1), Some(&[4][..]));
        assert_eq!(p.prev(2), Some(&[5][..]));
        assert_eq!(p.prev(7), Some(&[6][..]));
        assert_eq!(p.prev(9), None, "its entry did not fit");
        // A batch that starts past the end (other threads took the last
        // room) is dropped whole.
        let q = Pool::new(10, 2);
        q.cur_len.store(5, Relaxed);
        b.push(4, 1);
        q.append(&b);
        assert!(q.cur_dropped[0].load(Relaxed) & 1 << 4 != 0);
        let due: Vec<bool> = (0..Batch::FLUSH_AT).map(|k| b.push(0, k as u32)).collect();
        assert!(due[..Batch::FLUSH_AT - 1].iter().all(|&d| !d));
        assert!(due[Batch::FLUSH_AT - 1], "due at FLUSH_AT entries");
    }
}

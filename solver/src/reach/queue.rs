//! Prefetched insertion of newly reached positions into the pending
//! bitmaps.
//!
//! A new position's pending bit is in *group order*: its word lies
//! anywhere in a 308 MB bitmap (4x4), so setting it at once with an atomic
//! OR waits for main memory, and an atomic read-modify-write lets no other
//! memory access overlap that wait. The queue instead asks for the word's
//! cache line when the bit is found (a non-blocking prefetch for writing)
//! and sets the bit [`DEPTH`] insertions later, when the line has most
//! likely arrived. The set of bits inserted is the same; only the moment
//! of each insertion moves, always before [`PendingQueue::flush`] returns
//! (and before the queue is dropped), so a round that flushes its queues
//! before it ends sees every position it reached.

use super::bits::Bits;

/// Insertions in flight: enough to cover a memory latency of a few hundred
/// nanoseconds at the rate children are found (several per 100 ns).
pub(super) const DEPTH: usize = 32;

/// Pending insertions of one worker, oldest first, into one of two bitmaps
/// (`0` = White to move, `1` = Black to move).
pub(super) struct PendingQueue<'a> {
    bits: &'a [Bits; 2],
    ring: [(u8, u64); DEPTH],
    /// Next slot to fill (and, when full, the oldest entry).
    head: usize,
    len: usize,
}

impl<'a> PendingQueue<'a> {
    /// An empty queue into `bits`.
    pub(super) fn new(bits: &'a [Bits; 2]) -> PendingQueue<'a> {
        PendingQueue {
            bits,
            ring: [(0, 0); DEPTH],
            head: 0,
            len: 0,
        }
    }

    /// Queues bit `k` of bitmap `side` (0 or 1); sets the oldest queued
    /// bit if the queue is full.
    #[inline(always)]
    pub(super) fn push(&mut self, side: usize, k: u64) {
        self.bits[side].prefetch_write(k);
        if self.len == DEPTH {
            let (s, old) = self.ring[self.head];
            self.bits[s as usize].insert(old);
        } else {
            self.len += 1;
        }
        self.ring[self.head] = (side as u8, k);
        self.head = (self.head + 1) % DEPTH;
    }

    /// Sets every queued bit.
    pub(super) fn flush(&mut self) {
        let first = (self.head + DEPTH - self.len) % DEPTH;
        for i in 0..self.len {
            let (s, k) = self.ring[(first + i) % DEPTH];
            self.bits[s as usize].insert(k);
        }
        self.len = 0;
    }
}

impl Drop for PendingQueue<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_queued_bit_is_set_by_flush_or_drop() {
        let bits = [Bits::new(10_000), Bits::new(10_000)];
        let mut q = PendingQueue::new(&bits);
        // Fewer than DEPTH: nothing set until the flush.
        for k in 0..(DEPTH as u64 - 1) {
            q.push((k % 2) as usize, k * 7);
        }
        assert_eq!(bits[0].count() + bits[1].count(), 0);
        q.flush();
        assert_eq!(bits[0].count() + bits[1].count(), DEPTH as u64 - 1);
        // More than DEPTH, the rest set when the queue is dropped.
        {
            let mut q = PendingQueue::new(&bits);
            for k in 0..1000u64 {
                q.push((k % 2) as usize, 5000 + k * 3);
            }
            assert!(bits[0].count() + bits[1].count() < DEPTH as u64 - 1 + 1000);
        }
        assert_eq!(bits[0].count() + bits[1].count(), DEPTH as u64 - 1 + 1000);
        for k in 0..1000u64 {
            assert!(bits[(k % 2) as usize].get(5000 + k * 3));
        }
    }
}

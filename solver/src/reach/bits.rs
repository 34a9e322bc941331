//! A shared bitmap of atomic 64-bit words, one bit per cell, used by the
//! reachability search from several threads at once.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// `len` bits in `ceil(len / 64)` atomic words (8 bytes per 64 cells),
/// all clear at creation.
pub struct Bits {
    words: Vec<AtomicU64>,
    len: u64,
}

impl Bits {
    /// `len` clear bits.
    pub fn new(len: u64) -> Bits {
        let n = len.div_ceil(64) as usize;
        Bits {
            words: (0..n).map(|_| AtomicU64::new(0)).collect(),
            len,
        }
    }

    /// Number of bits.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the bitmap has no bits at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Memory held, bytes.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// Bit `k`.
    #[inline(always)]
    pub fn get(&self, k: u64) -> bool {
        self.words[(k >> 6) as usize].load(Relaxed) & (1 << (k & 63)) != 0
    }

    /// Sets bit `k`; `true` if it was clear (this call set it). A plain
    /// load first keeps bits already set from costing a locked write.
    #[inline(always)]
    pub fn insert(&self, k: u64) -> bool {
        let w = &self.words[(k >> 6) as usize];
        let bit = 1u64 << (k & 63);
        w.load(Relaxed) & bit == 0 && w.fetch_or(bit, Relaxed) & bit == 0
    }

    /// Clears the bits of `[start, end)` that lie in word `wi` and
    /// returns them (bit `i` of the result = cell `64 * wi + i`). Bits set
    /// by other threads after the call stay for a later take.
    #[inline(always)]
    pub fn take_word(&self, wi: usize, start: u64, end: u64) -> u64 {
        let lo = (wi as u64) << 6;
        let from = start.max(lo) - lo;
        let to = end.min(lo + 64) - lo;
        let mask = if to == 64 { !0u64 } else { (1u64 << to) - 1 } & !((1u64 << from) - 1);
        let w = &self.words[wi];
        if w.load(Relaxed) & mask == 0 {
            return 0;
        }
        w.fetch_and(!mask, Relaxed) & mask
    }

    /// Whether any bit of `[start, end)` is set.
    pub fn any_in(&self, start: u64, end: u64) -> bool {
        if start >= end {
            return false;
        }
        let (a, b) = ((start >> 6) as usize, ((end - 1) >> 6) as usize);
        (a..=b).any(|wi| {
            let lo = (wi as u64) << 6;
            let from = start.max(lo) - lo;
            let to = end.min(lo + 64) - lo;
            let mask = if to == 64 { !0u64 } else { (1u64 << to) - 1 } & !((1u64 << from) - 1);
            self.words[wi].load(Relaxed) & mask != 0
        })
    }

    /// Number of set bits.
    pub fn count(&self) -> u64 {
        self.words
            .par_iter()
            .map(|w| w.load(Relaxed).count_ones() as u64)
            .sum()
    }

    /// Number of cells set in `self` or `other` (same length).
    pub fn count_union(&self, other: &Bits) -> u64 {
        assert_eq!(self.len, other.len, "bitmaps of different lengths");
        self.words
            .par_iter()
            .zip(&other.words)
            .map(|(a, b)| (a.load(Relaxed) | b.load(Relaxed)).count_ones() as u64)
            .sum()
    }

    /// Word `wi` (cells `64 * wi ..`), for scans.
    #[inline(always)]
    pub fn word(&self, wi: usize) -> u64 {
        self.words[wi].load(Relaxed)
    }

    /// Number of words.
    pub fn num_words(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_take_and_count() {
        let b = Bits::new(200);
        assert!(b.insert(3));
        assert!(!b.insert(3));
        assert!(b.insert(64));
        assert!(b.insert(130));
        assert!(b.get(64) && !b.get(65));
        assert_eq!(b.count(), 3);
        assert!(b.any_in(60, 65) && !b.any_in(4, 64) && !b.any_in(5, 5));
        // Take only [0, 64) of word 1's range [64, 128): nothing of 130.
        assert_eq!(b.take_word(1, 0, 100), 1);
        assert_eq!(b.take_word(2, 131, 200), 0);
        assert_eq!(b.take_word(2, 100, 200), 1 << 2);
        assert_eq!(b.count(), 1);
        let c = Bits::new(200);
        c.insert(3);
        c.insert(199);
        assert_eq!(b.count_union(&c), 2);
    }
}

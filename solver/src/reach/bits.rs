//! A shared bitmap of atomic 64-bit words, one bit per cell, used by the
//! reachability search from several threads at once.
//!
//! The words live in memory advised for huge pages
//! ([`tables::huge::HugeBuf`]): the search sets bits all over bitmaps of
//! 308 MB (4x4), and with 4 KiB pages nearly every such access also missed
//! the processor's address-translation cache.

use rayon::prelude::*;
use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tables::huge::HugeBuf;

/// Zeroed atomic words in a [`HugeBuf`].
struct Words {
    /// Owns the memory; the words are reached through `ptr`.
    _buf: HugeBuf,
    ptr: *const AtomicU64,
    len: usize,
}

// SAFETY: the words are atomics, valid for as long as `_buf` lives, and
// only ever accessed through `&[AtomicU64]`.
unsafe impl Send for Words {}
// SAFETY: as above; shared access to atomics is what they are for.
unsafe impl Sync for Words {}

impl Words {
    /// `len` zeroed words.
    ///
    /// # Panics
    /// If the system refuses the memory (as a `Vec` allocation would).
    fn zeroed(len: usize) -> Words {
        let bytes = len * 8;
        let mut buf = HugeBuf::zeroed(bytes)
            .unwrap_or_else(|e| panic!("cannot map {bytes} bytes of memory for a bitmap: {e}"));
        let ptr = buf.as_mut_ptr() as *const AtomicU64;
        Words {
            _buf: buf,
            ptr,
            len,
        }
    }
}

impl Deref for Words {
    type Target = [AtomicU64];

    fn deref(&self) -> &[AtomicU64] {
        // SAFETY: the buffer is at least `len * 8` bytes, page-aligned (so
        // aligned for u64), zero-initialised (a valid AtomicU64), and
        // lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// `len` bits in `ceil(len / 64)` atomic words (8 bytes per 64 cells),
/// all clear at creation.
pub struct Bits {
    words: Words,
    len: u64,
}

impl Bits {
    /// `len` clear bits.
    pub fn new(len: u64) -> Bits {
        let n = len.div_ceil(64) as usize;
        Bits {
            words: Words::zeroed(n),
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

    /// Hints the processor to bring bit `k`'s word into cache for writing
    /// (no effect on the bits; a no-op off x86-64).
    #[inline(always)]
    pub fn prefetch_write(&self, k: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(w) = self.words.get((k >> 6) as usize) {
            // SAFETY: a prefetch hint for a valid address; it reads and
            // writes nothing and cannot fault. SSE is part of x86-64.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    w.as_ptr() as *const i8,
                    std::arch::x86_64::_MM_HINT_ET0,
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = k;
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
            .zip(&other.words[..])
            .map(|(a, b)| (a.load(Relaxed) | b.load(Relaxed)).count_ones() as u64)
            .sum()
    }

    /// Word `wi` (cells `64 * wi ..`), for scans.
    #[inline(always)]
    pub fn word(&self, wi: usize) -> u64 {
        self.words[wi].load(Relaxed)
    }

    /// Sets the bits of `w` in word `wi` (cells `64 * wi ..`).
    #[inline(always)]
    pub fn or_word(&self, wi: usize, w: u64) {
        self.words[wi].fetch_or(w, Relaxed);
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

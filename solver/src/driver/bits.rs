//! Bitmaps of one bit per position, as words of 64 bits updated
//! atomically from several threads: bit `k & 63` of word `k >> 6` is
//! position `k`'s.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Sets bit `k` of `bits` (panics if `k` lies past the bitmap).
#[inline(always)]
pub fn set_bit(bits: &[AtomicU64], k: u64) {
    bits[(k >> 6) as usize].fetch_or(1 << (k & 63), Relaxed);
}

/// Clears bit `k` of `bits` (panics if `k` lies past the bitmap).
#[inline(always)]
pub fn clear_bit(bits: &[AtomicU64], k: u64) {
    bits[(k >> 6) as usize].fetch_and(!(1 << (k & 63)), Relaxed);
}

/// Whether bit `k` of `bits` is set (panics if `k` lies past the bitmap).
#[inline(always)]
pub fn test_bit(bits: &[AtomicU64], k: u64) -> bool {
    bits[(k >> 6) as usize].load(Relaxed) >> (k & 63) & 1 == 1
}

/// Bits `lo & 63 ..` up to (not including) bit `hi - (lo & !63)` of the
/// word holding bitmap position `lo` (`hi` at most the word's end, and
/// above `lo`).
#[inline(always)]
pub fn word_mask(lo: u64, hi: u64) -> u64 {
    let from = lo & 63;
    let to = hi - (lo & !63);
    let upper = if to == 64 { !0u64 } else { (1u64 << to) - 1 };
    upper & !((1u64 << from) - 1)
}

/// Sets bits `lo..hi` of `bits` (`lo <= hi`).
pub fn set_bits(bits: &[AtomicU64], lo: u64, hi: u64) {
    let mut k = lo;
    while k < hi {
        let end = ((k | 63) + 1).min(hi);
        bits[(k >> 6) as usize].fetch_or(word_mask(k, end), Relaxed);
        k = end;
    }
}

/// A zeroed bitmap of `n` bits, in memory.
pub fn zeroed(n: u64) -> Vec<AtomicU64> {
    (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect()
}

/// Number of bits set in `bits` (counted in parallel: a 4x4 bitmap is
/// 300 MB).
pub fn count_ones(bits: &[AtomicU64]) -> u64 {
    bits.par_iter()
        .map(|w| w.load(Relaxed).count_ones() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_ranges_cover_exactly_their_bits() {
        assert_eq!(word_mask(0, 64), !0);
        assert_eq!(word_mask(3, 5), 0b11000);
        assert_eq!(word_mask(64 + 1, 64 + 2), 0b10);
        let b = zeroed(200);
        set_bits(&b, 60, 131);
        assert_eq!(count_ones(&b), 71);
        assert!(!test_bit(&b, 59) && test_bit(&b, 60) && test_bit(&b, 130) && !test_bit(&b, 131));
        clear_bit(&b, 100);
        set_bit(&b, 199);
        assert_eq!(count_ones(&b), 71);
    }
}

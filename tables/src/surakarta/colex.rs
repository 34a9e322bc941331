//! Colexicographic rank and unrank of point sets: the perfect hash of a set
//! of `k` points among `n` as a number in `0..C(n, k)`.
//!
//! `rank(S) = sum over i of C(p_i, i + 1)`, `p_0 < p_1 < ...` the points of
//! `S`. Sets of the same size are numbered 0, 1, ... in colexicographic
//! order (by their largest point first).

/// Largest `n` of the binomial table (the 36 points of the board).
pub const MAX_N: usize = 36;

/// `BINOMIAL[n][k] = C(n, k)` for `n <= 36`, `k <= 12`.
pub const BINOMIAL: [[u64; 13]; MAX_N + 1] = {
    let mut t = [[0u64; 13]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 12 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)` for `n <= 36`, `k <= 12`.
#[inline(always)]
pub const fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// Colex rank of the set `bits` (any number of points up to 12, all below
/// 36): a number in `0..C(36, popcount)`.
#[inline]
pub fn rank(mut bits: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        r += BINOMIAL[p][i];
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The set of `k` points (below `n`) whose colex rank is `r < C(n, k)`.
#[inline]
pub fn unrank(mut r: u64, k: usize, n: usize) -> u64 {
    let mut bits = 0u64;
    let mut p = n;
    for i in (1..=k).rev() {
        p -= 1;
        while BINOMIAL[p][i] > r {
            p -= 1;
        }
        r -= BINOMIAL[p][i];
        bits |= 1 << p;
    }
    bits
}

/// `bits` with every point of `gaps` squeezed out: each point of `bits`
/// (none of them in `gaps`) moves down by the number of `gaps` points
/// below it (a software PEXT on the complement of `gaps`).
#[inline]
pub fn squeeze(bits: u64, gaps: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = bits;
    while rest != 0 {
        let p = rest.trailing_zeros();
        let below = (gaps & ((1u64 << p) - 1)).count_ones();
        out |= 1 << (p - below);
        rest &= rest - 1;
    }
    out
}

/// The inverse of [`squeeze`]: spreads `bits` over the points not in
/// `gaps` (a software PDEP on the complement of `gaps`).
#[inline]
pub fn spread(bits: u64, gaps: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = bits;
    while rest != 0 {
        let mut p = rest.trailing_zeros();
        let mut g = gaps;
        while g != 0 && g.trailing_zeros() <= p {
            p += 1;
            g &= g - 1;
        }
        out |= 1 << p;
        rest &= rest - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense_for_small_sets() {
        for k in 0..=3 {
            let count = binomial(36, k);
            let mut seen = vec![false; count as usize];
            for r in 0..count {
                let s = unrank(r, k, 36);
                assert_eq!(s.count_ones() as usize, k);
                assert_eq!(rank(s), r);
                seen[r as usize] = true;
            }
            assert!(seen.iter().all(|&b| b));
        }
    }

    #[test]
    fn squeeze_and_spread_undo_each_other() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let gaps = x & ((1 << 36) - 1) & 0x5_5555_5555;
            let bits = (x >> 20) & ((1 << 36) - 1) & !gaps;
            let sq = squeeze(bits, gaps);
            assert_eq!(sq.count_ones(), bits.count_ones());
            assert!(sq < 1 << (36 - gaps.count_ones()));
            assert_eq!(spread(sq, gaps), bits);
        }
    }
}

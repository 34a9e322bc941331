//! The canonical mover sets of each size: one set of `m` points per orbit
//! of the eight symmetries, and for every set the symmetry that takes it
//! to its orbit's canonical one.
//!
//! The canonical set of an orbit is its numerically smallest bitboard
//! (the same as the smallest colex rank). Sets are numbered by the
//! canonical sets' increasing order, so the numbering is fixed by the
//! definition alone and every build gets the same index.

use super::colex::{binomial, rank};
use super::symmetry::{apply, SYMMETRIES};
use std::sync::OnceLock;

/// Largest mover set handled (a 9-piece table's 8v1).
pub const MAX_MOVER: usize = 8;

/// The canonical sets of one size and the map onto them.
pub struct MoverSets {
    /// `canon_of[rank(S)] = id << 3 | g`: `S`'s orbit is canonical set
    /// `id`, and `apply(g, S)` is that canonical set.
    canon_of: Vec<u32>,
    /// The canonical sets, by id.
    sets: Vec<u64>,
    /// Per id, the symmetries fixing the canonical set (bit `g`).
    stabilisers: Vec<u8>,
}

impl MoverSets {
    /// The table for sets of `m` points (`m <= 8`), built on first use
    /// (under a second for `m = 7`: 8.3 million sets) and kept.
    pub fn of(m: usize) -> &'static MoverSets {
        static ALL: [OnceLock<MoverSets>; MAX_MOVER + 1] =
            [const { OnceLock::new() }; MAX_MOVER + 1];
        assert!(
            m <= MAX_MOVER,
            "mover sets of {m} points: at most {MAX_MOVER}"
        );
        ALL[m].get_or_init(|| MoverSets::build(m))
    }

    fn build(m: usize) -> MoverSets {
        let total = binomial(36, m) as usize;
        let mut canon_of = vec![0u32; total];
        let mut sets = Vec::with_capacity(total / 8 + 64);
        let mut stabilisers = Vec::with_capacity(total / 8 + 64);
        // Gosper's hack walks the m-point sets in increasing numeric order,
        // which is colex order: set number r has rank r.
        let mut s: u64 = (1u64 << m) - 1;
        for r in 0..total {
            let mut best = s;
            let mut best_g = 0;
            let mut stab = 0u8;
            for g in 0..SYMMETRIES {
                let img = apply(g, s);
                if img < best {
                    best = img;
                    best_g = g;
                }
                if img == s {
                    stab |= 1 << g;
                }
            }
            if best == s {
                canon_of[r] = (sets.len() as u32) << 3;
                sets.push(s);
                stabilisers.push(stab);
            } else {
                // The canonical set is smaller, so already numbered.
                let id = canon_of[rank(best) as usize] >> 3;
                canon_of[r] = id << 3 | best_g as u32;
            }
            if m == 0 {
                break;
            }
            let c = s & s.wrapping_neg();
            let r = s + c;
            s = (((r ^ s) >> 2) / c) | r;
        }
        MoverSets {
            canon_of,
            sets,
            stabilisers,
        }
    }

    /// Number of canonical sets (orbits).
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Always false: every size has at least one set.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// `(id, g)`: the orbit number of set `s` and a symmetry taking `s` to
    /// the orbit's canonical set.
    #[inline]
    pub fn canonical(&self, s: u64) -> (usize, usize) {
        let e = self.canon_of[rank(s) as usize];
        ((e >> 3) as usize, (e & 7) as usize)
    }

    /// The canonical set of orbit `id`.
    #[inline]
    pub fn set(&self, id: usize) -> u64 {
        self.sets[id]
    }

    /// The symmetries fixing canonical set `id`, as a bit mask (bit 0, the
    /// identity, is always set).
    #[inline]
    pub fn stabiliser(&self, id: usize) -> u8 {
        self.stabilisers[id]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_counts_follow_burnside() {
        // Burnside: the number of orbits is the mean number of sets each
        // symmetry fixes, counted here by brute force over all sets.
        for m in 0..=3usize {
            let sets = MoverSets::of(m);
            let mut fixed = 0u64;
            let mut s: u64 = (1u64 << m) - 1;
            for _ in 0..binomial(36, m) {
                for g in 0..SYMMETRIES {
                    fixed += (apply(g, s) == s) as u64;
                }
                if m == 0 {
                    break;
                }
                let c = s & s.wrapping_neg();
                let r = s + c;
                s = (((r ^ s) >> 2) / c) | r;
            }
            assert_eq!(sets.len() as u64 * 8, fixed, "m = {m}");
        }
    }

    #[test]
    fn every_set_maps_to_its_canonical_set() {
        let sets = MoverSets::of(3);
        let mut s: u64 = 0b111;
        for _ in 0..binomial(36, 3) {
            let (id, g) = sets.canonical(s);
            assert_eq!(apply(g, s), sets.set(id));
            for h in 0..SYMMETRIES {
                assert!(apply(h, s) >= sets.set(id));
            }
            let c = s & s.wrapping_neg();
            let r = s + c;
            s = (((r ^ s) >> 2) / c) | r;
        }
    }
}

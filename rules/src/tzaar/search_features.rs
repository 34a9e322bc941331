//! Cheap features of a position for game-tree search: a 64-bit hash key,
//! the number of first captures a side has, and its visible pieces by type.

use super::*;

/// SplitMix64's finaliser: a bijective mix of 64 bits.
#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Position {
    /// A 64-bit hash of everything that decides the game from here: every
    /// stack (point, colour, all layers), the side to move and the opening
    /// flag. Equal positions have equal keys; different positions collide
    /// with probability about 2^-64 per pair. Not stable across versions of
    /// this crate: do not store it.
    pub fn hash_key(&self) -> u64 {
        let mut h = mix(0x7a61_6172 ^ ((self.side as u64) << 1) ^ self.opening as u64);
        let mut bb = self.occupied;
        while bb != 0 {
            let p = bb.trailing_zeros() as u64;
            bb &= bb - 1;
            let white = self.white >> p & 1;
            h = h.wrapping_add(mix(self.stacks[p as usize] ^ mix(2 * p + white + 1)));
        }
        mix(h)
    }

    /// Number of captures `color` could make with its first action here
    /// (pairs of an own stack and an enemy stack it can land on and take),
    /// 0 to 180.
    pub fn capture_count(&self, color: Color) -> u32 {
        let mut n = 0;
        self.for_each_landing(color, false, |_, _, _| n += 1);
        n
    }

    /// Number of `color`'s stacks showing a Tzaar, a Tzarra and a Tott on
    /// top, in that order (each 0 to 30).
    #[inline]
    pub fn visible_counts(&self, color: Color) -> [u32; 3] {
        let m = self.mask(color);
        self.tops.map(|t| (t & m).count_ones())
    }

    /// Number of stacks on the board, both colours (0 to 60).
    pub fn stack_count(&self) -> u32 {
        self.occupied.count_ones()
    }
}

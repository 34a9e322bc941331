//! The eight symmetries of the square board acting on bitboards.
//!
//! A symmetry is a number `g` in `0..8`, read as three bits: bit 2 swaps
//! file and rank (the a1-f6 diagonal), then bit 0 mirrors the files
//! (a <-> f) and bit 1 the ranks (1 <-> 6). Every one of them maps the
//! small circuit (files b, e and ranks 2, 5) and the large circuit (files
//! c, d and ranks 3, 4) onto themselves and each corner loop onto a corner
//! loop, so it commutes with Surakarta's move generation (the tests of
//! `solver::surakarta` check this on random positions).

use std::sync::OnceLock;

/// Number of symmetries of the square (the dihedral group of order 8).
pub const SYMMETRIES: usize = 8;

/// Number of bytes a 36-point bitboard is cut into for the lookup tables.
const CHUNKS: usize = 5;

/// Image of point index `sq` (`0..36`) under symmetry `g` (`0..8`).
pub const fn map_square(g: usize, sq: usize) -> usize {
    let (mut f, mut r) = (sq % 6, sq / 6);
    if g & 4 != 0 {
        let t = f;
        f = r;
        r = t;
    }
    if g & 1 != 0 {
        f = 5 - f;
    }
    if g & 2 != 0 {
        r = 5 - r;
    }
    r * 6 + f
}

/// Precomputed images of every byte of a bitboard under every symmetry.
struct Tables {
    chunk: Vec<[[u64; 256]; CHUNKS]>,
    inverse: [usize; SYMMETRIES],
    compose: [[usize; SYMMETRIES]; SYMMETRIES],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut chunk = vec![[[0u64; 256]; CHUNKS]; SYMMETRIES];
        for (g, per_g) in chunk.iter_mut().enumerate() {
            for (c, per_chunk) in per_g.iter_mut().enumerate() {
                for (byte, image) in per_chunk.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let sq = c * 8 + bit;
                        if byte & (1 << bit) != 0 && sq < 36 {
                            *image |= 1u64 << map_square(g, sq);
                        }
                    }
                }
            }
        }
        let same =
            |a: &dyn Fn(usize) -> usize, b: &dyn Fn(usize) -> usize| (0..36).all(|s| a(s) == b(s));
        let inverse: [usize; SYMMETRIES] = std::array::from_fn(|g| {
            (0..SYMMETRIES)
                .find(|&h| same(&|s| map_square(h, map_square(g, s)), &|s| s))
                .expect("every symmetry has an inverse")
        });
        let compose: [[usize; SYMMETRIES]; SYMMETRIES] = std::array::from_fn(|h| {
            std::array::from_fn(|g| {
                (0..SYMMETRIES)
                    .find(|&k| same(&|s| map_square(h, map_square(g, s)), &|s| map_square(k, s)))
                    .expect("the symmetries form a group")
            })
        });
        Tables {
            chunk,
            inverse,
            compose,
        }
    })
}

/// Image of bitboard `bb` (bits `0..36`) under symmetry `g` (`0..8`).
#[inline]
pub fn apply(g: usize, bb: u64) -> u64 {
    let t = &tables().chunk[g];
    t[0][(bb & 0xFF) as usize]
        | t[1][((bb >> 8) & 0xFF) as usize]
        | t[2][((bb >> 16) & 0xFF) as usize]
        | t[3][((bb >> 24) & 0xFF) as usize]
        | t[4][((bb >> 32) & 0xFF) as usize]
}

/// The symmetry undoing `g`.
pub fn inverse(g: usize) -> usize {
    tables().inverse[g]
}

/// The symmetry `h` after `g` (apply `g` first).
pub fn compose(h: usize, g: usize) -> usize {
    tables().compose[h][g]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_a_distinct_bijection_of_the_points() {
        let mut images = std::collections::BTreeSet::new();
        for g in 0..SYMMETRIES {
            let img: Vec<usize> = (0..36).map(|s| map_square(g, s)).collect();
            let mut sorted = img.clone();
            sorted.sort();
            assert_eq!(sorted, (0..36).collect::<Vec<_>>(), "symmetry {g}");
            images.insert(img);
        }
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn bitboard_images_match_point_images_and_inverses_undo() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let bb = x & ((1 << 36) - 1);
            for g in 0..SYMMETRIES {
                let mut naive = 0u64;
                for s in 0..36 {
                    if bb & (1 << s) != 0 {
                        naive |= 1 << map_square(g, s);
                    }
                }
                assert_eq!(apply(g, bb), naive);
                assert_eq!(apply(inverse(g), apply(g, bb)), bb);
                for h in 0..SYMMETRIES {
                    assert_eq!(apply(compose(h, g), bb), apply(h, apply(g, bb)));
                }
            }
        }
    }

    #[test]
    fn both_circuits_map_onto_themselves() {
        // Points of each circuit's lines: files/ranks b, e (small) and c, d (large).
        let lines = |a: usize, b: usize| -> u64 {
            (0..36)
                .filter(|s| [a, b].contains(&(s % 6)) || [a, b].contains(&(s / 6)))
                .fold(0, |acc, s| acc | 1 << s)
        };
        for circuit in [lines(1, 4), lines(2, 3)] {
            for g in 0..SYMMETRIES {
                assert_eq!(apply(g, circuit), circuit, "symmetry {g}");
            }
        }
    }
}

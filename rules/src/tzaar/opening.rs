//! Opening positions: the fixed start and the seeded random opening.
//!
//! Both fill all 60 points with single pieces, 6 Tzaars, 9 Tzarras and 15
//! Totts per side, White to move with the opening turn (the TZAAR digital ruleset,
//! "固定开局与种子随机开局都严格保持每方查尔 6、查拉 9、托特 15").
//!
//! The seeded generator is this project's own, since neither the TZAAR digital ruleset nor
//! the TZAAR rulebook specifies one. It uses only 64-bit integer arithmetic, so a seed
//! gives the same arrangement on every platform and version:
//!
//! 1. SplitMix64 with state `s = seed`; each draw does
//!    `s = s + 0x9E3779B97F4A7C15`, `z = s`,
//!    `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9`,
//!    `z = (z ^ (z >> 27)) * 0x94D049BB133111EB`, returns `z ^ (z >> 31)`
//!    (all wrapping mod 2^64).
//! 2. The 60 pieces in the list order White Tzaar x6, White Tzarra x9, White
//!    Tott x15, Black Tzaar x6, Black Tzarra x9, Black Tott x15.
//! 3. Fisher-Yates: for `i` from 59 down to 1, draw `r`, let
//!    `j = (r * (i + 1)) >> 64` (128-bit product), swap items `i` and `j`.
//! 4. Item `k` goes to the point with index `k` (A1, A2, ..., A5, B1, ...,
//!    I5; column by column, row 1 first, E5 skipped).

use super::{Color, Kind, Point, Position};

/// Black's Tzaars, Tzarras and Totts in the fixed start (the TZAAR rulebook G figure 4).
const FIXED_BLACK: [&[&str]; 3] = [
    &["C3", "C4", "E7", "F3", "F6", "G3"],
    &["B2", "B3", "B4", "E8", "F2", "F7", "G2", "G6", "H2"],
    &[
        "A1", "A2", "A3", "A4", "D4", "E6", "E9", "F1", "F4", "F8", "G1", "G7", "H1", "H6", "I1",
    ],
];

/// White's Tzaars, Tzarras and Totts in the fixed start: Black's rotated 180 degrees.
const FIXED_WHITE: [&[&str]; 3] = [
    &["C5", "D3", "D6", "E3", "G4", "G5"],
    &["B5", "C2", "C6", "D2", "D7", "E2", "H3", "H4", "H5"],
    &[
        "A5", "B1", "B6", "C1", "C7", "D1", "D5", "D8", "E1", "E4", "F5", "I2", "I3", "I4", "I5",
    ],
];

/// Point lists (by type Tzaar, Tzarra, Tott) of the fixed start for `color`.
pub fn fixed_points(color: Color) -> [Vec<Point>; 3] {
    let lists = if color == Color::White {
        &FIXED_WHITE
    } else {
        &FIXED_BLACK
    };
    lists.map(|l| l.iter().map(|s| s.parse().expect("valid point")).collect())
}

impl Position {
    /// The fixed start (the TZAAR rulebook section G):
    /// White to move, opening turn.
    pub fn fixed_start() -> Position {
        let mut stacks = Vec::new();
        for color in [Color::White, Color::Black] {
            for (kind, points) in Kind::ALL.into_iter().zip(fixed_points(color)) {
                stacks.extend(points.into_iter().map(|p| (p, color, vec![kind])));
            }
        }
        Position::from_stacks(stacks, Color::White, true).expect("fixed start is valid")
    }

    /// The seeded random opening for `seed` (any u64), by the generator in
    /// the [module docs](self): White to move, opening turn.
    pub fn seeded(seed: u64) -> Position {
        let mut pieces = Vec::with_capacity(60);
        for color in [Color::White, Color::Black] {
            for kind in Kind::ALL {
                for _ in 0..super::INVENTORY[kind as usize] {
                    pieces.push((color, kind));
                }
            }
        }
        let mut rng = SplitMix64(seed);
        for i in (1..pieces.len()).rev() {
            let j = ((rng.next_u64() as u128 * (i as u128 + 1)) >> 64) as usize;
            pieces.swap(i, j);
        }
        let stacks = Point::all().zip(pieces).map(|(p, (c, k))| (p, c, vec![k]));
        Position::from_stacks(stacks, Color::White, true).expect("seeded opening is valid")
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014), as specified in the module docs.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// Next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

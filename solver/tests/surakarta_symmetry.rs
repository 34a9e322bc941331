//! The eight symmetries of the square and the Surakarta tables: every
//! symmetry commutes with move generation (so one cell can stand for a
//! whole orbit), and a position probes the same as each of its eight
//! images and its colour-swapped twin.

use rules::surakarta::{Position, Side};
use solver::surakarta::{solve_tablebase, BuildOptions};
use std::collections::BTreeSet;
use tablebase::surakarta::Tablebase;
use tables::surakarta::symmetry::{apply, map_square, SYMMETRIES};

/// A small xorshift generator (deterministic positions).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Two disjoint random sets of `a` and `b` points.
    fn position(&mut self, a: u32, b: u32) -> (u64, u64) {
        let mut pick = |n: u32, taken: u64| {
            let mut s = 0u64;
            while s.count_ones() < n {
                let p = self.next() % 36;
                if (taken | s) & (1 << p) == 0 {
                    s |= 1 << p;
                }
            }
            s
        };
        let x = pick(a, 0);
        let y = pick(b, x);
        (x, y)
    }
}

fn moves(p: &Position) -> BTreeSet<(usize, usize)> {
    p.legal_moves()
        .iter()
        .map(|m| (m.from.index(), m.to.index()))
        .collect()
}

#[test]
fn every_symmetry_commutes_with_move_generation() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for _ in 0..3000 {
        let a = 1 + (rng.next() % 12) as u32;
        let b = 1 + (rng.next() % 12) as u32;
        let (red, black) = rng.position(a, b);
        let p = Position::from_parts(red, black, Side::Red, 0).unwrap();
        let base = moves(&p);
        for g in 0..SYMMETRIES {
            let q = Position::from_parts(apply(g, red), apply(g, black), Side::Red, 0).unwrap();
            let mapped: BTreeSet<_> = base
                .iter()
                .map(|&(f, t)| (map_square(g, f), map_square(g, t)))
                .collect();
            assert_eq!(moves(&q), mapped, "symmetry {g} of {p}");
            compared += 1;
        }
    }
    assert_eq!(compared, 24_000);
}

#[test]
fn a_position_probes_as_its_eight_images_and_its_colour_swapped_twin() {
    let dir = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        max_pieces: 4,
        progress: false,
    };
    solve_tablebase(dir.path(), &opts, |_| {}).unwrap();
    let tb = Tablebase::open(dir.path()).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2000 {
        let n = 2 + (rng.next() % 3) as u32;
        let a = 1 + (rng.next() % (n as u64 - 1)) as u32;
        let (mover, other) = rng.position(a, n - a);
        let quiet = (rng.next() % 51) as u16;
        let p = Position::from_parts(mover, other, Side::Red, quiet).unwrap();
        let v = tb.probe(&p).unwrap();
        for g in 0..SYMMETRIES {
            let img =
                Position::from_parts(apply(g, mover), apply(g, other), Side::Red, quiet).unwrap();
            assert_eq!(tb.probe(&img).unwrap(), v, "symmetry {g} of {p}");
            let twin =
                Position::from_parts(apply(g, other), apply(g, mover), Side::Black, quiet).unwrap();
            assert_eq!(
                tb.probe(&twin).unwrap(),
                v,
                "colour swap of symmetry {g} of {p}"
            );
        }
    }
}

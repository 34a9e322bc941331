//! The left-right mirror is a symmetry of the AUDIT engine's rules
//! (`audit::ttc::board`): the children of a mirrored position are the
//! mirrored children and a line on the board stays a line, for every pawn
//! reading, with and without the opening lock, on every post-opening pair
//! of one-side configurations of every 3x3 variant and on random 4x4
//! pairs. The audit and the census fold their walk by this mirror
//! (`audit::ttc::mirror`), so it is checked here on the audit's own move
//! generation and mirror map (rules/tests/ttc_mirror.rs checks `rules`').

use audit::ttc::mirror::mirror_side;
use audit::ttc::Board;
use rules::ttc::{Color, PawnReading, Side, Variant};
use tables::Index;

type Pair = (Side, Side);

fn key(p: &Pair) -> ([u8; 4], bool, [u8; 4], bool) {
    (p.0.sq, p.0.returning, p.1.sq, p.1.returning)
}

/// The normalised pairs of the children of `(m, o)` (White to move), by
/// the audit engine, sorted.
fn children(v: Variant, m: &Side, o: &Side, placements_only: bool) -> Vec<Pair> {
    let board = Board::from_pair(v, m, o, Color::White);
    let mut out = Vec::new();
    board.for_each_move(Color::White, placements_only, |mv| {
        out.push(board.child_pair(m, o, mv));
    });
    out.sort_by_key(key);
    out
}

/// Mirror image of a pair (both sides).
fn mirrored(v: &Variant, p: &Pair) -> Pair {
    (mirror_side(v, &p.0), mirror_side(v, &p.1))
}

/// The children of the mirror against the mirrors of the children, and
/// the lines; returns the number of children compared.
fn check_pair(v: Variant, m: &Side, o: &Side) -> usize {
    let (mm, mo) = mirrored(&v, &(*m, *o));
    let board = Board::from_pair(v, m, o, Color::White);
    let image = Board::from_pair(v, &mm, &mo, Color::White);
    assert_eq!(
        board.is_terminal(),
        image.is_terminal(),
        "{}: {m:?} against {o:?}",
        v.describe()
    );
    let mut compared = 0;
    for lock in [false, true] {
        let mut want: Vec<Pair> = children(v, m, o, lock)
            .iter()
            .map(|c| mirrored(&v, c))
            .collect();
        want.sort_by_key(key);
        let got = children(v, &mm, &mo, lock);
        assert_eq!(got, want, "{}: {m:?} against {o:?}", v.describe());
        compared += got.len();
    }
    compared
}

#[test]
fn audit_moves_commute_with_the_mirror_on_every_3x3_pair() {
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 0) {
            let idx = Index::new(v);
            let mut compared = 0;
            // Every post-opening rank is one valid pair of disjoint
            // configurations, and every such pair has a rank.
            for i in 0..idx.size() {
                let (m, o) = idx.unrank(i).unwrap();
                assert_eq!(mirror_side(&v, &mirror_side(&v, &m)), m);
                compared += check_pair(v, &m, &o);
            }
            assert!(compared > 100_000, "{}: {compared}", v.describe());
        }
    }
}

#[test]
fn audit_moves_commute_with_the_mirror_on_random_4x4_pairs() {
    let mut r = 0x9e37_79b9_7f4a_7c15u64;
    for reading in PawnReading::ALL {
        let v = Variant::standard(reading);
        let idx = Index::new(v);
        for _ in 0..3000 {
            r = r
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let (m, o) = idx.unrank((r >> 11) % idx.size()).unwrap();
            check_pair(v, &m, &o);
        }
    }
}

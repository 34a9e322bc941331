//! The left-right mirror is a symmetry of the rules: the children of a
//! mirrored position are the mirrored children, for every pawn reading,
//! exhaustively over the one-side configurations of 3x3 variants and over
//! random pairs on 4x4. The solver and the reach fold the table by this
//! symmetry, so it is checked here on `rules`' own move generator.

use proptest::prelude::*;
use rules::ttc::{for_each_move, play_step, PawnReading, Role, Side, Variant, ABSENT, HAND};

const READINGS: [PawnReading; 3] = [
    PawnReading::TravelDirection,
    PawnReading::OutboundOnly,
    PawnReading::TowardOpponent,
];

/// Every valid one-side configuration of `v`.
fn sides(v: &Variant) -> Vec<Side> {
    let sqs = v.squares();
    let opts = |r: Role| -> Vec<u8> {
        if v.has_role(r) {
            (0..sqs).chain([HAND]).collect()
        } else {
            vec![ABSENT]
        }
    };
    let mut out = Vec::new();
    for p in opts(Role::Pawn) {
        for n in opts(Role::Knight) {
            for b in opts(Role::Bishop) {
                for r in opts(Role::Rook) {
                    for returning in [false, true] {
                        let s = Side {
                            sq: [p, n, b, r],
                            returning,
                        };
                        if s.check(v).is_ok() {
                            out.push(s);
                        }
                    }
                }
            }
        }
    }
    out
}

fn children(v: &Variant, m: &Side, o: &Side, placements_only: bool) -> Vec<(Side, Side)> {
    let mut out = Vec::new();
    for_each_move(v, m, o, placements_only, |s| {
        out.push(play_step(v, m, o, s))
    });
    out.sort_by_key(|(a, b)| (a.sq, a.returning, b.sq, b.returning));
    out
}

fn disjoint(v: &Variant, m: &Side, o: &Side) -> bool {
    v.geometry().rotate_mask(m.occupancy()) & o.occupancy() == 0
}

/// The children of the mirror, against the mirrors of the children.
fn check_pair(v: &Variant, m: &Side, o: &Side) {
    for lock in [false, true] {
        let mut want: Vec<(Side, Side)> = children(v, m, o, lock)
            .into_iter()
            .map(|(a, b)| (a.mirrored(v), b.mirrored(v)))
            .collect();
        want.sort_by_key(|(a, b)| (a.sq, a.returning, b.sq, b.returning));
        let got = children(v, &m.mirrored(v), &o.mirrored(v), lock);
        assert_eq!(got, want, "{}: {m:?} against {o:?}", v.describe());
    }
}

#[test]
fn mirror_is_an_involution_that_keeps_sides_valid() {
    for n in [3u8, 4] {
        let variants = if n == 3 {
            Variant::all_3x3(PawnReading::TravelDirection, 0)
        } else {
            vec![Variant::standard(PawnReading::TravelDirection)]
        };
        for v in variants {
            let all = sides(&v);
            let mut fixed = 0;
            for s in &all {
                let m = s.mirrored(&v);
                assert!(m.check(&v).is_ok(), "{s:?}");
                assert_eq!(m.mirrored(&v), *s);
                assert_eq!(m.rotated(&v), s.rotated(&v).mirrored(&v));
                fixed += (m == *s) as usize;
            }
            if n == 4 {
                // No square of an even board lies on the axis.
                assert_eq!(fixed, 1);
            } else {
                assert!(fixed > 1, "{}", v.describe());
            }
        }
    }
}

#[test]
fn moves_commute_with_the_mirror_on_every_3x3_pair() {
    for reading in READINGS {
        for v in Variant::all_3x3(reading, 0) {
            let all = sides(&v);
            for m in &all {
                for o in &all {
                    if disjoint(&v, m, o) {
                        check_pair(&v, m, o);
                    }
                }
            }
        }
    }
}

/// A side of the standard game from eight random bytes.
fn side_4x4(bytes: [u8; 5]) -> Side {
    let mut s = Side {
        sq: [HAND; 4],
        returning: false,
    };
    let mut used = 0u16;
    for (slot, &b) in bytes[..4].iter().enumerate() {
        let sq = b % 20;
        if sq < 16 && used & (1 << sq) == 0 {
            s.sq[slot] = sq;
            used |= 1 << sq;
        }
    }
    if s.sq[0] < 16 {
        let row = s.sq[0] / 4;
        s.returning = match row {
            0 => false,
            3 => true,
            _ => bytes[4] % 2 == 1,
        };
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn moves_commute_with_the_mirror_on_4x4(a in any::<[u8; 5]>(), b in any::<[u8; 5]>(), r in 0usize..3) {
        let v = Variant::standard(READINGS[r]);
        let (m, o) = (side_4x4(a), side_4x4(b));
        prop_assume!(disjoint(&v, &m, &o));
        check_pair(&v, &m, &o);
    }
}

//! Tic-Tac-Chec perft counts confirmed by an implementation we did not
//! write, pinned here for both of our engines (the `rules` generator and
//! the independent audit engine), so that a rule both of them misread
//! cannot pass the suite.
//!
//! The counts come from the move generator of brianhliou/tic-tac-chec
//! (Rust, `solver/src/lib.rs`, commit
//! 795ddf3551fc0c8da5021ec558fa29dbee5912a5), run once outside this
//! project through a small perft driver: 4x4, the three pawn readings,
//! depths 1 to 4, from the empty board, an opening position and
//! movement-phase positions reached by seeded random playouts (several with
//! a returning pawn: a White pawn pointing down, `v`, or a Black one
//! pointing up, `^`). The same run compared 108 positions at depth 3 and
//! 36 at depth 4 with `ttc perft ttc`: every count agreed.

use audit::ttc::{Board, MoveList};
use rules::ttc::{perft, PawnReading, Position, Variant};

/// `(reading, position, perft at depths 1..=4)`.
const PINNED: &[(&str, &str, [u64; 4])] = &[
    (
        "travel",
        "4/4/4/4 w PNBRpnbr -- 0",
        [64, 3840, 161280, 6289920],
    ),
    (
        "travel",
        "4/2n1/1N2/P3 b BRpbr ^- 3",
        [39, 936, 20592, 360696],
    ),
    (
        "travel",
        "1b1p/2n1/1N2/P1B1 w Rr ^v -",
        [16, 244, 2774, 33848],
    ),
    ("travel", "pNB1/R2P/3n/1r1b b - ^v -", [9, 99, 1115, 13525]),
    ("travel", "B1nb/rpN1/3P/2R1 w - ^v -", [9, 79, 995, 11550]),
    (
        "travel",
        "2N1/r3/1bB1/Rp1n w P -^ -",
        [20, 274, 4954, 69871],
    ),
    ("travel", "P3/nR2/r3/1Bp1 w Nb v^ -", [18, 327, 4567, 71761]),
    (
        "outbound",
        "pNB1/R2P/3n/1r1b b - ^v -",
        [9, 99, 1115, 13519],
    ),
    ("outbound", "Pb2/4/nprB/N1R1 w - v^ -", [8, 94, 916, 11140]),
    (
        "outbound",
        "2N1/1rb1/2B1/Rp1n w P -^ -",
        [20, 232, 4015, 51632],
    ),
    (
        "outbound",
        "P3/nR2/r3/1Bp1 w Nb v^ -",
        [18, 324, 4500, 69528],
    ),
    ("toward", "pNB1/R2P/3n/1r1b b - ^v -", [9, 99, 1115, 13519]),
    ("toward", "nb2/3N/p1rR/1B1P w - ^^ -", [7, 109, 1036, 15581]),
    (
        "toward",
        "2N1/1rb1/2B1/Rp1n w P -^ -",
        [20, 232, 4015, 51795],
    ),
    ("toward", "P3/nR2/r3/1Bp1 w Nb v^ -", [18, 324, 4500, 69677]),
];

fn reading(name: &str) -> PawnReading {
    match name {
        "travel" => PawnReading::TravelDirection,
        "outbound" => PawnReading::OutboundOnly,
        "toward" => PawnReading::TowardOpponent,
        other => panic!("unknown reading {other}"),
    }
}

/// Perft of the audit engine, by its own move list and play.
fn audit_perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    b.legal_moves(&mut list);
    if depth == 1 {
        return list.as_slice().len() as u64;
    }
    list.as_slice()
        .iter()
        .map(|&m| audit_perft(&b.play(m), depth - 1))
        .sum()
}

#[test]
fn both_engines_give_the_outside_counts() {
    for &(rules, text, counts) in PINNED {
        let v = Variant::standard(reading(rules));
        let p = Position::parse(text, v).unwrap_or_else(|e| panic!("{text}: {e}"));
        let b = Board::from_position(&p);
        for (d, &want) in (1..=4).zip(&counts) {
            assert_eq!(perft(&p, d), want, "rules engine, {rules} {text} depth {d}");
            assert_eq!(
                audit_perft(&b, d),
                want,
                "audit engine, {rules} {text} depth {d}"
            );
        }
    }
}

#[test]
fn the_pinned_positions_tell_the_readings_apart() {
    // A test of the readings must see them differ: the same position
    // gives three counts at depth 4 when a returning pawn can capture.
    let four = |r: &str, t: &str| {
        PINNED
            .iter()
            .find(|x| x.0 == r && x.1 == t)
            .map(|x| x.2[3])
            .unwrap()
    };
    let p = "P3/nR2/r3/1Bp1 w Nb v^ -";
    let (a, b, c) = (four("travel", p), four("outbound", p), four("toward", p));
    assert!(a != b && b != c && a != c, "{a} {b} {c}");
}

//! Fuzz targets for every text parser of `rules`: Tic-Tac-Chec positions
//! and moves, TZAAR points, positions and turns, Surakarta squares, moves
//! and positions. Property: no panic; an accepted text round-trips through
//! the printer; a refused one gets an error that quotes the input or the
//! offending token. Budget: see `fuzz/harness.rs` (`TTC_FUZZ_CASES`,
//! `TTC_FUZZ_INPUTS`; `scripts/fuzz.sh` runs the long one).

#[path = "fuzz/harness.rs"]
mod harness;

use harness::{fuzz_text, names_input};
use rules::surakarta;
use rules::ttc::{Move, PawnReading, Position, Variant};
use rules::tzaar;

/// The 4x4 game and one 3x3 variant (PNB, four opening plies).
fn ttc_variants() -> [Variant; 2] {
    [
        Variant::standard(PawnReading::TravelDirection),
        Variant::all_3x3(PawnReading::TravelDirection, 4)[0],
    ]
}

fn assert_named(target: &str, msg: &str, input: &str) {
    assert!(
        names_input(msg, input),
        "{target}: error does not name the input {input:?}: {msg}"
    );
}

/// Tic-Tac-Chec position: round trip or an error quoting the input.
fn check_ttc_position(text: &str) {
    for v in ttc_variants() {
        match Position::parse(text, v) {
            Ok(p) => assert_eq!(Position::parse(&p.to_notation(), v).unwrap(), p),
            Err(e) => assert_named("ttc position", &e.to_string(), text),
        }
    }
}

/// Tic-Tac-Chec move: round trip or an error quoting the input.
fn check_ttc_move(text: &str) {
    for v in ttc_variants() {
        match Move::parse(text, &v) {
            Ok(m) => assert_eq!(Move::parse(&m.to_text(&v), &v).unwrap(), m),
            Err(e) => assert_named("ttc move", &e.to_string(), text),
        }
    }
}

#[test]
fn fuzz_ttc_position() {
    fuzz_text(
        "ttc position",
        &[
            "4/4/4/4 w PNBRpnbr -- 0",
            "r2N/1p2/4/P1bR b Bn ^v -",
            "4/1P2/n3/4 w NBRpbr v- -",
            "3/3/3 w PNBpnb -- 0",
            "1n1/P2/2b w NBp ^- -",
        ],
        "PNBRpnbr0123456789/ wb-^v",
        check_ttc_position,
    );
}

#[test]
fn fuzz_ttc_move() {
    fuzz_text(
        "ttc move",
        &["N@b2", "n@c3", "a1-b3", "d4xa1", "P@a1", "c3-c2"],
        "PNBRpnbr@abcdex-1234 ",
        check_ttc_move,
    );
}

/// TZAAR point: round trip or an error quoting the input.
fn check_tzaar_point(text: &str) {
    match text.parse::<tzaar::Point>() {
        Ok(p) => assert_eq!(p.to_string().parse::<tzaar::Point>().unwrap(), p),
        Err(e) => assert_named("tzaar point", &e.to_string(), text),
    }
}

/// TZAAR position: round trip or an error quoting the input.
fn check_tzaar_position(text: &str) {
    match text.parse::<tzaar::Position>() {
        Ok(p) => assert_eq!(p.to_string().parse::<tzaar::Position>().unwrap(), p),
        Err(e) => assert_named("tzaar position", &e.to_string(), text),
    }
}

/// TZAAR turn: round trip or an error quoting the input.
fn check_tzaar_turn(text: &str) {
    match text.parse::<tzaar::Turn>() {
        Ok(t) => assert_eq!(t.to_string().parse::<tzaar::Turn>().unwrap(), t),
        Err(e) => assert_named("tzaar turn", &e.to_string(), text),
    }
}

#[test]
fn fuzz_tzaar_point() {
    fuzz_text(
        "tzaar point",
        &["A1", "E4", "I5", "D8", "e9"],
        "ABCDEFGHIabci0123456789",
        check_tzaar_point,
    );
}

#[test]
fn fuzz_tzaar_position() {
    let start = tzaar::Position::fixed_start().to_string();
    let seeded = tzaar::Position::seeded(7).to_string();
    fuzz_text(
        "tzaar position",
        &[
            &start,
            &seeded,
            "A1=r,A2=z,B1=t,D4=TTZ,I1=R,I2=T b normal",
            "A1=Z,A2=R,A3=T,B1=z w normal",
            "- w opening",
        ],
        "ABCDEFGHI123456789ZRTzrt=, wbopeningnormal",
        check_tzaar_position,
    );
}

#[test]
fn fuzz_tzaar_turn() {
    fuzz_text(
        "tzaar turn",
        &["D4xE4", "D4xE4 pass", "A1xA2 B1+B2", "I5xH4 C3xC4"],
        "ABCDEFGHI123456789x+ pass",
        check_tzaar_turn,
    );
}

/// Surakarta square: round trip or an error quoting the input.
fn check_surakarta_square(text: &str) {
    match surakarta::Square::parse(text) {
        Ok(s) => assert_eq!(surakarta::Square::parse(&s.to_string()).unwrap(), s),
        Err(e) => assert_named("surakarta square", &e.to_string(), text),
    }
}

/// Surakarta move: round trip or an error quoting the input.
fn check_surakarta_move(text: &str) {
    match surakarta::Move::parse(text) {
        Ok(m) => assert_eq!(surakarta::Move::parse(&m.to_string()).unwrap(), m),
        Err(e) => assert_named("surakarta move", &e.to_string(), text),
    }
}

/// Surakarta position: round trip or an error quoting the input.
fn check_surakarta_position(text: &str) {
    match surakarta::Position::parse(text) {
        Ok(p) => assert_eq!(surakarta::Position::parse(&p.to_string()).unwrap(), p),
        Err(e) => assert_named("surakarta position", &e.to_string(), text),
    }
}

#[test]
fn fuzz_surakarta_square() {
    fuzz_text(
        "surakarta square",
        &["a1", "f6", "c3"],
        "abcdefg0123456789",
        check_surakarta_square,
    );
}

#[test]
fn fuzz_surakarta_move() {
    fuzz_text(
        "surakarta move",
        &["b2-c3", "b3xb1", "f6-e5", "a1xf6"],
        "abcdef123456-x",
        check_surakarta_move,
    );
}

#[test]
fn fuzz_surakarta_position() {
    fuzz_text(
        "surakarta position",
        &[
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r",
            "b4b/1b2r1/6/2r3/6/r5 b 12",
        ],
        "rb0123456789/ 50",
        check_surakarta_position,
    );
}

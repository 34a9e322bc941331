//! Fuzz targets for the audit engines' own parsers: TZAAR points and
//! positions (`audit::tzaar`), Surakarta points and positions
//! (`audit::surakarta`). The Tic-Tac-Chec audit board reads positions
//! through `rules` (fuzzed in `rules/tests/fuzz_notation.rs`). Property:
//! no panic; an accepted text round-trips through the printer; a refused
//! one gets an error that quotes the input or the offending token.

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use audit::{surakarta, tzaar};
use harness::{fuzz_text, names_input};

fn assert_named(target: &str, msg: &str, input: &str) {
    assert!(
        names_input(msg, input),
        "{target}: error does not name the input {input:?}: {msg}"
    );
}

/// Audit TZAAR point: round trip or an error quoting the input.
fn check_tzaar_spot(text: &str) {
    match tzaar::Spot::parse(text) {
        Ok(s) => assert_eq!(tzaar::Spot::parse(&s.to_string()).unwrap(), s),
        Err(e) => assert_named("audit tzaar point", &e.to_string(), text),
    }
}

/// Audit TZAAR position: round trip or an error quoting the input.
fn check_tzaar_game(text: &str) {
    match tzaar::Game::parse(text) {
        Ok(g) => assert_eq!(tzaar::Game::parse(&g.to_string()).unwrap(), g),
        Err(e) => assert_named("audit tzaar position", &e.to_string(), text),
    }
}

#[test]
fn fuzz_audit_tzaar_point() {
    fuzz_text(
        "audit tzaar point",
        &["A1", "E4", "I5", "d8"],
        "ABCDEFGHIabci0123456789",
        check_tzaar_spot,
    );
}

#[test]
fn fuzz_audit_tzaar_position() {
    let start = tzaar::Game::fixed_start().to_string();
    let seeded = tzaar::Game::seeded(7).to_string();
    fuzz_text(
        "audit tzaar position",
        &[
            &start,
            &seeded,
            "A1=r,A2=z,B1=t,D4=TTZ,I1=R,I2=T b normal",
            "- w opening",
        ],
        "ABCDEFGHI123456789ZRTzrt=, wbopeningnormal",
        check_tzaar_game,
    );
}

/// Audit Surakarta point: round trip (or `None`: the parser has no error
/// type).
fn check_surakarta_point(text: &str) {
    if let Some(p) = surakarta::Point::parse(text) {
        assert_eq!(surakarta::Point::parse(&p.to_string()), Some(p));
    }
}

/// Audit Surakarta position: round trip or an error quoting the input.
fn check_surakarta_board(text: &str) {
    match surakarta::Board::parse(text) {
        Ok(b) => assert_eq!(surakarta::Board::parse(&b.to_text()).unwrap(), b),
        Err(e) => assert_named("audit surakarta position", &e, text),
    }
}

#[test]
fn fuzz_audit_surakarta_point() {
    fuzz_text(
        "audit surakarta point",
        &["a1", "f6", "c3"],
        "abcdefg0123456789",
        check_surakarta_point,
    );
}

#[test]
fn fuzz_audit_surakarta_position() {
    fuzz_text(
        "audit surakarta position",
        &[
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r",
            "b4b/1b2r1/6/2r3/6/r5 b 12",
        ],
        "rb0123456789/ 50",
        check_surakarta_board,
    );
}

//! Fuzz targets for every text parser of `rules`: Tic-Tac-Chec positions
//! and moves, TZAAR points, positions, turns, tournament positions and
//! placements, Surakarta squares, moves and positions. Besides a few fixed
//! seeds, each target mutates texts met in random games of its engine
//! (drawn from the run's seed), so that most mutated inputs stay well
//! formed and reach the rule checks behind the parser. Property: no panic; an accepted text round-trips through
//! the printer; a refused one gets an error that quotes the input or the
//! offending token. Budget: see `fuzz/harness.rs` (`TTC_FUZZ_CASES`,
//! `TTC_FUZZ_INPUTS`; `scripts/fuzz.sh` runs the long one).

#[path = "fuzz/game_texts.rs"]
mod game_texts;
#[path = "fuzz/harness.rs"]
mod harness;

use game_texts::{seeds, surakarta_game_texts, ttc_game_texts, tzaar_game_texts};
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
fn check_ttc_position(text: &str) -> bool {
    let mut accepted = false;
    for v in ttc_variants() {
        match Position::parse(text, v) {
            Ok(p) => {
                assert_eq!(Position::parse(&p.to_notation(), v).unwrap(), p);
                accepted = true;
            }
            Err(e) => assert_named("ttc position", &e.to_string(), text),
        }
    }
    accepted
}

/// Tic-Tac-Chec move: round trip or an error quoting the input.
fn check_ttc_move(text: &str) -> bool {
    let mut accepted = false;
    for v in ttc_variants() {
        match Move::parse(text, &v) {
            Ok(m) => {
                assert_eq!(Move::parse(&m.to_text(&v), &v).unwrap(), m);
                accepted = true;
            }
            Err(e) => assert_named("ttc move", &e.to_string(), text),
        }
    }
    accepted
}

#[test]
fn fuzz_ttc_position() {
    let mut generated = Vec::new();
    for v in ttc_variants() {
        generated.extend(ttc_game_texts("ttc position", v, 40).0);
    }
    fuzz_text(
        "ttc position",
        &seeds(
            &[
                "4/4/4/4 w PNBRpnbr -- 0",
                "r2N/1p2/4/P1bR b Bn ^v -",
                "4/1P2/n3/4 w NBRpbr v- -",
                "3/3/3 w PNBpnb -- 0",
                "1n1/P2/2b w NBp ^- -",
            ],
            &generated,
        ),
        "PNBRpnbr0123456789/ wb-^v",
        check_ttc_position,
    );
}

#[test]
fn fuzz_ttc_move() {
    let mut generated = Vec::new();
    for v in ttc_variants() {
        generated.extend(ttc_game_texts("ttc move", v, 40).1);
    }
    fuzz_text(
        "ttc move",
        &seeds(
            &["N@b2", "n@c3", "a1-b3", "d4xa1", "P@a1", "c3-c2"],
            &generated,
        ),
        "PNBRpnbr@abcdex-1234 ",
        check_ttc_move,
    );
}

/// TZAAR point: round trip or an error quoting the input.
fn check_tzaar_point(text: &str) -> bool {
    match text.parse::<tzaar::Point>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<tzaar::Point>().unwrap(), p);
            true
        }
        Err(e) => {
            assert_named("tzaar point", &e.to_string(), text);
            false
        }
    }
}

/// TZAAR position: round trip or an error quoting the input.
fn check_tzaar_position(text: &str) -> bool {
    match text.parse::<tzaar::Position>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<tzaar::Position>().unwrap(), p);
            true
        }
        Err(e) => {
            assert_named("tzaar position", &e.to_string(), text);
            false
        }
    }
}

/// TZAAR turn: round trip or an error quoting the input.
fn check_tzaar_turn(text: &str) -> bool {
    match text.parse::<tzaar::Turn>() {
        Ok(t) => {
            assert_eq!(t.to_string().parse::<tzaar::Turn>().unwrap(), t);
            true
        }
        Err(e) => {
            assert_named("tzaar turn", &e.to_string(), text);
            false
        }
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
    let generated = tzaar_game_texts("tzaar position", 20).0;
    fuzz_text(
        "tzaar position",
        &seeds(
            &[
                &start,
                "A1=r,A2=z,B1=t,D4=TTZ,I1=R,I2=T b normal",
                "A1=Z,A2=R,A3=T,B1=z w normal",
                "- w opening",
            ],
            &generated,
        ),
        "ABCDEFGHI123456789ZRTzrt=, wbopeningnormalplacement",
        check_tzaar_position,
    );
}

/// TZAAR tournament position (placement phase or play): round trip or
/// an error quoting the input.
fn check_tzaar_stage(text: &str) -> bool {
    match text.parse::<tzaar::Stage>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<tzaar::Stage>().unwrap(), p);
            true
        }
        Err(e) => {
            assert_named("tzaar stage", &e.to_string(), text);
            false
        }
    }
}

/// TZAAR placement: round trip or an error quoting the input.
fn check_tzaar_placement(text: &str) -> bool {
    match text.parse::<tzaar::Placement>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<tzaar::Placement>().unwrap(), p);
            true
        }
        Err(e) => {
            assert_named("tzaar placement", &e.to_string(), text);
            false
        }
    }
}

#[test]
fn fuzz_tzaar_stage() {
    let (positions, placements) = tzaar_game_texts("tzaar stage", 20);
    let all: Vec<String> = positions.into_iter().chain(placements).collect();
    fuzz_text(
        "tzaar stage",
        &seeds(&["- w placement Z6R9T15z6r9t15"], &all),
        "ABCDEFGHI123456789ZRTzrt@=, wbopeningnormalplacement",
        |t: &str| {
            let stage = check_tzaar_stage(t);
            check_tzaar_placement(t) || stage
        },
    );
}

#[test]
fn fuzz_tzaar_turn() {
    let generated = tzaar_game_texts("tzaar turn", 20).1;
    fuzz_text(
        "tzaar turn",
        &seeds(
            &["D4xE4", "D4xE4 pass", "A1xA2 B1+B2", "I5xH4 C3xC4"],
            &generated,
        ),
        "ABCDEFGHI123456789x+ pass",
        check_tzaar_turn,
    );
}

/// Surakarta square: round trip or an error quoting the input.
fn check_surakarta_square(text: &str) -> bool {
    match surakarta::Square::parse(text) {
        Ok(s) => {
            assert_eq!(surakarta::Square::parse(&s.to_string()).unwrap(), s);
            true
        }
        Err(e) => {
            assert_named("surakarta square", &e.to_string(), text);
            false
        }
    }
}

/// Surakarta move: round trip or an error quoting the input.
fn check_surakarta_move(text: &str) -> bool {
    match surakarta::Move::parse(text) {
        Ok(m) => {
            assert_eq!(surakarta::Move::parse(&m.to_string()).unwrap(), m);
            true
        }
        Err(e) => {
            assert_named("surakarta move", &e.to_string(), text);
            false
        }
    }
}

/// Surakarta position: round trip or an error quoting the input.
fn check_surakarta_position(text: &str) -> bool {
    match surakarta::Position::parse(text) {
        Ok(p) => {
            assert_eq!(surakarta::Position::parse(&p.to_string()).unwrap(), p);
            true
        }
        Err(e) => {
            assert_named("surakarta position", &e.to_string(), text);
            false
        }
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
    let generated = surakarta_game_texts("surakarta move", 20).1;
    fuzz_text(
        "surakarta move",
        &seeds(&["b2-c3", "b3xb1", "f6-e5", "a1xf6"], &generated),
        "abcdef123456-x",
        check_surakarta_move,
    );
}

#[test]
fn fuzz_surakarta_position() {
    let generated = surakarta_game_texts("surakarta position", 20).0;
    fuzz_text(
        "surakarta position",
        &seeds(
            &[
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r",
                "b4b/1b2r1/6/2r3/6/r5 b 12",
            ],
            &generated,
        ),
        "rb0123456789/ 50",
        check_surakarta_position,
    );
}

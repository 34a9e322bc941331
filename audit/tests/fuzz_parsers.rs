//! Fuzz targets for the audit engines' own parsers: TZAAR points and
//! positions (`audit::tzaar`), Surakarta points and positions
//! (`audit::surakarta`). The Tic-Tac-Chec audit board reads positions
//! through `rules` (fuzzed in `rules/tests/fuzz_notation.rs`). Property:
//! no panic; an accepted text round-trips through the printer; a refused
//! one gets an error that quotes the input or the offending token; and the
//! audit parser and the `rules` parser of the same notation accept the
//! same texts, as the same position. Seeds: texts met in random games
//! (`rules/tests/fuzz/game_texts.rs`), mutated mostly token by token.

#[path = "../../rules/tests/fuzz/game_texts.rs"]
mod game_texts;
#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use audit::{surakarta, tzaar};
use game_texts::{seeds, surakarta_game_texts, tzaar_game_texts};
use harness::{fuzz_text, names_input};
use rules::surakarta as fast_surakarta;
use rules::tzaar as fast_tzaar;

fn assert_named(target: &str, msg: &str, input: &str) {
    assert!(
        names_input(msg, input),
        "{target}: error does not name the input {input:?}: {msg}"
    );
}

/// Audit TZAAR point: round trip or an error quoting the input.
fn check_tzaar_spot(text: &str) -> bool {
    let fast = text.parse::<fast_tzaar::Point>();
    match tzaar::Spot::parse(text) {
        Ok(s) => {
            assert_eq!(tzaar::Spot::parse(&s.to_string()).unwrap(), s);
            let f =
                fast.unwrap_or_else(|e| panic!("rules refuses {text:?} ({e}), audit reads {s}"));
            assert_eq!(f.to_string(), s.to_string(), "{text:?}");
            true
        }
        Err(e) => {
            assert_named("audit tzaar point", &e.to_string(), text);
            assert!(
                fast.is_err(),
                "audit refuses {text:?} ({e}), rules reads it"
            );
            false
        }
    }
}

/// Audit TZAAR position: round trip or an error quoting the input.
fn check_tzaar_game(text: &str) -> bool {
    let fast = text.parse::<fast_tzaar::Position>();
    match tzaar::Game::parse(text) {
        Ok(g) => {
            assert_eq!(tzaar::Game::parse(&g.to_string()).unwrap(), g);
            let f =
                fast.unwrap_or_else(|e| panic!("rules refuses {text:?} ({e}), audit reads {g}"));
            assert_eq!(f.to_string(), g.to_string(), "{text:?}");
            true
        }
        Err(e) => {
            assert_named("audit tzaar position", &e.to_string(), text);
            assert!(
                fast.is_err(),
                "audit refuses {text:?} ({e}), rules reads it"
            );
            false
        }
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
    let generated: Vec<String> = tzaar_game_texts("audit tzaar position", 20)
        .0
        .into_iter()
        .filter(|t| !t.contains("placement"))
        .collect();
    fuzz_text(
        "audit tzaar position",
        &seeds(
            &[
                &start,
                "A1=r,A2=z,B1=t,D4=TTZ,I1=R,I2=T b normal",
                "- w opening",
            ],
            &generated,
        ),
        "ABCDEFGHI123456789ZRTzrt=, wbopeningnormal",
        check_tzaar_game,
    );
}

/// Audit Surakarta point: round trip (or `None`: the parser has no error
/// type).
fn check_surakarta_point(text: &str) -> bool {
    let fast = fast_surakarta::Square::parse(text);
    match surakarta::Point::parse(text) {
        Some(p) => {
            assert_eq!(surakarta::Point::parse(&p.to_string()), Some(p));
            let f =
                fast.unwrap_or_else(|e| panic!("rules refuses {text:?} ({e}), audit reads {p}"));
            assert_eq!(f.to_string(), p.to_string(), "{text:?}");
            true
        }
        None => {
            assert!(fast.is_err(), "audit refuses {text:?}, rules reads it");
            false
        }
    }
}

/// Audit Surakarta position: round trip or an error quoting the input.
fn check_surakarta_board(text: &str) -> bool {
    let fast = fast_surakarta::Position::parse(text);
    match surakarta::Board::parse(text) {
        Ok(b) => {
            assert_eq!(surakarta::Board::parse(&b.to_text()).unwrap(), b);
            let f = fast.unwrap_or_else(|e| {
                panic!("rules refuses {text:?} ({e}), audit reads {}", b.to_text())
            });
            // The audit board keeps no move counter: board and side agree.
            let head = |t: String| t.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(head(f.to_string()), head(b.to_text()), "{text:?}");
            true
        }
        Err(e) => {
            assert_named("audit surakarta position", &e, text);
            assert!(
                fast.is_err(),
                "audit refuses {text:?} ({e}), rules reads it"
            );
            false
        }
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
    let generated = surakarta_game_texts("audit surakarta position", 20).0;
    fuzz_text(
        "audit surakarta position",
        &seeds(
            &[
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r",
                "b4b/1b2r1/6/2r3/6/r5 b 12",
            ],
            &generated,
        ),
        "rb0123456789/ 50",
        check_surakarta_board,
    );
}

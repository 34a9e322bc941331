//! Regression tests for the faults the fuzz targets of
//! `fuzz_parsers.rs` found.

use audit::tzaar::Game;

/// The audit TZAAR position parser said what was wrong (field count, too
/// many pieces, an opening turn for Black, both sides lost) but not which
/// text it read.
#[test]
fn audit_tzaar_position_errors_quote_the_position() {
    for text in [
        "=x",
        "A1=T w",
        "A1=ZZZZZZZ,B1=zrt w normal",
        "A1=ZRT,B1=zrt b opening",
        "A1=ZR,B1=zr w normal",
        "A1=ZRT,B1=zrt w later",
    ] {
        let e = Game::parse(text).unwrap_err().to_string();
        assert!(e.contains(&format!("`{text}`")), "{text}: {e}");
    }
}

/// The audit Surakarta position parser read 13 pieces of a side and a
/// turn count of `+1` or `51` that the `rules` parser refuses (found by
/// the differential target of `fuzz_parsers.rs`): both now refuse them.
#[test]
fn audit_surakarta_positions_the_rules_parser_refuses_are_refused() {
    for text in [
        "b1rbb1/1b1rb1/3bbb/r1brr1/1rr1rr/1rrr1r r 13",
        "bbbbbb/bb2bb/3br1/1rb3/1rrrr1/rrrrrr b +1",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 51",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r x",
    ] {
        assert!(rules::surakarta::Position::parse(text).is_err(), "{text}");
        let e = audit::surakarta::Board::parse(text).unwrap_err();
        assert!(e.contains(text), "{text}: {e}");
    }
    assert!(audit::surakarta::Board::parse("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 50").is_ok());
}

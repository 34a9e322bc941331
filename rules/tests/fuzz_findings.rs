//! Regression tests for the faults the fuzz targets of
//! `fuzz_notation.rs` found, one test per fault.

use rules::ttc::{Move, PawnReading, Variant};
use rules::tzaar;

/// A square name whose letters lie far off the board (`1P`: file `1`,
/// rank `P`) made `Geometry::parse_square` compute the square number
/// before checking the coordinates (`then_some` is eager), an integer
/// overflow panic in builds with overflow checks.
#[test]
fn ttc_square_names_far_off_the_board_are_refused_without_overflow() {
    for v in [
        Variant::standard(PawnReading::TravelDirection),
        Variant::all_3x3(PawnReading::TravelDirection, 4)[0],
    ] {
        for text in ["1Px", "1P-a1", "a1-~~", "N@zz", "N@\u{7f}\u{7f}", "~~xa1"] {
            let e = Move::parse(text, &v).unwrap_err().to_string();
            assert!(e.contains(text), "{text}: {e}");
        }
        assert_eq!(v.geometry().parse_square("1P"), None);
        assert_eq!(v.geometry().parse_square("\u{7f}\u{7f}"), None);
    }
}

/// TZAAR position errors for a wrong field count or an impossible
/// position said what was wrong but not which text was read.
#[test]
fn tzaar_position_errors_quote_the_position() {
    for text in [
        "q]",
        "A1=T w",
        "A1=ZZZZZZZ,B1=zrt w normal",
        "A1=ZR,B1=zr w normal",
    ] {
        let e = text.parse::<tzaar::Position>().unwrap_err().to_string();
        assert!(e.contains(&format!("`{text}`")), "{text}: {e}");
    }
}

/// A move placing a piece the variant lacks listed every variant's
/// letters (`PNBR/pnbr`) on a 3x3 PNB board, through `ttc` and the API
/// (issue 38, item 11): the refusal lists the board's own pieces.
#[test]
fn ttc_a_foreign_piece_letter_is_refused_naming_the_variants_pieces() {
    let pnb = Variant::all_3x3(PawnReading::TravelDirection, 4)
        .into_iter()
        .find(|v| v.describe().contains(" PNB "))
        .expect("the 3x3 PNB variant");
    for text in ["R@b2", "r@b2", "Z@b2", "q@a1"] {
        let e = Move::parse(text, &pnb).unwrap_err().to_string();
        assert!(e.contains(text) && e.ends_with("PNB/pnb"), "{text}: {e}");
        assert!(!e.contains("PNBR"), "{text}: {e}");
    }
    let full = Variant::standard(PawnReading::TravelDirection);
    let e = Move::parse("Z@b2", &full).unwrap_err().to_string();
    assert!(e.ends_with("PNBR/pnbr"), "{e}");
    assert!(Move::parse("R@b2", &full).is_ok());
}

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

//! Position notation: round trips and clear errors on malformed text.

use proptest::prelude::*;
use rules::ttc::{PawnReading, Position, Variant};

fn v() -> Variant {
    Variant::standard(PawnReading::TravelDirection)
}

fn err(text: &str) -> String {
    Position::parse(text, v()).unwrap_err().to_string()
}

#[test]
fn empty_board_and_a_middle_game_round_trip() {
    for text in [
        "4/4/4/4 w PNBRpnbr -- 0",
        "r2N/1p2/4/P1bR b Bn ^v -",
        "4/1P2/n3/4 w NBRpbr v- -",
    ] {
        let p = Position::parse(text, v()).unwrap();
        assert_eq!(p.to_string(), text);
    }
}

#[test]
fn malformed_positions_name_the_problem() {
    let cases = [
        ("4/4/4 w PNBRpnbr -- 0", "expected 4 ranks"),
        ("4/4/4/4 w PNBRpnbr --", "expected 5 fields"),
        ("5/4/4/4 w PNBRpnbr -- 0", "rank 4: 5 squares"),
        ("4/4/4/X3 w PNBRpnbr -- 0", "unknown piece letter 'X'"),
        ("4/4/4/4 x PNBRpnbr -- 0", "field 2 (side)"),
        (
            "4/4/4/N3 w PNBRpnbr -- -",
            "already on the board or in hand",
        ),
        ("4/4/4/4 w PNBpnbr -- -", "White's R is neither"),
        ("4/4/4/P3 w NBRpnbr v- -", "home rank must point outbound"),
        ("4/4/P3/4 w NBRpnbr -- -", "give its direction"),
        ("4/4/4/4 w PNBRpnbr ^- -", "not on the board"),
        ("4/4/4/4 w PNBRpnbr -- 9", "past the opening lock"),
        ("4/4/4/N3 w PBRpnbr -- 0", "White has 0 and Black 0"),
        ("4/4/4/4 b PNBRpnbr -- 0", "side to move must be White"),
        ("4/4/4/4 w PNBRpnbr -- x", "field 5 (ply)"),
    ];
    for (text, want) in cases {
        let e = err(text);
        assert!(e.contains(want), "{text}: got `{e}`, wanted `{want}`");
        assert!(e.contains(text), "error must quote the input: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Every post-opening position the index can produce round-trips.
    #[test]
    fn random_positions_round_trip(moves in prop::collection::vec(0usize..64, 0..40)) {
        let mut p = Position::empty(v());
        for m in moves {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            p = p.play(legal[m % legal.len()]).unwrap();
        }
        let text = p.to_string();
        prop_assert_eq!(Position::parse(&text, v()).unwrap(), p);
    }
}

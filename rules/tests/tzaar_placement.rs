//! The tournament version's placement phase (the TZAAR rulebook H) in the
//! fast generator: counts by formula, notation, illegal placements and
//! the hand-over into White's opening turn.

use rules::tzaar::{
    perft, placement_divide, placement_perft, stage_perft, Color, IllegalPlacement, Kind,
    ParsePlacementError, ParsePointError, ParsePositionError, Placement, Point, Position, Setup,
    SetupError, Stage,
};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// Perft of the first `d` placement plies from the empty board, from first
/// principles: ply k (1-based) has 61 - k empty points, and for k <= 12
/// the side to place still holds all three types (a reserve can first be
/// empty at ply 13: White's sixth Tzaar is placed at ply 11 at the
/// earliest), so it has 3 (point, type) placements per empty point.
fn closed_form(d: u64) -> u64 {
    assert!(d <= 12);
    (1..=d).map(|k| (61 - k) * 3).product()
}

#[test]
fn first_four_placement_plies_match_the_closed_form() {
    let empty = Setup::empty();
    assert_eq!(closed_form(1), 180);
    assert_eq!(closed_form(2), 180 * 177);
    assert_eq!(closed_form(3), 180 * 177 * 174);
    assert_eq!(closed_form(4), 180 * 177 * 174 * 171);
    assert_eq!(placement_perft(&empty, 0), 1);
    for d in 1..=4 {
        assert_eq!(placement_perft(&empty, d), closed_form(d as u64), "ply {d}");
    }
    // The divide of ply 2: each of the 180 first placements leaves 177.
    let div = placement_divide(&empty, 2);
    assert_eq!(div.len(), 180);
    assert!(div.iter().all(|&(_, n)| n == 177));
    assert_eq!(div[0].0.to_string(), "Z@A1");
    assert_eq!(div[2].0.to_string(), "T@A1");
}

#[test]
fn an_exhausted_type_drops_out_of_the_placements() {
    // White has placed all six Tzaars, Black six pieces: White to place.
    let text =
        "A1=Z,A2=Z,A3=Z,A4=Z,A5=Z,B1=Z,I1=t,I2=t,I3=t,I4=t,I5=t,H1=t w placement Z0R9T15z6r9t9";
    let s: Setup = text.parse().unwrap();
    assert_eq!(
        s.to_string(),
        "A1=Z,A2=Z,A3=Z,A4=Z,A5=Z,B1=Z,H1=t,I1=t,I2=t,I3=t,I4=t,I5=t w placement Z0R9T15z6r9t9"
    );
    assert_eq!(s.placements().len(), 48 * 2);
    assert_eq!(placement_perft(&s, 1), 96);
    // Black then still has three types: 96 * 47 * 3.
    assert_eq!(placement_perft(&s, 2), 96 * 47 * 3);
    assert_eq!(
        s.place(&"Z@C1".parse().unwrap()),
        Err(IllegalPlacement::EmptyReserve {
            color: Color::White,
            kind: Kind::Tzaar,
            max: 6
        })
    );
}

/// The first 59 placements of a whole game: White's 30 pieces and Black's
/// first 29, alternating, on the points in index order.
fn setup_with_one_left() -> Setup {
    let mut white = vec![Kind::Tzaar; 6];
    white.extend([Kind::Tzarra; 9]);
    white.extend([Kind::Tott; 15]);
    let mut stage = Stage::tournament();
    let points: Vec<Point> = Point::all().collect();
    for ply in 0..59 {
        let Stage::Placement(s) = stage else {
            panic!("the phase ended early")
        };
        let (color, kind) = if ply % 2 == 0 {
            (Color::White, white[ply / 2])
        } else {
            (Color::Black, white[ply / 2])
        };
        stage = s
            .place(&Placement {
                point: points[ply],
                color,
                kind,
            })
            .unwrap();
    }
    let Stage::Placement(s) = stage else {
        panic!("the phase ended early")
    };
    s
}

#[test]
fn the_sixtieth_placement_hands_over_to_whites_opening_turn() {
    let s = setup_with_one_left();
    assert_eq!(s.placed(), 59);
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.placements(), vec!["t@I5".parse::<Placement>().unwrap()]);
    let Stage::Play(pos) = s.place(&"t@I5".parse().unwrap()).unwrap() else {
        panic!("no hand-over")
    };
    assert!(pos.is_opening());
    assert_eq!(pos.side_to_move(), Color::White);
    let back: Position = pos.to_string().parse().unwrap();
    assert_eq!(back, pos);
    let opening_turns = pos.turns().len() as u64;
    assert!(opening_turns > 0);
    assert_eq!(placement_perft(&s, 1), 1);
    assert_eq!(placement_perft(&s, 2), opening_turns);
    assert_eq!(placement_perft(&s, 3), perft(&pos, 2));
    assert_eq!(stage_perft(&Stage::Play(pos), 2), perft(&pos, 2));
}

#[test]
fn placement_phase_text_round_trips_and_checks_its_reserves() {
    let start: Stage = "- w placement Z6R9T15z6r9t15".parse().unwrap();
    assert_eq!(start, Stage::tournament());
    assert_eq!(start.to_string(), "- w placement Z6R9T15z6r9t15");
    let s: Setup = "d4=T b placement Z6R9T14z6r9t15".parse().unwrap();
    assert_eq!(s.to_string(), "D4=T b placement Z6R9T14z6r9t15");
    assert_eq!(s.reserve(Color::White, Kind::Tott), 14);
    let err = |t: &str| t.parse::<Setup>().unwrap_err();
    assert!(matches!(
        err("D4=T b placement Z6R9T15z6r9t15"),
        ParsePositionError::ReservesDiffer {
            written: 15,
            derived: 14,
            ..
        }
    ));
    assert!(matches!(
        err("D4=T b placement Z6R9T14"),
        ParsePositionError::ReservesSyntax(_)
    ));
    assert!(matches!(
        err("D4=T b placement Z6R9T014z6r9t15"),
        ParsePositionError::ReservesSyntax(_)
    ));
    assert!(matches!(
        err("D4=TT w placement Z6R9T13z6r9t15"),
        ParsePositionError::StackInPlacement(_)
    ));
    assert!(matches!(
        err("D4=T w placement Z6R9T14z6r9t15"),
        ParsePositionError::InvalidSetup {
            problem: SetupError::WrongSide { .. },
            ..
        }
    ));
    assert!(matches!(
        err("D4=t w placement Z6R9T15z6r9t14"),
        ParsePositionError::InvalidSetup {
            problem: SetupError::Unbalanced { white: 0, black: 1 },
            ..
        }
    ));
    assert!(matches!(
        err("- w placement"),
        ParsePositionError::PlacementFieldCount { found: 3, .. }
    ));
    // A misspelt turn field is named, not counted.
    assert!(matches!(
        "- w placemnt Z6R9T15z6r9t15".parse::<Position>().unwrap_err(),
        ParsePositionError::BadTurn(t) if t == "placemnt"
    ));
    // A position in play refuses the placement form, with a clear reason.
    let e = "- w placement Z6R9T15z6r9t15"
        .parse::<Position>()
        .unwrap_err();
    assert!(e.to_string().contains("placement phase"), "{e}");
}

#[test]
fn a_full_board_is_not_a_placement_phase() {
    let full = Position::fixed_start()
        .to_string()
        .replace(" w opening", "");
    let e = format!("{full} w placement Z0R0T0z0r0t0")
        .parse::<Setup>()
        .unwrap_err();
    assert!(matches!(
        e,
        ParsePositionError::InvalidSetup {
            problem: SetupError::Full,
            ..
        }
    ));
}

#[test]
fn placements_are_read_and_illegal_ones_refused_with_the_reason() {
    let p: Placement = "Z@d4".parse().unwrap();
    assert_eq!(
        (p.point, p.color, p.kind),
        (pt("D4"), Color::White, Kind::Tzaar)
    );
    assert_eq!("t@F2".parse::<Placement>().unwrap().to_string(), "t@F2");
    assert!(matches!(
        "Z@E5".parse::<Placement>(),
        Err(ParsePlacementError::BadPoint {
            problem: ParsePointError::Hole(_),
            ..
        })
    ));
    assert!(matches!(
        "X@D4".parse::<Placement>(),
        Err(ParsePlacementError::BadPiece { letter: 'X', .. })
    ));
    for bad in ["ZD4", "ZZ@D4", "@D4", ""] {
        assert!(
            matches!(
                bad.parse::<Placement>(),
                Err(ParsePlacementError::Syntax(_))
            ),
            "{bad}"
        );
    }
    let s: Setup = "D4=T b placement Z6R9T14z6r9t15".parse().unwrap();
    assert_eq!(
        s.place(&"Z@A1".parse().unwrap()),
        Err(IllegalPlacement::WrongColor {
            color: Color::White,
            side: Color::Black
        })
    );
    let occupied = s.place(&"z@D4".parse().unwrap()).unwrap_err();
    assert_eq!(
        occupied,
        IllegalPlacement::Occupied {
            point: pt("D4"),
            color: Color::White,
            kind: Kind::Tott
        }
    );
    assert!(occupied
        .to_string()
        .contains("D4 already holds a White Tott"));
    assert!(s.place(&"z@D5".parse().unwrap()).is_ok());
}

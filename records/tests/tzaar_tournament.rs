//! Records of TZAAR's tournament version (the TZAAR rulebook H): a whole
//! game from the empty board replays through both engines, and illegal
//! placements are refused with their turn number and reason.

use records::tzaar::{check_report, verify_game, TzaarFormat, VerifyReport};

/// A whole tournament game: 60 placements (random legal ones), then 21
/// turns of random legal play until Black wins.
const GAME: &str = include_str!("tzaar_tournament.txt");

fn run(text: &str) -> VerifyReport {
    verify_game(text, "t.txt", TzaarFormat::Auto).unwrap()
}

#[test]
fn a_whole_tournament_game_verifies() {
    let r = run(GAME);
    check_report(&r).unwrap();
    assert!(r.legal && r.engines_agree, "{:?}", r.engine_disagreement);
    assert_eq!(r.start, "- w placement Z6R9T15z6r9t15");
    assert_eq!(r.turns_played, 81);
    assert_eq!(r.turns[0].side, Some("White"));
    assert_eq!(r.turns[1].side, Some("Black"));
    assert_eq!(r.turns[0].audit_legal, Some(true));
    // The 60th placement (Black's) hands over to White's opening turn.
    let handed = r.turns[59].position_after.as_deref().unwrap();
    assert!(handed.ends_with(" w opening"), "{handed}");
    assert_eq!(r.turns[60].side, Some("White"));
    assert!(!r.turns[60].mv.as_deref().unwrap().contains(' '));
    let result = r.result.unwrap();
    assert_eq!(result.winner, "Black");
}

/// The first `n` placement lines of the game, then `extra`.
fn prefix(n: usize, extra: &str) -> String {
    let lines: Vec<&str> = GAME.lines().collect();
    // Line 1 is a comment, line 2 the header; placements are lines 3.. .
    format!("{}\n{extra}\n", lines[..2 + n].join("\n"))
}

/// The rejection of the record: (turn number, reason).
fn refused(text: &str) -> (usize, String) {
    let r = run(text);
    assert!(!r.legal);
    assert!(r.engines_agree, "{:?}", r.engine_disagreement);
    let rej = r.illegal_turn.unwrap();
    (rej.turn_number, rej.reason)
}

#[test]
fn illegal_placements_are_refused_with_turn_number_and_reason() {
    let first = GAME.lines().nth(2).unwrap(); // "1. X@P"
    let point = first.split('@').nth(1).unwrap();
    // An occupied point: Black places on White's first point.
    let (n, why) = refused(&format!("start tournament\n{first}\n2. t@{point}\n"));
    assert_eq!(n, 2);
    assert!(
        why.contains(&format!("{point} already holds a White")),
        "{why}"
    );
    // The hole.
    let (n, why) = refused("start tournament\nZ@E5\n");
    assert_eq!(n, 1);
    assert!(why.contains("centre hole"), "{why}");
    // The wrong colour: Black's piece on White's placement.
    let (n, why) = refused("start tournament\n1. Z@A1\n2. z@A2\n3. z@A3\n");
    assert_eq!(n, 3);
    assert!(why.contains("it is White's placement"), "{why}");
    // A type with an empty reserve: White's seventh Tzaar.
    let mut text = String::from("start tournament\n");
    for p in ["A", "B", "C", "D", "F", "G", "H"] {
        text.push_str(&format!("Z@{p}1\nt@{p}2\n"));
    }
    let (n, why) = refused(&text);
    assert_eq!(n, 13);
    assert!(why.contains("White has no Tzaar left in reserve"), "{why}");
    // Malformed text.
    let (n, why) = refused("start tournament\nQ@A1\n");
    assert_eq!(n, 1);
    assert!(why.contains("unknown piece letter `Q`"), "{why}");
    // A capture turn before all pieces are placed, and a placement after.
    let (n, why) = refused(&prefix(10, "11. A1xA2"));
    assert_eq!(n, 11);
    assert!(why.contains("placement phase is not over"), "{why}");
    let (n, why) = refused(&prefix(60, "61. T@A1"));
    assert_eq!(n, 61);
    assert!(why.contains("every piece is already on the board"), "{why}");
}

#[test]
fn a_record_may_start_mid_placement_from_a_position() {
    let r = run("position D4=T b placement Z6R9T14z6r9t15\nt@D5\nZ@A1\n");
    check_report(&r).unwrap();
    assert_eq!(
        r.final_position,
        "A1=Z,D4=T,D5=t b placement Z5R9T14z6r9t14"
    );
    assert_eq!(r.to_move, Some("Black"));
    assert!(r.result.is_none());
    let Err(e) = verify_game("start random\n", "t.txt", TzaarFormat::Auto) else {
        panic!("`start random` was read");
    };
    assert!(e.to_string().contains("not a start"), "{e}");
    let Err(e) = verify_game("seed 3\nstart tournament\n", "t.txt", TzaarFormat::Auto) else {
        panic!("two starts were read");
    };
    assert!(e.to_string().contains("one start"), "{e}");
}

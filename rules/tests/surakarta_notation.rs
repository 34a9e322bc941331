//! Text notation of Surakarta positions and moves: round trips, and a clear
//! error naming the problem and the input for each kind of malformed text.

use proptest::prelude::*;
use rules::surakarta::{Move, MoveKind, NotationError, Position, Side, Square, FULL};

const START: &str = "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0";

#[test]
fn start_position_text() {
    assert_eq!(Position::start().to_string(), START);
    assert_eq!(Position::parse(START).unwrap(), Position::start());
    // The quiet-turn field is optional.
    assert_eq!(
        Position::parse("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r").unwrap(),
        Position::start()
    );
}

#[test]
fn parses_a_middle_game_position() {
    let p = Position::parse("b4b/1b2r1/6/2r3/6/r5 b 12").unwrap();
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.quiet_turns(), 12);
    let at = |s: &str| p.piece_at(Square::parse(s).unwrap());
    assert_eq!(at("a6"), Some(Side::Black));
    assert_eq!(at("f6"), Some(Side::Black));
    assert_eq!(at("b5"), Some(Side::Black));
    assert_eq!(at("e5"), Some(Side::Red));
    assert_eq!(at("c3"), Some(Side::Red));
    assert_eq!(at("a1"), Some(Side::Red));
    assert_eq!(at("c4"), None);
    assert_eq!(p.pieces(Side::Red).count_ones(), 3);
}

#[test]
fn moves_and_squares() {
    let m = Move::parse("b2-c3").unwrap();
    assert_eq!(m.kind, MoveKind::Step);
    assert_eq!(m.from, Square::new(1, 1).unwrap());
    assert_eq!(m.to, Square::new(2, 2).unwrap());
    assert_eq!(m.to_string(), "b2-c3");
    let c = Move::parse("b3xb1").unwrap();
    assert_eq!(c.kind, MoveKind::Capture);
    assert_eq!(c.to_string(), "b3xb1");
    assert_eq!(Square::parse("f6").unwrap().index(), 35);
    assert_eq!(Square::parse("a1").unwrap().index(), 0);
}

/// Asserts that `result` is an error whose message contains every piece of
/// `needles`.
fn assert_err<T: std::fmt::Debug>(result: Result<T, NotationError>, needles: &[&str]) {
    let err = result.expect_err("malformed text must be rejected");
    let msg = err.to_string();
    for n in needles {
        assert!(msg.contains(n), "{msg:?} should mention {n:?}");
    }
}

#[test]
fn malformed_positions_are_rejected_with_the_reason() {
    assert_err(Position::parse(""), &["expected 2 or 3 fields", "found 0"]);
    assert_err(
        Position::parse("6/6/6/6/6/6 r 0 extra"),
        &["found 4", "6/6/6/6/6/6 r 0 extra"],
    );
    assert_err(Position::parse("6/6/6/6/6 r"), &["6 ranks", "found 5"]);
    assert_err(
        Position::parse("6/6/6/6/6/5q r"),
        &["rank 1", "'q'", "6/6/6/6/6/5q r"],
    );
    assert_err(Position::parse("6/6/6/6/6/R5 r"), &["rank 1", "'R'"]);
    assert_err(Position::parse("6/6/6/6/6/7 r"), &["rank 1", "'7'"]);
    assert_err(
        Position::parse("6/5/6/6/6/6 r"),
        &["rank 5", "5 points, expected 6"],
    );
    assert_err(
        Position::parse("rrrrrrr/6/6/6/6/6 b"),
        &["rank 6", "7 points"],
    );
    assert_err(Position::parse("6/6/6/6/6/6 w"), &["side to move", "\"w\""]);
    assert_err(
        Position::parse("6/6/6/6/6/6 r 51"),
        &["turns without capture", "\"51\""],
    );
    assert_err(Position::parse("6/6/6/6/6/6 r -1"), &["\"-1\""]);
    assert_err(Position::parse("6/6/6/6/6/6 r +3"), &["\"+3\""]);
    assert_err(
        Position::parse("rrrrrr/rrrrrr/r5/6/6/6 r"),
        &["red has 13 pieces"],
    );
}

#[test]
fn malformed_moves_and_squares_are_rejected_with_the_reason() {
    assert_err(Square::parse("g1"), &["\"g1\"", "file a-f"]);
    assert_err(Square::parse("a7"), &["\"a7\""]);
    assert_err(Square::parse("a"), &["\"a\""]);
    assert_err(Move::parse("b2c3"), &["\"b2c3\"", "FROM-TO"]);
    assert_err(Move::parse("b2:c3"), &["\"b2:c3\""]);
    assert_err(Move::parse("b2-c3 "), &["\"b2-c3 \""]);
    assert_err(Move::parse("b2-c9"), &["\"b2-c9\"", "\"c9\""]);
    assert_err(Move::parse("é2-c3"), &["\"é2-c3\""]);
}

/// Any placement of at most 12 pieces per side on distinct points.
fn any_position() -> impl Strategy<Value = Position> {
    (
        proptest::collection::vec(0usize..3, 36),
        any::<bool>(),
        0u16..=50,
    )
        .prop_map(|(cells, black_to_move, quiet)| {
            let (mut red, mut black) = (0u64, 0u64);
            for (i, c) in cells.iter().enumerate() {
                if *c == 1 && red.count_ones() < 12 {
                    red |= 1 << i;
                } else if *c == 2 && black.count_ones() < 12 {
                    black |= 1 << i;
                }
            }
            let side = if black_to_move {
                Side::Black
            } else {
                Side::Red
            };
            Position::from_parts(red, black, side, quiet).unwrap()
        })
}

proptest! {
    #[test]
    fn position_text_round_trips(p in any_position()) {
        let text = p.to_string();
        prop_assert_eq!(Position::parse(&text).unwrap(), p);
    }

    #[test]
    fn move_text_round_trips(from in 0usize..36, to in 0usize..36, capture in any::<bool>()) {
        let (from, to) = (Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        let m = if capture { Move::capture(from, to) } else { Move::step(from, to) };
        prop_assert_eq!(Move::parse(&m.to_string()).unwrap(), m);
    }

    #[test]
    fn generated_moves_are_legal_and_counted(p in any_position()) {
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u64, p.count_moves());
        let mut pairs: Vec<_> = moves.iter().map(|m| (m.from, m.to)).collect();
        pairs.sort();
        pairs.dedup();
        prop_assert_eq!(pairs.len(), moves.len());
        for &m in moves.iter() {
            prop_assert!(p.check_move(m).is_ok(), "{} in {}", m, p);
            let q = p.play(m);
            let lost = (p.pieces(p.side_to_move().opponent()) & !q.pieces(p.side_to_move().opponent())).count_ones();
            prop_assert_eq!(lost, u32::from(m.kind == MoveKind::Capture));
        }
        // Every (from, to) not generated is rejected by check_move.
        for from in Square::iter(FULL) {
            for to in Square::iter(FULL) {
                for m in [Move::step(from, to), Move::capture(from, to)] {
                    prop_assert_eq!(p.check_move(m).is_ok(), moves.contains(&m), "{} in {}", m, p);
                }
            }
        }
    }

    #[test]
    fn corners_never_capture_and_are_never_captured(p in any_position()) {
        let corners = [0usize, 5, 30, 35].map(|i| Square::from_index(i).unwrap());
        for from in Square::iter(FULL) {
            let targets = p.capture_targets(from);
            if corners.contains(&from) {
                prop_assert_eq!(targets, 0);
            }
            for c in corners {
                prop_assert_eq!(targets & c.bit(), 0);
            }
        }
    }
}

/// The whole cause chain of an error, joined the way `anyhow`'s `{:#}`
/// prints it.
fn chain(err: &dyn std::error::Error) -> String {
    let mut msg = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        source = s.source();
    }
    msg
}

#[test]
fn two_adjacent_digits_in_a_rank_are_refused() {
    // 3 + 3 = 6 points, but one run of empty points is one digit.
    assert_err(
        Position::parse("33/6/6/6/6/6 r"),
        &["33/6/6/6/6/6 r", "rank 6", "adjacent digits", "\"33\""],
    );
    assert_err(
        Position::parse("6/6/6/6/6/r14 r"),
        &["rank 1", "adjacent digits", "\"14\""],
    );
    assert_err(
        Position::parse("6/6/b41/6/6/6 r"),
        &["rank 4", "adjacent digits", "\"41\""],
    );
    // Digits adding up past the row width.
    assert_err(Position::parse("6/6/6/5r2/6/6 r"), &["rank 3", "8 points"]);
    assert_err(Position::parse("6/6/6/6/6/r6 r"), &["rank 1", "7 points"]);
    // One digit between pieces is still fine.
    assert!(Position::parse("b4b/6/6/6/6/r1r3 r").is_ok());
}

#[test]
fn the_cause_chain_states_each_problem_once() {
    let err = Position::parse("rrrrrr/rrrrrr/rrrrrr/6/6/bbbbbb r").unwrap_err();
    let msg = chain(&err);
    assert_eq!(
        msg.matches("red has 18 pieces, at most 12 allowed").count(),
        1,
        "{msg}"
    );
    assert!(msg.contains("rrrrrr/rrrrrr/rrrrrr/6/6/bbbbbb r"), "{msg}");
    let err = Move::parse("b2-c9").unwrap_err();
    let msg = chain(&err);
    assert_eq!(msg.matches("\"c9\"").count(), 1, "{msg}");
}

#[test]
fn huge_input_is_echoed_cut() {
    let board = "6/".repeat(50_000);
    let err = Position::parse(&format!("{board} r")).unwrap_err();
    let msg = chain(&err);
    assert!(msg.len() < 300, "{} bytes: {msg:.400}", msg.len());
    assert!(msg.contains("\"6/6/6/"), "{msg}");
    assert!(msg.contains("... (100002 characters in all)"), "{msg}");
    assert!(msg.contains("found 50001"), "{msg}");
    let side = "w".repeat(100_000);
    let msg = Position::parse(&format!("6/6/6/6/6/6 {side}"))
        .unwrap_err()
        .to_string();
    assert!(msg.len() < 400, "{} bytes", msg.len());
    assert!(msg.contains("side to move"), "{msg}");
    let msg = Move::parse(&"x".repeat(100_000)).unwrap_err().to_string();
    assert!(msg.len() < 300, "{} bytes", msg.len());
}

//! Hand-built positions for each capture rule of the Surakarta rules, checked on the fast generator. The same positions are checked on
//! the audit engine in `audit/tests/surakarta_rules.rs`.

use rules::surakarta::{perft, Move, MoveKind, Position, Side, Square};
use std::collections::BTreeSet;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn bits(names: &[&str]) -> u64 {
    names.iter().map(|n| sq(n).bit()).fold(0, |a, b| a | b)
}

/// Position with the given red and black points, `side` to move.
fn pos(red: &[&str], black: &[&str], side: Side) -> Position {
    Position::from_parts(bits(red), bits(black), side, 0).unwrap()
}

/// Names of the points the piece on `from` can capture.
fn captures(p: &Position, from: &str) -> BTreeSet<String> {
    Square::iter(p.capture_targets(sq(from)))
        .map(|s| s.to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_position_perft_1_to_5() {
    // Red's rank-2 pieces step onto rank 3 (2+3+3+3+3+2 = 16 steps); the
    // dense start allows no capture.
    let p = Position::start();
    assert_eq!(p.legal_moves().len(), 16);
    assert!(p.legal_moves().iter().all(|m| m.kind == MoveKind::Step));
    let expected = [1, 16, 256, 5382, 111_122, 2_572_484];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&p, depth as u32), n, "perft({depth})");
    }
}

#[test]
fn capture_needing_all_four_loops_of_its_circuit() {
    // b3 up: b4 b5 b6, loop a6, a5..f5, loop f6, e6..e1, loop f1,
    // f2..a2 (passing b2), loop a1, b1 = enemy. Going down from b3 meets b1
    // before any loop, and rank 3 (large circuit) never reaches b1.
    let p = pos(&["b3"], &["b1"], Side::Red);
    assert_eq!(captures(&p, "b3"), set(&["b1"]));
    assert!(p.legal_moves().contains(&Move::capture(sq("b3"), sq("b1"))));
    // A friendly piece on a2, the last point before the fourth loop, kills
    // the capture: it needed all four loops.
    let blocked = pos(&["b3", "a2"], &["b1"], Side::Red);
    assert_eq!(captures(&blocked, "b3"), set(&[]));
    // Same on the large circuit: c5 up c6, loop a6, a4..f4, loop f6,
    // d6..d1, loop f1, f3..a3, loop a1, c1 = enemy. Down from c5 meets c1
    // before any loop; rank 5 is on the small circuit, which misses c1.
    let large = pos(&["c5"], &["c1"], Side::Red);
    assert_eq!(captures(&large, "c5"), set(&["c1"]));
    let large_blocked = pos(&["c5", "a3"], &["c1"], Side::Red);
    assert_eq!(captures(&large_blocked, "c5"), set(&[]));
}

#[test]
fn capture_path_crossing_the_movers_own_start_point() {
    // b2 down: b1, loop a1, a2, b2 (its own start, now empty), c2 = enemy.
    // The friendly b3 blocks the other routes to c2.
    let p = pos(&["b2", "b3"], &["c2"], Side::Red);
    assert_eq!(captures(&p, "b2"), set(&["c2"]));
    // Control: the capture runs only through that crossing: a friendly
    // piece on a2, just before it, removes it.
    let blocked = pos(&["b2", "b3", "a2"], &["c2"], Side::Red);
    assert_eq!(captures(&blocked, "b2"), set(&[]));
}

#[test]
fn piece_on_a_loop_end_captures_leaving_away_from_that_loop() {
    // b1 ends file b at the a1 small loop. Leaving upward, away from it:
    // b2..b6, loop a6, a5 = enemy. The friendly a2 blocks the route that
    // starts into the a1 loop.
    let p = pos(&["b1", "a2"], &["a5"], Side::Red);
    assert_eq!(captures(&p, "b1"), set(&["a5"]));
    // Control: a piece on b4 blocks the upward route.
    let blocked = pos(&["b1", "a2", "b4"], &["a5"], Side::Red);
    assert_eq!(captures(&blocked, "b1"), set(&[]));
}

#[test]
fn corner_pieces_never_capture() {
    // Red only on the corners, Black on loop lines all round: files a, f
    // and ranks 1, 6 end in no loop.
    let p = pos(
        &["a1", "f1", "a6", "f6"],
        &["b2", "e5", "c3", "d4", "b1", "a2", "f5", "e6"],
        Side::Red,
    );
    for corner in ["a1", "f1", "a6", "f6"] {
        assert_eq!(captures(&p, corner), set(&[]), "{corner}");
    }
    assert!(p.legal_moves().iter().all(|m| m.kind == MoveKind::Step));
}

#[test]
fn corner_pieces_are_never_captured() {
    // Black only on the corners, one red piece on any other point and
    // nothing else: every route of that piece runs free round its circuits
    // and never meets a corner.
    let corners = ["a1", "f1", "a6", "f6"];
    for from in Square::iter(rules::surakarta::FULL) {
        let name = from.to_string();
        if corners.contains(&name.as_str()) {
            continue;
        }
        let p = pos(&[&name], &corners, Side::Red);
        assert_eq!(captures(&p, &name), set(&[]), "{name}");
    }
    // Control: a black piece on d4 is taken from c3 (up c4 c5 c6, loop a6,
    // a4 b4 c4, d4).
    let control = pos(&["c3"], &["a1", "f1", "a6", "f6", "d4"], Side::Red);
    assert_eq!(captures(&control, "c3"), set(&["d4"]));
}

#[test]
fn path_blocked_before_its_first_loop_by_either_colour() {
    // b3 down: b2, b1, loop a1, a2 = enemy; b4 (friendly) shuts the way up.
    let open = pos(&["b3", "b4"], &["a2"], Side::Red);
    assert_eq!(captures(&open, "b3"), set(&["a2"]));
    // A friendly piece on b2 blocks the path before the loop.
    let own = pos(&["b3", "b4", "b2"], &["a2"], Side::Red);
    assert_eq!(captures(&own, "b3"), set(&[]));
    // An enemy piece on b2 blocks it too, and is not captured itself: it
    // is met before any loop.
    let enemy = pos(&["b3", "b4"], &["a2", "b2"], Side::Red);
    assert_eq!(captures(&enemy, "b3"), set(&[]));
}

#[test]
fn straight_line_meeting_is_not_a_capture() {
    // b3 and b5 on one file with b4 empty: no loop, no capture. b2 blocks
    // the long way round.
    let p = pos(&["b3", "b2"], &["b5"], Side::Red);
    assert_eq!(captures(&p, "b3"), set(&[]));
}

/// (mover, friendly blocker, enemy target): the mover stands on a loop end
/// and leaves into the loop; the blocker shuts its other direction; the
/// target sits two points after the loop's exit along the exit line, so the
/// capture exists only if the path leaves the loop on the right point
/// heading the right way.
const EXITS: [(&str, &str, &str, &str); 16] = [
    (
        "small a1: b1 down, out at a2 heading right",
        "b1",
        "b3",
        "c2",
    ),
    ("small a1: a2 left, out at b1 heading up", "a2", "c2", "b3"),
    (
        "small f1: e1 down, out at f2 heading left",
        "e1",
        "e3",
        "d2",
    ),
    ("small f1: f2 right, out at e1 heading up", "f2", "d2", "e3"),
    ("small a6: b6 up, out at a5 heading right", "b6", "b4", "c5"),
    (
        "small a6: a5 left, out at b6 heading down",
        "a5",
        "c5",
        "b4",
    ),
    ("small f6: e6 up, out at f5 heading left", "e6", "e4", "d5"),
    (
        "small f6: f5 right, out at e6 heading down",
        "f5",
        "d5",
        "e4",
    ),
    (
        "large a1: c1 down, out at a3 heading right",
        "c1",
        "c2",
        "c3",
    ),
    ("large a1: a3 left, out at c1 heading up", "a3", "b3", "c3"),
    (
        "large f1: d1 down, out at f3 heading left",
        "d1",
        "d2",
        "d3",
    ),
    ("large f1: f3 right, out at d1 heading up", "f3", "e3", "d3"),
    ("large a6: c6 up, out at a4 heading right", "c6", "c5", "c4"),
    (
        "large a6: a4 left, out at c6 heading down",
        "a4",
        "b4",
        "c4",
    ),
    ("large f6: d6 up, out at f4 heading left", "d6", "d5", "d4"),
    (
        "large f6: f4 right, out at d6 heading down",
        "f4",
        "e4",
        "d4",
    ),
];

#[test]
fn exit_direction_after_each_of_the_eight_loops() {
    for (what, mover, blocker, target) in EXITS {
        let p = pos(&[mover, blocker], &[target], Side::Red);
        assert_eq!(captures(&p, mover), set(&[target]), "{what}");
        // Same for Black moving, colours swapped.
        let q = pos(&[target], &[mover, blocker], Side::Black);
        assert_eq!(captures(&q, mover), set(&[target]), "{what} (black)");
    }
}

#[test]
fn several_paths_to_one_point_are_one_move() {
    // b2 alone with an enemy on e5, everything else empty: e5 is reached
    // by several routes (up file b and round; along rank 2 and round ...).
    let p = pos(&["b2"], &["e5"], Side::Red);
    let moves = p.legal_moves();
    let to_e5 = moves.iter().filter(|m| m.to == sq("e5")).count();
    assert_eq!(to_e5, 1);
    assert_eq!(moves.len() as u64, p.count_moves());
}

#[test]
fn captures_are_not_forced() {
    let p = pos(&["b3"], &["b1"], Side::Red);
    let moves = p.legal_moves();
    assert!(moves.iter().any(|m| m.kind == MoveKind::Capture));
    // 8 steps from b3 plus the capture.
    assert_eq!(moves.len(), 9);
}

#[test]
fn play_captures_and_resets_quiet_turns() {
    let p = Position::from_parts(bits(&["b3"]), bits(&["b1", "f6"]), Side::Red, 7).unwrap();
    let q = p.play(Move::capture(sq("b3"), sq("b1")));
    assert_eq!(q.pieces(Side::Red), bits(&["b1"]));
    assert_eq!(q.pieces(Side::Black), bits(&["f6"]));
    assert_eq!(q.side_to_move(), Side::Black);
    assert_eq!(q.quiet_turns(), 0);
    let r = q.play(Move::step(sq("f6"), sq("e6")));
    assert_eq!(r.quiet_turns(), 1);
    assert_eq!(r.side_to_move(), Side::Red);
}

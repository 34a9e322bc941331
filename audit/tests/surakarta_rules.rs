//! The hand-built rule positions, checked on the plain audit
//! engine (the same positions are checked on the fast generator in
//! `rules/tests/surakarta_rules.rs`). Uses only `audit`.

use audit::surakarta::{Board, Cell, Dir, Point};
use std::collections::BTreeSet;

fn pt(name: &str) -> Point {
    Point::parse(name).unwrap()
}

/// Board with the given red and black points; `to_move` moves.
fn board(red: &[&str], black: &[&str], to_move: Cell) -> Board {
    let mut b = Board::parse("6/6/6/6/6/6 r").unwrap();
    for (names, cell) in [(red, Cell::Red), (black, Cell::Black)] {
        for n in names {
            let p = pt(n);
            b.cells[p.row as usize][p.col as usize] = cell;
        }
    }
    b.to_move = to_move;
    b
}

/// Points the piece on `from` captures, over the four directions.
fn captures(b: &Board, from: &str) -> BTreeSet<String> {
    Dir::ALL
        .iter()
        .filter_map(|&d| b.capture_in_direction(pt(from), d))
        .map(|p| p.to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_position_perft_1_to_4() {
    let b = Board::start();
    let expected = [1, 16, 256, 5382, 111_122];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(b.perft(depth as u32), n, "perft({depth})");
    }
}

#[test]
fn capture_needing_all_four_loops_of_its_circuit() {
    let b = board(&["b3"], &["b1"], Cell::Red);
    assert_eq!(captures(&b, "b3"), set(&["b1"]));
    // Up is the only direction that works, round all four loops.
    assert_eq!(b.capture_in_direction(pt("b3"), Dir::Up), Some(pt("b1")));
    assert_eq!(b.capture_in_direction(pt("b3"), Dir::Down), None);
    assert_eq!(
        captures(&board(&["b3", "a2"], &["b1"], Cell::Red), "b3"),
        set(&[])
    );
    let large = board(&["c5"], &["c1"], Cell::Red);
    assert_eq!(
        large.capture_in_direction(pt("c5"), Dir::Up),
        Some(pt("c1"))
    );
    assert_eq!(captures(&large, "c5"), set(&["c1"]));
    assert_eq!(
        captures(&board(&["c5", "a3"], &["c1"], Cell::Red), "c5"),
        set(&[])
    );
}

#[test]
fn capture_path_crossing_the_movers_own_start_point() {
    let b = board(&["b2", "b3"], &["c2"], Cell::Red);
    assert_eq!(b.capture_in_direction(pt("b2"), Dir::Down), Some(pt("c2")));
    assert_eq!(captures(&b, "b2"), set(&["c2"]));
    assert_eq!(
        captures(&board(&["b2", "b3", "a2"], &["c2"], Cell::Red), "b2"),
        set(&[])
    );
}

#[test]
fn piece_on_a_loop_end_captures_leaving_away_from_that_loop() {
    let b = board(&["b1", "a2"], &["a5"], Cell::Red);
    assert_eq!(b.capture_in_direction(pt("b1"), Dir::Up), Some(pt("a5")));
    assert_eq!(captures(&b, "b1"), set(&["a5"]));
    assert_eq!(
        captures(&board(&["b1", "a2", "b4"], &["a5"], Cell::Red), "b1"),
        set(&[])
    );
}

#[test]
fn corner_pieces_never_capture_and_are_never_captured() {
    let corners = ["a1", "f1", "a6", "f6"];
    let b = board(
        &corners,
        &["b2", "e5", "c3", "d4", "b1", "a2", "f5", "e6"],
        Cell::Red,
    );
    for c in corners {
        assert_eq!(captures(&b, c), set(&[]), "{c}");
    }
    for row in 0..6 {
        for col in 0..6 {
            let name = Point::new(row, col).to_string();
            if corners.contains(&name.as_str()) {
                continue;
            }
            let b = board(&[&name], &corners, Cell::Red);
            assert_eq!(captures(&b, &name), set(&[]), "{name}");
        }
    }
    let control = board(&["c3"], &["a1", "f1", "a6", "f6", "d4"], Cell::Red);
    assert_eq!(captures(&control, "c3"), set(&["d4"]));
}

#[test]
fn path_blocked_before_its_first_loop_by_either_colour() {
    assert_eq!(
        captures(&board(&["b3", "b4"], &["a2"], Cell::Red), "b3"),
        set(&["a2"])
    );
    assert_eq!(
        captures(&board(&["b3", "b4", "b2"], &["a2"], Cell::Red), "b3"),
        set(&[])
    );
    assert_eq!(
        captures(&board(&["b3", "b4"], &["a2", "b2"], Cell::Red), "b3"),
        set(&[])
    );
}

#[test]
fn straight_line_meeting_is_not_a_capture() {
    assert_eq!(
        captures(&board(&["b3", "b2"], &["b5"], Cell::Red), "b3"),
        set(&[])
    );
}

/// (what, mover, friendly blocker, enemy target, direction into the loop):
/// see the same table in the `rules` tests.
const EXITS: [(&str, &str, &str, &str, Dir); 16] = [
    (
        "small a1: b1 down, out at a2 heading right",
        "b1",
        "b3",
        "c2",
        Dir::Down,
    ),
    (
        "small a1: a2 left, out at b1 heading up",
        "a2",
        "c2",
        "b3",
        Dir::Left,
    ),
    (
        "small f1: e1 down, out at f2 heading left",
        "e1",
        "e3",
        "d2",
        Dir::Down,
    ),
    (
        "small f1: f2 right, out at e1 heading up",
        "f2",
        "d2",
        "e3",
        Dir::Right,
    ),
    (
        "small a6: b6 up, out at a5 heading right",
        "b6",
        "b4",
        "c5",
        Dir::Up,
    ),
    (
        "small a6: a5 left, out at b6 heading down",
        "a5",
        "c5",
        "b4",
        Dir::Left,
    ),
    (
        "small f6: e6 up, out at f5 heading left",
        "e6",
        "e4",
        "d5",
        Dir::Up,
    ),
    (
        "small f6: f5 right, out at e6 heading down",
        "f5",
        "d5",
        "e4",
        Dir::Right,
    ),
    (
        "large a1: c1 down, out at a3 heading right",
        "c1",
        "c2",
        "c3",
        Dir::Down,
    ),
    (
        "large a1: a3 left, out at c1 heading up",
        "a3",
        "b3",
        "c3",
        Dir::Left,
    ),
    (
        "large f1: d1 down, out at f3 heading left",
        "d1",
        "d2",
        "d3",
        Dir::Down,
    ),
    (
        "large f1: f3 right, out at d1 heading up",
        "f3",
        "e3",
        "d3",
        Dir::Right,
    ),
    (
        "large a6: c6 up, out at a4 heading right",
        "c6",
        "c5",
        "c4",
        Dir::Up,
    ),
    (
        "large a6: a4 left, out at c6 heading down",
        "a4",
        "b4",
        "c4",
        Dir::Left,
    ),
    (
        "large f6: d6 up, out at f4 heading left",
        "d6",
        "d5",
        "d4",
        Dir::Up,
    ),
    (
        "large f6: f4 right, out at d6 heading down",
        "f4",
        "e4",
        "d4",
        Dir::Right,
    ),
];

#[test]
fn exit_direction_after_each_of_the_eight_loops() {
    for (what, mover, blocker, target, into_loop) in EXITS {
        let b = board(&[mover, blocker], &[target], Cell::Red);
        assert_eq!(
            b.capture_in_direction(pt(mover), into_loop),
            Some(pt(target)),
            "{what}"
        );
        assert_eq!(captures(&b, mover), set(&[target]), "{what}");
        let c = board(&[target], &[mover, blocker], Cell::Black);
        assert_eq!(captures(&c, mover), set(&[target]), "{what} (black)");
    }
}

#[test]
fn several_paths_to_one_point_are_one_move() {
    let b = board(&["b2"], &["e5"], Cell::Red);
    let to_e5 = b.moves().iter().filter(|m| m.to == pt("e5")).count();
    assert_eq!(to_e5, 1);
    // More than one direction reaches e5.
    let dirs = Dir::ALL
        .iter()
        .filter(|&&d| b.capture_in_direction(pt("b2"), d) == Some(pt("e5")))
        .count();
    assert!(dirs > 1, "{dirs}");
}

#[test]
fn notation_round_trips_and_rejects_bad_text() {
    let text = "b4b/1b2r1/6/2r3/6/r5 b";
    assert_eq!(Board::parse(text).unwrap().to_text(), text);
    assert_eq!(
        Board::start().to_text(),
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r"
    );
    for bad in [
        "",
        "6/6/6/6/6 r",
        "6/6/6/6/6/5q r",
        "6/6/6/6/6/7 r",
        "6/5/6/6/6/6 r",
        "6/6/6/6/6/6 w",
    ] {
        assert!(Board::parse(bad).is_err(), "{bad:?}");
    }
}

//! Hand-built Tic-Tac-Chec positions for each movement rule (docs/solver.md,
//! "The rules as the solver reads them"; the published solve, "规则").

use rules::ttc::{Move, PawnReading, Position, Variant};

fn std(reading: PawnReading) -> Variant {
    Variant::standard(reading)
}

fn pos(text: &str, reading: PawnReading) -> Position {
    Position::parse(text, std(reading)).unwrap_or_else(|e| panic!("{e}"))
}

/// Legal moves as sorted text.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| m.to_text(&p.variant()))
        .collect();
    v.sort();
    v
}

/// Moves of the piece on `from`, as sorted text.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{from}-")))
        .collect()
}

fn play(p: &Position, mv: &str) -> Position {
    let m = Move::parse(mv, &p.variant()).unwrap();
    p.play(m).unwrap_or_else(|e| panic!("{e}"))
}

// White pawn on b3 returning (pointing to rank 1); Black knight a2, rook c4.
const RETURNING: &str = "2r1/1P2/n3/4 w NBRpb v- -";

#[test]
fn returning_pawn_captures_in_its_direction_of_travel() {
    let p = pos(RETURNING, PawnReading::TravelDirection);
    assert_eq!(moves_from(&p, "b3"), ["b3-a2", "b3-b2"]);
}

#[test]
fn returning_pawn_cannot_capture_when_outbound_only() {
    let p = pos(RETURNING, PawnReading::OutboundOnly);
    assert_eq!(moves_from(&p, "b3"), ["b3-b2"]);
}

#[test]
fn returning_pawn_captures_toward_the_opponent_under_that_reading() {
    let p = pos(RETURNING, PawnReading::TowardOpponent);
    assert_eq!(moves_from(&p, "b3"), ["b3-b2", "b3-c4"]);
}

#[test]
fn outbound_pawn_captures_forward_under_every_reading() {
    for r in PawnReading::ALL {
        // White pawn b2 outbound; Black bishop on a3 and c3 empty.
        let p = pos("4/b3/1P2/4 w NBRpnr ^- -", r);
        assert_eq!(moves_from(&p, "b2"), ["b2-a3", "b2-b3"], "{r}");
    }
}

#[test]
fn pawn_turns_at_both_end_ranks() {
    let p = pos("4/1P2/4/4 w NBRpnbr ^- -", PawnReading::TravelDirection);
    let p = play(&p, "b3-b4");
    assert_eq!(
        p.pawn_points_up(rules::ttc::Color::White),
        Some(false),
        "{p}"
    );
    let p = pos("4/4/1P2/4 w NBRpnbr v- -", PawnReading::TravelDirection);
    let p = play(&p, "b2-b1");
    assert_eq!(
        p.pawn_points_up(rules::ttc::Color::White),
        Some(true),
        "{p}"
    );
    // Black's pawn turns the other way round.
    let p = pos("4/4/1p2/4 b PNBRnbr -v -", PawnReading::TravelDirection);
    let p = play(&p, "b2-b1");
    assert_eq!(
        p.pawn_points_up(rules::ttc::Color::Black),
        Some(true),
        "{p}"
    );
}

#[test]
fn captured_pawn_returns_to_hand_and_is_replaced_toward_the_opponent() {
    // White pawn b3 returning; Black rook b4 takes it.
    let p = pos("1r2/1P2/4/4 b NBRpnb v- -", PawnReading::TravelDirection);
    let p = play(&p, "b4-b3");
    assert_eq!(p.pawn_points_up(rules::ttc::Color::White), None);
    assert!(p.to_string().contains("PNBR"), "pawn back in hand: {p}");
    let p = play(&play(&p, "P@c2"), "n@d4");
    assert_eq!(
        p.pawn_points_up(rules::ttc::Color::White),
        Some(true),
        "{p}"
    );
}

#[test]
fn pawn_dropped_on_an_end_rank_points_inward() {
    let p = pos("4/4/4/4 w PNBRpnbr -- -", PawnReading::TravelDirection);
    let far = play(&p, "P@a4");
    assert_eq!(far.pawn_points_up(rules::ttc::Color::White), Some(false));
    let home = play(&p, "P@a1");
    assert_eq!(home.pawn_points_up(rules::ttc::Color::White), Some(true));
    let p = pos("4/4/4/4 b PNBRpnbr -- -", PawnReading::TravelDirection);
    let far = play(&p, "p@c1");
    assert_eq!(far.pawn_points_up(rules::ttc::Color::Black), Some(true));
    let mid = play(&p, "p@c2");
    assert_eq!(mid.pawn_points_up(rules::ttc::Color::Black), Some(false));
}

#[test]
fn sliders_stop_at_the_first_piece_and_capture_only_enemies() {
    // White rook a1, own knight a3, Black bishop c1: rook reaches a2, b1, c1.
    let p = pos("4/N3/4/R1b1 w PBpnr -- -", PawnReading::TravelDirection);
    assert_eq!(moves_from(&p, "a1"), ["a1-a2", "a1-b1", "a1-c1"]);
    // White bishop b2 boxed by own knight a3 and Black rook c3: c3 capture,
    // a1 and c1 free.
    let p = pos("4/N1r1/1B2/4 w PRpnb -- -", PawnReading::TravelDirection);
    assert_eq!(moves_from(&p, "b2"), ["b2-a1", "b2-c1", "b2-c3"]);
}

#[test]
fn knight_jumps_and_never_lands_on_its_own_side() {
    let p = pos("4/1R2/4/N3 w PBpnbr -- -", PawnReading::TravelDirection);
    assert_eq!(moves_from(&p, "a1"), ["a1-c2"]);
}

#[test]
fn the_opening_lock_allows_only_placements() {
    let v = std(PawnReading::TravelDirection);
    let mut p = Position::empty(v);
    assert_eq!(p.legal_moves().len(), 64);
    for mv in ["N@b1", "n@c3", "R@a1", "r@d4"] {
        p = play(&p, mv);
    }
    assert_eq!(p.opening_ply(), Some(4));
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| matches!(m, Move::Place { .. })));
    let err = p.play(Move::parse("a1-a2", &v).unwrap()).unwrap_err();
    assert!(err.to_string().contains("placement-only opening"), "{err}");
    p = play(&play(&p, "B@d1"), "b@a4");
    // Ply 6: movement is unlocked for good.
    assert_eq!(p.opening_ply(), None);
    assert!(p
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Step { .. })));
}

#[test]
fn a_shorter_lock_and_no_lock_on_3x3() {
    use rules::ttc::Role;
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Rook],
        PawnReading::TravelDirection,
        2,
    )
    .unwrap();
    let p = play(&play(&Position::empty(v), "R@a1"), "r@c3");
    assert_eq!(p.opening_ply(), None, "lock of 2 plies is over");
    assert!(p
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Step { .. })));
    let v0 = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Rook],
        PawnReading::TravelDirection,
        0,
    )
    .unwrap();
    assert_eq!(Position::empty(v0).opening_ply(), None);
}

#[test]
fn a_line_ends_the_game() {
    let p = pos("4/4/pnbr/PNBR w - ^v -", PawnReading::TravelDirection);
    assert!(p.is_terminal());
    assert!(p.legal_moves().is_empty());
    let err = p
        .play(Move::parse("a1-a2", &p.variant()).unwrap())
        .unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
}

#[test]
fn illegal_moves_say_why() {
    let p = pos("4/4/4/R3 w PNBpnbr -- -", PawnReading::TravelDirection);
    let v = p.variant();
    let cases = [
        ("n@b2", "turn"),
        ("R@b2", "not in hand"),
        ("P@a1", "occupied"),
        ("b2-b3", "no piece"),
        ("a1-b2", "cannot move there"),
    ];
    for (mv, why) in cases {
        let err = p.play(Move::parse(mv, &v).unwrap()).unwrap_err();
        assert!(err.to_string().contains(why), "{mv}: {err}");
    }
}

#[test]
fn perft_from_the_empty_board() {
    fn perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        p.legal_moves()
            .into_iter()
            .map(|m| perft(&p.play(m).unwrap(), depth - 1))
            .sum()
    }
    let p = Position::empty(std(PawnReading::TravelDirection));
    // Placements only: 4 roles x 16 squares, then 4 x 15, then 3 x 14.
    assert_eq!(perft(&p, 1), 64);
    assert_eq!(perft(&p, 2), 64 * 60);
    assert_eq!(perft(&p, 3), 64 * 60 * 42);
}

#[test]
fn divide_splits_perft_by_root_move() {
    use rules::ttc::{divide, perft, PawnReading, Position, Variant};
    let p = Position::empty(Variant::standard(PawnReading::TravelDirection));
    let lines = divide(&p, 2);
    // White places one of 4 roles on one of 16 squares, then Black one
    // of its 4 roles on one of the 15 squares left.
    assert_eq!(lines.len(), 64);
    assert!(lines.iter().all(|(_, n)| *n == 60));
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), perft(&p, 2));
    assert_eq!(perft(&p, 0), 1);
    assert!(divide(&p, 0).is_empty());
}

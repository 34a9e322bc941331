//! Game end (the Surakarta rules "胜负与特殊规则"): win by capturing every enemy piece,
//! draws by third repetition, 50 turns without capture and no legal move;
//! the course convention (no repetition rule, 40 plies without a capture);
//! illegal moves rejected with their reason.

use rules::surakarta::{
    DrawReason, DrawRules, Game, GameError, IllegalMove, Move, Position, Side, Square, Status,
};

fn mv(text: &str) -> Move {
    Move::parse(text).unwrap()
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

#[test]
fn third_repetition_is_a_draw() {
    let mut g = Game::new(Position::start());
    let shuffle = ["a2-a3", "a5-a4", "a3-a2", "a4-a5"];
    // Start position occurs at plies 0, 4 and 8: the third time ends it.
    for (i, m) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        let status = g.play(mv(m)).unwrap();
        if i < 7 {
            assert_eq!(status, Status::Ongoing, "ply {}", i + 1);
        } else {
            assert_eq!(
                status,
                Status::Drawn {
                    reason: DrawReason::ThirdRepetition
                }
            );
        }
    }
    assert_eq!(g.plies(), 8);
    assert!(matches!(g.play(mv("a2-a3")), Err(GameError::Over(_))));
}

#[test]
fn fifty_turns_without_capture_is_a_draw() {
    let p = Position::parse("b5/6/6/6/6/5r r 49").unwrap();
    let mut g = Game::new(p);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(
        g.play(mv("f1-e1")).unwrap(),
        Status::Drawn {
            reason: DrawReason::FiftyTurnsWithoutCapture
        }
    );
    // A start position at 50 is over at once.
    let over = Game::new(Position::parse("b5/6/6/6/6/5r r 50").unwrap());
    assert_eq!(
        over.status(),
        Status::Drawn {
            reason: DrawReason::FiftyTurnsWithoutCapture
        }
    );
}

#[test]
fn a_capture_resets_the_fifty_turn_count() {
    // Red b3 takes b1 round all four loops at quiet turn 49; Black keeps f6.
    let p = Position::parse("5b/6/6/1r4/6/1b4 r 49").unwrap();
    let mut g = Game::new(p);
    assert_eq!(g.play(mv("b3xb1")).unwrap(), Status::Ongoing);
    assert_eq!(g.position().quiet_turns(), 0);
}

#[test]
fn capturing_the_last_enemy_piece_wins() {
    let p = Position::parse("6/6/6/1r4/6/1b4 r 0").unwrap();
    let mut g = Game::new(p);
    assert_eq!(
        g.play(mv("b3xb1")).unwrap(),
        Status::Won { winner: Side::Red }
    );
}

#[test]
fn no_legal_move_is_a_draw() {
    // Red's only piece sits in the a1 corner, walled in; corners never
    // capture.
    let p = Position::parse("6/6/6/6/bb4/rb4 r 0").unwrap();
    assert_eq!(p.count_moves(), 0);
    assert_eq!(
        Game::new(p).status(),
        Status::Drawn {
            reason: DrawReason::NoLegalMove
        }
    );
    // Reached by a move: Black walls Red in.
    let q = Position::parse("6/6/6/6/bb4/r1b3 b 0").unwrap();
    let mut g = Game::new(q);
    assert_eq!(
        g.play(mv("c1-b1")).unwrap(),
        Status::Drawn {
            reason: DrawReason::NoLegalMove
        }
    );
}

#[test]
fn illegal_moves_give_their_reason() {
    let start = Position::start();
    let check = |m: &str| start.check_move(mv(m)).unwrap_err();
    assert_eq!(check("c3-c4"), IllegalMove::EmptyStart { from: sq("c3") });
    assert_eq!(
        check("a5-a4"),
        IllegalMove::NotYourPiece {
            from: sq("a5"),
            owner: Side::Black,
            to_move: Side::Red
        }
    );
    assert_eq!(
        check("a2-a4"),
        IllegalMove::StepTooFar {
            from: sq("a2"),
            to: sq("a4")
        }
    );
    assert_eq!(
        check("a1-a2"),
        IllegalMove::StepOntoOwnPiece {
            from: sq("a1"),
            to: sq("a2")
        }
    );
    // Onto an own piece that is not a neighbour: the point is occupied
    // (this used to be reported as "not adjacent").
    assert_eq!(
        check("a1-c2"),
        IllegalMove::StepOntoOwnPiece {
            from: sq("a1"),
            to: sq("c2")
        }
    );
    assert!(check("a1-c2")
        .to_string()
        .contains("c2 is occupied by one of the mover's own pieces"));
    // Onto an enemy piece, adjacent or not: occupied, with the capture
    // notation as a hint.
    let black = Position::parse("6/6/6/6/1b4/r5 r 0").unwrap();
    let err = black.check_move(mv("a1-b2")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::StepOccupied {
            from: sq("a1"),
            to: sq("b2"),
            occupant: Side::Black
        }
    );
    assert!(
        err.to_string().contains("a capture is written a1xb2"),
        "{err}"
    );
    assert_eq!(
        check("a2-a2"),
        IllegalMove::SamePoint {
            from: sq("a2"),
            to: sq("a2")
        }
    );
    assert_eq!(
        check("b2xc3"),
        IllegalMove::NoEnemyThere {
            from: sq("b2"),
            to: sq("c3")
        }
    );
    assert_eq!(
        check("b2xb5"),
        IllegalMove::NoCapturePath {
            from: sq("b2"),
            to: sq("b5")
        }
    );
    // The messages name the points.
    assert!(check("a2-a4")
        .to_string()
        .contains("a4 is not adjacent to a2"));
    // The game is unchanged after a rejected move.
    let mut g = Game::new(start);
    assert!(matches!(g.play(mv("a2-a4")), Err(GameError::Illegal(_))));
    assert_eq!(g.plies(), 0);
    assert_eq!(*g.position(), start);
}

#[test]
fn course_rules_have_no_repetition_draw() {
    let mut g = Game::with_rules(Position::start(), DrawRules::Course);
    assert_eq!(g.rules(), DrawRules::Course);
    let shuffle = ["a2-a3", "a5-a4", "a3-a2", "a4-a5"];
    // The start position comes back four times (plies 4, 8, 12, 16): the
    // standard rules would have ended the game at ply 8.
    for _ in 0..4 {
        for m in shuffle {
            assert_eq!(g.play(mv(m)).unwrap(), Status::Ongoing, "{m}");
        }
    }
    assert_eq!(g.plies(), 16);
}

#[test]
fn course_rules_end_after_forty_quiet_plies() {
    let p = Position::parse("b5/6/6/6/6/5r r 39").unwrap();
    let mut g = Game::with_rules(p, DrawRules::Course);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(
        g.play(mv("f1-e1")).unwrap(),
        Status::Drawn {
            reason: DrawReason::FortyPliesWithoutCapture
        }
    );
    // The same move under the standard rules plays on (50 is the limit).
    let mut g = Game::new(p);
    assert_eq!(g.play(mv("f1-e1")).unwrap(), Status::Ongoing);
    // From the start: the 40th quiet ply ends it, the 39th does not.
    let mut g = Game::with_rules(Position::start(), DrawRules::Course);
    let cycle = ["a2-a3", "a5-a4", "a3-a2", "a4-a5"];
    for ply in 1..=40 {
        let status = g.play(mv(cycle[(ply - 1) % 4])).unwrap();
        if ply < 40 {
            assert_eq!(status, Status::Ongoing, "ply {ply}");
        } else {
            assert_eq!(
                status,
                Status::Drawn {
                    reason: DrawReason::FortyPliesWithoutCapture
                }
            );
        }
    }
}

#[test]
fn draw_rules_parse_their_names() {
    assert_eq!("standard".parse::<DrawRules>(), Ok(DrawRules::Standard));
    assert_eq!("course".parse::<DrawRules>(), Ok(DrawRules::Course));
    let err = "fide".parse::<DrawRules>().unwrap_err();
    assert!(
        err.contains("\"fide\"") && err.contains("`course`"),
        "{err}"
    );
    assert_eq!(DrawRules::Course.quiet_ply_limit(), 40);
    assert_eq!(DrawRules::Standard.quiet_ply_limit(), 50);
}

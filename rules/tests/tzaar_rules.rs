//! Hand-built TZAAR positions, one or more per rule, checked
//! against the fast generator in `rules::tzaar` (the TZAAR digital ruleset rule quoted in each test).

use rules::tzaar::{
    divide, perft, Action, ActionError, Color, IllegalTurn, Kind, Point, Position, Status, Turn,
    WinReason,
};

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("test position `{text}`: {e}"))
}

fn turn(text: &str) -> Turn {
    text.parse()
        .unwrap_or_else(|e| panic!("test turn `{text}`: {e}"))
}

fn pt(text: &str) -> Point {
    text.parse().unwrap()
}

fn turn_texts(p: &Position) -> Vec<String> {
    p.turns().iter().map(|t| t.to_string()).collect()
}

fn first_captures(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .turns()
        .iter()
        .map(|t| format!("{}x{}", t.first.from, t.first.to))
        .collect();
    v.dedup();
    v
}

#[test]
fn fixed_start_is_the_issue_layout_and_white_mirrors_black() {
    let p = Position::fixed_start();
    assert_eq!(p.side_to_move(), Color::White);
    assert!(p.is_opening());
    for point in Point::all() {
        let s = p.stack(point).expect("all 60 points are full");
        assert_eq!(s.height, 1);
        // 180-degree rotation: column c -> 8 - c, and the row counted from the other end.
        let rows = 9 - (point.column() as i32 - 4).unsigned_abs() as u8;
        let rot = Point::from_coords(8 - point.column(), rows + 1 - point.row()).unwrap();
        let r = p.stack(rot).unwrap();
        assert_eq!(r.top, s.top, "{point} and {rot}");
        assert_ne!(r.color, s.color, "{point} and {rot}");
    }
    assert_eq!(p.stack(pt("E9")).unwrap().color, Color::Black);
    assert_eq!(p.stack(pt("C3")).unwrap().top, Kind::Tzaar);
    assert_eq!(p.stack(pt("H4")).unwrap().top, Kind::Tzarra);
}

#[test]
fn perft_from_the_fixed_start() {
    let p = Position::fixed_start();
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 42);
    assert_eq!(perft(&p, 2), 260_556);
    assert_eq!(perft(&p, 3), 1_557_472_755);
}

#[test]
fn divide_sums_to_perft_and_lists_each_turn_once() {
    let p = Position::fixed_start();
    let d = divide(&p, 2);
    assert_eq!(d.len(), 42);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 260_556);
    let after = p.play(&d[0].0).unwrap();
    let d2 = divide(&after, 1);
    assert!(d2.iter().all(|x| x.1 == 1));
    let mut texts: Vec<String> = d2.iter().map(|x| x.0.to_string()).collect();
    let n = texts.len();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), n, "no turn plan is listed twice");
}

#[test]
fn opening_turn_is_a_single_adjacent_capture() {
    // The TZAAR digital ruleset: "白方的开局回合只有一次强制吃子，吃完立即交给黑方".
    let p = Position::fixed_start();
    for t in p.turns() {
        assert_eq!(t.second, None, "{t}");
    }
    let t = turn("D5xD4");
    let after = p.play(&t).unwrap();
    assert_eq!(after.side_to_move(), Color::Black);
    assert!(!after.is_opening());
    assert!(matches!(
        p.play(&turn("D5xD4 pass")),
        Err(IllegalTurn::SecondInOpening(Action::Pass))
    ));
    // A full board: no ray passes an occupied point, so D5 cannot reach D3's far side.
    assert!(matches!(
        p.play(&turn("D5xF4")),
        Err(IllegalTurn::Action {
            reason: ActionError::AcrossHole { .. },
            ..
        })
    ));
}

#[test]
fn capture_needs_height_at_least_the_targets() {
    // The TZAAR digital ruleset: "起点堆高度必须大于或等于目标堆高度".
    let base = "A3=Z,A4=R,A5=t,I1=z,I2=r,I3=t";
    let equal = pos(&format!("A1=TT,A2=tt,{base} w normal"));
    assert!(first_captures(&equal).contains(&"A1xA2".to_string()));
    let higher = pos(&format!("A1=TT,A2=ttt,{base} w normal"));
    assert!(!first_captures(&higher).contains(&"A1xA2".to_string()));
    assert_eq!(
        higher.play(&turn("A1xA2 pass")),
        Err(IllegalTurn::Action {
            ordinal: "first",
            reason: ActionError::TooLow {
                from_height: 2,
                to_height: 3
            }
        })
    );
    let lower = pos(&format!("A1=TTT,A2=tt,{base} w normal"));
    assert!(first_captures(&lower).contains(&"A1xA2".to_string()));
    // The whole target stack leaves; the mover lands unchanged.
    let after = lower.play(&turn("A1xA2 pass")).unwrap();
    assert_eq!(after.stack(pt("A1")), None);
    assert_eq!(after.layers(pt("A2")), vec![Kind::Tott; 3]);
    assert_eq!(after.stack(pt("A2")).unwrap().color, Color::White);
}

#[test]
fn stacks_block_rays_and_empty_points_do_not() {
    // The TZAAR digital ruleset: "可以越过任意数量的连续空点，但该方向遇到的第一座棋堆就是唯一可能的终点".
    let p = pos("A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal");
    let firsts = first_captures(&p);
    assert!(firsts.contains(&"A1xA3".to_string()), "{firsts:?}");
    assert!(!firsts.contains(&"A1xA4".to_string()), "{firsts:?}");
    assert_eq!(
        p.play(&turn("A1xA4 pass")),
        Err(IllegalTurn::Action {
            ordinal: "first",
            reason: ActionError::Blocked {
                from: pt("A1"),
                to: pt("A4"),
                blocker: pt("A3")
            }
        })
    );
    assert!(matches!(
        p.play(&turn("A1xA2 pass")),
        Err(IllegalTurn::Action {
            reason: ActionError::EmptyTarget { .. },
            ..
        })
    ));
    assert!(matches!(
        p.play(&turn("A1xB3 pass")),
        Err(IllegalTurn::Action {
            reason: ActionError::NotInLine { .. },
            ..
        })
    ));
    // Once A3 is taken, the mover sees A4 and may take it as the second action.
    assert!(turn_texts(&p).contains(&"A1xA3 A3xA4".to_string()));
    let after = p.play(&turn("A1xA3 A3xA4")).unwrap();
    assert_eq!(after.stack(pt("A4")).unwrap().color, Color::White);
}

#[test]
fn the_centre_hole_ends_every_line() {
    // The TZAAR digital ruleset: "射线到达中心即结束，不能从孔的一侧穿到另一侧".
    // D5-(E5)-F4 is an E-W line, E4-(E5)-E6 a column, D4-(E5)-F5 a diagonal.
    let p = pos("A1=Z,A2=R,D5=T,E4=T,D4=T,F4=t,E6=t,F5=t,I1=z,I2=r w normal");
    let firsts = first_captures(&p);
    for through_hole in ["D5xF4", "E4xE6", "D4xF5"] {
        assert!(
            !firsts.contains(&through_hole.to_string()),
            "{through_hole} in {firsts:?}"
        );
        assert!(
            matches!(
                p.play(&turn(&format!("{through_hole} pass"))),
                Err(IllegalTurn::Action {
                    reason: ActionError::AcrossHole { .. },
                    ..
                })
            ),
            "{through_hole}"
        );
    }
    // Lines that touch the hole's neighbours without crossing it are fine.
    for ok in ["D5xE6", "E4xF4"] {
        assert!(firsts.contains(&ok.to_string()), "{ok} not in {firsts:?}");
    }
    assert!("E5".parse::<Point>().is_err());
}

#[test]
fn stacking_is_a_second_action_onto_own_stacks_of_any_height() {
    // The TZAAR digital ruleset: "强化只能落到己方堆 ... 强化没有高低限制"; the mover ends on top.
    let p = pos("A1=Z,A2=RRR,A4=t,B1=T,I1=z,I2=r,I3=t w normal");
    let texts = turn_texts(&p);
    // First action is never a stack.
    assert!(p.turns().iter().all(|t| t.first.to != pt("A2")));
    assert!("A1+A2".parse::<Turn>().is_err());
    // Low onto high and high onto low.
    assert!(texts.contains(&"A2xA4 A1+B1".to_string()), "{texts:?}");
    let p2 = pos("A1=Z,A2=RRR,A3=t,B1=T,I1=z,I2=r,I3=t w normal");
    let texts2 = turn_texts(&p2);
    assert!(texts2.contains(&"A2xA3 A1+A3".to_string()), "{texts2:?}");
    assert!(texts2.contains(&"A2xA3 A3+A1".to_string()), "{texts2:?}");
    let after = p2.play(&turn("A2xA3 A3+A1")).unwrap();
    assert_eq!(
        after.layers(pt("A1")),
        vec![Kind::Tzaar, Kind::Tzarra, Kind::Tzarra, Kind::Tzarra]
    );
    assert_eq!(after.stack(pt("A1")).unwrap().top, Kind::Tzarra);
    assert!(matches!(
        p2.play(&turn("A2xA3 A3xA1")),
        Err(IllegalTurn::Action {
            ordinal: "second",
            reason: ActionError::CaptureOwn { .. }
        })
    ));
    assert!(matches!(
        p.play(&turn("A2xA4 A4+I1")),
        Err(IllegalTurn::Action {
            ordinal: "second",
            reason: ActionError::NotInLine { .. }
        })
    ));
}

#[test]
fn stacking_that_buries_your_last_visible_type_is_legal_and_loses() {
    // The TZAAR digital ruleset: "第二行动强化可能把己方最后可见的一种目标顶棋埋住，这种自负立即判对手获胜".
    let p = pos("A1=T,A2=R,A3=Z,A4=t,A5=t,I1=z,I2=r,I3=t w normal");
    let texts = turn_texts(&p);
    assert!(texts.contains(&"A3xA4 A1+A2".to_string()), "{texts:?}");
    let after = p.play(&turn("A3xA4 A1+A2")).unwrap();
    assert_eq!(
        after.status(),
        Status::Won {
            winner: Color::Black,
            reason: WinReason::NoVisibleType {
                loser: Color::White,
                kind: Kind::Tzarra
            }
        }
    );
    // Game over: Black has no turn although A5 could capture A4.
    assert!(after.turns().is_empty());
    assert_eq!(perft(&after, 1), 0);
    assert!(matches!(
        after.play(&turn("A5xA4 pass")),
        Err(IllegalTurn::GameOver(_))
    ));
    // Burying a type that is still visible elsewhere is harmless.
    let q = pos("A1=T,A2=R,A3=Z,A4=t,A5=t,B1=R,I1=z,I2=r,I3=t w normal");
    let after = q.play(&turn("A3xA4 A1+A2")).unwrap();
    assert_eq!(after.status(), Status::Ongoing);
}

#[test]
fn a_first_capture_that_removes_the_last_visible_type_ends_the_turn() {
    // The TZAAR digital ruleset: "第一次吃子若移除了对手最后可见的某一种，完整回合在第一行动处立即终止".
    // Black's only other Tzaar is buried under a Tott, so it does not count.
    let p = pos("A1=T,A2=R,A3=Z,A4=z,I1=zt,I2=r w normal");
    let plans: Vec<Turn> = p
        .turns()
        .into_iter()
        .filter(|t| t.first.to == pt("A4"))
        .collect();
    assert_eq!(plans, vec![turn("A3xA4")]);
    let after = p.play(&turn("A3xA4")).unwrap();
    assert_eq!(
        after.status(),
        Status::Won {
            winner: Color::White,
            reason: WinReason::NoVisibleType {
                loser: Color::Black,
                kind: Kind::Tzaar
            }
        }
    );
    assert!(matches!(
        p.play(&turn("A3xA4 pass")),
        Err(IllegalTurn::SecondAfterWin {
            loser: Color::Black,
            kind: Kind::Tzaar,
            ..
        })
    ));
    // It counts once in perft, however deep.
    assert_eq!(perft(&after, 1), 0);
    assert_eq!(
        divide(&p, 2)
            .iter()
            .find(|(t, _)| *t == turn("A3xA4"))
            .map(|x| x.1),
        Some(0)
    );
}

#[test]
fn no_capture_is_checked_only_when_the_turn_is_handed_over() {
    // The TZAAR digital ruleset: "只有完整回合交给对手时才检查“无合法吃子”".
    // Every White stack is height 2 and every Black one height 1, so Black can
    // never capture; White (to move) can.
    let p = pos("A1=TZ,A2=TR,A3=ZT,A4=t,I1=z,I2=r,I3=t w normal");
    assert_eq!(
        p.status(),
        Status::Ongoing,
        "only the side to move must capture"
    );
    let texts = turn_texts(&p);
    // After A3xA4 Black has no capture, yet White still has its second action.
    assert!(texts.contains(&"A3xA4 pass".to_string()), "{texts:?}");
    assert!(texts.contains(&"A3xA4 A2+A4".to_string()), "{texts:?}");
    let after = p.play(&turn("A3xA4 pass")).unwrap();
    assert_eq!(
        after.status(),
        Status::Won {
            winner: Color::White,
            reason: WinReason::NoCapture {
                loser: Color::Black
            }
        }
    );
    assert!(after.turns().is_empty());
    assert_eq!(
        p.play(&turn("A3xA4")),
        Err(IllegalTurn::MissingSecond),
        "a normal turn needs an explicit second action"
    );
}

#[test]
fn every_action_error_is_reported() {
    let p = pos("A1=T,A2=R,A3=Z,A4=t,I1=z,I2=r,I3=t w normal");
    let reason = |t: &str| match p.play(&turn(t)) {
        Err(IllegalTurn::Action { reason, .. }) => reason,
        other => panic!("{t}: {other:?}"),
    };
    assert!(matches!(reason("B1xB2 pass"), ActionError::NoStack { .. }));
    assert!(matches!(
        reason("A4xA3 pass"),
        ActionError::NotYours {
            owner: Color::Black,
            ..
        }
    ));
    assert!(matches!(
        reason("A3xA3 pass"),
        ActionError::SamePoint { .. }
    ));
    assert!(matches!(
        reason("A2xA3 pass"),
        ActionError::CaptureOwn { .. }
    ));
    assert!(matches!(
        reason("A3xA4 A2+I1"),
        ActionError::NotInLine { .. }
    ));
    assert!(matches!(
        reason("A3xA4 A4+A5"),
        ActionError::EmptyTarget { .. }
    ));
    assert!(matches!(
        reason("A3xA4 A2xA1"),
        ActionError::CaptureOwn { .. }
    ));
    let q = pos("A1=T,A2=R,A3=Z,A4=t,A5=t,I1=z,I2=r,I3=t w normal");
    assert!(matches!(
        q.play(&turn("A3xA4 A4+A5")),
        Err(IllegalTurn::Action {
            reason: ActionError::StackOnEnemy { .. },
            ..
        })
    ));
    // Messages name the points.
    let msg = q.play(&turn("A1xA4 pass")).unwrap_err().to_string();
    assert!(msg.contains("A2") && msg.contains("A4"), "{msg}");
}

#[test]
fn play_accepts_exactly_the_generated_turns_on_a_random_game() {
    // Every generated turn is accepted by the checked `play`, with the same
    // result as `play_unchecked`, along a few pseudo-random games.
    let mut rng = rules::tzaar::opening::SplitMix64(7);
    for seed in 0..6 {
        let mut p = if seed == 0 {
            Position::fixed_start()
        } else {
            Position::seeded(seed)
        };
        while p.status() == Status::Ongoing {
            let turns = p.turns();
            assert!(!turns.is_empty());
            for t in turns.iter().step_by(7) {
                assert_eq!(p.play(t), Ok(p.play_unchecked(t)), "{p} {t}");
            }
            let t = turns[(rng.next_u64() % turns.len() as u64) as usize];
            p = p.play_unchecked(&t);
            assert_eq!(perft(&p, 1), p.turns().len() as u64);
        }
        assert!(p.turns().is_empty());
    }
}

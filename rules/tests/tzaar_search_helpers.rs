//! The search helpers of `rules::tzaar` against their definitions:
//! `Position::wins_at_once` and `Position::winning_turn` (some turn of
//! `Position::turns`, played, gives a status won by the mover) and `Position::try_for_each_child` (the
//! turns in order, each with `play_unchecked` of it).

use rules::tzaar::opening::SplitMix64;
use rules::tzaar::{Action, Color, Kind, Point, Position, Status, Turn};
use std::ops::ControlFlow;

/// The definition, by playing every turn.
fn wins_by_playing(p: &Position) -> bool {
    let me = p.side_to_move();
    p.turns()
        .iter()
        .any(|t| matches!(p.play_unchecked(t).status(), Status::Won { winner, .. } if winner == me))
}

/// Compares the two on `p`, and checks that the turn `winning_turn`
/// names is legal and wins; returns the answer.
fn check(p: &Position) -> bool {
    let want = wins_by_playing(p);
    assert_eq!(p.wins_at_once(), want, "{p}");
    if let Some(t) = p.winning_turn() {
        assert!(p.turns().contains(&t), "{p}: {t} is not legal");
        let after = p.play_unchecked(&t).status();
        assert!(
            matches!(after, Status::Won { winner, .. } if winner == p.side_to_move()),
            "{p}: {t} does not win"
        );
    }
    want
}

/// A random position of `n` stacks (6 to 60), or `None` if the rules
/// refuse it (too many pieces of a type): the first six show each side's
/// three types, the others have random owners and tops; heights 1 to 3,
/// lower layers mostly Totts.
fn random_position(rng: &mut SplitMix64, n: usize) -> Option<Position> {
    let mut points: Vec<Point> = Vec::new();
    while points.len() < n {
        let p = Point::from_index((rng.next_u64() % 60) as usize).unwrap();
        if !points.contains(&p) {
            points.push(p);
        }
    }
    let mut stacks = Vec::new();
    for (i, p) in points.into_iter().enumerate() {
        let (color, top) = if i < 6 {
            let color = if i < 3 { Color::White } else { Color::Black };
            (color, Kind::ALL[i % 3])
        } else {
            let color = if rng.next_u64() & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (color, Kind::ALL[(rng.next_u64() % 3) as usize])
        };
        let h = 1 + rng.next_u64() % 3;
        let mut layers: Vec<Kind> = (1..h)
            .map(|_| Kind::ALL[(rng.next_u64() % 6).min(2) as usize])
            .collect();
        layers.push(top);
        stacks.push((p, color, layers));
    }
    let side = if rng.next_u64() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let opening = side == Color::White && rng.next_u64().is_multiple_of(8);
    Position::from_stacks(stacks, side, opening).ok()
}

#[test]
fn wins_at_once_equals_playing_every_turn_on_random_positions() {
    let mut rng = SplitMix64(40);
    let (mut wins, mut others) = (0, 0);
    for i in 0..40_000 {
        let n = 6 + i % 25;
        if let Some(p) = random_position(&mut rng, n) {
            if check(&p) {
                wins += 1;
            } else {
                others += 1;
            }
        }
    }
    // Both answers are common, so both paths are exercised.
    assert!(
        wins > 3_000 && others > 3_000,
        "{wins} wins, {others} others"
    );
}

#[test]
fn wins_at_once_equals_playing_every_turn_along_random_games() {
    let mut rng = SplitMix64(41);
    let suite = include_str!("../../suites/tzaar_endgames.txt");
    let mut starts: Vec<Position> = suite
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" ; ").next().unwrap().parse().unwrap())
        .collect();
    starts.push(Position::fixed_start());
    starts.extend((1..4).map(Position::seeded));
    let mut wins = 0;
    for start in starts {
        for _ in 0..4 {
            let mut p = start;
            while p.status() == Status::Ongoing {
                wins += check(&p) as u32;
                // Every turn's child, on the short ones (endgames).
                let turns = p.turns();
                if turns.len() < 400 {
                    for t in &turns {
                        let c = p.play_unchecked(t);
                        wins += check(&c) as u32;
                    }
                }
                p = p.play_unchecked(&turns[(rng.next_u64() % turns.len() as u64) as usize]);
            }
            assert!(!check(&p));
        }
    }
    assert!(wins > 1_000, "{wins}");
}

#[test]
fn try_for_each_child_lists_the_turns_in_order_with_their_positions() {
    let mut rng = SplitMix64(42);
    let mut seen = 0;
    for i in 0..3_000 {
        let Some(p) = random_position(&mut rng, 6 + i % 25) else {
            continue;
        };
        let want: Vec<_> = p
            .turns()
            .into_iter()
            .map(|t| (t, p.play_unchecked(&t)))
            .collect();
        let mut got = Vec::new();
        let _ = p.try_for_each_child(|i, t, c| {
            assert_eq!(i, got.len(), "{p}");
            got.push((t, *c));
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(got, want, "{p}");
        seen += got.len();
        // Stopping at a turn returns what the callback broke with.
        if let Some(k) = (!want.is_empty()).then(|| (rng.next_u64() % want.len() as u64) as usize) {
            let stop = p.try_for_each_child(|i, t, _| {
                if i == k {
                    ControlFlow::Break(t)
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(stop, ControlFlow::Break(want[k].0), "{p}");
        }
    }
    assert!(seen > 20_000, "{seen}");
}

/// `try_for_each_child_counted` gives the children of
/// `try_for_each_child` with the first captures of the side to move in
/// each, as `capture_count` counts them from scratch.
#[test]
fn try_for_each_child_counted_counts_the_replies_of_every_child() {
    let mut rng = SplitMix64(43);
    let mut seen = 0;
    for i in 0..3_000 {
        let Some(p) = random_position(&mut rng, 6 + i % 25) else {
            continue;
        };
        let mut want = Vec::new();
        let _ = p.try_for_each_child(|i, t, c| {
            want.push((i, t, *c, c.capture_count(c.side_to_move())));
            ControlFlow::<()>::Continue(())
        });
        let mut got = Vec::new();
        let _ = p.try_for_each_child_counted(|i, t, c, n| {
            got.push((i, t, *c, n));
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(got, want, "{p}");
        seen += got.len();
    }
    assert!(seen > 20_000, "{seen}");
}

/// `try_for_each_child_where` visits exactly the turns of
/// `try_for_each_child` whose first capture and second action pass the
/// filters, in the same order and with the same children.
#[test]
fn try_for_each_child_where_visits_the_turns_that_pass_its_filters() {
    let mut rng = SplitMix64(44);
    let (mut seen, mut left_out) = (0, 0);
    for i in 0..2_000 {
        let Some(p) = random_position(&mut rng, 6 + i % 25) else {
            continue;
        };
        let mask = rng.next_u64() & ((1 << 60) - 1) & rng.next_u64();
        let first = |f: usize, t: usize| (1u64 << f | 1u64 << t) & mask != 0 || f.is_multiple_of(3);
        let second = |_: &Position, f: usize, t: usize, capture: bool| {
            capture || (1u64 << f | 1u64 << t) & mask != 0
        };
        let mut want = Vec::new();
        let _ = p.try_for_each_child(|_, t, c| {
            let keep = first(t.first.from.index(), t.first.to.index())
                && match t.second {
                    Some(Action::Capture(s)) => second(&p, s.from.index(), s.to.index(), true),
                    Some(Action::Stack(s)) => second(&p, s.from.index(), s.to.index(), false),
                    Some(Action::Pass) | None => true,
                };
            if keep {
                want.push((t, *c));
            } else {
                left_out += 1;
            }
            ControlFlow::<()>::Continue(())
        });
        let mut got = Vec::new();
        let _ = p.try_for_each_child_where(first, second, |i, t, c| {
            assert_eq!(i, got.len(), "{p}");
            got.push((t, *c));
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(got, want, "{p}");
        seen += got.len();
    }
    assert!(seen > 5_000 && left_out > 5_000, "{seen} {left_out}");
}

/// A threat by type (`is_threat_by_type`) still wins after every turn of
/// the side to move that touches none of its points and leaves the
/// threatening side every type: the fact the prover's escape walk skips
/// turns by. Threats are the turns of the null-move position that win by
/// type, found by playing every turn.
#[test]
fn a_threat_by_type_survives_every_turn_that_misses_its_points() {
    let mut rng = SplitMix64(45);
    let (mut threats, mut checked) = (0, 0);
    for i in 0..6_000 {
        let Some(p) = random_position(&mut rng, 6 + i % 19) else {
            continue;
        };
        if p.status() != Status::Ongoing || p.is_opening() {
            continue;
        }
        let me = p.side_to_move();
        // The null-move position, through the notation: the other side to move.
        let text = p.to_string();
        let (stacks, rest) = text.split_once(' ').unwrap();
        let side = if rest.starts_with('w') { 'b' } else { 'w' };
        let Ok(null) = format!("{stacks} {side} normal").parse::<Position>() else {
            continue;
        };
        for w in null.turns() {
            let kills = null.play_unchecked(&w).visible_counts(me).contains(&0);
            assert_eq!(p.is_threat_by_type(&w), kills, "{p}: {w}");
            if !kills {
                continue;
            }
            threats += 1;
            for d in p.turns() {
                let c = p.play_unchecked(&d);
                if d.points() & w.points() != 0 || c.visible_counts(me.opponent()).contains(&0) {
                    continue;
                }
                checked += 1;
                if let Status::Won { winner, .. } = c.status() {
                    // The side to move buried its own last stack of a type.
                    assert_eq!(winner, me.opponent(), "{p}: {d}");
                    continue;
                }
                // The threat, or its first capture alone when the side to
                // move lowered the type's count by stacking (the game then
                // ends at that capture).
                let alone = Turn {
                    first: w.first,
                    second: None,
                };
                let after = c
                    .play(&w)
                    .or_else(|_| c.play(&alone))
                    .unwrap_or_else(|e| panic!("{p}: {d} then {w}: {e}"));
                assert!(after.visible_counts(me).contains(&0), "{p}: {d} then {w}");
            }
        }
    }
    assert!(threats > 500 && checked > 20_000, "{threats} {checked}");
}

/// `Turn::points` sets the bits of the points a turn leaves and lands on.
#[test]
fn turn_points_are_the_points_its_actions_touch() {
    let t: Turn = "A1xA2 B1+B2".parse().unwrap();
    let bits = |s: &str| 1u64 << s.parse::<Point>().unwrap().index();
    assert_eq!(
        t.points(),
        bits("A1") | bits("A2") | bits("B1") | bits("B2")
    );
    let single: Turn = "A1xA2".parse().unwrap();
    assert_eq!(single.points(), bits("A1") | bits("A2"));
}

/// `play_ongoing` agrees with `play` on ongoing positions: on every legal
/// turn, and on turns made illegal by moving their first step.
#[test]
fn play_ongoing_equals_play_on_ongoing_positions() {
    let mut rng = SplitMix64(46);
    let (mut legal, mut illegal) = (0, 0);
    for i in 0..1_000 {
        let Some(p) = random_position(&mut rng, 6 + i % 25) else {
            continue;
        };
        if p.status() != Status::Ongoing {
            continue;
        }
        for t in p.turns() {
            assert_eq!(p.play_ongoing(&t), p.play(&t), "{p}: {t}");
            legal += 1;
            let mut bad = t;
            bad.first.to = bad.first.from;
            assert_eq!(p.play_ongoing(&bad), p.play(&bad), "{p}: {bad}");
            illegal += p.play(&bad).is_err() as u32;
        }
    }
    assert!(legal > 10_000 && illegal > 10_000, "{legal} {illegal}");
}

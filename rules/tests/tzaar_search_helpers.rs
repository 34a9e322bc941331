//! The search helpers of `rules::tzaar` against their definitions:
//! `Position::wins_at_once` and `Position::winning_turn` (some turn of
//! `Position::turns`, played, gives a status won by the mover) and `Position::try_for_each_child` (the
//! turns in order, each with `play_unchecked` of it).

use rules::tzaar::opening::SplitMix64;
use rules::tzaar::{Color, Kind, Point, Position, Status};
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

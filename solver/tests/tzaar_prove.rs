//! The TZAAR prover against an independent brute-force minimax written on
//! the audit engine, and its proofs against the audit checker.

use audit::tzaar::Game;
use audit::tzaar_proof::check_proof;
use rules::tzaar::opening::SplitMix64;
use rules::tzaar::Position;
use solver::tzaar_prove::{write_proof, Limits, Prover, Value};
use std::collections::HashMap;

/// Exact value by plain minimax on the audit engine: (side to move wins,
/// turns to the end with the winner shortest and the loser longest),
/// memoised by the position's text.
fn minimax(g: &Game, memo: &mut HashMap<String, (bool, u32)>) -> (bool, u32) {
    if let Some(e) = g.ending() {
        return (e.winner() == g.to_move, 0);
    }
    let key = g.to_string();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut shortest_win: Option<u32> = None;
    let mut longest_loss = 0;
    for plan in g.plans() {
        let (child_wins, t) = minimax(&g.after(&plan), memo);
        if child_wins {
            longest_loss = longest_loss.max(t + 1);
        } else {
            shortest_win = Some(shortest_win.map_or(t + 1, |w| w.min(t + 1)));
        }
    }
    let v = shortest_win.map_or((false, longest_loss), |w| (true, w));
    memo.insert(key, v);
    v
}

/// A random position text: each side has three stacks showing a Tzaar, a
/// Tzarra and a Tott, so that the game is not over, and 0 to 2 more stacks
/// with random tops (6 to 10 stacks: with 6, every capture takes a side's
/// only stack of a type and no game lasts over one turn); heights 1 to 3,
/// lower layers at random.
fn random_text(rng: &mut SplitMix64) -> String {
    let points: Vec<String> = audit::tzaar::Spot::all()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let extra = [rng.next_u64() % 3, rng.next_u64() % 3];
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < 6 + (extra[0] + extra[1]) as usize {
        let p = (rng.next_u64() % 60) as usize;
        if !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    let mut stacks: Vec<(usize, String)> = chosen
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let white = i < 3 + extra[0] as usize;
            let k = if white { i } else { i - 3 - extra[0] as usize };
            let h = 1 + rng.next_u64() % 3;
            let top = ['Z', 'R', 'T'][if k < 3 {
                k
            } else {
                (rng.next_u64() % 3) as usize
            }];
            let layers: String = (1..h)
                .map(|_| ['Z', 'R', 'T'][(rng.next_u64() % 3) as usize])
                .chain([top])
                .map(|c| if white { c } else { c.to_ascii_lowercase() })
                .collect();
            (p, format!("{}={layers}", points[p]))
        })
        .collect();
    stacks.sort();
    let side = if rng.next_u64() & 1 == 0 { "w" } else { "b" };
    let items: Vec<String> = stacks.into_iter().map(|s| s.1).collect();
    format!("{} {side} normal", items.join(","))
}

/// Random positions both engines accept, with their audit games.
fn positions(seed: u64, count: usize) -> Vec<(Position, Game)> {
    let mut rng = SplitMix64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let text = random_text(&mut rng);
        match (text.parse::<Position>(), Game::parse(&text)) {
            (Ok(p), Ok(g)) => out.push((p, g)),
            (Err(_), Err(_)) => {}
            (a, b) => panic!("the engines disagree on accepting {text}: {a:?} / {b:?}"),
        }
    }
    out
}

#[test]
fn the_prover_equals_brute_force_minimax_on_3000_random_positions() {
    let prover = Prover::new(Limits {
        tt_mib: 4,
        time_limit: None,
    });
    let mut decided = [0usize; 8];
    for (pos, game) in positions(40, 3000) {
        let memo = &mut HashMap::new();
        let (wins, turns) = minimax(&game, memo);
        let o = prover.solve(&pos);
        let want = if wins { Value::Win } else { Value::Loss };
        assert_eq!((o.value, o.turns), (want, Some(turns)), "{pos}");
        decided[turns.min(7) as usize] += 1;
        if let Some(best) = o.best_turn {
            let plan = game
                .plans()
                .into_iter()
                .find(|p| p.to_string() == best.to_string());
            let child = game.after(&plan.unwrap_or_else(|| panic!("{best} not legal in {pos}")));
            assert_eq!(
                minimax(&child, memo),
                (!wins, turns - 1),
                "best turn {best} of {pos}"
            );
        }
    }
    // The sample is not all trivial: games of 2 and more turns occur.
    assert!(decided[2..].iter().sum::<usize>() >= 100, "{decided:?}");
}

#[test]
fn proofs_check_and_a_proof_missing_a_position_is_refused() {
    let prover = Prover::new(Limits {
        tt_mib: 4,
        time_limit: None,
    });
    let mut checked = 0;
    let mut refused = 0;
    for (pos, _) in positions(41, 1000) {
        let o = prover.solve(&pos);
        if o.turns.unwrap_or(0) < 2 {
            continue;
        }
        let mut buf = Vec::new();
        write_proof(&prover, &pos, &o, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let c = check_proof(&text, "proof").unwrap_or_else(|e| panic!("{pos}: {e:#}"));
        assert_eq!(c.longest, o.turns.unwrap(), "{pos}");
        checked += 1;
        // Leave out one position of the winner reached after a turn of the
        // loser (the last line: proof lines are sorted by turns left, so it
        // is never the root's).
        let lines: Vec<&str> = text.lines().collect();
        let listed = lines.iter().filter(|l| l.contains(" ; ")).count();
        if listed >= 2 {
            let cut = lines[..lines.len() - 1].join("\n");
            let e = check_proof(&cut, "cut").unwrap_err();
            assert!(format!("{e:#}").contains("not answered"), "{e:#}");
            refused += 1;
        }
    }
    assert!(checked >= 20 && refused >= 10, "{checked} {refused}");
}

#[test]
fn a_proof_with_an_illegal_turn_is_refused() {
    let text = "root A1=Z,A2=R,A3=T,A4=r,I4=z,I5=t w normal\nwinner white\nturns 1\n\
                A1=Z,A2=R,A3=T,A4=r,I4=z,I5=t w normal ; A1xI5\n";
    let e = check_proof(text, "p").unwrap_err();
    assert!(format!("{e:#}").contains("not a legal turn"), "{e:#}");
}

#[test]
fn a_time_limit_answers_unknown() {
    // A WALTZ middlegame position (suites/tzaar_endgames.txt), far from
    // solved in a millisecond.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../suites/tzaar_endgames.txt"
    ))
    .unwrap();
    let line = text.lines().rfind(|l| l.contains("middlegameSet")).unwrap();
    let pos: Position = line.split(" ; ").next().unwrap().parse().unwrap();
    let prover = Prover::new(Limits {
        tt_mib: 4,
        time_limit: Some(std::time::Duration::from_millis(1)),
    });
    let o = prover.solve(&pos);
    assert_eq!(
        (o.value, o.turns, o.best_turn),
        (Value::Unknown, None, None)
    );
}

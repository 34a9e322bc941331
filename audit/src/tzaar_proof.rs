//! Checking a proof of a TZAAR position's value with the audit engine
//! alone (no code of the `rules` move generator or of the solver).
//!
//! A proof (written by `ttc solve-position tzaar --proof FILE`, format in
//! docs/tzaar-solve.md) names the root position, the winner, the claimed
//! number of turns, and one winning turn for each listed position of the
//! winner. The check replays it: from every listed position reached, the
//! listed turn must be legal; after it, every legal turn of the loser
//! must end the game won by the winner or reach a listed position. TZAAR
//! cannot loop (every turn captures a stack), so the walk ends. The
//! longest game the proof's strategy allows must not exceed the claim.

use crate::tzaar::{Color, Game, Plan};
use anyhow::{bail, Context};
use std::collections::HashMap;

/// What a successful check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofCheck {
    /// The position the proof is about (its `root` line, as written there).
    pub root: String,
    /// The side the proof shows winning.
    pub winner: Color,
    /// The turns claimed by the proof's `turns` line.
    pub claimed_turns: u32,
    /// The longest game (in turns, both sides counted) the proof's
    /// strategy allows against every defence: at most `claimed_turns`.
    pub longest: u32,
    /// Listed positions of the winner that the walk reached.
    pub positions: usize,
    /// Turns of the loser checked (with repetitions through transpositions
    /// counted once per listed position).
    pub defences: u64,
}

struct Walk {
    winner: Color,
    lines: HashMap<String, (usize, String)>,
    memo: HashMap<String, u32>,
    defences: u64,
}

/// Checks the proof `text`; `name` names it in errors.
///
/// Errors name the line or the position: a malformed header or line, a
/// position the audit engine refuses, a position listed twice, a listed
/// turn that is not legal, a loser's turn that wins for the loser or
/// reaches a position the proof does not answer, or a longest game longer
/// than the claim.
pub fn check_proof(text: &str, name: &str) -> anyhow::Result<ProofCheck> {
    let mut header: HashMap<&str, &str> = HashMap::new();
    let mut lines = HashMap::new();
    for (n, line) in text.lines().enumerate().map(|(n, l)| (n + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((pos, turn)) = line.split_once(" ; ") {
            let game = Game::parse(pos).with_context(|| format!("{name}:{n}"))?;
            if let Some((m, _)) = lines.insert(game.to_string(), (n, turn.trim().to_string())) {
                bail!("{name}:{n}: position {game} is listed twice (also line {m})");
            }
        } else if let Some((k @ ("root" | "winner" | "turns"), v)) = line.split_once(' ') {
            if header.insert(k, v.trim()).is_some() {
                bail!("{name}:{n}: a second `{k}` line");
            }
        } else {
            bail!("{name}:{n}: expected `root`, `winner`, `turns` or `POSITION ; TURN`: {line}");
        }
    }
    let get = |k: &str| {
        header
            .get(k)
            .copied()
            .with_context(|| format!("{name}: no `{k}` line"))
    };
    let root = Game::parse(get("root")?).with_context(|| format!("{name}: root"))?;
    let winner = match get("winner")? {
        "white" => Color::White,
        "black" => Color::Black,
        w => bail!("{name}: winner `{w}`, expected white or black"),
    };
    let claimed: u32 = get("turns")?
        .parse()
        .with_context(|| format!("{name}: turns `{}` is not a count", header["turns"]))?;
    let mut walk = Walk {
        winner,
        lines,
        memo: HashMap::new(),
        defences: 0,
    };
    let longest = match root.ending() {
        // A root already won (the loser buried its own last stack of a
        // type): a game of 0 turns, nothing to answer; or won by the
        // other side, refused as for any position.
        Some(_) => walk.loser_to_move(&root),
        None if root.to_move == winner => walk.winner_to_move(&root),
        None => walk.loser_to_move(&root),
    }
    .with_context(|| name.to_string())?;
    if longest > claimed {
        bail!("{name}: the proof's strategy allows a game of {longest} turns, more than the claimed {claimed}");
    }
    Ok(ProofCheck {
        root: get("root")?.to_string(),
        winner,
        claimed_turns: claimed,
        longest,
        positions: walk.memo.len(),
        defences: walk.defences,
    })
}

impl Walk {
    /// Turns to the end from `game` (winner to move, not over) under the proof.
    fn winner_to_move(&mut self, game: &Game) -> anyhow::Result<u32> {
        let key = game.to_string();
        if let Some(&d) = self.memo.get(&key) {
            return Ok(d);
        }
        let Some((n, turn)) = self.lines.get(&key).cloned() else {
            bail!("position {key} of the winner is not answered by the proof");
        };
        let plans: Vec<Plan> = game.plans();
        let Some(plan) = plans.iter().find(|p| p.to_string() == turn) else {
            bail!("line {n}: `{turn}` is not a legal turn in {key}");
        };
        let child = game.after(plan);
        let d = 1 + match child.ending() {
            Some(e) if e.winner() == self.winner => 0,
            Some(_) => bail!("line {n}: `{turn}` loses the game for the winner"),
            None => self.loser_to_move(&child)?,
        };
        self.memo.insert(key, d);
        Ok(d)
    }

    /// Turns to the end from `game` (loser to move) under the proof: the
    /// longest over every legal turn of the loser.
    fn loser_to_move(&mut self, game: &Game) -> anyhow::Result<u32> {
        match game.ending() {
            Some(e) if e.winner() == self.winner => return Ok(0),
            Some(_) => bail!("the game is won by the loser in {game}"),
            None => {}
        }
        let mut longest = 0;
        for plan in game.plans() {
            self.defences += 1;
            let next = game.after(&plan);
            let d = match next.ending() {
                Some(e) if e.winner() == self.winner => 0,
                Some(_) => bail!("the defence `{plan}` in {game} wins for the loser"),
                None => self
                    .winner_to_move(&next)
                    .with_context(|| format!("after the defence `{plan}` in {game}"))?,
            };
            longest = longest.max(d + 1);
        }
        Ok(longest)
    }
}

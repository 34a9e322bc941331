//! Writing a proof of a solved position: for every position of the winner
//! that the defence can reach, one winning turn.
//!
//! The text format, one item a line (`#` lines are comments):
//!
//! ```text
//! root POSITION
//! winner white|black
//! turns D
//! POSITION ; TURN
//! ...
//! ```
//!
//! `root` is the solved position, `winner` the side that wins, `turns` the
//! distance claimed; then one line per position of the winner (winner to
//! move), in any order, with the turn it plays. The proof is complete when
//! every turn of the loser, from the root (if the loser moves first) and
//! after every winner's turn, leads to a finished game won by the winner
//! or to a position listed. `audit::tzaar_proof` checks it with the audit
//! engine alone.

use super::order::{ordered, Keys};
use super::prove::{Outcome, Prover, Value};
use super::search::Search;
use rules::tzaar::{Position, Status};
use std::collections::HashMap;
use std::io::{self, Write};

/// A ply number past the parallel plies: extraction runs sequentially.
const PLY_SEQ: u8 = u8::MAX / 2;

/// The winner's positions of a proof: key -> (turns left, position, turn).
type Lines = HashMap<u64, (u8, Position, String)>;

/// Writes the proof of `pos`, which `outcome` (from [`Prover::solve`] on
/// the same prover) proved won or lost, to `out`; returns the number of
/// winner's positions written. Searches again where the table lost facts,
/// without a time limit.
///
/// Errors: `outcome` is unknown (`InvalidInput`), or writing fails.
pub fn write_proof(
    prover: &Prover,
    pos: &Position,
    outcome: &Outcome,
    out: &mut impl Write,
) -> io::Result<usize> {
    let (Some(turns), true) = (outcome.turns, outcome.value != Value::Unknown) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "no proof: the position is not solved",
        ));
    };
    let search = prover.search_without_limit();
    let mut lines = Lines::new();
    let side = pos.side_to_move();
    let winner = if outcome.value == Value::Win {
        // A game already won (turns 0) has no position to answer.
        if pos.status() == Status::Ongoing {
            winner_node(search, pos, turns as u8, &mut lines)?;
        }
        side
    } else {
        defender_node(search, pos, turns as u8, &mut lines)?;
        side.opponent()
    };
    writeln!(
        out,
        "# TZAAR proof written by ttc solve-position; check with ttc check-proof tzaar"
    )?;
    writeln!(out, "root {pos}")?;
    writeln!(out, "winner {}", winner.name().to_lowercase())?;
    writeln!(out, "turns {turns}")?;
    let mut sorted: Vec<_> = lines.values().collect();
    sorted.sort_by_key(|l| std::cmp::Reverse(l.0));
    for (_, p, t) in &sorted {
        writeln!(out, "{p} ; {t}")?;
    }
    Ok(sorted.len())
}

fn lost_search() -> io::Error {
    io::Error::other("internal error: a proven win has no winning turn on a second search")
}

/// `pos`: the winner to move, proven to win within `d` turns.
fn winner_node(s: &Search, pos: &Position, d: u8, lines: &mut Lines) -> io::Result<()> {
    let key = pos.hash_key();
    if lines.get(&key).is_some_and(|l| l.0 <= d) {
        return Ok(());
    }
    // A win at once ends the game: no defence to answer.
    let turn = match pos.winning_turn() {
        Some(t) => t,
        None => ordered(pos, s.table.get(key).best, Keys::Canonical, None)
            .iter()
            .map(|(_, t)| t)
            .find(|t| s.lose_within(&pos.play_unchecked(t), d - 1, PLY_SEQ) == Some(true))
            .ok_or_else(lost_search)?,
    };
    lines.insert(key, (d, *pos, turn.to_string()));
    defender_node(s, &pos.play_unchecked(&turn), d - 1, lines)
}

/// `pos`: the loser to move, proven to lose within `d` turns.
fn defender_node(s: &Search, pos: &Position, d: u8, lines: &mut Lines) -> io::Result<()> {
    if pos.status() != Status::Ongoing {
        return Ok(());
    }
    for t in pos.turns() {
        let c = pos.play_unchecked(&t);
        if c.status() == Status::Ongoing {
            winner_node(s, &c, d - 1, lines)?;
        }
    }
    Ok(())
}

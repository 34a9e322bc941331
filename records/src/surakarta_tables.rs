//! `ttc verify-game surakarta FILE --tables DIR`: a replayed Surakarta
//! game judged move by move with the endgame tables
//! (`solver::surakarta`), from the first position the tables hold (at most
//! their largest piece count; captures only lower it, so every later
//! position is held too).
//!
//! Every move played from such a position gets the position's value, the
//! value of the move played and the best move with its value, all for the
//! player making the move. A move that changes the result is marked: a win
//! thrown away (to a draw or a loss), a draw lost. The games are played
//! under the 50-ply rule, so a move is judged by the value under that rule
//! at the position's own counter (`category50`); a change of the value
//! without the rule is reported beside it.
//!
//! The tables know neither the game's history nor another convention: a
//! third repetition (a draw of the standard rules) is not in them, and a
//! game played under the course convention ([`rules::surakarta::DrawRules::Course`]: 40
//! plies without a capture end the game, which that course's program gives
//! to the side with more pieces) is still judged under the 50-ply rule. For
//! such a game [`CourseEnd`] compares the course's verdict at its end with
//! the tables' value there.

use anyhow::{anyhow, Context, Result};
use rules::surakarta::{DrawReason, Position, Side, Status};
use serde::Serialize;
use tablebase::surakarta::{probe_position, MoveAnswer, ProbeAnswer, Tablebase};
use tables::surakarta::codes::RuleValue;
use tables::surakarta::EndValue;

/// A value in both senses, for one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Judged {
    /// Under the 50-ply rule at the position's counter: `"win"`,
    /// `"draw"` or `"loss"`.
    pub category50: &'static str,
    /// Plies to the next capture under the rule (absent for a draw).
    pub dtz: Option<u8>,
    /// Without the rule: `"win"`, `"draw"` or `"loss"`.
    pub category: &'static str,
    /// Plies to the end without the rule (absent for a draw).
    pub distance: Option<u16>,
    /// Both in words: `"win, dtz 3 (without the rule: win in 9)"`.
    pub text: String,
}

impl Judged {
    fn of(end: EndValue, rule: RuleValue) -> Judged {
        Judged {
            category50: rule.category(),
            dtz: rule.dtz(),
            category: end.category(),
            distance: end.distance(),
            text: format!("{rule} (without the rule: {end})"),
        }
    }

    fn of_move(m: &MoveAnswer) -> Judged {
        Judged::of(m.end_value(), m.rule_value())
    }

    fn of_position(a: &ProbeAnswer) -> Judged {
        Judged::of(a.value.end, a.value.rule_now)
    }
}

/// One move played from a position the tables hold.
#[derive(Clone, Debug, Serialize)]
pub struct MoveJudgement {
    /// 1-based ply of the move in the record.
    pub ply: usize,
    /// The player making the move.
    pub side: Side,
    /// The move, in this project's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position before it.
    pub position: String,
    /// The position's value for the player to move.
    pub before: Judged,
    /// The value of the move played, for the same player.
    pub played: Judged,
    /// The best move (the first of `ttc probe`'s list).
    pub best_move: String,
    /// Its value.
    pub best: Judged,
    /// What the move does to the result under the 50-ply rule, if
    /// anything: `"win thrown away (draw)"`, `"win thrown away (loss)"`,
    /// `"draw lost"`.
    pub note: Option<&'static str>,
    /// The same without the rule.
    pub note_without_rule: Option<&'static str>,
}

/// The end of a game played under the course convention by its 40-ply
/// rule, seen by the course's program and by the tables.
#[derive(Clone, Debug, Serialize)]
pub struct CourseEnd {
    /// Red pieces then.
    pub red: u32,
    /// Black pieces then.
    pub black: u32,
    /// The course's program's winner: the side with more pieces, `"none"`
    /// when they have as many.
    pub course_winner: &'static str,
    /// The tables' value of the final position for the side to move
    /// (the 50-ply rule at its counter of 40: ten more quiet plies).
    pub tables: Judged,
    /// The winner by the tables under the 50-ply rule (`"none"`: a
    /// draw).
    pub tables_winner: &'static str,
    /// The winner by the tables without the rule.
    pub tables_winner_without_rule: &'static str,
    /// Whether the course's winner is not the tables' (under the rule).
    pub changes_verdict: bool,
}

/// One move of a replay, as [`annotate`] reads it.
#[derive(Clone, Copy, Debug)]
pub struct PlayedMove<'a> {
    /// 1-based ply.
    pub ply: usize,
    /// The move in this project's notation (`b2-c3`, `b2xe5`).
    pub mv: &'a str,
    /// The position after it, in notation.
    pub after: &'a str,
}

/// A replayed game, as [`annotate`] reads it: the facts of a
/// [`crate::surakarta::VerifyReport`] (which makes it with
/// `judge_with_tables`), so that this file needs nothing of the replay.
#[derive(Clone, Debug)]
pub struct Replayed<'a> {
    /// The start position, in notation.
    pub start: &'a str,
    /// The legal moves in order (the replay stops at the first illegal
    /// one).
    pub moves: Vec<PlayedMove<'a>>,
    /// The game's state after them.
    pub status: Status,
    /// Red's and Black's pieces after them.
    pub pieces: (u32, u32),
}

/// The judgement of a game by the tables.
#[derive(Clone, Debug, Serialize)]
pub struct TablesAnnotation {
    /// The tablebase folder.
    pub tables: String,
    /// Its largest piece count.
    pub max_pieces: u32,
    /// The ply of the first move played from a position the tables hold
    /// (`None`: the game never reached them, or ended there).
    pub first_ply: Option<usize>,
    /// Moves judged.
    pub judged: usize,
    /// Plies of the moves that change the result under the 50-ply rule.
    pub result_changing: Vec<usize>,
    /// Plies of the moves that change the result without the rule.
    pub result_changing_without_rule: Vec<usize>,
    /// Every move judged, in order.
    pub moves: Vec<MoveJudgement>,
    /// The value of the final position for the side to move, when the
    /// tables hold it and the game did not end by a capture of the last
    /// piece.
    pub final_value: Option<Judged>,
    /// For a game ended by the course convention's 40-ply rule inside the
    /// tables: the course's verdict against the tables'.
    pub course_end: Option<CourseEnd>,
}

/// What a move from a position of outcome `before` to one of outcome
/// `after` (both `"win"`, `"draw"` or `"loss"` for the mover) does.
fn change(before: &str, after: &str) -> Option<&'static str> {
    match (before, after) {
        ("win", "draw") => Some("win thrown away (draw)"),
        ("win", "loss") => Some("win thrown away (loss)"),
        ("draw", "loss") => Some("draw lost"),
        _ => None,
    }
}

/// Whether the tables hold `p` (both sides have pieces, and at most the
/// tables' largest count).
fn held(tb: &Tablebase, p: &Position) -> bool {
    let (r, b) = (p.pieces(Side::Red), p.pieces(Side::Black));
    r != 0 && b != 0 && (r | b).count_ones() <= tb.max_pieces()
}

/// The side that wins by `category` for the side to move in `p`.
fn winner(p: &Position, category: &str) -> &'static str {
    match category {
        "win" => p.side_to_move().name(),
        "loss" => p.side_to_move().opponent().name(),
        _ => "none",
    }
}

/// Judges the move `mv` (this project's notation) played as ply `ply`
/// from `before`.
fn judge(tb: &Tablebase, ply: usize, before: &Position, mv: &str) -> Result<MoveJudgement> {
    let a = probe_position(tb, before).with_context(|| format!("ply {ply}"))?;
    let played = a
        .moves
        .iter()
        .find(|m| m.mv == mv)
        .ok_or_else(|| anyhow!("ply {ply}: the tables list no move {mv} in {before}"))?;
    let best = a
        .moves
        .first()
        .ok_or_else(|| anyhow!("ply {ply}: the tables list no move in {before}"))?;
    let value = Judged::of_position(&a);
    let played = Judged::of_move(played);
    Ok(MoveJudgement {
        ply,
        side: before.side_to_move(),
        mv: mv.to_string(),
        position: a.position.clone(),
        note: change(value.category50, played.category50),
        note_without_rule: change(value.category, played.category),
        before: value,
        played,
        best_move: best.mv.clone(),
        best: Judged::of_move(best),
    })
}

/// The course's verdict at the end of `game` against the tables', when it
/// ended by the course convention's 40-ply rule in position `last` (held
/// by the tables).
fn course_end(tb: &Tablebase, game: &Replayed<'_>, last: &Position) -> Result<Option<CourseEnd>> {
    let by_forty = Status::Drawn {
        reason: DrawReason::FortyPliesWithoutCapture,
    };
    if game.status != by_forty || !held(tb, last) {
        return Ok(None);
    }
    let v = tb.probe(last).context("the final position")?;
    let (red, black) = game.pieces;
    let course_winner = match red.cmp(&black) {
        std::cmp::Ordering::Greater => "red",
        std::cmp::Ordering::Less => "black",
        std::cmp::Ordering::Equal => "none",
    };
    let tables_winner = winner(last, v.rule_now.category());
    Ok(Some(CourseEnd {
        red,
        black,
        course_winner,
        tables: Judged::of(v.end, v.rule_now),
        tables_winner,
        tables_winner_without_rule: winner(last, v.end.category()),
        changes_verdict: course_winner != tables_winner,
    }))
}

/// Judges the moves of `game` (a replay by
/// [`crate::surakarta::verify_game`]: see its report's
/// `judge_with_tables`) with the tables of `tb`, named `name` in the
/// annotation.
///
/// # Errors
/// A position that does not parse (never, for a replay of `verify_game`),
/// or a table that cannot answer (damaged, changed since it was opened),
/// naming the ply.
pub fn annotate(game: &Replayed<'_>, tb: &Tablebase, name: &str) -> Result<TablesAnnotation> {
    let parse = |t: &str| Position::parse(t).map_err(|e| anyhow!("position {t}: {e}"));
    let mut pos = parse(game.start)?;
    let mut moves = Vec::new();
    for m in &game.moves {
        if held(tb, &pos) {
            moves.push(judge(tb, m.ply, &pos, m.mv)?);
        }
        pos = parse(m.after)?;
    }
    let final_value = if held(tb, &pos) {
        let v = tb.probe(&pos).context("the final position")?;
        Some(Judged::of(v.end, v.rule_now))
    } else {
        None
    };
    let plies = |f: fn(&MoveJudgement) -> bool| -> Vec<usize> {
        moves.iter().filter(|m| f(m)).map(|m| m.ply).collect()
    };
    Ok(TablesAnnotation {
        tables: name.to_string(),
        max_pieces: tb.max_pieces(),
        first_ply: moves.first().map(|m| m.ply),
        judged: moves.len(),
        result_changing: plies(|m| m.note.is_some()),
        result_changing_without_rule: plies(|m| m.note_without_rule.is_some()),
        course_end: course_end(tb, game, &pos)?,
        final_value,
        moves,
    })
}

//! `ttc verify-game tzaar --solve SECONDS`: the exact value after every
//! turn of a replayed record, where the prover finds it within the time,
//! and the turns that threw a won position away.

use crate::text::group;
use records::tzaar::VerifyReport;
use rules::tzaar::{Color, Position};
use serde::Serialize;
use solver::tzaar_prove::{Limits, Prover, Value};
use std::time::Duration;

/// The value of one position of the game.
#[derive(Serialize)]
pub struct PositionValue {
    /// Turns played before it (0: the start).
    pub after_turn: usize,
    /// `white` or `black`.
    pub to_move: &'static str,
    /// For the side to move: `win`, `loss` or `unknown` (not proven in time).
    pub value: Value,
    /// Turns to the end under best play, when proven.
    pub turns: Option<u32>,
    /// Positions expanded.
    pub nodes: u64,
}

/// A turn after which the side that played it went from a proven win to
/// a proven loss.
#[derive(Serialize)]
pub struct ThrownWin {
    /// 1-based turn number.
    pub turn: usize,
    /// The side that played it.
    pub side: &'static str,
    /// The turn in our notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The win it had before (turns).
    pub won_in: u32,
    /// The opponent's win after it (turns, from the position after the turn).
    pub opponent_wins_in: u32,
}

/// Values of the record's positions and the thrown wins.
#[derive(Serialize)]
pub struct SolveAnnotation {
    /// Seconds allowed per position.
    pub seconds_per_position: f64,
    /// One entry per position, the start first.
    pub values: Vec<PositionValue>,
    /// Turns that threw a proven win away.
    pub thrown_wins: Vec<ThrownWin>,
}

fn name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Solves every position of the replayed `report` (the start, then after
/// each legal turn), the last first so that the table helps the earlier
/// ones; positions in the opening turn are left unknown.
pub fn annotate(report: &VerifyReport, seconds: f64, tt_mib: usize) -> SolveAnnotation {
    let mut texts: Vec<String> = vec![report.start.clone()];
    texts.extend(report.turns.iter().filter_map(|t| t.position_after.clone()));
    let prover = Prover::new(Limits {
        tt_mib,
        time_limit: Some(Duration::from_secs_f64(seconds)),
    });
    let mut values: Vec<PositionValue> = Vec::new();
    for (i, text) in texts.iter().enumerate().rev() {
        let Ok(pos) = text.parse::<Position>() else {
            continue;
        };
        let o = if pos.is_opening() {
            None
        } else {
            Some(prover.solve(&pos))
        };
        values.push(PositionValue {
            after_turn: i,
            to_move: name(pos.side_to_move()),
            value: o.as_ref().map_or(Value::Unknown, |o| o.value),
            turns: o.as_ref().and_then(|o| o.turns),
            nodes: o.map_or(0, |o| o.nodes),
        });
    }
    values.reverse();
    let thrown_wins = thrown(report, &values);
    SolveAnnotation {
        seconds_per_position: seconds,
        values,
        thrown_wins,
    }
}

/// Turns whose mover had a proven win before and a proven loss after (the
/// opponent to move with a proven win).
fn thrown(report: &VerifyReport, values: &[PositionValue]) -> Vec<ThrownWin> {
    let mut out = Vec::new();
    for pair in values.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        if before.value == Value::Win
            && after.value == Value::Win
            && before.to_move != after.to_move
        {
            let entry = report
                .turns
                .iter()
                .filter(|t| t.position_after.is_some())
                .nth(before.after_turn);
            out.push(ThrownWin {
                turn: before.after_turn + 1,
                side: before.to_move,
                mv: entry.and_then(|t| t.mv.clone()).unwrap_or_default(),
                won_in: before.turns.unwrap_or(0),
                opponent_wins_in: after.turns.unwrap_or(0),
            });
        }
    }
    out
}

/// Prints the annotation as text.
pub fn print(a: &SolveAnnotation) {
    println!(
        "values (side to move, {} s per position):",
        a.seconds_per_position
    );
    for v in &a.values {
        let text = match (v.value, v.turns) {
            (Value::Win, Some(t)) => format!("win in {t}"),
            (Value::Loss, Some(t)) => format!("loss in {t}"),
            _ => "unknown".to_string(),
        };
        println!(
            "  after turn {}: {} to move: {text} ({} nodes)",
            v.after_turn,
            v.to_move,
            group(v.nodes)
        );
    }
    if a.thrown_wins.is_empty() {
        println!("thrown wins: none proven");
    }
    for t in &a.thrown_wins {
        println!(
            "thrown win: turn {} ({}) {}: a win in {} before it, the opponent wins in {} after it",
            t.turn, t.side, t.mv, t.won_in, t.opponent_wins_in
        );
    }
}

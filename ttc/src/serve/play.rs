//! `GET /api/play`: the table's reply, chosen by a documented
//! deterministic tie-break.
//!
//! The reply is the first move of `/api/probe`'s list: the best result for
//! the side to move (shortest win, else a draw, else the longest loss);
//! among moves with the same result, the first in the move generator's
//! order (`order` in the probe answer). The same position always gets the
//! same reply.

use super::error::ApiError;
use super::explorer::Explorer;
use super::probe::probe_answer;
use rules::ttc::Position;
use serde::Serialize;
use tablebase::answer::{PositionAnswer, Value};

/// `GET /api/play`.
#[derive(Debug, Serialize)]
pub struct PlayAnswer {
    /// The position the reply is played from.
    pub from: String,
    /// The reply, `null` when the game is over or no move is legal.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Its result for the table's side (`null` without a move).
    pub result: Option<Value>,
    /// Moves with the same result that the tie-break passed over.
    pub equal_alternatives: usize,
    /// The position after the reply, probed like `/api/probe` (or the
    /// position itself without a move), so the page needs one request.
    pub next: PositionAnswer,
}

/// The table's reply at `pos`.
///
/// # Errors
/// 500 if a table cannot be read.
pub fn play(e: &Explorer, pos: &Position) -> Result<PlayAnswer, ApiError> {
    let p = e.main();
    let here = p.probe(pos)?;
    let Some(best) = here.moves.first() else {
        return Ok(PlayAnswer {
            from: pos.to_string(),
            mv: None,
            result: None,
            equal_alternatives: 0,
            next: probe_answer(e, &here)?,
        });
    };
    let equal = here
        .moves
        .iter()
        .filter(|m| m.result == best.result)
        .count()
        - 1;
    let next = p.probe(&best.child)?;
    Ok(PlayAnswer {
        from: pos.to_string(),
        mv: Some(best.mv.to_text(&p.variant())),
        result: Some(Value::of(best.result)),
        equal_alternatives: equal,
        next: probe_answer(e, &next)?,
    })
}

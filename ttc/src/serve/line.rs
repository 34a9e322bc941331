//! `GET /api/line`: the principal variation, and for a line that ends in
//! a repetition (a draw) the lengths of its prefix and of its cycle.

use super::error::ApiError;
use super::explorer::Explorer;
use rules::ttc::Position;
use tablebase::answer::LineAnswer;
use tablebase::probe::LineEnd;

/// `max_plies` of a line request that names none, and the largest
/// accepted (bounds the work of one request): those of `ttc line`.
pub use tablebase::answer::{DEFAULT_MAX_PLIES, MAX_PLIES};

/// The principal variation of the main table from `pos` (the CLI's
/// `ttc line`), at most `max_plies` moves.
///
/// # Errors
/// 500 if a table cannot be read.
pub fn line(e: &Explorer, pos: &Position, max_plies: usize) -> Result<LineAnswer, ApiError> {
    let p = e.main();
    let l = p.line(pos, max_plies)?;
    if l.end == LineEnd::Repetition && l.cycle().is_none() {
        return Err(ApiError::internal(
            "line: the repeated position is not in the line",
        ));
    }
    let mut answer = LineAnswer::of(&l, p.variant());
    for (step, s) in answer.steps.iter_mut().zip(&l.steps) {
        let (other, differs) = e.compared(&s.position, s.value)?;
        step.other = other;
        step.differs = differs;
    }
    Ok(answer)
}

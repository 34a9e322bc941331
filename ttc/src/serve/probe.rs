//! `GET /api/probe`: a position's value and every move, best first, in
//! the shared JSON vocabulary ([`tablebase::answer`]), with the compared
//! table's values in compare mode.

use super::error::ApiError;
use super::explorer::Explorer;
use tablebase::answer::{CellAnswer, PositionAnswer};
use tablebase::probe::Probe;

/// The answer for a position probed in the main table, probing the
/// compared table too when there is one.
///
/// # Errors
/// 500 if either table cannot be read.
pub fn probe_answer(e: &Explorer, p: &Probe) -> Result<PositionAnswer, ApiError> {
    let main = e.main();
    let v = main.variant();
    let (section, index, _) = main.cell(&p.position)?;
    let cell = CellAnswer { section, index };
    let mut answer = PositionAnswer::from_probe(p, cell, v);
    if let Some(other) = e.other_probe(&p.position)? {
        answer.compare_with(p, &other, v);
    }
    Ok(answer)
}

//! The perft depth limit shared by the three games.

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// Largest perft depth accepted: every game's count recurses once per
/// ply (turn), and 64 is far beyond any count that finishes (the
/// command line's limit for all three games).
pub const MAX_DEPTH: u32 = 64;

/// The depth `depth` as a count of plies, for a depth of 0 to
/// [`MAX_DEPTH`].
///
/// # Errors
/// `ValueError` naming the depth and the range (a negative depth too, not
/// Python's `OverflowError` of an unsigned argument).
pub fn check(depth: i64) -> PyResult<u32> {
    if depth < 0 {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is negative: give a depth of 0 to {MAX_DEPTH} plies"
        )));
    }
    if depth > MAX_DEPTH as i64 {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is above the maximum of {MAX_DEPTH}: the count recurses once per ply"
        )));
    }
    Ok(depth as u32)
}

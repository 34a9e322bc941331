//! `tictacchec.tzaar.solve`: the exact value of a TZAAR position by
//! search, as `ttc solve-position tzaar` ([`solver::tzaar_prove`]).

use crate::errors::{message, PositionError};
use crate::tzaar::TzaarPosition;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rules::tzaar as fast;
use solver::tzaar_prove::{Limits, Prover, Value};

/// Solves `position` (a `tictacchec.tzaar.Position` or its notation) for
/// the side to move, on every core, without the GIL.
///
/// Returns a dict: `value` (`"win"`, `"loss"` or `"unknown"`), `turns`
/// (turns of both sides to the end under best play, None when unknown),
/// `best_turn` (text, None when unknown or over), `proven_depth` (with
/// unknown: neither side can force a win within this many turns),
/// `nodes`, `seconds`. `time_limit` in seconds (more than 0, at most 1e9; None: no limit);
/// `tt_mib`: the transposition table in MiB (1 to 65,536). Raises
/// `PositionError` for bad notation or White's opening turn, `ValueError`
/// for a bad limit.
#[pyfunction]
#[pyo3(signature = (position, *, time_limit=None, tt_mib=64))]
pub fn tzaar_solve<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    time_limit: Option<f64>,
    tt_mib: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let pos = if let Ok(p) = position.cast::<TzaarPosition>() {
        p.get().position()
    } else {
        let text: String = position.extract()?;
        text.parse::<fast::Position>()
            .map_err(|e| PositionError::new_err(message(e)))?
    };
    if pos.is_opening() {
        return Err(PositionError::new_err(
            "the opening turn is not supported (60 stacks, far beyond search)",
        ));
    }
    let time_limit = match time_limit {
        Some(s) => match solver::tzaar_prove::time_limit(s) {
            Some(t) => Some(t),
            None => {
                return Err(PyValueError::new_err(format!(
                    "time_limit {s} is not a positive number of seconds of at most 1e9"
                )))
            }
        },
        None => None,
    };
    if !(1..=65536).contains(&tt_mib) {
        return Err(PyValueError::new_err(format!(
            "tt_mib {tt_mib} is not in 1 to 65,536"
        )));
    }
    let o = py.detach(|| {
        Prover::new(Limits {
            tt_mib: tt_mib as usize,
            time_limit,
        })
        .solve(&pos)
    });
    let d = PyDict::new(py);
    let value = match o.value {
        Value::Win => "win",
        Value::Loss => "loss",
        Value::Unknown => "unknown",
    };
    d.set_item("value", value)?;
    d.set_item("turns", o.turns)?;
    d.set_item("best_turn", o.best_turn.map(|t| t.to_string()))?;
    d.set_item("proven_depth", o.proven_depth)?;
    d.set_item("nodes", o.nodes)?;
    d.set_item("seconds", o.seconds)?;
    Ok(d)
}

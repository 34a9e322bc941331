//! How a table method reads its position argument: a notation string, a
//! `tictacchec.Position`, or None for the empty board.

use crate::errors::probe_error;
use crate::ttc_position::Position;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rules::ttc::Position as RPosition;
use tablebase::probe::Prober;

/// The position `obj` names for the table of `p`: a `Position` as it is
/// (its variant is checked when probed), a string parsed in the table's
/// variant, None the empty board.
///
/// # Errors
/// `PositionError` for a string that does not parse (the command line's
/// message, naming the table); `TypeError` for anything else.
pub fn position_arg(p: &Prober, obj: Option<&Bound<'_, PyAny>>) -> PyResult<RPosition> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return p.parse_position(None).map_err(probe_error);
    };
    if let Ok(pos) = obj.cast::<Position>() {
        return Ok(pos.get().inner);
    }
    if let Ok(text) = obj.extract::<String>() {
        return p.parse_position(Some(&text)).map_err(probe_error);
    }
    Err(PyTypeError::new_err(format!(
        "position must be a notation string or a tictacchec.Position, not {}",
        obj.get_type().fully_qualified_name()?
    )))
}

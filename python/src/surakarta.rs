//! `tictacchec.surakarta.Position`: a Surakarta position over
//! `rules::surakarta`.

use crate::errors::{message, MoveError, PositionError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rules::surakarta::{self as fast, Move};

/// A Surakarta position, immutable: the pieces, the side to move and the
/// turns (plies) since the last capture.
///
/// `Position(notation=None)`: the position in Surakarta notation (ranks
/// 6 to 1, `r`/`b`/digits; side to move `r` or `b`; optional turns
/// without capture, 0 to 50), e.g.
/// `"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0"`; the start position when
/// None. Raises `PositionError` for bad notation.
#[pyclass(module = "tictacchec.surakarta", frozen, eq, hash, name = "Position")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SurakartaPosition {
    pub(crate) inner: fast::Position,
}

#[pymethods]
impl SurakartaPosition {
    #[new]
    #[pyo3(signature = (notation=None))]
    fn py_new(notation: Option<&str>) -> PyResult<SurakartaPosition> {
        let inner = match notation {
            Some(t) => fast::Position::parse(t).map_err(|e| PositionError::new_err(message(e)))?,
            None => fast::Position::start(),
        };
        Ok(SurakartaPosition { inner })
    }

    /// The position in Surakarta notation.
    #[getter]
    fn notation(&self) -> String {
        self.inner.to_string()
    }

    /// Side to move: `"red"` (moves first) or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// Turns (plies) since the last capture, 0 to 50.
    #[getter]
    fn quiet_turns(&self) -> u16 {
        self.inner.quiet_turns()
    }

    /// The pieces as bitboards, `(mover, other)`: the side to move's and
    /// the other side's, each an int whose bit `6 * (rank - 1) + file`
    /// (`a1` = bit 0, `f1` = bit 5, `a2` = bit 6, `f6` = bit 35) marks a
    /// piece: the input of `Tablebase.probe_many`.
    #[getter]
    fn bitboards(&self) -> (u64, u64) {
        let side = self.inner.side_to_move();
        (self.inner.pieces(side), self.inner.pieces(side.opponent()))
    }

    /// The position with the side to move's pieces `mover` and the other
    /// side's `other` (bitboards as in `bitboards`), `turn` (`"red"` or
    /// `"black"`) to move, `quiet_turns` plies (0 to 50, default 0) after the last
    /// capture. Raises `PositionError` for bits beyond the 36 points, a
    /// point held twice, more than 12 pieces a side or a counter above 50;
    /// `ValueError` for another `turn`.
    #[staticmethod]
    #[pyo3(signature = (mover, other, turn="red", quiet_turns=None))]
    fn from_bitboards(
        mover: &Bound<'_, PyAny>,
        other: &Bound<'_, PyAny>,
        turn: &str,
        quiet_turns: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SurakartaPosition> {
        let mover = crate::uint_arg::uint::<u64>(mover, "mover")?;
        let other = crate::uint_arg::uint::<u64>(other, "other")?;
        let quiet = match quiet_turns {
            Some(q) => crate::uint_arg::uint::<u64>(q, "quiet_turns")?,
            None => 0,
        };
        let side = match turn {
            "red" => fast::Side::Red,
            "black" => fast::Side::Black,
            t => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "turn {} is not \"red\" or \"black\"",
                    rules::echo::clip_quoted(t)
                )))
            }
        };
        let (red, black) = match side {
            fast::Side::Red => (mover, other),
            fast::Side::Black => (other, mover),
        };
        let quiet = u16::try_from(quiet).map_err(|_| {
            PositionError::new_err(format!(
                "quiet_turns {quiet} is more than 50 (the game is drawn at 50)"
            ))
        })?;
        let inner = fast::Position::from_parts(red, black, side, quiet)
            .map_err(|e| PositionError::new_err(message(e)))?;
        Ok(SurakartaPosition { inner })
    }

    /// Pieces of `"red"` and `"black"`: `{"red": 12, "black": 12}`.
    #[getter]
    fn piece_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for side in [fast::Side::Red, fast::Side::Black] {
            d.set_item(side.name(), self.inner.pieces(side).count_ones())?;
        }
        Ok(d)
    }

    /// Every legal move in generator order, as text (`"b2-c3"` step,
    /// `"b2xe5"` capture; one per (from, to)). Movement rules only: the
    /// draw rules need the game's history.
    fn legal_moves(&self) -> Vec<String> {
        self.inner
            .legal_moves()
            .iter()
            .map(Move::to_string)
            .collect()
    }

    /// The position after `move` (text as in `legal_moves`). Raises
    /// `MoveError` for a move that does not parse or is illegal.
    #[pyo3(signature = (move_text, /))]
    fn play(&self, move_text: &str) -> PyResult<SurakartaPosition> {
        let mv = Move::parse(move_text).map_err(|e| MoveError::new_err(message(e)))?;
        let inner = self.inner.try_play(mv).map_err(|e| {
            MoveError::new_err(format!(
                "move {}: {}",
                rules::echo::clip(move_text),
                message(e)
            ))
        })?;
        Ok(SurakartaPosition { inner })
    }

    /// Perft: leaves of the legal move tree `depth` plies deep (0 to 64;
    /// depth 0 counts 1), as `ttc perft surakarta` counts them (one
    /// thread, like the command), without the GIL.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        Ok(py.detach(|| fast::perft(&p, depth)))
    }

    /// Perft split by root move: `{move: leaves}` in generator order
    /// (`rules::surakarta::divide`; empty for depth 0).
    fn divide<'py>(&self, py: Python<'py>, depth: i64) -> PyResult<Bound<'py, PyDict>> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        let lines = py.detach(|| fast::divide(&p, depth));
        let d = PyDict::new(py);
        for (m, n) in lines {
            d.set_item(m.to_string(), n)?;
        }
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("surakarta.Position({:?})", self.inner.to_string())
    }
}

//! `tictacchec.tzaar.Position`: a TZAAR position over `rules::tzaar`
//! (ruleset `tzaar-standard-2016-v1`).

use crate::errors::{message, MoveError, PositionError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use rules::tzaar::{self as fast, Status, Turn};

/// A TZAAR position, immutable.
///
/// `Position(notation=None, *, seed=None)`: a position in play in TZAAR
/// notation (`"A1=T,A2=R,A3=Z,B1=t,B2=r,B3=z w normal"`; `opening` as the third field
/// for White's single-capture first turn), or the seeded random opening
/// for `seed` (any integer 0 to 2**64-1), or the fixed start when both are
/// None (as `ttc perft tzaar --position / --seed`). The tournament
/// version's placement phase (third field `placement`) is not available
/// from Python yet: use `ttc perft tzaar --start tournament`. Raises
/// `PositionError` for bad notation.
#[pyclass(module = "tictacchec.tzaar", frozen, eq, hash, name = "Position")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TzaarPosition {
    inner: fast::Position,
}

impl TzaarPosition {
    /// The position of the fast generator.
    pub(crate) fn position(&self) -> fast::Position {
        self.inner
    }
}

#[pymethods]
impl TzaarPosition {
    #[new]
    #[pyo3(signature = (notation=None, *, seed=None))]
    fn py_new(notation: Option<&str>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<TzaarPosition> {
        let seed = seed
            .filter(|s| !s.is_none())
            .map(|s| crate::uint_arg::uint::<u64>(s, "seed"))
            .transpose()?;
        let inner = match (notation, seed) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give a notation or a seed, not both"))
            }
            (Some(t), None) => t
                .parse::<fast::Position>()
                .map_err(|e| PositionError::new_err(message(e)))?,
            (None, Some(s)) => fast::Position::seeded(s),
            (None, None) => fast::Position::fixed_start(),
        };
        Ok(TzaarPosition { inner })
    }

    /// The position in TZAAR notation.
    #[getter]
    fn notation(&self) -> String {
        self.inner.to_string()
    }

    /// Side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.inner.side_to_move() {
            fast::Color::White => "white",
            fast::Color::Black => "black",
        }
    }

    /// Whether this is White's opening turn (a single capture).
    #[getter]
    fn is_opening(&self) -> bool {
        self.inner.is_opening()
    }

    /// The game's state as text: `"game in progress"` or who won and why.
    #[getter]
    fn status(&self) -> String {
        self.inner.status().to_string()
    }

    /// Whether the game is over (someone has won; TZAAR has no draws).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.status() != Status::Ongoing
    }

    /// Every legal turn plan in canonical order, as text (`"D4xE4 pass"`,
    /// `"D4xE4 C3+C4"`; White's opening turn is one capture).
    fn legal_turns(&self) -> Vec<String> {
        self.inner.turns().iter().map(Turn::to_string).collect()
    }

    /// The position after `turn` (text as in `legal_turns`). Raises
    /// `MoveError` for a turn that does not parse or is illegal.
    #[pyo3(signature = (turn, /))]
    fn play(&self, turn: &str) -> PyResult<TzaarPosition> {
        let t = turn
            .parse::<Turn>()
            .map_err(|e| MoveError::new_err(message(e)))?;
        let inner = self.inner.play(&t).map_err(|e| {
            MoveError::new_err(format!("turn {}: {}", rules::echo::clip(turn), message(e)))
        })?;
        Ok(TzaarPosition { inner })
    }

    /// Perft: complete turn plans `depth` turns deep (0 to 64; depth 0
    /// counts 1), as `ttc perft tzaar` counts them; first turns in
    /// parallel, without the GIL.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        Ok(py.detach(|| {
            if depth <= 1 {
                fast::perft(&p, depth)
            } else {
                p.turns()
                    .par_iter()
                    .map(|t| fast::perft(&p.play_unchecked(t), depth - 1))
                    .sum()
            }
        }))
    }

    /// Perft split by first turn: `{turn: count}` in canonical order
    /// (`rules::tzaar::divide`; empty for depth 0).
    fn divide<'py>(&self, py: Python<'py>, depth: i64) -> PyResult<Bound<'py, PyDict>> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        let lines = py.detach(|| fast::divide(&p, depth));
        let d = PyDict::new(py);
        for (t, n) in lines {
            d.set_item(t.to_string(), n)?;
        }
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("tzaar.Position({:?})", self.inner.to_string())
    }
}

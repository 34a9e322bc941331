//! `tictacchec.Value`: a probed value, the shared vocabulary's
//! `category`, `distance` and `text` (`tablebase::answer::Value`).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tables::code::Wdl;

/// The value of a position for the side to move (or of a move for the
/// player making it).
///
/// * `category`: `"win"`, `"draw"` or `"loss"`.
/// * `distance`: distance to the end in plies under best play (the
///   winner hurries, the loser delays), 0 to 253; None for a draw.
/// * `text`: as the command line prints it, `"win in 5"`, `"draw"`.
/// * `wdl`: 1 win, 0 draw, -1 loss (the codes of `probe_many`).
#[pyclass(module = "tictacchec", frozen, eq, hash, name = "Value")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Value {
    /// `win`, `draw` or `loss`.
    #[pyo3(get)]
    pub category: &'static str,
    /// Plies to the end, `None` for a draw.
    #[pyo3(get)]
    pub distance: Option<u8>,
    /// `win in 5`, `draw`.
    #[pyo3(get)]
    pub text: String,
}

impl Value {
    /// The value of a decoded cell, through the shared vocabulary.
    pub fn of(w: Wdl) -> Value {
        let v = tablebase::answer::Value::of(w);
        Value {
            category: v.category.name(),
            distance: v.distance,
            text: v.text,
        }
    }
}

#[pymethods]
impl Value {
    /// 1 for a win, 0 for a draw, -1 for a loss.
    #[getter]
    fn wdl(&self) -> i8 {
        match self.category {
            "win" => 1,
            "loss" => -1,
            _ => 0,
        }
    }

    /// `{"category", "distance", "text"}`, as in the JSON answers.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("category", self.category)?;
        d.set_item("distance", self.distance)?;
        d.set_item("text", &self.text)?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Value({:?})", self.text)
    }
}

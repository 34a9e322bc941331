//! `tictacchec.surakarta.Value`: a Surakarta position's values from the
//! endgame tables (`tablebase::surakarta::ProbeAnswer`), in the vocabulary
//! of `tictacchec.Value` (`category`, `distance`, `text`, `wdl`) with the
//! 50-ply rule's values beside it.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tablebase::surakarta::ProbeAnswer;

/// The values of a Surakarta position for the side to move, from the
/// endgame tables. Without the 50-ply rule:
///
/// * `category`: `"win"`, `"draw"` or `"loss"`; `wdl`: 1, 0, -1.
/// * `distance`: plies to the end (the capture of the last piece) under
///   best play, the winner hurrying and the loser delaying; None for a
///   draw. 1 to 65,532 by the format (at most 33 up to 8 pieces).
/// * `text`: `"win in 9"`, `"draw"`.
///
/// Under the 50-ply rule (the game's draw rule: 50 plies without a capture
/// draw), at the position's own counter `quiet`:
///
/// * `category50`, `wdl50`: as above.
/// * `dtz`: plies to the next capture on the way under best play under
///   the rule, the capture included (1 to 50); None for a draw.
/// * `text50`: `"win, dtz 3"`.
/// * `category50_from_zero`: the value under the rule at counter 0.
/// * `rule_note`: `"cursed-win"` (a win that the rule draws from counter
///   0), `"blessed-loss"`, or None.
/// * `drawn_by_rule`: the counter is 50, the rule has drawn the game.
///
/// And `material` (`"4v3"`: the side to move's pieces, then the other's),
/// `quiet` (plies since the last capture, 0 to 50), `position` (the
/// position in notation).
#[pyclass(module = "tictacchec.surakarta", frozen, eq, hash, name = "Value")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SurakartaValue {
    /// `win`, `draw` or `loss` without the rule.
    #[pyo3(get)]
    pub category: &'static str,
    /// Plies to the end without the rule, None for a draw.
    #[pyo3(get)]
    pub distance: Option<u16>,
    /// `win in 9`, `draw`.
    #[pyo3(get)]
    pub text: String,
    /// `win`, `draw` or `loss` under the rule at the position's counter.
    #[pyo3(get)]
    pub category50: &'static str,
    /// Plies to the next capture under the rule, None for a draw.
    #[pyo3(get)]
    pub dtz: Option<u8>,
    /// `win, dtz 3`, `draw`.
    #[pyo3(get)]
    pub text50: String,
    /// The value under the rule from counter 0.
    #[pyo3(get)]
    pub category50_from_zero: &'static str,
    /// `cursed-win`, `blessed-loss` or None.
    #[pyo3(get)]
    pub rule_note: Option<&'static str>,
    /// Whether the counter is 50.
    #[pyo3(get)]
    pub drawn_by_rule: bool,
    /// `MvO`, the side to move's count first.
    #[pyo3(get)]
    pub material: String,
    /// Plies since the last capture.
    #[pyo3(get)]
    pub quiet: u16,
    /// The position in notation.
    #[pyo3(get)]
    pub position: String,
}

impl SurakartaValue {
    /// The values of a probe's answer.
    pub fn of(a: &ProbeAnswer) -> SurakartaValue {
        SurakartaValue {
            category: a.category,
            distance: a.distance,
            text: a.value.end.to_string(),
            category50: a.category50,
            dtz: a.dtz,
            text50: a.value.rule_now.to_string(),
            category50_from_zero: a.category50_from_zero,
            rule_note: a.rule_note,
            drawn_by_rule: a.drawn_by_rule,
            material: a.material.clone(),
            quiet: a.quiet,
            position: a.position.clone(),
        }
    }
}

/// 1 win, 0 draw, -1 loss.
fn wdl_of(category: &str) -> i8 {
    match category {
        "win" => 1,
        "loss" => -1,
        _ => 0,
    }
}

#[pymethods]
impl SurakartaValue {
    /// 1 for a win, 0 for a draw, -1 for a loss, without the rule.
    #[getter]
    fn wdl(&self) -> i8 {
        wdl_of(self.category)
    }

    /// 1, 0 or -1 under the 50-ply rule at the position's counter.
    #[getter]
    fn wdl50(&self) -> i8 {
        wdl_of(self.category50)
    }

    /// Every field as a dict: `{"category", "distance", "text",
    /// "category50", "dtz", "text50", "category50_from_zero",
    /// "rule_note", "drawn_by_rule", "material", "quiet", "position"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("category", self.category)?;
        d.set_item("distance", self.distance)?;
        d.set_item("text", &self.text)?;
        d.set_item("category50", self.category50)?;
        d.set_item("dtz", self.dtz)?;
        d.set_item("text50", &self.text50)?;
        d.set_item("category50_from_zero", self.category50_from_zero)?;
        d.set_item("rule_note", self.rule_note)?;
        d.set_item("drawn_by_rule", self.drawn_by_rule)?;
        d.set_item("material", &self.material)?;
        d.set_item("quiet", self.quiet)?;
        d.set_item("position", &self.position)?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        format!("{}; 50-ply rule: {}", self.text, self.text50)
    }

    fn __repr__(&self) -> String {
        format!("surakarta.Value({:?}, rule={:?})", self.text, self.text50)
    }
}

//! `Table.positions` and `Table.random_positions`: the positions of a
//! table section, or positions drawn at random, as `ttc positions --all`
//! and `--random N --seed S` list them (the library's
//! `tablebase::site::reference::positions`, not a second walk).

use crate::ttc_position::Position;
use pyo3::prelude::*;
use std::sync::Mutex;
use tablebase::site::reference::{positions, Positions, Selection};

/// An iterator of `tictacchec.Position`s, made by `Table.positions` or
/// `Table.random_positions`; it reads no table cell (probe each position
/// with the table, or `probe_many` a list of their `str()`).
#[pyclass(module = "tictacchec", frozen, name = "PositionIterator")]
pub struct PositionIterator {
    walk: Mutex<Positions>,
    left: Mutex<u64>,
}

impl PositionIterator {
    /// The positions of `selection` in variant `v`; `count` of them.
    pub fn new(v: rules::ttc::Variant, selection: Selection, count: u64) -> PositionIterator {
        PositionIterator {
            walk: Mutex::new(positions(v, selection)),
            left: Mutex::new(count),
        }
    }
}

#[pymethods]
impl PositionIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<Position> {
        let mut walk = self.walk.lock().unwrap_or_else(|e| e.into_inner());
        let (inner, _, _) = walk.next()?;
        let mut left = self.left.lock().unwrap_or_else(|e| e.into_inner());
        *left = left.saturating_sub(1);
        Some(Position { inner })
    }

    /// Positions not yet given (`len()` of what remains).
    fn __len__(&self) -> usize {
        let left = *self.left.lock().unwrap_or_else(|e| e.into_inner());
        usize::try_from(left).unwrap_or(usize::MAX)
    }
}

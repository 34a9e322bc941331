//! `Table.cells`: a zero-copy numpy view of a source table's cells (in
//! memory, or mapped for a table over 1 GiB); `tictacchec.decode`: cell codes to categories
//! and distances.

use crate::errors::TableError;
use crate::probe_many::{category_code, distance_code, WdlArrays};
use numpy::ndarray::{ArrayD, ArrayView1, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;
use tablebase::probe::Prober;
use tables::any::AnyTable;
use tables::code::decode as decode_cell;
use tables::section::Section;

/// Keeps a table's mapping alive while a cells view of it exists: the
/// `base` of every array `Table.cells` returns.
#[pyclass(module = "tictacchec", frozen)]
pub struct CellsOwner {
    _prober: Arc<Prober>,
}

/// A read-only uint8 array over the cells of `section` of the source
/// table of `p`, without copying; the array's base owns a reference to
/// the table, so the mapping outlives `Table.close` until the array is
/// gone.
///
/// # Errors
/// `TableError` for a compact table (its cells are compressed).
pub fn cells_view<'py>(
    py: Python<'py>,
    p: Arc<Prober>,
    section: Section,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let AnyTable::Source(t) = p.table() else {
        return Err(TableError::new_err(format!(
            "{}: this is a compact table (magic \"TTCCPACK\"); cells() maps the cells of a \
             source table (magic \"TTCTBASE\"); use probe_many, or the source table it was \
             packed from",
            p.table().path().display()
        )));
    };
    p.table()
        .check_unchanged()
        .map_err(|e| crate::errors::probe_error(e.into()))?;
    let cells = match section {
        Section::Post => t.post(),
        Section::Opening => t.opening(),
    };
    // SAFETY: the slice points into the table's bytes (in memory, or for
    // a table over 1 GiB its read-only mapping), which `owner` keeps alive (the array's base holds `owner`, `owner` holds
    // the Arc); nothing writes to the mapping, and the array is made
    // read-only before it is handed out.
    let view = unsafe { ArrayView1::from_shape_ptr(cells.len(), cells.as_ptr()) };
    let owner = Bound::new(py, CellsOwner { _prober: p.clone() })?;
    let array = unsafe { PyArray1::borrow_from_array(&view, owner.into_any()) };
    array.getattr("flags")?.setattr("writeable", false)?;
    Ok(array)
}

/// Categories (int8: -1 loss, 0 draw, 1 win) and distances (int16:
/// plies, -1 for a draw) of an array of cell codes, same shape.
///
/// # Errors
/// `ValueError` naming the first code 254 (never in a finished table).
#[pyfunction]
pub fn decode<'py>(py: Python<'py>, codes: &Bound<'py, PyAny>) -> PyResult<WdlArrays<'py, IxDyn>> {
    let codes: PyReadonlyArrayDyn<'py, u8> = codes.extract().map_err(|_| {
        let what = match codes.getattr("dtype") {
            Ok(d) => format!("an array of {d}"),
            Err(_) => codes
                .get_type()
                .fully_qualified_name()
                .map_or_else(|_| "another type".into(), |n| n.to_string()),
        };
        pyo3::exceptions::PyTypeError::new_err(format!(
            "codes must be a numpy array of uint8 cell codes (as Table.cells returns), not {what}"
        ))
    })?;
    let view = codes.as_array();
    let shape = view.shape().to_vec();
    let flat: Vec<u8> = match view.as_slice() {
        Some(s) => s.to_vec(),
        None => view.iter().copied().collect(),
    };
    let (cats, dists, bad) = py.detach(|| {
        let mut cats = Vec::with_capacity(flat.len());
        let mut dists = Vec::with_capacity(flat.len());
        let mut bad = None;
        for (i, &c) in flat.iter().enumerate() {
            match decode_cell(c) {
                Some(w) => {
                    cats.push(category_code(w));
                    dists.push(distance_code(w));
                }
                None => {
                    bad = Some(i);
                    break;
                }
            }
        }
        (cats, dists, bad)
    });
    if let Some(i) = bad {
        return Err(PyValueError::new_err(format!(
            "codes (flat position {i}) holds the invalid code 254, never found in a finished \
             table"
        )));
    }
    let shaped = |e: numpy::ndarray::ShapeError| PyValueError::new_err(e.to_string());
    let cats = ArrayD::from_shape_vec(shape.clone(), cats).map_err(shaped)?;
    let dists = ArrayD::from_shape_vec(shape, dists).map_err(shaped)?;
    Ok((cats.into_pyarray(py), dists.into_pyarray(py)))
}

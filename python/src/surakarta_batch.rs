//! `surakarta.Tablebase.probe_many`: the arguments (numpy arrays, or
//! anything numpy makes an integer array of) read into the library's
//! batch (`tablebase::surakarta::probe_many`), and its values turned into
//! numpy arrays.

use crate::errors::{tablebase_error_in, PositionError};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use tablebase::surakarta::{BatchFailure, BatchPosition, PositionValue};

/// The four arrays of `probe_many`: categories and distances without the
/// rule, categories and DTZ under it.
pub type BatchArrays<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<i8>>,
);

/// The argument `name` as a one-dimensional array of non-negative whole
/// numbers: `numpy.asarray(obj)` of any integer dtype.
///
/// # Errors
/// `TypeError` for a dtype that is not an integer one, `ValueError` for
/// another number of dimensions or a negative number (naming its index).
fn whole_numbers(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    let a = py.import("numpy")?.call_method1("asarray", (obj,))?;
    let ndim: usize = a.getattr("ndim")?.extract()?;
    if ndim != 1 {
        return Err(PyValueError::new_err(format!(
            "{name} is a {ndim}-dimensional array: give a one-dimensional array (reshape(-1) \
             flattens one)"
        )));
    }
    let dtype = a.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    match kind.as_str() {
        "u" => {
            let a = a.call_method1("astype", ("uint64",))?;
            let a: PyReadonlyArray1<u64> = a.extract()?;
            Ok(a.as_array().to_vec())
        }
        "i" => {
            let a = a.call_method1("astype", ("int64",))?;
            let a: PyReadonlyArray1<i64> = a.extract()?;
            let a = a.as_array();
            if let Some((i, v)) = a.iter().enumerate().find(|(_, &v)| v < 0) {
                return Err(PyValueError::new_err(format!(
                    "{name}[{i}] is {v}: give non-negative whole numbers"
                )));
            }
            Ok(a.iter().map(|&v| v as u64).collect())
        }
        _ => Err(PyTypeError::new_err(format!(
            "{name} must hold whole numbers (a numpy integer array, e.g. uint64), not dtype {}",
            dtype.str()?
        ))),
    }
}

/// The batch of `probe_many(mover, other, quiet)`: `quiet` None (0 for
/// every position), one int for all, or an array as long as `mover`.
///
/// # Errors
/// As [`whole_numbers`]; `ValueError` when the lengths differ;
/// `PositionError` for a counter above 50, naming the position's index
/// (`positions[N]`).
pub fn batch_of(
    py: Python<'_>,
    mover: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    quiet: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<BatchPosition>> {
    let m = whole_numbers(py, mover, "mover")?;
    let o = whole_numbers(py, other, "other")?;
    if m.len() != o.len() {
        return Err(PyValueError::new_err(format!(
            "mover has {} positions and other {}: give arrays of one length",
            m.len(),
            o.len()
        )));
    }
    let q = match quiet.filter(|q| !q.is_none()) {
        None => vec![0; m.len()],
        Some(q) if q.is_instance_of::<pyo3::types::PyInt>() => {
            vec![crate::uint_arg::uint::<u64>(q, "quiet")?; m.len()]
        }
        Some(q) => whole_numbers(py, q, "quiet")?,
    };
    if q.len() != m.len() {
        return Err(PyValueError::new_err(format!(
            "mover has {} positions and quiet {}: give one counter per position, or one int \
             for all",
            m.len(),
            q.len()
        )));
    }
    if let Some((i, v)) = q.iter().enumerate().find(|(_, &v)| v > 50) {
        return Err(PositionError::new_err(format!(
            "positions[{i}]: quiet counter {v} is more than 50 (the 50-ply rule has drawn the \
             game at 50)"
        )));
    }
    Ok((0..m.len()).map(|i| (m[i], o[i], q[i] as u8)).collect())
}

/// The exception of a failed batch: `positions[N]: ...`, of the kind of
/// its error (a changed table file is the table's fault, with no index).
pub fn batch_error(f: BatchFailure) -> PyErr {
    use tablebase::surakarta::TablebaseError as E;
    let context = match &f.error {
        E::Table(tables::surakarta::SurakartaTableError::Table(
            tables::error::TableError::Changed { .. },
        )) => None,
        _ => Some(format!("positions[{}]", f.index)),
    };
    tablebase_error_in(f.error, context.as_deref())
}

/// -1, 0 or 1 for `"loss"`, `"draw"`, `"win"`.
fn code(category: &str) -> i8 {
    match category {
        "win" => 1,
        "loss" => -1,
        _ => 0,
    }
}

/// The four columns of `values` (computed in parallel; call it without
/// the GIL).
pub fn columns(values: &[PositionValue]) -> (Vec<i8>, Vec<i32>, Vec<i8>, Vec<i8>) {
    let cat: Vec<i8> = values.par_iter().map(|v| code(v.end.category())).collect();
    let dist = values
        .par_iter()
        .map(|v| v.end.distance().map_or(-1, i32::from))
        .collect();
    let cat50 = values
        .par_iter()
        .map(|v| code(v.rule_now.category()))
        .collect();
    let dtz = values
        .par_iter()
        .map(|v| v.rule_now.dtz().map_or(-1, |d| d as i8))
        .collect();
    (cat, dist, cat50, dtz)
}

/// The columns as numpy arrays.
pub fn arrays<'py>(
    py: Python<'py>,
    (cat, dist, cat50, dtz): (Vec<i8>, Vec<i32>, Vec<i8>, Vec<i8>),
) -> BatchArrays<'py> {
    (
        Array1::from(cat).into_pyarray(py),
        Array1::from(dist).into_pyarray(py),
        Array1::from(cat50).into_pyarray(py),
        Array1::from(dtz).into_pyarray(py),
    )
}

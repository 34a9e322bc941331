//! How `Table.probe_many` reads its positions: a numpy array of str
//! (dtype `<U`) by its buffer, anything else item by item.

use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

/// The strings of `positions`: a one-dimensional, contiguous numpy array
/// of str is copied from its buffer under the GIL and decoded without
/// it, in parallel; any other iterable (list, tuple, array of objects)
/// is read item by item.
///
/// # Errors
/// `TypeError` for a single str, or naming the first item that is not a
/// string.
pub fn texts_of(py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if positions.is_instance_of::<pyo3::types::PyString>() {
        // A str is iterable (by character): refuse it rather than read
        // each character as a position.
        return Err(PyTypeError::new_err(
            "positions is one str: give a list, tuple or numpy array of notation strings \
             (probe() takes a single position)",
        ));
    }
    if let Ok(ndim) = positions.getattr("ndim").and_then(|n| n.extract::<i64>()) {
        if ndim != 1 {
            return Err(PyTypeError::new_err(format!(
                "positions is a {ndim}-dimensional array: give a one-dimensional array (or \
                 list) of notation strings (reshape(-1) flattens one)"
            )));
        }
    }
    if let Some((units, width)) = unicode_buffer(positions) {
        return Ok(py.detach(|| {
            units
                .par_chunks(width)
                .with_min_len(4096)
                .map(ucs4_text)
                .collect()
        }));
    }
    let mut out = Vec::new();
    for (i, item) in positions.try_iter()?.enumerate() {
        let item = item?;
        match item.extract::<String>() {
            Ok(s) => out.push(s),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "positions[{i}] is {}, not a notation string",
                    item.get_type().name()?
                )))
            }
        }
    }
    Ok(out)
}

/// A copy of the code points of a 1-D, C-contiguous, aligned numpy array
/// of native-order str (`<U`), with the item width in code points; `None`
/// for anything else, and for an empty array.
fn unicode_buffer(obj: &Bound<'_, PyAny>) -> Option<(Vec<u32>, usize)> {
    let arr = obj.cast::<PyUntypedArray>().ok()?;
    let d = arr.dtype();
    let width = d.itemsize() / 4;
    let plain = d.kind() == b'U'
        && d.is_native_byteorder() != Some(false)
        && arr.ndim() == 1
        && arr.is_c_contiguous()
        && arr.is_aligned()
        && width > 0
        && !arr.is_empty();
    if !plain {
        return None;
    }
    let n = arr.len();
    // SAFETY: a C-contiguous, aligned array of `n` items of `width` UCS-4
    // code units each starts at `data`, and is read while the GIL is held
    // (no other Python code can change or free it meanwhile).
    let units = unsafe {
        let data = (*arr.as_array_ptr()).fields.data as *const u32;
        std::slice::from_raw_parts(data, n * width).to_vec()
    };
    Some((units, width))
}

/// One item of a `<U` array: its code points up to the first NUL (numpy
/// pads shorter strings with NULs); an invalid code point becomes U+FFFD.
fn ucs4_text(units: &[u32]) -> String {
    let len = units.iter().position(|&u| u == 0).unwrap_or(units.len());
    let units = &units[..len];
    if units.iter().all(|&u| u < 0x80) {
        // ASCII, as every position is: one byte per code point.
        return units.iter().map(|&u| u as u8 as char).collect();
    }
    units
        .iter()
        .map(|&u| char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

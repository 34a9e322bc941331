//! How `Table.probe_many` reads its positions: a numpy array of str
//! (dtype `<U`) by its buffer, anything else item by item; a piece at a
//! time, so that a bad position near the start is reported before the
//! rest is copied.

use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

/// Hands the strings of `positions` to `take` a piece of up to `piece`
/// at a time, in order, with the index of the piece's first item, until
/// `take` returns `false` or the items end. A one-dimensional,
/// C-contiguous numpy array of str is copied from its buffer under the
/// GIL and decoded without it, in parallel; any other iterable (list,
/// tuple, array of objects) is read item by item.
///
/// # Errors
/// `TypeError` for a single str, an array of another dimension than one
/// (naming it), or naming the first item that is not a string; the first
/// error of `take`.
pub fn for_each_piece(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    piece: usize,
    mut take: impl FnMut(usize, Vec<String>) -> PyResult<bool>,
) -> PyResult<()> {
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
            let shape = positions
                .getattr("shape")
                .and_then(|s| s.str().map(|t| t.to_string()))
                .unwrap_or_default();
            return Err(PyTypeError::new_err(format!(
                "positions is a {ndim}-dimensional array of shape {shape}: give a \
                 one-dimensional array (or list) of notation strings (reshape(-1) flattens one)"
            )));
        }
    }
    if let Some(buffer) = UnicodeBuffer::of(positions) {
        let mut start = 0;
        while start < buffer.len {
            let end = (start + piece).min(buffer.len);
            let units = buffer.units(start, end).ok_or_else(|| {
                pyo3::exceptions::PyRuntimeError::new_err(
                    "positions: the array was resized while it was read",
                )
            })?;
            let texts = py.detach(|| {
                units
                    .par_chunks(buffer.width)
                    .with_min_len(4096)
                    .map(ucs4_text)
                    .collect()
            });
            if !take(start, texts)? {
                return Ok(());
            }
            start = end;
        }
        return Ok(());
    }
    let mut texts = Vec::with_capacity(piece.min(1 << 12));
    let mut start = 0;
    for (i, item) in positions.try_iter()?.enumerate() {
        let item = item?;
        match item.extract::<String>() {
            Ok(s) => texts.push(s),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "positions[{i}] is {}, not a notation string",
                    item.get_type().name()?
                )))
            }
        }
        if texts.len() == piece {
            if !take(start, std::mem::take(&mut texts))? {
                return Ok(());
            }
            start = i + 1;
        }
    }
    if !texts.is_empty() {
        take(start, texts)?;
    }
    Ok(())
}

/// A 1-D, C-contiguous, aligned, non-empty numpy array of native-order
/// str (`<U`), read in place.
struct UnicodeBuffer<'a, 'py> {
    arr: &'a Bound<'py, PyUntypedArray>,
    /// Items.
    len: usize,
    /// Code points per item.
    width: usize,
}

impl<'a, 'py> UnicodeBuffer<'a, 'py> {
    /// `obj` as such an array; `None` for anything else, and for an
    /// empty array.
    fn of(obj: &'a Bound<'py, PyAny>) -> Option<UnicodeBuffer<'a, 'py>> {
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
        plain.then(|| UnicodeBuffer {
            arr,
            len: arr.len(),
            width,
        })
    }

    /// A copy of the code points of items `start..end`, made while the
    /// GIL is held; `None` if the array no longer has the length, item
    /// width and layout read at first (resized in place meanwhile).
    fn units(&self, start: usize, end: usize) -> Option<Vec<u32>> {
        let still = self.arr.len() == self.len
            && self.arr.dtype().itemsize() == self.width * 4
            && self.arr.is_c_contiguous()
            && self.arr.is_aligned();
        if !still || start > end || end > self.len {
            return None;
        }
        // SAFETY: a C-contiguous, aligned array of `len` items of `width`
        // UCS-4 code units each starts at `data` (checked just above);
        // `start..end` lies within it, and it is read while the GIL is
        // held (no other Python code can change or free it meanwhile).
        let units = unsafe {
            let data = (*self.arr.as_array_ptr()).fields.data as *const u32;
            std::slice::from_raw_parts(data.add(start * self.width), (end - start) * self.width)
                .to_vec()
        };
        Some(units)
    }
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

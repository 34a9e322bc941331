//! Whole-number arguments that cannot be negative, read so that a bad
//! value's error names the argument (pyo3's own conversion to an unsigned
//! type raises a bare `OverflowError`).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The argument `name`, `obj`, as a whole number of type `T`.
///
/// # Errors
/// `TypeError` for a non-integer, `ValueError` for a negative number,
/// `OverflowError` for one too large for `T`; each names the argument and
/// the value.
pub fn uint<'py, T>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<T>
where
    T: TryFrom<u64> + TryFrom<i64> + std::fmt::Display + num_bound::Max,
{
    if obj.is_instance_of::<pyo3::types::PyBool>() || !obj.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            obj.get_type().fully_qualified_name()?
        )));
    }
    if let Ok(v) = obj.extract::<i64>() {
        if v < 0 {
            return Err(PyValueError::new_err(format!(
                "{name} {v} is negative: give a whole number from 0 to {}",
                T::MAX_TEXT
            )));
        }
    }
    let too_large = || {
        PyOverflowError::new_err(format!(
            "{name} {obj} is too large: give a whole number from 0 to {}",
            T::MAX_TEXT
        ))
    };
    let v = obj.extract::<u64>().map_err(|_| too_large())?;
    T::try_from(v).map_err(|_| too_large())
}

/// The largest value of each unsigned type, as text for messages.
pub mod num_bound {
    /// The largest value of an unsigned type, as text.
    pub trait Max {
        /// `u8::MAX` and so on, in decimal.
        const MAX_TEXT: &'static str;
    }
    impl Max for u8 {
        const MAX_TEXT: &'static str = "255";
    }
    impl Max for u64 {
        const MAX_TEXT: &'static str = "18446744073709551615";
    }
}

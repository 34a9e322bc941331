//! The `path` argument of `open_table`: what Python's own `open()` takes
//! (`str`, `bytes`, or an `os.PathLike` giving either), so that the
//! refusal of another type and the types accepted say the same thing.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use std::path::PathBuf;

/// `obj` as a file path, through `os.fspath`.
///
/// # Errors
/// `TypeError` naming the argument and the type given, for anything but
/// a `str`, `bytes` or `os.PathLike`; `ValueError` for bytes that are no
/// path on this platform (not UTF-8 on Windows).
pub fn path_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    let py = obj.py();
    let refusal = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "{name} must be a str, bytes or os.PathLike, not {}",
            obj.get_type().fully_qualified_name()?
        )))
    };
    let fspath = py.import("os")?.getattr("fspath")?;
    let Ok(path) = fspath.call1((obj,)) else {
        return Err(refusal()?);
    };
    if path.is_instance_of::<PyString>() {
        // Through the file system encoding, as Python's own open() does.
        return Ok(PathBuf::from(path.extract::<std::ffi::OsString>()?));
    }
    if let Ok(b) = path.cast::<PyBytes>() {
        return bytes_path(b.as_bytes(), name);
    }
    Err(refusal()?)
}

/// A path from its bytes: any bytes on Unix, UTF-8 elsewhere.
#[cfg(unix)]
fn bytes_path(bytes: &[u8], _name: &str) -> PyResult<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    Ok(PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
}

/// A path from its bytes: any bytes on Unix, UTF-8 elsewhere.
#[cfg(not(unix))]
fn bytes_path(bytes: &[u8], name: &str) -> PyResult<PathBuf> {
    std::str::from_utf8(bytes)
        .map(PathBuf::from)
        .map_err(|_| pyo3::exceptions::PyValueError::new_err(format!("{name} bytes are not UTF-8")))
}

//! The section argument of `Table.cells` and `Table.position_at`.

use crate::errors::PositionError;
use pyo3::PyResult;
use tables::section::Section;

/// `"post-opening"` (or `"post"`) and `"opening"`, the names `ttc probe
/// --index` reads.
///
/// # Errors
/// `PositionError` naming the text and the accepted names.
pub fn section_arg(text: &str) -> PyResult<Section> {
    match text {
        "post-opening" | "post" => Ok(Section::Post),
        "opening" => Ok(Section::Opening),
        other => Err(PositionError::new_err(format!(
            "unknown section {} (write \"post-opening\" or \"opening\")",
            rules::echo::clip(other)
        ))),
    }
}

//! `Table.probe_many`: many positions at once, in parallel, without the
//! GIL.

use crate::errors::probe_error_in;
use pyo3::PyErr;
use rayon::prelude::*;
use solver::probe::Prober;
use tables::code::Wdl;

/// The `(categories, distances)` arrays of `probe_many` and `decode`, of
/// dimension `D`.
pub type WdlArrays<'py, D> = (
    pyo3::Bound<'py, numpy::PyArray<i8, D>>,
    pyo3::Bound<'py, numpy::PyArray<i16, D>>,
);

/// Category code of `probe_many` and `decode`: -1 loss, 0 draw, 1 win.
pub fn category_code(w: Wdl) -> i8 {
    match w {
        Wdl::Win(_) => 1,
        Wdl::Draw => 0,
        Wdl::Loss(_) => -1,
    }
}

/// Distance of `probe_many` and `decode`: plies to the end (0 to 253),
/// -1 for a draw.
pub fn distance_code(w: Wdl) -> i16 {
    match w {
        Wdl::Win(d) | Wdl::Loss(d) => d as i16,
        Wdl::Draw => -1,
    }
}

/// Categories and distances of `texts` (positions in notation) in the
/// table of `p`, in input order; parallel over rayon's threads. Call it
/// without the GIL.
///
/// # Errors
/// The first failing position in input order, as the exception of its
/// kind (`PositionError`, `TableError`), its message prefixed with
/// `positions[N] `TEXT``.
pub fn probe_texts(p: &Prober, texts: &[String]) -> Result<(Vec<i8>, Vec<i16>), PyErr> {
    let value = |t: &String| p.parse_position(Some(t)).and_then(|pos| p.value(&pos));
    let values: Vec<Option<Wdl>> = texts
        .par_iter()
        .with_min_len(4096)
        .map(|t| value(t).ok())
        .collect();
    if let Some(number) = values.iter().position(Option::is_none) {
        let t = &texts[number];
        let context = format!("positions[{number}] {}", rules::echo::clip(t));
        return Err(match value(t) {
            Err(e) => probe_error_in(e, Some(&context)),
            // The same input gave an error a moment ago; a second read of a
            // compact block can only fail the same way, so this is unreached.
            Ok(_) => crate::errors::TableError::new_err(format!("{context}: probe failed")),
        });
    }
    Ok(values
        .into_iter()
        .flatten()
        .map(|w| (category_code(w), distance_code(w)))
        .unzip())
}

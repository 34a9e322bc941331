//! `Table.probe_many`: many positions at once, in parallel, without the
//! GIL.

use crate::errors::probe_error_in;
use pyo3::PyErr;
use rayon::prelude::*;
use rules::ttc::Position;
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

/// Positions parsed at a time by [`probe_texts`] before it looks for a
/// failure.
const PARSE_PIECE: usize = 1 << 16;

/// Categories and distances of `texts` (positions in notation) in the
/// table of `p`, in input order: parsed in parallel over rayon's threads,
/// then read in one batch ([`Prober::values_many`]: a compact table
/// decompresses each block it needs once). Call it without the GIL.
///
/// # Errors
/// The first failing position in input order, as the exception of its
/// kind (`PositionError`, `TableError`), its message prefixed with
/// `positions[N] `TEXT``.
pub fn probe_texts(p: &Prober, texts: &[String]) -> Result<(Vec<i8>, Vec<i16>), PyErr> {
    // A changed file is the table's fault, not a position's: no prefix.
    p.table()
        .check_unchanged()
        .map_err(|e| crate::errors::probe_error(e.into()))?;
    // Options, not a full error per position (a million of them would
    // cost about 100 MB); the first failure is parsed again for its error.
    // Parsed a piece at a time, so that a bad position near the start is
    // reported without parsing millions after it.
    let mut parsed: Vec<Option<Position>> = Vec::with_capacity(texts.len());
    for piece in texts.chunks(PARSE_PIECE) {
        let start = parsed.len();
        parsed.par_extend(
            piece
                .par_iter()
                .with_min_len(4096)
                .map(|t| p.parse_position(Some(t)).ok()),
        );
        if parsed[start..].iter().any(Option::is_none) {
            break;
        }
    }
    // Positions before the first one that does not parse: a probe error
    // among them comes before that parse error.
    let good = parsed
        .iter()
        .position(Option::is_none)
        .unwrap_or(parsed.len());
    let positions: Vec<Position> = parsed[..good].iter().flatten().copied().collect();
    drop(parsed);
    let (number, e) = match p.values_many(&positions) {
        Err(failure) => failure,
        Ok(values) => match texts.get(good).map(|t| p.parse_position(Some(t))) {
            Some(Err(e)) => (good, e),
            _ => {
                return Ok(values
                    .into_iter()
                    .map(|w| (category_code(w), distance_code(w)))
                    .unzip())
            }
        },
    };
    let context = format!("positions[{number}] {}", rules::echo::clip(&texts[number]));
    Err(probe_error_in(e, Some(&context)))
}

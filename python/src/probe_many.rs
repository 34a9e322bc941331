//! `Table.probe_many`: many positions at once, in parallel, without the
//! GIL.

use crate::errors::probe_error_in;
use crate::texts_arg::for_each_piece;
use pyo3::prelude::*;
use rayon::prelude::*;
use rules::ttc::Position;
use tablebase::probe::Prober;
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

/// Positions read and parsed at a time by [`probe_positions`] before it
/// looks for a failure.
const PARSE_PIECE: usize = 1 << 16;

/// Categories and distances of `positions` (a list, tuple or numpy array
/// of positions in notation) in the table of `p`, in input order: read
/// and parsed a piece at a time (parsed in parallel over rayon's
/// threads, without the GIL), so that a bad position is reported before
/// the items after its piece are even copied; then read in one batch
/// ([`Prober::values_many`]: a compact table decompresses each block it
/// needs once). Only the parsed positions are kept, not their texts.
///
/// # Errors
/// A changed table (`TableError`, no prefix); a wrong argument type
/// (`TypeError`, [`for_each_piece`]); else the first failing position in
/// input order, as the exception of its kind (`PositionError`,
/// `TableError`), its message prefixed with `positions[N] `TEXT``.
pub fn probe_positions(
    py: Python<'_>,
    p: &Prober,
    positions: &Bound<'_, PyAny>,
) -> PyResult<(Vec<i8>, Vec<i16>)> {
    // A changed file is the table's fault, not a position's: no prefix.
    p.table()
        .check_unchanged()
        .map_err(|e| crate::errors::probe_error(e.into()))?;
    let mut parsed: Vec<Position> = Vec::new();
    // The first text that does not parse, with its index.
    let mut unparsed: Option<(usize, String)> = None;
    for_each_piece(py, positions, PARSE_PIECE, |start, texts| {
        // Options, not a full error per position (a million of them
        // would cost about 100 MB); the failure is parsed again below.
        let piece: Vec<Option<Position>> = py.detach(|| {
            texts
                .par_iter()
                .with_min_len(4096)
                .map(|t| p.parse_position(Some(t)).ok())
                .collect()
        });
        let good = piece.iter().position(Option::is_none);
        parsed.extend(piece[..good.unwrap_or(piece.len())].iter().flatten());
        if let Some(k) = good {
            unparsed = Some((start + k, texts[k].clone()));
        }
        Ok(good.is_none())
    })?;
    // A probe error among the positions before the first one that does
    // not parse comes before that parse error.
    let (number, e, text) = match py.detach(|| p.values_many(&parsed)) {
        Err((n, e)) => (n, e, text_at(positions, n, &parsed[n])),
        Ok(values) => match unparsed
            .and_then(|(n, text)| p.parse_position(Some(&text)).err().map(|e| (n, e, text)))
        {
            Some(failure) => failure,
            None => {
                return Ok(values
                    .into_iter()
                    .map(|w| (category_code(w), distance_code(w)))
                    .unzip())
            }
        },
    };
    let context = format!("positions[{number}] {}", rules::echo::clip(&text));
    Err(probe_error_in(e, Some(&context)))
}

/// The text of `positions[n]` as given (a list, tuple or array), else
/// `pos` in notation (an iterable that cannot be indexed).
fn text_at(positions: &Bound<'_, PyAny>, n: usize, pos: &Position) -> String {
    positions
        .get_item(n)
        .and_then(|item| item.extract::<String>())
        .unwrap_or_else(|_| pos.to_string())
}

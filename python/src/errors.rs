//! The package's exceptions and how library errors become them.
//!
//! Every message is the library error's text with its causes joined by
//! `": "`, exactly what the `ttc` command prints after `error: `.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::PyErr;
use tablebase::probe::ProbeError;

create_exception!(
    tictacchec,
    PositionError,
    PyValueError,
    "A position text that does not parse, a position of another rule set \
     than the table's, or a cell index out of range. Subclass of ValueError; \
     the message is the command line's."
);
create_exception!(
    tictacchec,
    MoveError,
    PyValueError,
    "A move (or TZAAR turn) that does not parse or is not legal in the \
     position. Subclass of ValueError; the message is the command line's."
);
create_exception!(
    tictacchec,
    RecordError,
    PyValueError,
    "A game record that is malformed (the message names the record and the \
     line), or, for verify_game with check=True, one with an illegal move, a \
     claimed result the replay contradicts or engines that disagree. \
     Subclass of ValueError; the message is the command line's."
);
create_exception!(
    tictacchec,
    TableError,
    PyOSError,
    "A table that is missing, unreadable, damaged, unfinished or foreign, \
     or used after close. Subclass of OSError; the message names the file \
     and, for a damaged header, the offset and field."
);

/// The text of `e` and of its causes, joined by `": "` (what `ttc`
/// prints after `error: `).
pub fn message<E>(e: E) -> String
where
    E: std::error::Error + Send + Sync + 'static,
{
    format!("{:#}", anyhow::Error::new(e))
}

/// A probe error as the exception of its kind: [`PositionError`] for a
/// bad or foreign position, [`MoveError`] for a bad move, [`TableError`]
/// for a table that cannot answer (damaged cell or index, I/O).
pub fn probe_error(e: ProbeError) -> PyErr {
    probe_error_in(e, None)
}

/// [`probe_error`] with the message prefixed by `context` and `": "`
/// when given (which item of a batch failed).
pub fn probe_error_in(e: ProbeError, context: Option<&str>) -> PyErr {
    let new_err = match e {
        ProbeError::Notation { .. } | ProbeError::Variant { .. } => PositionError::new_err,
        ProbeError::Move { .. } => MoveError::new_err,
        ProbeError::Table(_) | ProbeError::Index { .. } | ProbeError::InvalidCode { .. } => {
            TableError::new_err
        }
    };
    let text = message(e);
    new_err(match context {
        Some(c) => format!("{c}: {text}"),
        None => text,
    })
}

/// A Surakarta tablebase error as the exception of its kind:
/// [`PositionError`] for a position the tables cannot hold (a side
/// without pieces, more pieces than the folder holds, bitboards that are
/// no position), [`TableError`] for a folder or table that cannot answer
/// (missing, damaged, foreign, mixed, changed since it was opened).
pub fn tablebase_error(e: tablebase::surakarta::TablebaseError) -> PyErr {
    tablebase_error_in(e, None)
}

/// [`tablebase_error`] with the message prefixed by `context` and `": "`
/// when given (which item of a batch failed).
pub fn tablebase_error_in(e: tablebase::surakarta::TablebaseError, context: Option<&str>) -> PyErr {
    use tablebase::surakarta::TablebaseError as E;
    let new_err = match e {
        E::TooManyPieces { .. } | E::GameOver { .. } | E::Invalid { .. } => PositionError::new_err,
        E::Table(_)
        | E::Incomplete { .. }
        | E::NeedsSource { .. }
        | E::Exists { .. }
        | E::Empty { .. } => TableError::new_err,
    };
    let text = message(e);
    new_err(match context {
        Some(c) => format!("{c}: {text}"),
        None => text,
    })
}

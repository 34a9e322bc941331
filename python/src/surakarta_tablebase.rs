//! `tictacchec.surakarta.open_tablebase` and `surakarta.Tablebase`: a
//! folder of Surakarta endgame tables (`tablebase::surakarta::Tablebase`),
//! probed with the library's answers (`probe_position`, `best_line`,
//! `probe_many`, `stats`), as `ttc probe`, `ttc line` and `ttc stats`
//! give them.

use crate::errors::{message, tablebase_error, PositionError, TableError};
use crate::surakarta::SurakartaPosition;
use crate::surakarta_batch::{arrays, batch_error, batch_of, columns, BatchArrays};
use crate::surakarta_value::SurakartaValue;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pythonize::pythonize;
use rules::surakarta::Position;
use std::sync::{Arc, Mutex};
use tablebase::surakarta::{
    best_line, probe_many, probe_position, OpenOptions, ProbeAnswer, Tablebase as Folder,
    TablebaseError,
};

/// An open folder of Surakarta endgame tables. Made by `open_tablebase`;
/// use it as a context manager (`with open_tablebase(d) as tb:`) or call
/// `close()`. Every method raises `TableError` after close.
#[pyclass(module = "tictacchec.surakarta", frozen, name = "Tablebase")]
pub struct SurakartaTablebase {
    folder: Mutex<Option<Arc<Folder>>>,
    path: String,
}

/// Opens the folder `path` of Surakarta tables (`ttc solve surakarta
/// --pieces N --out DIR`, or its packed copy `ttc pack DIR OUT`; per
/// material the source table `surakarta-MvO.tbl` if present, else the
/// compact `surakarta-MvO.ctbl`) with the checks of `ttc probe`: every
/// material up to the folder's largest piece count present, each header
/// and length, each table solved from the child table beside it (a folder
/// mixed from two runs is refused, naming both files), and unless `trust`
/// the CRC-64/XZ of every source table's cells (about a second per
/// gigabyte; a compact table's blocks are checked as they are read).
///
/// Memory: a source table of up to 1 GiB (every table of up to 8 pieces;
/// the largest, 4v4, is 810 MB) is read into memory, so opening the
/// 8-piece folder takes its 3.3 GB of memory, and nothing done to the
/// files afterwards can crash the interpreter. A larger source table is
/// memory-mapped. A compact table is read block by block with positioned
/// reads and never mapped: a packed folder needs far less memory. Every
/// probe first checks that the table it reads keeps its file's length and
/// modification time (and, at most a millisecond apart, that the path
/// still names it and its header is unchanged); once a file changed, the
/// probe raises `TableError` naming it: no answer comes from a truncated
/// or rewritten table.
///
/// `path` is a `str`, `bytes` or `os.PathLike`, as for `open()`
/// (`TypeError` otherwise).
///
/// Raises `TableError` (an `OSError`) naming the folder or file: no
/// table, a missing material, a damaged, truncated or foreign table, a
/// mixed folder.
#[pyfunction]
#[pyo3(signature = (path, *, trust=false))]
pub fn open_tablebase(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    trust: bool,
) -> PyResult<SurakartaTablebase> {
    let path = crate::path_arg::path_arg(path, "path")?;
    let options = OpenOptions {
        verify_cells: !trust,
        in_memory_limit: tables::bytes::IN_MEMORY_LIMIT,
    };
    let folder = py
        .detach(|| Folder::open_with(&path, &options))
        .map_err(tablebase_error)?;
    Ok(SurakartaTablebase {
        folder: Mutex::new(Some(Arc::new(folder))),
        path: path.display().to_string(),
    })
}

/// The position `obj` names: a notation string or a
/// `surakarta.Position`.
///
/// # Errors
/// `PositionError` for a string that does not parse (the command line's
/// message), `TypeError` for anything else.
fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(p) = obj.cast::<SurakartaPosition>() {
        return Ok(p.get().inner);
    }
    if let Ok(text) = obj.extract::<String>() {
        return Position::parse(&text).map_err(|e| PositionError::new_err(message(e)));
    }
    Err(PyTypeError::new_err(format!(
        "position must be a notation string or a tictacchec.surakarta.Position, not {}",
        obj.get_type().fully_qualified_name()?
    )))
}

impl SurakartaTablebase {
    /// The folder, or `TableError` once closed.
    pub fn folder(&self) -> PyResult<Arc<Folder>> {
        let guard = self.folder.lock().unwrap_or_else(|e| e.into_inner());
        guard
            .clone()
            .ok_or_else(|| TableError::new_err(format!("{}: the tablebase is closed", self.path)))
    }

    /// `ttc probe`'s answer for `position`, computed without the GIL.
    fn answer_of(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<ProbeAnswer> {
        let tb = self.folder()?;
        let pos = position_arg(position)?;
        py.detach(|| probe_position(&tb, &pos))
            .map_err(tablebase_error)
    }
}

#[pymethods]
impl SurakartaTablebase {
    /// The folder, as given to `open_tablebase`.
    #[getter]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether `close()` was called.
    #[getter]
    fn closed(&self) -> bool {
        self.folder
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_none()
    }

    /// The largest piece count of the folder (every material up to it is
    /// present), 2 to 24.
    #[getter]
    fn max_pieces(&self) -> PyResult<u32> {
        Ok(self.folder()?.max_pieces())
    }

    /// The tables in material order (the side to move's count, then the
    /// other's: 1v1, 1v2, ..., 2v1, ...): `[{"material" ("4v3": the side to
    /// move's pieces, then the other's), "path", "format" ("source" or
    /// "compact"), "cells", "cells_crc" ("0x" + 16 hex digits)}]`.
    #[getter]
    fn tables<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let tb = self.folder()?;
        let list = pyo3::types::PyList::empty(py);
        for t in tb.tables() {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("material", t.header().material.to_string())?;
            d.set_item("path", t.path().display().to_string())?;
            d.set_item("format", t.format())?;
            d.set_item("cells", t.header().cells)?;
            d.set_item("cells_crc", format!("{:#018x}", t.header().cells_crc))?;
            list.append(d)?;
        }
        Ok(list.into_any())
    }

    /// The values of `position` (a notation string such as
    /// `"6/6/1b4/1b4/6/r4r b 0"` or a `surakarta.Position`) for the side
    /// to move: a `surakarta.Value` with both values, without the 50-ply
    /// rule (`category`, `distance` in plies) and under it at the
    /// position's counter (`category50`, `dtz`), and the rule's note
    /// (`rule_note`: cursed win, blessed loss).
    ///
    /// Raises `PositionError` for bad notation, a side without pieces,
    /// or more pieces than the folder holds (the message names the
    /// position); `TableError` for a table that cannot answer (damaged,
    /// changed since it was opened).
    #[pyo3(signature = (position, /))]
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<SurakartaValue> {
        Ok(SurakartaValue::of(&self.answer_of(py, position)?))
    }

    /// Like `probe`, but `default` for a position with more pieces than
    /// the folder holds (python-chess's `get_wdl`); bad notation, a side
    /// without pieces and a table that cannot answer still raise.
    #[pyo3(signature = (position, /, default=None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let tb = self.folder()?;
        let pos = position_arg(position)?;
        match py.detach(|| probe_position(&tb, &pos)) {
            Ok(a) => Ok(Bound::new(py, SurakartaValue::of(&a))?.into_any()),
            Err(TablebaseError::TooManyPieces { .. }) => {
                Ok(default.unwrap_or_else(|| py.None().into_bound(py)))
            }
            Err(e) => Err(tablebase_error(e)),
        }
    }

    /// The whole answer of `ttc probe DIR POSITION --json`: `{"position",
    /// "to_move" ("red"|"black"), "quiet", "material", "category",
    /// "distance", "category50", "dtz", "category50_from_zero",
    /// "rule_note", "drawn_by_rule", "moves": [...]}`, moves as in
    /// `moves()`.
    #[pyo3(signature = (position, /))]
    fn answer<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = self.answer_of(py, position)?;
        Ok(pythonize(py, &a)?)
    }

    /// Every legal move of `position`, best first (the value under the
    /// 50-ply rule first, as the game is played under it, then the value
    /// without it, then the shorter win or the longer loss; ties in move
    /// generator order), each a dict `{"move" ("b2-c3" step, "b2xe5"
    /// capture), "kind" ("step"|"capture"), "category", "distance",
    /// "category50", "dtz", "position"}`: the values for the player
    /// making the move, distances counted from the position before it,
    /// and the position after it. Empty when the side to move has no
    /// legal move.
    #[pyo3(signature = (position, /))]
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = self.answer_of(py, position)?;
        Ok(pythonize(py, &a.moves)?)
    }

    /// The best line from `position` (the first move of `moves()` each
    /// ply), from the library's `best_line` as `ttc line DIR POSITION
    /// --json` (which prints `steps` and `end`): `{"steps": [{"ply",
    /// "position", "category",
    /// "distance", "category50", "dtz", "best"}], "end" (in words),
    /// "end_kind" ("no_pieces": the last move took the last piece |
    /// "no_move" | "rule": the 50-ply rule drew | "limit")}`, one step per
    /// position from which a move is played (and the last position when
    /// no move is). Stops after `max_plies` moves, 1 to 1000 as for `ttc
    /// line` (`ValueError` otherwise).
    #[pyo3(signature = (position, /, max_plies=300))]
    fn line<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        max_plies: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !(1..=tablebase::answer::MAX_PLIES as i64).contains(&max_plies) {
            return Err(PyValueError::new_err(format!(
                "max_plies {max_plies} is outside 1..=1000 (moves of the line, as for \
                 `ttc line --max-plies`)"
            )));
        }
        let tb = self.folder()?;
        let pos = position_arg(position)?;
        let l = py
            .detach(|| best_line(&tb, &pos, max_plies as u32))
            .map_err(tablebase_error)?;
        Ok(pythonize(py, &l)?)
    }

    /// Values of many positions at once, in parallel without the GIL.
    ///
    /// * `mover`, `other`: one-dimensional arrays (any numpy integer
    ///   dtype, or lists) of the same length N, the side to move's and the
    ///   other side's pieces as bitboards: bit `6 * (rank - 1) + file`
    ///   (`a1` = bit 0, `f1` = 5, `a2` = 6, `f6` = 35) marks a piece, as
    ///   `surakarta.Position.bitboards` gives them. Colours do not matter.
    /// * `quiet`: plies since the last capture (0 to 50), None (0 for
    ///   all), one int for all, or an array of length N.
    ///
    /// Returns `(categories, distances, categories50, dtz)`, numpy arrays
    /// of length N: int8 (1 win, 0 draw, -1 loss for the side to move)
    /// and int32 (plies to the end, -1 for a draw) without the 50-ply
    /// rule; int8 and int8 (plies to the next capture, 1 to 50, -1 for a
    /// draw) under it at each position's counter.
    ///
    /// Raises for the first bad position its exception, the message
    /// starting `positions[I]`: `PositionError` for overlapping or
    /// off-board bits, a side without pieces, more pieces than the folder
    /// holds, a counter above 50; `TableError` for a table that cannot
    /// answer or a file changed since the folder was opened (checked
    /// before and after the batch). `TypeError`/`ValueError` for arrays of
    /// another dtype, dimension or length.
    #[pyo3(signature = (mover, other, /, quiet=None))]
    fn probe_many<'py>(
        &self,
        py: Python<'py>,
        mover: &Bound<'py, PyAny>,
        other: &Bound<'py, PyAny>,
        quiet: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<BatchArrays<'py>> {
        let tb = self.folder()?;
        let batch = batch_of(py, mover, other, quiet)?;
        let cols = py
            .detach(|| probe_many(&tb, &batch).map(|v| columns(&v)))
            .map_err(batch_error)?;
        Ok(arrays(py, cols))
    }

    /// The figures of every table, as the `materials` of `ttc stats DIR
    /// --json`: `[{"material", "counts": {"cells", "placements",
    /// "cells_wdl", "placements_wdl", "cells_wdl50", "placements_wdl50"
    /// (each {"wins", "losses", "draws"}), "cursed_wins",
    /// "blessed_losses", ..., "longest_win", "longest_win_example",
    /// "longest_loss", "distance_histogram" ([(plies, cells), ...], wins
    /// and losses without the rule), "dtz_histogram"}}]`. Reads every
    /// cell (source tables only: `TableError` for a packed folder).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let tb = self.folder()?;
        let all = py
            .detach(|| tablebase::surakarta::stats::tablebase_counts(&tb, "stats()"))
            .map_err(tablebase_error)?;
        Ok(pythonize(py, &all)?)
    }

    /// Releases the tables. Calling it again does nothing.
    fn close(&self) {
        self.folder.lock().unwrap_or_else(|e| e.into_inner()).take();
    }

    /// The tablebase itself; `TableError` if it was closed.
    fn __enter__(slf: Bound<'_, Self>) -> PyResult<Bound<'_, Self>> {
        slf.get().folder()?;
        Ok(slf)
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.close();
        false
    }

    fn __repr__(&self) -> String {
        let state = match self.folder() {
            Ok(f) => format!("up to {} pieces", f.max_pieces()),
            Err(_) => "closed".to_string(),
        };
        format!("<tictacchec.surakarta.Tablebase {:?} ({state})>", self.path)
    }
}

//! `tictacchec.open_table` and `tictacchec.Table`: probing a tablebase
//! through `tablebase::probe::Prober`, answers in the shared vocabulary of
//! `tablebase::answer`.

use crate::cells::cells_view;
use crate::errors::{message, probe_error, PositionError, TableError};
use crate::position_arg::position_arg;
use crate::positions::PositionIterator;
use crate::probe_many::{probe_positions, WdlArrays};
use crate::section_arg::section_arg;
use crate::ttc_position::Position;
use crate::value::Value;
use numpy::ndarray::Ix1;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use pythonize::pythonize;
use std::sync::{Arc, Mutex};
use tablebase::answer::{LineAnswer, PositionAnswer, TableInfo};
use tablebase::probe::{ProbeError, Prober};
use tablebase::site::reference::Selection;
use tables::section::Section;

/// Largest `max_plies` of `Table.line`, as `ttc line` and the API.
const MAX_LINE_PLIES: i64 = 1000;
use tables::error::CompactError;

/// An open tablebase (source `.tbl` or compact `.ctbl`). Made by
/// `open_table`; use it as a context manager (`with open_table(p) as t:`)
/// or call `close()`. Every method raises `TableError` after close.
#[pyclass(module = "tictacchec", frozen, name = "Table")]
pub struct Table {
    prober: Mutex<Option<Arc<Prober>>>,
    path: String,
}

/// Opens the table at `path` (a `str`, `bytes` or `os.PathLike`, as
/// `open()` takes; another type raises `TypeError` naming it), source or
/// compact (told apart by the magic), with the checks of `ttc probe`: header, layout, completion,
/// and for a source table the CRC-64/XZ of every cell unless `trust`
/// (`ttc probe --trust`: 1.45 s saved on the 2.5 GB table of the full
/// game). A compact table checks each block when it is first read.
///
/// Raises `TableError` (an `OSError`) naming the file and what is wrong
/// (the offset and field of a damaged header): a missing, unreadable,
/// damaged, unfinished or foreign table is refused here.
///
/// Returns a `Table`, best used as a context manager:
///
///     with tictacchec.open_table("ttc-travel.tbl") as t:
///         t.probe("4/4/4/4 w PNBRpnbr -- 0")   # Value: category, distance (plies), text
///         t.moves(position)                    # every move, best first (dicts)
///         t.probe_many(list_of_positions)      # numpy int8 (-1/0/1), int16 (plies, -1 draw)
///         t.cells("post-opening")              # zero-copy uint8 view (source tables)
///
/// Positions are notation strings (`BOARD SIDE HANDS PAWNS PLY`), a
/// `tictacchec.Position`, or None for the empty board.
///
/// A table file of up to 1 GiB (every compact table, the source tables
/// up to 4x4 without the full game) is read into memory: nothing done to
/// the file afterwards can crash the interpreter. A larger source table
/// is memory-mapped. Either way every read first checks that the open file
/// keeps its length and modification time (and, at most a millisecond
/// apart, that the path still names it and its header is unchanged), and
/// raises `TableError` once it changed: no answer comes from a truncated
/// or rewritten file.
///
/// `cache_mib` (1 to 65,536, default 32) bounds the memory a compact
/// table keeps of decompressed blocks (64 KiB each by default); a probe
/// whose block is cached takes under a microsecond, one that is not
/// decompresses its block (about 25 us). A source table ignores it.
#[pyfunction]
#[pyo3(signature = (path, *, trust=false, cache_mib=32))]
pub fn open_table(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    trust: bool,
    cache_mib: i64,
) -> PyResult<Table> {
    let path = crate::path_arg::path_arg(path, "path")?;
    if !(1..=65_536).contains(&cache_mib) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "cache_mib {cache_mib} is outside 1..=65536 (MiB of decompressed blocks a compact \
             table keeps; a source table ignores it)"
        )));
    }
    let shown = path.display().to_string();
    let mut prober = py
        .detach(|| Prober::open_limited(&path, !trust, tables::bytes::IN_MEMORY_LIMIT))
        .map_err(probe_error)?;
    prober.set_cache_bytes((cache_mib as usize) << 20);
    Ok(Table {
        prober: Mutex::new(Some(Arc::new(prober))),
        path: shown,
    })
}

impl Table {
    /// The answer of `ttc probe --json` for `position`, computed without
    /// the GIL (shared by `answer` and `moves`).
    fn position_answer(
        &self,
        py: Python<'_>,
        position: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PositionAnswer> {
        let p = self.prober()?;
        let pos = position_arg(&p, position)?;
        py.detach(|| PositionAnswer::of(&p, &pos))
            .map_err(probe_error)
    }

    /// The prober, or `TableError` once closed.
    pub fn prober(&self) -> PyResult<Arc<Prober>> {
        let guard = self.prober.lock().unwrap_or_else(|e| e.into_inner());
        guard
            .clone()
            .ok_or_else(|| TableError::new_err(format!("{}: the table is closed", self.path)))
    }
}

#[pymethods]
impl Table {
    /// The file, as given to `open_table`.
    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    /// Whether `close()` was called.
    #[getter]
    fn closed(&self) -> bool {
        self.prober
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_none()
    }

    /// The table's header as `ttc stats --json` and the explorer show it:
    /// `{"path", "format" ("source"|"compact"), "rules"
    /// ("4x4 PNBR travel-direction lock 6"), "reading", "rule_tag"
    /// ("0x54544303"), "size", "roles", "opening_plies", "sections":
    /// [{"name": "post-opening"|"opening", "cells": int}, ...],
    /// "cells_crc" ("0x" + 16 hex digits)}`.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.prober()?;
        Ok(pythonize(py, &TableInfo::of(p.table()))?)
    }

    /// The value of `position` for the side to move: a `Value` with
    /// `category` (`"win"`/`"draw"`/`"loss"`), `distance` (plies, None for
    /// a draw) and `text` (`"win in 5"`). `position` is a notation string
    /// (parsed in the table's variant), a `Position`, or None for the
    /// empty board. Raises `PositionError` for a bad or foreign position,
    /// `TableError` for a damaged cell.
    #[pyo3(signature = (position, /))]
    fn probe(&self, position: Option<&Bound<'_, PyAny>>) -> PyResult<Value> {
        let p = self.prober()?;
        let pos = position_arg(&p, position)?;
        Ok(Value::of(p.value(&pos).map_err(probe_error)?))
    }

    /// Like `probe`, but returns `default` for a position this table
    /// cannot answer (bad notation, another rule set): python-chess's
    /// `get_wdl`. A damaged table still raises `TableError`.
    #[pyo3(signature = (position, /, default=None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        position: Option<&Bound<'py, PyAny>>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self.probe(position) {
            Ok(v) => Ok(Bound::new(py, v)?.into_any()),
            Err(e) if e.is_instance_of::<PositionError>(py) => {
                Ok(default.unwrap_or_else(|| py.None().into_bound(py)))
            }
            Err(e) => Err(e),
        }
    }

    /// The whole answer of `ttc probe --json` for `position` (without the
    /// table fields): `{"position", "to_move" ("white"|"black"),
    /// "opening_ply", "terminal", "no_legal_move", "cell": {"section",
    /// "index"}, "category", "distance", "text", "moves": [...]}`, moves
    /// as in `moves()`.
    #[pyo3(signature = (position, /))]
    fn answer<'py>(
        &self,
        py: Python<'py>,
        position: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = self.position_answer(py, position)?;
        Ok(pythonize(py, &a)?)
    }

    /// Every legal move of `position`, best first (shortest win, draws,
    /// longest loss; ties in move generator order), each a dict
    /// `{"move" ("N@b2"|"a1-b3"), "category", "distance", "text" (value
    /// for the player making the move, distance counted from the position
    /// before it), "position" (the child, in notation), "order" (index in
    /// move generator order)}`. Empty when the game is over.
    #[pyo3(signature = (position, /))]
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = self.position_answer(py, position)?;
        Ok(pythonize(py, &a.moves)?)
    }

    /// The principal variation from `position` (None: the empty board), as
    /// `ttc line --json`: `{"steps": [{"ply", "position", "to_move",
    /// "category", "distance", "text", "move"}...], "end" ("line" |
    /// "no_move" | "repetition" | "limit"), "plies", "prefix_plies",
    /// "cycle_plies"}`; a drawing line ends in a repetition, entering a
    /// cycle of `cycle_plies` plies after `prefix_plies` plies. Stops
    /// after `max_plies` moves, 1 to 1000 as for `ttc line` and the API
    /// (`ValueError` otherwise).
    #[pyo3(signature = (position=None, /, max_plies=300))]
    fn line<'py>(
        &self,
        py: Python<'py>,
        position: Option<&Bound<'py, PyAny>>,
        max_plies: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !(1..=MAX_LINE_PLIES).contains(&max_plies) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "max_plies {max_plies} is outside 1..=1000 (moves of the line, as for \
                 `ttc line --max-plies`)"
            )));
        }
        let max_plies = max_plies as usize;
        let p = self.prober()?;
        let pos = position_arg(&p, position)?;
        let l = py.detach(|| p.line(&pos, max_plies)).map_err(probe_error)?;
        Ok(pythonize(py, &LineAnswer::of(&l, p.variant()))?)
    }

    /// Values of many positions (a list, tuple or numpy array of notation
    /// strings), in parallel without the GIL, the cells read in one batch
    /// in file order (a compact table decompresses each block it needs
    /// once): `(categories, distances)`,
    /// numpy int8 (-1 loss, 0 draw, 1 win) and int16 (plies to the end,
    /// -1 for a draw) arrays of the input's length. Raises the exception
    /// of the first failing position, its message prefixed with
    /// `positions[N]`: the positions are read and parsed 65,536 at a time,
    /// so a bad one is reported before the rest of the input is copied.
    /// `TypeError` for a str, for an array of more than one dimension
    /// (naming its shape) or for an item that is no str.
    #[pyo3(signature = (positions, /))]
    fn probe_many<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<WdlArrays<'py, Ix1>> {
        let p = self.prober()?;
        let (cats, dists) = probe_positions(py, &p, positions)?;
        Ok((cats.into_pyarray(py), dists.into_pyarray(py)))
    }

    /// The table cell of `position`: `(section, index)`, section
    /// `"post-opening"` or `"opening"`, index from 0.
    #[pyo3(signature = (position, /))]
    fn cell(&self, position: Option<&Bound<'_, PyAny>>) -> PyResult<(&'static str, u64)> {
        let p = self.prober()?;
        let pos = position_arg(&p, position)?;
        let (s, i, _) = p.cell(&pos).map_err(probe_error)?;
        Ok((s.name(), i))
    }

    /// The position stored in cell `index` of `section` (`"post-opening"`
    /// or `"opening"`): a post-opening cell as its White-to-move image,
    /// as `ttc probe --index` shows it. Raises `PositionError` for an
    /// index out of range (naming the section's cell count).
    fn position_at(&self, section: &str, index: &Bound<'_, PyAny>) -> PyResult<Position> {
        let index = crate::uint_arg::uint::<u64>(index, "index")?;
        let p = self.prober()?;
        let s = section_arg(section)?;
        let inner = p.position_at(s, index).map_err(|e| match e {
            ProbeError::Table(CompactError::OutOfRange { .. }) => {
                PositionError::new_err(message(e))
            }
            e => probe_error(e),
        })?;
        Ok(Position { inner })
    }

    /// Every position of `section` (`"post-opening"` or `"opening"`) in
    /// cell index order: the positions `position_at(section, i)` gives for
    /// `i` from 0 (a post-opening cell as its White-to-move image), as an
    /// iterator of `Position` whose `len()` is what remains. It reads no
    /// cell; the 3x3 PNB table's post-opening section has 334,027
    /// positions, the full game's about 1.24 billion. Raises
    /// `PositionError` for an unknown section, `TableError` once closed.
    fn positions(&self, section: &str) -> PyResult<PositionIterator> {
        let s = section_arg(section)?;
        let p = self.prober()?;
        let (post, opening) = p.table().counts();
        let count = if s == Section::Post { post } else { opening };
        Ok(PositionIterator::new(
            p.variant(),
            Selection::Section(s),
            count,
        ))
    }

    /// `count` positions drawn at random from `seed` (default 1, as the
    /// command's; whole numbers; the same count and seed give the same
    /// positions), the ones `ttc positions TABLE --random COUNT --seed
    /// SEED` lists: each is, nine
    /// times in ten, a uniform post-opening cell with a uniform side to
    /// move and, one time in ten, a uniform opening cell (SplitMix64
    /// draws; cells may repeat). An iterator of `Position` whose `len()`
    /// is what remains; it reads no cell. Raises `ValueError` naming a
    /// negative `count` or `seed`, `TableError` once closed.
    #[pyo3(signature = (count, /, *, seed=None))]
    fn random_positions(
        &self,
        count: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PositionIterator> {
        let count = crate::uint_arg::uint::<u64>(count, "count")?;
        let seed = match seed {
            Some(s) => crate::uint_arg::uint::<u64>(s, "seed")?,
            None => 1,
        };
        let p = self.prober()?;
        Ok(PositionIterator::new(
            p.variant(),
            Selection::Random { count, seed },
            count,
        ))
    }

    /// The cells of `section` (`"post-opening"` or `"opening"`) of a
    /// SOURCE table as a read-only numpy uint8 array, without copying
    /// (index order; the codes of the table format: odd = win, even =
    /// loss in that many plies, 255 draw; see `decode`). The array keeps
    /// the table's memory alive after `close()`. A table of up to 1 GiB is
    /// in memory, so the array stays valid whatever happens to the file;
    /// for a larger (memory-mapped) table the array is a view of the file
    /// itself, and reading it after the file was shortened kills the
    /// process (SIGBUS): keep such a file unchanged while arrays of it
    /// exist. Raises `TableError` for a compact table, or a changed file.
    fn cells<'py>(&self, py: Python<'py>, section: &str) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let s = section_arg(section)?;
        cells_view(py, self.prober()?, s)
    }

    /// Releases the table (the mapping is unmapped once no `cells()`
    /// array uses it). Calling it again does nothing.
    fn close(&self) {
        self.prober.lock().unwrap_or_else(|e| e.into_inner()).take();
    }

    /// The table itself; `TableError` if it was closed.
    fn __enter__(slf: Bound<'_, Self>) -> PyResult<Bound<'_, Self>> {
        slf.get().prober()?;
        Ok(slf)
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.close();
        false
    }

    fn __repr__(&self) -> String {
        let state = match self.prober() {
            Ok(p) => format!("{}, {}", p.table().format(), p.variant().describe()),
            Err(_) => "closed".to_string(),
        };
        format!("<tictacchec.Table {:?} ({state})>", self.path)
    }
}

//! `tictacchec.Position`: a Tic-Tac-Chec position over `rules::ttc`.

use crate::cell_index::cell_of;
use crate::errors::{message, MoveError, PositionError, TableError};
use crate::variant::variant_of;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rules::ttc::{Color, Move, Position as RPosition, HAND};

/// A Tic-Tac-Chec position (absolute colours), immutable.
///
/// `Position(notation=None, *, size=4, roles=None, rules="travel",
/// lock=None)`: the position written in notation (`BOARD SIDE HANDS PAWNS
/// PLY`, e.g. `"4/4/4/4 w PNBRpnbr -- 0"`), or the empty board when
/// `notation` is None, under the rule set given by the keywords (the
/// command line's `--size`, `--roles`, `--rules`, `--lock` and their
/// defaults). Raises `PositionError` naming the field that is wrong.
#[pyclass(module = "tictacchec", frozen, eq, hash, name = "Position")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The position.
    pub inner: RPosition,
}

impl Position {
    /// Parses `mv` in this position's variant and plays it.
    fn play_text(&self, mv: &str) -> PyResult<RPosition> {
        let v = self.inner.variant();
        let m = Move::parse(mv, &v).map_err(|e| MoveError::new_err(message(e)))?;
        self.inner
            .play(m)
            .map_err(|e| MoveError::new_err(message(e)))
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (notation=None, *, size=4, roles=None, rules="travel", lock=None))]
    fn py_new(
        notation: Option<&str>,
        size: i64,
        roles: Option<&str>,
        rules: &str,
        lock: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        let size = u8::try_from(size)
            .ok()
            .filter(|s| (3..=4).contains(s))
            .ok_or_else(|| {
                PositionError::new_err(format!(
                    "size {size} is not a board size of Tic-Tac-Chec: 3 or 4"
                ))
            })?;
        let lock = lock
            .filter(|l| !l.is_none())
            .map(|l| crate::uint_arg::uint::<u8>(l, "lock"))
            .transpose()?;
        let v = variant_of(size, roles, rules, lock)?;
        let inner = match notation {
            None => RPosition::empty(v),
            Some(t) => RPosition::parse(t, v).map_err(|e| PositionError::new_err(message(e)))?,
        };
        Ok(Position { inner })
    }

    /// The position in notation, `BOARD SIDE HANDS PAWNS PLY`.
    #[getter]
    fn notation(&self) -> String {
        self.inner.to_notation()
    }

    /// The rule set, as tables and the command line describe it:
    /// `4x4 PNBR travel-direction lock 6`.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant().describe()
    }

    /// Board size, 3 or 4.
    #[getter]
    fn size(&self) -> u8 {
        self.inner.variant().size()
    }

    /// Side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.inner.turn().name()
    }

    /// Ply within the placement-only opening (0 .. lock-1), None after it.
    #[getter]
    fn opening_ply(&self) -> Option<u8> {
        self.inner.opening_ply()
    }

    /// Pieces in hand: `{"white": "PN", "black": "b"}` (upper case for
    /// White, lower case for Black; empty string for none).
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let v = self.inner.variant();
        let hand = |sq: [u8; 4], upper: bool| -> String {
            v.roles()
                .filter(|r| sq[*r as usize] == HAND)
                .map(|r| {
                    let l = r.letter();
                    if upper {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                })
                .collect()
        };
        let d = PyDict::new(py);
        d.set_item("white", hand(self.inner.white().sq, true))?;
        d.set_item("black", hand(self.inner.black().sq, false))?;
        Ok(d)
    }

    /// Pawn directions: `{"white": "up", "black": "down"}`; `"up"` is
    /// toward the last rank, `"down"` toward rank 1, None when that pawn
    /// is not on the board.
    #[getter]
    fn pawn_directions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let name = |c| {
            self.inner
                .pawn_points_up(c)
                .map(|up| if up { "up" } else { "down" })
        };
        let d = PyDict::new(py);
        d.set_item("white", name(Color::White))?;
        d.set_item("black", name(Color::Black))?;
        Ok(d)
    }

    /// The board: a dict from square name (`"a1"`) to piece letter
    /// (`"N"` White knight, `"n"` Black knight) for occupied squares.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let v = self.inner.variant();
        let g = v.geometry();
        let d = PyDict::new(py);
        for s in 0..v.squares() {
            if let Some((c, r)) = self.inner.piece_at(s) {
                let l = r.letter();
                let l = if c == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                d.set_item(g.square_name(s), l.to_string())?;
            }
        }
        Ok(d)
    }

    /// Whether a line (of `size` pieces of one colour) is on the board:
    /// the game is over and the side to move has lost.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// Every legal move in move generator order, as text (`"N@b2"`,
    /// `"a1-b3"`); empty when the game is over or the side to move is
    /// stuck.
    fn legal_moves(&self) -> Vec<String> {
        let v = self.inner.variant();
        self.inner
            .legal_moves()
            .iter()
            .map(|m| m.to_text(&v))
            .collect()
    }

    /// The position after `move` (`"N@b2"`, `"a1-b3"` or `"a1xb3"`).
    /// Raises `MoveError` for a move that does not parse or is illegal.
    #[pyo3(signature = (move_text, /))]
    fn play(&self, move_text: &str) -> PyResult<Position> {
        Ok(Position {
            inner: self.play_text(move_text)?,
        })
    }

    /// The table cell of the position: `(section, index)` with section
    /// `"post-opening"` or `"opening"` and the rank from 0 (the cell a
    /// table of this variant stores it in; a post-opening position and
    /// its colour-swapped twin share a cell). The inverse of
    /// `Table.position_at` (which gives the White-to-move image).
    fn cell(&self) -> PyResult<(&'static str, u64)> {
        let (s, i) = cell_of(&self.inner).map_err(|e| TableError::new_err(message(e)))?;
        Ok((s.name(), i))
    }

    /// Perft: the leaves of the legal move tree `depth` plies deep (0 to
    /// 64; depth 0 counts 1), as `ttc perft ttc` counts them. Runs without
    /// the GIL, root moves in parallel.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        Ok(py.detach(|| {
            if depth == 0 {
                1
            } else {
                audit::ttc::crosscheck::perft_divide(&p, depth, &|| {})
                    .iter()
                    .map(|x| x.1)
                    .sum()
            }
        }))
    }

    /// Perft split by root move: `{move: leaves}` in move generator order
    /// (empty for depth 0), as `ttc perft ttc --divide` prints it.
    fn divide<'py>(&self, py: Python<'py>, depth: i64) -> PyResult<Bound<'py, PyDict>> {
        let depth = crate::depth::check(depth)?;
        let p = self.inner;
        let lines = py.detach(|| audit::ttc::crosscheck::perft_divide(&p, depth, &|| {}));
        let d = PyDict::new(py);
        for (m, n) in lines {
            d.set_item(m, n)?;
        }
        Ok(d)
    }

    /// The board as text, last rank first, as `ttc probe` prints it.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }

    fn __str__(&self) -> String {
        self.inner.to_notation()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, variant={:?})",
            self.inner.to_notation(),
            self.inner.variant().describe()
        )
    }
}

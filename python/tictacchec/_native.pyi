"""Type stubs of the extension module ``tictacchec._native`` (re-exported
by ``tictacchec``, ``tictacchec.tzaar`` and ``tictacchec.surakarta``)."""

import os
from typing import Any, Iterable, Iterator, Literal, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

Category = Literal["win", "draw", "loss"]
SectionName = Literal["post-opening", "opening"]
PositionLike = Union[str, "Position", None]

__version__: str

class PositionError(ValueError):
    """Bad position text, a position of another rule set, a cell index
    out of range. The message is the command line's."""

class MoveError(ValueError):
    """A move or turn that does not parse or is illegal."""

class RecordError(ValueError):
    """A malformed game record (naming the record and the line); with
    ``verify_game(..., check=True)`` also an illegal move, a contradicted
    claimed result or an engine disagreement."""

class TableError(OSError):
    """A missing, unreadable, damaged, unfinished or foreign table (the
    message names the file, and the offset and field of a bad header), or
    a table used after close."""

class Value:
    """A value for the side to move (or for the player making a move)."""

    category: Category
    """``"win"``, ``"draw"`` or ``"loss"``."""
    distance: Optional[int]
    """Plies to the end under best play, 0..253; None for a draw."""
    text: str
    """As the command line prints it: ``"win in 5"``, ``"draw"``."""
    @property
    def wdl(self) -> int:
        """1 win, 0 draw, -1 loss."""
    def to_dict(self) -> dict[str, Any]:
        """``{"category", "distance", "text"}``."""

class Position:
    """A Tic-Tac-Chec position (absolute colours), immutable and hashable.

    ``notation`` is ``BOARD SIDE HANDS PAWNS PLY`` (``"4/4/4/4 w PNBRpnbr
    -- 0"``); None is the empty board. Keywords choose the rule set as the
    command line's ``--size`` (3 or 4), ``--roles`` (default ``PNBR`` on
    4x4, required on 3x3), ``--rules`` (``travel``, ``outbound``,
    ``toward``) and ``--lock`` (opening plies; default 6 on 4x4, 4 on
    3x3). Raises PositionError.
    """

    def __init__(
        self,
        notation: Optional[str] = None,
        *,
        size: int = 4,
        roles: Optional[str] = None,
        rules: str = "travel",
        lock: Optional[int] = None,
    ) -> None: ...
    @property
    def notation(self) -> str: ...
    @property
    def variant(self) -> str:
        """``"4x4 PNBR travel-direction lock 6"``."""
    @property
    def size(self) -> int: ...
    @property
    def turn(self) -> Literal["white", "black"]: ...
    @property
    def opening_ply(self) -> Optional[int]:
        """Ply inside the placement-only opening (0..lock-1), else None."""
    @property
    def hands(self) -> dict[str, str]:
        """``{"white": "PN", "black": "b"}``."""
    @property
    def pawn_directions(self) -> dict[str, Optional[Literal["up", "down"]]]: ...
    @property
    def board(self) -> dict[str, str]:
        """Square name to piece letter (upper case White)."""
    @property
    def is_terminal(self) -> bool:
        """A line is on the board: the side to move has lost."""
    def legal_moves(self) -> list[str]:
        """Moves in generator order: ``"N@b2"``, ``"a1-b3"``."""
    def play(self, move_text: str, /) -> "Position":
        """Raises MoveError."""
    def cell(self) -> Tuple[SectionName, int]:
        """``(section, index)`` of the table cell holding the position."""
    def perft(self, depth: int) -> int:
        """Leaves ``depth`` plies deep (0..64), as ``ttc perft ttc``."""
    def divide(self, depth: int) -> dict[str, int]:
        """Leaves below each root move, in generator order."""
    def diagram(self) -> str: ...

class PositionIterator(Iterator[Position]):
    """Positions of Table.positions or Table.random_positions; len() is what remains."""

    def __next__(self) -> Position: ...
    def __len__(self) -> int: ...

class Table:
    """An open tablebase; a context manager. TableError after close."""

    @property
    def path(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    @property
    def info(self) -> dict[str, Any]:
        """``{"path", "format", "rules", "reading", "rule_tag", "size",
        "roles", "opening_plies", "sections": [{"name", "cells"}],
        "cells_crc"}``."""
    def probe(self, position: PositionLike, /) -> Value: ...
    def get(self, position: PositionLike, /, default: Any = None) -> Any:
        """Like probe, ``default`` for a position the table cannot answer."""
    def answer(self, position: PositionLike, /) -> dict[str, Any]:
        """The object of ``ttc probe --json`` without the table fields."""
    def moves(self, position: PositionLike, /) -> list[dict[str, Any]]:
        """Every move best first: ``{"move", "category", "distance",
        "text", "position", "order"}``."""
    def line(self, position: PositionLike = None, /, max_plies: int = 300) -> dict[str, Any]:
        """``ttc line --json``: steps, end, plies, prefix_plies, cycle_plies;
        ``max_plies`` 1 to 1000 (``ValueError`` otherwise)."""
    def probe_many(
        self, positions: Union[Iterable[str], npt.NDArray[np.str_]], /
    ) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.int16]]:
        """Categories (-1 loss, 0 draw, 1 win) and distances (plies, -1
        draw), in parallel without the GIL."""
    def cell(self, position: PositionLike, /) -> Tuple[SectionName, int]: ...
    def position_at(self, section: str, index: int) -> Position: ...
    def positions(self, section: str) -> "PositionIterator":
        """Every position of a section in cell index order (as position_at)."""
    def random_positions(self, count: int, /, *, seed: Optional[int] = None) -> "PositionIterator":
        """`count` positions drawn from `seed` (default 1), as `ttc positions --random`."""
    def cells(self, section: str) -> npt.NDArray[np.uint8]:
        """Read-only zero-copy view of a source table's cells (in memory
        for a table of up to 1 GiB; a view of the mapped file beyond)."""
    def close(self) -> None: ...
    def __enter__(self) -> "Table": ...
    def __exit__(self, *args: object) -> bool: ...

def open_table(
    path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"], *, trust: bool = False, cache_mib: int = 32
) -> Table:
    """Opens a source or compact table with ``ttc probe``'s checks
    (``trust`` skips a source table's cell CRC; ``cache_mib``, 1 to 65,536,
    bounds a compact table's cache of decompressed blocks). Raises
    TableError; ValueError for ``cache_mib`` out of range."""

def decode(
    codes: npt.NDArray[np.uint8],
) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.int16]]:
    """Cell codes to categories (-1/0/1) and distances (plies, -1 draw),
    same shape. ValueError for the invalid code 254."""

def verify_game(
    game: Literal["tzaar", "surakarta", "ttc"],
    text: str,
    format: str = "auto",
    draw_rules: Literal["standard", "course"] = "standard",
    *,
    name: str = "record",
    table: Optional[Table] = None,
    tables: Optional["SurakartaTablebase"] = None,
    size: int = 4,
    roles: Optional[str] = None,
    rules: str = "travel",
    lock: Optional[int] = None,
    check: bool = False,
) -> dict[str, Any]:
    """The report of ``ttc verify-game GAME FILE --json`` for the record
    ``text`` (Surakarta: with ``tables``, an open ``surakarta.Tablebase``,
    that of ``--tables DIR``). Raises RecordError."""

class TzaarPosition:
    """``tictacchec.tzaar.Position``: TZAAR (tzaar-standard-2016-v1)."""

    def __init__(self, notation: Optional[str] = None, *, seed: Optional[int] = None) -> None: ...
    @property
    def notation(self) -> str: ...
    @property
    def turn(self) -> Literal["white", "black"]: ...
    @property
    def is_opening(self) -> bool: ...
    @property
    def status(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    def legal_turns(self) -> list[str]: ...
    def play(self, turn: str, /) -> "TzaarPosition": ...
    def perft(self, depth: int) -> int: ...
    def divide(self, depth: int) -> dict[str, int]: ...

def tzaar_solve(
    position: "TzaarPosition | str",
    *,
    time_limit: Optional[float] = None,
    tt_mib: int = 64,
) -> dict[str, object]:
    """``tictacchec.tzaar.solve``: value (win/loss/unknown), turns, best_turn,
    proven_depth, nodes, seconds, for the side to move."""
    ...

class SurakartaPosition:
    """``tictacchec.surakarta.Position``: Surakarta."""

    def __init__(self, notation: Optional[str] = None) -> None: ...
    @property
    def notation(self) -> str: ...
    @property
    def turn(self) -> Literal["red", "black"]: ...
    @property
    def quiet_turns(self) -> int:
        """Plies since the last capture, 0..50."""
    @property
    def piece_counts(self) -> dict[str, int]: ...
    @property
    def bitboards(self) -> Tuple[int, int]:
        """``(mover, other)``: the side to move's and the other side's
        pieces, bit ``6 * (rank - 1) + file`` (a1 = 0, f1 = 5, a2 = 6,
        f6 = 35); the input of ``Tablebase.probe_many``."""
    @staticmethod
    def from_bitboards(
        mover: int,
        other: int,
        turn: Literal["red", "black"] = "red",
        quiet_turns: Optional[int] = None,
    ) -> "SurakartaPosition":
        """The position of those bitboards (``quiet_turns`` 0..50, default
        0). Raises PositionError; ValueError for another ``turn``."""
    def legal_moves(self) -> list[str]: ...
    def play(self, move_text: str, /) -> "SurakartaPosition": ...
    def perft(self, depth: int) -> int: ...
    def divide(self, depth: int) -> dict[str, int]: ...

SurakartaPositionLike = Union[str, SurakartaPosition]

class SurakartaValue:
    """``tictacchec.surakarta.Value``: a Surakarta position's values for
    the side to move, from the endgame tables."""

    category: Category
    """Without the 50-ply rule: ``"win"``, ``"draw"`` or ``"loss"``."""
    distance: Optional[int]
    """Plies to the end (the capture of the last piece) without the rule,
    1..65532 (at most 33 up to 8 pieces); None for a draw."""
    text: str
    """``"win in 9"``, ``"draw"``."""
    category50: Category
    """Under the 50-ply rule at the position's counter."""
    dtz: Optional[int]
    """Plies to the next capture under the rule, 1..50; None for a draw."""
    text50: str
    """``"win, dtz 3"``, ``"draw"``."""
    category50_from_zero: Category
    """Under the rule at counter 0."""
    rule_note: Optional[Literal["cursed-win", "blessed-loss"]]
    """A win (loss) that the rule draws from counter 0."""
    drawn_by_rule: bool
    """The counter is 50: the rule has drawn the game."""
    material: str
    """``"4v3"``: the side to move's pieces, then the other's."""
    quiet: int
    """Plies since the last capture, 0..50."""
    position: str
    """The position in notation."""
    @property
    def wdl(self) -> int:
        """1 win, 0 draw, -1 loss without the rule."""
    @property
    def wdl50(self) -> int:
        """1, 0, -1 under the rule at the position's counter."""
    def to_dict(self) -> dict[str, Any]: ...

class SurakartaTablebase:
    """``tictacchec.surakarta.Tablebase``: an open folder of Surakarta
    tables; a context manager. TableError after close."""

    @property
    def path(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    @property
    def max_pieces(self) -> int:
        """The folder's largest piece count (every material up to it)."""
    @property
    def tables(self) -> list[dict[str, Any]]:
        """``[{"material", "path", "format", "cells", "cells_crc"}]`` in
        material order."""
    def probe(self, position: SurakartaPositionLike, /) -> SurakartaValue:
        """Both values. PositionError for bad notation, a side without
        pieces or more pieces than the folder holds; TableError."""
    def get(self, position: SurakartaPositionLike, /, default: Any = None) -> Any:
        """Like probe, ``default`` beyond the folder's piece count."""
    def answer(self, position: SurakartaPositionLike, /) -> dict[str, Any]:
        """The object of ``ttc probe DIR POSITION --json``."""
    def moves(self, position: SurakartaPositionLike, /) -> list[dict[str, Any]]:
        """Every legal move best first: ``{"move", "kind", "category",
        "distance", "category50", "dtz", "position"}`` for the mover."""
    def line(self, position: SurakartaPositionLike, /, max_plies: int = 300) -> dict[str, Any]:
        """``ttc line DIR POSITION --json``'s steps and end, and end_kind
        (``no_pieces``, ``no_move``, ``rule``, ``limit``); ``max_plies`` 1
        to 1000 (ValueError otherwise)."""
    def probe_many(
        self,
        mover: Union[Iterable[int], npt.NDArray[np.integer]],
        other: Union[Iterable[int], npt.NDArray[np.integer]],
        /,
        quiet: Union[None, int, Iterable[int], npt.NDArray[np.integer]] = None,
    ) -> Tuple[
        npt.NDArray[np.int8], npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8]
    ]:
        """Bitboards of the side to move and of the other side (length N;
        ``quiet`` 0..50: None, one int or N) to ``(categories, distances,
        categories50, dtz)``: -1/0/1 and plies (-1 draw) without the rule,
        -1/0/1 and DTZ (-1 draw) under it; in parallel without the GIL.
        The first bad position raises, its message starting
        ``positions[I]``."""
    def stats(self) -> list[dict[str, Any]]:
        """The ``materials`` of ``ttc stats DIR --json`` (source tables)."""
    def close(self) -> None: ...
    def __enter__(self) -> "SurakartaTablebase": ...
    def __exit__(self, *args: object) -> bool: ...

def open_tablebase(
    path: Union[str, "os.PathLike[str]"], *, trust: bool = False
) -> SurakartaTablebase:
    """``tictacchec.surakarta.open_tablebase``: opens a folder of
    Surakarta tables (source or packed) with ``ttc probe``'s checks
    (``trust`` skips hashing the source tables' cells). Source tables of
    up to 1 GiB are read into memory. Raises TableError."""

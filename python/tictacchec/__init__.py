"""Tic-Tac-Chec tablebases, and the TZAAR and Surakarta move generators,
from Python.

A thin layer over the Rust library of the ``ttc`` toolkit: every rule,
index and table-format decision is made by the same code as the ``ttc``
command line, so answers (and error messages) are the command line's.

    >>> import tictacchec as ttc
    >>> with ttc.open_table("ttc-3x3-PNB.tbl") as t:   # doctest: +SKIP
    ...     t.probe("3/3/3 w PNBpnb -- 0")
    Value("win in 7")

Main entry points: :func:`open_table` (a :class:`Table`), :class:`Position`
(Tic-Tac-Chec), :mod:`tictacchec.tzaar`, :mod:`tictacchec.surakarta`,
:func:`decode`, :func:`verify_game`; errors are :class:`PositionError`,
:class:`MoveError`, :class:`RecordError` (all ``ValueError``) and
:class:`TableError` (an ``OSError``).
"""

from ._native import (
    MoveError,
    Position,
    PositionError,
    RecordError,
    Table,
    TableError,
    Value,
    __version__,
    decode,
    open_table,
    verify_game,
)
from . import surakarta, tzaar

__all__ = [
    "__version__",
    "MoveError",
    "Position",
    "PositionError",
    "RecordError",
    "Table",
    "TableError",
    "Value",
    "decode",
    "open_table",
    "surakarta",
    "tzaar",
    "verify_game",
]

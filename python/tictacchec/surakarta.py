"""Surakarta: positions, moves, perft and divide, over the Rust generator
of ``ttc perft surakarta``; and the endgame tables of ``ttc solve
surakarta`` (:func:`open_tablebase`, a :class:`Tablebase` whose probes
give :class:`Value` objects)."""

from ._native import SurakartaPosition as Position
from ._native import SurakartaTablebase as Tablebase
from ._native import SurakartaValue as Value
from ._native import open_tablebase

__all__ = ["Position", "Tablebase", "Value", "open_tablebase"]

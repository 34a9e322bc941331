"""Surakarta: positions, moves, perft and divide, over the Rust generator
of ``ttc perft surakarta``."""

from ._native import SurakartaPosition as Position

__all__ = ["Position"]

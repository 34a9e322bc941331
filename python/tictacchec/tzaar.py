"""TZAAR (ruleset ``tzaar-standard-2016-v1``): positions, turn plans,
perft and divide, over the Rust generator of ``ttc perft tzaar``; exact
values of positions by search (``solve``, as ``ttc solve-position tzaar``)."""

from ._native import TzaarPosition as Position
from ._native import tzaar_solve as solve

__all__ = ["Position", "solve"]

"""TZAAR (ruleset ``tzaar-standard-2016-v1``): positions, turn plans,
perft and divide, over the Rust generator of ``ttc perft tzaar``."""

from ._native import TzaarPosition as Position

__all__ = ["Position"]

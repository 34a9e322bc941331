"""Perft from Python equals ``ttc --json perft`` node counts, on the
start and on five other positions of each game."""

import random

import pytest

import tictacchec as ttc
from tictacchec import surakarta, tzaar
from conftest import cli_json, perft_nodes


def walk(start, moves_of, plies, seed):
    """The position after `plies` random legal moves from `start`."""
    rng = random.Random(seed)
    pos = start
    for _ in range(plies):
        moves = moves_of(pos)
        if not moves:
            break
        pos = pos.play(rng.choice(moves))
    return pos


SURAKARTA = [surakarta.Position()] + [
    walk(surakarta.Position(), surakarta.Position.legal_moves, 6 + 4 * k, k) for k in range(5)
]
TZAAR = [tzaar.Position()] + [tzaar.Position(seed=s) for s in (1, 2, 3)] + [
    walk(tzaar.Position(), tzaar.Position.legal_turns, 3 + k, k) for k in range(2)
]
TTC = [ttc.Position()] + [
    walk(ttc.Position(), ttc.Position.legal_moves, 6 + 2 * k, k) for k in range(5)
]


def cli_root(pos, start):
    return [] if pos == start else ["--position", str(pos)]


@pytest.mark.parametrize("index", range(len(SURAKARTA)))
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_surakarta_perft_equals_cli(index, depth):
    pos = SURAKARTA[index]
    args = cli_root(pos, SURAKARTA[0])
    assert pos.perft(depth) == perft_nodes(cli_json("perft", "surakarta", "--depth", depth, *args))


@pytest.mark.parametrize("index", range(len(TZAAR)))
@pytest.mark.parametrize("depth", [1, 2])
def test_tzaar_perft_equals_cli(index, depth):
    pos = TZAAR[index]
    if 1 <= index <= 3:
        args = ["--seed", str(index)]
    else:
        args = cli_root(pos, TZAAR[0])
    assert pos.perft(depth) == perft_nodes(cli_json("perft", "tzaar", "--depth", depth, *args))


@pytest.mark.parametrize("index", range(len(TTC)))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_ttc_perft_equals_cli(index, depth):
    pos = TTC[index]
    args = cli_root(pos, TTC[0])
    assert pos.perft(depth) == perft_nodes(cli_json("perft", "ttc", "--depth", depth, *args))


def test_positions_differ():
    for group in (SURAKARTA, TZAAR, TTC):
        assert len(set(map(str, group))) == len(group) == 6


@pytest.mark.parametrize("pos", [SURAKARTA[3], TZAAR[2], TTC[4]], ids=str)
def test_divide_sums_to_perft(pos):
    for depth in (0, 1, 2):
        d = pos.divide(depth)
        assert sum(d.values()) == (pos.perft(depth) if depth else 0)
    moves = pos.legal_turns() if isinstance(pos, tzaar.Position) else pos.legal_moves()
    assert list(pos.divide(1)) == moves


def test_depth_limit():
    for pos in (SURAKARTA[0], TZAAR[0], TTC[0]):
        assert pos.perft(0) == 1
        with pytest.raises(ValueError, match="maximum of 64"):
            pos.perft(65)
        # A negative depth is named (issue 38, item 11), not pyo3's bare
        # OverflowError of an unsigned argument.
        with pytest.raises(ValueError, match="depth -1 is negative"):
            pos.perft(-1)

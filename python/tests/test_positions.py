"""Drawing and walking positions from Python (issue 38, item 12): the
library's walk of ``ttc positions``, exposed, not written again."""

import json

import pytest

import tictacchec as ttc
from conftest import run_cli


def test_random_positions_are_the_commands(tables):
    """The same count and seed draw the same positions as ``ttc positions
    --random N --seed S``, in order; another seed draws others."""
    with ttc.open_table(tables["compact"]) as t:
        for seed in (1, 7):
            lines = run_cli("positions", tables["compact"], "--random", 200, "--seed", seed)
            want = [json.loads(line)["position"] for line in lines.stdout.splitlines()]
            args = {} if seed == 1 else {"seed": seed}
            it = t.random_positions(200, **args)
            assert len(it) == 200
            got = [str(p) for p in it]
            assert got == want
            assert len(it) == 0
        assert [str(p) for p in t.random_positions(20, seed=8)] != want[:20]
        # The drawn positions probe in one batch.
        cats, _ = t.probe_many([str(p) for p in t.random_positions(1000, seed=3)])
        assert len(cats) == 1000


def test_a_section_is_walked_in_cell_order(tables):
    with ttc.open_table(tables["source"]) as t:
        it = t.positions("opening")
        n = len(it)
        assert n == len(t.cells("opening"))
        for i, p in enumerate(it):
            assert t.cell(p) == ("opening", i)
        assert i == n - 1
        post = t.positions("post-opening")
        assert len(post) == len(t.cells("post-opening"))
        first = [next(post) for _ in range(100)]
        assert first == [t.position_at("post-opening", i) for i in range(100)]
        assert len(post) == len(t.cells("post-opening")) - 100


def test_bad_arguments_are_named(tables):
    t = ttc.open_table(tables["compact"])
    with pytest.raises(ValueError, match="count"):
        t.random_positions(-1)
    with pytest.raises(ValueError, match="seed"):
        t.random_positions(1, seed=-1)
    with pytest.raises(ttc.PositionError, match="section"):
        t.positions("middle")
    t.close()
    with pytest.raises(ttc.TableError, match="closed"):
        t.positions("opening")

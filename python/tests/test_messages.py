"""Messages a new user meets (issue 38, items 7, 11 and 12): bad integers
name their argument, wrong types say what is wanted, a closed table
refuses ``with``, and the package has a version."""

import numpy as np
import pytest

import tictacchec as ttc
from tictacchec import tzaar


def test_the_package_has_a_version():
    assert isinstance(ttc.__version__, str) and ttc.__version__.count(".") == 2


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: ttc.Position(lock=-1), "lock"),
        (lambda: ttc.Position().perft(-1), "depth"),
        (lambda: tzaar.Position(seed=-1), "seed"),
    ],
)
def test_negative_integers_name_their_argument(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_negative_index_and_max_plies_name_their_argument(tables):
    with ttc.open_table(tables["compact"]) as t:
        with pytest.raises(ValueError, match="index"):
            t.position_at("opening", -1)
        with pytest.raises(ValueError, match="max_plies"):
            t.line(None, max_plies=-1)


def test_a_bad_size_is_named_before_the_roles():
    with pytest.raises(ttc.PositionError, match="size 5"):
        ttc.Position(size=5)


def test_wrong_types_say_what_is_wanted(tables):
    with pytest.raises(TypeError, match="uint8.*int64"):
        ttc.decode(np.zeros(3, dtype=np.int64))
    with ttc.open_table(tables["compact"]) as t:
        with pytest.raises(TypeError, match="tzaar"):
            t.probe(tzaar.Position())
        with pytest.raises(TypeError, match="2-dimensional"):
            t.probe_many(np.array([["3/3/3 w PNBpnb -- 0"]]))


def test_with_on_a_closed_table_raises(tables):
    t = ttc.open_table(tables["compact"])
    t.close()
    with pytest.raises(ttc.TableError, match="closed"):
        with t:
            pass

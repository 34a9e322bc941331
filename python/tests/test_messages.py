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


def test_probe_many_stops_at_a_bad_position_before_reading_the_rest(tables):
    """Garbage at index 0 of ten million positions took 8.4 s and 1.4 GB
    before raising (issue 38, item 7): every item was copied first. Now
    the items are read a piece (65,536) at a time and the bad one is
    reported, by index, before the next piece is read."""
    read = 0

    def items(n):
        nonlocal read
        for i in range(n):
            read += 1
            yield "garbage" if i == 0 else "3/3/3 w PNBpnb -- 0"

    with ttc.open_table(tables["compact"]) as t:
        with pytest.raises(ttc.PositionError, match=r"^positions\[0\] `garbage`"):
            t.probe_many(items(1_000_000))
        assert read <= 65_536, f"{read} items read before the error"
        # The same from a numpy array of str, and a bad one in a later piece.
        arr = np.array(["3/3/3 w PNBpnb -- 0"] * 200_000)
        arr[70_000] = "3/3/3 w PNBpnb -- x"
        with pytest.raises(ttc.PositionError, match=r"^positions\[70000\] "):
            t.probe_many(arr)
        with pytest.raises(ttc.PositionError, match=r"^positions\[70000\] "):
            t.probe_many(list(arr))


def test_a_two_dimensional_array_is_refused_naming_its_shape(tables):
    with ttc.open_table(tables["compact"]) as t:
        with pytest.raises(TypeError, match=r"2-dimensional array of shape \(2, 3\)"):
            t.probe_many(np.full((2, 3), "3/3/3 w PNBpnb -- 0"))


def test_a_path_is_what_open_takes(tables):
    """A bytes path was refused with a TypeError whose wording contradicted
    the one for other types ("expected str, bytes or os.PathLike", issue
    38, item 7): bytes are a path, as for open(); other types name the
    argument and what it takes."""
    import os

    with ttc.open_table(os.fsencode(tables["compact"])) as t:
        assert t.probe(None).text == "win in 7"
    for bad in (1, None, 2.5, ["x"]):
        with pytest.raises(TypeError, match=r"^path must be a str, bytes or os\.PathLike, not "):
            ttc.open_table(bad)
    with pytest.raises(ttc.TableError, match="nothing-here"):
        ttc.open_table(b"nothing-here.ctbl")

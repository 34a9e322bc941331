"""Bad input to ``surakarta.open_tablebase`` and its methods: a clear
exception naming the position or the file, with the command line's
message where the command line has one (``ttc probe DIR POSITION``), never
a wrong value or a crash. Folders are damaged copies of a 3-piece solve."""

import shutil
import struct

import numpy as np
import pytest

import tictacchec as ttc
from tictacchec import surakarta

from conftest import cli_error, run_cli

START = "6/6/6/1r4/6/1b4 r 0"


@pytest.fixture
def folder(tmp_path):
    """A fresh 3-piece folder, free to damage."""
    d = tmp_path / "skt3"
    run_cli("solve", "surakarta", "--pieces", "3", "--out", d)
    return d


def same_error(exc_type, folder, position=START):
    """Opening ``folder`` and probing ``position`` raises ``exc_type``
    with exactly the message of ``ttc probe folder position``."""
    want = cli_error("probe", folder, position)
    with pytest.raises(exc_type) as e:
        with surakarta.open_tablebase(folder) as tb:
            tb.probe(position)
    assert str(e.value) == want
    return want


def crc64_xz(data: bytes) -> int:
    """CRC-64/XZ (reflected polynomial 0xC96C5795D7870F42, initial and
    final value all ones), to forge a table of another run."""
    crc = 0xFFFFFFFFFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xC96C5795D7870F42 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFFFFFFFFFF


def test_positions_the_tables_cannot_hold(folder):
    msg = same_error(ttc.PositionError, folder, "6/6/6/rr4/6/1bb3 r 0")
    assert '"6/6/6/rr4/6/1bb3 r 0"' in msg and "at most 3" in msg
    assert "no piece left" in same_error(ttc.PositionError, folder, "6/6/6/1r4/6/6 r 0")
    with surakarta.open_tablebase(folder) as tb:
        with pytest.raises(ttc.PositionError, match="side to move"):
            tb.probe("6/6/6/1r4/6/1b4 w 0")
        with pytest.raises(TypeError, match="notation string"):
            tb.probe(12)
        with pytest.raises(ttc.PositionError):
            tb.moves("x" * 10_000)


def test_folders_that_are_missing_empty_or_incomplete(folder, tmp_path):
    same_error(ttc.TableError, tmp_path / "nothing")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no Surakarta table" in same_error(ttc.TableError, empty)
    (folder / "surakarta-2v1.tbl").rename(tmp_path / "aside.tbl")
    assert "surakarta-2v1.tbl is missing" in same_error(ttc.TableError, folder)


def test_truncated_damaged_and_foreign_tables(folder):
    t21 = folder / "surakarta-2v1.tbl"
    good = t21.read_bytes()
    t21.write_bytes(good[:-1])
    assert "truncated" in same_error(ttc.TableError, folder)
    damaged = bytearray(good)
    damaged[-1] ^= 1
    t21.write_bytes(bytes(damaged))
    assert "cells are damaged" in same_error(ttc.TableError, folder)
    # trust skips the cell hash: the folder opens (headers, lengths and
    # the folder's consistency are still checked).
    with surakarta.open_tablebase(folder, trust=True) as tb:
        assert tb.max_pieces == 3
    t21.write_bytes(b"not a table at all, " * 10)
    assert "not a Surakarta table" in same_error(ttc.TableError, folder)


def test_a_folder_mixed_from_two_runs(folder, tmp_path):
    other = tmp_path / "other"
    run_cli("solve", "surakarta", "--pieces", "2", "--out", other)
    one = bytearray((other / "surakarta-1v1.tbl").read_bytes())
    # Same material, other cells, both CRCs right: as another run would
    # have written it.
    one[128] = 3 if one[128] == 1 else 1
    one[32:40] = struct.pack("<Q", crc64_xz(bytes(one[128:])))
    one[48:56] = struct.pack("<Q", crc64_xz(bytes(one[0:48])))
    (folder / "surakarta-1v1.tbl").write_bytes(bytes(one))
    msg = same_error(ttc.TableError, folder)
    assert "mixes tables of two runs" in msg and "surakarta-1v1.tbl" in msg


def test_a_closed_tablebase_raises_table_error(folder):
    tb = surakarta.open_tablebase(folder)
    assert not tb.closed
    tb.close()
    tb.close()
    assert tb.closed
    for call in (
        lambda: tb.probe(START),
        lambda: tb.get(START),
        lambda: tb.answer(START),
        lambda: tb.moves(START),
        lambda: tb.line(START),
        lambda: tb.probe_many([2], [8]),
        lambda: tb.stats(),
        lambda: tb.max_pieces,
        lambda: tb.tables,
        lambda: tb.__enter__(),
    ):
        with pytest.raises(ttc.TableError, match="the tablebase is closed"):
            call()
    assert "closed" in repr(tb)


def test_bad_batches_name_the_first_bad_position(folder):
    with surakarta.open_tablebase(folder) as tb:
        m = np.array([1 << 7, 1 << 8, 1 << 9, 0b11, 1 << 10], dtype=np.uint64)
        o = np.array([1 << 20, 1 << 21, 1 << 22, 0b10, 1 << 23], dtype=np.uint64)
        with pytest.raises(ttc.PositionError, match=r"^positions\[3\]: .*holds both a red and a black"):
            tb.probe_many(m, o)
        o[3] = 0
        with pytest.raises(ttc.PositionError, match=r"^positions\[3\]: .*no piece left"):
            tb.probe_many(m, o)
        o[3] = 0b11100
        with pytest.raises(ttc.PositionError, match=r"^positions\[3\]: .*5 pieces, but the tables"):
            tb.probe_many(m, o)
        o[3] = 1 << 40
        with pytest.raises(ttc.PositionError, match=r"^positions\[3\]: .*outside the 36 points"):
            tb.probe_many(m, o)
        o[3] = 1 << 30
        with pytest.raises(ttc.PositionError, match=r"^positions\[2\]: quiet counter 60"):
            tb.probe_many(m, o, [0, 0, 60, 0, 0])
        with pytest.raises(ValueError, match=r"mover has 5 positions and other 4"):
            tb.probe_many(m, o[:4])
        with pytest.raises(ValueError, match=r"quiet 2"):
            tb.probe_many(m, o, [1, 2])
        with pytest.raises(TypeError, match="whole numbers"):
            tb.probe_many(m.astype(float), o)
        with pytest.raises(ValueError, match="2-dimensional"):
            tb.probe_many(m.reshape(5, 1), o)
        with pytest.raises(ValueError, match=r"other\[1\] is -3"):
            tb.probe_many([1, 2], [4, -3])
        cat, dist, cat50, dtz = tb.probe_many(m, o)
        assert len(cat) == 5 and (cat != 0).any()
        empty = tb.probe_many(np.array([], dtype=np.uint64), np.array([], dtype=np.uint64))
        assert [len(a) for a in empty] == [0, 0, 0, 0]


def test_the_folder_is_a_path_as_open_takes_it(folder):
    import os

    for given in (str(folder), os.fsencode(folder), folder):
        with surakarta.open_tablebase(given) as tb:
            assert tb.max_pieces == 3
    with pytest.raises(TypeError, match="path must be a str, bytes or os.PathLike, not int"):
        surakarta.open_tablebase(3)

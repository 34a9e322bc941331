"""A table whose file changes while it is open (issue 38, items 1 and 2):
truncated, zeroed or rewritten in place, the interpreter never crashes
and no answer is read from the changed file; every read raises
``TableError``, the message naming the file and what changed. Each case
runs in a child interpreter, so that a crash (SIGBUS, exit -7) is seen as
a failed test rather than the end of the test session."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

EMPTY = "3/3/3 w PNBpnb -- 0"


def run_child(code, table):
    """Runs ``code`` in a child interpreter with ``T`` the path of a copy
    of ``table``; returns its standard output, after checking that it
    exited normally."""
    proc = subprocess.run(
        [sys.executable, "-c", "import os, tictacchec as t\n" + textwrap.dedent(code)],
        env={**os.environ, "TABLE": str(table)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, (
        f"child exited with {proc.returncode} (-7 is SIGBUS)\n"
        f"stdout: {proc.stdout}\nstderr: {proc.stderr}"
    )
    return proc.stdout


@pytest.fixture
def copies(tables, tmp_path):
    """Copies of the source and compact 3x3 tables, free to damage."""
    out = {}
    for kind, path in tables.items():
        dst = tmp_path / path.name
        shutil.copyfile(path, dst)
        out[kind] = dst
    return out


def test_a_cells_view_survives_truncation_and_close(copies):
    out = run_child(
        """
        T = t.open_table(os.environ["TABLE"])
        v = T.cells("post-opening")
        before = int(v.sum())
        os.truncate(os.environ["TABLE"], 0)
        print(int(v.sum()) == before)
        T.close()
        print(int(v.sum()) == before)
        """,
        copies["source"],
    )
    assert out.split() == ["True", "True"]


@pytest.mark.parametrize("kind", ["source", "compact"])
def test_a_truncated_table_raises_table_error(copies, kind):
    out = run_child(
        """
        T = t.open_table(os.environ["TABLE"])
        print(T.probe("%s").text)
        os.truncate(os.environ["TABLE"], 100)
        for call in (lambda: T.probe("3/1N1/3 b PBpnb -- 1"),
                     lambda: T.probe_many(["3/3/3 w PNBpnb -- 0"]),
                     lambda: T.line(None),
                     lambda: T.moves(None)):
            try:
                call()
                print("answered")
            except t.TableError as e:
                print("TableError:", e)
        """
        % EMPTY,
        copies[kind],
    )
    lines = out.splitlines()
    assert lines[0] == "win in 7", out
    for line in lines[1:]:
        assert line.startswith("TableError:"), out
        assert "changed length" in line and copies[kind].name in line, out


@pytest.mark.parametrize("kind", ["source", "compact"])
def test_a_table_rewritten_in_place_raises_table_error(copies, kind):
    out = run_child(
        """
        T = t.open_table(os.environ["TABLE"])
        print(T.probe("%s").text)
        size = os.path.getsize(os.environ["TABLE"])
        with open(os.environ["TABLE"], "r+b") as f:
            f.write(b"\\0" * size)
        try:
            print("answered", T.probe("%s").text)
        except t.TableError as e:
            print("TableError:", e)
        """
        % (EMPTY, EMPTY),
        copies[kind],
    )
    lines = out.splitlines()
    assert lines[0] == "win in 7", out
    assert lines[1].startswith("TableError:"), out
    assert copies[kind].name in lines[1], out


def test_line_max_plies_is_refused_outside_1_to_1000(tables):
    with t_open(tables["compact"]) as tbl:
        for bad in (0, 1001, 5000, -1):
            with pytest.raises(ValueError, match=r"max_plies .*1\.\.=?1000"):
                tbl.line(None, max_plies=bad)
        assert tbl.line(None, max_plies=1)["plies"] == 1
        assert tbl.line(None, max_plies=1000)["end"] in ("line", "repetition")


def t_open(path):
    import tictacchec

    return tictacchec.open_table(path)

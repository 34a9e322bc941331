"""A Surakarta table whose file changes while its folder is open: truncated
or rewritten in place, the interpreter never crashes (no SIGBUS: the
source tables are read into memory, the compact ones read with positioned
reads) and no answer comes from the changed file: every read of it raises
``TableError`` naming the file and what changed. Each case runs in a child
interpreter, so that a crash (SIGBUS, exit -7) fails the test rather than
ending the session."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

# A 2v2 position (the changed table) and a 1v1 one (an untouched table).
BIG = "4r1/r5/6/3b2/b5/6 r 0"
SMALL = "6/6/6/1r4/6/1b4 r 0"


def run_child(code, folder):
    proc = subprocess.run(
        [sys.executable, "-c", "import os, tictacchec as t\nfrom tictacchec import surakarta as s\n" + textwrap.dedent(code)],
        env={**os.environ, "FOLDER": str(folder)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, (
        f"child exited with {proc.returncode} (-7 is SIGBUS)\n"
        f"stdout: {proc.stdout}\nstderr: {proc.stderr}"
    )
    return proc.stdout


@pytest.mark.parametrize("kind", ["source", "compact"])
@pytest.mark.parametrize("change", ["truncate", "zero"])
def test_a_changed_table_raises_table_error(skt_folders, tmp_path, kind, change):
    folder = tmp_path / "copy"
    shutil.copytree(skt_folders[kind], folder)
    name = "surakarta-2v2." + ("tbl" if kind == "source" else "ctbl")
    how = (
        'os.truncate(p, 100)'
        if change == "truncate"
        else 'open(p, "r+b").write(b"\\0" * os.path.getsize(p)); import time; time.sleep(0.01)'
    )
    out = run_child(
        f"""
        T = s.open_tablebase(os.environ["FOLDER"])
        print(T.probe("{BIG}").text)
        p = os.path.join(os.environ["FOLDER"], "{name}")
        {how}
        for call in (lambda: T.probe("{BIG}"),
                     lambda: T.moves("{BIG}"),
                     lambda: T.line("{BIG}"),
                     lambda: T.probe_many([s.Position("{BIG}").bitboards[0]],
                                          [s.Position("{BIG}").bitboards[1]])):
            try:
                call()
                print("answered")
            except t.TableError as e:
                print("TableError:", e)
        print("small:", T.probe("{SMALL}").text)
        """,
        folder,
    )
    lines = out.splitlines()
    assert lines[0] == "win in 5", out
    for line in lines[1:-1]:
        assert line.startswith("TableError:") and name in line, out
        assert "no answer is read from a changed table" in line, out
        if change == "truncate":
            assert "changed length" in line, out
    # The position's moves reach 1v2 and 2v1 only, so a 1v1 probe reads
    # untouched tables and still answers.
    assert lines[-1].startswith("small: "), out

"""Shared fixtures: the ``ttc`` binary and solved 3x3 tables made with it.

The binary is ``$TTC_BIN``, else ``target/release/ttc`` of this
repository, else ``ttc`` on ``PATH``. Tables are solved once per test
session (``ttc solve --size 3 --roles PNB``, about a second) and packed
(``ttc pack``).
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import tictacchec as ttc

REPO = pathlib.Path(__file__).resolve().parents[2]


def ttc_binary() -> str:
    """Path of the ``ttc`` command line used as the reference."""
    env = os.environ.get("TTC_BIN")
    if env:
        return env
    built = REPO / "target" / "release" / "ttc"
    if built.exists():
        return str(built)
    found = shutil.which("ttc")
    if found:
        return found
    raise RuntimeError("no ttc binary: set TTC_BIN or build target/release/ttc")


def run_cli(*args, input_text=None, check=True):
    """Runs ``ttc ARGS``; returns the completed process (text mode)."""
    proc = subprocess.run(
        [ttc_binary(), *map(str, args)],
        input=input_text,
        capture_output=True,
        text=True,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"ttc {' '.join(map(str, args))} failed: {proc.stderr}")
    return proc


def cli_error(*args, input_text=None) -> str:
    """The message ``ttc ARGS`` prints after ``error: `` (it must fail)."""
    proc = run_cli(*args, input_text=input_text, check=False)
    assert proc.returncode != 0, f"ttc {args} succeeded"
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: "), proc.stderr
    return last[len("error: ") :]


def cli_json(*args):
    """The JSON report of ``ttc --json ARGS``."""
    return json.loads(run_cli("--json", *args).stdout)


def perft_nodes(report) -> int:
    """The node count of a ``ttc --json perft`` report (``nodes`` or
    ``total``, whichever the report has)."""
    for key in ("nodes", "total"):
        if report.get(key) is not None:
            return report[key]
    raise KeyError(f"no node count in {report}")


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    """``{"source": path, "compact": path}`` of a solved 3x3 PNB table."""
    d = tmp_path_factory.mktemp("tables")
    src = d / "pnb.tbl"
    run_cli("solve", "--size", "3", "--roles", "PNB", "--out", src)
    cpt = d / "pnb.ctbl"
    run_cli("pack", src, cpt)
    return {"source": src, "compact": cpt}


@pytest.fixture(scope="session", params=["source", "compact"])
def table_path(request, tables):
    """Each format's table path in turn."""
    return tables[request.param]


@pytest.fixture(scope="session")
def all_positions(tables):
    """Every cell's position in notation, post-opening cells then opening
    cells (a post-opening cell as its White-to-move image)."""
    with ttc.open_table(tables["source"]) as t:
        out = []
        for section in t.info["sections"]:
            name = section["name"]
            out.extend(str(t.position_at(name, i)) for i in range(section["cells"]))
        return out


@pytest.fixture(scope="session")
def skt_folders(tmp_path_factory):
    """``{"source": dir, "compact": dir}``: Surakarta tables of up to 4
    pieces (``ttc solve surakarta --pieces 4``, under a second) and their
    packed copy (``ttc pack``, blocks of 1,000 cells so that a batch reads
    many blocks)."""
    d = tmp_path_factory.mktemp("skt")
    src, cpt = d / "skt4", d / "skt4-packed"
    run_cli("solve", "surakarta", "--pieces", "4", "--out", src)
    run_cli("pack", src, cpt, "--block-size", "1000")
    return {"source": src, "compact": cpt}


@pytest.fixture(scope="session", params=["source", "compact"])
def skt_folder(request, skt_folders):
    """Each format's Surakarta folder in turn."""
    return skt_folders[request.param]

"""The histogram example runs on a 3x3 table and agrees with
``ttc stats --json``."""

import pathlib
import subprocess
import sys

import pytest

from conftest import ttc_binary

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "histogram.py"


def test_histogram_example(tables, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "h.png"
    proc = subprocess.run(
        [sys.executable, EXAMPLE, tables["source"], "--out", png, "--ttc", ttc_binary()],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "all figures agree with ttc stats" in proc.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

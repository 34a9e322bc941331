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


SKT_EXAMPLE = EXAMPLE.parent / "surakarta_histogram.py"


def test_surakarta_histogram_example(skt_folders, tmp_path):
    pytest.importorskip("matplotlib")
    png, data = tmp_path / "s.png", tmp_path / "s.json"
    proc = subprocess.run(
        [sys.executable, SKT_EXAMPLE, skt_folders["source"], "--out", png, "--data", data,
         "--ttc", ttc_binary()],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "all figures agree" in proc.stdout
    # Every material up to 4 pieces tallied over its placements.
    assert proc.stdout.count("placements_wdl50") == 6
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import json

    hists = json.loads(data.read_text())
    assert hists["1v1"]["wins"] == 109 and hists["1v1"]["draws"] == 45

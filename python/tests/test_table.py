"""Tables from Python against the ``ttc`` command line on a solved 3x3
table: every position's answer, the cells, probe_many, rank/unrank."""

import json
import subprocess

import numpy as np
import pytest

import tictacchec as ttc
from conftest import cli_json, run_cli, ttc_binary

CLI_ONLY_KEYS = ("line", "table", "format", "rules")


def without_table_keys(report):
    """A CLI report without the fields naming the table."""
    return {k: v for k, v in report.items() if k not in CLI_ONLY_KEYS}


def test_every_answer_equals_ttc_probe_json(table_path, all_positions):
    """.answer(), .probe() and .moves() of every cell's position equal
    ``ttc probe TABLE --batch --json`` (streamed, one line each)."""
    proc = subprocess.Popen(
        [ttc_binary(), "probe", str(table_path), "--batch", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    feed = "\n".join(all_positions) + "\n"
    checked = 0
    with ttc.open_table(table_path) as t:
        import threading

        writer = threading.Thread(target=lambda: (proc.stdin.write(feed), proc.stdin.close()))
        writer.start()
        for line, text in zip(proc.stdout, all_positions):
            cli = json.loads(line)
            assert cli["format"] == t.info["format"]
            assert cli["rules"] == t.info["rules"]
            for key in CLI_ONLY_KEYS:
                cli.pop(key)
            answer = t.answer(text)
            assert answer == cli, text
            value = t.probe(text)
            assert (value.category, value.distance, value.text) == (
                cli["category"],
                cli["distance"],
                cli["text"],
            )
            assert t.moves(text) == cli["moves"]
            checked += 1
        writer.join()
    assert proc.wait() == 0
    assert checked == len(all_positions) > 300_000


def test_cells_equal_file_bytes(tables):
    raw = np.fromfile(tables["source"], dtype=np.uint8)[128:]
    with ttc.open_table(tables["source"]) as t:
        post = t.cells("post-opening")
        opening = t.cells("opening")
        assert post.dtype == np.uint8 and not post.flags.writeable
        assert np.array_equal(np.concatenate([post, opening]), raw)
        with pytest.raises(ValueError):
            post[0] = 1


def test_cells_outlive_close(tables):
    t = ttc.open_table(tables["source"])
    cells = t.cells("post-opening")
    expected = int(cells.astype(np.uint64).sum())
    t.close()
    assert t.closed
    assert int(cells.astype(np.uint64).sum()) == expected
    with pytest.raises(ttc.TableError, match="closed"):
        t.cells("opening")


def test_compact_table_has_no_cells_view(tables):
    with ttc.open_table(tables["compact"]) as t:
        with pytest.raises(ttc.TableError, match="compact table"):
            t.cells("post-opening")


def test_probe_many_equals_probe(table_path, all_positions):
    with ttc.open_table(table_path) as t:
        cats, dists = t.probe_many(all_positions)
        assert cats.dtype == np.int8 and dists.dtype == np.int16
        assert len(cats) == len(dists) == len(all_positions)
        code = {"win": 1, "draw": 0, "loss": -1}
        for text, c, d in zip(all_positions, cats, dists):
            v = t.probe(text)
            assert (c, d) == (code[v.category], -1 if v.distance is None else v.distance)
        # A numpy array of strings is read the same way.
        c2, d2 = t.probe_many(np.array(all_positions[:1000]))
        assert np.array_equal(c2, cats[:1000]) and np.array_equal(d2, dists[:1000])


def test_probe_many_on_compact_equals_source_whatever_the_cache(tables, all_positions):
    """A compact table read through a one-block cache (every batch larger
    than the cache) and through a large one answers as the source table."""
    shuffled = list(reversed(all_positions))
    with ttc.open_table(tables["source"]) as s:
        want = s.probe_many(shuffled)
        for mib in (1, 64):
            with ttc.open_table(tables["compact"], cache_mib=mib) as t:
                got = t.probe_many(shuffled)
                assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
                for text in shuffled[:300]:
                    assert t.probe(text) == s.probe(text)


@pytest.mark.parametrize("mib", [0, -1, 65_537])
def test_cache_mib_out_of_range_is_refused(tables, mib):
    with pytest.raises(ValueError, match=f"cache_mib {mib} is outside"):
        ttc.open_table(tables["compact"], cache_mib=mib)


def test_probe_many_refuses_a_single_string(tables):
    with ttc.open_table(tables["source"]) as t:
        with pytest.raises(TypeError, match="positions is one str"):
            t.probe_many("3/3/3 w PNBpnb -- 0")


def test_decode_equals_probe_many(tables, all_positions):
    with ttc.open_table(tables["source"]) as t:
        codes = np.concatenate([t.cells("post-opening"), t.cells("opening")])
        cats, dists = ttc.decode(codes)
        c2, d2 = t.probe_many(all_positions)
    assert np.array_equal(cats, c2) and np.array_equal(dists, d2)
    with pytest.raises(ValueError, match="254"):
        ttc.decode(np.array([1, 254], dtype=np.uint8))


def test_rank_unrank_round_trip_every_cell(table_path):
    with ttc.open_table(table_path) as t:
        for section in t.info["sections"]:
            name = section["name"]
            for i in range(section["cells"]):
                pos = t.position_at(name, i)
                assert pos.cell() == (name, i)
                assert t.cell(pos) == (name, i)
        n = t.info["sections"][0]["cells"]
        with pytest.raises(ttc.PositionError, match=str(n)):
            t.position_at("post-opening", n)
        with pytest.raises(ttc.PositionError, match="unknown section"):
            t.position_at("middle", 0)


def test_info_and_repr(table_path):
    report = cli_json("probe", table_path)
    with ttc.open_table(table_path) as t:
        info = t.info
        assert info["format"] == report["format"]
        assert info["rules"] == report["rules"] == "3x3 PNB travel-direction lock 4"
        assert info["rule_tag"] == "0x54544303"
        assert [s["name"] for s in info["sections"]] == ["post-opening", "opening"]
        assert info["cells_crc"].startswith("0x") and len(info["cells_crc"]) == 18
        assert "3x3 PNB" in repr(t)


def test_line_equals_ttc_line_json(table_path, all_positions):
    with ttc.open_table(table_path) as t:
        for text in [None, *all_positions[:: len(all_positions) // 7]]:
            args = ["line", table_path] + ([text] if text else [])
            assert t.line(text) == without_table_keys(cli_json(*args))
        limited = t.line(None, max_plies=2)
        assert limited == without_table_keys(cli_json("line", table_path, "--max-plies", "2"))
        assert limited["end"] == "limit" and limited["plies"] == 2
        cats, _ = t.probe_many(all_positions)
        drawn = [all_positions[i] for i in np.flatnonzero(cats == 0)[:: 4000]]
        assert drawn
        for text in drawn:
            line = t.line(text)
            assert line == without_table_keys(cli_json("line", table_path, text))
            if line["end"] == "repetition":
                assert line["prefix_plies"] + line["cycle_plies"] == line["plies"]


def test_get_returns_default_for_positions_the_table_cannot_answer(table_path):
    with ttc.open_table(table_path) as t:
        assert t.get("not a position") is None
        assert t.get(ttc.Position(), default=-7) == -7  # a 4x4 position
        assert t.get(None) == t.probe(None)


def test_context_manager_closes(table_path):
    with ttc.open_table(table_path) as t:
        assert not t.closed
    assert t.closed
    for call in (lambda: t.probe(None), lambda: t.info, lambda: t.probe_many(["x"])):
        with pytest.raises(ttc.TableError, match="closed"):
            call()
    t.close()  # a second close does nothing


def test_position_objects_probe_like_text(table_path):
    with ttc.open_table(table_path) as t:
        pos = ttc.Position(size=3, roles="PNB")
        assert t.probe(pos) == t.probe(str(pos)) == t.probe(None)
        child = pos.play(t.moves(pos)[0]["move"])
        assert t.probe(child).category in ("win", "draw", "loss")
        with pytest.raises(TypeError):
            t.probe(42)


def test_probe_many_reads_numpy_str_arrays_like_lists(tables, all_positions):
    with ttc.open_table(tables["source"]) as t:
        sample = all_positions[::50]
        for arr in (np.array(sample), np.array(sample, dtype=object), np.array(sample)[::-1]):
            c1, d1 = t.probe_many(arr)
            c2, d2 = t.probe_many(list(arr))
            assert np.array_equal(c1, c2) and np.array_equal(d1, d2)
        assert [len(x) for x in t.probe_many(np.array([], dtype=str))] == [0, 0]
        for bad in (["3/3/3 w PNBpnb -- 0", "é/3/3 w PNBpnb -- 0"], ["", "x"]):
            with pytest.raises(ttc.PositionError) as e1:
                t.probe_many(np.array(bad))
            with pytest.raises(ttc.PositionError) as e2:
                t.probe_many(bad)
            assert str(e1.value) == str(e2.value)
        with pytest.raises(TypeError, match=r"positions\[1\] is int"):
            t.probe_many(["3/3/3 w PNBpnb -- 0", 5])

"""``tictacchec.surakarta.open_tablebase``: every answer is the command
line's (``ttc probe``, ``ttc line``, ``ttc stats``, ``ttc verify-game
--tables``), ``probe_many`` answers what ``probe`` answers one position at
a time, and over every placement of the small materials it adds up to the
placement counts of ``ttc stats`` (an independent tally: numpy over the
batch's arrays against the library's count over the cells, each cell
weighted by its orbit)."""

import itertools
import json
import random

import numpy as np
import pytest

import tictacchec as ttc
from tictacchec import surakarta

from conftest import cli_json, run_cli


def random_bits(rng, a, b):
    """Two disjoint random sets of ``a`` and ``b`` of the 36 points."""
    pts = rng.sample(range(36), a + b)
    return sum(1 << p for p in pts[:a]), sum(1 << p for p in pts[a:])


def random_positions(n, seed=1, max_pieces=4):
    """``n`` random positions of 2 to ``max_pieces`` pieces, either side to
    move, counters 0 to 50, as ``surakarta.Position`` objects."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        total = rng.randint(2, max_pieces)
        a = rng.randint(1, total - 1)
        m, o = random_bits(rng, a, total - a)
        turn = rng.choice(["red", "black"])
        out.append(surakarta.Position.from_bitboards(m, o, turn, rng.randint(0, 50)))
    return out


def test_probe_answer_and_moves_are_the_command_lines(skt_folder):
    positions = [p.notation for p in random_positions(60)]
    with surakarta.open_tablebase(skt_folder) as tb:
        for text in positions:
            want = cli_json("probe", skt_folder, text)
            assert tb.answer(text) == want, text
            assert tb.moves(surakarta.Position(text)) == want["moves"], text
            v = tb.probe(text)
            assert (v.category, v.distance, v.category50, v.dtz) == (
                want["category"],
                want["distance"],
                want["category50"],
                want["dtz"],
            ), text
            assert (v.rule_note, v.drawn_by_rule, v.material, v.quiet) == (
                want["rule_note"],
                want["drawn_by_rule"],
                want["material"],
                want["quiet"],
            )
            assert v.wdl == {"win": 1, "draw": 0, "loss": -1}[v.category]
            assert v.position == want["position"]


def test_line_is_the_command_lines(skt_folder):
    with surakarta.open_tablebase(skt_folder) as tb:
        for p in random_positions(12, seed=2):
            for max_plies in (1, 300):
                want = cli_json("line", skt_folder, p.notation, "--max-plies", max_plies)
                got = tb.line(p, max_plies=max_plies)
                assert {k: got[k] for k in ("steps", "end")} == want, p.notation
                assert got["end_kind"] in ("limit", "rule", "no_move", "no_pieces")
        # A win runs to the capture of the last piece, as long as its distance.
        line = tb.line("4r1/r5/6/3b2/b5/6 r 0")
        assert (line["end_kind"], len(line["steps"])) == ("no_pieces", 5)
        assert [s["best"] for s in line["steps"]] == ["e6xa2", "d3-c3", "a2-b3", "c3-b2", "a5xb2"]
        for bad in (0, 1001, -5):
            with pytest.raises(ValueError, match=r"max_plies .*1\.\.=1000"):
                tb.line("4r1/r5/6/3b2/b5/6 r 0", max_plies=bad)


def test_probe_many_answers_what_probe_answers(skt_folder):
    positions = random_positions(3000, seed=3)
    mover = np.array([p.bitboards[0] for p in positions], dtype=np.uint64)
    other = np.array([p.bitboards[1] for p in positions], dtype=np.uint64)
    quiet = np.array([p.quiet_turns for p in positions], dtype=np.uint8)
    code = {"win": 1, "draw": 0, "loss": -1}
    with surakarta.open_tablebase(skt_folder) as tb:
        cat, dist, cat50, dtz = tb.probe_many(mover, other, quiet)
        assert (cat.dtype, dist.dtype, cat50.dtype, dtz.dtype) == (
            np.int8,
            np.int32,
            np.int8,
            np.int8,
        )
        for i, p in enumerate(positions):
            v = tb.probe(p)
            got = (int(cat[i]), int(dist[i]), int(cat50[i]), int(dtz[i]))
            want = (
                code[v.category],
                -1 if v.distance is None else v.distance,
                code[v.category50],
                -1 if v.dtz is None else v.dtz,
            )
            assert got == want, p.notation
        # The counter only shortens the rule's horizon: from counter 0 every
        # win with a DTZ is a win under the rule.
        zero = tb.probe_many(list(mover), list(other))
        assert (zero[2] != cat50).any()
        assert (zero[0] == cat).all()
        # One int for every position is the same as an array of it.
        seven = tb.probe_many(mover, other, 7)
        same = tb.probe_many(mover, other, np.full(len(mover), 7, dtype=np.int64))
        for a, b in zip(seven, same):
            assert (a == b).all()


def placements(a, b):
    """Every placement of ``a`` pieces of the side to move and ``b`` of the
    other side: two uint64 arrays of bitboards."""
    movers, others = [], []
    for ms in itertools.combinations(range(36), a):
        m = sum(1 << p for p in ms)
        free = [p for p in range(36) if not m >> p & 1]
        for os_ in itertools.combinations(free, b):
            movers.append(m)
            others.append(sum(1 << p for p in os_))
    return np.array(movers, dtype=np.uint64), np.array(others, dtype=np.uint64)


def test_every_placement_adds_up_to_the_stats(skt_folders):
    with surakarta.open_tablebase(skt_folders["source"]) as tb:
        # Through JSON: the histograms' (plies, cells) pairs are tuples here,
        # lists in the command line's JSON.
        stats = {s["material"]: s["counts"] for s in json.loads(json.dumps(tb.stats()))}
        cli = {s["material"]: s["counts"] for s in cli_json("stats", skt_folders["source"])["materials"]}
        assert stats == cli
        assert sorted(stats) == ["1v1", "1v2", "1v3", "2v1", "2v2", "3v1"]
        for material, counts in stats.items():
            a, b = map(int, material.split("v"))
            m, o = placements(a, b)
            assert len(m) == counts["placements"]
            cat, dist, cat50, _ = tb.probe_many(m, o)
            for key, c in (("placements_wdl", cat), ("placements_wdl50", cat50)):
                tally = {
                    "wins": int((c == 1).sum()),
                    "losses": int((c == -1).sum()),
                    "draws": int((c == 0).sum()),
                }
                assert tally == counts[key], (material, key)
            assert int(dist.max()) == max(counts["longest_win"], counts["longest_loss"])
    with surakarta.open_tablebase(skt_folders["compact"]) as tb:
        with pytest.raises(ttc.TableError, match=r"stats\(\) reads the source tables"):
            tb.stats()


def test_get_gives_the_default_beyond_the_tables(skt_folders):
    with surakarta.open_tablebase(skt_folders["compact"]) as tb:
        assert tb.get("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0") is None
        assert tb.get("6/6/6/rr4/6/1bbb2 r 0", "beyond") == "beyond"
        assert tb.get("6/6/6/1r4/6/1b4 r 0").category == tb.probe("6/6/6/1r4/6/1b4 r 0").category
        with pytest.raises(ttc.PositionError, match="no piece left"):
            tb.get("6/6/6/1r4/6/6 r 0")
        with pytest.raises(ttc.PositionError):
            tb.get("6/6/6/1r4/6/1b4 w 0")


def test_the_tablebase_lists_its_tables(skt_folders):
    with surakarta.open_tablebase(skt_folders["compact"], trust=True) as tb:
        assert tb.max_pieces == 4
        tables = tb.tables
        assert [t["material"] for t in tables] == ["1v1", "1v2", "1v3", "2v1", "2v2", "3v1"]
        assert {t["format"] for t in tables} == {"compact"}
        assert sum(t["cells"] for t in tables) > 0
        assert repr(tb).endswith("(up to 4 pieces)>")


def test_positions_as_bitboards_round_trip():
    p = surakarta.Position("6/1b4/6/2r3/r5/1b4 b 7")
    mover, other = p.bitboards
    assert surakarta.Position.from_bitboards(mover, other, "black", 7) == p
    assert mover == (1 << (6 * 4 + 1)) | (1 << 1)  # b5 and b1: Black moves
    with pytest.raises(ttc.PositionError, match="both a red and a black"):
        surakarta.Position.from_bitboards(3, 2)
    with pytest.raises(ttc.PositionError, match="more than 50"):
        surakarta.Position.from_bitboards(1, 2, "red", 51)
    with pytest.raises(ValueError, match="turn"):
        surakarta.Position.from_bitboards(1, 2, "white")


def test_verify_game_with_tables_is_the_command_lines(skt_folders, tmp_path):
    record = "position 4r1/r5/6/3b2/b5/6 r 0\n1. a5-a4 d3-c2\n"
    path = tmp_path / "game.txt"
    path.write_text(record)
    for folder in skt_folders.values():
        want = cli_json("verify-game", "surakarta", path, "--tables", folder)
        with surakarta.open_tablebase(folder) as tb:
            got = ttc.verify_game("surakarta", record, name=str(path), tables=tb)
        assert got["tables"]["tables"] == str(folder)
        assert got == want
        assert got["tables"]["result_changing"] == [1, 2]
    with surakarta.open_tablebase(skt_folders["source"]) as tb:
        with pytest.raises(ValueError, match="Surakarta tablebase"):
            ttc.verify_game("tzaar", "D4xE4", tables=tb)


def test_the_stubs_name_every_public_member():
    """The ``.pyi`` stubs of the Surakarta classes list what the classes
    have, and nothing they lack."""
    import ast
    import pathlib

    stub = pathlib.Path(ttc.__file__).with_name("_native.pyi")
    tree = ast.parse(stub.read_text())
    classes = {
        "SurakartaTablebase": surakarta.Tablebase,
        "SurakartaValue": surakarta.Value,
        "SurakartaPosition": surakarta.Position,
    }
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in classes:
            cls = classes[node.name]
            named = {
                n.target.id if isinstance(n, ast.AnnAssign) else n.name
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
            public = {n for n in dir(cls) if not n.startswith("_")}
            assert named - {"__init__", "__enter__", "__exit__"} == public, node.name
    assert callable(surakarta.open_tablebase)

"""verify_game equals ``ttc --json verify-game GAME FILE`` on records
written from legal play (and with illegal and malformed lines), and its
errors carry the command line's text."""

import json
import random

import pytest

import tictacchec as ttc
from tictacchec import surakarta, tzaar
from conftest import run_cli


def game_record(start, moves_of, plies, seed):
    """The moves of a random legal game of at most `plies` moves."""
    rng = random.Random(seed)
    pos, moves = start, []
    for _ in range(plies):
        legal = moves_of(pos)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        pos = pos.play(m)
    return moves


def records():
    """(game, text, cli options, python keywords) of the records tested."""
    out = []
    for seed in range(4):
        turns = game_record(tzaar.Position(seed=seed), tzaar.Position.legal_turns, 12, seed)
        out.append(("tzaar", f"seed: {seed}\n" + "\n".join(turns) + "\n", [], {}))
        moves = game_record(surakarta.Position(), surakarta.Position.legal_moves, 60, seed)
        out.append(("surakarta", " ".join(moves) + "\n", [], {}))
        out.append(
            ("surakarta", " ".join(moves) + "\n", ["--draw-rules", "course"], {"draw_rules": "course"})
        )
        moves = game_record(ttc.Position(), ttc.Position.legal_moves, 30, seed)
        out.append(("ttc", "\n".join(moves) + "\n", [], {}))
    # Illegal moves and turns are reported, not raised.
    out.append(("tzaar", "D5xD4\nA1xI9\n", [], {}))
    out.append(("surakarta", "b2-b3\nb3-b9\n", [], {}))
    return out


@pytest.mark.parametrize("index", range(len(records())))
def test_verify_game_equals_cli_json(tmp_path, index):
    game, text, cli_opts, kwargs = records()[index]
    f = tmp_path / f"record-{index}.txt"
    f.write_text(text)
    proc = run_cli("--json", "verify-game", game, *cli_opts, f, check=False)
    report = ttc.verify_game(game, text, name=str(f), **kwargs)
    assert report == json.loads(proc.stdout)
    if proc.returncode != 0:
        with pytest.raises(ttc.RecordError) as e:
            ttc.verify_game(game, text, name=str(f), check=True, **kwargs)
        assert proc.stderr.strip().splitlines()[-1] == f"error: {e.value}"
    else:
        ttc.verify_game(game, text, name=str(f), check=True, **kwargs)


@pytest.mark.parametrize(
    "game,text",
    [
        ("tzaar", "seed: 1\nseed: 2\n"),
        ("tzaar", "position: nonsense\nD5xD4\n"),
        ("surakarta", "position: 7/6/6/6/6/6 r\nb2-b3\n"),
        ("ttc", "N@a1\nN@a1\n"),
        ("ttc", "result: maybe\n"),
    ],
)
def test_bad_records_raise_record_error_with_cli_text(tmp_path, game, text):
    f = tmp_path / "bad.txt"
    f.write_text(text)
    proc = run_cli("verify-game", game, f, check=False)
    assert proc.returncode != 0
    with pytest.raises(ttc.RecordError) as e:
        ttc.verify_game(game, text, name=str(f), check=True)
    assert proc.stderr.strip().splitlines()[-1] == f"error: {e.value}"


def test_ttc_record_annotated_with_a_table(tables, tmp_path):
    moves = game_record(ttc.Position(size=3, roles="PNB"), ttc.Position.legal_moves, 20, 3)
    f = tmp_path / "g.txt"
    f.write_text("\n".join(moves) + "\n")
    cli = json.loads(run_cli("--json", "verify-game", "ttc", "--table", tables["source"], f).stdout)
    with ttc.open_table(tables["source"]) as t:
        assert ttc.verify_game("ttc", f.read_text(), name=str(f), table=t) == cli
        with pytest.raises(ttc.PositionError, match="not both"):
            ttc.verify_game("ttc", "", table=t, size=3, roles="PNB")


def test_bad_keywords():
    for kwargs in (dict(game="chess"), dict(game="tzaar", format="sgf"), dict(game="surakarta", draw_rules="x")):
        with pytest.raises(ValueError):
            ttc.verify_game(text="", **kwargs)

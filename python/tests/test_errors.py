"""Every error path raises the documented exception with the command
line's message; a damaged table is refused at open."""

import shutil

import pytest

import tictacchec as ttc
from tictacchec import surakarta, tzaar
from conftest import cli_error


def test_exception_classes():
    assert issubclass(ttc.PositionError, ValueError)
    assert issubclass(ttc.MoveError, ValueError)
    assert issubclass(ttc.TableError, OSError)


def damaged_copies(src, tmp_path):
    """Copies of a table, each damaged one way: (name, path)."""
    data = src.read_bytes()
    out = []

    def write(name, content):
        p = tmp_path / f"{name}{src.suffix}"
        p.write_bytes(content)
        out.append((name, p))

    write("truncated", data[:-1])
    write("padded", data + b"\0")
    write("short", data[:5])
    write("empty", b"")
    write("foreign", b"NOTATABLE" + data[9:])
    for offset in (8, 12, 16, 20, 40, 60, 127):
        b = bytearray(data)
        b[offset] ^= 0x01
        write(f"header-byte-{offset}", bytes(b))
    b = bytearray(data)
    b[len(b) // 2] ^= 0x40
    write("cell-byte", bytes(b))
    return out


@pytest.mark.parametrize("fmt", ["source", "compact"])
def test_damaged_tables_are_refused_at_open_with_the_cli_message(tables, tmp_path, fmt):
    for name, path in damaged_copies(tables[fmt], tmp_path):
        # A compact table's damaged block is found when it is read, so the
        # command line's probe of one position may not meet it.
        lazy = fmt == "compact" and name == "cell-byte"
        expected = None if lazy else cli_error("probe", path)
        with pytest.raises(ttc.TableError) as e:
            with ttc.open_table(path) as t:
                # A compact table checks a block when it is read: reading
                # every cell must then fail.
                for section in t.info["sections"]:
                    for i in range(0, section["cells"], 97):
                        t.position_at(section["name"], i)
                        t.probe(t.position_at(section["name"], i))
        if lazy:
            assert str(e.value).startswith(str(path)), str(e.value)
        else:
            assert str(e.value) == expected, name


def test_missing_and_folder(tmp_path):
    for path in (tmp_path / "missing.tbl", tmp_path):
        with pytest.raises(ttc.TableError) as e:
            ttc.open_table(path)
        # `ttc probe` reads a folder as a Surakarta tablebase; `ttc compare`
        # reads Tic-Tac-Chec tables only, as `open_table` does.
        assert str(e.value) == cli_error("compare", path, path)


def test_trust_skips_only_the_cell_crc(tables, tmp_path):
    data = bytearray(tables["source"].read_bytes())
    data[len(data) // 2] ^= 0x40
    p = tmp_path / "cell.tbl"
    p.write_bytes(bytes(data))
    with ttc.open_table(p, trust=True) as t:
        assert t.info["format"] == "source"
    with pytest.raises(ttc.TableError, match="cells are damaged"):
        ttc.open_table(p)


BAD_POSITIONS = [
    "",
    "junk",
    "3/3/3 w PNBpnb -- 0 extra",
    "3/3/4 w PNBpnb -- 0",
    "3/3/3 x PNBpnb -- 0",
    "3/3/3 w PNBpnbr -- 0",
    "3/3/3 w PNBpnb -- 9",
    "NNN/3/3 w Bpnb -- -",
    "4/4/4/4 w PNBRpnbr -- 0",
    "é" * 200,
]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_bad_positions_raise_position_error_with_cli_text(tables, text):
    expected = cli_error("probe", tables["source"], text) if text else None
    with ttc.open_table(tables["source"]) as t:
        for call in (t.probe, t.answer, t.moves, t.line, t.cell):
            with pytest.raises(ttc.PositionError) as e:
                call(text)
            if expected:
                assert str(e.value) == expected
        with pytest.raises(ttc.PositionError) as e:
            t.probe_many(["3/3/3 w PNBpnb -- 0", text])
        assert str(e.value).startswith("positions[1] ")


def test_foreign_position_object(tables):
    with ttc.open_table(tables["source"]) as t:
        with pytest.raises(ttc.PositionError) as e:
            t.probe(ttc.Position())
    assert "is 4x4 PNBR travel-direction lock 6, but the table is 3x3 PNB" in str(e.value)


@pytest.mark.parametrize(
    "moves", ["Q@a1", "N@z9", "a1-b3", "P@a1 p@a1", "N@a1 n@b1 N@a2 n@b2 a2-a3 x"]
)
def test_bad_moves_raise_move_error_with_cli_text(tables, moves):
    expected = cli_error("probe", tables["source"], "--moves", moves)
    pos = ttc.Position(size=3, roles="PNB")
    with pytest.raises(ttc.MoveError) as e:
        for m in moves.split():
            pos = pos.play(m)
    # The command line names the flag and the move's number first.
    assert expected.endswith(str(e.value)), (expected, str(e.value))


@pytest.mark.parametrize(
    "kwargs",
    [dict(size=5), dict(size=3), dict(roles="PNQ"), dict(rules="sideways"), dict(lock=3)],
)
def test_bad_variant_keywords(kwargs):
    with pytest.raises(ttc.PositionError):
        ttc.Position(**kwargs)


@pytest.mark.parametrize("text", ["", "x", "A1=q w normal", "- w weird", "A1=t,A1=t b normal"])
def test_tzaar_bad_notation_has_the_cli_text(text):
    expected = cli_error("perft", "tzaar", "--depth", "1", "--position", text)
    with pytest.raises(ttc.PositionError) as e:
        tzaar.Position(text)
    assert expected.endswith(str(e.value)), (expected, str(e.value))


@pytest.mark.parametrize("text", ["", "x", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr q 0", "7/6/6/6/6/6 r"])
def test_surakarta_bad_notation_has_the_cli_text(text):
    expected = cli_error("perft", "surakarta", "--depth", "1", "--position", text)
    with pytest.raises(ttc.PositionError) as e:
        surakarta.Position(text)
    assert expected.endswith(str(e.value)), (expected, str(e.value))


@pytest.mark.parametrize("text", ["x", "a1-a1", "a1xa2", "a2-a3-a4", "a6-a5", "z9-a1"])
def test_surakarta_bad_moves(text):
    with pytest.raises(ttc.MoveError):
        surakarta.Position().play(text)


@pytest.mark.parametrize("text", ["", "x", "A1xA2 B1xB2 C1xC2", "E5xE4", "A1xA2 pass"])
def test_tzaar_bad_turns(text):
    with pytest.raises(ttc.MoveError):
        tzaar.Position().play(text)


def test_tzaar_seed_and_notation_exclusive():
    with pytest.raises(ValueError):
        tzaar.Position("- w normal", seed=1)


def test_tables_copy_is_usable(tables, tmp_path):
    """A copy of a table (no sidecar next to it) still opens."""
    p = tmp_path / "copy.tbl"
    shutil.copy(tables["source"], p)
    with ttc.open_table(p) as t:
        assert t.probe(None).text == "win in 7"

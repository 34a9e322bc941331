"""Malformed positions, moves, turns and records of every game raise only the
documented exceptions (never a crash or another exception).

Examples per test: ``$TTC_PY_FUZZ_EXAMPLES`` (default 5,000; the long
run in ``scripts/python_fuzz.sh`` uses 100,000).
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictacchec as ttc
from tictacchec import surakarta, tzaar

EXAMPLES = int(os.environ.get("TTC_PY_FUZZ_EXAMPLES", "5000"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

# Text made mostly of the notations' own characters, so that many
# examples get past the first checks.
TTC_CHARS = "PNBRpnbr/123456789wb-^v x@abcd"
TZAAR_CHARS = "ABCDEFGHI123456789=,tTrRzZ wb normalopeing-x+pas"
SURAKARTA_CHARS = "rb123456789/ 0-xabcdef"


def texts(alphabet):
    return st.one_of(
        st.text(alphabet=alphabet, max_size=60),
        st.text(max_size=40),
    )


def mutations(valid, alphabet):
    """A valid text with characters replaced, inserted or removed."""

    @st.composite
    def build(draw):
        s = list(draw(st.sampled_from(valid)))
        for _ in range(draw(st.integers(1, 4))):
            op = draw(st.integers(0, 2))
            i = draw(st.integers(0, len(s)))
            c = draw(st.sampled_from(alphabet))
            if op == 0 and i < len(s):
                s[i] = c
            elif op == 1:
                s.insert(i, c)
            elif s and i < len(s):
                del s[i]
        return "".join(s)

    return build()


def played(pos, moves_of, plies):
    """The position after the first legal move, `plies` times."""
    for _ in range(plies):
        moves = moves_of(pos)
        if moves:
            pos = pos.play(moves[len(moves) // 2])
    return pos


TTC_VALID = [
    str(ttc.Position()),
    str(played(ttc.Position(), ttc.Position.legal_moves, 9)),
    "3/1P1/3 b NBpnb ^- 1",
    "p1B/2b/n1N w P -v -",
]
TZAAR_VALID = [
    str(tzaar.Position()),
    str(played(tzaar.Position(seed=7), tzaar.Position.legal_turns, 3)),
    "- w normal",
]
SURAKARTA_VALID = ["bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0", "b5/6/2r3/6/6/5b b 12"]




@FUZZ
@given(st.one_of(texts(TTC_CHARS), mutations(TTC_VALID, TTC_CHARS)), st.sampled_from([3, 4]))
def test_ttc_positions(text, size):
    try:
        pos = ttc.Position(text, size=size, roles="PNB" if size == 3 else None)
    except ttc.PositionError:
        return
    assert ttc.Position(str(pos), size=size, roles=pos.variant.split()[1]) == pos
    pos.legal_moves()


@FUZZ
@given(st.sampled_from(TTC_VALID[:2]), texts(TTC_CHARS + "0"))
def test_ttc_moves(start, text):
    pos = ttc.Position(start)
    try:
        after = pos.play(text)
    except ttc.MoveError:
        return
    assert isinstance(after, ttc.Position)


@pytest.fixture(scope="module")
def table(tables):
    with ttc.open_table(tables["source"]) as t:
        yield t


@FUZZ
@given(text=st.one_of(texts(TTC_CHARS), mutations(TTC_VALID[2:], TTC_CHARS)))
def test_table_probe(table, text):
    try:
        table.probe(text)
    except ttc.PositionError:
        pass
    table.get(text)


@FUZZ
@given(st.one_of(texts(TZAAR_CHARS), mutations(TZAAR_VALID, TZAAR_CHARS)))
def test_tzaar_positions(text):
    try:
        pos = tzaar.Position(text)
    except ttc.PositionError:
        return
    assert tzaar.Position(str(pos)) == pos
    pos.legal_turns()


@FUZZ
@given(st.sampled_from(TZAAR_VALID[:2]), texts(TZAAR_CHARS))
def test_tzaar_turns(start, text):
    try:
        tzaar.Position(start).play(text)
    except ttc.MoveError:
        pass


@FUZZ
@given(st.one_of(texts(SURAKARTA_CHARS), mutations(SURAKARTA_VALID, SURAKARTA_CHARS)))
def test_surakarta_positions(text):
    try:
        pos = surakarta.Position(text)
    except ttc.PositionError:
        return
    assert surakarta.Position(str(pos)) == pos
    pos.legal_moves()


@FUZZ
@given(st.sampled_from(SURAKARTA_VALID), texts(SURAKARTA_CHARS))
def test_surakarta_moves(start, text):
    try:
        surakarta.Position(start).play(text)
    except ttc.MoveError:
        pass


@FUZZ
@given(st.lists(st.one_of(texts(TTC_CHARS), mutations(TTC_VALID[2:], TTC_CHARS)), max_size=5))
def test_table_probe_many(table, items):
    try:
        cats, dists = table.probe_many(items)
    except ttc.PositionError:
        return
    assert len(cats) == len(dists) == len(items)


RECORD_CHARS = TZAAR_CHARS + SURAKARTA_CHARS + TTC_CHARS + "\n#:;()[]FWBPOS.resultunfinished"


@FUZZ
@given(
    st.sampled_from(["tzaar", "surakarta", "ttc"]),
    st.one_of(texts(RECORD_CHARS), st.text(alphabet=RECORD_CHARS, max_size=300)),
    st.booleans(),
)
def test_records(game, text, check):
    try:
        report = ttc.verify_game(game, text, check=check)
    except ttc.RecordError:
        return
    assert isinstance(report, dict)

"""``tictacchec.tzaar.solve`` equals ``ttc --json solve-position tzaar``."""

import pytest

from tictacchec import PositionError, tzaar
from conftest import cli_json

# The first position of the WALTZ solved set (suites/tzaar_endgames.txt).
WALTZ_1 = (
    "A1=T,A2=T,A4=T,A5=t,B1=TTTTR,C1=t,D1=t,D5=tr,D8=ttrr,E1=T,F8=TTZ,"
    "G1=tttttz,H1=T,H2=tt,H6=TRR,I1=T,I3=TT,I4=t,I5=t b normal"
)


def test_solve_equals_cli():
    got = tzaar.solve(tzaar.Position(WALTZ_1), tt_mib=64)
    want = cli_json("solve-position", "tzaar", WALTZ_1, "--tt-mib", "64")
    assert (got["value"], got["turns"]) == (want["value"], want["turns"]) == ("win", 7)
    assert got["best_turn"] in tzaar.Position(WALTZ_1).legal_turns()


def test_solve_takes_notation_and_answers_unknown_on_time():
    got = tzaar.solve(WALTZ_1, time_limit=1e-6, tt_mib=1)
    assert (got["value"], got["turns"], got["best_turn"]) == ("unknown", None, None)


def test_solve_refuses_bad_input():
    with pytest.raises(PositionError):
        tzaar.solve("A1=Q w normal")
    with pytest.raises(ValueError):
        tzaar.solve(WALTZ_1, time_limit=-1)
    with pytest.raises(ValueError):
        tzaar.solve(WALTZ_1, tt_mib=0)

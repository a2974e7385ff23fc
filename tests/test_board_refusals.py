"""The sea on the board, the what-ifs and the searches refuse bad input as the rest does
(issue 34: tracebacks, hangs, a legal question refused, options that change nothing): one
line naming the problem, exit 2, nothing written, no traceback."""

from __future__ import annotations

from fractions import Fraction
from math import isclose

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.errors import OddsEngineError
from oddsengine.moves.scenario_file import find_scenario
from oddsengine.moves.situation import Situation, Stack

DIGITS = "9" * 5000


def refused(capsys, argv, words=()):
    """Run the command line in-process; assert exit 2, one line naming ``words``, no
    output and no traceback."""
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse refuses through SystemExit
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2, captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert captured.out == ""
    assert "Traceback" not in captured.err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def answered(capsys, argv) -> str:
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def example_text(name: str) -> str:
    return find_scenario(name)[1].decode("utf-8")


# -- tracebacks: a sea zone is neither besieged, controlled nor in unrest -----------------


@pytest.mark.parametrize(
    "argv",
    [
        ["move", "vienna", "--exact", "--besieged", "Adriatic Sea"],
        ["move", "tunis_transport", "--besieged", "Barbary Coast"],
        [
            "needed",
            "move",
            "vienna",
            "--stack",
            "Pressburg=ottoman: ?R Suleiman",
            "--target",
            "0.5",
            "--besieged",
            "Adriatic Sea",
        ],
    ],
)
def test_a_sea_zone_cannot_be_besieged(capsys, argv):
    refused(capsys, argv, ["--besieged", "sea zone", "nobody is besieged there"])


def test_a_sea_zone_cannot_be_controlled(capsys):
    refused(
        capsys,
        ["move", "vienna", "--exact", "--control", "Adriatic Sea=venice"],
        ["Adriatic Sea is a sea zone: nobody controls it"],
    )
    with pytest.raises(OddsEngineError, match="sea zone: nobody controls it"):
        Situation(control={"Ionian Sea": "venice"})
    with pytest.raises(OddsEngineError, match="sea zone: nobody controls it"):
        Situation().controller("Ionian Sea")


def test_a_sea_zone_cannot_be_in_unrest_nor_hold_a_land_stack():
    with pytest.raises(OddsEngineError, match="sea zone: it cannot be in unrest"):
        Situation(unrest=["North Sea"])
    with pytest.raises(OddsEngineError, match="land units cannot stand there"):
        Stack("Adriatic Sea", "venice: 2R")

"""The kinds read from the board (a move, a naval move, a siege campaign) on every face
from their declarations (issue 39): the same question gives the same figures from
Python, the command line and the explorer."""

import json

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.moves.scenario_file import load_naval_move


def test_a_naval_move_gives_the_same_numbers_at_a_seed_from_python_and_the_command_line(capsys):
    # oe.simulate plays the naval move out with the move kernel, as the command line does:
    # one seed, one set of figures.
    python = oe.simulate(load_naval_move("tyrrhenian_sea"), trials=20_000, seed=1)
    argv = ["naval-move", "tyrrhenian_sea", "--trials", "20000", "--seed", "1"]
    assert main([*argv, "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["p"] == pytest.approx(dict(python.p), abs=0)

"""A kind asked on a board of its own gets its command from its declaration: the board
its spec class names (a scenario and its what-ifs, declared once), an option the command
line gives as yes or no, and refusals that name the option given, not the keyword it
fills (issue 39: one declaration, every face)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import pytest
from conftest import refused, run_cli

from oddsengine.declaration import Board, Option, command_words, option, spec_on_board
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError
from oddsengine.kinds import KINDS, register_kind


def load_tower(scenario, *, guards=()):
    """A board: the defenders a scenario names, one more per ``guards`` what-if."""
    if scenario not in ("keep", "gate"):
        raise OddsEngineError(f"no scenario {scenario!r}: keep or gate")
    return {"keep": 2, "gate": 1}[scenario] + len(guards)


#: The board of the tower: its scenario and one what-if, declared once.
TOWER = Board(
    (
        Option("scenario", "keep or gate", positional=True, required=True, flag="SCENARIO"),
        Option("guards", "what-if: a guard more", repeat=True, metavar="NAME"),
    ),
    load_tower,
)


@dataclass(frozen=True)
class Storm:
    """Storming a tower: at least as many hits as its defenders."""

    defenders: int = 1
    dice: int = option("the dice rolled", low=1, high=9, default=3)
    ladders: bool = option("the ladders stand (one die more)", value="yes-no", default=True)

    kind = "storm"
    outcome_names = ("taken", "held")
    event_names = ()
    scenario_board = TOWER

    @classmethod
    def on_board(cls, board, **inputs):
        if inputs.get("dice") == 9:  # a refusal of one input, which names it
            error = OddsEngineError("dice: nine dice do not fit on a ladder")
            error.argument = "dice"
            raise error
        return cls(board, **inputs)

    def draw_plan(self):
        return DrawPlan(binomial_pmf(self.dice + self.ladders), np.ones((1, 1)))

    def outcome_columns(self, values):
        hits = np.asarray(values[0])
        return {"outcome": np.where(hits >= self.defenders, "taken", "held").astype(object)}

    def describe(self):
        return {"defenders": self.defenders, "dice": self.dice, "ladders": self.ladders}

    def title(self):
        return f"Storm: {self.dice} dice against {self.defenders}"

    def describe_lines(self):
        return []


@pytest.fixture(scope="module", autouse=True)
def storm():
    register_kind(
        "storm", Storm, rule="a test's storm, §0", title="Storm", takes=("engine", "board")
    )
    yield
    del KINDS["storm"]


def test_the_spec_is_built_on_its_board_with_the_what_ifs():
    assert spec_on_board(Storm, "gate", {"guards": ("Ann", "Bo"), "dice": 4}) == Storm(3, 4)


def test_its_command_reads_the_board_and_a_yes_no_option(capsys):
    status, out, _ = run_cli(capsys, "storm", "keep", "--guards", "Ann", "--ladders", "no",
                             "--exact", "--format", "json")  # fmt: skip
    assert status == 0
    # 3 dice against 3 defenders, each die hitting on 5-6: (1/3)**3 = 1/27.
    assert json.loads(out)["p"]["taken"] == pytest.approx(1 / 27)
    words = command_words("storm", Storm, {"scenario": "keep", "guards": ("Ann", "Bo"),
                                           "ladders": False}, TOWER.options)  # fmt: skip
    assert words == ["storm", "keep", "--ladders", "no", "--guards", "Ann", "--guards", "Bo"]


def test_its_refusals_name_the_option_given(capsys):
    refused(capsys, ["storm", "keep", "--dice", "9"], ["--dice: nine dice do not fit"])
    refused(capsys, ["storm", "keep", "--ladders", "maybe"], ["yes or no", "'maybe'"])
    refused(capsys, ["storm", "tower"], ["no scenario 'tower'"])
    refused(capsys, ["storm"], ["SCENARIO"])

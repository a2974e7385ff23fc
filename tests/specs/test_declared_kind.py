"""A kind registered from outside the package gets every face from its declaration alone:
its command (parsing, refusals, every format, ``--fractions``), a sweep kind, an odds table
and its JSON ``spec``, with no line of face code (issue: one declaration, every face)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import pytest
from conftest import refused, run_cli

from oddsengine.declaration import command_words, option, options_of, validate
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError
from oddsengine.kinds import KINDS, register_kind


@dataclass(frozen=True)
class LuckyRoll:
    """A roll of dice that wants at least one hit: a small kind declared for the tests."""

    dice: int = option("the dice rolled", rule="§0", low=1, high=12, default=1)
    lucky: bool = option("a 4 hits too (hits on 4-6)", default=False)
    against: int = option("the dice of the other side", low=0, high=12, default=0)
    ties: bool = option("a tie with the other side's hits is a hit", default=False)

    kind = "lucky-roll"
    outcome_names = ("hit", "miss")
    event_names = ()

    def __post_init__(self):
        validate(self)
        if self.dice + self.against > 20:
            raise OddsEngineError("at most 20 dice in all")

    def draw_plan(self):
        chance = 1 / 2 if self.lucky else 1 / 3
        return DrawPlan(binomial_pmf(self.dice, chance), binomial_pmf(self.against)[None, :])

    def outcome_columns(self, values):
        mine, theirs = (np.asarray(value) for value in values[:2])
        hit = (mine > theirs) | (self.ties & (mine == theirs) & (mine > 0))
        return {"outcome": np.where(hit, "hit", "miss").astype(object), "hits": mine}

    def describe(self):
        return {"dice": self.dice, "lucky": self.lucky, "against": self.against, "ties": self.ties}

    def title(self):
        return f"Lucky roll: {self.dice} dice against {self.against}"

    def describe_lines(self):
        return [f"Dice: {self.dice} against {self.against}"]

    def ignored_options(self):
        """The options this roll would ignore, and why."""
        return {} if self.against else {"ties": "breaks ties with the other side: give --against"}


@pytest.fixture(scope="module", autouse=True)
def lucky_roll():
    register_kind(
        "lucky-roll",
        LuckyRoll,
        rule="a test's roll, §0",
        title="Lucky roll",
        table=True,
        roles=("dice", "against"),
    )
    yield
    del KINDS["lucky-roll"]


def test_the_declaration_gives_the_options():
    assert [item.name for item in options_of(LuckyRoll)] == ["dice", "lucky", "against", "ties"]
    assert command_words("lucky-roll", LuckyRoll, {"dice": 2, "lucky": True}) == [
        "lucky-roll",
        "--dice",
        "2",
        "--lucky",
    ]


def test_its_command_answers_exactly_in_every_format(capsys):
    status, out, err = run_cli(capsys, "lucky-roll", "--dice", "2", "--format", "json")
    assert status == 0, err
    answer = json.loads(out)
    # 1 - (2/3)**2 = 5/9: at least one hit of two dice against none.
    assert answer["p"]["hit"] == pytest.approx(5 / 9, abs=1e-15)
    assert answer["spec"] == {"dice": 2, "lucky": False, "against": 0, "ties": False}
    for form in ("table", "csv", "markdown", "bbcode"):
        status, out, err = run_cli(capsys, "lucky-roll", "--dice", "2", "--format", form)
        assert status == 0 and out, (form, err)
    status, out, _ = run_cli(capsys, "lucky-roll", "--dice", "2", "--lucky", "--fractions")
    assert "3/4" in out  # 1 - (1/2)**2


def test_its_command_refuses_in_one_line(capsys):
    refused(capsys, ["lucky-roll", "--dice", "13"], ["dice must be 1..12 (§0), not 13"])
    refused(capsys, ["lucky-roll", "--dice", "two"], ["--dice", "whole number", "'two'"])
    refused(capsys, ["lucky-roll", "--dice", "12", "--against", "12"], ["at most 20 dice"])
    refused(capsys, ["lucky-roll", "--dise", "2"], ["--dice"])
    refused(capsys, ["lucky-roll", "--ties"], ["--ties", "give --against"])


def test_its_monte_carlo_is_the_python_one(capsys):
    import oddsengine as oe

    status, out, _ = run_cli(
        capsys, "lucky-roll", "--dice", "3", "--trials", "100000", "--seed", "7", "--format", "json"
    )
    sampled = oe.simulate(LuckyRoll(dice=3), trials=100_000, seed=7)
    assert json.loads(out)["p"]["hit"] == sampled.p["hit"]


def test_the_explorer_offers_it_from_its_declaration():
    pytest.importorskip("ipywidgets")
    from oddsengine.faces.explore import explore

    explorer = explore("lucky-roll")
    explorer.controls["lucky-roll.dice"].value = 2
    explorer.controls["lucky-roll.lucky"].value = True
    assert explorer.error is None, explorer.error
    assert explorer.result.p["hit"] == pytest.approx(3 / 4)  # 1 - (1/2)**2
    assert explorer.command_line == "oddsengine lucky-roll --dice 2 --lucky --exact"


def test_table_plot_and_sweep_take_it(capsys, tmp_path):
    status, out, err = run_cli(capsys, "table", "lucky-roll", "--dice", "1..2", "--against", "0..1")
    assert status == 0, err
    # 1 die against 1: 1/3 * 2/3 = 2/9 = 22.2222%; 2 dice against 0: 5/9 = 55.5556%.
    assert "22.2222%" in out and "55.5556%" in out
    sweep = tmp_path / "lucky.toml"
    sweep.write_text('kind = "lucky-roll"\nmethod = "exact"\n[grid]\ndice = [1, 2]\n')
    out_file = tmp_path / "lucky.csv"
    status, _, err = run_cli(capsys, "sweep", str(sweep), "--out", str(out_file), "--quiet")
    assert status == 0, err
    rows = out_file.read_text().splitlines()
    assert rows[0].startswith("dice,engagement") and len(rows) == 5  # 2 scenarios x 2 outcomes
    status, _, err = run_cli(
        capsys,
        "plot",
        "lucky-roll",
        "--dice",
        "1..4",
        "--against",
        "1",
        "--out",
        str(tmp_path / "p.png"),
    )
    assert status == 0, err


def test_the_explorer_hides_what_the_question_would_ignore():
    # Without the other side's dice, a tie with its hits cannot happen: the command line
    # refuses --ties (ignored_options); the explorer hides the control and does not read
    # it, so its "same as" line is one the command line answers.
    pytest.importorskip("ipywidgets")
    from oddsengine.faces.explore import explore

    explorer = explore("lucky-roll")
    explorer.controls["lucky-roll.ties"].value = True
    assert explorer.controls["lucky-roll.ties"].layout.display == "none"
    assert explorer.command_line == "oddsengine lucky-roll --exact"
    explorer.controls["lucky-roll.against"].value = 1
    assert explorer.controls["lucky-roll.ties"].layout.display != "none"
    assert explorer.command_line == "oddsengine lucky-roll --against 1 --ties --exact"
    # 1 die against 1, ties hit: a hit unless mine < theirs or both miss, 1 - 2/9 - 4/9.
    assert explorer.result.p["hit"] == pytest.approx(1 / 3)


def test_an_empty_name_is_refused_where_the_option_is_read():
    from oddsengine.declaration import Option

    one = Option("debater", "a debater", value="choice")  # any name: its offer lists them
    several = Option("committed", "debaters", value="names")
    with pytest.raises(OddsEngineError, match="--debater takes a name, not an empty name"):
        one.parse("  ")
    with pytest.raises(OddsEngineError, match="an empty name in 'Eck,'"):
        several.parse("Eck,")
    assert one.parse("Eck") == "Eck" and several.parse("Eck, Luther") == ("Eck", "Luther")


def test_an_input_a_board_gives_is_required_without_one_only():
    from oddsengine.declaration import BOARD_AGREES, BOARD_GIVES, NEEDS_BOARD, Option

    given = Option("dice", "dice", value="count", required=True, board=BOARD_GIVES)
    agrees = Option("turn", "turn", value="count", required=True, board=BOARD_AGREES)
    reads = Option("space", "space", value="choice", required=True, board=NEEDS_BOARD)
    assert [item.required_with(False) for item in (given, agrees, reads)] == [True, True, False]
    assert [item.required_with(True) for item in (given, agrees, reads)] == [False, False, True]
    # The "same as" line writes the inputs given, a required one even at its default.
    assert command_words("lucky-roll", LuckyRoll, {"lucky": True}) == ["lucky-roll", "--lucky"]
    words = Option("n", "n", value="count", required=True, default=1).words_of(1)
    assert words == ["--n", "1"]

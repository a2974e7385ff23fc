"""The combat kinds take their faces from their declarations (issue 39): each input declared
once, on the spec field it fills or on the kind's record; the command line, its refusals,
the explorer's spec and its "same as" line built from it; a kind's form (``--naval``)
asked through another kind's command, as a kind registered from outside may be."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, fields

import numpy as np
import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.declaration import Option, options_of
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.kinds import KINDS, kind_of, register_kind
from oddsengine.option_field import DECLARED, option

COMBATS = ("battle", "assault", "intercept", "avoid", "naval", "piracy", "foreign-war")
#: The options of the shared groups (Kind.takes), offered by the generic command.
SHARED = {"--method", "--exact", "--trials", "--seed", "--precision", "--max-trials",
          "--compare", "--format", "--monte-carlo", "--fractions", "--survivors", "--card-value",
          "--side"}  # fmt: skip


def _command(name: str) -> argparse.ArgumentParser:
    from oddsengine.cli import build_parser

    return build_parser(name)._subparsers._group_actions[0].choices[name]


def test_an_option_field_declares_what_an_option_holds():
    # option() checks its fields against DECLARED without building an Option (a spec module
    # loads no face): the two must name the same fields.
    assert set(DECLARED) == {item.name for item in fields(Option)} - {"name", "words", "default"}


@pytest.mark.parametrize("name", COMBATS)
def test_every_option_of_a_combat_command_is_declared_once(name):
    from oddsengine.cli import _MODULES_OF_COMMAND

    kind = kind_of(name)
    assert kind.declared and name not in _MODULES_OF_COMMAND  # no hand-written module
    forms = [other for other in KINDS.values() if other.command == name and other is not kind]
    declared = [option for each in (kind, *forms)
                for option in (*options_of(each.spec), *each.options)]  # fmt: skip
    flags = {option.flag_name for option in declared}
    offered = {action.option_strings[-1] for action in _command(name)._actions
               if action.option_strings and action.dest != "help"}  # fmt: skip
    assert offered - SHARED == flags
    # Within a kind each input is declared once (its spec's field, or its record's own).
    for each in (kind, *forms):
        names = [option.name for option in (*options_of(each.spec), *each.options)]
        assert len(names) == len(set(names)), each.name


EXPLORED = [
    {"engagement": "battle", "attacker": "ottoman: 4R", "attacker_leaders": ("Ibrahim Pasha",),
     "defender": "hapsburg: 4R", "attacker_cards": ("janissaries",), "post_roll": "always",
     "defender_casualty_order": "RCM"},
    {"engagement": "assault", "attacker": "ottoman: 9R Suleiman", "defender": "hapsburg: 4R",
     "attacker_cards": ("siege-artillery",), "post_roll": "always"},
    {"engagement": "intercept", "attacker": "hapsburg: 4R", "defender": "ottoman: 3R 1C"},
    {"engagement": "avoid", "attacker": "france: 3R Montmorency", "defender": "hapsburg: 4R",
     "lost_battle_this_impulse": True},
    {"engagement": "naval", "attacker": "ottoman: 4Sq Barbarossa", "defender": "hapsburg: 3Sq",
     "in_port": True, "attacker_cards": ("janissaries",), "post_roll": "always"},
    {"engagement": "piracy", "attacker": "ottoman: 3Co Dragut", "zone_squadrons": 1,
     "adjacent_fortresses": 1, "target_ports": 2},
    {"engagement": "foreign-war", "attacker": "3R", "war": "egypt", "horizon": 2,
     "attacker_cards": ("janissaries",), "post_roll": "always"},
]  # fmt: skip


@pytest.mark.parametrize("values", EXPLORED, ids=lambda values: values["engagement"])
def test_the_explorer_builds_the_spec_its_command_line_builds(values):
    # The calculator's spec and its "same as" command line come from one declaration: the
    # command line shown builds the same spec (its fields equal, field by field).
    from oddsengine.cli import given_options
    from oddsengine.cli._declared_answers import spec_of_arguments
    from oddsengine.faces._explore_questions import build_spec, command_words

    words = command_words(values)[1:]
    parser = _command(words[0])
    arguments = parser.parse_args(words[1:])
    arguments.given = given_options(words)
    assert spec_of_arguments(kind_of(words[0]), arguments) == build_spec(values)


@pytest.mark.parametrize(
    "argv, spec",
    [
        (["foreign-war", "--war", "egypt", "--force", "3R", "--trials", "20000", "--seed", "5"],
         oe.ForeignWar("egypt", "3R")),
        (["naval", "--attacker", "ottoman: 2Sq", "--defender", "hapsburg: 2Sq", "--trials",
          "20000", "--seed", "5"], oe.NavalBattle("ottoman: 2Sq", "hapsburg: 2Sq")),
        (["intercept", "--naval", "--interceptor", "hapsburg: 2Sq Doria", "--rowers",
          "roller", "--trials", "20000", "--seed", "5"],
         oe.NavalInterception("hapsburg: 2Sq Doria", rowers="roller")),
    ],
)  # fmt: skip
def test_the_same_seed_gives_the_same_numbers_on_the_command_line_and_in_python(capsys, argv, spec):
    status, out, err = run_cli(capsys, *argv, "--format", "json")
    assert status == 0, err
    assert json.loads(out)["p"] == oe.simulate(spec, trials=20_000, seed=5).p


def test_a_foreign_war_takes_the_policy_of_its_one_post_roll_card(capsys):
    war = ["foreign-war", "--war", "persia", "--force", "5R", "--cards", "janissaries"]
    refused(capsys, [*war, "--policy", "gout=always"], ["no post-roll policy for 'gout'"])
    refused(capsys, [*war[:5], "--policy", "janissaries=always"], ["janissaries is not played"])
    assert oe.ForeignWar.from_options(
        war="persia", force="5R", cards="janissaries", policy=("janissaries=always",)
    ) == oe.ForeignWar("persia", "5R", cards="janissaries", post_roll_policy="always")


# -- a kind's form, registered from outside -----------------------------------------------


@dataclass(frozen=True)
class Hits:
    """Dice hitting on 5-6 against the other side's: a small kind for the tests."""

    dice: int = option("the dice rolled", low=1, high=6, default=1)
    against: int = option("the other side's dice", low=0, high=6, default=0)

    kind = "hits"
    outcome_names = ("hit", "miss")
    event_names = ()
    chance = 1 / 3

    def draw_plan(self):
        return DrawPlan(binomial_pmf(self.dice, self.chance), binomial_pmf(self.against)[None])

    def outcome_columns(self, values):
        hit = np.asarray(values[0]) > np.asarray(values[1])
        return {"outcome": np.where(hit, "hit", "miss").astype(object)}

    def describe(self):
        return {"dice": self.dice}

    def title(self):
        return f"{self.dice} dice"

    def describe_lines(self):
        return []


@dataclass(frozen=True)
class LuckyHits:
    """The same dice hitting on 4-6, with bonus dice: the form of ``hits`` that --lucky
    asks."""

    dice: int = option("the dice rolled", low=1, high=6, default=1)
    bonus: int = option("dice added", low=0, high=6, default=0)

    kind = "lucky-hits"
    outcome_names = ("hit", "miss")
    event_names = ()
    describe, title, describe_lines = Hits.describe, Hits.title, Hits.describe_lines

    def draw_plan(self):
        return DrawPlan(binomial_pmf(self.dice + self.bonus, 1 / 2), np.ones((1, 1)))

    def outcome_columns(self, values):
        hit = np.asarray(values[0]) > 0
        return {"outcome": np.where(hit, "hit", "miss").astype(object)}


@pytest.fixture
def hits():
    register_kind("hits", Hits, title="Hits")
    lucky = Option("lucky", "the dice hit on 4-6", value="flag", form=True)
    register_kind("lucky-hits", LuckyHits, title="Lucky hits", command="hits", options=(lucky,))
    yield
    del KINDS["hits"], KINDS["lucky-hits"]


def test_a_kind_registered_as_the_form_of_another_s_command_is_asked_by_its_flag(hits, capsys):
    status, out, _ = run_cli(capsys, "hits", "--dice", "2", "--exact", "--fractions")
    assert status == 0 and "5/9" in out  # 1 - (2/3)**2
    status, out, _ = run_cli(capsys, "hits", "--dice", "1", "--lucky", "--bonus", "1",
                             "--exact", "--fractions")  # fmt: skip
    assert status == 0 and "3/4" in out  # 2 dice hitting on 4-6: 1 - (1/2)**2
    refused(capsys, ["hits", "--bonus", "1"], ["--bonus is for a lucky hits: add --lucky"])
    refused(capsys, ["hits", "--lucky", "--against", "1"],
            ["--against does not change a lucky hits: leave it out"])  # fmt: skip
    help_text = _command("hits").format_help()
    assert "with --lucky: dice added" in help_text


# -- the options of battle, taken by a spec that declares none ------------------------------


@dataclass(frozen=True)
class PlainBattle:
    """A field battle's fields, resolved as a field battle: a spec that declares no input
    and takes those of ``battle`` (its record's ``arguments``)."""

    attacker: object
    defender: object
    attacker_cards: tuple = ()
    defender_cards: tuple = ()
    responses: tuple = ()
    policies: object = None
    options: object = None
    defender_ally: object = None

    kind = "plain-battle"
    outcome_names = ("attacker_wins", "defender_wins")
    event_names = ()

    def _battle(self):
        fields_ = {item.name: getattr(self, item.name) for item in fields(self)}
        given = {name: value for name, value in fields_.items() if value is not None}
        return oe.FieldBattle(**given)

    def draw_plan(self):
        return self._battle().draw_plan()

    def outcome_columns(self, values):
        return self._battle().outcome_columns(values)

    def describe(self):
        return self._battle().describe()

    def title(self):
        return self._battle().title()

    def describe_lines(self):
        return self._battle().describe_lines()


def test_a_spec_that_takes_battle_s_options_gets_its_command(capsys):
    register_kind("plain-battle", PlainBattle, arguments="battle", title="Plain battle")
    try:
        assert kind_of("plain-battle").declared
        # 14 steps 2-3: 2R against 1R is 2 dice against 2 (the defender's extra die), won
        # with more hits: 4/9 * 4/9 + 1/9 * 8/9 = 24/81 = 8/27.
        status, out, err = run_cli(capsys, "plain-battle", "--attacker", "2R", "--defender",
                                   "hapsburg: 1R", "--exact", "--fractions")  # fmt: skip
        assert status == 0 and "8/27" in out, err
        # Its policies reach it, read as a field battle reads them.
        status, out, err = run_cli(capsys, "plain-battle", "--attacker", "2R", "--defender",
                                   "hapsburg: 1R", "--attacker-casualty-order", "RMC",
                                   "--format", "json", "--exact")  # fmt: skip
        assert status == 0, err
    finally:
        del KINDS["plain-battle"]

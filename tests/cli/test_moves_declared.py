"""The kinds read from the board (a move, a naval move, a siege campaign) on every face
from their declarations (issue 39): the same question gives the same figures from
Python, the command line and the explorer."""

import json
from dataclasses import replace

import pytest
from conftest import refused

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


def _printed(capsys, argv):
    assert main([*argv, "--format", "json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_commands_are_built_from_their_declarations():
    # No module of the command line writes them: the registry's records and the specs'
    # declarations give every option, under its heading.
    from oddsengine.cli import _MODULES_OF_COMMAND, build_parser
    from oddsengine.cli._declared_commands import declared_kinds
    from oddsengine.declaration import options_of
    from oddsengine.kinds import KINDS
    from oddsengine.moves.move import Move

    assert not {"move", "naval-move", "siege"} & set(_MODULES_OF_COMMAND)
    built = {kind.command for kind in declared_kinds()}
    assert {"move", "naval-move", "siege"} <= built
    parser = build_parser("move")._subparsers._group_actions[0].choices["move"]
    flags = {flag for action in parser._actions for flag in action.option_strings}
    declared = (*options_of(Move), *KINDS["move"].options, *Move.scenario_board.options)
    assert {item.flag_name for item in declared if not item.positional} <= flags


#: The Vienna move with a relief battle: an Ottoman regular besieged in Vienna (what-ifs),
#: the garrison joining the relief (15.2), Janissaries-free casualty orders.
RELIEF = {"stacks": ("Vienna=ottoman: 1R",), "control": ("Vienna=ottoman",),
          "besieged": ("Vienna",), "garrison_joins_relief": True,
          "attacker_casualty_order": "RMC"}  # fmt: skip
RELIEF_WORDS = ["move", "vienna", "--stack", "Vienna=ottoman: 1R", "--control", "Vienna=ottoman",
                "--besieged", "Vienna", "--garrison-joins-relief", "yes",
                "--attacker-casualty-order", "RMC", "--exact"]  # fmt: skip


def test_a_move_gives_the_same_figures_from_python_and_the_command_line(capsys):
    from oddsengine.declaration import spec_on_board
    from oddsengine.moves.move import Move
    from oddsengine.moves.what_if import with_what_ifs

    move = spec_on_board(Move, "vienna", RELIEF)
    assert move.relieves_a_siege and move.garrison_joins_relief
    by_hand = with_what_ifs(
        oe.load_move("vienna"),
        stacks={"Vienna": "ottoman: 1R"},
        control={"Vienna": "ottoman"},
        besieged=("Vienna",),
    )
    by_hand = replace(by_hand, garrison_joins_relief=True, policies=move.policies)
    assert move.policies.attacker_casualty_order == ("regulars", "mercenaries", "cavalry")
    assert dict(oe.exact(move).p) == pytest.approx(dict(oe.exact(by_hand).p), abs=1e-15)
    assert _printed(capsys, RELIEF_WORDS)["p"] == pytest.approx(dict(oe.exact(move).p), abs=1e-12)


def test_an_input_refused_by_the_move_is_named_by_its_option(capsys):
    refused(capsys, ["move", "vienna", "--avoiding-units", "hapsburg=2R, Hapsburg=1R"],
            ["--avoiding-units: avoiding units name Hapsburg twice"])  # fmt: skip
    refused(capsys, ["move", "vienna", "--garrison-joins-relief", "yes"],
            ["--garrison-joins-relief is for a relief battle (15.2)"])  # fmt: skip
    refused(capsys, ["move", "vienna", "--garrison-joins-relief", "maybe"], ["yes or no"])
    refused(capsys, ["move", "vienna", "--policy", "janissaries"],
            ["--policy takes CARD=POLICY (e.g. janissaries=always)"])  # fmt: skip


def test_a_siege_gives_the_same_figures_from_python_the_command_line_and_the_explorer(capsys):
    from oddsengine.moves.siege_campaign import SiegeCampaign

    # 9R Suleiman against 2R for 2 impulses, 3R joining at impulse 2 (13.1).
    campaign = SiegeCampaign.from_options(
        besiegers="ottoman: 9R Suleiman", garrison="hapsburg: 2R", horizon=2,
        schedule=("2=3R",), defender_casualty_order="RMC",
    )  # fmt: skip
    assert campaign.schedule[0][0] == 2 and campaign.schedule[0][1].regulars == 3
    argv = ["siege", "--besiegers", "ottoman: 9R Suleiman", "--garrison", "hapsburg: 2R",
            "--horizon", "2", "--schedule", "2=3R", "--defender-casualty-order", "RMC",
            "--exact"]  # fmt: skip
    assert _printed(capsys, argv)["p"] == pytest.approx(dict(oe.exact(campaign).p), abs=1e-12)
    calculator = oe.explore("siege-campaign")
    calculator.controls["horizon"].value = 2
    plain = SiegeCampaign("ottoman: 9R Suleiman", "hapsburg: 2R", horizon=2)
    assert dict(calculator.result.p) == pytest.approx(dict(oe.exact(plain).p), abs=1e-12)
    assert "--horizon 2" in calculator.command_line


def test_a_siege_at_a_seed_gives_the_python_numbers_and_its_own_trials(capsys):
    from oddsengine.moves.siege_campaign import SiegeCampaign

    campaign = SiegeCampaign("ottoman: 9R Suleiman", "hapsburg: 2R", horizon=2)
    python = oe.simulate(campaign, seed=4)  # the campaign's own 100,000 trials
    argv = ["siege", "--besiegers", "ottoman: 9R Suleiman", "--garrison", "hapsburg: 2R",
            "--horizon", "2", "--seed", "4"]  # fmt: skip
    printed = _printed(capsys, argv)
    assert printed["trials"] == python.trials == 100_000
    assert printed["p"] == pytest.approx(dict(python.p), abs=0)
    refused(capsys, [*argv, "--precision", "0.01"], ["--precision is not available", "--trials"])
    refused(capsys, [*argv, "--fractions"], ["--fractions"])


def test_the_explorer_s_move_is_its_command_line_s(capsys):
    import re
    import shlex

    calculator = oe.explore("move")
    calculator.controls["defender_policy"].value = "fight"
    calculator.controls["stacks"].value = "Linz=hapsburg: 4R Duke of Alva"
    shown = re.search(r"same as: <code[^>]*>(.*)</code>", calculator.command.value).group(1)
    words = shlex.split(__import__("html").unescape(re.sub(r"<[^>]+>", "", shown)))
    assert words[:3] == ["oddsengine", "move", "vienna"]
    assert words[words.index("--stack") + 1] == "Linz=hapsburg: 4R Duke of Alva"
    printed = _printed(capsys, words[1:])
    assert printed["p"] == pytest.approx(dict(calculator.result.p), abs=1e-12)


def test_a_naval_move_s_fleet_what_if_is_the_same_on_every_face(capsys):
    from oddsengine.faces.naval_move_table import naval_move_table
    from oddsengine.moves.naval_move_scenario import NavalMoveScenario

    doria = "hapsburg: 4Sq Andrea Doria"
    argv = ["naval-move", "barbary_coast", "--fleet", f"Tyrrhenian Sea={doria}", "--exact"]
    printed = _printed(capsys, argv)["p"]
    # RULES.md §14: Venice (no admiral) intercepts from the Ionian Sea on 9+ (10/36) first;
    # then Doria (battle rating 2) from the Tyrrhenian Sea on 7+ (21/36): 21/36 * 26/36.
    assert printed["intercepted:hapsburg@Tyrrhenian Sea"] == pytest.approx(21 / 36 * 26 / 36)
    swept = NavalMoveScenario("barbary_coast", fleet_location="Tyrrhenian Sea", fleet=doria)
    assert printed == pytest.approx(dict(oe.exact(swept).p), abs=1e-12)
    row = naval_move_table("barbary_coast", {"Tyrrhenian Sea": doria}).iloc[0]
    assert printed["defender_wins"] == pytest.approx(row["defender_wins"], abs=1e-12)
    assert printed == pytest.approx(
        dict(oe.exact(load_naval_move("barbary_coast", fleets={"tyrrhenian sea": doria})).p)
    )
    calculator = oe.explore("naval-move")
    calculator.controls["scenario"].value = "barbary_coast"
    calculator.controls["fleets"].value = f"Tyrrhenian Sea={doria}"
    assert dict(calculator.result.p) == pytest.approx(printed, abs=1e-12)
    assert f"--fleet 'Tyrrhenian Sea={doria}'" in calculator.command_line

"""Move what-ifs without editing a file (--stack, --control, --besieged), and the garrison
in the end states (15.2)."""

import json

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.moves.move import end_state_records
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.what_if import with_what_ifs


def test_a_stack_replaces_the_stack_of_its_power_or_is_added():
    move = with_what_ifs(
        load_move("vienna"), stacks={"Vienna": "4R Ferdinand", "Linz": "hapsburg: 3R"}
    )
    stacks = {stack.label: stack.force.notation() for stack in move.situation.stacks}
    assert stacks["hapsburg@Vienna"] == "hapsburg: 4R Ferdinand"  # the power of the space
    assert stacks["hapsburg@Linz"] == "hapsburg: 3R"


def test_control_and_besieged_change_the_situation():
    move = with_what_ifs(load_move("vienna"), control={"Linz": "ottoman"})
    assert move.situation.controller("Linz") == "ottoman"
    with pytest.raises(oe.OddsEngineError, match="no enemy stack"):
        with_what_ifs(load_move("vienna"), besieged=["Vienna"])  # 15: nobody besieges it


def test_the_command_line_takes_the_what_ifs(capsys):
    status = main(["move", "vienna", "--exact", "--stack", "Vienna=hapsburg: 4R Ferdinand",
                   "--format", "json"])  # fmt: skip
    assert status == 0
    assert json.loads(capsys.readouterr().out)["spec"]["defenders"] == "hapsburg: 4R Ferdinand"
    assert main(["move", "vienna", "--stack", "Linz"]) == 2
    assert "SPACE=FORCE" in capsys.readouterr().err


@pytest.mark.rule("6.2", cites="a garrison of the mover's side besieged")
def test_end_states_list_a_besieged_garrison_of_the_mover_side():
    # 15.2: a relief force from Linz attacks the besiegers of Vienna; the Hapsburg garrison
    # inside is neither the mover nor the defenders, and is listed as the garrison.
    situation = oe.Situation(
        [
            oe.Stack("Vienna", "ottoman: 5R"),
            oe.Stack("Vienna", "hapsburg: 2R Ferdinand", besieged=True),
            oe.Stack("Linz", "hapsburg: 4R"),
        ],
        wars=[("ottoman", "hapsburg")],
    )
    move = oe.Move(situation, "Linz", "Vienna", defender_policy="fight")
    records = end_state_records(oe.exact(move))
    assert all("hapsburg: 2R Ferdinand" in record["garrison_end"] for record in records)
    vienna = end_state_records(oe.exact(load_move("vienna")))
    assert all(record["garrison_end"] == "" for record in vienna)


@pytest.mark.slow
def test_needed_move_takes_the_same_what_ifs(capsys):
    argv = ["needed", "move", "vienna", "--stack", "Vienna=hapsburg: ?R Ferdinand",
            "--target", "0.75", "--control", "Linz=hapsburg", "--format", "json"]  # fmt: skip
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["value"] is not None
    assert main(["needed", "battle", "--attacker", "?R", "--defender", "2R", "--target",
                 "0.5", "--besieged", "Vienna"]) == 2  # fmt: skip
    assert "--besieged" in capsys.readouterr().err

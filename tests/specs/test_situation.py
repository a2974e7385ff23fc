"""Situations and scenario files: built in Python or read from TOML, bad ones refused."""

import pytest

from oddsengine.combat.forces import Force
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.moves.scenario_file import example_names, find_scenario, load_move, load_situation
from oddsengine.moves.situation import Situation, Stack

VIENNA_TEXT = find_scenario("vienna")[1].decode()


def write(tmp_path, text, name="scenario.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_control_defaults_to_the_home_power():
    situation = Situation(wars=[("ottoman", "hapsburg")], control={"Brunn": "hapsburg"})
    assert situation.controller("Vienna") == "hapsburg"
    assert situation.controller("Pressburg") == "hungary"
    assert situation.controller("brunn") == "hapsburg"


def test_wars_and_alliances_are_symmetric():
    situation = Situation(wars=[("Ottomans", "Hapsburgs")], alliances=[("france", "papacy")])
    assert situation.at_war("hapsburg", "ottoman")
    assert situation.allied("papacy", "france") and situation.allied("france", "france")
    assert not situation.at_war("france", "ottoman")


def test_stack_names_its_power_and_space():
    stack = Stack("graz", "hapsburg: 8R Charles V")
    assert stack.space == "Graz" and stack.power == "hapsburg" and stack.label == "hapsburg@Graz"
    with pytest.raises(OddsEngineError, match="names no power"):
        Stack("Graz", "4R")


@pytest.mark.rule("5", cites="15 / 14 step 12")
def test_more_than_four_units_inside_a_fortification_are_refused():
    # 13.4: at most 4 friendly land units inside a fortified space.
    with pytest.raises(OddsEngineError, match="at most 4"):
        Stack("Vienna", "hapsburg: 5R", besieged=True)


def test_nobody_is_besieged_in_an_unfortified_space():
    with pytest.raises(OddsEngineError, match="not fortified"):
        Stack("Graz", "hapsburg: 2R", besieged=True)


def test_a_besieged_stack_needs_besiegers():
    with pytest.raises(OddsEngineError, match="no enemy stack"):
        Situation([Stack("Vienna", "hapsburg: 2R", besieged=True)], wars=[("ottoman", "hapsburg")])


def test_the_vienna_example_ships():
    assert "vienna" in example_names()
    for name in ("vienna", "vienna.toml", "examples/vienna.toml"):
        assert load_move(name).destination == "Vienna"
    situation = load_situation("vienna")
    assert situation.controller("Pressburg") == "ottoman"
    assert [stack.label for stack in situation.stacks] == [
        "ottoman@Pressburg",
        "hapsburg@Graz",
        "hapsburg@Vienna",
    ]


def test_a_file_path_is_read(tmp_path):
    path = write(tmp_path, VIENNA_TEXT)
    assert load_move(str(path)).origin == "Pressburg"


@pytest.mark.parametrize(
    ("old", "new", "key", "reason"),
    [
        ('space = "Graz"', 'space = "Grazz"', "stack[2]", "unknown space 'Grazz'"),
        ('"hapsburg: 8R Charles V"', '"hapsburg: 8R Charles VI"', "stack[2]", "unknown leader"),
        ('to = "Vienna"', 'to = "Linz"', "move", "not adjacent"),
        ('wars = [["ottoman", "hapsburg"]]', "wars = []", "move", "not at war"),
        (
            'force = "hapsburg: 2R Ferdinand"',
            'force = "hapsburg: 5R Ferdinand"\nbesieged = true',
            "stack[3]",
            "at most 4",
        ),
        ('defender = "best"', 'defender = "avoid:Pressburg"', "move", "not a legal choice"),
        ('retreat = "most-friendly"', 'retreat = "anywhere"', "move", "unknown retreat policy"),
        ("[move]", "[move]\nspeed = 3", "move.speed", "unknown key"),
        ('wars = [["ottoman", "hapsburg"]]', 'wars = [["ottoman"]]', "situation.wars[1]", "pair"),
    ],
)
def test_bad_files_are_refused_with_file_key_and_reason(tmp_path, old, new, key, reason):
    assert old in VIENNA_TEXT
    path = write(tmp_path, VIENNA_TEXT.replace(old, new, 1), "bad.toml")
    with pytest.raises(OddsEngineError) as error:
        load_move(str(path))
    message = str(error.value)
    assert message.startswith(f"{path}: {key}: ")
    assert reason in message
    assert "\n" not in message


def test_invalid_toml_and_missing_files_are_refused(tmp_path):
    path = write(tmp_path, "[move\n")
    with pytest.raises(OddsEngineError, match="not a valid TOML file"):
        load_move(str(path))
    with pytest.raises(OddsEngineError, match="no scenario file"):
        load_move("atlantis")


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: Situation(5), "stacks must be a list"),
        (lambda: Situation("Vienna"), "stacks must be a list"),
        (lambda: Situation((), wars=5), "wars must be a list"),
        (lambda: Situation((), wars="ab"), "wars must be a list"),
        (lambda: Situation((), wars=[5]), "list of pairs"),
        (lambda: Situation((), alliances=[("france",)]), "list of pairs"),
        (lambda: Situation((), control=5), "control must be a list"),
        (lambda: Situation((), unrest=1), "unrest must be a list"),
        (lambda: Situation((), impulse_order=7), "impulse_order must be a list"),
        (lambda: Situation([5]), "must be Stack instances"),
        (lambda: Stack("Graz", 5), "needs a Force"),
    ],
)
def test_wrong_types_in_a_situation_raise_the_projects_type_error(build, message):
    with pytest.raises(OddsEngineTypeError, match=message):
        build()


def test_a_stack_above_the_game_limits_is_refused_when_built():
    with pytest.raises(OddsEngineError, match="the stack in Graz: at most 99 regulars"):
        Stack("Graz", Force(regulars=150, power="hapsburg"))
    assert Stack("Graz", Force(regulars=99, power="hapsburg")).force.regulars == 99

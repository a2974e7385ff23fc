"""RULES.md §1: a leader leads the forces of the powers he serves, and the leader record is
the one place that says which. Maurice of Saxony serves the Protestants (the Hapsburgs after
card #60: a Hapsburg force says so, as a fleet's power says whom Andrea Doria leads); the
Renegade (card #70) serves the major power that places it. Every other power is refused,
naming the powers he serves, on every face: force strings and ``Force``, scenario files,
the command line (``battle``, ``needed``, ``table``), the explorer's leader lists and
``oddsengine leaders --power``."""

import json
from fractions import Fraction
from pathlib import Path

import pytest
from code_strings import code_strings
from conftest import assert_one_line_error, run_cli
from hand_dice import binomial, close

import oddsengine as oe
from oddsengine.combat.leaders import LEADERS, find_leader, leaders_serving
from oddsengine.combat.powers import MAJOR_POWERS
from oddsengine.faces._explore_questions import offered_leaders
from oddsengine.faces.records import leader_records

PACKAGE = Path(oe.__file__).parent

REFUSED = [
    ("ottoman: 9R Maurice of Saxony", "an Ottoman force"),
    ("france: 6R Maurice of Saxony", "a French force"),
    ("england: 4R Maurice", "an English force"),
    ("papacy: 4R Maurice", "a Papal force"),
]


def test_the_record_says_whom_each_leader_serves():
    assert find_leader("Maurice of Saxony").serves == ("protestant", "hapsburg")
    assert find_leader("Renegade").serves == MAJOR_POWERS
    assert find_leader("Charles V").serves == ("hapsburg",)
    # Every leader of the table serves his own power first.
    for leader in LEADERS.values():
        assert leader.power is None or leader.serves[0] == leader.power


@pytest.mark.rule("1", cites="RULES.md §1: a leader leads only the forces of a power he serves.")
@pytest.mark.parametrize("text, words", REFUSED)
def test_maurice_leads_no_force_of_a_power_he_does_not_serve(text, words):
    with pytest.raises(oe.OddsEngineError) as refused:
        oe.parse_force(text)
    message = str(refused.value)
    assert message.startswith("Maurice of Saxony serves protestant (hapsburg after card #60)")
    assert words in message and "\n" not in message
    # The same with the record itself in a Force, not a name.
    power = text.split(":")[0]
    with pytest.raises(oe.OddsEngineError, match="serves protestant"):
        oe.Force(regulars=4, leaders=(find_leader("Maurice"),), power=power)


@pytest.mark.rule("1", cites="RULES.md §1: a leader leads only the forces of a power he serves.")
def test_maurice_leads_the_protestants_and_after_card_60_the_hapsburgs():
    assert oe.parse_force("9R Maurice of Saxony").power == "protestant"
    hapsburg = oe.parse_force("hapsburg: 6R Maurice")
    (maurice,) = hapsburg.leaders
    assert (hapsburg.power, maurice.power) == ("hapsburg", "hapsburg")
    # §1: his command rating is the formation limit (6), his battle rating 1 counts.
    assert hapsburg.command_capacity == 6
    with pytest.raises(oe.OddsEngineError):
        oe.parse_force("hapsburg: 7R Maurice").check_formation("attacker")
    # §6 steps 2, 3, 8: 1 Ottoman regular (1 die) against 1 Hapsburg regular with Maurice
    # (1 + 1 + 1 = 3 dice). The Ottomans win only on 1 hit against none:
    # 1/3 * (2/3)^3 = 8/81.
    won = binomial(1, 1) * binomial(3, 0)
    assert won == Fraction(8, 81)
    result = oe.exact(oe.FieldBattle("ottoman: 1R", "hapsburg: 1R Maurice"))
    close(result.p["attacker_wins"], won)


@pytest.mark.rule("1", cites="RULES.md §1: a leader leads only the forces of a power he serves.")
def test_the_renegade_serves_the_major_power_that_places_it():
    for power in MAJOR_POWERS:
        force = oe.parse_force(f"{power}: 4R Renegade")
        assert force.leaders[0].power == power
    for power in ("venice", "genoa", "hungary", "scotland"):
        with pytest.raises(oe.OddsEngineError) as refused:
            oe.parse_force(f"{power}: 2R Renegade")
        message = str(refused.value)
        assert message.startswith("Renegade serves the power that places it (card #70")
        assert "ottoman, hapsburg, england, france, papacy or protestant" in message


def test_a_scenario_file_refuses_a_stack_led_by_a_leader_of_another_power(tmp_path, capsys):
    path = tmp_path / "linz.toml"
    path.write_text(
        '[situation]\nwars = [["ottoman", "hapsburg"]]\n\n[situation.control]\n'
        'Vienna = "ottoman"\n\n[[stack]]\nspace = "Vienna"\n'
        'force = "ottoman: 5R Maurice of Saxony"\n\n[[stack]]\nspace = "Linz"\n'
        'force = "hapsburg: 2R"\n\n[move]\nfrom = "Vienna"\nto = "Linz"\n'
    )
    with pytest.raises(oe.OddsEngineError, match="Maurice of Saxony serves protestant"):
        oe.load_move(path)
    assert_one_line_error(capsys, ["move", str(path)], "serves protestant (hapsburg after")
    path.write_text(path.read_text().replace("ottoman: 5R Maurice of Saxony", "ottoman: 4R"))
    path.write_text(path.read_text().replace('"hapsburg: 2R"', '"hapsburg: 2R Maurice"'))
    assert oe.load_move(path).situation.stack("Linz", "hapsburg").force.leaders[0].power == (
        "hapsburg"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["battle", "--attacker", "ottoman: 9R Maurice of Saxony", "--defender", "hapsburg: 4R"],
        ["battle", "--attacker", "3R", "--defender", "france: 6R Maurice of Saxony"],
        ["needed", "battle", "--attacker", "ottoman: ?R Maurice", "--defender", "hapsburg: 4R",
         "--target", "0.5"],
        ["table", "battle", "--attacker", "ottoman: 2..4R Maurice", "--defender",
         "hapsburg: 1..2R"],
        ["battle", "--attacker", "3R", "--defender", "venice: 2R Renegade"],
    ],
    ids=["battle", "battle-defender", "needed", "table", "renegade"],
)  # fmt: skip
def test_the_command_line_refuses_in_one_line_naming_whom_he_serves(capsys, argv):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert " serves " in line and "Traceback" not in err


def test_leaders_power_lists_those_who_serve_it(capsys):
    for power, listed, not_listed in (
        ("ottoman", {"Suleiman", "Renegade"}, {"Maurice of Saxony", "Charles V"}),
        ("hapsburg", {"Charles V", "Maurice of Saxony", "Renegade"}, {"Suleiman"}),
        ("protestant", {"John Frederick", "Maurice of Saxony", "Renegade"}, {"Charles V"}),
    ):
        names = {row["name"] for row in leader_records(power)}
        assert listed <= names and not names & not_listed, power
        status, out, err = run_cli(capsys, "leaders", "--power", power, "--format", "json")
        assert status == 0, err
        assert {row["name"] for row in json.loads(out)} == names
    # Venice has no leader, and neither Maurice nor the Renegade serves it: refused.
    with pytest.raises(oe.OddsEngineError, match="venice has no leaders"):
        leader_records("venice")
    rows = {row["name"]: row for row in leader_records()}
    assert rows["Maurice of Saxony"]["serves"] == "protestant (hapsburg after card #60)"
    assert rows["Renegade"]["serves"] == "the power that places it (card #70, Charles Bourbon)"


def test_the_explorer_offers_each_power_the_leaders_who_serve_it():
    assert offered_leaders("battle", "ottoman") == ["Suleiman", "Ibrahim Pasha", "Renegade"]
    assert offered_leaders("assault", "france") == [
        "Francis I", "Henry II", "Montmorency", "Renegade",
    ]  # fmt: skip
    assert "Maurice of Saxony" in offered_leaders("battle", "hapsburg")
    assert "Maurice of Saxony" in offered_leaders("battle", "protestant")
    assert offered_leaders("battle", "venice") == []
    # What the explorer offers is what a force accepts, power by power.
    for power in MAJOR_POWERS:
        for leader in leaders_serving(power):
            assert oe.parse_force(f"{power}: 2R {leader.name}").leaders[0].name == leader.name
    calculator = oe.explore("battle")
    calculator.controls["attacker"].value = "ottoman: 6R"
    offered = [value for _, value in calculator.controls["attacker_leaders"].options]
    assert "Maurice of Saxony" not in offered and "Suleiman" in offered


def test_no_module_but_the_record_names_the_leaders_who_change_sides():
    # The record is the one place that says whom a leader serves: no code elsewhere
    # names Maurice of Saxony or the Renegade to treat them apart.
    naming = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(
            name in text
            for text in code_strings(path)
            for name in ("Maurice of Saxony", "Renegade")
        )
    }
    assert naming == {"combat/leaders.py"}

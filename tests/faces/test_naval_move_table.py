"""Tables of naval moves over fleets, and the smallest fleet reaching a target (RULES.md
§14), checked against single naval moves and a hand computation."""

from fractions import Fraction
from math import comb, isclose

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.errors import OddsEngineError
from oddsengine.faces.naval_move_table import naval_move_needed, naval_move_table
from oddsengine.moves.scenario_file import load_naval_move


def test_each_row_is_the_naval_move_with_that_fleet():
    table = naval_move_table("barbary_coast", {"Tyrrhenian Sea": "hapsburg: 1..3Sq Doria"})
    assert list(table["Tyrrhenian Sea:squadrons"]) == [1, 2, 3]
    assert list(table["status"]) == ["ok"] * 3
    single = oe.exact(load_naval_move("barbary_coast"))
    assert isclose(table["defender_wins"][1], single.p["defender_wins"])
    assert isclose(table["lost:hapsburg"][1], single.expected_losses()["hapsburg"]["mean"])
    # Doria's roll does not depend on his squadrons (§11: 2d6 + his rating).
    assert len(set(round(value, 12) for value in table["intercepted"])) == 1


def test_the_moving_stack_varies_whole():
    """Varying the origin replaces the moving stack: with 1Sq Doria alone in the way (the
    Venetians told not to try), the 2Sq 1Co + Barbarossa stack rolls 4 + 1 + 2 dice."""
    table = naval_move_table(
        "barbary_coast",
        {"Tunis": "ottoman: 1..2Sq 1Co Barbarossa"},
        interception_policy={"Tyrrhenian Sea": "all"},
    )
    third = Fraction(1, 3)

    def binomial(dice):
        return [comb(dice, k) * third**k * (1 - third) ** (dice - k) for k in range(dice + 1)]

    for row, dice in ((0, 5), (1, 7)):
        attacker, defender = binomial(dice), binomial(6)
        holds = sum(attacker[a] * defender[d] for a in range(dice + 1) for d in range(7) if a <= d)
        assert isclose(table["defender_wins"][row], Fraction(21, 36) * holds)


def test_refused_rows_say_why():
    table = naval_move_table("barbary_coast", {"Tunis": "ottoman: 0..1Sq"})
    assert list(table["status"]) == ["refused", "ok"]
    assert "no ships" in table["reason"][0]


def test_the_smallest_fleet_reaching_a_target():
    needed = naval_move_needed(
        "barbary_coast", "Tyrrhenian Sea", "hapsburg: 1..6Sq Doria", "defender_wins", 0.3
    )
    assert needed["Tyrrhenian Sea"] == "hapsburg: 2Sq Doria" and needed["reached"]
    never = naval_move_needed(
        "barbary_coast", "Tyrrhenian Sea", "hapsburg: 1..2Sq Doria", "defender_wins", 0.99
    )
    assert not never["reached"] and never["Tyrrhenian Sea"] == "hapsburg: 2Sq Doria"
    with pytest.raises(OddsEngineError, match="unknown outcome"):
        naval_move_needed("barbary_coast", "Tyrrhenian Sea", "hapsburg: 1..2Sq", "won", 0.5)


@pytest.mark.slow
def test_monte_carlo_rows_share_the_seed():
    first = naval_move_table(
        "barbary_coast",
        {"Ionian Sea": "venice: 1..2Sq"},
        method="monte-carlo",
        seed=5,
        trials=20_000,
    )
    again = naval_move_table(
        "barbary_coast",
        {"Ionian Sea": "venice: 1..2Sq"},
        method="monte-carlo",
        seed=5,
        trials=20_000,
    )
    assert list(first["intercepted"]) == list(again["intercepted"])
    assert set(first["seed"]) == {5}


def test_naval_move_command_vary(capsys):
    status = main(
        [
            "naval-move",
            "barbary_coast",
            "--vary",
            "Tyrrhenian Sea=hapsburg: 1..2Sq Doria",
            "--format",
            "csv",
        ]
    )
    assert status == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Tyrrhenian Sea,Tyrrhenian Sea:squadrons,status,reason")
    assert len(lines) == 3
    assert main(["naval-move", "barbary_coast", "--vary", "nowhere"]) == 2
    assert "LOCATION=FLEETS" in capsys.readouterr().err


def test_needed_squadrons_for_a_naval_move():
    """The needed search over a naval move: the smallest Doria stack with which the
    Hapsburgs win the Barbary Coast battle with 40%, each candidate the move with that
    fleet (checked against the table)."""
    answer = oe.needed(
        "naval-move",
        fleets={"Tyrrhenian Sea": "hapsburg: ?Sq Doria"},
        scenario="barbary_coast",
        target=0.4,
        max_units=6,
    )
    table = naval_move_table("barbary_coast", {"Tyrrhenian Sea": "hapsburg: 1..6Sq Doria"})
    first = next(row for _, row in table.iterrows() if row["defender_wins"] >= 0.4)
    assert answer.value == first["Tyrrhenian Sea:squadrons"] == 4
    assert isclose(answer.p, first["defender_wins"])


def test_needed_naval_move_command(capsys):
    argv = [
        "needed",
        "naval-move",
        "barbary_coast",
        "--fleet",
        "Tyrrhenian Sea=hapsburg: ?Sq Doria",
    ]
    assert main([*argv, "--target", "0.4", "--max-units", "5"]) == 0
    assert "hapsburg: 4Sq Doria: P(defender_wins)" in capsys.readouterr().out
    assert (
        main(["needed", "naval-move", "barbary_coast", "--stack", "Tunis=?Sq", "--target", "0.5"])
        == 2
    )
    assert "--fleet" in capsys.readouterr().err


def test_courses_of_action_compared():
    """Avoid battle or stay: each course is the naval move with those policies; a course
    the rules refuse says why."""
    from oddsengine.faces.naval_move_table import naval_move_courses

    courses = {
        "Doria only": {"interception_policy": {"Tyrrhenian Sea": "all"}},
        "no one": {"interception_policy": "none"},
        "bad": {"units": "5Sq"},
        # Nobody waits in the Barbary Coast: a defender policy applies to nothing there,
        # and the course is refused as the single run refuses it.
        "fight": {"defender_policy": "fight", "interception_policy": "none"},
    }
    table = naval_move_courses("barbary_coast", courses)
    assert list(table["course"]) == ["Doria only", "no one", "bad", "fight"]
    assert list(table["status"]) == ["ok", "ok", "refused", "refused"]
    assert "defender_policy is for enemy ships in the destination" in table["reason"][3]
    # Nobody in the Barbary Coast and nobody intercepting: the move arrives unopposed.
    assert table["mover_in_destination"][1] == pytest.approx(1.0)
    doria = {"Tyrrhenian Sea": "all"}
    single = oe.exact(load_naval_move("barbary_coast", interception_policy=doria))
    assert table["mover_in_destination"][0] == pytest.approx(single.p["mover_in_destination"])
    with pytest.raises(OddsEngineError, match="courses must be a table"):
        naval_move_courses("barbary_coast", [])

"""The force needed for naval battles and foreign wars (issue 13, RULES.md §11 and §13):
the search against brute force over every candidate and against odds computed by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.combat.naval import NavalBattle
from oddsengine.engines.foreign_war import exact_foreign_war

THIRD = Fraction(1, 3)


def hits(dice: int) -> list[Fraction]:
    """A die hits on 5-6: the hits of ``dice`` dice, Binomial(dice, 1/3)."""
    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def at_least(dice: int, count: int) -> Fraction:
    return sum(hits(dice)[count:], Fraction(0))


def p_more_hits(attacker_dice: int, defender_dice: int) -> Fraction:
    """§11: more hits wins; a tie goes to the defender."""
    attacker, defender = hits(attacker_dice), hits(defender_dice)
    return sum(
        (
            attacker[a] * defender[d]
            for a in range(len(attacker))
            for d in range(min(a, len(defender)))
        ),
        Fraction(0),
    )


def brute_force(build, values, event, target):
    """Every value answered on its own; the smallest reaching the target."""
    chances = {}
    for value in values:
        try:
            chances[value] = event(build(value))
        except oe.OddsEngineError:
            chances[value] = None
    for value in values:
        if chances[value] is not None and chances[value] >= target - 1e-12:
            return value, chances[value], chances.get(value - 1)
    return None, None, None


# -- naval battles ---------------------------------------------------------------------


def test_naval_squadrons_needed_by_hand():
    # §11: 2 dice per squadron; 1 squadron defends with 2 dice.
    answer = oe.needed("naval", attacker="ottoman: ?Sq", defender="hapsburg: 1Sq", target=0.5)
    assert (p_more_hits(2, 2), p_more_hits(4, 2)) == (Fraction(8, 27), Fraction(401, 729))
    assert answer.value == 2 and answer.method == "exact"
    assert answer.p == pytest.approx(401 / 729, abs=1e-12)
    assert answer.p_below == pytest.approx(8 / 27, abs=1e-12)
    # 0 squadrons is no fleet: refused, not a chance of 0.
    assert not answer.candidates[0].legal


def test_naval_corsairs_needed_by_hand_with_a_port_and_a_leader():
    # §11: 1 die per corsair + Dragut's 1; the defender rolls 1 more in a port (2 + 1).
    answer = oe.needed(
        "naval",
        attacker="?Co Dragut",
        defender="hapsburg: 1Sq",
        in_port=True,
        target=0.4,
        max_units=8,
    )
    chances = {n: p_more_hits(n + 1, 3) for n in range(1, 9)}
    value = min(n for n, p in chances.items() if p >= Fraction(2, 5))
    assert answer.value == value
    assert answer.p == pytest.approx(float(chances[value]), abs=1e-12)
    assert answer.p_below == pytest.approx(float(chances[value - 1]), abs=1e-12)
    for candidate in answer.candidates[1:]:
        assert candidate.p == pytest.approx(float(chances[candidate.value]), abs=1e-12)


@pytest.mark.parametrize(
    "attacker, defender, target",
    [
        ("ottoman: ?Sq Dragut", "hapsburg: 2Sq Doria", 0.75),
        ("ottoman: 2Sq ?Co Barbarossa", "hapsburg: 3Sq Doria", 0.6),
        ("ottoman: 3Sq 1Co", "hapsburg: ?Sq Doria", 0.9),
        ("ottoman: 1Sq", "venice: ?Sq", 0.99),
    ],
)
def test_naval_search_matches_brute_force(attacker, defender, target):
    unknown_side = "attacker" if "?" in attacker else "defender"
    answer = oe.needed("naval", attacker=attacker, defender=defender, target=target, max_units=12)

    def build(n):
        return NavalBattle(attacker.replace("?", str(n)), defender.replace("?", str(n)))

    expected = brute_force(
        build, range(0, 13), lambda spec: oe.exact(spec).p[f"{unknown_side}_wins"], target
    )
    assert (answer.value, answer.p, answer.p_below) == expected


def test_naval_refusals():
    with pytest.raises(oe.OddsEngineError, match="no leader is rated here"):
        oe.needed("naval", attacker="ottoman: 2Sq L?", defender="hapsburg: 1Sq", target=0.5)
    # Corsairs are Ottoman only (§11): every count of them is refused for that one reason
    # (none at all is refused for having no ships), so the question itself is refused.
    with pytest.raises(oe.OddsEngineError, match="needed naval: only the Ottomans have corsairs"):
        oe.needed("naval", attacker="ottoman: 1Sq", defender="hapsburg: ?Co", target=0.5)


# -- foreign wars ----------------------------------------------------------------------


def test_foreign_war_leader_rating_needed_by_hand():
    # §13: Revolt in Egypt, 3 Ottoman units against 3 Egyptians, one attempt. A field
    # battle without the defender's extra die: 3 + rating dice against 3. Won when 3 hits
    # remove the Egyptians; if both sides are wiped out, the side with more dice keeps a
    # unit (the Egyptians on equal dice).
    won = {
        0: at_least(3, 3) * (1 - at_least(3, 3)),  # equal dice: both wiped out is not won
        1: at_least(4, 3),
        2: at_least(5, 3),
    }
    assert won == {0: Fraction(26, 729), 1: Fraction(1, 9), 2: Fraction(17, 81)}
    answer = oe.needed("foreign-war", war="egypt", force="3R L?", within=1, target=0.1)
    assert answer.value == 1
    assert answer.p == pytest.approx(1 / 9, abs=1e-12)
    assert answer.p_below == pytest.approx(26 / 729, abs=1e-12)
    assert "within 1 attempt" in answer.summary()


def test_foreign_war_units_needed_by_hand_and_the_cards_limit():
    # One attempt: fewer than 3 dice can never remove 3 Egyptians; 4 units are more than
    # the card calls for (21.7), refused.
    answer = oe.needed("foreign-war", war="egypt", force="?R", within=1, target=0.01)
    assert [c.p for c in answer.candidates[1:3]] == [0.0, 0.0]
    assert (answer.value, answer.p_below) == (3, 0.0)
    assert answer.p == pytest.approx(26 / 729, abs=1e-12)
    beyond = oe.needed("foreign-war", war="egypt", force="?R", within=1, target=0.5)
    assert beyond.value is None and beyond.p is None
    assert all(not c.legal for c in beyond.candidates if c.value > 3)


@pytest.mark.parametrize(
    "war, force, within, target, extra",
    [
        ("persia", "?R", 3, 0.5, {}),
        ("persia", "?R Ibrahim Pasha", 2, 0.4, {}),
        ("ireland", "?R", 4, 0.6, {"reinforcements": 1}),
        ("egypt", "2R ?M", 3, 0.3, {"cards": "arquebusiers"}),
        ("persia", "5R L?", 2, 0.5, {"foreign": 3}),
    ],
)
def test_foreign_war_search_matches_brute_force(war, force, within, target, extra):
    answer = oe.needed("foreign-war", war=war, force=force, within=within, target=target, **extra)
    expected = brute_force(
        lambda n: oe.ForeignWar(war, force.replace("?", str(n)), horizon=within, **extra),
        range(0, 3) if "L?" in force else range(0, 31),
        lambda spec: exact_foreign_war(spec).p["won"],
        target,
    )
    assert (answer.value, answer.p, answer.p_below) == expected


@pytest.mark.slow
def test_foreign_war_by_attempt_and_monte_carlo():
    exact = oe.needed("foreign-war", war="persia", force="?R", within=3, target=0.3)
    by_two = oe.needed(
        "foreign-war", war="persia", force="?R", within=3, event="won_by:2", target=0.3
    )
    assert by_two.value >= exact.value
    sampled = oe.needed(
        "foreign-war",
        war="persia",
        force="?R",
        within=3,
        target=0.3,
        method="monte-carlo",
        precision=0.01,
        seed=5,
    )
    assert sampled.method == "monte-carlo"
    for mine, theirs in zip(sampled.candidates, exact.candidates, strict=True):
        if theirs.legal:
            assert abs(mine.p - theirs.p) < 0.02


# -- the command line --------------------------------------------------------------------


def test_needed_naval_and_foreign_war_from_the_command_line(capsys):
    argv = ["needed", "naval", "--attacker", "ottoman: ?Sq", "--defender", "hapsburg: 1Sq"]
    assert main([*argv, "--target", "0.5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 2 and data["method"] == "exact"
    assert data["p"] == pytest.approx(401 / 729, abs=1e-12)
    argv = ["needed", "foreign-war", "--war", "egypt", "--force", "3R L?", "--within", "1"]
    assert main([*argv, "--target", "0.1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 1 and data["p_below"] == pytest.approx(26 / 729, abs=1e-12)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["naval", "--attacker", "?Sq", "--defender", "hapsburg: 1Sq", "--war", "persia"],
         "takes no --war"),
        (["battle", "--attacker", "?R", "--defender", "2R", "--in-port"], "takes no --in-port"),
        (["foreign-war", "--force", "?R", "--within", "2"], "give --war"),
        (["foreign-war", "--war", "egypt", "--force", "?R"], "give within"),
        (["foreign-war", "--war", "egypt", "--force", "?R", "--within", "2",
          "--attacker-cards", "arquebusiers"], "--cards"),
        (["foreign-war", "--war", "egypt", "--force", "?R", "--within", "2",
          "--reinforcements", "2R"], "a whole number"),
        (["foreign-war", "--war", "egypt", "--force", "?R", "--within", "2",
          "--attacker", "3R"], "takes no --attacker"),
    ],
)  # fmt: skip
def test_needed_part_two_refusals_from_the_command_line(capsys, argv, words):
    assert main(["needed", *argv, "--target", "0.5"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_needed_table_over_a_fleet_template():
    # One row per defending fleet of the template, each the answer of needed() alone.
    table = oe.needed_table(
        "naval",
        attacker="ottoman: ?Sq Dragut",
        defender="hapsburg: 1..3Sq",
        targets=[0.5, 0.75],
        max_units=12,
    )
    assert list(table.values.index) == [f"hapsburg: {n}Sq" for n in (1, 2, 3)]
    for row in table.values.index:
        for target in (0.5, 0.75):
            alone = oe.needed(
                "naval", attacker="ottoman: ?Sq Dragut", defender=row, target=target, max_units=12
            )
            assert table.values.loc[row].iloc[[0.5, 0.75].index(target)] == alone.value

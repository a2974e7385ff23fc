"""Field battle (rule 14) against values computed by hand."""

from fractions import Fraction

import numpy as np
import pytest

from oddsengine import FieldBattle, OddsEngineError, Policies, exact

THIRD = Fraction(1, 3)


def binomial(dice, hits, chance=THIRD):
    from math import comb

    return comb(dice, hits) * chance**hits * (1 - chance) ** (dice - hits)


def _p(spec, name):
    return exact(spec).p[name]


def _mass(spec, **conditions):
    result = exact(spec)
    mask = np.ones(result.probabilities.size, dtype=bool)
    for column, value in conditions.items():
        mask &= result.states[column] == value
    return result.probabilities[mask].sum()


@pytest.mark.rule("6", cites="14 steps 2-3")
def test_dice_counts_of_the_vienna_battle():
    # Original 004: Ottomans 8 units + Suleiman's 2 = 10 dice; Hapsburgs 10 units +
    # Charles V's 2 + 1 as defender = 13 dice.
    battle = FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    assert (battle.attacker_dice, battle.defender_dice) == (10, 13)


@pytest.mark.rule("6", cites="14 step 8, 16.2: the side with more hits wins")
def test_one_regular_against_one_regular():
    # 14 steps 2-3: attacker 1 die, defender 1 + 1 = 2 dice; the attacker wins only with
    # 1 hit against 0: 1/3 * (2/3)^2 = 4/27 (a tie goes to the defender, step 8).
    battle = FieldBattle("1R", "hapsburg: 1R")
    assert _p(battle, "attacker_wins") == pytest.approx(float(Fraction(4, 27)), abs=1e-12)
    # Both wiped out (1 hit each): the defender rolled more dice and keeps one unit.
    assert _mass(battle, defender_survivors=0) == pytest.approx(4 / 27, abs=1e-12)
    assert _mass(battle, attacker_survivors=0) == pytest.approx(5 / 9, abs=1e-12)


@pytest.mark.rule("6", cites="14 step 9, 16.2, 21.7: both wiped out")
def test_both_wiped_out_the_side_with_more_dice_keeps_one_unit():
    # 14 step 9: 1R with a rating-2 leader rolls 3 dice against 2: it keeps a unit.
    battle = FieldBattle("1R L2", "hapsburg: 1R")
    attacker_hit = 1 - (Fraction(2, 3)) ** 3
    defender_hit = 1 - (Fraction(2, 3)) ** 2
    assert _mass(battle, defender_survivors=0) == pytest.approx(float(attacker_hit), abs=1e-12)
    both = attacker_hit * defender_hit
    assert _mass(battle, attacker_survivors=1, defender_survivors=0) == pytest.approx(
        float(attacker_hit), abs=1e-12
    )
    # The winner is still decided by hits: the defender wins ties and keeps winning when
    # both are wiped out (a = 1, d >= 1; a = 2, d = 2), while the attacker keeps a unit.
    # No hits at all also leaves the attacker's unit: 0 - 0 goes to the defender.
    defender_wins_attacker_left = (
        binomial(3, 0) * binomial(2, 0)
        + binomial(3, 1) * (binomial(2, 1) + binomial(2, 2))
        + binomial(3, 2) * binomial(2, 2)
    )
    assert defender_wins_attacker_left == Fraction(98, 243)
    assert _mass(battle, outcome="defender_wins", attacker_survivors=1) == pytest.approx(
        float(defender_wins_attacker_left), abs=1e-12
    )
    assert both > 0


@pytest.mark.rule("6", cites="14 step 9, 16.2, 21.7: both wiped out")
def test_equal_dice_when_both_are_wiped_out_favours_the_defender():
    battle = FieldBattle("1R L1", "hapsburg: 1R")  # 2 dice against 2
    assert _mass(battle, defender_survivors=0) == pytest.approx(
        float((1 - Fraction(4, 9)) * Fraction(4, 9)), abs=1e-12
    )


def test_cavalry_rolls_dice_in_a_field_battle():
    # 14 step 2: land units, cavalry included.
    assert FieldBattle("ottoman: 2R 2C", "hapsburg: 2R").attacker_dice == 4


@pytest.mark.rule("6", cites='result["attacker_leaders_captured"] = attacker.has_leaders')
def test_leaders_of_a_wiped_out_side_are_captured():
    battle = FieldBattle("1R Ibrahim", "hapsburg: 1R Ferdinand")  # 2 dice against 3
    result = exact(battle)
    captured = result.p["attacker_leaders_captured"]
    # The attacker loses its unit when the defender hits, unless both are wiped out and
    # the attacker rolled more dice (it did not: 2 < 3).
    assert captured == pytest.approx(float(1 - Fraction(2, 3) ** 3), abs=1e-12)


@pytest.mark.rule("9", cites="Read a casualty order")
def test_casualty_order_shapes_the_survivors():
    # The Vienna battle as played in original 004: 3 Ottoman hits, 5 Hapsburg hits; the
    # Ottomans chose to lose the cavalry and 4 regulars and kept 3 regulars; 3 Hapsburg
    # regulars were destroyed and 7 remained.
    battle = FieldBattle(
        "7R 1C Suleiman Ibrahim",
        "hapsburg: 10R Charles-V Ferdinand",
        policies=Policies(attacker_casualty_order="cavalry,regulars"),
    )
    values = tuple(np.array([value]) for value in (3, 5, 0, 0))
    columns = battle.outcome_columns(values)
    assert columns["outcome"][0] == "defender_wins"
    assert columns["attacker_regulars"][0] == 3 and columns["attacker_cavalry"][0] == 0
    assert columns["defender_survivors"][0] == 7
    default = FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    kept = default.outcome_columns(values)
    assert kept["attacker_cavalry"][0] == 1 and kept["attacker_regulars"][0] == 2


def test_probabilities_sum_to_one():
    result = exact(FieldBattle("6R 2M L2", "hapsburg: 5R Ferdinand"))
    assert sum(result.p[name] for name in result.outcome_names) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("attacker", "defender", "message"),
    [
        ("0R Suleiman", "hapsburg: 2R", "attacker has no land units"),
        ("3R", "hapsburg: 0R", "defender has no land units"),
        ("hapsburg: 2R", "hapsburg: 3R", "does not fight itself"),
        ("7R Ibrahim", "hapsburg: 2R", "cannot move as one formation"),
    ],
)
def test_impossible_battles_are_refused(attacker, defender, message):
    with pytest.raises(OddsEngineError, match=message):
        FieldBattle(attacker, defender)

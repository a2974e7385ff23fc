"""Allied major powers defending together (14 step 9): losses split evenly, the odd
loss decided by a die roll, reported per power."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from oddsengine import Assault, FieldBattle, OddsEngineError, exact, simulate
from oddsengine.combat.engagements import split_losses


def at_least(dice, hits):
    third = Fraction(1, 3)
    return sum(comb(dice, k) * third**k * (1 - third) ** (dice - k) for k in range(hits, dice + 1))


@pytest.mark.parametrize(
    ("losses", "main", "ally", "odd_to_ally", "expected"),
    [
        (0, 2, 2, True, (0, 0)),
        (1, 2, 2, True, (0, 1)),
        (1, 2, 2, False, (1, 0)),
        (4, 2, 2, True, (2, 2)),
        (3, 1, 5, False, (1, 2)),
        (5, 4, 1, True, (4, 1)),
    ],
)
def test_split_losses(losses, main, ally, odd_to_ally, expected):
    assert split_losses(losses, main, ally, odd_to_ally) == expected


def test_allies_add_their_units_and_the_best_rating():
    battle = FieldBattle("hapsburg: 5R Charles-V", "france: 2R", defender_ally="papacy: 2R L1")
    assert battle.defender_units == 4
    assert battle.defender_dice == 4 + 1 + 1


@pytest.mark.rule(
    "6", cites="14 step 9: allied powers defending together split their losses evenly"
)
def test_odd_loss_goes_either_way_with_even_chances():
    # Attacker 4 units + rating 2 = 6 dice; one hit: France or the Papacy loses it on a die
    # roll; two or more hits: each loses its single unit.
    battle = FieldBattle("hapsburg: 4R L2", "france: 1R", defender_ally="papacy: 1R")
    result = exact(battle)
    one_hit = at_least(6, 1) - at_least(6, 2)
    for power in ("france", "papacy"):
        wiped = result.probabilities[result.states[f"{power}_survivors"] == 0].sum()
        assert wiped == pytest.approx(float(one_hit / 2 + at_least(6, 2)), abs=1e-12)
    losses = result.expected_losses()
    assert losses["defender:france"]["mean"] == pytest.approx(losses["defender:papacy"]["mean"])


@pytest.mark.slow
def test_monte_carlo_agrees_for_allies():
    battle = FieldBattle("hapsburg: 6R Charles-V", "france: 3R", defender_ally="england: 1R 1M")
    exact_losses = exact(battle).expected_losses()
    sampled = simulate(battle, trials=1_000_000, seed=8).expected_losses()
    for label in ("defender:france", "defender:england"):
        assert (
            abs(sampled[label]["mean"] - exact_losses[label]["mean"])
            <= 5 * sampled[label]["stderr"]
        )


def test_allied_garrison_counts_against_the_four_unit_limit():
    with pytest.raises(OddsEngineError, match="at most 4 land units"):
        Assault("hapsburg: 8R Charles-V", "france: 3R", defender_ally="papacy: 2R")
    assault = Assault("hapsburg: 6R Charles-V", "france: 2R", defender_ally="papacy: 1R")
    assert assault.attacker_dice == 3 + 2 and assault.defender_dice == 3 + 0 + 1
    result = exact(assault)
    assert np.isclose(sum(result.p[name] for name in result.outcome_names), 1.0)


@pytest.mark.parametrize(
    ("defender", "ally", "message"),
    [
        ("france: 2R", "france: 1R", "give one force per power"),
        ("france: 2R", "hapsburg: 1R", "is the attacking power"),
        ("2R", "papacy: 1R", "must each name a major power"),
    ],
)
def test_bad_allies_are_refused(defender, ally, message):
    with pytest.raises(OddsEngineError, match=message):
        FieldBattle("hapsburg: 4R Charles-V", defender, defender_ally=ally)

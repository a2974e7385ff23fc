"""Interception (13.2) and avoid battle (13.3): 2d6 + modifiers >= 9."""

from fractions import Fraction

import pytest

# RULES.md §10: 2d6 >= 9 - m.
from oddsengine import AvoidBattle, Interception, OddsEngineError, exact

TWO_DICE_AT_LEAST = {
    9: Fraction(10, 36),
    8: Fraction(15, 36),
    7: Fraction(21, 36),
    6: Fraction(26, 36),
    10: Fraction(6, 36),
    11: Fraction(3, 36),
    12: Fraction(1, 36),
    13: Fraction(0),
}


def _success(spec):
    return exact(spec).p["success"]


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_vienna_interception_is_15_in_36():
    # Original 004: Charles V (2) intercepts a formation with Ottoman cavalry (-1): 2d6 >= 8.
    attempt = Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim")
    assert attempt.modifier == 1 and attempt.needed == 8
    assert _success(attempt) == pytest.approx(15 / 36, abs=1e-12)


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
@pytest.mark.parametrize(
    ("interceptor", "mover", "needed"),
    [
        ("hapsburg: 4R", "france: 4R", 9),  # no leader: 2d6 >= 9
        ("hapsburg: 4R Ferdinand", "france: 4R", 8),  # rating 1
        ("ottoman: 3R 1C", "hapsburg: 4R", 8),  # 13.2: +1 Ottoman cavalry
        ("ottoman: 3R 1C Suleiman", "hapsburg: 4R", 6),  # +2 +1
        ("hapsburg: 4R", "ottoman: 4R 1C", 10),  # -1 against Ottoman cavalry
        ("ottoman: 4R", "hapsburg: 4R", 9),  # Ottomans without cavalry: no bonus
    ],
)
def test_interception_modifiers(interceptor, mover, needed):
    attempt = Interception(interceptor, mover)
    assert attempt.needed == needed
    assert _success(attempt) == pytest.approx(float(TWO_DICE_AT_LEAST[needed]), abs=1e-12)


@pytest.mark.rule("4", cites="13.3: automatic success")
def test_avoid_battle_uses_the_same_cavalry_modifiers():
    # 13.3: Ferdinand (1) avoiding a formation with cavalry: 2d6 + 1 - 1 >= 9.
    attempt = AvoidBattle("hapsburg: 2R Ferdinand", "7R 1C Suleiman")
    assert attempt.needed == 9
    assert _success(attempt) == pytest.approx(10 / 36, abs=1e-12)
    ottoman = AvoidBattle("ottoman: 2R 1C", "hapsburg: 5R")
    assert ottoman.needed == 8


@pytest.mark.rule("4", cites="13.3: automatic success")
def test_avoid_battle_is_automatic_after_a_lost_battle():
    attempt = AvoidBattle("hapsburg: 2R", "7R 1C Suleiman", lost_battle_this_impulse=True)
    assert _success(attempt) == 1.0


def test_interception_refusals():
    with pytest.raises(OddsEngineError, match="only a power at war"):
        Interception("hapsburg: 2R", "hapsburg: 3R")
    with pytest.raises(OddsEngineError, match="cannot move as one formation"):
        Interception("hapsburg: 9R Ferdinand", "france: 3R")

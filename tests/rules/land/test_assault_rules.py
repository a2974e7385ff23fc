"""Assault (15.1, original 000) against values computed by hand."""

from fractions import Fraction
from math import comb

import pytest

from oddsengine import Assault, OddsEngineError, exact


def at_least(dice, hits, chance=Fraction(1, 3)):
    return sum(
        comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(hits, dice + 1)
    )


@pytest.mark.rule("7", cites="15.1 step 3: one die per regular or mercenary")
def test_dice_against_a_garrison():
    # 15.1 step 3: one die per two regulars/mercenaries, rounded up, + the best rating;
    # step 4: one die per defending regular/mercenary + rating + 1.
    assault = Assault("9R Suleiman", "4R Ferdinand")
    assert (assault.attacker_dice, assault.defender_dice) == (5 + 2, 4 + 1 + 1)


@pytest.mark.rule("7", cites="15.1 success")
def test_nine_regulars_with_suleiman_against_four_with_ferdinand():
    # Success needs at least 4 hits from 7 dice (6 defender dice cannot kill 9).
    success = at_least(7, 4)
    assert float(success) == pytest.approx(379 / 2187)
    assert exact(Assault("9R Suleiman", "4R Ferdinand")).p["success"] == pytest.approx(
        float(success), abs=1e-12
    )


@pytest.mark.rule("7", cites="15.1 step 4")
def test_empty_fortress():
    # 15.1 step 3: no defending units, so one die per regular; the empty fortress rolls
    # 1 die (step 4: 0 units + 0 + 1). Success needs one hit: 1 - (2/3)^4 = 65/81.
    assault = Assault("4R", "hapsburg: 0R")
    assert (assault.attacker_dice, assault.defender_dice) == (4, 1)
    result = exact(assault)
    assert result.p["success"] == pytest.approx(65 / 81, abs=1e-12)
    # No hit: the besiegers (4, or 3 after the fortress's hit) still outnumber 0.
    assert result.p["siege_continues"] == pytest.approx(16 / 81, abs=1e-12)


def test_cavalry_gives_no_dice_but_can_be_lost():
    assault = Assault("ottoman: 2R 2C", "hapsburg: 1R")
    assert assault.attacker_dice == 1  # ceil(2 / 2); cavalry gives none
    result = exact(assault)
    # Losses go mercenaries, regulars, cavalry by default: cavalry survives longest.
    assert result.states["attacker_cavalry"].min() == 2


@pytest.mark.rule("7", cites="15.1 step 3: one die per regular or mercenary")
def test_a_garrison_of_cavalry_alone_still_halves_the_attacker():
    assault = Assault("hapsburg: 3R", "ottoman: 1C")
    assert assault.attacker_dice == 2  # ceil(3 / 2): there is a defending land unit
    assert assault.defender_dice == 1  # cavalry rolls nothing: just the defender's die


@pytest.mark.rule("7", cites="15.1 success")
def test_success_needs_a_surviving_attacker():
    # 1 attacker against the empty fortress: 1 die each; success needs a hit and the
    # attacker to survive the fortress's die: 1/3 * 2/3.
    result = exact(Assault("1R", "hapsburg: 0R"))
    assert result.p["success"] == pytest.approx(2 / 9, abs=1e-12)
    # Attacker killed (1/3): 0 besiegers do not outnumber 0 defenders, the siege breaks.
    assert result.p["siege_broken"] == pytest.approx(1 / 3, abs=1e-12)
    assert result.p["attackers_eliminated"] == pytest.approx(1 / 3, abs=1e-12)


@pytest.mark.rule("5", cites="15.1 step 11, 15.3: after a failure the siege holds")
def test_failure_keeps_the_siege_only_while_the_besiegers_outnumber():
    # 3R L0 against 2R: attacker 2 dice, defender 3 dice.
    result = exact(Assault("3R L0", "hapsburg: 2R"))
    expected_continue = Fraction(0)
    for attacker_hits in range(3):
        for defender_hits in range(4):
            p = (
                comb(2, attacker_hits)
                * Fraction(1, 3) ** attacker_hits
                * Fraction(2, 3) ** (2 - attacker_hits)
                * comb(3, defender_hits)
                * Fraction(1, 3) ** defender_hits
                * Fraction(2, 3) ** (3 - defender_hits)
            )
            attackers = 3 - min(defender_hits, 3)
            defenders = 2 - min(attacker_hits, 2)
            success = attacker_hits >= 2 and attackers >= 1
            if not success and attackers > defenders:
                expected_continue += p
    assert result.p["siege_continues"] == pytest.approx(float(expected_continue), abs=1e-12)


def test_leaders_captured_on_success_and_displaced_when_attackers_die():
    result = exact(Assault("1R Ibrahim", "hapsburg: 0R Ferdinand"))
    assert result.p["defender_leaders_captured"] == pytest.approx(result.p["success"])
    assert result.p["attacker_leaders_displaced"] == pytest.approx(result.p["attackers_eliminated"])


@pytest.mark.rule("7", cites="15.1 requirements; each refusal names the rule it breaks")
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"attacker": "0R Suleiman", "defender": "hapsburg: 0R"}, "no land units"),
        ({"attacker": "3R", "defender": "hapsburg: 3R"}, "not under siege"),
        ({"attacker": "4R L2", "defender": "hapsburg: 5R"}, "at most 4 land units"),
        (
            {"attacker": "4R", "defender": "hapsburg: 1R", "siege_laid_this_impulse": True},
            "siege began this impulse",
        ),
        (
            {"attacker": "4R", "defender": "hapsburg: 1R", "assaulted_this_impulse": True},
            "already assaulted",
        ),
        (
            {"attacker": "4R", "defender": "hapsburg: 1R", "line_of_communication": False},
            "line of communication",
        ),
        (
            {"attacker": "4R", "defender": "hapsburg: 1R", "defender_squadrons_adjacent": 1},
            "adjacent sea zone",
        ),
        (
            {
                "attacker": "4R",
                "defender": "hapsburg: 1R",
                "defender_squadrons_in_port": 2,
                "attacker_squadrons_adjacent": 2,
            },
            "needs more",
        ),
    ],
)
def test_assaults_the_rules_forbid_are_refused(kwargs, message):
    with pytest.raises(OddsEngineError, match=message):
        Assault(**kwargs)


@pytest.mark.rule("7", cites="15.1 requirements; each refusal names the rule it breaks")
def test_more_attacker_squadrons_lift_the_naval_requirement():
    assault = Assault(
        "4R", "hapsburg: 1R", defender_squadrons_in_port=1, attacker_squadrons_adjacent=2
    )
    result = exact(assault)
    assert result.p["naval_units_to_turn_track"] == pytest.approx(result.p["success"])

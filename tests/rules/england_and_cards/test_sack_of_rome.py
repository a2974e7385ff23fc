"""The Sack of Rome (RULES.md §28.8, §30.15): the field battle it is, through the one battle
resolution, against the figures of §28.8 worked out by hand."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from conftest import assert_within_sigmas

import oddsengine as oe
from oddsengine.card_rolls.sack_of_rome import SackOfRome
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.results.fractions import exact_fractions


def _hits(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice show 5 or 6): C(n, k) 2^(n-k) / 3^n."""
    return Fraction(comb(dice, hits) * 2 ** (dice - hits), 3**dice)


def _papacy_loses(attacker_dice: int, papal_dice: int) -> Fraction:
    """The attacker scores more hits than the Papacy (ties to the Papacy, RULES.md §28.8)."""
    return sum(
        (
            _hits(attacker_dice, a) * _hits(papal_dice, p)
            for a in range(attacker_dice + 1)
            for p in range(papal_dice + 1)
            if a > p
        ),
        Fraction(0),
    )


def _sacked(spec) -> Fraction:
    return exact_fractions(oe.exact(spec))["attacker_wins"]


@pytest.mark.rule("28.8")
def test_four_mercenaries_against_no_papal_regular_by_hand():
    # 4 dice against 1 (no regular: 1 die). The Papacy misses (2/3): 4 dice need one hit,
    # 1 - (2/3)^4 = 65/81; it hits (1/3): they need two, 1 - 16/81 - 32/81 = 33/81.
    # 2/3 * 65/81 + 1/3 * 33/81 = 163/243 = 67.1%.
    sack = SackOfRome("hapsburg: 4M", papal_regulars=0)
    assert (sack.attacker_dice, sack.defender_dice) == (4, 1)
    assert _sacked(sack) == Fraction(163, 243) == _papacy_loses(4, 1)


@pytest.mark.rule("28.8")
@pytest.mark.parametrize(
    "dice, printed",
    [(4, (67.1, 55.0, 44.4, 35.4)), (6, (82.4, 72.9, 63.3, 54.1))],
)
def test_the_papacy_loses_as_printed(dice, printed):
    for regulars, percent in enumerate(printed):
        # The Papacy rolls its regulars + 1.
        sack = SackOfRome(f"france: {dice}M", papal_regulars=regulars)
        assert sack.defender_dice == regulars + 1
        chance = _sacked(sack)
        assert chance == _papacy_loses(dice, regulars + 1)
        assert round(float(chance) * 100, 1) == percent


@pytest.mark.rule("28.8", "6")
def test_it_is_the_field_battle_of_the_one_resolution():
    # Within a formation, with the leader's die, the Sack is the field battle of the stack
    # against the Papal regulars: the same winner and the same survivors, cell for cell.
    sack = oe.exact(SackOfRome("hapsburg: 2R 2M Duke of Alva", papal_regulars=1))
    battle = oe.exact(oe.FieldBattle("hapsburg: 2R 2M Duke of Alva", "papacy: 1R"))
    assert sack.p["attacker_wins"] == pytest.approx(battle.p["attacker_wins"], abs=1e-15)
    assert sack.survivors().equals(battle.survivors())


@pytest.mark.rule("28.8", "30.15")
def test_the_leader_reading():
    on = SackOfRome("hapsburg: 3M Duke of Alva", papal_regulars=2)
    off = SackOfRome("hapsburg: 3M Duke of Alva", papal_regulars=2, sack_leader_dice=False)
    # On: 3 units + Alva's rating 1 = 4 dice; off: one die a unit, 3.
    assert (on.attacker_dice, off.attacker_dice) == (4, 3)
    assert _sacked(on) == _papacy_loses(4, 3)
    assert _sacked(off) == _papacy_loses(3, 3)


@pytest.mark.rule("28.8")
def test_no_formation_limit_and_combat_cards():
    # 8 regulars and 4 mercenaries with no leader: three times a formation of 4, all fight.
    whole = SackOfRome("hapsburg: 8R 4M", papal_regulars=3)
    assert whole.attacker_dice == 12
    # Field Artillery: +3 dice when France plays it (RULES.md §8): 4 + 3 = 7 against 1.
    artillery = SackOfRome("france: 4M", attacker_cards=["field-artillery"])
    assert artillery.attacker_dice == 7
    assert _sacked(artillery) == _papacy_loses(7, 1)


@pytest.mark.rule("28.8", "6")
def test_a_papacy_without_regulars_keeps_no_unit():
    # 1 mercenary, 1 die against the Papacy's 1: when the Papacy hits (1/3) the mercenary
    # is lost, and on equal dice (14 step 9) the Papacy would keep a unit: it has none.
    alone = oe.exact(SackOfRome("hapsburg: 1M"))
    # The Papacy holds on its hit (1/3), or when neither hits (2/3 * 2/3): 7/9.
    assert exact_fractions(alone)["defender_wins"] == Fraction(1, 3) + Fraction(4, 9)
    lost = alone.states["attacker_survivors"] == 0
    assert alone.probabilities[lost].sum() == pytest.approx(1 / 3, abs=1e-12)
    assert (alone.states["defender_survivors"] == 0).all()
    # With a leader the stack rolls 2 dice, more than the Papacy's 1: it keeps its unit.
    led = oe.exact(SackOfRome("hapsburg: 1M Duke of Alva"))
    assert (led.states["attacker_survivors"] == 1).all()


@pytest.mark.rule("28.8")
def test_st_peters_and_the_papal_cards():
    sack = SackOfRome("hapsburg: 4M", papal_regulars=1, st_peters_cp=3, papal_cards=1)
    answer = oe.exact(sack)
    sacked = answer.p["attacker_wins"]
    values = answer.expected_values()
    # St Peter's loses 5 CP, not below 0: 3; one card in the hand: it is taken and kept.
    assert values["st_peters_cp_lost"]["mean"] == pytest.approx(3 * sacked, abs=1e-12)
    assert values["cards_taken"]["mean"] == pytest.approx(sacked, abs=1e-12)
    assert values["papal_cards_lost"]["mean"] == pytest.approx(sacked, abs=1e-12)
    full = oe.exact(SackOfRome("hapsburg: 4M", papal_regulars=1)).expected_values()
    assert full["st_peters_cp_lost"]["mean"] == pytest.approx(5 * sacked, abs=1e-12)
    assert full["papal_cards_lost"]["mean"] == pytest.approx(2 * sacked, abs=1e-12)


@pytest.mark.rule("28.8")
def test_refusals():
    with pytest.raises(OddsEngineError, match="with a non-Papal stack"):
        SackOfRome("papacy: 3M")
    with pytest.raises(OddsEngineError, match="3 mercenaries against 3 regulars"):
        SackOfRome("hapsburg: 3M 4R", papal_regulars=3)
    with pytest.raises(OddsEngineError, match="Paris is in the french zone"):
        SackOfRome("france: 3M", space="Paris")
    assert SackOfRome("france: 3M", space="naples").space == "Naples"
    with pytest.raises(OddsEngineError, match=r"papal_regulars must be 0\.\.30"):
        SackOfRome("3M", papal_regulars=-1)
    # The defender is the Papal regulars: a force is not given for it.
    with pytest.raises(OddsEngineTypeError, match="unknown argument 'defender'"):
        SackOfRome("3M", defender="papacy: 2R")


@pytest.mark.rule("28.8")
def test_monte_carlo_agrees_and_repeats():
    sack = SackOfRome("hapsburg: 3R 5M Duke of Alva", papal_regulars=2, papal_cards=3)
    exact = oe.exact(sack)
    sampled = oe.simulate(sack, trials=100_000, seed=4)
    assert_within_sigmas(sampled, exact)
    assert oe.simulate(sack, trials=100_000, seed=4).p == sampled.p

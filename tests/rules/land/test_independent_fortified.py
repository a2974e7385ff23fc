"""A fortified space no power holds (an independent key or fortress: Metz, Milan, Florence,
Tunis, Rhodes on the board) is besieged like an enemy's: §5, §6 step 12 and §15 lay a siege
in a fortified space the mover does not control whenever it outnumbers those inside. Its own
and its allies' spaces are simply held; an unfortified independent space is entered and held.
Checked by hand with Fractions."""

from fractions import Fraction
from math import comb

import pytest

from oddsengine import exact
from oddsengine.moves.move import Move
from oddsengine.moves.situation import FleetStack, Situation, Stack
from oddsengine.moves.transport import NavalTransport

THIRD = Fraction(1, 3)


def binomial(dice, hits):
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


@pytest.mark.rule("5", cites="or an independent fortified space (a key or fortress no power holds")
def test_an_empty_independent_key_is_besieged():
    # Metz is an independent key with nobody inside: 3 > 0, so the French lay a siege
    # (§5: more land units than those inside); no battle, no roll at all.
    situation = Situation(stacks=[Stack("St. Dizier", "france: 3R Montmorency")])
    answer = exact(Move(situation, "St. Dizier", "Metz", units="3R Montmorency"))
    assert answer.p["besieging"] == pytest.approx(1.0, abs=1e-12)
    assert answer.p["mover_in_control"] == pytest.approx(0.0, abs=1e-12)
    assert answer.p["siege"] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("5", cites="or an independent fortified space (a key or fortress no power holds")
def test_an_unfortified_independent_space_is_entered_and_held():
    # Geneva is independent and unfortified: nothing to besiege.
    situation = Situation(stacks=[Stack("Lyon", "france: 2R")])
    answer = exact(Move(situation, "Lyon", "Geneva", units="2R"))
    assert answer.p["mover_in_control"] == pytest.approx(1.0, abs=1e-12)
    assert answer.p["siege"] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.rule("5", cites="or an independent fortified space (a key or fortress no power holds")
def test_an_own_fortified_space_is_held_not_besieged():
    # Lyon is a French key: the French simply stand in it.
    situation = Situation(stacks=[Stack("Dijon", "france: 2R")])
    answer = exact(Move(situation, "Dijon", "Lyon", units="2R"))
    assert answer.p["mover_in_control"] == pytest.approx(1.0, abs=1e-12)
    assert answer.p["besieging"] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.rule("5", cites="or an independent fortified space (a key or fortress no power holds")
def test_a_landing_that_wins_at_independent_tunis_lays_the_siege():
    # §15: Charles V and 5 regulars land at Tunis, left independent as on the board, held
    # by 4R 1C Ottomans (at war with the Hapsburgs). They are 5 units, too many to withdraw
    # (13.4), and Tunis has no land neighbour to avoid battle to: a field battle of
    # 5 + 2 (Charles V) = 7 dice against 5 + 1 (the defender's die) = 6 (§6). The Ottomans
    # cannot retreat and are eliminated when they lose; with nobody inside, 5 > 0 (or the
    # survivors > 0) lays the siege (§6 step 12). A lost battle eliminates the formation.
    situation = Situation(
        stacks=[Stack("Naples", "hapsburg: 6R Charles V"), Stack("Tunis", "ottoman: 4R 1C")],
        fleets=[
            FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Andrea Doria"),
            FleetStack("Barbary Coast", "hapsburg: 2Sq"),
        ],
        wars=[("ottoman", "hapsburg")],
    )
    move = NavalTransport(
        situation,
        "Naples",
        "Tunis",
        units="5R Charles V",
        by_sea=("Tyrrhenian Sea", "Barbary Coast"),
    )
    answer = exact(move)
    wins = sum(binomial(7, a) * binomial(6, d) for a in range(8) for d in range(7) if a > d)
    assert wins == Fraction(244403, 531441)
    assert answer.p["besieging"] == pytest.approx(float(wins), abs=1e-12)
    assert answer.p["mover_in_control"] == pytest.approx(0.0, abs=1e-12)
    assert answer.p["attacker_eliminated"] == pytest.approx(float(1 - wins), abs=1e-12)

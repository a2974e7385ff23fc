"""One resolution of a battle (RULES.md §6 steps 8-9, §11, §13): land field battles,
naval battles and foreign-war attempts all end in ``combat.battle.resolve_battle``, and
its shared steps give the hand-computed values of each kind."""

import inspect
from fractions import Fraction

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.combat import battle
from oddsengine.engines.exact import forget_end_states

THIRD = Fraction(1, 3)


@pytest.fixture
def resolutions(monkeypatch):
    """Count the calls of the one resolution, by the module that makes them (no end-state
    map kept from an earlier answer to the same spec)."""
    forget_end_states()
    calls = []
    original = battle.resolve_battle

    def counted(*args, **kwargs):
        calls.append(inspect.stack()[1].frame.f_globals["__name__"])
        return original(*args, **kwargs)

    for module in ("_combat", "naval", "foreign_war"):
        monkeypatch.setattr(f"oddsengine.combat.{module}.resolve_battle", counted)
    return calls


def test_land_sea_and_foreign_war_share_one_resolution(resolutions):
    oe.exact(oe.FieldBattle("2R", "hapsburg: 2R"))
    oe.exact(oe.NavalBattle("ottoman: 1Sq", "hapsburg: 1Sq"))
    oe.exact(oe.ForeignWar("egypt", "1R", foreign=1, horizon=1))
    assert {"oddsengine.combat._combat", "oddsengine.combat.naval"} <= set(resolutions)
    assert "oddsengine.combat.foreign_war" in resolutions


@pytest.mark.rule("13", cites="21.7: no defender's extra die")
def test_a_foreign_war_attempt_is_a_field_battle_without_the_extra_die():
    # 21.7 (RULES.md §13): 1 regular against 1 foreign unit, one die each. The war is won
    # when the major power hits and the foreign unit misses; both hitting wipes both out
    # and, on equal dice, the foreign side keeps its unit (it stands as the defender).
    result = oe.exact(oe.ForeignWar("egypt", "1R", foreign=1, horizon=1))
    assert result.p["won"] == pytest.approx(float(THIRD * (1 - THIRD)), abs=1e-15)
    # A land field battle of 1 regular against 1 gives the defender a second die (14
    # step 3): the attacker then wins only on 1 hit against none of 2 dice.
    land = oe.exact(oe.FieldBattle("1R", "hapsburg: 1R"))
    assert land.p["attacker_wins"] == pytest.approx(float(THIRD * (1 - THIRD) ** 2), abs=1e-15)


def test_post_roll_policy_is_played_only_when_it_can_turn_the_goal():
    # Attacker 1 hit, defender 2: a 2-dice card can still win (1 + 2 > 2), a 1-die card
    # cannot (1 + 1 = 2, a tie goes to the defender).
    hits = (np.array([1]), np.array([2]))
    for dice, expected in ((2, True), (1, False)):
        card = battle.PostRollCard(dice, "if-it-changes-the-outcome")
        _, spent_dice, spent = battle.play_post_roll(
            hits, (np.array([0]), 0), ((card,), ()), battle.attacker_wins_on_hits, (1,)
        )
        assert bool(spent[0][2][0]) is expected
        assert int(spent_dice[0][0]) == (dice if expected else 0)


@pytest.mark.rule("13", cites="(the foreign side on equal dice)")
def test_both_wiped_out_counts_post_roll_dice_for_every_kind():
    # 14 step 9 / 16.2 / 21.7: the side that rolled more dice, post-roll dice included,
    # keeps one unit; the defender keeps it on equal dice.
    def units_left(role, hits_against, loses):
        left = np.maximum(1 - np.asarray(hits_against), 0)
        return left, left == 0

    def keep_one(role, left, keeps):
        return np.where(keeps, 1, left)

    always = battle.PostRollCard(1, "always")
    for cards, expected in ((((), ()), [0, 1]), (((always,), ()), [1, 0])):
        out = battle.resolve_battle(
            (np.array([1]), np.array([1])),
            (np.array([0]), 0),
            cards,
            (2, 2),
            units_left,
            keep_one,
        )
        assert [int(side[0]) for side in out["left"]] == expected

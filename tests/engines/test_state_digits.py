"""A plain field battle's or assault's end states read straight from the two sides' hits
(``state_digits``, RULES.md §6 steps 8-9, §7) are those of its outcome columns merged cell
by cell: the same states in the same order, each cell in the same state, the same sums bit
for bit; and every other one (first fire, a post-roll card, a card taking the space, an
ally, a cancelled or prevented one) is merged from its columns."""

from fractions import Fraction

import pytest
from conftest import assert_same_end_states

import oddsengine as oe
from oddsengine.engines.exact import forget_end_states
from oddsengine.results.end_states import end_state_map, merge_cells, state_digits_map

THIRD = Fraction(1, 3)

#: Battles whose states come from their digits: leaders or none, cavalry and mercenaries
#: in either casualty order, cards that change the dice before the roll, a side that
#: keeps one unit of a both-wiped-out battle either way, a battle of no dice left.
PLAIN = [
    oe.FieldBattle("1R", "hapsburg: 1R"),
    oe.FieldBattle("2R", "hapsburg: 1R"),
    oe.FieldBattle("4R", "hapsburg: 1R"),
    oe.FieldBattle("3R L1", "hapsburg: 2R Charles-V"),
    oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand"),
    oe.FieldBattle("2R 1M 1C Suleiman Ibrahim", "hapsburg: 4R 2M"),
    oe.FieldBattle(
        "2R 1M 1C Suleiman Ibrahim",
        "hapsburg: 4R 2M",
        policies=oe.Policies(attacker_casualty_order="CMR", defender_casualty_order="MR"),
    ),
    oe.FieldBattle("1C", "france: 1M"),
    oe.FieldBattle("1R", "hapsburg: 6R 2M L2"),
    oe.FieldBattle("hapsburg: 8R Charles-V", "france: 8R L1", attacker_cards="tercios"),
    oe.FieldBattle("ottoman: 3R L1", "hapsburg: 2R", attacker_cards="field-artillery"),
    oe.FieldBattle("france: 1R", "hapsburg: 1R", ["arquebusiers"]),
    *(oe.FieldBattle(f"{a}R L1", f"hapsburg: {d}R") for a in (1, 5, 20) for d in (1, 4, 20)),
]

#: Assaults whose states come from their digits: a garrison of none to 4 units with no
#: leader or one, besiegers standing by, cavalry, cards before the roll.
PLAIN_ASSAULTS = [
    *(
        oe.Assault(f"{a}R L1", f"hapsburg: {d}R{leader}")
        for a in (5, 24)
        for d in (0, 1, 4)
        for leader in ("", " L2")
    ),
    oe.Assault("14R Ibrahim", "hapsburg: 2R"),
    oe.Assault("ottoman: 9R 2C Suleiman", "hapsburg: 3R"),
    oe.Assault("6R 2M L1", "hapsburg: 2R", attacker_cards="landsknechts"),
    oe.Assault("5R L1", "hapsburg: 2R", attacker_cards=["siege-mining"]),
    oe.Assault("2R 6M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"]),
]

#: Battles and assaults merged from their outcome columns.
MERGED = [
    oe.FieldBattle("ottoman: 4R 2C Suleiman", "hapsburg: 5R 1M", attacker_cards="janissaries"),
    oe.FieldBattle("2R L1", "hapsburg: 3R L1", attacker_cards="surprise-attack"),
    oe.FieldBattle("hapsburg: 5R Charles-V", "france: 2R", defender_ally="papacy: 2R L1"),
    oe.FieldBattle("3R", "hapsburg: 2R", defender_cards=["foul-weather"]),  # cancelled
    oe.Assault("9R Suleiman", "4R Ferdinand", attacker_cards="siege-mining, treachery"),
    oe.Assault("ottoman: 9R 2C Suleiman", "hapsburg: 3R", attacker_cards="siege-artillery"),
    oe.Assault("6R L1", "hapsburg: 2R", defender_cards="foul-weather"),
    oe.Assault("2R 4M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"]),
    oe.Assault("5M 1C", "hapsburg: 1R", [], ["mercenaries-grow-restless"]),
]


@pytest.mark.parametrize("battle", PLAIN + PLAIN_ASSAULTS, ids=lambda battle: battle.title())
def test_the_digits_give_the_merged_states_bit_for_bit(battle):
    plan = battle.draw_plan()
    weights = plan.cell_probabilities()
    digits = battle.state_digits(plan)
    assert digits is not None
    mapping = state_digits_map(digits)
    merged = end_state_map(battle.outcome_columns(plan.cell_values()), weights)
    assert merged.keep is None
    assert mapping.inverse.tolist() == merged.inverse.tolist()
    ((plain,),) = (merge_cells(dict(battle.outcome_columns(plan.cell_values())), weights),)
    assert_same_end_states((mapping.states, mapping.weigh(weights)), plain)
    for column in mapping.states.values():
        assert not column.flags.writeable


@pytest.mark.parametrize(
    "battle", PLAIN + PLAIN_ASSAULTS + MERGED, ids=lambda battle: battle.title()
)
def test_exact_answers_as_the_merged_columns_do(battle):
    forget_end_states()
    plan = battle.draw_plan()
    result = oe.exact(battle)
    columns = dict(battle.outcome_columns(plan.cell_values()))
    ((plain,),) = (merge_cells(columns, plan.cell_probabilities()),)
    assert_same_end_states((result.states, result.weights), plain)
    merged = oe.Result(battle, "exact", *plain)
    assert result.outcome_names == merged.outcome_names
    assert result.p == merged.p


@pytest.mark.parametrize("battle", MERGED, ids=lambda battle: battle.title())
def test_first_fire_post_roll_cards_allies_cancelled_and_prevented_ones_are_merged(battle):
    assert battle.state_digits(battle.draw_plan()) is None


@pytest.mark.rule(
    "6",
    cites=(
        "14 step 8, 16.2: the side with more hits wins",
        "14 step 9, 16.2, 21.7: both wiped out",
    ),
)
def test_two_regulars_against_one_by_hand():
    # 14 steps 3, 8, 9: 2 dice against 2 (1 unit + 1 for defending). The attacker wins on
    # more hits: 1-0, 2-0 and 2-1. Both wiped out (1+ hits against 2) on equal dice: the
    # defender keeps one unit, so the attacker keeps none.
    forget_end_states()
    result = oe.exact(oe.FieldBattle("2R", "hapsburg: 1R"))
    none, one, two = (1 - THIRD) ** 2, 2 * THIRD * (1 - THIRD), THIRD**2
    wins = one * none + two * none + two * one
    assert result.p["attacker_wins"] == pytest.approx(float(wins), abs=1e-15)
    rows = {
        (outcome, attacker, defender): weight
        for outcome, attacker, defender, weight in zip(
            result.states["outcome"].tolist(),
            result.states["attacker_survivors"].tolist(),
            result.states["defender_survivors"].tolist(),
            result.weights.tolist(),
            strict=True,
        )
    }
    # Defender 2 hits: the attacker is wiped out and loses (0, 1 or 2 hits: none more
    # than 2); with 1 or 2 hits it wipes out the defender too, who keeps one unit on equal
    # dice, and with none the defender's unit stands: every such cell is one state.
    assert rows[("defender_wins", 0, 1)] == pytest.approx(float(two), abs=1e-15)
    assert rows[("attacker_wins", 2, 0)] == pytest.approx(float((one + two) * none), abs=1e-15)


def test_equal_specs_share_a_map_and_different_leaders_do_not():
    forget_end_states()
    with_leader = oe.exact(oe.FieldBattle("3R L1", "hapsburg: 2R"))
    without = oe.exact(oe.FieldBattle("3R", "hapsburg: 2R"))
    # The attacker's leader rates 1: one more die, and its capture where none is left.
    assert without.p["attacker_leaders_captured"] == 0
    assert with_leader.p["attacker_leaders_captured"] > 0
    again = oe.exact(oe.FieldBattle("3R L1", "hapsburg: 2R"))
    assert_same_end_states((again.states, again.weights), (with_leader.states, with_leader.weights))

"""The facts a combat gives with its outcome columns (``OutcomeColumns``: the columns that
follow from those before them, the outcome's label codes) only make the merge of cells
faster: the end states, their order and their summed probabilities are those of the same
columns merged as a plain dict, bit for bit, for every kind of field battle and assault
(cards before and after the roll, first fire, allies, cancelled and prevented ones)."""

import numpy as np
import pytest
from conftest import assert_same_end_states

import oddsengine as oe
from oddsengine.draws import OutcomeColumns
from oddsengine.results.end_states import end_state_map, merge_cells

SPECS = [
    oe.FieldBattle("2R", "hapsburg: 1R"),
    oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand"),
    oe.FieldBattle("ottoman: 4R 2C Suleiman", "hapsburg: 5R 1M", attacker_cards="janissaries"),
    oe.FieldBattle(
        "ottoman: 4R Suleiman",
        "hapsburg: 3R",
        attacker_cards="janissaries",
        policies=oe.Policies(post_roll={"janissaries": "always"}),
    ),
    oe.FieldBattle("3R 1C L1", "hapsburg: 2M 1R", attacker_cards=["surprise-attack"]),
    oe.FieldBattle("2R L1", "hapsburg: 3R L1", attacker_cards="surprise-attack"),
    oe.FieldBattle("hapsburg: 8R Charles-V", "france: 8R L1", attacker_cards="tercios"),
    oe.FieldBattle("ottoman: 3R L1", "hapsburg: 2R", attacker_cards="field-artillery"),
    oe.FieldBattle("3R", "hapsburg: 2R", defender_cards=["foul-weather"]),
    oe.FieldBattle("hapsburg: 5R Charles-V", "france: 2R", defender_ally="papacy: 2R L1"),
    oe.FieldBattle("hapsburg: 6R Charles-V", "france: 3R", defender_ally="england: 1R 1M"),
    oe.FieldBattle("1R", "hapsburg: 6R 2M L2"),
    oe.Assault("5R L1", "hapsburg: 2R"),
    oe.Assault("12R L1", "hapsburg: 4R L2"),
    oe.Assault("5R L1", "hapsburg: 2R", attacker_cards=["siege-mining"]),
    oe.Assault("9R Suleiman", "4R Ferdinand", attacker_cards="siege-mining, treachery"),
    oe.Assault("ottoman: 9R 2C Suleiman", "hapsburg: 3R", attacker_cards="siege-artillery"),
    oe.Assault("6R L1", "hapsburg: 2R", defender_cards="foul-weather"),
    oe.Assault("6R 2M L1", "hapsburg: 2R", attacker_cards="landsknechts"),
    oe.Assault("2R 6M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"]),
    oe.Assault("2R 4M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"]),
    oe.Assault("5M 1C", "hapsburg: 1R", [], ["mercenaries-grow-restless"]),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_the_facts_merge_cells_as_a_plain_dict_does(spec):
    plan = spec.draw_plan()
    columns = spec.outcome_columns(plan.cell_values())
    assert isinstance(columns, OutcomeColumns)
    weights = plan.cell_probabilities()
    ((merged,),) = (merge_cells(columns, weights),)
    ((plain,),) = (merge_cells(dict(columns), weights),)
    assert_same_end_states(merged, plain)
    mapping = end_state_map(columns, weights)
    assert_same_end_states((mapping.states, mapping.weigh(weights)), plain)
    # Zero-weight cells are dropped the same way with the facts as without them.
    thinned = np.where(np.arange(weights.size) % 3 == 0, 0.0, weights)
    ((merged,),) = (merge_cells(columns, thinned),)
    ((plain,),) = (merge_cells(dict(columns), thinned),)
    assert_same_end_states(merged, plain)


def test_the_facts_merge_battles_laid_end_to_end_as_a_plain_dict_does():
    # The grid path: several battles' cells laid end to end, one merge.
    battles = [oe.FieldBattle(f"{a}R L1", f"hapsburg: {d}R") for a in (1, 3, 6) for d in (2, 5)]
    plans = [battle.draw_plan() for battle in battles]
    from oddsengine.combat.combat_stack import CombatStack

    cells = [plan.cells for plan in plans]
    values = [
        np.concatenate(parts) for parts in zip(*(plan.cell_values() for plan in plans), strict=True)
    ]
    columns = CombatStack.laid_end_to_end(battles, cells).outcome_columns(values)
    weights = np.concatenate([plan.cell_probabilities() for plan in plans])
    pairs = zip(
        merge_cells(columns, weights, cells),
        merge_cells(dict(columns), weights, cells),
        strict=True,
    )
    for merged, plain in pairs:
        assert_same_end_states(merged, plain)


def test_columns_changed_after_they_were_made_lose_their_facts():
    battle = oe.FieldBattle("3R L1", "hapsburg: 2R")
    plan = battle.draw_plan()
    columns = battle.outcome_columns(plan.cell_values())
    assert columns.facts()[0]
    # A reader that replaces a column (here: no unit of the attacker ever left) makes the
    # facts untrue; the merge then compares every column, as for a plain dict.
    columns["attacker_regulars"] = np.zeros(plan.cells, dtype=np.int64)
    assert columns.facts() == (frozenset(), {})
    ((merged,),) = (merge_cells(columns, plan.cell_probabilities()),)
    ((plain,),) = (merge_cells(dict(columns), plan.cell_probabilities()),)
    assert_same_end_states(merged, plain)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_the_label_masks_kept_give_the_same_probabilities(spec):
    # The states of each outcome label, read from the merge's codes, are those the labels
    # give; a result told them has the same outcome names and probabilities, bit for bit.
    plan = spec.draw_plan()
    weights = plan.cell_probabilities()
    mapping = end_state_map(spec.outcome_columns(plan.cell_values()), weights)
    outcome = mapping.states["outcome"]
    masks = mapping.label_masks["outcome"]
    assert set(outcome.tolist()) <= set(masks)
    for label, mask in masks.items():
        assert mask.tolist() == (outcome == label).tolist(), label
    summed = mapping.weigh(weights)
    told = oe.Result(spec, "exact", dict(mapping.states), summed).knowing_outcomes(masks)
    plain = oe.Result(spec, "exact", dict(mapping.states), summed)
    assert told.outcome_names == plain.outcome_names
    assert told.p == plain.p

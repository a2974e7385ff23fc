"""A stack of combats resolved at once gives, cell for cell, each combat's own columns."""

import itertools

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.combat.combat_stack import CombatStack
from oddsengine.engines.exact_grid import (
    _stack_key,
    exact_probabilities,
    exact_probability,
    exact_results,
)
from oddsengine.errors import OddsEngineError
from tests.engines.test_exact_grid import CASES
from tests.results.test_exact_results import _same

# Besieging stacks larger than a formation (units stand by), cavalry, mercenaries that
# Landsknechts add beyond the formation's room, and other casualty orders.
BESIEGERS = ["ottoman: 14R Ibrahim", "ottoman: 9R 2C Suleiman", "ottoman: 3R 1C", "ottoman: 7R"]
GARRISONS = ["hapsburg: 0R", "hapsburg: 1R", "hapsburg: 2R 1M Ferdinand", "hapsburg: 4R L1"]
CAVALRY_FIRST = oe.Policies(attacker_casualty_order="cavalry,regulars,mercenaries")


def _specs(make, attackers, defenders, **fields):
    specs = []
    for attacker, defender in itertools.product(attackers, defenders):
        try:
            specs.append(make(attacker, defender, **fields))
        except OddsEngineError:
            pass
    return specs


MORE_CASES = {
    "assault, standing by": _specs(oe.Assault, BESIEGERS, GARRISONS),
    "assault, standing by, Siege Artillery": _specs(
        oe.Assault, BESIEGERS, GARRISONS, attacker_cards=["siege-artillery"]
    ),
    "assault, Landsknechts beyond the formation": _specs(
        oe.Assault,
        ["hapsburg: 5R Charles-V", "hapsburg: 2R 1M", "hapsburg: 9R Ferdinand"],
        ["france: 1R", "france: 2R Francis-I", "france: 0R"],
        attacker_cards=["landsknechts"],
    ),
    "battle, cavalry and leaders": _specs(
        oe.FieldBattle,
        ["ottoman: 4R 2C Suleiman", "ottoman: 2C", "ottoman: 3R 1C L1"],
        ["hapsburg: 2R 2M", "hapsburg: 3R Ferdinand", "hapsburg: 1M"],
        policies=CAVALRY_FIRST,
    ),
    "assault, cavalry lost first": _specs(
        oe.Assault,
        ["ottoman: 3R 2M 1C L1", "ottoman: 5M Ibrahim"],
        ["hapsburg: 1R", "hapsburg: 2M L1"],
        policies=CAVALRY_FIRST,
    ),
}
ALL_CASES = {**CASES, **MORE_CASES}


def _stacks(specs):
    stacks = {}
    for spec in specs:
        key = _stack_key(spec)
        if key is not None:
            stacks.setdefault(key, []).append(spec)
    return list(stacks.values())


@pytest.mark.parametrize("case", sorted(ALL_CASES))
def test_stacked_columns_equal_each_combats_own(case):
    stacks = _stacks(ALL_CASES[case])
    if "one by one" not in case:
        assert stacks, "the case should be stackable"
    for specs in stacks:
        plans = [spec.draw_plan() for spec in specs]
        cells = [plan.cells for plan in plans]
        grids = (plan.cell_values() for plan in plans)
        values = [np.concatenate(parts) for parts in zip(*grids, strict=True)]
        stacked = CombatStack.laid_end_to_end(specs, cells).outcome_columns(values)
        ends = np.cumsum(cells)
        for spec, plan, end, count in zip(specs, plans, ends, cells, strict=True):
            alone = spec.outcome_columns(plan.cell_values())
            assert list(stacked) == list(alone), spec.describe()
            for name, column in alone.items():
                part = np.asarray(stacked[name])[end - count : end]
                column = np.broadcast_to(column, part.shape)
                assert np.array_equal(part, column), (name, spec.describe())
                assert part.dtype.kind == np.asarray(column).dtype.kind, name


@pytest.mark.parametrize("case", sorted(MORE_CASES))
def test_stacked_results_equal_exact(case):
    specs = MORE_CASES[case]
    for result, spec in zip(exact_results(specs), specs, strict=True):
        assert _same(result, oe.exact(spec)), spec.describe()


def test_combats_with_other_cards_or_policies_are_not_stacked_together():
    plain = oe.Assault("5R L1", "hapsburg: 2R")
    keys = {
        _stack_key(plain),
        _stack_key(oe.Assault("5R L1", "hapsburg: 2R", attacker_cards=["siege-mining"])),
        _stack_key(oe.Assault("5R L1", "hapsburg: 2R", policies=CAVALRY_FIRST)),
        _stack_key(
            oe.Assault(
                "5R L1", "hapsburg: 2R", defender_squadrons_in_port=1, attacker_squadrons_adjacent=2
            )
        ),
        _stack_key(oe.FieldBattle("5R L1", "hapsburg: 2R")),
    }
    assert len(keys) == 5
    assert _stack_key(oe.Assault("9R L2", "hapsburg: 4R")) == _stack_key(plain)
    # Decided without a roll, or with an ally: one by one.
    assert _stack_key(oe.FieldBattle("3R", "hapsburg: 2R", defender_cards=["foul-weather"])) is None
    assert _stack_key(oe.FieldBattle("3R", "hapsburg: 2R", defender_ally="england: 1R")) is None


def test_a_stack_by_hand():
    # 15.1: 3R with a 1-rated leader roll 2 + 1 = 3 dice against one regular (1 + 1 = 2
    # dice); with no leader, 2 dice. The space falls when a die hits (1 hit kills the
    # only defender) and the defenders do not kill all the attackers (they cannot, 2 hits
    # < 3 units): 1 - (2/3)^3 = 19/27 and 1 - (2/3)^2 = 5/9.
    specs = [oe.Assault("3R L1", "1R"), oe.Assault("3R", "1R")]
    results = exact_results(specs)
    assert results[0].p["success"] == pytest.approx(19 / 27, abs=1e-15)
    assert results[1].p["success"] == pytest.approx(5 / 9, abs=1e-15)


@pytest.mark.parametrize("case", sorted(MORE_CASES))
def test_the_padded_grid_reads_the_same_rules(case):
    # Odds tables stack combats on one padded grid; the outcome of each cell comes from
    # the kind's own outcome_masks, so units standing by keep the siege there too (15.3).
    specs = MORE_CASES[case]
    outcomes = sorted({name for spec in specs for name in spec.outcome_names})
    for outcome in outcomes:
        grid = exact_probabilities(specs, outcome)
        assert grid.tolist() == [exact_probability(spec, outcome) for spec in specs], outcome
        engine = [oe.exact(spec).p.get(outcome, 0.0) for spec in specs]
        np.testing.assert_allclose(grid, engine, rtol=0, atol=1e-12)


def test_units_standing_by_keep_the_siege_on_the_grid():
    # 15.3: 14 besiegers, of which Ibrahim's formation of 6 assaults: the garrison of 4
    # cannot kill more than 6, so 8 besiegers at least remain and the siege never breaks.
    spec = oe.Assault("ottoman: 14R Ibrahim", "hapsburg: 4R")
    assert spec.besiegers_standing_by.land_units == 8
    assert exact_probabilities([spec], "siege_broken")[0] == 0.0
    success = exact_probabilities([spec], "success")[0]
    continues = exact_probabilities([spec], "siege_continues")[0]
    assert success + continues == pytest.approx(1.0, abs=1e-12)


def test_the_package_answers_a_batch_exactly():
    specs = MORE_CASES["battle, cavalry and leaders"]
    results = oe.exact_results(specs)
    assert [result.spec for result in results] == specs
    assert all(_same(result, oe.exact(spec)) for result, spec in zip(results, specs, strict=True))


@pytest.mark.parametrize("bad", [None, 5, "4R"])
def test_a_batch_must_be_a_list_of_engagements(bad):
    with pytest.raises(oe.OddsEngineError, match="give a list of engagements"):
        oe.exact_results(bad)
    with pytest.raises(TypeError):  # OddsEngineTypeError is also a TypeError
        exact_probabilities(bad, "success")
    with pytest.raises(oe.OddsEngineError, match="is not an engagement"):
        oe.exact_results([oe.FieldBattle("1R", "1R"), "4R"])

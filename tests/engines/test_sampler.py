"""One sampler for a draw plan: the NumPy reference, the battle kernel, the one-trial form
the move kernel calls, and the campaigns that draw through it, all on the same streams."""

from fractions import Fraction

import numpy as np
import pytest

import oddsengine as oe
from oddsengine import Assault, FieldBattle
from oddsengine.draws import DrawPlan
from oddsengine.engines._numpy_kernel import sample_values
from oddsengine.engines._random import block_keys

SPECS = [
    FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand"),
    FieldBattle("ottoman: 6R 2C Suleiman", "hapsburg: 5R", ["janissaries"], ["surprise-attack"]),
    Assault("ottoman: 4R 2C Ibrahim", "hapsburg: 2R", ["siege-artillery", "siege-mining"]),
]


def _cells(plan, values):
    first, second, attacker_extra, defender_extra = values
    _, second_size, attacker_size, defender_size = plan.shape
    cells = first * second_size + second
    return (cells * attacker_size + attacker_extra) * defender_size + defender_extra


def _guides(thresholds):
    # As the move program builds them: the value drawn at the bottom of each 1/256.
    edges = np.arange(256, dtype=np.uint64) << np.uint64(24)
    return np.stack(
        [np.searchsorted(row.astype(np.uint64), edges, side="right") for row in thresholds]
    ).astype(np.int64)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_the_one_trial_sampler_draws_what_the_reference_draws(spec):
    from oddsengine.engines._kernels import draw_cell

    plan = spec.draw_plan()
    thresholds, layout = plan.thresholds()
    key = block_keys(3, 99, 1)[0]
    positions = np.arange(2000, dtype=np.uint64)
    expected = _cells(plan, sample_values(thresholds, layout, key, positions))
    guides = _guides(thresholds)
    drawn = [draw_cell(thresholds, guides, layout, key, np.uint64(2 * p))[0] for p in positions]
    np.testing.assert_array_equal(np.array(drawn), expected)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_the_battle_kernel_counts_what_the_reference_draws(spec):
    from oddsengine.engines._kernels import count_cells

    plan = spec.draw_plan()
    thresholds, layout = plan.thresholds()
    keys = block_keys(8, 5, 1)
    counts = np.zeros((1, plan.cells), dtype=np.int64)
    count_cells(
        thresholds[None],
        layout[None],
        np.zeros(1, dtype=np.int64),
        keys,
        np.array([3000], dtype=np.int64),
        counts,
    )
    values = sample_values(thresholds, layout, keys[0], np.arange(3000, dtype=np.uint64))
    expected = np.bincount(_cells(plan, values), minlength=plan.cells)
    np.testing.assert_array_equal(counts[0], expected)


def test_a_trial_draws_the_same_values_whatever_else_is_drawn():
    plan = SPECS[1].draw_plan()
    thresholds, layout = plan.thresholds()
    key = block_keys(1, 2, 1)[0]
    every = sample_values(thresholds, layout, key, np.arange(50, dtype=np.uint64))
    some = sample_values(thresholds, layout, key, np.array([7, 31, 2], dtype=np.uint64))
    for drawn, reference in zip(some, every, strict=True):
        np.testing.assert_array_equal(drawn, reference[[7, 31, 2]])


def test_the_sampler_draws_a_table_with_its_probabilities():
    # A value of 1 with probability 3/4: the frequency lies within 5 standard errors.
    plan = DrawPlan([0.25, 0.75], [1.0])
    thresholds, layout = plan.thresholds()
    trials = 200_000
    first = sample_values(thresholds, layout, np.uint64(12345), np.arange(trials))[0]
    p = Fraction(3, 4)
    sigma = float(p * (1 - p) / trials) ** 0.5
    assert abs(first.mean() - float(p)) < 5 * sigma


def test_a_foreign_war_attempt_rolls_binomial_dice():
    # Two major-power dice: 0, 1 or 2 hits with 4/9, 4/9 and 1/9 (a hit is a 5 or a 6).
    from oddsengine.combat.foreign_war import attempt_plan

    plan = attempt_plan(oe.ForeignWar("persia", "5R Ibrahim"), 2, 1, first=False)
    assert plan.first.tolist() == pytest.approx([4 / 9, 4 / 9, 1 / 9])
    assert plan.second[0].tolist() == pytest.approx([2 / 3, 1 / 3])


CAMPAIGN = oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3)


def test_a_campaign_result_is_a_result_and_compares():
    # A campaign whose siege may also break, so that every row has a spread.
    campaign = oe.SiegeCampaign("7R Suleiman", "hapsburg: 3R", horizon=3)
    exact = oe.exact_campaign(campaign)
    sampled = oe.simulate_campaign(campaign, trials=60_000, seed=4)
    assert isinstance(exact, oe.Result) and isinstance(sampled, oe.Result)
    table = oe.compare(exact, sampled)
    assert "taken_by_impulse_3" in set(table["outcome"])
    assert not table["disagrees"].any()
    assert exact.p["taken_by_impulse_3"] == float(exact.taken_by[-1])
    assert sampled.stderr["siege"] == 0.0


def test_a_campaign_result_keeps_its_output_keys():
    result = oe.simulate_campaign(CAMPAIGN, trials=2_000, seed=4)
    data = result.to_dict()
    assert list(data) == [
        "kind", "spec", "method", "trials", "seed", "p", "expected_cp", "besiegers_left",
        "garrison_left", "besiegers_left_if_taken", "stderr",
    ]  # fmt: skip
    assert list(data["p"])[:2] == ["siege", "taken_by_impulse_1"]
    assert list(result.to_frame().columns) == ["impulse", "taken_by", "broken_by", "stderr"]
    assert "<table" in result._repr_html_() and "Siege campaign" in result._repr_html_()
    assert result.campaign is result.spec


def test_campaign_trials_split_in_blocks_draw_from_the_streams():
    # Same seed, same numbers; another seed, other numbers.
    first = oe.simulate_campaign(CAMPAIGN, trials=3_000, seed=9)
    again = oe.simulate_campaign(CAMPAIGN, trials=3_000, seed=9)
    other = oe.simulate_campaign(CAMPAIGN, trials=3_000, seed=10)
    assert first.to_dict() == again.to_dict()
    assert first.to_dict() != other.to_dict()


def test_one_precision_loop_asks_for_whole_blocks_until_the_target():
    from oddsengine.engines.montecarlo import BLOCK_TRIALS, first_round, next_round

    battle = FieldBattle("4R L1", "hapsburg: 3R")
    assert first_round(1000, 10**9, None) == 1000
    assert first_round(1000, 10**9, 0.001) == BLOCK_TRIALS  # whole blocks under a target
    assert first_round(1000, 500, 0.001) == 500
    result = oe.simulate(battle, trials=BLOCK_TRIALS, seed=1)
    assert next_round(result, None, 10**9) == BLOCK_TRIALS  # no target: done
    assert next_round(result, 0.5, 10**9) == BLOCK_TRIALS  # target reached: done
    wanted = next_round(result, 0.0005, 10**9)
    assert wanted > BLOCK_TRIALS and wanted % BLOCK_TRIALS == 0
    assert next_round(result, 0.0005, BLOCK_TRIALS) == BLOCK_TRIALS  # the cap is spent
    short = oe.simulate(battle, trials=1000, seed=1)
    assert next_round(short, 0.0005, 10**9) == 1000  # a round of part of a block ends


def test_the_comparison_payload_names_both_methods_and_the_disagreements():
    from oddsengine.results.compare import comparison_dict

    battle = FieldBattle("4R L1", "hapsburg: 3R")
    exact, sampled = oe.exact(battle), oe.simulate(battle, trials=50_000, seed=2)
    payload = comparison_dict(exact, sampled)
    assert payload["exact"] == exact.to_dict()
    assert payload["monte-carlo"] == sampled.to_dict()
    assert payload["disagreements"] == []

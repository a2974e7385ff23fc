"""Monte Carlo against exact, the fast kernel against the naive reference, and
reproducibility of the random streams."""

import math

import numba
import numpy as np
import pytest
from naive_reference import assault, field_battle, tally
from scipy import stats

from oddsengine import (
    Assault,
    FieldBattle,
    Interception,
    OddsEngineError,
    exact,
    simulate,
    simulate_many,
)
from oddsengine.engines.montecarlo import BLOCK_TRIALS

SPECS = [
    FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand"),
    FieldBattle("france: 5R 2M Francis-I", "hapsburg: 4R", [], ["tercios"]),
    FieldBattle("ottoman: 6R 2C Suleiman", "hapsburg: 5R", ["janissaries"], ["surprise-attack"]),
    Assault("9R Suleiman", "4R Ferdinand"),
    Assault("ottoman: 4R 2C Ibrahim", "hapsburg: 2R", ["siege-artillery", "siege-mining"]),
    Assault("hapsburg: 4R", "france: 0R"),
    Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim"),
]


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_monte_carlo_within_five_standard_errors_of_exact(spec):
    exact_result = exact(spec)
    sampled = simulate(spec, trials=2_000_000, seed=20261130)
    for name, probability in exact_result.p.items():
        sigma = math.sqrt(max(probability * (1 - probability), 1e-12) / sampled.trials)
        assert abs(sampled.p[name] - probability) <= 5 * sigma, name
    for side, loss in exact_result.expected_losses().items():
        sampled_loss = sampled.expected_losses()[side]
        assert abs(sampled_loss["mean"] - loss["mean"]) <= 5 * sampled_loss["stderr"] + 1e-12


def _chi_square_p_value(observed_counts, expected_probabilities):
    expected = expected_probabilities * observed_counts.sum()
    keep = expected > 5  # pool the sparse tail into one cell
    observed = np.append(observed_counts[keep], observed_counts[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS[:5], ids=lambda spec: spec.title())
def test_whole_survivor_histogram_passes_chi_square(spec):
    # A goodness-of-fit test of the joint survivor distribution at a fixed seed.
    exact_joint = exact(spec).survivors()
    sampled = simulate(spec, trials=1_000_000, seed=7)
    sampled_joint = sampled.survivors().reindex_like(exact_joint).fillna(0.0)
    counts = np.round(sampled_joint.to_numpy().ravel() * sampled.trials)
    assert _chi_square_p_value(counts, exact_joint.to_numpy().ravel()) > 1e-4


NAIVE_CASES = [
    (field_battle, FieldBattle("3R L1", "hapsburg: 2R 1M"), {}),
    (
        field_battle,
        FieldBattle("ottoman: 3R 1C", "hapsburg: 3R", ["janissaries"]),
        {"attacker_cards": ("janissaries",)},
    ),
    (assault, Assault("5R L1", "hapsburg: 2R"), {}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("function", "spec", "cards"), NAIVE_CASES)
def test_fast_kernel_agrees_with_dice_rolled_one_by_one(function, spec, cards):
    # The naive reference rolls every die; the kernel samples hit counts by inverse CDF.
    trials = 20_000
    naive = tally(function, trials, 99, spec.attacker, spec.defender, **cards)
    fast = simulate(spec, trials=trials, seed=99)
    for outcome in spec.outcome_names:
        naive_p = sum(count for key, count in naive.items() if key[0] == outcome) / trials
        fast_p = fast.p[outcome]
        pooled = (naive_p + fast_p) / 2
        sigma = math.sqrt(max(2 * pooled * (1 - pooled) / trials, 1e-12))
        assert abs(naive_p - fast_p) <= 5 * sigma, outcome


@pytest.mark.slow
def test_same_seed_same_numbers_whatever_the_threads(monkeypatch):
    from oddsengine.engines import montecarlo

    monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 0)  # the compiled, threaded kernel
    spec = SPECS[0]
    default_threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = simulate(spec, trials=3 * BLOCK_TRIALS + 17, seed=5)
    finally:
        numba.set_num_threads(default_threads)
    many = simulate(spec, trials=3 * BLOCK_TRIALS + 17, seed=5)
    np.testing.assert_array_equal(single.weights, many.weights)


@pytest.mark.slow
def test_a_scenario_draws_the_same_numbers_alone_or_in_a_batch():
    alone = simulate(SPECS[3], trials=300_000, seed=11)
    batch = simulate_many(SPECS, trials=300_000, seed=11)
    np.testing.assert_array_equal(alone.weights, batch[3].weights)
    assert batch[0].p != batch[3].p


def test_different_seeds_give_different_numbers():
    first = simulate(SPECS[3], trials=100_000, seed=1)
    second = simulate(SPECS[3], trials=100_000, seed=2)
    assert first.p != second.p


def test_seed_none_is_reported_and_reproduces():
    result = simulate(SPECS[6], trials=50_000)
    again = simulate(SPECS[6], trials=50_000, seed=result.seed)
    np.testing.assert_array_equal(result.weights, again.weights)


def test_precision_target_is_reached_in_whole_blocks():
    result = simulate(SPECS[3], trials=10_000, seed=3, precision=0.002)
    assert result.half_width <= 0.002
    assert result.trials % BLOCK_TRIALS == 0
    # The rounds continue the same streams: equal to one run of the same length.
    plain = simulate(SPECS[3], trials=result.trials, seed=3)
    np.testing.assert_array_equal(result.weights, plain.weights)


def test_precision_stops_at_the_trial_cap():
    result = simulate(SPECS[3], trials=10_000, seed=3, precision=1e-5, max_trials=BLOCK_TRIALS)
    assert result.trials == BLOCK_TRIALS and result.half_width > 1e-5


@pytest.mark.parametrize("trials", [0, -5, 2.5, True])
def test_bad_trial_counts_are_refused(trials):
    with pytest.raises(OddsEngineError, match="trials"):
        simulate(SPECS[6], trials=trials, seed=1)


@pytest.mark.parametrize("seed", [-1, "abc", 1.5])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(OddsEngineError, match="seed"):
        simulate(SPECS[6], trials=10, seed=seed)


def test_inverse_cdf_thresholds_reproduce_the_table():
    # The draw plan's thresholds give each value its probability to 2**-32.
    plan = SPECS[3].draw_plan()
    thresholds, _ = plan.thresholds()
    cut = thresholds[0, : plan.first.size - 1].astype(float) / 2**32
    widths = np.diff(np.concatenate([[0.0], cut, [1.0]]))
    np.testing.assert_allclose(widths, plan.first / plan.first.sum(), atol=2**-31)


@pytest.mark.slow
def test_memory_does_not_grow_with_trials():
    # The kernel counts into histograms: the result holds one weight per end state.
    small = simulate(SPECS[0], trials=100_000, seed=1)
    large = simulate(SPECS[0], trials=4_000_000, seed=1)
    assert large.weights.size <= exact(SPECS[0]).weights.size
    assert small.weights.size <= large.weights.size


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.title())
def test_compiled_kernel_and_numpy_twin_count_identically(spec):
    # Two implementations of the same stream and thresholds: identical counts, block for
    # block, including Surprise Attack's dependent draw and the post-roll dice.
    from oddsengine.engines import _kernels, _numpy_kernel
    from oddsengine.engines._random import block_keys

    plan = spec.draw_plan()
    thresholds, layout = plan.thresholds()
    keys = block_keys(5, 77, 3)
    arguments = (
        thresholds[None],
        layout[None],
        np.zeros(3, dtype=np.int64),
        keys,
        np.array([1000, 5000, 77777], dtype=np.int64),
    )
    compiled = np.zeros((3, plan.cells), dtype=np.int64)
    twin = np.zeros_like(compiled)
    _kernels.count_cells(*arguments, compiled)
    _numpy_kernel.count_cells(*arguments, twin)
    np.testing.assert_array_equal(compiled, twin)


@pytest.mark.slow
def test_either_kernel_gives_the_same_result(monkeypatch):
    # Short runs use the NumPy twin, long runs the compiled kernel: the same numbers.
    from oddsengine.engines import montecarlo

    spec = SPECS[2]
    monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 10**12)
    twin = simulate(spec, trials=3 * BLOCK_TRIALS + 5, seed=12)
    monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 0)
    compiled = simulate(spec, trials=3 * BLOCK_TRIALS + 5, seed=12)
    np.testing.assert_array_equal(twin.weights, compiled.weights)

"""The Monte Carlo of a turn's voyages (RULES.md §22) on its Numba kernel: within 5σ of the
exact chain for three powers with explorers drawn at random, the same numbers whatever the
thread count and the split of the work, the values of the one sampler of each voyage's
draw plan, a die-by-die reference agreeing with both, and intervals on the command line."""

import json
import math
from fractions import Fraction

import numba
import numpy as np
import pytest
from conftest import SIGMAS
from conftest import run_cli as run
from naive_new_world_reference import sample_turn

import oddsengine as oe
from oddsengine.engines import voyage_turn as engine
from oddsengine.engines._numpy_kernel import sample_values
from oddsengine.engines._random import block_keys, scenario_id
from oddsengine.religion.new_world import discoveries
from oddsengine.religion.voyage_turn import VoyageTurn, resolve_turn

F = Fraction
POWERS = ("england", "france", "hapsburg")

TURNS = {
    "random": VoyageTurn(POWERS),
    "uncharted, mercator, claimed": VoyageTurn(
        POWERS, uncharted=True, mercator=("hapsburg",), claimed="amazon-river,st-lawrence-river"
    ),
}


def _sigma(p, trials):
    return math.sqrt(max(p * (1 - p), 1e-12) / trials)


def _vp_sigma(exact, column, trials):
    """The standard error of a mean of ``column`` over ``trials`` trials, from the exact
    distribution."""
    values = np.asarray(exact.states[column], dtype=float)
    mean = float(np.dot(exact.probabilities, values))
    return math.sqrt(float(np.dot(exact.probabilities, (values - mean) ** 2)) / trials)


def test_the_chance_each_power_is_lost_by_hand():
    # 22: 4 or less is lost at sea, whatever the order. England's pool Chancellor (1), Rut
    # (1), Willoughby (0): 2d6 <= 3 (3/36) twice, 2d6 <= 4 (6/36): 12/108. France: Cartier
    # (3) never, Roberval (0) 6/36, Verrazano (2) 1/36: 7/108. The Hapsburgs: Magellan (4)
    # and Orellana (3) never, De Soto (2) 1/36, Leon (1) 3/36, De Vaca (0) 6/36, Narvaez
    # (-1) 2d6 <= 5, 10/36: 20/216.
    exact = oe.exact(TURNS["random"])
    sampled = oe.simulate(TURNS["random"], trials=2_000_000, seed=31)
    for power, chance in (("england", F(12, 108)), ("france", F(7, 108)), ("hapsburg", F(20, 216))):
        assert math.isclose(exact.p[f"{power}:lost"], chance, rel_tol=1e-12)
        assert abs(sampled.p[f"{power}:lost"] - chance) <= SIGMAS * _sigma(
            float(chance), sampled.trials
        )


@pytest.mark.parametrize("name", list(TURNS))
def test_a_turn_of_three_random_explorers_is_within_5_sigma_of_exact(name):
    turn = TURNS[name]
    exact = oe.exact(turn)
    sampled = oe.simulate(turn, trials=2_000_000, seed=17)
    assert sampled.method == "monte-carlo" and sampled.trials == 2_000_000
    assert set(sampled.p) <= set(exact.p)
    for outcome, p in exact.p.items():
        assert abs(sampled.p.get(outcome, 0.0) - p) <= SIGMAS * _sigma(p, sampled.trials), outcome
    expected = exact.expected_values()
    for column, (field, _) in turn.reported_columns.items():
        mean = sampled.expected_values()[column]["mean"]
        sigma = _vp_sigma(exact, field, sampled.trials)
        assert (
            abs(mean - expected[column]["mean"])
            <= SIGMAS * sigma * (turn.reported_columns[column][1]) + 1e-12
        ), column


@pytest.mark.slow
def test_the_same_numbers_for_one_and_two_threads_and_any_split(monkeypatch):
    turn = TURNS["uncharted, mercator, claimed"]
    trials = 3 * engine.TURN_BLOCK + 123
    first = oe.simulate(turn, trials=trials, seed=8)  # all threads, whole blocks
    short = oe.simulate(turn, trials=3000, seed=8)
    before = numba.get_num_threads()
    try:
        # (threads, trials per piece of work, pieces per call of the kernel)
        for threads, piece, calls in (
            (1, engine.TURN_BLOCK, 64),
            (2, 1000, 3),
            (1, 7777, 1),
            (2, 1, 5),
        ):
            numba.set_num_threads(min(threads, before))
            monkeypatch.setattr(engine, "PIECE_TRIALS", piece)
            monkeypatch.setattr(engine, "CALL_PIECES", calls)
            want = first if piece > 1 else short
            result = oe.simulate(turn, trials=want.trials, seed=8)
            assert np.array_equal(result.weights, want.weights), (threads, piece, calls)
            for field in turn.end_fields:
                assert np.array_equal(result.states[field], want.states[field]), field
    finally:
        numba.set_num_threads(before)
    assert oe.simulate(turn, trials=3000, seed=9).p != short.p


def _twin(turn, trials, seed):
    """The end states of ``trials`` trials drawn by the one sampler of each voyage's draw
    plan (power ``p`` of trial ``t`` at position ``t * powers + p`` of block ``b``'s
    stream) and resolved by :func:`resolve_turn`, block by block."""
    blocks = -(-trials // engine.TURN_BLOCK)
    keys = block_keys(seed, scenario_id(turn), blocks)
    plans = [voyage.draw_plan().thresholds() for voyage in turn.voyages]
    count = len(turn.powers)
    counted = {}
    for block in range(blocks):
        size = min(engine.TURN_BLOCK, trials - block * engine.TURN_BLOCK)
        positions = np.arange(size, dtype=np.uint64) * np.uint64(count)
        drawn = [
            sample_values(thresholds, layout, keys[block], positions + np.uint64(power))
            for power, (thresholds, layout) in enumerate(plans)
        ]
        indices, rolls, circles = (np.stack([d[k] for d in drawn], axis=1) for k in range(3))
        states, counts = np.unique(
            resolve_turn(turn, indices, rolls, circles), axis=0, return_counts=True
        )
        for state, number in zip(map(tuple, states.tolist()), counts.tolist(), strict=True):
            counted[state] = counted.get(state, 0) + number
    return counted


@pytest.mark.parametrize("name", list(TURNS))
def test_the_kernel_draws_the_values_of_the_one_sampler(name):
    turn = TURNS[name]
    trials = engine.TURN_BLOCK + 4321
    result = oe.simulate(turn, trials=trials, seed=3)
    states = zip(*(result.states[field].tolist() for field in turn.end_fields), strict=True)
    seen = {}
    for state, weight in zip(states, result.weights.tolist(), strict=True):
        key = tuple(int(value) for value in state)
        seen[key] = seen.get(key, 0) + int(weight)
    assert seen == _twin(turn, trials, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TURNS))
def test_the_die_by_die_reference_agrees_with_exact_and_the_kernel(name):
    turn = TURNS[name]
    sailors = [
        (voyage.power, voyage.explorer_values.tolist(), voyage.mercator, voyage.uncharted)
        for voyage in turn.voyages
    ]
    trials = 40_000
    counts, vp = sample_turn(sailors, trials, seed=12, claimed=turn.claimed)
    exact = oe.exact(turn)
    kernel = oe.simulate(turn, trials=1_000_000, seed=5)
    for power in turn.powers:
        for outcome in (
            "lost",
            "nothing",
            "discovery",
            "circumnavigation",
            "circumnavigation_failed",
        ):
            p = exact.p[f"{power}:{outcome}"]
            seen = counts.get((power, outcome), 0) / trials
            assert abs(seen - p) <= SIGMAS * _sigma(p, trials), (power, outcome)
            pooled = math.sqrt(max(p * (1 - p), 1e-12) * (1 / trials + 1 / kernel.trials))
            assert abs(seen - kernel.p[f"{power}:{outcome}"]) <= SIGMAS * pooled
        mean = exact.expected_values()[f"vp:{power}"]["mean"]
        sigma = _vp_sigma(exact, f"{power}:vp", trials)
        assert abs(vp.get(power, 0) / trials - mean) <= SIGMAS * sigma + 1e-12, power
    for claim in discoveries():
        p = exact.p[f"discovery:{claim.name}"]
        seen = counts.get(claim.name, 0) / trials
        assert abs(seen - p) <= SIGMAS * _sigma(p, trials), claim.name


def test_a_turn_s_monte_carlo_on_the_command_line_prints_intervals(capsys):
    argv = (
        "voyage",
        "--power",
        "england,france,hapsburg",
        "--method",
        "monte-carlo",
        "--trials",
        "300000",
        "--seed",
        "1",
    )
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert "300,000 trials, seed 1" in out and "95% interval" in out and "std. error" in out
    rows = [
        line for line in out.splitlines() if line.startswith(("circumnavigation ", "england:lost"))
    ]
    assert len(rows) == 2 and all("[" in row and "%]" in row for row in rows)
    status, out, _ = run(capsys, *argv, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["method"] == "monte-carlo" and data["trials"] == 300_000
    assert set(data["ci95"]) == set(data["p"]) == set(data["stderr"])
    low, high = data["ci95"]["hapsburg:circumnavigation"]
    assert low < data["p"]["hapsburg:circumnavigation"] < high
    # Without --trials, as for every kind: 1,000,000.
    status, out, _ = run(capsys, "voyage", "--power", "england,france", "--seed", "2")
    assert status == 0 and "1,000,000 trials, seed 2" in out


def test_a_precision_target_continues_the_same_streams():
    # Later rounds start on a whole block of the turn's streams.
    from oddsengine.engines.montecarlo import BLOCK_TRIALS

    assert BLOCK_TRIALS % engine.TURN_BLOCK == 0
    turn = TURNS["random"]
    aimed = oe.simulate(turn, seed=4, precision=0.0015)
    assert aimed.precision_target == 0.0015 and aimed.half_width <= 0.0015
    assert aimed.trials > BLOCK_TRIALS and aimed.trials % BLOCK_TRIALS == 0
    fixed = oe.simulate(turn, trials=aimed.trials, seed=4)
    assert np.array_equal(aimed.weights, fixed.weights) and aimed.p == fixed.p


SWEEP = """kind = "voyages"
method = "{method}"
seed = 3

[fixed]
powers = "england,france,hapsburg"

[grid]
claimed = ["", "amazon-river,pacific-strait"]
mercator = ["", "hapsburg"]
"""


@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
def test_a_sweep_of_kind_voyages_runs_end_to_end(capsys, tmp_path, method):
    import pandas as pd

    path = tmp_path / "voyages.toml"
    path.write_text(SWEEP.format(method=method))
    out = tmp_path / "voyages.csv"
    status, printed, _ = run(capsys, "sweep", str(path), "--out", str(out))
    assert status == 0 and "4 scenarios" in printed
    rows = pd.read_csv(out, keep_default_na=False)
    assert set(rows["status"]) == {"ok"} and set(rows["method"]) == {method}
    chosen = rows[
        (rows["claimed"] == "amazon-river,pacific-strait") & (rows["mercator"] == "hapsburg")
    ]
    cell = chosen.set_index("outcome")["probability"]
    turn = VoyageTurn(POWERS, mercator=("hapsburg",), claimed="amazon-river,pacific-strait")
    # A scenario of a sweep gets the numbers it gets alone (the sweep's default precision
    # target, 0.005, for Monte Carlo).
    alone = oe.exact(turn) if method == "exact" else oe.simulate(turn, seed=3, precision=0.005)
    for name in ("circumnavigation", "hapsburg:circumnavigation", "discovery:Great Lakes"):
        assert math.isclose(cell[name], alone.p[name], rel_tol=1e-12, abs_tol=1e-15), name
    if method == "monte-carlo":
        assert set(chosen["trials"]) == {alone.trials}


def _by_state(result):
    turn = result.spec
    states = zip(*(result.states[field].tolist() for field in turn.end_fields), strict=True)
    found = {}
    for state, weight in zip(states, result.weights.tolist(), strict=True):
        key = tuple(int(value) for value in state)
        found[key] = found.get(key, 0.0) + weight
    return found


@pytest.mark.parametrize("name", list(TURNS))
def test_the_kernel_s_whole_end_state_histogram_passes_chi_square(name):
    # Every end state of the turn (the claims, each power's outcome, VP and card) against
    # the exact chain's, at a fixed seed: nothing where the chain has nothing, and a
    # goodness of fit with the sparse tail pooled.
    from scipy import stats

    turn = TURNS[name]
    exact = oe.exact(turn)
    sampled = oe.simulate(turn, trials=1_000_000, seed=23)
    chances, seen = _by_state(exact), _by_state(sampled)
    total = sum(chances.values())
    assert set(seen) <= {state for state, chance in chances.items() if chance > 0}
    expected = np.array([chance / total * sampled.trials for chance in chances.values()])
    observed = np.array([seen.get(state, 0.0) for state in chances])
    keep = expected > 5
    if not keep.all():
        observed = np.append(observed[keep], observed[~keep].sum())
        expected = np.append(expected[keep], expected[~keep].sum())
    assert keep.sum() > 20  # enough cells for the test to mean something
    assert stats.chisquare(observed, expected).pvalue > 1e-4


@pytest.mark.parametrize(
    "spec",
    [oe.Voyage("hapsburg"), oe.Conquest("hapsburg", smallpox=True)],
    ids=["voyage", "conquest"],
)
def test_a_single_voyage_and_a_conquest_run_on_the_draw_plan_kernel(monkeypatch, spec):
    # One draw plan each, no engines of their own: the shared kernel counts them, and its
    # NumPy twin (short runs) gives the very same counts.
    from oddsengine.engines import montecarlo
    from oddsengine.engines.campaigns import campaign_engines

    assert campaign_engines(spec) is None
    twin = oe.simulate(spec, trials=300_000, seed=6)
    monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 0)  # the compiled kernel
    compiled = oe.simulate(spec, trials=300_000, seed=6)
    assert np.array_equal(twin.weights, compiled.weights) and twin.p == compiled.p

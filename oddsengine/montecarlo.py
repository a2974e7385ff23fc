"""The Monte Carlo engine: many trials of many scenarios through one Numba kernel.

The public functions normalise the seed, check their arguments and allocate; the kernel
(:func:`oddsengine._kernels.count_cells`) is deterministic given its inputs. Trials are run
in blocks of :data:`BLOCK_TRIALS`; block ``b`` of a scenario always uses the stream keyed
by (seed, scenario, b), so a result does not depend on the number of threads, nor on the
other scenarios in the same call.
"""

from __future__ import annotations

import math

import numpy as np

from ._draws import draw_plan_of
from ._random import block_keys, normalise_seed, scenario_id
from .errors import OddsEngineError, OddsEngineTypeError, shown
from .limits import check_precision
from .results import Z95, Result

__all__ = ["simulate", "simulate_many", "BLOCK_TRIALS", "DEFAULT_TRIALS", "MAX_TRIALS"]

#: Trials per block: the unit of parallel work and of random streams.
BLOCK_TRIALS = 1 << 18
#: Trials when none are asked for.
DEFAULT_TRIALS = 1_000_000
#: Runs of at most this many trials in all use the NumPy twin of the kernel.
NUMPY_TRIALS = 1 << 22
#: Cap on the trials a precision target may spend, per scenario.
MAX_TRIALS = 1_000_000_000


def _check_trials(trials) -> int:
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)):
        raise OddsEngineError(f"trials must be a positive whole number, not {trials!r}")
    if trials <= 0:
        raise OddsEngineError(f"trials must be positive, not {trials}")
    return int(trials)


def _count_cells(total_trials):
    """The kernel for a run: the compiled one, or its NumPy twin for short runs, which
    gives the same counts without paying Numba's start-up (see ``_numpy_kernel``)."""
    if total_trials <= NUMPY_TRIALS:
        from ._numpy_kernel import count_cells
    else:
        from ._kernels import count_cells
    return count_cells


def _run_blocks(plans, ids, seed, first_block, trials):
    """Counts of trials ``[first_block * BLOCK_TRIALS, ... + trials)`` of each plan."""
    count_cells = _count_cells(sum(int(count) for count in trials))

    tables = [plan.thresholds() for plan in plans]
    rows = max(table.shape[0] for table, _ in tables)
    width = max(table.shape[1] for table, _ in tables)
    thresholds = np.full((len(plans), rows, width), np.iinfo(np.uint32).max, dtype=np.uint32)
    layouts = np.empty((len(plans), 5), dtype=np.int64)
    for index, (table, layout) in enumerate(tables):
        thresholds[index, : table.shape[0], : table.shape[1]] = table
        layouts[index] = layout
    block_count = [-(-int(count) // BLOCK_TRIALS) for count in trials]
    scenarios, keys, sizes = [], [], []
    for index, (count, blocks) in enumerate(zip(trials, block_count, strict=True)):
        all_keys = block_keys(seed, ids[index], first_block[index] + blocks)
        for block in range(blocks):
            scenarios.append(index)
            keys.append(all_keys[first_block[index] + block])
            sizes.append(min(BLOCK_TRIALS, int(count) - block * BLOCK_TRIALS))
    cells = max(plan.cells for plan in plans)
    counts = np.zeros((len(keys), cells), dtype=np.int64)
    count_cells(
        thresholds,
        layouts,
        np.asarray(scenarios, dtype=np.int64),
        np.asarray(keys, dtype=np.uint64),
        np.asarray(sizes, dtype=np.int64),
        counts,
    )
    totals = np.zeros((len(plans), cells), dtype=np.int64)
    np.add.at(totals, np.asarray(scenarios, dtype=np.int64), counts)
    return [totals[index, : plan.cells] for index, plan in enumerate(plans)]


def check_run(trials, max_trials, seed, precision):
    """Validate a run's arguments; return ``(trials, max_trials, seed)`` normalised."""
    trials = _check_trials(trials)
    max_trials = _check_trials(max_trials)
    precision = check_precision(precision)  # between 1e-6 and 0.5: see oddsengine.limits
    if trials > MAX_TRIALS:
        raise OddsEngineError(f"at most {MAX_TRIALS:,} trials in one run, not {shown(trials)}")
    return trials, max_trials, normalise_seed(seed)


def _trials_for(result: Result, target: float) -> int:
    """Trials that should bring every headline half-width down to ``target``."""
    worst = max(result.p[name] * (1 - result.p[name]) for name in result.outcome_names)
    worst = max(worst, 1.0 / result.trials)  # an outcome not yet seen may still occur
    return math.ceil(1.1 * Z95 * Z95 * worst / (target * target))


def simulate_many(
    specs, trials=DEFAULT_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> list[Result]:
    """Monte Carlo results for many scenarios, run together on all cores.

    Each scenario's numbers are the ones :func:`simulate` gives it alone with the same
    seed and trials.

    Parameters
    ----------
    specs : sequence of engagement specs
    trials : int
        Trials per scenario (the first round, when ``precision`` is given).
    seed : int, numpy.random.SeedSequence or None
    precision : float, optional
        Run until the 95% half-width of every headline probability is at most this, or
        until ``max_trials``.
    max_trials : int

    Returns
    -------
    list of Result
    """
    if isinstance(specs, str) or not hasattr(specs, "__iter__"):
        raise OddsEngineTypeError(f"simulate_many takes a list of engagements, not {shown(specs)}")
    specs = list(specs)
    if not specs:
        return []
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    plans = [draw_plan_of(spec) for spec in specs]
    ids = [scenario_id(spec) for spec in specs]
    done = [0] * len(specs)
    counts = [np.zeros(plan.cells, dtype=np.int64) for plan in plans]
    first_round = min(trials, max_trials)
    if precision is not None:
        # Whole blocks only, so that each later round continues the same streams.
        first_round = min(-(-first_round // BLOCK_TRIALS) * BLOCK_TRIALS, max_trials)
    wanted = [first_round] * len(specs)
    results: list[Result | None] = [None] * len(specs)
    while True:
        pending = [index for index in range(len(specs)) if wanted[index] > done[index]]
        if not pending:
            break
        new = _run_blocks(
            [plans[index] for index in pending],
            [ids[index] for index in pending],
            seed,
            [done[index] // BLOCK_TRIALS for index in pending],
            [wanted[index] - done[index] for index in pending],
        )
        for index, added in zip(pending, new, strict=True):
            counts[index] += added
            done[index] = wanted[index]
            results[index] = Result.from_cells(
                specs[index],
                "monte-carlo",
                plans[index].cell_values(),
                counts[index],
                trials=done[index],
                seed=seed,
                precision_target=precision,
            )
            if precision is not None and results[index].half_width > precision:
                needed = max(_trials_for(results[index], precision), done[index] + 1)
                needed = -(-needed // BLOCK_TRIALS) * BLOCK_TRIALS
                if done[index] % BLOCK_TRIALS == 0:
                    wanted[index] = min(needed, max_trials)
    return results


def simulate(
    spec, trials=DEFAULT_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo estimate of every outcome of ``spec``.

    Parameters
    ----------
    spec : FieldBattle, Assault, Interception or AvoidBattle
    trials : int
        Number of trials (the first round, when ``precision`` is given).
    seed : int, numpy.random.SeedSequence or None
        The same seed gives the same numbers, whatever the number of threads. None
        draws a fresh seed, which the result reports.
    precision : float, optional
        Target 95% half-width of every headline probability; trials are added (in whole
        blocks) until it is reached or ``max_trials`` is spent.
    max_trials : int

    Returns
    -------
    Result

    Examples
    --------
    >>> from oddsengine import Assault, simulate
    >>> result = simulate(Assault("6R L1", "hapsburg: 2R"), trials=200_000, seed=9)
    >>> low, high = result.ci95["success"]
    >>> bool(low < 0.4074 < high)  # the exact value
    True
    """
    return simulate_many([spec], trials, seed, precision=precision, max_trials=max_trials)[0]

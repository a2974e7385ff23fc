"""The Monte Carlo engine: many trials of many scenarios through one Numba kernel.

The public functions normalise the seed, check their arguments and allocate; the kernel
(:func:`oddsengine.engines._kernels.count_cells`) is deterministic given its inputs. Trials
are run in blocks of ``BLOCK_TRIALS`` (2**18 trials, the random streams' block); block ``b``
of a scenario always uses the stream keyed by (seed, scenario, b), so a result does not
depend on the number of threads, nor on the other scenarios in the same call.

Long runs reach the kernel in calls of at most :data:`CALL_BLOCKS` blocks, a fraction of a
second each; Python sees Ctrl-C between two calls, so an interrupt stops a run of 10^9
trials within about a second. The calls do not change the numbers: a block is the same
block whichever call runs it.

Under a precision target the first round is :data:`FIRST_ROUND_TRIALS` unless ``trials``
says otherwise, for :func:`simulate` and for sweeps alike, so a scenario gets the same
numbers alone and inside a sweep.
"""

from __future__ import annotations

import math

import numpy as np

from oddsengine.draws import draw_plan_of
from oddsengine.engines._random import BLOCK_TRIALS, scenario_id, trial_blocks
from oddsengine.engines.campaigns import campaign_engines
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.results.result import Z95, Result

__all__ = [
    "simulate",
    "simulate_many",
    "BLOCK_TRIALS",
    "DEFAULT_TRIALS",
    "FIRST_ROUND_TRIALS",
    "MAX_TRIALS",
    "CALL_BLOCKS",
    "default_trials",
]

#: The first round under a precision target when no trials are asked for: one block.
FIRST_ROUND_TRIALS = BLOCK_TRIALS
#: Blocks per kernel call: a few hundredths of a second of work on two cores (17 M trials),
#: so that Ctrl-C is seen quickly; shorter calls cost nothing measurable.
CALL_BLOCKS = 64
#: Blocks of one part of a round of many scenarios: about half a second of work, after
#: which the scenarios that are done are reported (see ``on_result``).
PART_BLOCKS = 1024
#: Runs of at most this many trials in all use the NumPy twin of the kernel.
NUMPY_TRIALS = 1 << 22


def default_trials(trials, precision) -> int:
    """The trials of a run (the first round under a precision target) when ``trials`` may
    be None: :data:`DEFAULT_TRIALS` without a target, :data:`FIRST_ROUND_TRIALS` with one.

    Examples
    --------
    >>> default_trials(None, None), default_trials(None, 0.01), default_trials(5000, 0.01)
    (1000000, 262144, 5000)
    """
    if trials is not None:
        return trials
    return DEFAULT_TRIALS if precision is None else FIRST_ROUND_TRIALS


def _count_cells(total_trials):
    """The kernel for a run: the compiled one, or its NumPy twin for short runs, which
    gives the same counts without paying Numba's start-up (see ``_numpy_kernel``)."""
    if total_trials <= NUMPY_TRIALS:
        from oddsengine.engines._numpy_kernel import count_cells
    else:
        from oddsengine.engines._kernels import count_cells
    return count_cells


def _run_blocks(plans, ids, seed, first_block, trials, count_cells=None):
    """Counts of trials ``[first_block * BLOCK_TRIALS, ... + trials)`` of each plan."""
    count_cells = count_cells or _count_cells(sum(int(count) for count in trials))

    tables = [plan.thresholds() for plan in plans]
    rows = max(table.shape[0] for table, _ in tables)
    width = max(table.shape[1] for table, _ in tables)
    thresholds = np.full((len(plans), rows, width), np.iinfo(np.uint32).max, dtype=np.uint32)
    layouts = np.empty((len(plans), 5), dtype=np.int64)
    for index, (table, layout) in enumerate(tables):
        thresholds[index, : table.shape[0], : table.shape[1]] = table
        layouts[index] = layout
    blocks = [
        trial_blocks(seed, ids[index], first_block[index], int(count), BLOCK_TRIALS)
        for index, count in enumerate(trials)
    ]
    scenarios = np.repeat(np.arange(len(plans), dtype=np.int64), [len(k) for k, _ in blocks])
    keys = np.concatenate([k for k, _ in blocks]).astype(np.uint64)
    sizes = np.concatenate([s for _, s in blocks]).astype(np.int64)
    cells = max(plan.cells for plan in plans)
    totals = np.zeros((len(plans), cells), dtype=np.int64)
    # Short calls, so that Ctrl-C is seen between two of them (a block's counts do not
    # depend on the call that runs it).
    for start in range(0, len(keys), CALL_BLOCKS):
        part = slice(start, start + CALL_BLOCKS)
        counts = np.zeros((len(keys[part]), cells), dtype=np.int64)
        count_cells(thresholds, layouts, scenarios[part], keys[part], sizes[part], counts)
        np.add.at(totals, scenarios[part], counts)
    return [totals[index, : plan.cells] for index, plan in enumerate(plans)]


def trials_for(result: Result, target: float) -> int:
    """Trials that should bring every headline half-width down to ``target``."""
    worst = max(result.p[name] * (1 - result.p[name]) for name in result.outcome_names)
    worst = max(worst, 1.0 / result.trials)  # an outcome not yet seen may still occur
    ratio = Z95 / target  # inf for a target too fine for a float: then as many as allowed
    needed = 1.1 * worst * ratio * ratio
    return math.ceil(needed) if needed < 2.0**62 else 2**62


def first_round(trials: int, max_trials: int, precision) -> int:
    """Trials of a run's first round: whole blocks under a precision target, so that each
    later round continues the same streams."""
    wanted = min(trials, max_trials)
    if precision is not None:
        wanted = min(-(-wanted // BLOCK_TRIALS) * BLOCK_TRIALS, max_trials)
    return wanted


def next_round(result: Result, precision, max_trials: int) -> int:
    """The trials a precision run wants after ``result``: its own trials when it is done
    (no target, the target reached, the cap spent, or a last round that was not whole
    blocks), otherwise enough whole blocks to reach the target (this is the one precision
    loop: battles, sweeps and moves all follow it)."""
    done = result.trials
    if precision is None or result.half_width <= precision or done % BLOCK_TRIALS:
        return done
    needed = max(trials_for(result, precision), done + 1)
    return min(-(-needed // BLOCK_TRIALS) * BLOCK_TRIALS, max_trials)


def rounds_to_precision(spec, count, trials: int, seed, precision, max_trials: int) -> Result:
    """A run of ``spec`` round after round, the one precision loop of the engines that
    count their own end states (a move, Henry's heirs, a turn's riches or voyages): the
    first round of :func:`first_round` trials, then as many more as :func:`next_round`
    asks, until the target is reached or ``max_trials`` is spent.

    Parameters
    ----------
    spec : object
        What is sampled: the spec of every round's :class:`~oddsengine.results.result.Result`.
    count : callable
        ``count(first, trials)`` counts ``trials`` more trials, from trial ``first`` of
        the run on (a whole block: each round continues the same streams), and returns
        every cell counted so far with its count, ``(values, weights)`` as
        :meth:`Result.from_cells <oddsengine.results.result.Result.from_cells>` takes them.
    trials, seed, precision, max_trials
        As checked by :func:`~oddsengine.engines.run_arguments.check_run`.

    Returns
    -------
    Result
        The last round's.
    """
    done = 0
    wanted = first_round(trials, max_trials, precision)
    while True:
        values, weights = count(done, wanted - done)
        done = wanted
        result = Result.from_cells(
            spec,
            "monte-carlo",
            values,
            weights,
            trials=done,
            seed=seed,
            precision_target=precision,
        )
        wanted = next_round(result, precision, max_trials)
        if wanted <= done:
            return result


def simulate_many(
    specs, trials=None, seed=None, *, precision=None, max_trials=MAX_TRIALS, on_result=None
) -> list[Result]:
    """Monte Carlo results for many scenarios, run together on all cores.

    Each scenario's numbers are the ones :func:`simulate` gives it alone with the same
    seed and trials.

    Parameters
    ----------
    specs : sequence of engagement specs (campaigns are played by their own engines)
    trials : int, optional
        Trials per scenario (the first round, when ``precision`` is given); by default
        :data:`DEFAULT_TRIALS`, or :data:`FIRST_ROUND_TRIALS` under a precision target.
    seed : int, numpy.random.SeedSequence or None
    precision : float, optional
        Run until the 95% half-width of every headline probability is at most this, or
        until ``max_trials``.
    max_trials : int
    on_result : callable, optional
        Called as ``on_result(index, result)`` as soon as the result of ``specs[index]`` is
        final (a sweep saves it then); scenarios finish in their own time, not in order.

    Returns
    -------
    list of Result
    """
    if isinstance(specs, str) or not hasattr(specs, "__iter__"):
        raise OddsEngineTypeError(f"simulate_many takes a list of engagements, not {shown(specs)}")
    specs = list(specs)
    if not specs:
        return []
    asked = trials
    trials = default_trials(trials, precision)
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    results: list[Result | None] = [None] * len(specs)
    engines = [campaign_engines(spec) for spec in specs]
    for index, campaign in enumerate(engines):
        if campaign is not None:
            # A campaign is played by its own engine, on its own streams (the same numbers
            # alone or in a batch), with the run's arguments checked above.
            own = trials if asked is not None or precision is not None else None
            own = campaign.default_trials if own is None else own
            results[index] = campaign.run(specs[index], own, seed, precision, max_trials)
            if on_result is not None:
                on_result(index, results[index])
    combats = [index for index, campaign in enumerate(engines) if campaign is None]
    plans = {index: draw_plan_of(specs[index]) for index in combats}
    ids = {index: scenario_id(specs[index]) for index in combats}
    done = {index: 0 for index in combats}
    counts = {index: np.zeros(plans[index].cells, dtype=np.int64) for index in combats}
    wanted = {index: first_round(trials, max_trials, precision) for index in combats}
    while True:
        pending = [index for index in combats if wanted[index] > done[index]]
        if not pending:
            break
        # One kernel for the whole round (the NumPy twin only if the round is short), run
        # in parts of about PART_BLOCKS blocks so that finished scenarios are reported soon.
        count_cells = _count_cells(sum(wanted[index] - done[index] for index in pending))
        for part in _parts(pending, [wanted[index] - done[index] for index in pending]):
            new = _run_blocks(
                [plans[index] for index in part],
                [ids[index] for index in part],
                seed,
                [done[index] // BLOCK_TRIALS for index in part],
                [wanted[index] - done[index] for index in part],
                count_cells,
            )
            for index, added in zip(part, new, strict=True):
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
                wanted[index] = next_round(results[index], precision, max_trials)
                if on_result is not None and wanted[index] <= done[index]:
                    on_result(index, results[index])
    return results


def _parts(pending, trials):
    """Split the scenarios of a round into parts of about :data:`PART_BLOCKS` blocks (a
    scenario is never split)."""
    part, blocks = [], 0
    for index, count in zip(pending, trials, strict=True):
        part.append(index)
        blocks += -(-int(count) // BLOCK_TRIALS)
        if blocks >= PART_BLOCKS:
            yield part
            part, blocks = [], 0
    if part:
        yield part


def simulate(spec, trials=None, seed=None, *, precision=None, max_trials=MAX_TRIALS) -> Result:
    """Monte Carlo estimate of every outcome of ``spec``.

    A campaign (a move, a siege campaign, a foreign war, a plan) is played by its own
    engine (:mod:`oddsengine.engines.campaigns`) after the same check of the arguments;
    siege campaigns, foreign wars and plans run a fixed number of trials (100,000 by
    default) and refuse a precision target.

    Parameters
    ----------
    spec : an engagement, a move or a campaign
    trials : int, optional
        Number of trials (the first round, when ``precision`` is given); by default
        :data:`DEFAULT_TRIALS`, or :data:`FIRST_ROUND_TRIALS` under a precision target (the
        first round of a sweep's scenarios too, so that both give the same numbers).
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

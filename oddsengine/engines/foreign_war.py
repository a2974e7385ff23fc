"""The engines of foreign wars (21.7, RULES.md §13): the exact end states of a
:class:`~oddsengine.ForeignWar` (its Markov chain, the spec's draw plan) and its Monte
Carlo, attempt by attempt on the project's random streams.

Both are reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate`; the
Monte Carlo counts the end states of each block of trials (never one record per trial), so
its memory does not grow with the number of trials.
"""

from __future__ import annotations

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES
from oddsengine.combat.foreign_war import (
    ATTEMPT_CP,
    BUILD_CP,
    END_STATE_FIELDS,
    ForeignWar,
    attempt_plan,
)
from oddsengine.engines._numpy_kernel import sample_values
from oddsengine.engines._random import CAMPAIGN_BLOCK, scenario_id, trial_blocks
from oddsengine.engines.run_arguments import CAMPAIGN_TRIALS, MAX_TRIALS, check_run, check_spec
from oddsengine.results.result import Result

__all__ = ["WAR_BLOCK", "WAR_TRIALS", "exact_foreign_war", "simulate_foreign_war"]

#: Trials per block of the Monte Carlo (the unit of random streams): a siege campaign's.
WAR_BLOCK = CAMPAIGN_BLOCK
#: Trials of a foreign war's Monte Carlo when none are asked for: a siege campaign's.
WAR_TRIALS = CAMPAIGN_TRIALS


def exact_foreign_war(war: ForeignWar) -> Result:
    """Exact end states of a foreign war (the Markov chain); the same as ``exact(war)``.

    Examples
    --------
    >>> war = ForeignWar("persia", "5R Ibrahim", horizon=3)
    >>> round(exact_foreign_war(war).p["won_by:3"], 4)
    0.7419
    """
    plan = check_spec(war, ForeignWar, "foreign-war").draw_plan()
    return Result.from_cells(war, "exact", plan.cell_values(), plan.cell_probabilities())


def simulate_foreign_war(war: ForeignWar, trials=WAR_TRIALS, seed=None) -> Result:
    """Monte Carlo end states of a foreign war, attempt by attempt; ``simulate(war)``.

    Each attempt draws both sides' hits (Binomial, 1/3 a die) from its draw plan with the
    project's one sampler and applies :meth:`ForeignWar.attempt`. Block ``b`` of
    :data:`WAR_BLOCK` trials draws from the stream keyed by (seed, war, b), attempt ``a``
    of trial ``t`` at position ``t * horizon + a - 1``, so a result does not depend on
    anything else run. Each block's end states are counted before the next is run.

    Examples
    --------
    >>> war = ForeignWar("egypt", "3R Ibrahim", horizon=4)
    >>> result = simulate_foreign_war(war, trials=40_000, seed=2)
    >>> bool(abs(result.p["won_by:4"] - exact_foreign_war(war).p["won_by:4"]) < 0.02)
    True
    """
    check_spec(war, ForeignWar, "foreign-war")
    trials, _, seed = check_run(trials, MAX_TRIALS, seed, None)
    counted: dict[tuple[int, ...], int] = {}
    for key, size in zip(*trial_blocks(seed, scenario_id(war), 0, trials, WAR_BLOCK), strict=True):
        ends = np.stack(_simulate_block(war, int(size), key), axis=1)
        states, counts = np.unique(ends, axis=0, return_counts=True)
        for state, count in zip(map(tuple, states.tolist()), counts.tolist(), strict=True):
            counted[state] = counted.get(state, 0) + count
    states = np.array(list(counted), dtype=np.int64).reshape(-1, len(END_STATE_FIELDS))
    values = tuple(states[:, index] for index in range(len(END_STATE_FIELDS)))
    weights = np.array(list(counted.values()), dtype=float)
    return Result.from_cells(war, "monte-carlo", values, weights, trials=trials, seed=seed)


def _simulate_block(war: ForeignWar, size: int, key) -> list[np.ndarray]:
    start = tuple(getattr(war.force, kind) for kind in UNIT_TYPES)
    counts = np.tile(np.array(start, dtype=np.int64), (size, 1))
    foreign = np.full(size, war.foreign, dtype=np.int64)
    cp = np.zeros(size, dtype=np.int64)
    attempts = np.zeros(size, dtype=np.int64)
    won_at = np.zeros(size, dtype=np.int64)
    spent = np.zeros(size, dtype=np.int64)
    live = np.ones(size, dtype=bool)
    positions = np.arange(size, dtype=np.uint64) * np.uint64(war.horizon)
    for attempt in range(1, war.horizon + 1):
        first = attempt == 1
        if not first and war.reinforcements:
            built = np.minimum(
                war.reinforcements, np.maximum(war.card.units - counts.sum(axis=1), 0)
            )
            built = np.where(live, built, 0)
            counts[:, 0] += built
            cp += BUILD_CP * built
        live &= counts.sum(axis=1) > 0
        members = np.flatnonzero(live)
        if members.size == 0:
            break
        major_dice = war.major_dice(counts[members].sum(axis=1), first)
        hits = np.zeros((3, members.size), dtype=np.int64)
        # Trials with the same dice share a draw plan: one group per (major, foreign) dice.
        radix = int(foreign[members].max()) + 1
        groups, inverse = np.unique(major_dice * radix + foreign[members], return_inverse=True)
        for index, group in enumerate(groups.tolist()):
            chosen = inverse == index
            plan = attempt_plan(war, group // radix, group % radix, first)
            thresholds, layout = plan.thresholds()
            at = positions[members[chosen]] + np.uint64(attempt - 1)
            drawn = sample_values(thresholds, layout, key, at)
            hits[:, chosen] = drawn[:3]
        major_hits, foreign_hits, extra_hits = hits
        counts[members], foreign[members], played = war.attempt_spending(
            counts[members], foreign[members], first, major_hits, foreign_hits, extra_hits
        )
        spent[members] |= played
        cp[members] += ATTEMPT_CP
        attempts[members] = attempt
        won = members[foreign[members] == 0]
        won_at[won] = attempt
        live[won] = False
    return [attempts, won_at, counts[:, 0], counts[:, 1], counts[:, 2], foreign, cp, spent]

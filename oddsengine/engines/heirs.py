"""The engines of Henry VIII's heirs (RULES.md §24–§26): the exact end states of a
:class:`~oddsengine.england.heirs.Heirs` (its chain walked in fractions, the spec's draw
plan) and its Monte Carlo, both reached through :func:`oddsengine.exact` and
:func:`oddsengine.simulate`.

The Monte Carlo draws what the rules roll, step by step, with the laws the exact chain
multiplies out: each marriage's result from the wife's roll on the chart
(:func:`~oddsengine.england.marital_chain.marriage_step`), then, with the timeline, the
turn each heir's card is played (:func:`~oddsengine.england.succession.card_turn_law`).
Trials that stand in the same state share the draw (a multinomial split of their count),
so a block costs a few dozen draws whatever its size. Block ``b`` draws from the stream
keyed by (seed, the question, b): the same seed gives the same numbers, alone or in a
sweep, in one run or in the rounds of a precision target.
"""

from __future__ import annotations

import numpy as np

from oddsengine.engines._random import block_keys, scenario_id
from oddsengine.engines.run_arguments import MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.results.result import Result

__all__ = ["HEIRS_TRIALS", "exact_heirs", "simulate_heirs"]

#: Trials of the Monte Carlo when none are asked for (as for every other kind).
HEIRS_TRIALS = 1_000_000


def _check(heirs):
    from oddsengine.england.heirs import Heirs

    if not isinstance(heirs, Heirs):
        raise OddsEngineTypeError(f"the heirs' engines take Heirs, not {shown(heirs)}")
    return heirs


def exact_heirs(heirs) -> Result:
    """The exact end states of the chain; the same as ``exact(heirs)``.

    Examples
    --------
    >>> from oddsengine.england.heirs import Heirs
    >>> round(exact_heirs(Heirs(marriages=1)).p["result:6"] * 6)  # Anne Boleyn: 1/6 a line
    1
    """
    plan = _check(heirs).draw_plan()
    return Result.from_cells(heirs, "exact", plan.cell_values(), plan.cell_probabilities())


def _block_counts(heirs, generator, size: int) -> dict[tuple[int, ...], int]:
    """End state -> trials, for ``size`` trials drawn from ``generator``."""
    from oddsengine.england.marital_chain import marriage_step
    from oddsengine.england.succession import (
        HEIRS,
        NEVER,
        card_turn_law,
        entry_turn,
        heirs_in_order,
    )

    charts: dict[int, int] = {}
    states = {heirs.start: size}
    while states:
        following: dict = {}
        for state in sorted(states):
            count = states[state]
            steps = marriage_step(state, heirs.walk, flirt_bonus=heirs.timeline)
            if steps is None:
                charts[state.chart] = charts.get(state.chart, 0) + count
                continue
            drawn = generator.multinomial(count, [float(chance) for _, chance, _ in steps])
            for (_, _, after), arrived in zip(steps, drawn.tolist(), strict=True):
                if arrived:
                    following[after] = following.get(after, 0) + arrived
        states = following
    ends: dict[tuple[int, ...], int] = {}
    draw = heirs.draw_chance
    for chart in sorted(charts):
        if not heirs.timeline:
            ends[(chart, NEVER, NEVER, NEVER)] = charts[chart]
            continue
        # Each heir's card in turn: the turn it is played, given the one before (§26).
        groups = [((NEVER,) * len(HEIRS), None, charts[chart])]
        for heir in heirs_in_order(chart):
            place = HEIRS.index(heir)
            split = []
            for turns, previous, count in groups:
                if previous == NEVER:  # the game ended before the heir before ruled
                    split.append((turns, NEVER, count))
                    continue
                law = card_turn_law(entry_turn(heir, previous), draw)
                drawn = generator.multinomial(count, [float(chance) for _, chance in law])
                for (turn, _), arrived in zip(law, drawn.tolist(), strict=True):
                    if arrived:
                        taken = turns[:place] + (turn,) + turns[place + 1 :]
                        split.append((taken, turn, arrived))
            groups = split
        for turns, _, count in groups:
            key = (chart, *turns)
            ends[key] = ends.get(key, 0) + count
    return ends


def _count(heirs, seed: int, first_block: int, trials: int) -> dict[tuple[int, ...], int]:
    """End state -> trials, for trials ``[first_block * BLOCK_TRIALS, ... + trials)``."""
    from oddsengine.engines.montecarlo import BLOCK_TRIALS

    blocks = -(-trials // BLOCK_TRIALS)
    keys = block_keys(seed, scenario_id(heirs), first_block + blocks)[first_block:]
    totals: dict[tuple[int, ...], int] = {}
    for block, key in enumerate(keys.tolist()):
        size = min(BLOCK_TRIALS, trials - block * BLOCK_TRIALS)
        generator = np.random.Generator(np.random.PCG64(int(key)))
        for state, count in _block_counts(heirs, generator, size).items():
            totals[state] = totals.get(state, 0) + count
    return totals


def simulate_heirs(
    heirs, trials=HEIRS_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo of Henry's marriages and the succession; ``simulate(heirs)``.

    Parameters
    ----------
    heirs : Heirs
    trials : int
        Trials (the first round, when ``precision`` is given).
    seed : int, numpy.random.SeedSequence or None
    precision : float, optional
        Target 95% half-width of every headline probability: whole blocks of trials are
        added (the same streams continued) until it is reached or ``max_trials`` is spent,
        by the one precision loop of :mod:`oddsengine.engines.montecarlo`.
    max_trials : int

    Examples
    --------
    >>> from oddsengine.england.heirs import Heirs
    >>> sample = simulate_heirs(Heirs(marriages=2), trials=40_000, seed=3)
    >>> bool(abs(sample.p["healthy_edward"] - 17 / 36) < 0.015)
    True
    """
    from oddsengine.engines.montecarlo import BLOCK_TRIALS, first_round, next_round
    from oddsengine.england.heirs import END_FIELDS

    _check(heirs)
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    done, totals = 0, {}
    wanted = first_round(trials, max_trials, precision)
    while True:
        # A later round starts on a whole block (first_round, next_round): the same streams.
        for state, count in _count(heirs, seed, done // BLOCK_TRIALS, wanted - done).items():
            totals[state] = totals.get(state, 0) + count
        done = wanted
        keys = sorted(totals)
        values = tuple(
            np.array([key[index] for key in keys], dtype=np.int64)
            for index in range(len(END_FIELDS))
        )
        result = Result.from_cells(
            heirs,
            "monte-carlo",
            values,
            np.array([totals[key] for key in keys], dtype=float),
            trials=done,
            seed=seed,
            precision_target=precision,
        )
        wanted = next_round(result, precision, max_trials)
        if wanted <= done:
            return result

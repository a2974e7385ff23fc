"""The engines of a turn's explorations (RULES.md §22): the exact end states of a
:class:`~oddsengine.religion.voyage_turn.VoyageTurn` (its chain over what has been claimed,
the spec's draw plan) and its Monte Carlo, voyage by voyage on the project's random streams.

Both are reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate`; the
Monte Carlo counts the end states of each block of trials (never one record per trial).
"""

from __future__ import annotations

import numpy as np

from oddsengine.engines._numpy_kernel import sample_values
from oddsengine.engines._random import block_keys, scenario_id
from oddsengine.engines.run_arguments import MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.religion.voyage_turn import VoyageTurn, resolve_turn
from oddsengine.results.result import Result

__all__ = ["TURN_BLOCK", "TURN_TRIALS", "exact_voyage_turn", "simulate_voyage_turn"]

#: Trials per block of the Monte Carlo (the unit of random streams).
TURN_BLOCK = 1 << 16
#: Trials of a turn's Monte Carlo when none are asked for.
TURN_TRIALS = 200_000


def _check_turn(turn) -> VoyageTurn:
    if not isinstance(turn, VoyageTurn):
        raise OddsEngineTypeError(f"a voyage-turn engine takes a VoyageTurn, not {shown(turn)}")
    return turn


def exact_voyage_turn(turn: VoyageTurn) -> Result:
    """Exact end states of a turn's explorations (the chain); the same as ``exact(turn)``.

    Examples
    --------
    >>> turn = VoyageTurn(("france", "hapsburg"), explorers=("Verrazano", "Narvaez"))
    >>> # 2d6 + 2 of 7-9 (2d6 of 5-7: 15/36); at 10+ Verrazano tries to circumnavigate
    >>> round(exact_voyage_turn(turn).p["france:discovery"] * 36)
    15
    """
    plan = _check_turn(turn).draw_plan()
    return Result.from_cells(turn, "exact", plan.cell_values(), plan.cell_probabilities())


def simulate_voyage_turn(turn: VoyageTurn, trials=TURN_TRIALS, seed=None) -> Result:
    """Monte Carlo end states of a turn's explorations; ``simulate(turn)``.

    Each power's voyage (the draw from its pool, its 2d6, its circumnavigation 2d6) is drawn
    with the draw plan of its :class:`~oddsengine.religion.voyage.Voyage` by the project's
    one sampler: block ``b`` of :data:`TURN_BLOCK` trials draws from the stream keyed by
    (seed, turn, b), power ``p`` of trial ``t`` at position ``t * powers + p``, so a result
    does not depend on anything else run. The voyages are then resolved in the rules' order
    by :func:`~oddsengine.religion.voyage_turn.resolve_turn`.

    Examples
    --------
    >>> turn = VoyageTurn(("france", "hapsburg"), explorers=("Verrazano", "Narvaez"))
    >>> result = simulate_voyage_turn(turn, trials=40_000, seed=2)
    >>> bool(abs(result.p["france:discovery"] - 15 / 36) < 0.01)
    True
    """
    _check_turn(turn)
    trials, _, seed = check_run(trials, MAX_TRIALS, seed, None)
    blocks = -(-trials // TURN_BLOCK)
    keys = block_keys(seed, scenario_id(turn), blocks)
    plans = [voyage.draw_plan().thresholds() for voyage in turn.voyages]
    count = len(turn.powers)
    counted: dict[tuple[int, ...], int] = {}
    for block in range(blocks):
        size = min(TURN_BLOCK, trials - block * TURN_BLOCK)
        drawn = [
            sample_values(thresholds, layout, keys[block],
                          np.arange(size, dtype=np.uint64) * np.uint64(count) + np.uint64(power))
            for power, (thresholds, layout) in enumerate(plans)
        ]
        indices, rolls, circles = (np.stack([d[k] for d in drawn], axis=1) for k in range(3))
        ends = resolve_turn(turn, indices, rolls, circles)
        states, counts = np.unique(ends, axis=0, return_counts=True)
        for state, number in zip(map(tuple, states.tolist()), counts.tolist(), strict=True):
            counted[state] = counted.get(state, 0) + number
    states = np.array(list(counted), dtype=np.int64).reshape(len(counted), -1)
    values = tuple(states[:, index] for index in range(states.shape[1]))
    weights = np.array(list(counted.values()), dtype=float)
    return Result.from_cells(turn, "monte-carlo", values, weights, trials=trials, seed=seed)

"""Monte Carlo for whole moves: the move's program played out by a Numba kernel.

Like :func:`oddsengine.simulate`, trials run in blocks of ``BLOCK_TRIALS`` (2**18 trials,
the random streams' block), block ``b`` drawing from the stream keyed by (seed, scenario,
b), so a result does not depend on the number of threads.
"""

from __future__ import annotations

import numpy as np

from oddsengine.engines._random import scenario_id, trial_blocks
from oddsengine.engines.montecarlo import BLOCK_TRIALS, rounds_to_precision
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.moves.move import Move
from oddsengine.moves.naval_move import NavalMove
from oddsengine.results.result import Result

__all__ = ["simulate_move"]


def _count(move, seed, first_block, trials) -> np.ndarray:
    from oddsengine.engines._move_kernel import count_end_states  # Numba, on first use

    nodes, thresholds, guides, layouts, leaf_map = move.program.arrays()
    keys, sizes = trial_blocks(seed, scenario_id(move), first_block, trials, BLOCK_TRIALS)
    counts = np.zeros((len(keys), len(move.program.end_states)), dtype=np.int64)
    count_end_states(
        nodes, move.program.root, thresholds, guides, layouts, leaf_map, keys, sizes, counts
    )
    return counts.sum(axis=0)


def simulate_move(
    move, trials=DEFAULT_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo estimate of every end state of a :class:`~oddsengine.moves.move.Move`
    or a :class:`~oddsengine.moves.naval_move.NavalMove` (both compile into a program).

    Parameters
    ----------
    move : Move or NavalMove
    trials, seed, precision, max_trials
        As :func:`oddsengine.simulate` takes them.

    Returns
    -------
    Result

    Examples
    --------
    >>> from oddsengine.moves.scenario_file import load_move
    >>> result = simulate_move(load_move("vienna"), trials=100_000, seed=1)
    >>> 0.40 < result.p["intercepted"] < 0.43
    True
    """
    if not isinstance(move, (Move, NavalMove)):
        raise OddsEngineTypeError(f"simulate_move takes a Move or a NavalMove, not {shown(move)}")
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    counts = np.zeros(len(move.program.end_states), dtype=np.int64)
    cells = (np.arange(counts.size),)

    def count(first, more):
        counts[:] += _count(move, seed, first // BLOCK_TRIALS, more)
        return cells, counts

    return rounds_to_precision(move, count, trials, seed, precision, max_trials)

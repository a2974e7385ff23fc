"""Timing of the Monte Carlo engine in this process: the public API and the raw kernel.

:func:`time_simulate` times :func:`oddsengine.simulate` as a user calls it.
:func:`kernel_arguments` builds the arrays :func:`oddsengine.engines._kernels.count_cells` takes,
the way :mod:`oddsengine.engines.montecarlo` builds them, so that :func:`time_kernel` can time the
kernel alone; the difference is the wrapper's overhead (keys, tables, turning counts into
a :class:`oddsengine.Result`).
"""

from __future__ import annotations

import time

import numpy as np

import oddsengine
from oddsengine.engines import montecarlo
from oddsengine.engines._random import block_keys, normalise_seed, scenario_id
from oddsengine.engines.montecarlo import BLOCK_TRIALS

__all__ = [
    "COMPILED_KERNEL_TRIALS",
    "best_time",
    "kernel_arguments",
    "time_kernel",
    "time_simulate",
]

#: Short runs go to the NumPy twin of the kernel (``montecarlo.NUMPY_TRIALS``); a run of
#: this many trials is the shortest that is sure to use the compiled kernel.
COMPILED_KERNEL_TRIALS = 2 * getattr(montecarlo, "NUMPY_TRIALS", 0) + BLOCK_TRIALS


def best_time(function, repeats: int) -> float:
    """The shortest wall time of ``repeats`` calls of ``function()``, in seconds."""
    times = []
    for _ in range(max(repeats, 1)):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def time_simulate(spec, trials: int, repeats: int, seed: int = 1) -> float:
    """Best wall time of ``simulate(spec, trials, seed)``, after a call that loads the
    compiled kernel."""
    oddsengine.simulate(spec, trials=COMPILED_KERNEL_TRIALS, seed=seed)
    return best_time(lambda: oddsengine.simulate(spec, trials=trials, seed=seed), repeats)


def kernel_arguments(spec, trials: int, seed: int = 1) -> tuple:
    """The arguments of ``count_cells`` for ``trials`` trials of one spec."""
    plan = spec.draw_plan()
    thresholds, layout = plan.thresholds()
    blocks = -(-trials // BLOCK_TRIALS)
    keys = block_keys(normalise_seed(seed), scenario_id(spec), blocks)
    sizes = np.full(blocks, BLOCK_TRIALS, dtype=np.int64)
    sizes[-1] = trials - (blocks - 1) * BLOCK_TRIALS
    return (
        thresholds[None, :, :],
        layout[None, :],
        np.zeros(blocks, dtype=np.int64),
        np.asarray(keys, dtype=np.uint64),
        sizes,
        np.zeros((blocks, plan.cells), dtype=np.int64),
    )


def time_kernel(arguments: tuple, repeats: int) -> float:
    """Best wall time of ``count_cells(*arguments)`` (its counts are zeroed each time)."""
    from oddsengine.engines._kernels import count_cells

    counts = arguments[-1]

    def run():
        counts[:] = 0
        count_cells(*arguments)

    run()  # compile or load from the cache outside the timing
    return best_time(run, repeats)

"""The sampler of a draw plan, and a NumPy twin of :func:`oddsengine.engines._kernels.count_cells`.

It draws the very same SplitMix64 stream and applies the same inverse-CDF thresholds, so
its counts are identical, block for block, to the Numba kernel's. Short runs use it: it
needs no compiled code, so a command-line call that asks for a million trials does not
pay Numba's import and cache-loading time. The tests also use it as an independent check
of the compiled kernel.
"""

from __future__ import annotations

import numpy as np

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)


def splitmix64(key: np.uint64, counters: np.ndarray) -> np.ndarray:
    """SplitMix64 outputs at ``counters`` of the stream ``key`` (uint64 arithmetic wraps)."""
    state = np.uint64(key) + (counters + np.uint64(1)) * _GAMMA
    state = (state ^ (state >> np.uint64(30))) * _MIX_1
    state = (state ^ (state >> np.uint64(27))) * _MIX_2
    return state ^ (state >> np.uint64(31))


def _draw(thresholds_row: np.ndarray, size: int, uniforms: np.ndarray) -> np.ndarray:
    # The number of thresholds at or below each uniform (they are sorted ascending).
    return np.searchsorted(thresholds_row[: size - 1], uniforms, side="right")


def sample_values(thresholds, layout, key, positions) -> tuple[np.ndarray, ...]:
    """The four values of a draw plan drawn at ``positions`` of the stream ``key``.

    This is the one sampler of a draw plan: the value drawn at position ``p`` uses the
    stream's outputs ``2 p`` (``first`` from the high half, ``second`` from the low half)
    and ``2 p + 1`` (the two extras, drawn only when the plan has any). Both kernels draw
    exactly these values; campaigns call it directly.

    Parameters
    ----------
    thresholds : uint32 array, shape (rows, width)
    layout : int64 array, shape (5,)
        As returned by :meth:`oddsengine.draws.DrawPlan.thresholds`.
    key : uint64
    positions : uint64 array
        The stream positions of the trials.

    Returns
    -------
    first, second, attacker_extra, defender_extra : int64 arrays
    """
    first_size, second_rows, second_size, attacker_size, defender_size = (int(v) for v in layout)
    counters = np.asarray(positions, dtype=np.uint64) * np.uint64(2)
    trials = counters.size
    bits = splitmix64(key, counters)
    high = (bits >> np.uint64(32)).astype(np.uint32)
    low = (bits & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    first = _draw(thresholds[0], first_size, high)
    if second_rows == 1:
        second = _draw(thresholds[1], second_size, low)
    else:
        rows = 1 + np.minimum(first, second_rows - 1)
        second = np.empty(trials, dtype=np.int64)
        for row in np.unique(rows):
            chosen = rows == row
            second[chosen] = _draw(thresholds[row], second_size, low[chosen])
    attacker_extra = np.zeros(trials, dtype=np.int64)
    defender_extra = np.zeros(trials, dtype=np.int64)
    if attacker_size > 1 or defender_size > 1:
        extra = splitmix64(key, counters + np.uint64(1))
        attacker_extra = _draw(
            thresholds[second_rows + 1], attacker_size, (extra >> np.uint64(32)).astype(np.uint32)
        )
        defender_extra = _draw(
            thresholds[second_rows + 2],
            defender_size,
            (extra & np.uint64(0xFFFFFFFF)).astype(np.uint32),
        )
    return first, second, attacker_extra, defender_extra


def _count_block(thresholds, layout, key, trials, counts) -> None:
    _, _, second_size, attacker_size, defender_size = (int(v) for v in layout)
    first, second, attacker_extra, defender_extra = sample_values(
        thresholds, layout, key, np.arange(trials, dtype=np.uint64)
    )
    cells = first * second_size + second
    cells = (cells * attacker_size + attacker_extra) * defender_size + defender_extra
    counts += np.bincount(cells, minlength=counts.size)[: counts.size]


def count_cells(thresholds, layouts, block_scenarios, block_keys, block_trials, counts) -> None:
    """Same arguments and the same counts as :func:`oddsengine.engines._kernels.count_cells`."""
    for block in range(block_keys.shape[0]):
        scenario = block_scenarios[block]
        _count_block(
            thresholds[scenario],
            layouts[scenario],
            block_keys[block],
            int(block_trials[block]),
            counts[block],
        )

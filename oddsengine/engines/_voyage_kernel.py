"""The Numba kernel of a turn's explorations: it draws each power's explorer, 2d6 and (when
the voyage circumnavigates) circumnavigation 2d6, resolves the voyages in the turn's order
against what the earlier ones claimed, and counts the cells (one result per power). It
knows nothing of the game but the tables below (see :mod:`oddsengine.engines.voyage_turn`,
which builds them from the rules' own resolution).

The values drawn are those of the one sampler of a draw plan
(:func:`oddsengine.engines._numpy_kernel.sample_values`) applied to each power's
:class:`~oddsengine.religion.voyage.Voyage` plan at position ``t * powers + c`` of the
block's SplitMix64 stream (power ``c`` of trial ``t``): the explorer from the high half and
the 2d6 from the low half of output ``2 (t * powers + c)``, the circumnavigation's 2d6 from
the high half of output ``2 (t * powers + c) + 1``, read only by a voyage that
circumnavigates. A trial's cell is therefore a pure function of the block's key and the
trial's place in the block: the same whatever the thread count or the split of a block
into pieces of work.
"""

import numpy as np
from numba import prange

from oddsengine.engines._inverse_cdf import BUCKET_BITS
from oddsengine.engines._kernels import splitmix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)
#: A result of the ``outcome`` table at circumnavigation roll 0: the voyage rolls for the
#: circumnavigation, whose 2d6 (2..12) is then drawn and looked up.
CIRCLES = -1

#: Layout of each power's row of ``layouts``: its pool's size, then the sizes of its
#: draw plan's 2d6 and circumnavigation tables (as :meth:`DrawPlan.thresholds` gives them).
LAYOUT_FIELDS = ("pool_size", "roll_size", "circle_size")
_BUCKET_SHIFT = np.uint32(32 - BUCKET_BITS)


@njit
def _draw(cuts, buckets, power, row, size, uniform):
    """The value of row ``row`` of ``power``'s tables whose inverse-CDF interval holds
    ``uniform``: the number of its ``size - 1`` ascending cut points at or below it, read
    from the uniform's bucket unless a cut point lies inside it (a branch almost always
    taken the same way; no row is sliced out: a view would cost each draw a reference
    count)."""
    value = buckets[power, row, uniform >> _BUCKET_SHIFT]
    if value >= 0:
        return value
    value = 0
    for index in range(size - 1):
        value += cuts[power, row, index] <= uniform
    return value


@njit
def _count_piece(
    cuts, buckets, layouts, outcome, gained, order, results, claimed, key, first, trials, counts
):
    """Run trials ``first .. first + trials - 1`` of one block and add their cells to
    ``counts``.

    Parameters
    ----------
    cuts : uint32 array, shape (powers, 3, width)
        Each power's inverse-CDF cut points: row 0 its pool, row 1 the 2d6, row 2 the
        circumnavigation's 2d6.
    buckets : int32 array, shape (powers, 3, 2 ** BUCKET_BITS)
        Each row's value for every uniform of a bucket of its top bits, or
        :data:`~oddsengine.engines._inverse_cdf.UNRESOLVED` where a cut point lies inside
        the bucket (:func:`~oddsengine.engines._inverse_cdf.fill_buckets`).
    layouts : int64 array, shape (powers, 3)
        See :data:`LAYOUT_FIELDS`.
    outcome : int8 array, shape (powers, pool, claims, 13, 13)
        The result of power ``c``'s explorer ``i`` against the claims ``m`` on a 2d6 of
        ``r`` and a circumnavigation 2d6 of ``s``; at ``s = 0`` :data:`CIRCLES` when the
        voyage circumnavigates.
    gained : int64 array, shape (results,)
        The claims each result adds.
    order : int64 array, shape (draws, powers)
        For each draw of the explorers (power 0's index slowest), the power sailing at
        each position.
    results : int64
        The number of results (the radix of a cell).
    claimed : int64
        The claims before the turn.
    key : uint64
    first, trials : int64
    counts : int64 array, shape (results ** powers,)
        Cell ``sum(result[c] * results ** (powers - 1 - c))``.
    """
    powers = layouts.shape[0]
    index = np.empty(powers, np.int64)
    roll = np.empty(powers, np.int64)
    done = np.empty(powers, np.int64)
    for trial in range(first, first + trials):
        base = np.uint64(trial) * np.uint64(powers)
        draw = 0
        for power in range(powers):
            bits = splitmix64(key, np.uint64(2) * (base + np.uint64(power)))
            index[power] = _draw(
                cuts, buckets, power, 0, layouts[power, 0], np.uint32(bits >> _SHIFT_32)
            )
            roll[power] = _draw(
                cuts, buckets, power, 1, layouts[power, 1], np.uint32(bits & _LOW_32)
            )
            draw = draw * layouts[power, 0] + index[power]
        held = claimed
        for position in range(powers):
            power = order[draw, position]
            result = outcome[power, index[power], held, roll[power], 0]
            if result == CIRCLES:
                extra = splitmix64(key, np.uint64(2) * (base + np.uint64(power)) + np.uint64(1))
                circle = _draw(
                    cuts, buckets, power, 2, layouts[power, 2], np.uint32(extra >> _SHIFT_32)
                )
                result = outcome[power, index[power], held, roll[power], circle]
            done[power] = result
            held |= gained[result]
        cell = 0
        for power in range(powers):
            cell = cell * results + done[power]
        counts[cell] += 1


@njit_parallel
def count_turn_cells(
    cuts, buckets, layouts, outcome, gained, order, results, claimed, keys, firsts, trials, counts
):
    """Count the cells of many pieces of work in parallel: piece ``p`` runs trials
    ``firsts[p] .. firsts[p] + trials[p] - 1`` of the block whose stream is ``keys[p]``
    into ``counts[p]`` (zero on entry)."""
    for piece in prange(keys.shape[0]):
        _count_piece(
            cuts,
            buckets,
            layouts,
            outcome,
            gained,
            order,
            results,
            claimed,
            keys[piece],
            firsts[piece],
            trials[piece],
            counts[piece],
        )

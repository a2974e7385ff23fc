"""The Numba kernel of a turn's New World riches: it draws each holding's roll from its
exact law given the Raiders' statuses, walks the turn's chain holding by holding and counts
the end state of each trial. It knows nothing of the game but the tables (see
:func:`oddsengine.engines.riches_turn.kernel_tables`, which builds them from the rules'
own resolution, and :func:`~oddsengine.engines.riches_turn.count_piece_numpy`, its NumPy
twin, which draws the very same values).

A holding's roll (its 2d6 and every Raider's die against the card it gives) is one draw: a
step of the chain (the Raiders' statuses after it, the thief, the card's fate, the holding
lost), from the inverse-CDF table of the holding's law given the statuses before it, read
first through a bucket of the uniform's top bits
(:func:`~oddsengine.engines._inverse_cdf.fill_buckets`). Each reached state of the chain
after ``h`` holdings has an index; ``nexts`` gives the index after each step, with the
Raiders' statuses in its low ``status_bits`` bits, and the index after the last holding
is the end state counted.

Stream layout: trial ``t`` of a block reads the SplitMix64 outputs ``t * W`` to
``t * W + W - 1`` of the block's stream (``W = ceil(holdings / 2)``): holding ``2 j`` draws
with the low 32 bits of output ``t * W + j``, holding ``2 j + 1`` with its high 32 bits. A
trial's end state is therefore a pure function of the block's key and the trial's place in
the block: the same whatever the thread count or the split of a block into pieces of work.
"""

import numpy as np
from numba import get_thread_id, prange

from oddsengine.engines._inverse_cdf import BUCKET_BITS
from oddsengine.engines._kernels import splitmix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)
_BUCKET_SHIFT = np.uint64(32 - BUCKET_BITS)
#: Trials drawn together, holding by holding.
CHUNK = 1024


@njit
def _draw(cuts, buckets, row, size, uniform):
    """The value of table ``row`` whose inverse-CDF interval holds ``uniform``: the number
    of its ``size - 1`` ascending cut points at or below it, read from the uniform's bucket
    unless a cut point lies inside it."""
    value = buckets[row, uniform >> _BUCKET_SHIFT]
    if value >= 0:
        return np.int64(value)
    value = 0
    for index in range(size - 1):
        value += cuts[row, index] <= uniform
    return np.int64(value)


@njit
def _count_piece(
    cuts, buckets, sizes, nexts, layers, statuses, status_bits, key, first, trials, counts
):
    """Run trials ``first .. first + trials - 1`` of one block and add their end states to
    ``counts``.

    Parameters
    ----------
    cuts : uint32 array, shape (holdings * statuses, width)
        Row ``h * statuses + s``: the cut points of holding ``h``'s steps when the Raiders'
        statuses are ``s`` before its roll.
    buckets : int8 array, shape (holdings * statuses, 2 ** BUCKET_BITS)
        Each row's value for every uniform of a bucket of its top bits, or -1 where a cut
        point lies inside the bucket.
    sizes : int64 array, shape (holdings * statuses,)
        The steps of each row.
    nexts : int32 array, shape (entries,)
        From ``layers[h, 0]``, ``layers[h, 1]`` entries per state reached before holding
        ``h``: the entry of the state after each step (its index shifted left by
        ``status_bits``, the Raiders' statuses in the low bits).
    layers : int64 array, shape (holdings, 2)
        Each holding's offset into ``nexts`` and its width (its most steps).
    statuses : int64
        The number of tuples of the Raiders' statuses (``3 ** raiders``).
    status_bits : int64
        The low bits of an entry that hold the statuses (``statuses <= 2 ** status_bits``).
    key : uint64
    first, trials : int64
    counts : int64 array, shape (end states,)
    """
    holdings = layers.shape[0]
    status_mask = (np.int64(1) << status_bits) - 1
    outputs = np.uint64((holdings + 1) // 2)
    bits = np.empty(CHUNK, np.uint64)
    uniform = np.empty(CHUNK, np.uint64)
    entry = np.empty(CHUNK, np.int64)
    # A chunk of trials holding by holding: the trials of a chunk are independent, so
    # their loads overlap (a trial's holdings wait on each other).
    for start in range(first, first + trials, CHUNK):
        size = min(CHUNK, first + trials - start)
        for trial in range(size):
            entry[trial] = 0
        for holding in range(holdings):
            if holding % 2 == 0:
                output = np.uint64(holding // 2)
                for trial in range(size):
                    bits[trial] = splitmix64(key, np.uint64(start + trial) * outputs + output)
                    uniform[trial] = bits[trial] & _LOW_32
            else:
                for trial in range(size):
                    uniform[trial] = bits[trial] >> _SHIFT_32
            offset = layers[holding, 0]
            width = layers[holding, 1]
            base = holding * statuses
            for trial in range(size):
                row = base + (entry[trial] & status_mask)
                step = _draw(cuts, buckets, row, sizes[row], uniform[trial])
                entry[trial] = nexts[offset + (entry[trial] >> status_bits) * width + step]
        for trial in range(size):
            counts[entry[trial] >> status_bits] += 1


@njit_parallel
def count_riches_states(
    cuts, buckets, sizes, nexts, layers, statuses, status_bits, keys, firsts, trials, counts
):
    """Count the end states of many pieces of work in parallel: piece ``p`` runs trials
    ``firsts[p] .. firsts[p] + trials[p] - 1`` of the block whose stream is ``keys[p]`` and
    adds them to the row of the thread that runs it, ``counts[thread]`` (int64, shape
    (threads, end states), a row per Numba thread). Whichever thread runs a piece, the
    sums over the rows are the same."""
    for piece in prange(keys.shape[0]):
        _count_piece(
            cuts,
            buckets,
            sizes,
            nexts,
            layers,
            statuses,
            status_bits,
            keys[piece],
            firsts[piece],
            trials[piece],
            counts[get_thread_id()],
        )

"""The Numba kernel of theological debates: it draws each trial's matchups, hits and
Campeggio's die and counts the cells of the debate's tree (see
:mod:`oddsengine.engines.debate`). It knows nothing of the game but the layout below.

Every table is inverse-CDF cut points on a 32-bit uniform, as in
:mod:`oddsengine.engines._kernels` (whose SplitMix64 stream it shares): the value drawn is
the number of cut points at or below the uniform. Trial ``t`` of a block reads the
stream's outputs ``4 t`` and ``4 t + 1`` (round 1: matchup and the initiator's hits, the
other's hits and Campeggio's die) and, on a tie, ``4 t + 2`` and ``4 t + 3`` (round 2, the
same four draws): a block's counts are a pure function of its key.
"""

import numpy as np
from numba import prange

from oddsengine.engines._kernels import splitmix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)

#: Layout of the ``layout`` array: round-1 nodes, differences per node, the most dice
#: (the difference's offset), whether the Papacy initiates, Campeggio's cut point.
LAYOUT_FIELDS = ("first_count", "differences", "max_dice", "papal_initiates", "campeggio_cut")


@njit
def _categorical(cut, start, count, uniform):
    """The index ``start + k`` whose interval holds ``uniform``: ``k`` is the number of the
    ``count - 1`` ascending cut points ``cut[start: start + count - 1]`` at or below it
    (a binary search)."""
    low = 0
    high = count - 1
    while low < high:
        middle = (low + high) >> 1
        if cut[start + middle] <= uniform:
            low = middle + 1
        else:
            high = middle
    return start + low


@njit
def _hits(binomial, dice, uniform):
    """Binomial(dice, 1/3) hits for ``uniform``: the number of row ``dice``'s cut points at
    or below it."""
    hits = 0
    while hits < dice and binomial[dice, hits] <= uniform:
        hits += 1
    return hits


@njit
def _count_block(binomial, cut, dice, campeggio, children, layout, key, trials, counts):
    """Run ``trials`` trials of one debate and add their cells to ``counts``.

    Parameters
    ----------
    binomial : uint32 array, shape (max_dice + 1, max_dice + 1)
        Row ``n``: the cut points of Binomial(n, 1/3) (the first ``n``).
    cut : uint32 array, shape (nodes,)
        The categorical cut points: round 1's nodes at ``0 .. first_count - 2``, a node's
        children at ``first .. first + count - 2``.
    dice : int64 array, shape (nodes, 2)
        The initiator's and the other side's dice.
    campeggio : int64 array, shape (nodes,)
        1 where Campeggio's die acts when the Papacy loses.
    children : int64 array, shape (nodes, 2)
        A round-1 node's first child and number of children.
    layout : int64 array, shape (5,)
        See :data:`LAYOUT_FIELDS`.
    key : uint64
    trials : int64
    counts : int64 array, shape (nodes * differences * 2,)
        Cell ``(node * differences + difference + max_dice) * 2 + die``.
    """
    first_count = layout[0]
    differences = layout[1]
    offset = layout[2]
    papal_initiates = layout[3] == 1
    campeggio_cut = np.uint32(layout[4])
    for trial in range(trials):
        counter = np.uint64(4 * trial)
        bits = splitmix64(key, counter)
        node = _categorical(cut, 0, first_count, np.uint32(bits >> _SHIFT_32))
        attack = _hits(binomial, dice[node, 0], np.uint32(bits & _LOW_32))
        bits = splitmix64(key, counter + np.uint64(1))
        defence = _hits(binomial, dice[node, 1], np.uint32(bits >> _SHIFT_32))
        die_uniform = np.uint32(bits & _LOW_32)
        difference = attack - defence
        if difference == 0 and children[node, 1] > 0:
            bits = splitmix64(key, counter + np.uint64(2))
            node = _categorical(cut, children[node, 0], children[node, 1],
                                np.uint32(bits >> _SHIFT_32))
            attack = _hits(binomial, dice[node, 0], np.uint32(bits & _LOW_32))
            bits = splitmix64(key, counter + np.uint64(3))
            defence = _hits(binomial, dice[node, 1], np.uint32(bits >> _SHIFT_32))
            die_uniform = np.uint32(bits & _LOW_32)
            difference = attack - defence
        die = 0
        if campeggio[node] == 1 and difference != 0 and (difference > 0) != papal_initiates:
            die = 1 if die_uniform < campeggio_cut else 0
        counts[((node * differences + difference + offset) << 1) + die] += 1


@njit_parallel
def count_debate_cells(binomial, cut, dice, campeggio, children, layout, keys, trials,
                       counts):
    """Count the cells of many blocks of one debate in parallel: block ``b`` runs
    ``trials[b]`` trials on the stream ``keys[b]`` into ``counts[b]`` (zero on entry)."""
    for block in prange(keys.shape[0]):
        _count_block(binomial, cut, dice, campeggio, children, layout, keys[block],
                     trials[block], counts[block])

"""The Numba kernel of theological debates: it draws each trial's matchups, hits and
Campeggio's die and counts the cells of the debate's tree (see
:mod:`oddsengine.engines.debate`). It knows nothing of the game but the layout below.

Every table is inverse-CDF cut points on a 32-bit uniform, as in
:mod:`oddsengine.engines._kernels` (whose SplitMix64 stream it shares): the value drawn is
the number of cut points at or below the uniform. A draw first looks the uniform's top
bits up in a table of 1024 buckets (:func:`fill_buckets`), so that it is one load unless a
cut point lies inside the bucket.

Trial ``t`` of a block reads the stream's outputs ``4 t`` (the two sides' round-1 hits, high
and low halves), ``4 t + 1`` (round 1's matchup and Campeggio's die, read only when there
are several matchups or Campeggio rolls) and, on a tie, ``4 t + 2`` and ``4 t + 3`` (the
same for round 2): a block's counts are a pure function of its key.
"""

import numpy as np
from numba import prange

from oddsengine.engines._kernels import splitmix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)
#: A draw looks its uniform's top BUCKET_BITS bits up first.
BUCKET_BITS = 10
_BUCKET_SHIFT = np.uint32(32 - BUCKET_BITS)
#: The bucket value of a bucket that holds a cut point: the uniform must be compared.
UNRESOLVED = -1

#: Layout of the ``layout`` array: round-1 nodes, differences per node, the most dice
#: (the difference's offset), whether the Papacy initiates, Campeggio's cut point.
LAYOUT_FIELDS = ("first_count", "differences", "max_dice", "papal_initiates", "campeggio_cut")


def fill_buckets(cuts: np.ndarray) -> np.ndarray:
    """The bucket table of ascending cut points ``cuts`` (uint32): for each of the 1024
    buckets of the uniform's top bits, the number of cut points at or below every uniform
    of the bucket, or :data:`UNRESOLVED` when a cut point lies inside it.

    Examples
    --------
    >>> fill_buckets(np.array([1 << 31], dtype=np.uint32))[[0, 511, 512, 1023]].tolist()
    [0, 0, 1, 1]
    """
    width = 1 << (32 - BUCKET_BITS)
    starts = np.arange(1 << BUCKET_BITS, dtype=np.int64) * width
    ends = starts + width - 1
    cuts = np.asarray(cuts, dtype=np.int64)
    at_start = np.searchsorted(cuts, starts, side="right")
    at_end = np.searchsorted(cuts, ends, side="right")
    return np.where(at_start == at_end, at_start, UNRESOLVED).astype(np.int32)


@njit
def _matchup(buckets, row, cut, start, count, uniform):
    """The number of the ``count`` cut points ``cut[start: start + count]`` at or below
    ``uniform``, read from row ``row`` of ``buckets`` when its bucket holds none."""
    value = buckets[row, uniform >> _BUCKET_SHIFT]
    if value >= 0:
        return value
    value = 0
    for index in range(count):
        value += cut[start + index] <= uniform
    return value


@njit
def _hits(buckets, binomial, dice, uniform):
    """Binomial(dice, 1/3) hits for ``uniform``: the number of row ``dice``'s cut points at
    or below it, read from its bucket when the bucket holds none. (No row is sliced out:
    a view would cost each draw a reference count.)"""
    value = buckets[dice, uniform >> _BUCKET_SHIFT]
    if value >= 0:
        return value
    value = 0
    for index in range(dice):
        value += binomial[dice, index] <= uniform
    return value


@njit
def _count_block(binomial, hit_buckets, cut, node_buckets, dice, campeggio, children, layout,
                 key, trials, counts):
    """Run ``trials`` trials of one debate and add their cells to ``counts``.

    Parameters
    ----------
    binomial : uint32 array, shape (max_dice + 1, max_dice + 1)
        Row ``n``: the ``n`` cut points of Binomial(n, 1/3).
    hit_buckets : int32 array, shape (max_dice + 1, 1024)
        The bucket table of each row of ``binomial``.
    cut : uint32 array, shape (nodes,)
        The categorical cut points: round 1's nodes at ``0 .. first_count - 2``, a node's
        children at ``first .. first + count - 2``.
    node_buckets : int32 array, shape (first_count + 1, 1024)
        Row 0: the bucket table of round 1's draw; row ``1 + i``: of round-1 node ``i``'s
        children.
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
    many = first_count > 1
    for trial in range(trials):
        counter = np.uint64(4) * np.uint64(trial)
        node = 0
        other = np.uint64(0)
        if many:
            other = splitmix64(key, counter + np.uint64(1))
            node = _matchup(node_buckets, 0, cut, 0, first_count - 1,
                            np.uint32(other >> _SHIFT_32))
        bits = splitmix64(key, counter)
        attack_dice = dice[node, 0]
        defence_dice = dice[node, 1]
        difference = _hits(hit_buckets, binomial, attack_dice,
                           np.uint32(bits >> _SHIFT_32)) - _hits(
            hit_buckets, binomial, defence_dice, np.uint32(bits & _LOW_32))
        round_two = difference == 0 and children[node, 1] > 0
        if round_two:
            parent = node
            extra = splitmix64(key, counter + np.uint64(3))
            start = children[parent, 0]
            node = start + _matchup(node_buckets, 1 + parent, cut, start,
                                    children[parent, 1] - 1, np.uint32(extra >> _SHIFT_32))
            bits = splitmix64(key, counter + np.uint64(2))
            attack_dice = dice[node, 0]
            defence_dice = dice[node, 1]
            difference = _hits(hit_buckets, binomial, attack_dice,
                               np.uint32(bits >> _SHIFT_32)) - _hits(
                hit_buckets, binomial, defence_dice, np.uint32(bits & _LOW_32))
            other = extra
        die = 0
        if campeggio[node] == 1 and difference != 0 and (difference > 0) != papal_initiates:
            if not many and not round_two:
                other = splitmix64(key, counter + np.uint64(1))
            die = 1 if np.uint32(other & _LOW_32) < campeggio_cut else 0
        counts[((node * differences + difference + offset) << 1) + die] += 1


@njit_parallel
def count_debate_cells(binomial, hit_buckets, cut, node_buckets, dice, campeggio, children,
                       layout, keys, trials, counts):
    """Count the cells of many blocks of one debate in parallel: block ``b`` runs
    ``trials[b]`` trials on the stream ``keys[b]`` into ``counts[b]`` (zero on entry)."""
    for block in prange(keys.shape[0]):
        _count_block(binomial, hit_buckets, cut, node_buckets, dice, campeggio, children,
                     layout, keys[block], trials[block], counts[block])

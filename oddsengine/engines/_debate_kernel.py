"""The Numba kernel of theological debates: it draws each trial's matchups and dice and
counts how each trial ends (see :mod:`oddsengine.engines.debate`). It knows nothing of the
game but the layout below.

A round of a debate is one draw (20 steps 2-7, 23.10): its matchup (the two debaters, with
the chance the tree of draws gives it), the hit difference (the initiator's
Binomial(dice, 1/3) hits less the other side's, 20 step 5: one categorical distribution
per pair of dice counts) and Campeggio's die when he rolls (20 step 7: 5-6 of a d6
ignores a lost result, independent of the hits). Their joint distribution, the matchup's
chance times the dice's, is one categorical distribution over the round's cells (node,
hit difference, die) that can happen, drawn by one 32-bit uniform. Round 1 draws from
its cells; a tie whose node has round-2 matchups goes on, and round 2 draws from the
cells of that node's children. Every trial draws its own matchups and dice; what the
kernel counts is the end state each drawn cell gives (a label per cell).

Every draw is from an alias table (Walker's method, in whole numbers, :func:`alias_table`):
``2**b`` columns, each packing a threshold and two labels in a uint64. A uniform's top
``b`` bits choose the column, its other ``32 - b`` bits below the column's threshold
draw the column's own cell, else its alias: each cell's chance is exactly its
whole-number mass over ``2**32``, as the inverse-CDF cut points of
:mod:`oddsengine.engines._kernels` give it. One load and one comparison, no search, no
branch.

Stream layout: trial ``t`` of a block reads the SplitMix64 output ``t`` of the block's
stream (:func:`oddsengine.engines._kernels.splitmix64` at counter ``t``): its low 32 bits
draw round 1, its high 32 bits round 2 on a tie (unread otherwise). A block's counts are a
pure function of its key, so the same seed gives the same numbers whatever the thread
count and whichever worker runs the block.
"""

import numpy as np
from numba import get_thread_id, prange

from oddsengine.engines._kernels import GAMMA, mix64
from oddsengine.engines._numba_options import njit, njit_parallel

_SHIFT_32 = np.uint64(32)
_SHIFT_48 = np.uint64(48)
_LOW_32 = np.uint64(0xFFFFFFFF)
_LABEL = np.uint64(0xFFFF)
#: Trials drawn together, so that the loops over them vectorize.
CHUNK = 1024
#: Interleaved copies of a small tree's counts, so that trials landing in the same cell one
#: after the other do not wait on each other's store (a big tree's cells are spread).
LANES = 4
#: The most cells (per copy) for which the kernel keeps :data:`LANES` copies.
LANE_CELLS = 4096

#: Layout of the ``layout`` array: the bits of round 1's and of round 2's alias tables, the
#: end labels (a tie's label is ``ends`` plus its round-1 node), the labels counted (ends
#: and ties) and the copies of the counts.
LAYOUT_FIELDS = ("first_bits", "child_bits", "ends", "width", "lanes")


def alias_table(masses, labels, bits: int) -> np.ndarray:
    """The alias table of ``2**bits`` columns (``bits`` 1-16) of the distribution
    ``masses`` (floats, at most ``2**bits`` of them, not all zero) whose entries are
    recorded as ``labels`` (whole numbers below 2**16), packed one column to a uint64.

    The masses are first rounded to whole numbers summing to ``2**32`` (each the
    difference of its rounded cumulative sum and the one before, so within 1 of its
    share; a positive mass keeps at least 1), then Vose's method fills the columns
    in whole numbers, so that entry ``i`` is drawn with chance exactly its rounded mass
    over ``2**32``. Column ``c`` is drawn by a uniform whose top ``bits`` bits are ``c``;
    its lower ``32 - bits`` bits below the column's threshold draw entry ``c``, the rest
    the column's alias. A column packs ``threshold | own label << 32 | alias's label <<
    48``.

    Examples
    --------
    >>> table = alias_table([0.75, 0.25], [7, 9], 1)  # column 1 gives half to entry 0
    >>> [(int(c) & (2**32 - 1), int(c) >> 32 & 0xFFFF, int(c) >> 48) for c in table]
    [(2147483648, 7, 7), (1073741824, 9, 7)]
    """
    masses = np.asarray(masses, dtype=float)
    return alias_tables(masses[None, :], np.asarray(labels)[None, :], bits)[0]


def alias_tables(masses, labels, bits: int) -> np.ndarray:
    """:func:`alias_table` of each row of ``masses`` and ``labels`` (2-d, at most
    ``2**bits`` columns; a row padded with zero masses), shape (rows, 2**bits)."""
    rows, given = masses.shape
    size = 1 << bits
    padded = np.zeros((rows, size))
    padded[:, :given] = masses
    whole = _whole_masses(padded)
    threshold, alias = _vose(whole, np.int64(1) << np.int64(32 - bits))
    own = np.zeros((rows, size), dtype=np.uint64)
    own[:, :given] = labels
    return (
        threshold.astype(np.uint64)
        | own << np.uint64(32)
        | np.take_along_axis(own, alias, axis=1) << np.uint64(48)
    )


@njit
def _whole_masses(masses):
    """Each row of ``masses`` (floats) as whole numbers summing to 2**32: the differences
    of the rounded cumulative sums; a positive mass rounded to 0 gets 1, taken from the
    row's largest."""
    rows, size = masses.shape
    whole = np.zeros((rows, size), np.int64)
    total = 2.0**32
    for row in range(rows):
        row_sum = 0.0
        for index in range(size):
            row_sum += masses[row, index]
        running = 0.0
        before = 0
        for index in range(size):
            running += masses[row, index]
            after = np.int64(np.round(running / row_sum * total))
            if index == size - 1:
                after = np.int64(1) << np.int64(32)
            whole[row, index] = after - before
            before = after
        for index in range(size):
            if masses[row, index] > 0 and whole[row, index] == 0:
                whole[row, index] = 1
                whole[row, np.argmax(whole[row])] -= 1
    return whole


@njit
def _vose(masses, capacity):
    """Vose's alias method in whole numbers, row by row: the columns' thresholds and
    aliases of the masses ``masses`` (int64, each row summing to ``capacity`` times its
    length)."""
    rows, size = masses.shape
    threshold = np.full((rows, size), capacity, np.int64)  # a full column draws itself
    alias = np.empty((rows, size), np.int64)
    small = np.empty(size, np.int64)
    large = np.empty(size, np.int64)
    for row in range(rows):
        mass = masses[row].copy()
        smalls = 0
        larges = 0
        for index in range(size):
            alias[row, index] = index
            if mass[index] < capacity:
                small[smalls] = index
                smalls += 1
            elif mass[index] > capacity:
                large[larges] = index
                larges += 1
        while smalls > 0 and larges > 0:
            smalls -= 1
            low = small[smalls]
            high = large[larges - 1]
            threshold[row, low] = mass[low]
            alias[row, low] = high
            mass[high] -= capacity - mass[low]
            if mass[high] < capacity:
                larges -= 1
                small[smalls] = high
                smalls += 1
            elif mass[high] == capacity:
                larges -= 1
        # Whole numbers: every column left holds exactly its capacity (a full column).
    return threshold, alias


@njit
def _alias_draw(table, offset, shift, mask, uniform):
    """The label that the packed alias table at ``table[offset:]`` gives ``uniform`` (a
    32-bit uniform in a uint64): column ``uniform >> shift``, its own entry if ``uniform &
    mask`` is below the column's threshold, else its alias (``mask = 2**shift - 1``).
    Unsigned indices: no wraparound of negative ones to test."""
    entry = table[offset + (uniform >> shift)]
    own = (entry >> _SHIFT_32) & _LABEL
    alias = entry >> _SHIFT_48
    # Without a branch (the comparison is a coin flip to a branch predictor).
    take = np.uint64(0) - np.uint64((uniform & mask) < (entry & _LOW_32))
    return alias ^ ((own ^ alias) & take)


@njit
def _count_block(first_table, child_table, layout, key, trials, local):
    """Run ``trials`` trials of one debate on the stream ``key`` and add their labels to
    ``local``.

    Parameters
    ----------
    first_table : uint64 array, shape (2**first_bits,)
        The alias table of round 1's draw; its labels are end labels (below ``ends``) or,
        for a tie that goes on to round 2, ``ends`` plus the round-1 node.
    child_table : uint64 array, shape (first_count * 2**child_bits,)
        From ``i * 2**child_bits``: the alias table of round 2's draw after round-1 node
        ``i`` tied; its labels are end labels.
    layout : int64 array, shape (5,)
        See :data:`LAYOUT_FIELDS`.
    key : uint64
    trials : int64
    local : uint32 array, shape (lanes * width,)
        A trial adds one to its label in lane ``trial % lanes`` (``lanes`` a power of
        two), at ``lane * width``; a tie's round-1 label is counted too (its trial's end
        is counted in round 2).
    """
    first_shift = np.uint64(32 - layout[0])
    child_bits = np.uint64(layout[1])
    child_shift = np.uint64(32 - layout[1])
    first_mask = (np.uint64(1) << first_shift) - np.uint64(1)
    child_mask = (np.uint64(1) << child_shift) - np.uint64(1)
    ends = np.uint64(layout[2])
    width = np.uint64(layout[3])
    lane_mask = np.uint64(layout[4] - 1)
    high = np.empty(CHUNK, np.uint64)
    low = np.empty(CHUNK, np.uint64)
    label = np.empty(CHUNK, np.uint64)
    tied = np.empty(CHUNK, np.uint64)
    start_of = np.empty(CHUNK, np.uint64)
    second = np.empty(CHUNK, np.uint64)
    for start in range(0, trials, CHUNK):
        count = min(CHUNK, trials - start)
        # Output t: splitmix64's state key + (t + 1) GAMMA, stepped by GAMMA.
        state = key + (np.uint64(start) + np.uint64(1)) * GAMMA
        for trial in range(count):
            bits = mix64(state)
            high[trial] = bits >> _SHIFT_32
            low[trial] = bits & _LOW_32
            state += GAMMA
        for trial in range(count):
            label[trial] = _alias_draw(
                first_table, np.uint64(0), first_shift, first_mask, low[trial]
            )
        for trial in range(count):
            local[(np.uint64(trial) & lane_mask) * width + label[trial]] += np.uint32(1)
        ties = 0
        for trial in range(count):
            tied[ties] = trial
            ties += label[trial] >= ends
        # Round 2 of the tied trials, in passes: their uniforms and tables, their draws,
        # their counts.
        for index in range(ties):
            trial = tied[index]
            start_of[index] = (label[trial] - ends) << child_bits
            second[index] = high[trial]
        for index in range(ties):
            label[index] = _alias_draw(
                child_table, start_of[index], child_shift, child_mask, second[index]
            )
        for index in range(ties):
            local[(tied[index] & lane_mask) * width + label[index]] += np.uint32(1)


@njit_parallel
def count_debate_labels(first_table, child_table, layout, keys, trials, counts):
    """Count the labels of the blocks of one debate in parallel: block ``b`` runs
    ``trials[b]`` trials (at most 2**32 - 1) on the stream ``keys[b]`` and adds its counts
    to the row of the thread that runs it, ``counts[thread]`` (int64, shape (threads,
    width), zero on entry, a row per Numba thread), each block counted first in ``lanes``
    (``layout[4]``) uint32 copies of its own. Whichever thread runs a block, the sums over
    the rows are the same. The counts of the ties' round-1 labels (from ``ends``) are the
    trials that went on to round 2.
    """
    width = counts.shape[1]
    lanes = layout[4]
    for block in prange(keys.shape[0]):
        local = np.zeros(lanes * width, np.uint32)
        _count_block(first_table, child_table, layout, keys[block], trials[block], local)
        thread = get_thread_id()
        for lane in range(lanes):
            for index in range(width):
                counts[thread, index] += local[lane * width + index]

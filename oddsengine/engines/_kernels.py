"""Numba kernels that sample hit counts and dice rolls and count what they saw.

The kernels know nothing of the game. A *draw plan* (see :mod:`oddsengine.draws`)
reduces an engagement to at most four discrete random quantities per trial:

``first``
    drawn from one table (a side's hits before any card is played after the roll, or a
    2d6 total);
``second``
    drawn from the table row chosen by ``min(first, rows - 1)``; one row when both sides
    roll at the same time, one row per hit count of the side that fired first under
    Surprise Attack;
``attacker_extra``, ``defender_extra``
    independent draws for dice added after seeing the roll (Janissaries, Siege
    Artillery); a table with a single outcome when there is no such card.

Every table is stored as inverse-CDF thresholds on a 32-bit uniform: the value drawn is
the number of thresholds at or below the uniform, which needs no branch and no search.
The kernels count each combination of the four values in a histogram, so memory does not
grow with the number of trials; the rules that turn a combination into survivors, winners
and captured leaders are applied to the histogram afterwards, in Python.

One sampler: the values drawn for a trial are those of
:func:`oddsengine.engines._numpy_kernel.sample_values` (the reference, in NumPy); the battle
kernel below is its vectorized form and :func:`draw_cell` its form for one trial, which
the move kernel calls at each battle. The tests check all three against each other.

Random numbers come from a counter-based SplitMix64 stream: the 64-bit output for trial
``i`` of a block is a pure function of the block's key and ``i``. A block's counts
therefore do not depend on which thread runs it or on which other blocks run beside it.
"""

import numpy as np
from numba import prange

from oddsengine.engines._numba_options import njit, njit_parallel

#: Golden-ratio increment of SplitMix64.
GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_SHIFT_30 = np.uint64(30)
_SHIFT_27 = np.uint64(27)
_SHIFT_31 = np.uint64(31)
_SHIFT_32 = np.uint64(32)
_LOW_32 = np.uint64(0xFFFFFFFF)

#: A dependent draw (Surprise Attack) first looks its uniform's top bits up in a table of
#: 2**_BUCKET_BITS buckets per row (see _fill_buckets).
_BUCKET_BITS = 10
_BUCKET_SHIFT = np.uint32(32 - _BUCKET_BITS)
_BUCKETS = 1 << _BUCKET_BITS
#: The bucket value of a bucket that holds a threshold: it makes the cell index negative.
_UNRESOLVED = -(1 << 24)


#: Layout of one row of the ``layout`` array passed to :func:`count_cells`.
LAYOUT_FIELDS = (
    "first_size",
    "second_rows",
    "second_size",
    "attacker_extra_size",
    "defender_extra_size",
)


@njit
def splitmix64(key, counter):
    """Return the SplitMix64 output for position ``counter`` of the stream ``key``.

    Parameters
    ----------
    key, counter : uint64

    Returns
    -------
    uint64
    """
    return mix64(key + (counter + np.uint64(1)) * GAMMA)


@njit
def mix64(state):
    """SplitMix64's output function: the output of a stream whose state is ``state``
    (``key + (counter + 1) * GAMMA``; a kernel stepping through a stream adds
    :data:`GAMMA` to its state)."""
    state = (state ^ (state >> _SHIFT_30)) * _MIX_1
    state = (state ^ (state >> _SHIFT_27)) * _MIX_2
    return state ^ (state >> _SHIFT_31)


#: :func:`draw_cell` starts its scan from a guide: the value drawn at the bottom of each
#: 1/256 of the 32-bit uniform (its top 8 bits).
_GUIDE_SHIFT = np.uint32(32 - 8)


@njit
def table_draw(thresholds, guides, row, size, uniform):
    """The value whose inverse-CDF interval holds ``uniform``: the number of the row's
    ``size - 1`` ascending thresholds at or below it.

    ``guides[row, uniform >> 24]`` is that number at the bottom of the uniform's 1/256
    bucket, so the scan from there rarely takes a step.
    """
    value = guides[row, uniform >> _GUIDE_SHIFT]
    while value < size - 1 and thresholds[row, value] <= uniform:
        value += 1
    return value


@njit
def draw_cell(thresholds, guides, layout, key, counter):
    """Draw one trial of a draw plan from the outputs ``counter`` (and ``counter + 1`` when
    the plan has extra dice) of the stream ``key``.

    This is the one sampler (:func:`oddsengine.engines._numpy_kernel.sample_values`) for one trial:
    at ``counter = 2 p`` it draws the values drawn at position ``p``, and
    :func:`_count_block` is its vectorized form. Moves call it at each battle.

    Parameters
    ----------
    thresholds : uint32 array, shape (rows, width)
    guides : int64 array, shape (rows, 256)
        The value drawn at the bottom of each 1/256 of the uniform, per row.
    layout : int64 array, shape (5,)
    key, counter : uint64

    Returns
    -------
    cell : int64
        The histogram cell (as :func:`_count_block` counts it).
    counter : uint64
        The next unused output of the stream.
    """
    bits = splitmix64(key, counter)
    counter += np.uint64(1)
    first = table_draw(thresholds, guides, 0, layout[0], np.uint32(bits >> _SHIFT_32))
    row = 1 + min(first, layout[1] - 1)
    second = table_draw(thresholds, guides, row, layout[2], np.uint32(bits & _LOW_32))
    attacker_extra = 0
    defender_extra = 0
    if layout[3] > 1 or layout[4] > 1:
        extra = splitmix64(key, counter)
        counter += np.uint64(1)
        attacker_extra = table_draw(
            thresholds, guides, layout[1] + 1, layout[3], np.uint32(extra >> _SHIFT_32)
        )
        defender_extra = table_draw(
            thresholds, guides, layout[1] + 2, layout[4], np.uint32(extra & _LOW_32)
        )
    cell = (first * layout[2] + second) * layout[3] + attacker_extra
    return cell * layout[4] + defender_extra, counter


#: Trials handled together, so that the loops over them vectorize.
CHUNK = 256


@njit
def _add_draws(thresholds, row, size, uniforms, values, count, weight):
    """Add ``weight`` times the draw for each of ``uniforms[:count]`` to ``values``.

    The value drawn for a uniform is the number of the table's ``size - 1`` thresholds at
    or below it: an inverse-CDF lookup without branches, vectorized over the trials, four
    thresholds per pass.
    """
    last = size - 1
    index = 0
    while index + 4 <= last:
        first = thresholds[row, index]
        second = thresholds[row, index + 1]
        third = thresholds[row, index + 2]
        fourth = thresholds[row, index + 3]
        for trial in range(count):
            uniform = uniforms[trial]
            below = (
                np.int32(first <= uniform)
                + np.int32(second <= uniform)
                + np.int32(third <= uniform)
                + np.int32(fourth <= uniform)
            )
            values[trial] += below * weight
        index += 4
    while index < last:
        threshold = thresholds[row, index]
        for trial in range(count):
            values[trial] += np.int32(threshold <= uniforms[trial]) * weight
        index += 1


@njit
def _fill_buckets(thresholds, rows, size, buckets):
    """Tabulate the draws of the ``rows`` tables after row 0 by the top bits of the uniform.

    ``buckets[r, b]`` is the value table ``1 + r`` gives every uniform whose top
    ``_BUCKET_BITS`` bits are ``b`` (the number of its ``size - 1`` thresholds at or below
    each of them), or ``_UNRESOLVED`` when a threshold lies inside the bucket and the
    uniform itself must be compared. At most ``size - 1`` of the 1024 buckets of a row are
    unresolved, so almost every dependent draw is one load (which vectorizes), and each
    value is exactly the one the comparisons give.

    Parameters
    ----------
    thresholds : uint32 array, shape (rows + 3, width)
        As for :func:`_count_block`.
    buckets : int32 array, shape (rows, 2**_BUCKET_BITS)
        Filled on return.
    """
    width = np.uint64(1) << np.uint64(32 - _BUCKET_BITS)
    last = size - 1
    for table in range(rows):
        at_start = 0
        at_end = 0
        for bucket in range(buckets.shape[1]):
            start = np.uint64(bucket) * width
            end = start + width - np.uint64(1)
            while at_start < last and np.uint64(thresholds[1 + table, at_start]) <= start:
                at_start += 1
            while at_end < last and np.uint64(thresholds[1 + table, at_end]) <= end:
                at_end += 1
            buckets[table, bucket] = at_start if at_start == at_end else _UNRESOLVED


@njit
def _resolved(thresholds, cell, row_start, size, uniform):
    """``cell``, or, when its bucket held a threshold (a negative cell), the cell with the
    value found by comparing ``uniform`` with every threshold of its table."""
    if cell >= 0:
        return cell
    table = 1 + row_start // _BUCKETS
    value = -_UNRESOLVED
    for index in range(size - 1):
        value += np.int32(thresholds[table, index] <= uniform)
    return cell + value


@njit
def _count_block(thresholds, layout, key, trials, counts):
    """Run ``trials`` trials of one scenario and add them to ``counts``.

    Parameters
    ----------
    thresholds : uint32 array, shape (rows, width)
        Row 0 is the table of ``first``; rows ``1 .. second_rows`` the tables of
        ``second``; then one row for ``attacker_extra`` and one for ``defender_extra``.
        Each row holds ``size - 1`` ascending thresholds on a 32-bit uniform.
    layout : int64 array, shape (5,)
        See :data:`LAYOUT_FIELDS`.
    key : uint64
        Key of this block's random stream.
    trials : int64
    counts : int64 array, shape (cells,)
        Histogram over ``((first * second_size + second) * attacker_extra_size
        + attacker_extra) * defender_extra_size + defender_extra``.
    """
    first_size = layout[0]
    second_rows = layout[1]
    second_size = layout[2]
    attacker_extra_size = layout[3]
    defender_extra_size = layout[4]
    has_extra = attacker_extra_size > 1 or defender_extra_size > 1
    high = np.empty(CHUNK, np.uint32)
    low = np.empty(CHUNK, np.uint32)
    extra_high = np.empty(CHUNK, np.uint32)
    extra_low = np.empty(CHUNK, np.uint32)
    cell = np.empty(CHUNK, np.int32)
    row = np.empty(CHUNK, np.int32)
    buckets = np.empty((second_rows, 1 << _BUCKET_BITS), np.int32)
    if second_rows > 1:
        _fill_buckets(thresholds, second_rows, second_size, buckets)
    flat_buckets = buckets.ravel()
    attacker_extra = np.empty(CHUNK, np.int32)
    defender_extra = np.empty(CHUNK, np.int32)
    # Four interleaved copies of the histogram, so that consecutive trials landing in the
    # same cell do not wait on each other's store.
    lanes = np.zeros((4, counts.shape[0]), np.int64)
    for start in range(0, trials, CHUNK):
        count = min(CHUNK, trials - start)
        for trial in range(count):
            bits = splitmix64(key, np.uint64(2 * (start + trial)))
            high[trial] = np.uint32(bits >> _SHIFT_32)
            low[trial] = np.uint32(bits & _LOW_32)
            cell[trial] = 0
            row[trial] = 0
        if second_rows == 1:
            # The first value goes straight into the cell index, weighted by second_size.
            _add_draws(thresholds, 0, first_size, high, cell, count, np.int32(second_size))
            _add_draws(thresholds, 1, second_size, low, cell, count, np.int32(1))
        else:
            # Surprise Attack: the second side's table depends on the first side's hits.
            # The first value is drawn apart, to choose the row: no division per trial.
            _add_draws(thresholds, 0, first_size, high, row, count, np.int32(1))
            last_row = np.int32(second_rows - 1)
            for trial in range(count):
                cell[trial] = row[trial] * np.int32(second_size)
                row[trial] = min(row[trial], last_row) * np.int32(_BUCKETS)
            for trial in range(count):
                cell[trial] += flat_buckets[row[trial] + np.int32(low[trial] >> _BUCKET_SHIFT)]
            # A negative cell: a threshold lies in the uniform's bucket (see _resolved).
            if has_extra:
                for trial in range(count):
                    cell[trial] = _resolved(
                        thresholds, cell[trial], row[trial], second_size, low[trial]
                    )
        if has_extra:
            for trial in range(count):
                bits = splitmix64(key, np.uint64(2 * (start + trial) + 1))
                extra_high[trial] = np.uint32(bits >> _SHIFT_32)
                extra_low[trial] = np.uint32(bits & _LOW_32)
                attacker_extra[trial] = 0
                defender_extra[trial] = 0
            _add_draws(
                thresholds,
                second_rows + 1,
                attacker_extra_size,
                extra_high,
                attacker_extra,
                count,
                np.int32(1),
            )
            _add_draws(
                thresholds,
                second_rows + 2,
                defender_extra_size,
                extra_low,
                defender_extra,
                count,
                np.int32(1),
            )
            for trial in range(count):
                index = cell[trial] * attacker_extra_size + attacker_extra[trial]
                index = index * defender_extra_size + defender_extra[trial]
                lanes[trial & 3, index] += 1
        elif second_rows == 1:
            for trial in range(count):
                lanes[trial & 3, cell[trial]] += 1
        else:
            for trial in range(count):
                index = _resolved(thresholds, cell[trial], row[trial], second_size, low[trial])
                lanes[trial & 3, index] += 1
    for lane in range(4):
        for index in range(counts.shape[0]):
            counts[index] += lanes[lane, index]


@njit_parallel
def count_cells(thresholds, layouts, block_scenarios, block_keys, block_trials, counts):
    """Sample many blocks of trials, of one or many scenarios, in parallel.

    Parameters
    ----------
    thresholds : uint32 array, shape (scenarios, rows, width)
        One table stack per scenario, laid out as for :func:`_count_block`.
    layouts : int64 array, shape (scenarios, 5)
    block_scenarios : int64 array, shape (blocks,)
        The scenario each block belongs to.
    block_keys : uint64 array, shape (blocks,)
        The random-stream key of each block.
    block_trials : int64 array, shape (blocks,)
    counts : int64 array, shape (blocks, cells)
        Zero on entry; row ``b`` receives the histogram of block ``b``.
    """
    for block in prange(block_keys.shape[0]):
        scenario = block_scenarios[block]
        _count_block(
            thresholds[scenario],
            layouts[scenario],
            block_keys[block],
            block_trials[block],
            counts[block],
        )

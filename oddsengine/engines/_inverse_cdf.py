"""Inverse-CDF tables on 32-bit uniforms, built without Numba: the cut points of a law given
in whole numbers, the bucket table that resolves most draws with one look-up, and the
NumPy form of a draw (the Numba kernels draw the very same values).

A law of ``size`` values is stored as ``size - 1`` ascending cut points (uint32); the value
drawn by a uniform ``u`` (0 .. 2**32 - 1) is the number of cut points at or below ``u``.
The value is a pure function of the cut points and ``u``, however it is found (a bucket
and a scan in a kernel, a comparison of whole arrays here), so every form draws the same
values from the same stream.

Examples
--------
>>> cuts = cut_points(np.array([1, 2, 1]))  # 1/4, 1/2, 1/4
>>> cuts.tolist()
[1073741824, 3221225472]
>>> buckets = fill_buckets(cuts)
>>> uniforms = np.array([0, 1 << 30, 3 << 30], dtype=np.uint64)
>>> draw_rows(cuts[None, :], buckets[None, :], np.array([3]), np.zeros(3, dtype=np.int64),
...           uniforms).tolist()
[0, 1, 2]
"""

from __future__ import annotations

import numpy as np

__all__ = ["BUCKET_BITS", "UNRESOLVED", "cut_points", "draw_rows", "fill_buckets"]

#: A draw looks its uniform's top BUCKET_BITS bits up first (see :func:`fill_buckets`).
BUCKET_BITS = 10
#: The bucket value of a bucket that holds a cut point: the uniform must be compared.
UNRESOLVED = -1
#: Where a row of cut points shorter than its table is padded (no uniform reaches it).
PAD = np.iinfo(np.uint32).max


def cut_points(weights) -> np.ndarray:
    """The cut points (uint32) of the law whose values have the whole-number ``weights``
    (each positive): cut ``v`` is the running sum of the first ``v + 1`` weights over
    their total, times 2**32, rounded to the nearest whole number in whole-number
    arithmetic. Value ``v`` is drawn by ``cut[v] - cut[v - 1]`` of the 2**32 uniforms:
    its chance is within 2**-32 of its exact one.

    Examples
    --------
    >>> cut_points([1, 1, 1]).tolist()  # 2**32 / 3 and 2 * 2**32 / 3, rounded
    [1431655765, 2863311531]
    """
    weights = [int(weight) for weight in weights]
    if any(weight <= 0 for weight in weights):
        raise ValueError("every value of an inverse-CDF table needs a positive weight")
    total, running, cuts = sum(weights), 0, []
    for weight in weights[:-1]:
        running += weight
        # Rounded half up; a cut at 2**32 (a last weight below 2**-33 of the total) would
        # not fit in 32 bits: such a value keeps one uniform.
        cuts.append(min((2 * running * 2**32 + total) // (2 * total), PAD))
    return np.array(cuts, dtype=np.uint32)


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


def draw_rows(cuts, buckets, sizes, rows, uniforms) -> np.ndarray:
    """The value each uniform draws from its row's table, for whole arrays.

    Parameters
    ----------
    cuts : uint32 array, shape (tables, width)
        Each table's ascending cut points, padded with :data:`PAD` (never read).
    buckets : int array (int8 or int32), shape (tables, 2 ** BUCKET_BITS)
        Each table's :func:`fill_buckets` (of its own cut points, not the padding).
    sizes : int64 array, shape (tables,)
        Each table's number of values (its cut points and one).
    rows : int64 array, shape (n,)
        The table each uniform draws from.
    uniforms : uint64 array, shape (n,)
        32-bit uniforms (below 2**32).

    Returns
    -------
    int64 array, shape (n,)
        The number of the row's own cut points at or below each uniform: the bucket's
        value, or, where a cut point lies inside the bucket, a comparison with each of
        the row's own cut points.
    """
    values = buckets[rows, (uniforms >> np.uint64(32 - BUCKET_BITS)).astype(np.int64)].astype(
        np.int64
    )
    unresolved = np.flatnonzero(values == UNRESOLVED)
    if unresolved.size:
        chosen = rows[unresolved]
        own = np.arange(cuts.shape[1]) < (sizes[chosen] - 1)[:, None]
        below = cuts[chosen].astype(np.uint64) <= uniforms[unresolved, None]
        values[unresolved] = (below & own).sum(axis=1)
    return values

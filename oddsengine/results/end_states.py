"""End states: the cells of a draw plan merged by what they describe.

Both engines weigh every *cell* of an engagement's draw plan (a probability, or a count
of trials); the engagement's rules describe each cell by a few columns (the outcome,
survivors, events). Cells that the columns describe alike are one end state: their
weights are summed. :func:`merge_cells` does it for one engagement or for many laid end
to end (a batch of exact answers), with the same states and sums either way.
:func:`end_state_map` keeps, for one engagement, which state each cell falls in: the
states' weights for the same cells are then one ``bincount`` (the sums of
:func:`merge_cells`, bit for bit).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["EndStateMap", "end_state_map", "merge_cells"]


def merge_cells(columns, weights, cells=None) -> list[tuple[dict, np.ndarray]]:
    """The end states and their summed weights, for each engagement.

    Parameters
    ----------
    columns : dict of str to array
        One value per cell: whole numbers, booleans or labels (an object column, read
        as text).
    weights : array of float
        The weight of each cell.
    cells : sequence of int, optional
        The number of cells of each engagement, laid end to end in ``columns`` and
        ``weights``; by default all the cells are one engagement's.

    Returns
    -------
    list of (dict of str to ndarray, ndarray)
        For each engagement, its states (one entry per column: whole numbers as int64,
        booleans, labels as objects) and their summed weights. Cells of zero weight are
        dropped; the states come in the lexicographic order of their columns (labels in
        their sorted order); each state's weight is the sum of its cells' weights in cell
        order. Without columns the cells are the states, unmerged.

    Examples
    --------
    >>> columns = {"outcome": np.array(["won", "lost", "won"], dtype=object)}
    >>> [(states["outcome"].tolist(), summed.tolist())
    ...  for states, summed in merge_cells(columns, np.array([0.25, 0.5, 0.25]))]
    [(['lost', 'won'], [0.5, 0.5])]
    """
    weights = np.asarray(weights, dtype=float)
    cells = [weights.size] if cells is None else list(cells)
    keep = weights > 0
    every_cell = bool(keep.all())
    kept_weights = weights if every_cell else weights[keep]
    if not columns:
        engagement = np.repeat(np.arange(len(cells)), cells)[keep]
        ends = np.cumsum(np.bincount(engagement, minlength=len(cells))).tolist()
        return [
            ({}, kept_weights[start:end]) for start, end in zip([0, *ends[:-1]], ends, strict=True)
        ]
    parts, cuts, inverse = _merged_states(columns, keep, every_cell, cells)
    summed = np.bincount(inverse, weights=kept_weights, minlength=cuts[-1][1] if cuts else 0)
    return [
        ({name: pieces[index] for name, pieces in parts.items()}, summed[start:end])
        for index, (start, end) in enumerate(cuts)
    ]


@dataclass(frozen=True)
class EndStateMap:
    """Which end state each cell of one engagement falls in.

    Parameters
    ----------
    states : dict of str to ndarray
        The end states, as :func:`merge_cells` gives them (read-only arrays).
    inverse : ndarray of int
        The state of each kept cell.
    keep : ndarray of bool or None
        The cells of non-zero weight; None when every cell is kept.
    """

    states: dict
    inverse: np.ndarray
    keep: np.ndarray | None

    def weigh(self, weights) -> np.ndarray:
        """The summed weight of each state: the same cells' weights as the map was made
        from, merged as :func:`merge_cells` merges them (the same sums, bit for bit)."""
        weights = np.asarray(weights, dtype=float)
        kept = weights if self.keep is None else weights[self.keep]
        return np.bincount(self.inverse, weights=kept, minlength=self.size)

    @property
    def size(self) -> int:
        """The number of end states."""
        return int(self.inverse.max()) + 1 if self.inverse.size else 0


def end_state_map(columns, weights) -> EndStateMap | None:
    """The :class:`EndStateMap` of one engagement's cells, or None without columns.

    Examples
    --------
    >>> columns = {"outcome": np.array(["won", "lost", "won"], dtype=object)}
    >>> mapping = end_state_map(columns, np.array([0.25, 0.5, 0.0]))
    >>> mapping.states["outcome"].tolist(), mapping.weigh([0.25, 0.5, 0.0]).tolist()
    (['lost', 'won'], [0.5, 0.25])
    """
    if not columns:
        return None
    weights = np.asarray(weights, dtype=float)
    keep = weights > 0
    every_cell = bool(keep.all())
    parts, _, inverse = _merged_states(columns, keep, every_cell, [weights.size])
    states = {name: pieces[0] for name, pieces in parts.items()}
    for column in states.values():
        column.setflags(write=False)
    inverse.setflags(write=False)
    return EndStateMap(states, inverse, None if every_cell else keep)


def _merged_states(columns, keep, every_cell, cells):
    """The states of each engagement, column by column, the cuts between engagements and
    each kept cell's state."""
    derived, codes = _facts(columns)
    deciding = [name for name in columns if name not in derived]
    # One row per kept cell: the engagement first, so that no two engagements share a
    # state and each one's states come out together, then a column per description that
    # decides the state (a derived column follows from the columns before it).
    kept = keep.size if every_cell else int(keep.sum())
    matrix = np.empty((kept, len(deciding) + 1), dtype=np.int64)
    if len(cells) == 1:
        matrix[:, 0] = 0
    else:
        engagement = np.repeat(np.arange(len(cells)), cells)
        matrix[:, 0] = engagement if every_cell else engagement[keep]
    labels, kinds = {}, {}
    for position, name in enumerate(deciding, start=1):
        if name in codes:
            values, names = codes[name]
            labels[name], kinds[name] = np.array(names, dtype=object), "O"
        else:
            values = np.asarray(columns[name])
            kinds[name] = values.dtype.kind
        values = values if every_cell else values[keep]
        if kinds[name] == "O" and name not in labels:
            labels[name], values = _label_codes(values)
        matrix[:, position] = values
    state_rows, inverse, representative = _distinct_rows(matrix)
    state_digits = state_rows.T
    if len(cells) == 1:
        cuts = [(0, len(state_rows))]
    else:
        ends = np.cumsum(np.bincount(state_digits[0], minlength=len(cells))).tolist()
        cuts = list(zip([0, *ends[:-1]], ends, strict=True))
    digits = dict(zip(deciding, state_digits[1:], strict=True))
    if len(digits) < len(columns):
        # A cell of each state, among all the cells (the kept ones are numbered apart).
        representative = representative if every_cell else np.flatnonzero(keep)[representative]
    parts = {}
    for name in columns:
        if name in digits:
            column = digits[name]
            if name in labels:
                column = labels[name][column]
            elif kinds[name] == "b":
                column = column.astype(bool)
        else:
            # Alike in every state's cells: read from one of them, as the merge would keep it.
            column = np.asarray(columns[name])[representative]
            if column.dtype.kind == "O":
                column = np.array([str(text) for text in column.tolist()], dtype=object)
            elif column.dtype.kind != "b":
                column = column.astype(np.int64, copy=False)
        parts[name] = [column[start:end] for start, end in cuts]
    return parts, cuts, inverse


def _facts(columns) -> tuple[frozenset, dict]:
    """The derived columns and the label codes the spec gave with ``columns``
    (:class:`~oddsengine.draws.OutcomeColumns`); none for a plain dict."""
    derived = getattr(columns, "derived", None)
    if derived is None:
        return frozenset(), {}
    return derived, columns.codes


def _label_codes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct texts of an object column, and each cell's place among them.

    A column holds a few labels: a lookup per cell, not a sort of every cell's text.
    """
    texts = values.tolist()
    if not all(type(text) is str for text in set(texts)):
        texts = [str(text) for text in texts]
    names = sorted(set(texts))
    code_of = {text: code for code, text in enumerate(names)}
    codes = np.fromiter(map(code_of.__getitem__, texts), np.int64, len(texts))
    return np.array(names, dtype=object), codes


def _distinct_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(matrix, axis=0, return_inverse=True)``, faster for small ranges: the
    distinct rows in lexicographic order, each row's place among them, and for each
    distinct row one of the rows that hold it."""
    if not matrix.size:
        rows, first, inverse = np.unique(matrix, axis=0, return_index=True, return_inverse=True)
        return rows, inverse.ravel(), first
    low = matrix.min(axis=0)
    strides, total = [], 1  # Python integers: exact, whatever the spans
    for span in reversed((matrix.max(axis=0) - low + 1).tolist()):
        strides.append(total)
        total *= span
    if total >= 2**62:
        rows, first, inverse = np.unique(matrix, axis=0, return_index=True, return_inverse=True)
        return rows, inverse.ravel(), first
    # Each row read as one number in a mixed radix, the first column most significant:
    # the numbers' order is the rows' lexicographic order.
    keys = (matrix - low) @ np.array(strides[::-1], dtype=np.int64)
    if total > 16 * len(keys) + 1024:
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return matrix[first], inverse.ravel(), first
    # Few possible numbers: mark those present and count them in order (no sort).
    present = np.zeros(total, dtype=bool)
    present[keys] = True
    places = np.cumsum(present)
    inverse = (places - 1)[keys]
    representative = np.empty(int(places[-1]), np.intp)
    representative[inverse] = np.arange(len(keys))
    return matrix[representative], inverse, representative

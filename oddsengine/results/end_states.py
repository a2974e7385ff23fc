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

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["EndStateMap", "end_state_map", "merge_cells", "state_digits_map"]


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
    parts, cuts, inverse, _ = _merged_states(columns, keep, every_cell, cells)
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
    label_masks : dict of str to dict of str to ndarray, optional
        For a column of labels the merge read by their codes, each label's states
        (``states[name] == label``, read-only).
    """

    states: dict
    inverse: np.ndarray
    keep: np.ndarray | None
    label_masks: dict | None = None

    def weigh(self, weights) -> np.ndarray:
        """The summed weight of each state: the same cells' weights as the map was made
        from, merged as :func:`merge_cells` merges them (the same sums, bit for bit)."""
        weights = np.asarray(weights, dtype=float)
        kept = weights if self.keep is None else weights[self.keep]
        return np.bincount(self.inverse, weights=kept, minlength=self.size)

    @property
    def size(self) -> int:
        """The number of end states."""
        return len(next(iter(self.states.values()))) if self.states else 0


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
    parts, _, inverse, state_codes = _merged_states(columns, keep, every_cell, [weights.size])
    states = {name: pieces[0] for name, pieces in parts.items()}
    for column in states.values():
        column.setflags(write=False)
    inverse.setflags(write=False)
    label_masks = {
        name: _masks_of_codes(codes, labels) for name, (codes, labels) in state_codes.items()
    }
    return EndStateMap(states, inverse, None if every_cell else keep, label_masks)


def state_digits_map(found) -> EndStateMap:
    """The :class:`EndStateMap` of one engagement whose spec says what decides each
    cell's state (a :class:`~oddsengine.draws.StateDigits`), every cell of non-zero
    weight: the map :func:`end_state_map` makes of its outcome columns (the same states in
    the same order, each cell in the same state), without the columns of every cell.

    Examples
    --------
    >>> from oddsengine.draws import StateDigits
    >>> labels = np.array(["lost", "won"], dtype=object)
    >>> found = StateDigits({"outcome": np.array([1, 0, 1])}, {"outcome": 2},
    ...                     {"outcome": labels}, dict)
    >>> mapping = state_digits_map(found)
    >>> mapping.states["outcome"].tolist(), mapping.inverse.tolist()
    (['lost', 'won'], [1, 0, 1])
    """
    # Each cell's digits read as one number in a mixed radix (their lexicographic order),
    # the numbers present counted off in order: as _distinct_cells numbers them.
    spans = tuple(map(found.spans.__getitem__, found.digits))
    numbers = np.ravel_multi_index(tuple(found.digits.values()), spans).ravel()
    present = np.zeros(math.prod(spans), dtype=bool)
    present[numbers] = True
    (states_present,) = present.nonzero()  # flatnonzero, without its wrapper
    # A present number's place among those present: how many are present up to it, less 1.
    inverse = present.cumsum()[numbers]
    inverse -= 1
    deciding = dict(zip(found.digits, np.unravel_index(states_present, spans), strict=True))
    label_masks = {}
    for name, labels in found.labels.items():
        label_masks[name] = _masks_of_codes(deciding[name], labels)
        deciding[name] = labels[deciding[name]]
    states = found.complete({name: deciding[name] for name in found.digits})
    for column in states.values():
        column.setflags(write=False)
    inverse.setflags(write=False)
    return EndStateMap(states, inverse, None, label_masks)


def _masks_of_codes(codes: np.ndarray, labels) -> dict[str, np.ndarray]:
    """Each label's states, from the states' codes (a label's place among ``labels``)."""
    masks = {}
    for code, label in enumerate(labels.tolist()):
        masks[label] = mask = codes == code
        mask.setflags(write=False)
    return masks


def _merged_states(columns, keep, every_cell, cells):
    """The states of each engagement, column by column, the cuts between engagements,
    each kept cell's state and, for each column of labels, the states' codes with the
    sorted labels (``name: (codes, labels)``)."""
    derived, codes = _facts(columns)
    # The digits that tell the states apart, for each kept cell: the engagement first, so
    # that no two engagements share a state and each one's states come out together,
    # then each description that decides the state (a derived one follows from the
    # descriptions before it), as whole numbers (labels by their sorted place).
    digits, deciding, labels = [], {}, {}
    if len(cells) > 1:
        engagement = np.repeat(np.arange(len(cells)), cells)
        digits.append(engagement if every_cell else engagement[keep])
    for name, column in columns.items():
        if name in derived:
            continue
        if name in codes:
            values, names = codes[name]
            labels[name] = np.array(names, dtype=object)
        else:
            values = column
        values = np.asarray(values)
        values = values if every_cell else values[keep]
        if values.dtype.kind == "O":
            labels[name], values = _label_codes(values)
        deciding[name] = values
        digits.append(values if values.dtype == np.int64 else values.astype(np.int64))
    count = keep.size if every_cell else int(keep.sum())
    inverse, representative = _distinct_cells(digits, count)
    if len(cells) == 1:
        cuts = [(0, representative.size)]
    else:
        ends = np.cumsum(np.bincount(digits[0][representative], minlength=len(cells))).tolist()
        cuts = list(zip([0, *ends[:-1]], ends, strict=True))
    if len(deciding) < len(columns) and not every_cell:
        cell_of_state = np.flatnonzero(keep)[representative]  # among all the cells
    else:
        cell_of_state = representative
    parts, state_codes = {}, {}
    for name, column in columns.items():
        # Every cell of a state holds the same values: read them from one of them.
        if name in deciding:
            column = deciding[name][representative]
        else:
            column = np.asarray(column)[cell_of_state]
        if name in labels:
            state_codes[name] = (column, labels[name])
            column = labels[name][column]
        elif column.dtype.kind == "O":
            column = np.array([str(text) for text in column.tolist()], dtype=object)
        elif column.dtype.kind != "b":
            column = column.astype(np.int64, copy=False)
        parts[name] = [column] if len(cuts) == 1 else [column[start:end] for start, end in cuts]
    return parts, cuts, inverse, state_codes


def _facts(columns) -> tuple[frozenset, dict]:
    """The derived columns and the label codes the spec gave with ``columns``
    (:class:`~oddsengine.draws.OutcomeColumns`); none for a plain dict."""
    facts = getattr(columns, "facts", None)
    return (frozenset(), {}) if facts is None else facts()


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


def _distinct_cells(digits: list, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's state and one cell of each state, the states in the lexicographic order
    of the cells' digits (``np.unique`` of the rows of digits, faster for small ranges).

    ``digits`` holds one int64 array per digit, one value per cell, the first digit the
    most significant.
    """
    if not digits or not count:
        return np.zeros(count, dtype=np.intp), np.zeros(min(count, 1), dtype=np.intp)
    # Each cell's digits read as one number in a mixed radix: the numbers' order is the
    # lexicographic order of the digits.
    keys, total = None, 1  # total in Python integers: exact, whatever the spans
    for values in digits:
        low, high = int(np.minimum.reduce(values)), int(np.maximum.reduce(values))
        shifted = values - low if low else values
        keys = shifted if keys is None else keys * (high - low + 1) + shifted
        total *= high - low + 1
        if total >= 2**62:
            rows = np.stack(digits, axis=1)
            _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
            return inverse.ravel(), first
    if total > 16 * count + 1024:
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return inverse.ravel(), first
    # Few possible numbers: mark those present and number them in order (no sort).
    present = np.zeros(total, dtype=bool)
    present[keys] = True
    (numbers,) = present.nonzero()
    place = np.empty(total, dtype=np.intp)
    place[numbers] = np.arange(numbers.size)
    inverse = place[keys]
    representative = np.empty(numbers.size, dtype=np.intp)
    representative[inverse] = np.arange(count)
    return inverse, representative

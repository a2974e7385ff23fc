"""The end states of a move result as plain records, most likely first, read without pandas.

:func:`end_state_records` lists the end states of a :class:`~oddsengine.moves.move.Move`'s
result in the order of :meth:`~oddsengine.Result.states_frame` (a command line that lists
end states should not wait for pandas).
"""

from __future__ import annotations

import numpy as np

from oddsengine.draws import falling_order

__all__ = ["end_state_records", "most_likely_first"]


def end_state_records(result, limit: int | None = None) -> list[dict]:
    """The end states of a move result, most likely first, as plain records.

    Each record has the outcome, the controller, where the mover and the defenders
    ended, the destination's other stacks (``garrison_end``: a besieged garrison of the
    mover's side), the captured leaders (both sides, then each), the survivors, the
    probability and where the leaders of a defeated controlling power went
    (``leaders_inside``, see :class:`Move`). The order is
    :meth:`~oddsengine.Result.states_frame`'s, read without pandas (a command line that
    lists end states should not wait for it).
    """
    order = most_likely_first(result, limit)
    probabilities = result.probabilities
    states = result.states
    records = []
    for index in order.tolist():
        record = {name: states[name][index] for name in _RECORD_COLUMNS[:8]}
        record["attacker_survivors"] = int(states["attacker_survivors"][index])
        record["defender_survivors"] = int(states["defender_survivors"][index])
        record["probability"] = float(probabilities[index])
        # None: no choice of where the leaders go was made (14.1).
        record["leaders_inside"] = states["leaders_inside"][index] or None
        records.append(record)
    return records


_RECORD_COLUMNS = (
    "outcome",
    "controller",
    "mover_end",
    "defenders_end",
    "garrison_end",
    "captured",
    "attacker_captured",
    "defender_captured",
    "attacker_survivors",
    "defender_survivors",
    "probability",
    "leaders_inside",
)


def most_likely_first(result, limit: int | None = None) -> np.ndarray:
    """The indices of ``result``'s end states by falling probability (the first ``limit``
    of them), equal probabilities in the order of the states (:func:`falling_order`, the
    order of :meth:`~oddsengine.Result.states_frame` too, so that records read from them
    match it row for row).

    Examples
    --------
    >>> from oddsengine import exact, load_move
    >>> result = exact(load_move("vienna"))
    >>> first = most_likely_first(result, limit=1)[0]
    >>> bool(result.probabilities[first] == result.probabilities.max())
    True
    """
    order = falling_order(result.probabilities)
    return order if limit is None else order[: max(limit, 0)]

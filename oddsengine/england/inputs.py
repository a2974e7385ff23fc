"""The English questions' inputs read, in one place: a list written as text (``"1,3"``),
one number or a sequence, and each of its parts read as a whole number; the results
already on the Pregnancy Chart; a whole count.
:class:`~oddsengine.england.heirs.Heirs` and :class:`~oddsengine.england.mary_i.MaryI`
read their inputs with these, so that both take and refuse them alike.

Examples
--------
>>> listed("2, 3,5", "cards must be CP"), listed(4, "cards must be CP"), listed(None, "")
(['2', '3', '5'], [4], [])
>>> chart_results("5,1")
(1, 5)
>>> chart_results((1, 1))
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: used: result 1 is listed twice; ... (§25.4)
"""

from __future__ import annotations

import numpy as np

from oddsengine.england.pregnancy_chart import FACES, WIVES
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["chart_results", "listed", "listed_number", "whole_count"]


def listed(value, refusal: str) -> list:
    """The parts of a list input: text split at commas, one whole number, or a tuple or
    list as given; empty for None.

    Raises
    ------
    OddsEngineTypeError
        ``refusal``, followed by the value, for anything else.
    """
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return [value]
    if isinstance(value, (tuple, list)):
        return list(value)
    raise OddsEngineTypeError(f"{refusal}, not {shown(value)}")


def listed_number(part, unread: str, refusal: str) -> int:
    """A part of a list input (:func:`listed`) as a whole number: one given as a number, or
    text that reads as one.

    Raises
    ------
    OddsEngineError
        ``unread``, for text that does not read as a whole number.
    OddsEngineTypeError
        ``refusal``, for anything else that is not a whole number.
    """
    try:
        number = int(part) if isinstance(part, str) else part
    except ValueError:
        raise OddsEngineError(unread) from None
    if isinstance(number, bool) or not isinstance(number, (int, np.integer)):
        raise OddsEngineTypeError(refusal)
    return number


def chart_results(value) -> tuple[int, ...]:
    """``used`` as results 1..6, lowest first: a tuple or list of whole numbers, or text
    ``"1,3"``; each at most once (§25.4), at most one per wife (§24)."""
    results = []
    for part in listed(value, "used must be results on the chart, 1..6"):
        refusal = f"used: {shown(part)} is not a result of the chart, 1..6"
        number = listed_number(part, refusal, refusal)
        if not 1 <= number <= len(FACES):
            raise OddsEngineError(f"used: {number} is not a line of the Pregnancy Chart (1..6)")
        if int(number) in results:
            # 25.4: every roll gives a result not used before
            raise OddsEngineError(
                f"used: result {int(number)} is listed twice; each result is on the chart at "
                "most once (§25.4)"
            )
        results.append(int(number))
    if len(results) > len(WIVES):
        raise OddsEngineError(
            f"used: {len(results)} results, but Henry has five wives to roll for (§24)"
        )
    return tuple(sorted(results))


def whole_count(value, name: str) -> int | None:
    """A count of 0 or more as an int (None stays None: the default)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"{name} must be a whole number, not {shown(value)}")
    if value < 0:
        raise OddsEngineError(f"{name} must be 0 or more, not {value}")
    return int(value)

"""Scenarios the rules refuse, said aloud: a sweep, an odds table or a plot over a grid
with such scenarios warns with :class:`RefusedScenariosWarning` and a one-line note
("12 of 66 scenarios refused: Janissaries needs an Ottoman force; ..."), which the
command line prints on the terminal. The refused rows stay in a sweep's DataFrame with
their ``reason``; tables and plots mark the missing cells.

Examples
--------
>>> refusal_note(["no siege", "no siege", "no leader"], 10)
'3 of 10 scenarios refused: no siege [×2]; no leader'
>>> refusal_note([], 10) is None
True
"""

from __future__ import annotations

import warnings
from collections import Counter

from oddsengine.errors import OddsEngineError

__all__ = ["RefusedScenariosWarning", "every_scenario_refused", "refusal_note", "warn_refused"]

#: Distinct reasons named in a note; the rest are counted.
NOTE_REASONS = 2


class RefusedScenariosWarning(UserWarning):
    """Some scenarios of a sweep, table or plot were refused by the rules (their rows or
    cells hold the reason, or are marked missing); the message says how many and why.

    Attributes
    ----------
    refused, total : int or None
        How many scenarios were refused, of how many (None when not told).
    """

    def __init__(self, message="", refused: int | None = None, total: int | None = None):
        super().__init__(message)
        self.refused = refused
        self.total = total

    @property
    def every_scenario(self) -> bool:
        """Whether every scenario was refused: there is no answer at all."""
        return self.total is not None and self.refused == self.total


def refusal_note(reasons, total: int) -> str | None:
    """One line: how many of ``total`` scenarios were refused, and the commonest reasons
    (with their counts when more than one); None if none was.

    Parameters
    ----------
    reasons : iterable of str
        The reason of each refused scenario.
    total : int
        The number of scenarios.

    Returns
    -------
    str or None
    """
    counts = Counter(str(reason).rstrip(".") for reason in reasons)
    refused = sum(counts.values())
    if not refused:
        return None
    shown_reasons = [
        reason if count == 1 else f"{reason} [×{count}]"
        for reason, count in counts.most_common(NOTE_REASONS)
    ]
    if len(counts) > NOTE_REASONS:
        shown_reasons.append(f"{len(counts) - NOTE_REASONS} other reasons")
    return f"{refused} of {total} scenarios refused: " + "; ".join(shown_reasons)


def warn_refused(reasons, total: int, stacklevel: int = 3) -> str | None:
    """Warn with :class:`RefusedScenariosWarning` if any scenario was refused.

    Returns
    -------
    str or None
        The note (see :func:`refusal_note`).
    """
    reasons = list(reasons)
    note = refusal_note(reasons, total)
    if note is not None:
        warning = RefusedScenariosWarning(note, refused=len(reasons), total=total)
        warnings.warn(warning, stacklevel=stacklevel)
    return note


def every_scenario_refused(reasons) -> OddsEngineError:
    """The refusal of a sweep none of whose scenarios the rules allow: the first reason,
    and how many others there are (a question no row can answer is an error, not a table
    of refusals).

    Examples
    --------
    >>> print(every_scenario_refused(["no siege", "no leader", "no fleet"]))
    every scenario is refused: no siege (and 2 other reasons)
    """
    reasons = list(reasons)
    others = len(reasons) - 1
    more = f" (and {others} other reason{'s' if others > 1 else ''})" if others else ""
    return OddsEngineError(f"every scenario is refused: {reasons[0]}{more}")

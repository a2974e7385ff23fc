"""Limits on the size of a question, checked before any work starts.

The game bounds every force: each power has a fixed counter mix, and a space holds what
fits on the board. RULES.md gives no counter-mix figure, so the engine takes a generous
bound that no real position reaches, :data:`MAX_UNITS` of each unit type in one force
(or one stack), and refuses more, saying so. Without such a bound a count typed by mistake
(``10**30`` regulars) would make the engine loop once per possible loss and never return.

A grid of scenarios (a sweep, an odds table) is bounded the same way by
:func:`check_grid_size`, before the first scenario is built. Other counts of a question (the
squadrons and fortresses of a piracy action, a horizon of impulses, the largest force a
search tries) are bounded by :func:`check_count` with the limits below.
"""

from __future__ import annotations

import math

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "MAX_UNITS",
    "MAX_COMBINED_UNITS",
    "MAX_COUNT_DIGITS",
    "MAX_GRID_SCENARIOS",
    "MIN_PRECISION",
    "MAX_TABLE_CELLS",
    "check_unit_count",
    "check_force_size",
    "read_count",
    "check_grid_size",
    "check_precision",
    "check_count",
    "MAX_NAVAL_COUNT",
    "MAX_IMPULSES",
    "MAX_SEARCH_UNITS",
]

#: Most land units of one type (regulars, mercenaries or cavalry) in one force or stack
#: that a user gives. No power's counter mix comes near it.
MAX_UNITS = 99
#: Most land units of one type in any :class:`~oddsengine.combat.forces.Force` object: room for
#: the forces of several allied powers counted together, and a ceiling that keeps a count
#: typed by mistake (``Force(regulars=10**30)``) from being built at all.
MAX_COMBINED_UNITS = 999
#: A count written with more digits than this is refused before it is converted.
MAX_COUNT_DIGITS = 6
#: Most scenarios in one grid (a sweep) built in one go.
MAX_GRID_SCENARIOS = 1_000_000
#: Most cells in one odds table: 100 rows by 100 columns is more than anyone reads, and
#: already minutes of work.
MAX_TABLE_CELLS = 10_000
#: Most rows in one naval move table (``naval-move --vary``): each row is a whole naval
#: move played out, interceptions and every battle, a thousand times the work of an odds
#: table's cell; 400 rows is already a minute on a laptop.
MAX_NAVAL_MOVE_ROWS = 400
#: Most squadrons, fortresses, ports or cards counted around one sea zone (16.4): the
#: board has far fewer; the bound keeps a count typed by mistake from reaching the dice.
MAX_NAVAL_COUNT = MAX_UNITS
#: Most impulses (or foreign-war attempts) one campaign is played over: a turn has fewer
#: than a dozen impulses a side, so 50 is several turns.
MAX_IMPULSES = 50
#: The largest unit count a "units needed" search tries where no rule bounds the force:
#: every candidate is answered, so the bound is also the search's length.
MAX_SEARCH_UNITS = MAX_UNITS
#: The finest precision target: a half-width below this needs more trials than any run
#: may spend (about 4 * 10^12 at p = 1/2).
MIN_PRECISION = 1e-6


def _plain_int(value):
    """A numpy integer as the int it holds (a count read from an array); any other value
    as given, to be checked by the caller."""
    import numpy as np  # loaded already by every answer

    return int(value) if isinstance(value, np.integer) else value


def check_unit_count(kind: str, count, limit: int = MAX_UNITS) -> int:
    """Refuse a count of ``kind`` (``"regulars"``...) that is not a whole number from 0 to
    ``limit`` (default :data:`MAX_UNITS`); return it as an int.

    Examples
    --------
    >>> check_unit_count("regulars", 7)
    7
    >>> check_unit_count("regulars", 10**30)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: at most 99 regulars in one force (got 10^30)
    """
    if type(count) is int and 0 <= count <= limit:
        return count  # the usual case, first: every Force checks three counts
    count = _plain_int(count)
    if isinstance(count, bool) or not isinstance(count, int):
        raise OddsEngineError(f"{kind} must be a whole number, not {shown(count)}")
    if count < 0:
        raise OddsEngineError(f"{kind} cannot be negative (got {_number(count)})")
    if count > limit:
        where = "one force" if limit == MAX_UNITS else "the forces of one side together"
        raise OddsEngineError(f"at most {limit} {kind} in {where} (got {_number(count)})")
    return count


def check_force_size(force, role: str = "force"):
    """Refuse a force a user gives with more than :data:`MAX_UNITS` units of a type;
    return the force. ``role`` names it in the message (``"attacker"``).

    Examples
    --------
    >>> from oddsengine import Force
    >>> check_force_size(Force(regulars=150), "defender")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: defender: at most 99 regulars in one force (got 150)
    """
    for kind in ("regulars", "mercenaries", "cavalry"):
        try:
            check_unit_count(kind, getattr(force, kind))
        except OddsEngineError as error:
            raise OddsEngineError(f"{role}: {error}") from None
    return force


def read_count(digits: str, kind: str, where: str) -> int:
    """The whole number written as ``digits`` (ASCII, optionally signed), refused when it
    has more than :data:`MAX_COUNT_DIGITS` digits, before Python converts it (a count of
    thousands of digits is refused by ``int`` itself, with a ValueError).

    Examples
    --------
    >>> read_count("12", "regulars", "'12R'")
    12
    """
    body = digits.lstrip("+-")
    if len(body.lstrip("0")) > MAX_COUNT_DIGITS:
        raise OddsEngineError(
            f"at most {MAX_UNITS} {kind} in one force (got a {len(body)}-digit number in "
            f"{shown(where)})"
        )
    return int(digits)


def check_grid_size(size: int, what: str = "grid", limit: int = MAX_GRID_SCENARIOS) -> int:
    """Refuse a grid of more than ``limit`` (default :data:`MAX_GRID_SCENARIOS`) scenarios
    before any is built.

    ``size`` is the product of the lengths of the grid's axes (compute it with
    :func:`math.prod`, which does not build the grid).

    Examples
    --------
    >>> check_grid_size(15 * 15)
    225
    >>> check_grid_size(10**10, "sweep grid")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: sweep grid of 10000000000 scenarios is too large: ...
    """
    if size > limit:
        raise OddsEngineError(
            f"{what} of {size} scenarios is too large: at most {limit} in one go; split it"
        )
    return size


def check_precision(precision) -> float | None:
    """Refuse a precision target that is not a number between :data:`MIN_PRECISION` and
    0.5; return it as a float (None stays None).

    Examples
    --------
    >>> check_precision(0.001)
    0.001
    >>> check_precision(1e-300)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: precision 1e-300 is finer than any run can reach: ...
    """
    if precision is None:
        return None
    if isinstance(precision, bool) or not isinstance(precision, (int, float)):
        try:
            precision = float(precision)
        except (TypeError, ValueError, OverflowError):
            raise OddsEngineError(
                f"precision must be a number between 0 and 0.5, not {shown(precision)}"
            ) from None
    try:
        precision = float(precision)
    except OverflowError:  # a whole number past any float: far outside (0, 0.5)
        raise OddsEngineError("precision must be between 0 and 0.5, not a huge number") from None
    if not 0 < precision < 0.5 or math.isnan(precision):
        raise OddsEngineError(f"precision must be between 0 and 0.5, not {precision:g}")
    if precision < MIN_PRECISION:
        raise OddsEngineError(
            f"precision {precision:g} is finer than any run can reach: at least {MIN_PRECISION:g}"
        )
    return precision


def check_count(name: str, value, limit: int, minimum: int = 0) -> int:
    """Refuse ``value`` unless it is a whole number from ``minimum`` to ``limit``; return it
    as an int. ``name`` names it in the message (``"zone_squadrons"``, ``"--within"``).

    Raises
    ------
    OddsEngineTypeError
        ``value`` is not a whole number (``True``, ``2.5``, ``"3"``).
    OddsEngineError
        ``value`` is below ``minimum`` or above ``limit``.

    Examples
    --------
    >>> check_count("zone_squadrons", 3, MAX_NAVAL_COUNT)
    3
    >>> check_count("zone_squadrons", 10**30, MAX_NAVAL_COUNT)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: zone_squadrons is at most 99 (got 10^30)
    """
    value = _plain_int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsEngineTypeError(f"{name} must be a whole number, not {shown(value)}")
    if value < minimum:
        raise OddsEngineError(f"{name} must be at least {minimum}, not {shown(value)}")
    if value > limit:
        raise OddsEngineError(f"{name} is at most {limit} (got {_number(value)})")
    return value


def _number(count: int) -> str:
    """A count for a message: a power of ten as ``10^30``, a long number by its size."""
    text = str(count) if count.bit_length() < 200 else ""
    if count > 0 and text and text.strip("0") == "1" and len(text) > 7:
        return f"10^{len(text) - 1}"
    if not text or len(text) > 30:
        return f"a number of about {round(count.bit_length() * math.log10(2))} digits"
    return text

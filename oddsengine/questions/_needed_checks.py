"""Checks of a "units needed" question as a whole, made by
:func:`oddsengine.questions.needed.needed` around its search: a fixed force that cannot be
read, a keyword the kind does not take, a Monte Carlo precision finer than a candidate's
trials can reach, and a question that every candidate refuses for one same reason, which no
value of the ``?`` could make legal.
"""

from __future__ import annotations

import math
import re

from oddsengine.errors import CardNotPlayedHere, OddsEngineError, OddsEngineTypeError

__all__ = [
    "check_fixed_forces",
    "check_reachable_precision",
    "unknown_keyword",
    "refuse_a_question_no_value_makes_legal",
]


def check_reachable_precision(precision: float) -> None:
    """Refuse a Monte Carlo precision that a candidate whose chance is near 1/2 reaches
    only past the trial limit: every candidate would run to the limit (minutes each), and
    the search would not end in any useful time.

    Examples
    --------
    >>> check_reachable_precision(0.005)
    >>> check_reachable_precision(1e-6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: precision 1e-06 needs up to 960,364,... trials a ...
    """
    from oddsengine.engines.run_arguments import MAX_TRIALS
    from oddsengine.results.result import Z95

    trials = math.ceil((Z95 / (2 * precision)) ** 2)  # the 95% half-width at p = 1/2
    if trials > MAX_TRIALS:
        finest = math.ceil(Z95 / (2 * math.sqrt(MAX_TRIALS)) * 1e6) / 1e6  # 3.1e-05
        raise OddsEngineError(
            f"precision {precision:g} needs up to {trials:,} trials a candidate, past the "
            f"limit of {MAX_TRIALS:,}: give a precision of at least {finest:g}"
        )


def check_fixed_forces(record, forces: dict, unknown_role: str) -> None:
    """Refuse a force without the ``?`` that cannot be read: it is the same for every
    candidate, so the question cannot be asked."""
    # The reader of the kind's units only: a search at sea loads no land force.
    if "sq" in record.units:
        from oddsengine.combat.fleets import parse_fleet as read
    else:
        from oddsengine.combat.forces import parse_force as read
    for role, text in forces.items():
        if role != unknown_role:
            try:
                read(text)
            except OddsEngineError as error:
                raise OddsEngineError(f"needed {record.name}: {role}: {error}") from None


def unknown_keyword(error: TypeError) -> str:
    """What a TypeError of building a question says, in the words of :func:`needed`."""
    match = re.search(r"unexpected keyword argument '(\w+)'", str(error))
    if match:
        return f"unknown argument {match.group(1)!r}"
    return f"a value of the wrong type ({error})"


def refuse_a_question_no_value_makes_legal(record, asked: list, counts_units: bool) -> None:
    """Refuse the question itself when every candidate is refused for one same reason (an
    unknown space, a card the side may not play): no value of the ``?`` could make it
    legal, so it is not a force that "no legal force" reaches.

    ``asked`` holds ``(value, force, question or refusal)`` of every candidate; a reason
    is compared without the candidate's force quoted in it (``no power before ':' in
    force ': 3R'`` is one reason for every count). When the ``?`` counts units
    (``counts_units``), the candidate of none is left out of the comparison: its own
    refusal (a side with no land units), or its answer, says nothing of the others.
    """
    questions = [question for _, _, question in asked]
    for question in questions:
        if isinstance(question, CardNotPlayedHere):
            # A card the kind never plays: refused at every count (those refused for their
            # forces first would be refused for it too).
            raise CardNotPlayedHere(f"needed {record.name}: {question}")
    compared = [item for item in asked if not (counts_units and item[0] == 0)]
    # The candidate of none may be legal where no other is ('hapsburg: ?C': only the
    # Ottomans have cavalry): a search whose one answer is "none" is no question either.
    if not all(isinstance(question, OddsEngineError) for _, _, question in compared):
        return
    if len(compared) <= 1:
        return
    reasons = {_reason(force, question) for _, force, question in compared}
    if len(reasons) == 1:
        (reason,) = reasons
        first = next(  # the first candidate refused for it (that of none, if it is)
            question for _, force, question in asked if _reason(force, question) == reason
        )
        kind = type(first) if isinstance(first, OddsEngineTypeError) else OddsEngineError
        raise kind(f"needed {record.name}: {first}")


def _reason(force: str, refusal) -> str:
    """A candidate's refusal without its force quoted in it."""
    return str(refusal).replace(repr(force), "?")

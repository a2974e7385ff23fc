"""The force needed with its chances as exact fractions (``oddsengine needed --fractions``).

The search answers each candidate by the exact engine's floats; the value needed and the
value one step below are asked again and their chance of the event turned into fractions
by :func:`~oddsengine.results.fractions.exact_fractions` (a whole number over the dice's
denominator, recovered from the float only where its error is small enough). An event the
search derives from the engine's outcomes is derived the same way here: an assault's
``held`` is ``1 - success`` (15.1 steps 10-11).
"""

from __future__ import annotations

from fractions import Fraction

from oddsengine.errors import OddsEngineError

__all__ = ["chance_fractions", "fraction_column", "fraction_text", "fraction_words"]

#: Events a search derives from another: the event and the one it is the complement of.
_COMPLEMENTS = {"held": "success"}


def chance_fractions(answer) -> dict[str, Fraction | None]:
    """``{"p": ..., "p_below": ...}``: the exact fractions of ``answer.p`` and
    ``answer.p_below`` (None where those are None).

    Parameters
    ----------
    answer : NeededResult
        An exact answer of :func:`~oddsengine.questions.needed.needed`.

    Raises
    ------
    OddsEngineError
        For a Monte Carlo answer, or an event or a question whose chance the floats cannot
        give as a fraction (a whole move, a very large combat), naming why.

    Examples
    --------
    >>> from oddsengine.questions.needed import needed
    >>> answer = needed("assault", attacker="?R Suleiman", defender="hapsburg: 2R", target=0.5)
    >>> {name: str(value) for name, value in chance_fractions(answer).items()}
    {'p': '131/243', 'p_below': '11/27'}
    """
    if answer.method != "exact":
        raise OddsEngineError("fractions are for exact answers: this one is Monte Carlo")
    found = {"p": None, "p_below": None}
    if answer.value is None:
        return found
    index = next(i for i, c in enumerate(answer.candidates) if c.value == answer.value)
    asked = {"p": answer.candidates[index].value}
    if answer.p_below is not None:
        asked["p_below"] = answer.candidates[index - 1].value
    for name, value in asked.items():
        found[name] = _event_fraction(answer.questions[value], answer.event)
    return found


def _event_fraction(question, event: str) -> Fraction:
    from oddsengine.engines.exact import exact
    from oddsengine.results.fractions import exact_fractions

    if isinstance(question, tuple):  # a whole move asked over impulses: no one draw of dice
        raise OddsEngineError(
            "fractions are for a single combat or roll: this answer is a whole move"
        )
    fractions = exact_fractions(exact(question))
    if event in fractions:
        return fractions[event]
    if _COMPLEMENTS.get(event) in fractions:
        return 1 - fractions[_COMPLEMENTS[event]]
    raise OddsEngineError(f"{event}: no exact fraction is given for this event")


def fraction_words(value) -> str:
    """`` = 131/243`` after a chance in words, or nothing when there is no fraction."""
    return "" if value is None else f" = {value}"


def fraction_text(value) -> str | None:
    """A fraction as JSON writes it (``"131/243"``), or None."""
    return None if value is None else str(value)


def fraction_column(answer) -> list[str]:
    """The CSV column of an answer with fractions: the value needed's and the one below's,
    empty for every other candidate."""
    index = {c.value: i for i, c in enumerate(answer.candidates)}
    column = [""] * len(answer.candidates)
    if answer.value is not None:
        column[index[answer.value]] = fraction_text(answer.fractions["p"])
        if answer.fractions.get("p_below") is not None:
            column[index[answer.value] - 1] = fraction_text(answer.fractions["p_below"])
    return column

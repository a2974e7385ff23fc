"""A spec field that is an input of its kind: :func:`option`, written beside the field it
fills. The faces read it as an :class:`~oddsengine.declaration.Option`
(:func:`~oddsengine.declaration.options_of`); a spec module needs only this, so that a
question asked in Python (a whole move of field battles) loads none of the faces'
declaration.

Examples
--------
>>> from dataclasses import dataclass, fields
>>> @dataclass(frozen=True)
... class Roll:
...     dice: int = option("the dice rolled", rule="§17", low=1, high=9, default=1)
>>> fields(Roll)[0].metadata[OPTION]["rule"]
'§17'
"""

from __future__ import annotations

import dataclasses

from oddsengine.errors import OddsEngineError

__all__ = ["OPTION", "DECLARED", "option"]

#: The metadata key of a field's declaration.
OPTION = "oddsengine.option"

#: What a field's declaration may give besides its words and default: the fields of
#: :class:`~oddsengine.declaration.Option` but its name (the field's).
DECLARED = ("rule", "value", "choices", "low", "high", "required", "flag", "positional",
            "metavar", "group", "board", "label", "offer", "repeat", "form", "typed",
            "exact_only", "more", "example")  # fmt: skip


def option(
    words, *, default=dataclasses.MISSING, repr: bool = True, compare: bool = True, **declared
) -> dataclasses.Field:
    """A spec field that is an input of its kind: ``dataclasses.field`` with its
    declaration in the metadata (its name and default are the field's).

    Parameters
    ----------
    words : str or callable
        What it is, in words; or a function of the spec class that says it, called when
        the words are shown (words that read records).
    default : object, optional
        The field's default (none: the input is required).
    repr : bool
        Whether the field is in the spec's repr (``dataclasses.field``'s; a field added
        after seeded answers were published may keep it out while at its default).
    compare : bool
        Whether the field is part of the question (``dataclasses.field``'s): an input that
        only shapes how the answer is shown (a policy tree's depth) is not, so that specs
        differing in it are equal and draw the same random numbers.
    **declared
        The other fields of :class:`~oddsengine.declaration.Option` (``rule``, ``value``,
        ``choices``, ``low``, ``high``, ``flag``, ``group``, ``board``, ``label``,
        ``offer`` (a class method's name or a function), ``more``...).
    """
    unknown = set(declared) - set(DECLARED)
    if unknown:
        raise OddsEngineError(f"option: unknown field {sorted(unknown)[0]!r}")
    if isinstance(default, (list, dict, set)):
        raise OddsEngineError("option: a default is immutable (a tuple, not a list)")
    metadata = {OPTION: dict(words=words, **declared)}
    return dataclasses.field(default=default, repr=repr, compare=compare, metadata=metadata)

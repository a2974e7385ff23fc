"""A spec field that is an input of its kind: :func:`option`, written beside the field it
fills. The faces read it as an :class:`~oddsengine.declaration.Option`
(:func:`~oddsengine.declaration.options_of`); a spec module needs only this, so that a
question asked in Python (a whole move of field battles) loads none of the faces'
declaration. A spec's JSON ``spec`` writes its declared inputs from the same declaration
(:func:`declared_values`).

Examples
--------
>>> from dataclasses import dataclass, fields
>>> @dataclass(frozen=True)
... class Roll:
...     dice: int = option("the dice rolled", rule="§17", low=1, high=9, default=1)
>>> fields(Roll)[0].metadata[OPTION]["rule"]
'§17'
>>> declared_values(Roll(dice=3))
{'dice': 3}
"""

from __future__ import annotations

import dataclasses

from oddsengine.errors import OddsEngineError

__all__ = ["OPTION", "DECLARED", "option", "declared_values"]

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


def declared_values(spec, leave=(), after=None) -> dict:
    """The declared inputs of ``spec`` as plain data, by name, in the order of its fields:
    what its JSON ``spec`` writes of them (a tuple or a list as a list, any other value as
    it stands).

    Parameters
    ----------
    spec : dataclass instance
        A spec whose inputs are fields written with :func:`option`; its other fields are
        not written.
    leave : iterable of str
        Inputs it does not write (those the spec writes otherwise).
    after : dict, optional
        Entries written just after an input's, by the input's name (a value the spec works
        out from it, written beside it).

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Roll:
    ...     faces: tuple = option("the faces that hit", default=(5, 6))
    ...     dice: int = option("the dice rolled", default=2)
    ...     seed: int = 0
    >>> declared_values(Roll())
    {'faces': [5, 6], 'dice': 2}
    >>> declared_values(Roll(), leave=("dice",), after={"faces": {"odds": 1 / 3}})
    {'faces': [5, 6], 'odds': 0.3333333333333333}
    """
    after = after or {}
    values = {}
    for item in dataclasses.fields(spec):
        if OPTION not in item.metadata or item.name in leave:
            continue
        value = getattr(spec, item.name)
        values[item.name] = list(value) if isinstance(value, (tuple, list)) else value
        values.update(after.get(item.name, {}))
    return values

"""A spec's repr that stays what it was when the spec gained a field: the dataclass's own
form, with the fields added later shown only when they are given.

A Monte Carlo answer's random streams are keyed by its spec's repr, so a field a spec gains
(the fleets of a board, the cards that stop a piracy action) must leave the repr of every
spec that does not use it unchanged.

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Raid:
...     dice: int
...     responses: tuple = ()
...     def __repr__(self):
...         return repr_given(self, "responses")
>>> Raid(2), Raid(2, ("Foul Weather",))
(Raid(dice=2), Raid(dice=2, responses=('Foul Weather',)))
"""

from __future__ import annotations

from dataclasses import fields

__all__ = ["repr_given"]


def repr_given(spec, *later: str) -> str:
    """The dataclass repr of ``spec``, the fields named in ``later`` only when given.

    Parameters
    ----------
    spec : dataclass instance
    *later : str
        Fields shown only when given: not None, not empty (shown then even when the field
        is declared ``repr=False``).

    Returns
    -------
    str
        ``Name(field=value, ...)``, the other fields as the dataclass shows them.
    """
    shown_fields = (
        f"{item.name}={getattr(spec, item.name)!r}"
        for item in fields(spec)
        if (item.repr if item.name not in later else _given(getattr(spec, item.name)))
    )
    return f"{type(spec).__qualname__}({', '.join(shown_fields)})"


def _given(value) -> bool:
    return value is not None and not (isinstance(value, tuple | list | dict) and not value)

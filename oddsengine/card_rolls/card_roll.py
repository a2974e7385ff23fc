"""What every card roll shares: its card's record, the turn it is asked for, the checks of
its fields and the dice it draws.

:class:`CardRollSpec` is the base of the specs of :mod:`oddsengine.card_rolls`: a spec
names its record (:mod:`oddsengine.card_rolls.records`) and calls :meth:`CardRollSpec.
check_card` once its fields are read, so that a card not in play on the given turn, or
without one of its conditions, cannot be built. The field checks refuse a bad value with
:class:`~oddsengine.errors.OddsEngineError` (a value out of range) or
:class:`~oddsengine.errors.OddsEngineTypeError` (a value of the wrong kind), naming the
field and the rule.

Examples
--------
>>> whole_number(3, "english_units", 0, 20, "RULES.md §28.5")
3
>>> whole_number(-1, "english_units", 0, 20, "RULES.md §28.5")
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: english_units must be 0..20 (RULES.md §28.5), not -1
>>> die_faces().tolist()
[1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from oddsengine.card_rolls.records import CardRollRecord, check_in_play
from oddsengine.declaration import option, options_of
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.option_field import declared_values

__all__ = [
    "CONDITIONS",
    "CardRollSpec",
    "LAST_TURN",
    "condition_option",
    "die_faces",
    "die_plan",
    "names",
    "turn_of",
    "turn_option",
    "whole_number",
]

#: The game lasts nine turns.
LAST_TURN = 9
#: The heading of a card's conditions among its options: each is refused when it fails.
CONDITIONS = "the card's conditions (refused when one fails)"


def turn_option(record: CardRollRecord, words: str = ""):
    """The ``turn`` field of the spec of ``record``'s roll, declared
    (:func:`~oddsengine.declaration.option`): the turn it is played, refused before the
    card enters the deck."""
    entry = ""
    if record.entry_turn is not None and record.entry_turn > 1:
        entry = f", refused before turn {record.entry_turn}, when the card enters the deck"
    elif record.entry_words:
        earliest = record.earliest_turn
        when = f"; refused before turn {earliest}" if earliest is not None else ""
        entry = f" (the card {record.entry_words}{when})"
    return option(
        "the turn it is played (default: any)" + entry + words,
        rule=record.section,
        low=1,
        high=LAST_TURN,
        default=None,
    )


def condition_option(
    record: CardRollRecord, field: str, words: str, rule: str = "", label: str = ""
):
    """The field of the spec of ``record``'s roll that states one of the card's conditions
    (:class:`~oddsengine.card_rolls.records.Condition`), declared
    (:func:`~oddsengine.declaration.option`) under :data:`CONDITIONS`: its default is what
    the card needs (a condition that must hold is given as yes or no, one that must not as
    a flag), its rule the card's unless ``rule`` is given."""
    (needed,) = (condition.required for condition in record.conditions if condition.field == field)
    return option(
        words,
        rule=rule or record.section,
        value="yes-no" if needed else "flag",
        default=needed,
        group=CONDITIONS,
        label=label,
    )


def whole_number(value, name: str, low: int, high: int, rule: str) -> int:
    """``value`` as an int if it is a whole number in ``low..high``; else refused, naming
    the field, the range and the rule."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"{name} must be a whole number ({rule}), not {shown(value)}")
    if not low <= value <= high:
        raise OddsEngineError(f"{name} must be {low}..{high} ({rule}), not {value}")
    return int(value)


def turn_of(value) -> int | None:
    """The turn a card is played on (1..9), or None for any turn."""
    if value is None:
        return None
    return whole_number(value, "turn", 1, LAST_TURN, "the game's turns")


def names(value, name: str) -> tuple[str, ...]:
    """Names given as a comma-separated text or a sequence of texts, stripped, the empty
    ones left out."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
        raise OddsEngineTypeError(f"{name} must be names written as text, not {shown(value)}")
    return tuple(item.strip() for item in value if item.strip())


def die_faces() -> np.ndarray:
    """The faces of a die, 1..6, indexed as a draw plan draws them (0..5)."""
    return np.arange(1, 7)


def die_plan(extra=None) -> DrawPlan:
    """One die (its face is the cell's first value + 1), and ``extra``, an independent
    distribution drawn as the second value (a draw from a pool), if given."""
    second = np.ones((1, 1)) if extra is None else np.asarray(extra, dtype=float)[None, :]
    return DrawPlan(np.full(6, 1.0 / 6.0), second)


class CardRollSpec:
    """The base of a card roll's spec: its card's record and the checks every card makes.

    A subclass sets ``record`` (its :class:`~oddsengine.card_rolls.records.CardRollRecord`),
    from which its ``kind`` is the record's slug, has a ``turn`` field and calls
    :meth:`check_card` at the end of its ``__post_init__``. Its JSON ``spec``
    (:meth:`describe`) is written from its declared inputs; a subclass adds what it works
    out from them (:meth:`worked_out`).
    """

    record: ClassVar[CardRollRecord]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "record" in cls.__dict__:  # its kind is its card's name, as the record spells it
            cls.kind = cls.record.slug

    def check_card(self) -> None:
        """Read the card's conditions that are flags as bools, then refuse the spec when
        its card is not in play on its turn, or one of the card's conditions fails
        (RULES.md §28: each card's entry turn and conditions)."""
        for condition in self.record.conditions:
            if condition.below is None:
                name = condition.field
                object.__setattr__(self, name, checked_flag(getattr(self, name), name))
        object.__setattr__(self, "turn", turn_of(self.turn))
        check_in_play(self.record, self, self.turn)

    def read_counts(self, *names: str) -> None:
        """Read each count field ``names`` names as an int in the range its option
        declares, or refuse it naming the field, the range and the card's rule; a field
        whose default is None keeps None (not given)."""
        declared = {item.name: item for item in options_of(type(self))}
        for name in names:
            value, item = getattr(self, name), declared[name]
            if value is not None or item.default is not None:
                count = whole_number(value, name, item.low, item.high, self.record.section)
                object.__setattr__(self, name, count)

    def card_description(self) -> dict:
        """The card and the turn, for :meth:`describe`."""
        return {"card": self.record.name, "number": self.record.number, "turn": self.turn}

    def describe(self) -> dict:
        """The spec as plain data (its JSON ``spec``): the card, its number and the turn,
        then its other declared inputs as given, in the order of their fields, then what
        :meth:`worked_out` adds."""
        return {
            **self.card_description(),
            **declared_values(self, leave=("turn",)),
            **self.worked_out(),
        }

    def worked_out(self) -> dict:
        """What :meth:`describe` writes after the inputs: values the spec works out from
        them (the dice a side rolls), by name; none here."""
        return {}

    def card_line(self) -> str:
        """The card, its rule and its roll, in words: the first line above a result."""
        return f"{self.record} ({self.record.section}): {self.record.roll}"

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
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "CONDITIONS",
    "CardRollSpec",
    "LAST_TURN",
    "die_faces",
    "die_plan",
    "flag",
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


def whole_number(value, name: str, low: int, high: int, rule: str) -> int:
    """``value`` as an int if it is a whole number in ``low..high``; else refused, naming
    the field, the range and the rule."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"{name} must be a whole number ({rule}), not {shown(value)}")
    if not low <= value <= high:
        raise OddsEngineError(f"{name} must be {low}..{high} ({rule}), not {value}")
    return int(value)


def flag(value, name: str) -> bool:
    """``value`` as a bool if it is True or False; else refused, naming the field."""
    if not isinstance(value, (bool, np.bool_)):
        raise OddsEngineTypeError(f"{name} must be True or False, not {shown(value)}")
    return bool(value)


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
    :meth:`check_card` at the end of its ``__post_init__``.
    """

    record: ClassVar[CardRollRecord]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "record" in cls.__dict__:  # its kind is its card's name, as the record spells it
            cls.kind = cls.record.slug

    def check_card(self) -> None:
        """Refuse the spec when its card is not in play on its turn, or one of the card's
        conditions fails (RULES.md §28: each card's entry turn and conditions)."""
        object.__setattr__(self, "turn", turn_of(self.turn))
        check_in_play(self.record, self, self.turn)

    def card_description(self) -> dict:
        """The card and the turn, for :meth:`describe`."""
        return {"card": self.record.name, "number": self.record.number, "turn": self.turn}

    def card_line(self) -> str:
        """The card, its rule and its roll, in words: the first line above a result."""
        return f"{self.record} ({self.record.section}): {self.record.roll}"

"""Card events that set a roll against a target or another roll (RULES.md §28.5, §28.6):
Rough Wooing, England's die against France's, and Patron of the Arts, France's die on the
Chateau Table.

Examples
--------
>>> from oddsengine import exact
>>> round(exact(RoughWooing(2, 2)).p["success"] * 18)  # equal units: 10/36 = 5/18
5
>>> round(exact(Chateaux(modifier=-1)).p["vp"], 4)  # d6 - 1 >= 3: d6 >= 4, 1/2
0.5
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.card_rolls.card_roll import (
    CONDITIONS,
    CardRollSpec,
    condition_option,
    die_faces,
    die_plan,
    turn_option,
)
from oddsengine.card_rolls.records import card_roll
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError, checked_arguments, checked_flag

__all__ = [
    "CHATEAU_MODIFIERS",
    "CHATEAU_TABLE",
    "Chateaux",
    "ChateauRow",
    "MARGINS",
    "RoughWooing",
]

#: RULES.md §30.13: England wins by at least 2 (``2``), or by more than 2 (``3``).
MARGINS = (2, 3)
#: The most units a side may be given in Scottish home spaces (a bound on input).
MOST_UNITS = 99


def _units_option(power: str, adjective: str):
    """The land and naval units ``power`` controls in Scottish home spaces, added to its
    die, declared (RULES.md §28.5)."""
    return option(
        f"the land and naval units {power} controls in Scottish home spaces, added to its die",
        rule="RULES.md §28.5",
        low=0,
        high=MOST_UNITS,
        default=0,
        label=f"{adjective} units",
    )


@dataclass(frozen=True)
class RoughWooing(CardRollSpec):
    """Rough Wooing (RULES.md §28.5, 2017): England and France each roll a die and add the
    land and naval units they control in Scottish home spaces; England wins if its total
    is at least ``margin`` more than France's. Scotland then becomes England's ally.

    Parameters
    ----------
    english_units, french_units : int
        The land and naval units England and France control in Scottish home spaces
        (0..99). Default 0 each.
    margin : {2, 3}
        What England's total must exceed France's by (RULES.md §30.13): ``2``, by at least
        2 (default); ``3``, "exceeds by 2" read as more than 2.
    edward_born : bool
        Edward VI is born and alive (RULES.md §28.5). Default True; False is refused.
    scotland_allied_with_france : bool
        Scotland is France's ally (RULES.md §28.5). Default True; False is refused.
    turn : int, optional
        The turn it is played (1..9); the card enters the deck on turn 5. Default None,
        any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> round(exact(RoughWooing(english_units=4, french_units=2)).p["success"] * 12)  # 7/12
    7
    """

    english_units: int = _units_option("England", "English")
    french_units: int = _units_option("France", "French")
    margin: int = option(
        "what England's total must exceed France's by: 2, at least 2 more (the rule); 3, "
        '"exceeds by 2" read as more than 2',
        rule="RULES.md §30.13",
        low=MARGINS[0],
        high=MARGINS[-1],
        default=MARGINS[0],
        group="readings",
    )
    edward_born: bool = condition_option(
        card_roll(116), "edward_born", "Edward VI is born and alive", label="Edward VI born"
    )
    scotland_allied_with_france: bool = condition_option(
        card_roll(116),
        "scotland_allied_with_france",
        "Scotland is France's ally",
        label="Scotland allied to France",
    )
    turn: int | None = turn_option(card_roll(116))

    record = card_roll(116)
    outcome_names = ("success", "failure")
    event_names = ()

    def __post_init__(self):
        self.read_counts("english_units", "french_units")
        if self.margin not in MARGINS or isinstance(self.margin, bool):
            raise OddsEngineError(
                f"margin must be 2 (at least 2 more) or 3 (more than 2) (RULES.md §30.13), "
                f"not {self.margin!r}"
            )
        object.__setattr__(self, "margin", int(self.margin))
        self.check_card()

    def draw_plan(self) -> DrawPlan:
        """England's die, then France's."""
        return die_plan(np.full(6, 1.0 / 6.0))

    def outcome_columns(self, values) -> dict:
        faces = die_faces()
        english = faces[np.asarray(values[0])] + self.english_units
        french = faces[np.asarray(values[1])] + self.french_units
        # RULES.md §28.5, §30.13: England's total at least `margin` more than France's.
        won = english - french >= self.margin
        return {"outcome": np.where(won, *self.outcome_names).astype(object)}

    def title(self) -> str:
        return (
            f"{self.record.name}: England {self.english_units} units against France "
            f"{self.french_units} in Scotland"
        )

    def describe_lines(self) -> list[str]:
        need = "at least 2 more" if self.margin == 2 else "more than 2 more"
        return [
            self.card_line(),
            f"England d6 + {self.english_units} against France d6 + {self.french_units}: "
            f"England needs {need} (RULES.md §30.13)",
        ]


@dataclass(frozen=True)
class ChateauRow:
    """A line of the Chateau Table (RULES.md §28.6): the least total it reads (None: any
    lower total), the VP it gives and the cards drawn, then discarded."""

    name: str
    least: int | None
    vp: int
    draw: int
    discard: int


#: The Chateau Table on the French power card (RULES.md §28.6), highest line first; the
#: top and bottom lines absorb any total (RULES.md §30.17).
CHATEAU_TABLE = (
    ChateauRow("row:8_or_more", 8, 1, 2, 1),
    ChateauRow("row:5_to_7", 5, 1, 1, 0),
    ChateauRow("row:3_to_4", 3, 1, 1, 1),
    ChateauRow("row:2_or_less", None, 0, 2, 1),
)

#: The modifiers of the roll (RULES.md §28.6): the spec field that states each, its value
#: and its words.
CHATEAU_MODIFIERS = (
    ("milan_french", 2, "Milan French"),
    ("florence_french", 1, "Florence French"),
    ("italian_keys", 2, "France controls 3 Italian-zone keys"),
    ("tournament", 1, "Tournament scenario"),
    ("home_space_lost", -1, "a French home space controlled by another power"),
    ("enemy_in_home", -2, "enemy units in a French home space"),
)
#: The least and the most the modifiers add up to.
LEAST_MODIFIER = sum(value for _, value, _ in CHATEAU_MODIFIERS if value < 0)
MOST_MODIFIER = sum(value for _, value, _ in CHATEAU_MODIFIERS if value > 0)
#: The most chateau VP France may be given as holding (a bound on input; 6 is refused).
MOST_CHATEAU_VP = 99
#: The rule of Patron of the Arts, and the heading of the board's conditions of its roll.
_RULE = "RULES.md §28.6"
_BOARD = "the board's modifiers (instead of --modifier)"


def _modifier_option(name: str, words: str, label: str = ""):
    """The flag of the board condition ``name`` of :data:`CHATEAU_MODIFIERS`, declared: its
    words, then the modifier the table gives it (RULES.md §28.6)."""
    (value,) = (value for field, value, _ in CHATEAU_MODIFIERS if field == name)
    return option(f"{words}: {value:+d}", rule=_RULE, default=False, group=_BOARD, label=label)


@dataclass(frozen=True)
class Chateaux(CardRollSpec):
    """Patron of the Arts (card #4, France's Home card; RULES.md §28.6, 2017): a die plus
    modifiers on the Chateau Table.

    Parameters
    ----------
    modifier : int, optional
        The total modifier (-3..+6), instead of the conditions below. Default None: the
        sum of the conditions.
    milan_french : bool
        Milan is French: +2. Default False.
    florence_french : bool
        Florence is French: +1. Default False.
    italian_keys : bool
        France controls 3 Italian-zone keys: +2. Default False.
    tournament : bool
        The Tournament scenario: +1. Default False.
    home_space_lost : bool
        A French home space is controlled by another power: -1. Default False.
    enemy_in_home : bool
        Enemy units stand in a French home space: -2. Default False.
    francis_rules : bool
        Francis I rules France (RULES.md §28.6). Default True; False is refused.
    francis_captured, francis_besieged : bool
        Francis I is captured, or besieged (RULES.md §28.6). Default False; True is
        refused.
    chateau_vp : int
        The chateau VP France holds (0..5; 6 or more is refused: RULES.md §28.6). Default 0.
    turn : int, optional
        The turn it is played (1..9). Default None, any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> chateaux = Chateaux(milan_french=True, enemy_in_home=True)
    >>> chateaux.total_modifier, round(exact(chateaux).p["vp"] * 6)  # d6 >= 3: 4/6
    (0, 4)
    """

    modifier: int | None = option(
        "the total modifier of the roll, instead of the board's conditions (default: the "
        "sum of the conditions given)",
        rule="RULES.md §28.6, §30.17",
        low=LEAST_MODIFIER,
        high=MOST_MODIFIER,
        default=None,
    )
    milan_french: bool = _modifier_option("milan_french", "Milan is French")
    florence_french: bool = _modifier_option("florence_french", "Florence is French")
    italian_keys: bool = _modifier_option("italian_keys", "France controls 3 Italian-zone keys")
    tournament: bool = _modifier_option("tournament", "the Tournament scenario")
    home_space_lost: bool = _modifier_option(
        "home_space_lost", "a French home space is controlled by another power", "home space lost"
    )
    enemy_in_home: bool = _modifier_option(
        "enemy_in_home", "enemy units stand in a French home space", "enemy in France"
    )
    francis_rules: bool = condition_option(card_roll(4), "francis_rules", "Francis I rules France")
    francis_captured: bool = condition_option(
        card_roll(4), "francis_captured", "Francis I is captured"
    )
    francis_besieged: bool = condition_option(
        card_roll(4), "francis_besieged", "Francis I is besieged"
    )
    chateau_vp: int = option(
        "the chateau VP France holds: 6 or more is refused",
        rule=_RULE,
        low=0,
        high=MOST_CHATEAU_VP,
        default=0,
        group=CONDITIONS,
    )
    turn: int | None = turn_option(card_roll(4))

    record = card_roll(4)
    outcome_names = ("vp", "no_vp")
    event_names = tuple(row.name for row in CHATEAU_TABLE)

    def __post_init__(self):
        for name, _, _ in CHATEAU_MODIFIERS:
            object.__setattr__(self, name, checked_flag(getattr(self, name), name))
        self.read_counts("modifier")
        given = [name for name, _, _ in CHATEAU_MODIFIERS if getattr(self, name)]
        if self.modifier is not None and given:
            raise OddsEngineError(
                f"give the modifier or the conditions, not both: modifier {self.modifier} "
                f"with {', '.join(given)} ({self.record.section})"
            )
        self.read_counts("chateau_vp")
        self.check_card()

    @property
    def total_modifier(self) -> int:
        """The modifier of the roll: as given, or the sum of the conditions that hold."""
        if self.modifier is not None:
            return self.modifier
        return sum(value for name, value, _ in CHATEAU_MODIFIERS if getattr(self, name))

    def draw_plan(self) -> DrawPlan:
        """The die."""
        return die_plan()

    @property
    def reported_columns(self) -> dict:
        """The VP, the cards drawn and discarded, and the cards gained (drawn less
        discarded)."""
        return {
            "vp": ("vp", 1.0),
            "cards_drawn": ("cards_drawn", 1.0),
            "cards_discarded": ("cards_discarded", 1.0),
            "cards_gained": ("cards_gained", 1.0),
        }

    def outcome_columns(self, values) -> dict:
        total = die_faces()[np.asarray(values[0])] + self.total_modifier
        # RULES.md §28.6, §30.17: the highest line whose least total is reached.
        line = np.full(total.shape, len(CHATEAU_TABLE) - 1)
        for index in range(len(CHATEAU_TABLE) - 2, -1, -1):
            line = np.where(total >= CHATEAU_TABLE[index].least, index, line)
        table = {
            field: np.array([getattr(row, field) for row in CHATEAU_TABLE])[line]
            for field in ("vp", "draw", "discard")
        }
        columns = {
            "outcome": np.where(table["vp"] > 0, *self.outcome_names).astype(object),
            "vp": table["vp"],
            "cards_drawn": table["draw"],
            "cards_discarded": table["discard"],
            "cards_gained": table["draw"] - table["discard"],
        }
        for index, row in enumerate(CHATEAU_TABLE):
            columns[row.name] = line == index
        return columns

    def worked_out(self) -> dict:
        # The modifier of the roll, after the inputs as given (the modifier None where the
        # conditions give it).
        return {"total_modifier": self.total_modifier}

    def title(self) -> str:
        return f"{self.record.name}: the Chateau Table at {self.total_modifier:+d}"

    def describe_lines(self) -> list[str]:
        held = [
            f"{words} {value:+d}" for name, value, words in CHATEAU_MODIFIERS if getattr(self, name)
        ]
        given = "as given" if self.modifier is not None else (", ".join(held) or "none")
        return [self.card_line(), f"Modifier {self.total_modifier:+d} ({given})"]


# A call with an argument a spec does not take is refused naming it, as any bad input.
RoughWooing.__init__ = checked_arguments(RoughWooing.__init__)
Chateaux.__init__ = checked_arguments(Chateaux.__init__)

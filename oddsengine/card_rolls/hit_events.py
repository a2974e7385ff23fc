"""Card events that roll dice hitting on 5-6 against what stands in their way (RULES.md
§28.9, §28.11): City State Rebels' 5 dice against a captured key's units, and Andrea
Doria's second use, 3 dice against the Ottoman piracy VP.

A side's hits are Binomial(dice, 1/3), as in combat: the draw plan is that binomial.

Examples
--------
>>> from oddsengine import exact
>>> round(exact(AndreaDoria()).p["hits:0"] * 27)  # (2/3)**3 = 8/27
8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from oddsengine.card_rolls.card_roll import (
    CardRollSpec,
    condition_option,
    turn_option,
)
from oddsengine.card_rolls.records import card_roll
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import checked_arguments

__all__ = ["AndreaDoria", "CityStateRebels", "HitRoll", "MOST_UNITS", "MOST_PIRACY_VP"]

#: The most units a key may be given as holding (a bound on input, far above a real stack).
MOST_UNITS = 99
#: The most piracy VP the Ottomans may be given as holding (a bound on input).
MOST_PIRACY_VP = 99


class HitRoll(CardRollSpec):
    """A card's dice that hit on 5-6, as in combat, each hit taking one off what stands
    against them, not below 0: its draw plan is the hits of its ``DICE`` dice,
    Binomial(DICE, 1/3), and its events the chance of each number of hits (``hits:K``).

    A subclass sets ``DICE``, ``TARGET`` (its count field the hits take off: None in it,
    not counted, every hit counts) and ``TAKEN`` (the column of what they take off), and
    says in :meth:`succeeds` when the card has its effect.
    """

    #: The dice the card rolls.
    DICE: ClassVar[int]
    #: The count field of what the hits take off, one a hit.
    TARGET: ClassVar[str]
    #: The reported column of what the hits take off.
    TAKEN: ClassVar[str]

    def __post_init__(self):
        self.read_counts(self.TARGET)
        self.check_card()

    def draw_plan(self) -> DrawPlan:
        """The hits of the card's dice (1/3 each)."""
        return DrawPlan(binomial_pmf(self.DICE), np.ones((1, 1)))

    @property
    def event_names(self) -> tuple[str, ...]:
        return tuple(f"hits:{k}" for k in range(self.DICE + 1))

    @property
    def reported_columns(self) -> dict:
        """The hits and what they take off."""
        return {"hits": ("hits", 1.0), self.TAKEN: (self.TAKEN, 1.0)}

    def succeeds(self, taken):
        """Whether the card has its effect, by what the hits take off (an array)."""
        raise NotImplementedError

    def outcome_columns(self, values) -> dict:
        hits = np.asarray(values[0])
        # RULES.md §28.9, §28.11: one off a hit, not below 0.
        target = getattr(self, self.TARGET)
        taken = hits if target is None else np.minimum(hits, target)
        columns = {
            "outcome": np.where(self.succeeds(taken), *self.outcome_names).astype(object),
            "hits": hits,
            self.TAKEN: taken,
        }
        # The events' columns: exactly K hits, for K = 0 .. DICE.
        return {**columns, **{f"hits:{k}": hits == k for k in range(self.DICE + 1)}}

    def worked_out(self) -> dict:
        """The dice the card rolls, after its inputs."""
        return {"dice": self.DICE}


@dataclass(frozen=True)
class CityStateRebels(HitRoll):
    """City State Rebels (RULES.md §28.9): the rebels roll 5 dice against a captured key
    not under siege, hits on 5-6; each hit makes the controller eliminate one land or
    naval unit there. With none left, control passes back to the home power (or its
    major ally), which adds 1 regular; the leaders there are captured by the player.

    Parameters
    ----------
    units : int
        The land and naval units at the key (0..99). Default 1.
    captured_key : bool
        The target is a captured key: an independent key held by a major power, or a home
        key held by a major power not allied to its home power (RULES.md §28.9). Default
        True; False is refused.
    under_siege : bool
        The key is under siege: it cannot be targeted (RULES.md §28.9). Default False;
        True is refused.
    turn : int, optional
        The turn it is played (1..9). Default None, any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(CityStateRebels(units=2))
    >>> round(answer.p["key_retaken"] * 243)  # 1 - (2/3)**5 - 5 (1/3) (2/3)**4
    131
    """

    units: int = option(
        "the land and naval units at the key: each hit eliminates one, and with none left "
        "the key returns to its home power",
        rule="RULES.md §28.9",
        low=0,
        high=MOST_UNITS,
        default=1,
    )
    captured_key: bool = condition_option(
        card_roll(71),
        "captured_key",
        "the target is a captured key: an independent key held by a major power, or a home "
        "key held by a major power not allied to its home power",
    )
    under_siege: bool = condition_option(
        card_roll(71), "under_siege", "the key is under siege: it cannot be targeted"
    )
    turn: int | None = turn_option(card_roll(71))

    record = card_roll(71)
    outcome_names = ("key_retaken", "key_held")
    #: RULES.md §28.9: the rebels roll 5 dice, each hit eliminating a unit at the key.
    DICE, TARGET, TAKEN = 5, "units", "units_eliminated"

    def succeeds(self, taken):
        # RULES.md §28.9: with no unit left, the key is retaken.
        return taken == self.units

    def title(self) -> str:
        return f"{self.record.name}: 5 dice against a key held by {self.units} units"

    def describe_lines(self) -> list[str]:
        return [self.card_line(), f"Units at the key: {self.units}"]


@dataclass(frozen=True)
class AndreaDoria(HitRoll):
    """Andrea Doria's second use (RULES.md §28.11): 3 dice, each hit on 5-6 takes 1 off
    the Ottoman piracy VP, not below 0.

    Parameters
    ----------
    piracy_vp : int, optional
        The Ottoman piracy VP before the roll (0..99): the VP taken off are at most these.
        Default None: not counted, every hit takes one.
    turn : int, optional
        The turn it is played (1..9). Default None, any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(AndreaDoria(piracy_vp=1))
    >>> round(answer.expected_values()["piracy_vp_removed"]["mean"] * 27)  # 1 - 8/27
    19
    """

    piracy_vp: int | None = option(
        "the Ottoman piracy VP before the roll: the VP taken off are at most these (default: "
        "not counted, every hit takes one)",
        rule="RULES.md §28.11",
        low=0,
        high=MOST_PIRACY_VP,
        default=None,
    )
    turn: int | None = turn_option(card_roll(68))

    record = card_roll(68)
    outcome_names = ("piracy_vp_reduced", "no_effect")
    #: RULES.md §28.11: 3 dice, each hit taking 1 off the piracy VP, not below 0.
    DICE, TARGET, TAKEN = 3, "piracy_vp", "piracy_vp_removed"

    def succeeds(self, taken):
        return taken > 0

    def title(self) -> str:
        return f"{self.record.name}: 3 dice against the Ottoman piracy VP"

    def describe_lines(self) -> list[str]:
        vp = "not counted" if self.piracy_vp is None else str(self.piracy_vp)
        return [self.card_line(), f"Ottoman piracy VP before the roll: {vp}"]


# A call with an argument a spec does not take is refused naming it, as any bad input.
CityStateRebels.__init__ = checked_arguments(CityStateRebels.__init__)
AndreaDoria.__init__ = checked_arguments(AndreaDoria.__init__)

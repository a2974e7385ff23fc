"""The inputs every move on the board starts from, land or naval (RULES.md §13.1, §14):
the board (a :class:`~oddsengine.moves.situation.Situation`), the space the stack leaves
and the one it enters, the units that move and their power.

:class:`~oddsengine.moves.move.Move` and :class:`~oddsengine.moves.naval_move.NavalMove`
declare their policies and cards after these, so that both are built alike,
``Move(situation, "Pressburg", "Vienna")`` and ``NavalMove(situation, "Tunis",
"Barbary Coast")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from oddsengine.combat.fleets import Fleet
    from oddsengine.combat.forces import Force
    from oddsengine.moves.situation import Situation

__all__ = ["BoardMove"]


# Each move generates its own __init__, __repr__ and __eq__ (over all its fields): this
# base generates none of them, only what a frozen base must (a move's command line builds
# few classes: tests/project/test_light_imports.py).
@dataclass(frozen=True, init=False, repr=False, eq=False)
class BoardMove:
    """A stack that moves from ``origin`` into an adjacent ``destination`` of
    ``situation``: ``units`` (default: the whole stack) of ``power`` (needed only when
    several powers stand in ``origin``)."""

    situation: Situation
    origin: str
    destination: str
    units: Force | Fleet | None = None
    power: str | None = None

    #: Its exact answer is its end states, each a tree of rolls: no fractions of one draw.
    fractions_available = False

    def who_moves_where(self) -> dict:
        """Who moves, from where to where, as plain data: the first keys of the move's
        ``describe()`` (JSON)."""
        return {
            "power": self.power,
            "origin": self.origin,
            "destination": self.destination,
            "units": self.units.notation(),
        }

"""Fleets on the board: the naval units and naval leaders of one power in one port or sea
zone (RULES.md §14), as a :class:`~oddsengine.moves.situation.Situation` holds them.

:class:`FleetStack` is read from :mod:`oddsengine.moves.situation` too; it lives in a module
of its own so that a situation on land, and a move on land, never build it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from oddsengine.errors import OddsEngineError, checked_flag
from oddsengine.moves.board import load_board
from oddsengine.moves.pieces import piece_of_power

if TYPE_CHECKING:
    from oddsengine.combat.fleets import Fleet

__all__ = ["FleetStack"]


@dataclass(frozen=True)
class FleetStack:
    """The naval units and naval leaders of one power in one location (RULES.md §14).

    Parameters
    ----------
    space : str
        A location: a port or a sea zone of the board.
    fleet : Fleet or str
        Ships and naval leaders, e.g. ``"hapsburg: 2Sq Andrea Doria"``; the fleet must name
        its power (directly or through a leader or corsairs). Ships of a lent or activated
        minor fleet are written under the power that controls them (§14).
    lost_battle_this_impulse : bool
        Its ships lost a naval combat earlier this impulse (§14: they may not move).

    Examples
    --------
    >>> FleetStack("tyrrhenian sea", "hapsburg: 2Sq Doria").label
    'hapsburg@Tyrrhenian Sea'
    >>> FleetStack("Genoa", "hapsburg: 1Sq").in_port
    True
    """

    space: str
    fleet: Fleet
    lost_battle_this_impulse: bool = False

    def __post_init__(self):
        board = load_board()
        space = board.space(self.space)
        if not board.is_location(space.name):
            raise OddsEngineError(
                f"{space.name} is neither a port nor a sea zone: ships cannot stand there (§14)"
            )
        object.__setattr__(self, "space", space.name)
        # The ships' module is loaded by the first fleet: a move on land needs none.
        from oddsengine.combat.fleets import Fleet, parse_fleet

        fleet = piece_of_power(self.fleet, Fleet, parse_fleet, "fleet", space.name, "hapsburg: 2Sq")
        if fleet.ships == 0:
            # §14: naval leaders move with a naval unit of their power.
            raise OddsEngineError(
                f"the fleet in {space.name} ({fleet.notation()}) has no ships: a naval "
                "leader stands with squadrons or corsairs of his power"
            )
        lost = checked_flag(self.lost_battle_this_impulse, "lost_battle_this_impulse")
        object.__setattr__(self, "lost_battle_this_impulse", lost)
        object.__setattr__(self, "fleet", fleet)

    @property
    def power(self) -> str:
        return self.fleet.power

    @property
    def in_port(self) -> bool:
        """Whether the fleet stands in a port (not in a sea zone)."""
        return load_board().space(self.space).is_land

    @property
    def label(self) -> str:
        """``power@Location``: how a fleet is named in tables and JSON keys."""
        return f"{self.power}@{self.space}"

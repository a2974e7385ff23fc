"""Naval transport (RULES.md §15, rulebook 16.3): land units carried across the sea, then
landed in a port as a move.

:class:`NavalTransport` is a :class:`~oddsengine.moves.move.Move` whose formation goes from a
port through sea zones held by its power's ships to another port. Building it checks every
requirement of §15 and refuses the transport with the reason; the landing is then played
out by the land move's rules (§2-§6: interception by land into the port, avoid battle,
withdrawal, field battle, siege), with the one difference §15 makes: the formation comes
from the sea, and a retreat never enters a sea zone (§6.1), so a transported formation
that loses the field battle, or must go back, is eliminated with its leaders captured
(event ``transported_eliminated``) unless it may move on by land.

Examples
--------
>>> from oddsengine import exact
>>> from oddsengine.moves.situation import FleetStack, Situation, Stack
>>> situation = Situation(
...     [Stack("Lepanto", "ottoman: 2R"), Stack("Naples", "hapsburg: 2R")],
...     fleets=[FleetStack("Ionian Sea", "ottoman: 1Sq")],
...     wars=[("ottoman", "hapsburg")],
... )
>>> transport = NavalTransport(situation, "Lepanto", "Taranto", by_sea=("Ionian Sea",))
>>> transport.cp_spent
2
>>> result = exact(transport)
>>> round(result.p["intercepted"] * 36)
10
>>> 0 < result.p["transported_eliminated"] < result.p["intercepted"]
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

from oddsengine.combat.card_types import Card
from oddsengine.combat.cards import read_stopping_cards
from oddsengine.combat.forces import Force
from oddsengine.combat.limits import MAX_NAVAL_COUNT
from oddsengine.combat.powers import normalise_power
from oddsengine.errors import OddsEngineError, shown
from oddsengine.moves._move_program import BASE_EVENTS, OUTCOME_NAMES
from oddsengine.moves._move_tree import MoveBuilder
from oddsengine.moves.board import load_board
from oddsengine.moves.move import Move

__all__ = ["NavalTransport", "MAX_TRANSPORTED_UNITS", "TRANSPORT_OUTCOMES", "TRANSPORT_EVENTS"]

#: §15: a formation of at most 5 land units (and any army leaders) crosses the sea.
MAX_TRANSPORTED_UNITS = 5

#: §15: Foul Weather stopped the transport: 1 CP lost, the formation stays where it was.
TRANSPORT_STOPPED = "transport_stopped"

#: The outcomes of a transport: a move's, and the transport stopped before it sailed.
TRANSPORT_OUTCOMES = OUTCOME_NAMES + (TRANSPORT_STOPPED,)

#: The events of a transport besides a move's: the transported formation is gone.
TRANSPORT_EVENTS = ("transported_eliminated",)


@dataclass(frozen=True)
class NavalTransport(Move):
    """A formation crosses the sea from a port and lands in another port (RULES.md §15).

    Parameters
    ----------
    situation, origin, destination, units, power
        As for :class:`~oddsengine.moves.move.Move`; ``origin`` and ``destination`` are
        ports.
    by_sea : sequence of str
        The sea zones crossed, in order: the first adjacent to ``origin``, each adjacent to
        the one before, the last adjacent to ``destination``; each holds naval units of the
        moving power.
    cp : int, optional
        The CP the moving power has left (default: enough). §15 needs at least 2, and
        enough to cross every zone and land: ``len(by_sea) + 1``.
    responses : sequence of Card or str
        Response cards another power plays against the transport: Foul Weather stops it
        (outcome ``transport_stopped``, 1 CP spent, nothing moves).

    Every other parameter is a move's, and applies to the landing. Policies that send the
    mover back where it came from (a lost battle, ``after_withdrawal="go-back"``) eliminate
    a transported formation: the way back is the sea. ``after_withdrawal="move-on"`` lets
    it move on by land when the port has a land neighbour and a CP is left for it.

    Examples
    --------
    >>> from oddsengine.moves.scenario_file import load_move
    >>> transport = load_move("tunis_transport")
    >>> transport.route, transport.cp_spent
    (('Naples', 'Tyrrhenian Sea', 'Barbary Coast', 'Tunis'), 3)
    """

    by_sea: tuple[str, ...] = ()
    cp: int | None = None
    responses: tuple[Card, ...] = ()

    outcome_names = TRANSPORT_OUTCOMES
    is_transport = True

    def __post_init__(self):
        object.__setattr__(self, "responses", _stopping_cards(self.responses))
        super().__post_init__()

    # -- §15 requirements --------------------------------------------------------------

    def _check_route(self, board, origin: str, destination: str) -> None:
        zones = self.by_sea
        if isinstance(zones, str):
            zones = (zones,)
        if not isinstance(zones, (list, tuple)) or not all(isinstance(zone, str) for zone in zones):
            raise OddsEngineError(
                f"by_sea must be a list of sea zones in the order crossed, not {shown(zones)}"
            )
        if not zones:
            raise OddsEngineError(
                "a naval transport crosses at least one sea zone: give by_sea (RULES §15)"
            )
        zones = tuple(board.space(zone).name for zone in zones)
        for zone in zones:
            if not board.space(zone).is_sea:
                raise OddsEngineError(f"by_sea: {zone} is not a sea zone")
        for port, end in ((origin, "starts"), (destination, "ends")):
            if not board.is_port(port):
                raise OddsEngineError(f"a naval transport {end} in a port; {port} is not one")
        object.__setattr__(self, "by_sea", zones)
        if not _adjacent_at_sea(board, origin, zones[0]):
            raise OddsEngineError(
                f"{zones[0]} is not adjacent to {origin}: the transport moves from the port "
                "to an adjacent sea zone (RULES §15)"
            )
        for before, after in itertools.pairwise(zones):
            if not _adjacent_at_sea(board, before, after):
                raise OddsEngineError(
                    f"{after} is not adjacent to {before}: each sea zone crossed is adjacent "
                    "to the one before (RULES §14, §15)"
                )
        if not _adjacent_at_sea(board, zones[-1], destination):
            raise OddsEngineError(
                f"{destination} is not adjacent to {zones[-1]}: the transport lands in a port "
                "adjacent to the last sea zone (RULES §15)"
            )
        self._check_cp(len(zones) + 1)
        self._check_not_besieged(origin)

    def _check_cp(self, cost: int) -> None:
        cp = self.cp
        if cp is None:
            return
        if isinstance(cp, bool) or not isinstance(cp, int) or cp < 0:
            raise OddsEngineError(f"cp (the CP left) must be a whole number, not {shown(cp)}")
        if cp > MAX_NAVAL_COUNT:  # a count typed by mistake: no impulse has that many CP
            raise OddsEngineError(
                f"cp (the CP left) must be at most {MAX_NAVAL_COUNT}, not {shown(cp)}"
            )
        if cp < 2:
            raise OddsEngineError(
                f"a naval transport needs at least 2 CP left; {cp} left (RULES §15)"
            )
        if cp < cost:
            raise OddsEngineError(
                f"crossing {cost - 1} sea zone{'s' if cost > 2 else ''} and landing costs "
                f"{cost} CP; {cp} left: a formation never ends an impulse at sea (RULES §15)"
            )

    def _check_not_besieged(self, origin: str) -> None:
        stacks = [
            stack
            for stack in self.situation.stacks_in(origin)
            if self.power is None or stack.power == normalise_power(self.power)
        ]
        if stacks and all(stack.besieged for stack in stacks):
            raise OddsEngineError(
                f"the formation in {origin} is under siege: a besieged formation may not use "
                "naval transport (RULES §15)"
            )

    def _check_units(self, units: Force) -> None:
        power = units.power
        if units.land_units > MAX_TRANSPORTED_UNITS:
            raise OddsEngineError(
                f"a naval transport carries at most {MAX_TRANSPORTED_UNITS} land units (and any "
                f"army leaders); {units.notation()} has {units.land_units} (RULES §15)"
            )
        for zone in self.by_sea:
            fleet = self.situation.fleet(zone, power)
            if fleet is None or not (fleet.fleet.squadrons or fleet.fleet.corsairs):
                raise OddsEngineError(
                    f"no {power} naval units in {zone}: every sea zone crossed must hold naval "
                    f"units of the moving power (RULES §15)"
                )
        if self.situation.enemy_ships_in(self.destination, power):
            raise OddsEngineError(
                f"enemy naval units are in {self.destination}: a transport lands only in a "
                "port with no enemy naval units (RULES §15)"
            )

    # -- what the land move's rules read -----------------------------------------------

    @property
    def came_from(self) -> str:
        """§15: the formation enters the port from the last sea zone crossed (a retreat or
        a way back there is never legal, §6.1)."""
        return self.by_sea[-1]

    @property
    def may_move_on(self) -> bool:
        """§15 / 13.4: moving on by land needs a land neighbour of the port and 1 CP more."""
        if not load_board().neighbours(self.destination):
            return False
        return self.cp is None or self.cp >= self.cp_spent + 1

    @property
    def stopped(self) -> bool:
        """§15: Foul Weather was played: the transport does not happen."""
        return bool(self.responses)

    @property
    def route(self) -> tuple[str, ...]:
        """The port of departure, the sea zones crossed and the landing port."""
        return (self.origin, *self.by_sea, self.destination)

    @property
    def cp_spent(self) -> int:
        """§15: 1 CP per sea zone crossed and 1 to land; 1 if Foul Weather stopped it."""
        return 1 if self.stopped else len(self.by_sea) + 1

    @cached_property
    def program(self):
        """The landing's tree, or one end state if Foul Weather stopped the transport."""
        if not self.stopped:
            return super().program
        builder = MoveBuilder(self)
        # §15: Foul Weather: 1 CP lost, the formation stays where it was.
        branch = self.initial_branch().noting(TRANSPORT_STOPPED)
        builder.program.root = builder.finish(branch, TRANSPORT_STOPPED)
        return builder.program

    @property
    def event_names(self) -> tuple[str, ...]:
        names = super().event_names
        base = len(BASE_EVENTS)
        return names[:base] + TRANSPORT_EVENTS + names[base:]

    # -- reports -----------------------------------------------------------------------

    def describe(self) -> dict:
        """The transport as plain data (for JSON output): a move's, with the route and CP."""
        data = super().describe()
        data.update(
            {
                "by_sea": list(self.by_sea),
                "cp_left": self.cp,
                "cp_spent": self.cp_spent,
                "responses": [card.slug for card in self.responses],
            }
        )
        return data

    def title(self) -> str:
        return f"Naval transport: {self.units.notation()}  " + " -> ".join(self.route)

    def describe_lines(self) -> list[str]:
        left = "" if self.cp is None else f" of the {self.cp} left"
        lines = [f"CP spent: {self.cp_spent}{left}"]
        if self.stopped:
            played = ", ".join(card.name for card in self.responses)
            lines.append(f"Stopped by {played}: the formation stays in {self.origin}")
            return lines
        return lines + super().describe_lines()


def _adjacent_at_sea(board, first: str, second: str) -> bool:
    return any(space.name == second for space in board.naval_neighbours(first))


def _stopping_cards(values) -> tuple[Card, ...]:
    """The response cards played against a transport: only those that stop it (§15)."""
    twice = "a card is listed twice against the transport"
    return read_stopping_cards(values, "stops_transport", "a naval transport", twice, "RULES §15")

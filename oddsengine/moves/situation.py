"""Situations: where the stacks stand on the board, who controls what, who is at war.

A :class:`Situation` is the part of the game state a move needs (RULES.md §2-§6): the
stacks (power, units, leaders, besieged or not, whether they already intercepted or lost
a battle this impulse), the fleets in ports and sea zones (:class:`FleetStack`, RULES.md
§14), the control of spaces (by default their home power), the spaces in unrest, the wars
and alliances, and the impulse order. It is built in Python or read from
a TOML file with :func:`load_situation_file`; every check happens when it is built.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from oddsengine.combat.forces import Force, parse_force
from oddsengine.combat.limits import check_force_size
from oddsengine.combat.powers import MAJOR_POWERS, normalise_power
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves.board import load_board
from oddsengine.moves.pieces import piece_of_power
from oddsengine.spec_repr import repr_given

if TYPE_CHECKING:
    from oddsengine.moves.fleet_stack import FleetStack

__all__ = ["Stack", "FleetStack", "Situation", "MAX_UNITS_INSIDE"]

#: 13.4 / 15: at most 4 friendly land units may be inside a fortified space.
MAX_UNITS_INSIDE = 4


@dataclass(frozen=True)
class Stack:
    """The units and leaders of one power in one space.

    Parameters
    ----------
    space : str
        A land space of the board (any spelling :meth:`Board.space` accepts).
    force : Force or str
        Units and leaders, e.g. ``"hapsburg: 8R Charles V"``; the force must name its power
        (directly or through a leader).
    besieged : bool
        The stack is inside a fortified space under siege (15).
    intercepted_this_impulse : bool
        Its units already tried to intercept this impulse (13.2: once per impulse).
    lost_battle_this_impulse : bool
        Its units already lost a field battle this impulse (13.3: avoid battle succeeds
        automatically; 13.1: they may not move).
    laid_siege_this_impulse : bool
        Its units laid a siege earlier this impulse (13.1: they may not move).

    Examples
    --------
    >>> Stack("graz", "hapsburg: 8R Charles V").label
    'hapsburg@Graz'
    """

    space: str
    force: Force
    besieged: bool = False
    intercepted_this_impulse: bool = False
    lost_battle_this_impulse: bool = False
    laid_siege_this_impulse: bool = False

    def __post_init__(self):
        board = load_board()
        space = board.space(self.space)
        if space.is_sea:
            raise OddsEngineError(f"{space.name} is a sea zone: land units cannot stand there")
        object.__setattr__(self, "space", space.name)
        force = piece_of_power(self.force, Force, parse_force, "stack", space.name, "hapsburg: 4R")
        check_force_size(force, f"the stack in {space.name}")
        object.__setattr__(self, "force", force)
        if self.besieged and not space.is_fortified:
            raise OddsEngineError(f"{space.name} is not fortified: nobody can be besieged there")
        if self.besieged and force.land_units > MAX_UNITS_INSIDE:
            raise OddsEngineError(
                f"{force.land_units} land units inside {space.name}: a fortified space holds "
                f"at most {MAX_UNITS_INSIDE} (13.4)"
            )

    @property
    def power(self) -> str:
        return self.force.power

    @property
    def label(self) -> str:
        """``power@Space``: how a stack is named in tables and JSON keys."""
        return f"{self.power}@{self.space}"


def _pair(first: str, second: str) -> tuple[str, str]:
    return tuple(sorted((normalise_power(first), normalise_power(second))))


def _sequence(value, what: str) -> tuple:
    """``value`` as a tuple, refused unless it is a list or tuple (a string or a number
    given where a sequence belongs is a mistake, not a one-item sequence)."""
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise OddsEngineTypeError(f"{what} must be a list, not {shown(value)}")
    return tuple(value)


def _pairs(value, what: str) -> tuple[tuple, ...]:
    """``value`` as a tuple of 2-tuples, refused unless it is a list of pairs."""
    pairs = _sequence(value, what)
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise OddsEngineTypeError(
                f"{what} must be a list of pairs, not one holding {shown(pair)}"
            )
    return tuple(tuple(pair) for pair in pairs)


def _checked_fleets(value) -> tuple[FleetStack, ...]:
    """The fleets as a tuple: FleetStack instances, one per power and location, each
    naval leader in one place."""
    fleets = _sequence(value, "fleets")
    if not fleets:
        return fleets  # a situation on land: the ships' modules are not loaded
    from oddsengine.moves.fleet_stack import FleetStack

    seen, leaders = set(), {}
    for fleet in fleets:
        if not isinstance(fleet, FleetStack):
            raise OddsEngineTypeError(f"fleets must be FleetStack instances, not {shown(fleet)}")
        if (fleet.space, fleet.power) in seen:
            raise OddsEngineError(f"two {fleet.power} fleets in {fleet.space}: merge them into one")
        seen.add((fleet.space, fleet.power))
        for leader in fleet.fleet.leaders:
            if leader.name in leaders:
                raise OddsEngineError(
                    f"{leader.name} is already in {leaders[leader.name]}: one leader, one place"
                )
            leaders[leader.name] = fleet.space
    return fleets


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class Situation:
    """Everything on the board a move depends on.

    Parameters
    ----------
    stacks : sequence of Stack
        At most one unbesieged and one besieged stack per power and space.
    control : mapping of space to power, optional
        Spaces whose controller is not their home power.
    unrest : sequence of str
        Spaces in unrest.
    wars, alliances : sequence of (power, power)
    impulse_order : sequence of str
        The order in which powers act (13.2: several powers intercept in this order).
    fleets : sequence of FleetStack
        The ships in ports and sea zones, at most one fleet per power and location
        (RULES.md §14).

    Examples
    --------
    >>> situation = Situation(
    ...     [Stack("Graz", "hapsburg: 8R Charles V")], wars=[("ottoman", "hapsburg")]
    ... )
    >>> situation.at_war("hapsburg", "ottoman"), situation.controller("Brunn")
    (True, 'hungary')
    """

    stacks: tuple[Stack, ...] = ()
    control: tuple[tuple[str, str], ...] = ()
    unrest: tuple[str, ...] = ()
    wars: tuple[tuple[str, str], ...] = ()
    alliances: tuple[tuple[str, str], ...] = ()
    impulse_order: tuple[str, ...] = MAJOR_POWERS
    fleets: tuple[FleetStack, ...] = ()
    _control_map: dict = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        board = load_board()
        stacks = _sequence(self.stacks, "stacks")
        for stack in stacks:
            if not isinstance(stack, Stack):
                raise OddsEngineTypeError(f"stacks must be Stack instances, not {shown(stack)}")
        places = {}  # a named leader stands in one space (an anonymous L0-L2 is no one)
        for stack in stacks:
            for leader in stack.force.leaders:
                if leader.is_anonymous:
                    continue
                if leader.name in places:
                    raise OddsEngineError(
                        f"{leader.name} is already in {places[leader.name]}: one leader, one place"
                    )
                places[leader.name] = stack.space
        seen = set()
        for stack in stacks:
            key = (stack.space, stack.power, stack.besieged)
            if key in seen:
                where = "inside" if stack.besieged else "in the open in"
                raise OddsEngineError(
                    f"two {stack.power} stacks {where} {stack.space}: merge them into one"
                )
            seen.add(key)
        if isinstance(self.control, dict):
            items = tuple(self.control.items())
        else:  # a list of (space, power) pairs
            items = _pairs(self.control, "control")
        control = {}
        for space, power in items:
            name = board.space(space).name
            if board.space(name).is_sea:
                raise OddsEngineError(f"control: {name} is a sea zone: nobody controls it")
            if name in control and control[name] != normalise_power(power):
                # "Brunn" and "brunn", or a pair listed twice: one would be dropped
                raise OddsEngineError(f"control: {name} is given twice, to two powers")
            control[name] = normalise_power(power)
        unrest = tuple(
            sorted({board.space(space).name for space in _sequence(self.unrest, "unrest")})
        )
        for name in unrest:
            if board.space(name).is_sea:
                raise OddsEngineError(f"unrest: {name} is a sea zone: it cannot be in unrest")
        wars = tuple(sorted({_pair(*pair) for pair in _pairs(self.wars, "wars")}))
        alliances = tuple(sorted({_pair(*pair) for pair in _pairs(self.alliances, "alliances")}))
        for pair in alliances:
            if pair[0] == pair[1]:
                raise OddsEngineError(f"{pair[0]} cannot be allied with itself")
        for pair in wars:
            if pair[0] == pair[1]:
                raise OddsEngineError(f"{pair[0]} cannot be at war with itself")
            if pair in alliances:
                raise OddsEngineError(f"{pair[0]} and {pair[1]} are both at war and allied")
        order = tuple(
            normalise_power(power) for power in _sequence(self.impulse_order, "impulse_order")
        )
        if len(set(order)) != len(order):
            raise OddsEngineError("a power appears twice in the impulse order")
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "fleets", _checked_fleets(self.fleets))
        object.__setattr__(self, "control", tuple(sorted(control.items())))
        object.__setattr__(self, "unrest", unrest)
        object.__setattr__(self, "wars", wars)
        object.__setattr__(self, "alliances", alliances)
        object.__setattr__(self, "impulse_order", order)
        object.__setattr__(self, "_control_map", control)
        for stack in stacks:
            if stack.besieged and not any(
                other.space == stack.space
                and not other.besieged
                and self.at_war(other.power, stack.power)
                for other in stacks
            ):
                raise OddsEngineError(
                    f"the {stack.power} stack in {stack.space} is besieged but no enemy "
                    "stack stands there in the open (15)"
                )

    def refuse_enemies_in_the_open(self) -> None:
        """Refuse two stacks at war standing in the open in one space outside a siege: where
        enemies meet they fight (14), so no board a player sets up holds them. Checked on
        the boards of scenario files and of ``--stack`` what-ifs; a rule test may still
        build one in Python."""
        besieging = {stack.space for stack in self.stacks if stack.besieged}
        for first, second in itertools.combinations(self.stacks, 2):
            if (
                first.space == second.space
                and first.space not in besieging
                and self.at_war(first.power, second.power)
            ):
                raise OddsEngineError(
                    f"{first.power} and {second.power} units, at war, both stand in the open "
                    f"in {first.space}: that is a field battle (14), not a board; mark one "
                    "side besieged, or move it"
                )

    def __repr__(self) -> str:
        # ``fleets`` only when given, so that the repr (which keys the random streams) of
        # a spec without them is what it always was.
        return repr_given(self, "fleets")

    # -- relations between powers ------------------------------------------------------

    def at_war(self, first: str, second: str) -> bool:
        return _pair(first, second) in self.wars

    def allied(self, first: str, second: str) -> bool:
        """True for allies and for a power with itself."""
        pair = _pair(first, second)
        return pair[0] == pair[1] or pair in self.alliances

    def impulse_rank(self, power: str) -> int:
        """Position of ``power`` in the impulse order (powers not listed come last)."""
        power = normalise_power(power)
        if power in self.impulse_order:
            return self.impulse_order.index(power)
        return len(self.impulse_order)

    # -- the board ---------------------------------------------------------------------

    def controller(self, space: str) -> str:
        """The power that controls ``space``: as given, else its (first) home power."""
        board_space = load_board().space(space)
        if board_space.is_sea:
            raise OddsEngineError(f"{board_space.name} is a sea zone: nobody controls it")
        controller = self._control_map.get(board_space.name)
        return board_space.home_powers[0] if controller is None else controller

    def in_unrest(self, space: str) -> bool:
        return load_board().space(space).name in self.unrest

    def stacks_in(self, space: str, *, besieged: bool | None = None) -> tuple[Stack, ...]:
        """The stacks in ``space``; only those (not) besieged if ``besieged`` is given."""
        name = load_board().space(space).name
        return tuple(
            stack
            for stack in self.stacks
            if stack.space == name and (besieged is None or stack.besieged == besieged)
        )

    def stack(self, space: str, power: str | None = None) -> Stack:
        """The unbesieged stack in ``space`` (of ``power``, if several powers are there)."""
        # 15 (original 004): besieged land units may not move until the siege is lifted,
        # so only an unbesieged stack is one that may act.
        candidates = [
            stack
            for stack in self.stacks_in(space, besieged=False)
            if power is None or stack.power == normalise_power(power)
        ]
        if len(candidates) != 1:
            name = load_board().space(space).name
            what = "no" if not candidates else "more than one"
            raise OddsEngineError(
                f"{what} unbesieged stack{'' if power is None else ' of ' + power} in {name}"
            )
        return candidates[0]

    def enemy_units_in(self, space: str, power: str) -> bool:
        """Whether a power at war with ``power`` has land units or leaders in ``space``."""
        return any(
            self.at_war(stack.power, power) and (stack.force.land_units > 0 or stack.force.leaders)
            for stack in self.stacks_in(space)
        )

    def friendly_units_in(self, space: str, power: str) -> int:
        """Land units of ``power`` and its allies in ``space``."""
        return sum(
            stack.force.land_units
            for stack in self.stacks_in(space)
            if self.allied(stack.power, power)
        )

    def fleets_in(self, location: str) -> tuple[FleetStack, ...]:
        """The fleets in a port or sea zone (RULES.md §14)."""
        name = load_board().space(location).name
        return tuple(fleet for fleet in self.fleets if fleet.space == name)

    def fleet(self, location: str, power: str) -> FleetStack | None:
        """The fleet of ``power`` in ``location``, or None."""
        power = normalise_power(power)
        for fleet in self.fleets_in(location):
            if fleet.power == power:
                return fleet
        return None

    def with_fleets(self, fleets) -> Situation:
        """This situation with each ``(location, fleet)`` in place of that power's ships in
        that location (a fleet of a power with no ships there is added).

        Examples
        --------
        >>> from oddsengine.combat.fleets import parse_fleet
        >>> from oddsengine.moves.situation import FleetStack
        >>> situation = Situation(fleets=[FleetStack("Naples", "hapsburg: 1Sq")])
        >>> changed = situation.with_fleets([("Naples", parse_fleet("hapsburg: 3Sq"))])
        >>> changed.fleet("Naples", "hapsburg").fleet.squadrons
        3
        """
        from dataclasses import replace

        from oddsengine.moves.fleet_stack import FleetStack

        if isinstance(fleets, (str, bytes, dict)) or not isinstance(fleets, (list, tuple)):
            raise OddsEngineTypeError(
                f"fleets must be a list of (location, fleet) pairs, not {shown(fleets)}"
            )
        for pair in fleets:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise OddsEngineTypeError(
                    f"fleets must be a list of (location, fleet) pairs; {shown(pair)} is not one"
                )
        placed = [FleetStack(location, fleet) for location, fleet in fleets]
        changed = {(fleet.space, fleet.power) for fleet in placed}
        kept = [fleet for fleet in self.fleets if (fleet.space, fleet.power) not in changed]
        return replace(self, fleets=tuple(kept + placed))

    def enemy_ships_in(self, location: str, power: str) -> bool:
        """Whether ships of a power at war with ``power`` are in ``location``."""
        return any(self.at_war(fleet.power, power) for fleet in self.fleets_in(location))


def __getattr__(name):
    # FleetStack lives in oddsengine.moves.fleet_stack and is still read from here; it is
    # loaded when asked for, so that a move on land builds no class of the ships.
    if name == "FleetStack":
        from oddsengine.moves.fleet_stack import FleetStack

        return FleetStack
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

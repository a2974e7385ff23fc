"""The sea on the board (RULES.md §14): where a fleet may go, who may intercept it, and
where ships may avoid battle or retreat to.

The board gives the locations (ports and sea zones) and their adjacency
(:meth:`~oddsengine.moves.board.Board.naval_neighbours`, with §14's two corrections of the
map data applied where the board is read); a :class:`~oddsengine.moves.situation.Situation`
gives the fleets, the control of ports and the wars. Each function here answers one
question of §14 from those two and returns locations sorted by name (interceptors in the
order they try).

Examples
--------
The board of the rulebook's Barbary Coast example (16.2; the shipped scenario
``barbary_coast``): the Venetians in the Ionian Sea may intercept Barbarossa before Doria's
stack in the Tyrrhenian Sea, in impulse order.

>>> from oddsengine.moves.scenario_file import read_naval_move
>>> situation, _ = read_naval_move("barbary_coast")
>>> barbarossa = situation.fleet("Tunis", "ottoman")
>>> [fleet.label for fleet in interceptors(situation, barbarossa, "Barbary Coast")]
['venice@Ionian Sea', 'hapsburg@Tyrrhenian Sea']
>>> naval_avoid_locations(situation, "hapsburg", "Tyrrhenian Sea")
('Barbary Coast', 'Cagliari', 'Gulf of Lyon', 'Messina', 'Naples', 'Palermo')
"""

from __future__ import annotations

from oddsengine.combat.powers import normalise_power
from oddsengine.errors import OddsEngineError
from oddsengine.moves.board import load_board
from oddsengine.moves.situation import FleetStack, Situation

__all__ = [
    "ATLANTIC_OCEAN",
    "banned_from_the_atlantic",
    "may_enter",
    "naval_destinations",
    "ports_a_fleet_may_enter",
    "interceptors",
    "naval_avoid_locations",
    "naval_retreat_locations",
    "naval_requirement",
]

#: §14: Genoese and Venetian ships and Andrea Doria never enter this sea zone.
ATLANTIC_OCEAN = "Atlantic Ocean"
_MEDITERRANEAN_ONLY_POWERS = ("genoa", "venice")
_MEDITERRANEAN_ONLY_LEADERS = ("Andrea Doria",)


def banned_from_the_atlantic(fleet: FleetStack) -> bool:
    """Whether the fleet may never enter the Atlantic Ocean (§14: Genoese and Venetian
    ships and Andrea Doria; the reading of §14 applies it to every move, interception,
    avoid battle and retreat included).

    Examples
    --------
    >>> banned_from_the_atlantic(FleetStack("Genoa", "hapsburg: 2Sq Doria"))
    True
    >>> banned_from_the_atlantic(FleetStack("Seville", "hapsburg: 2Sq"))
    False
    """
    return fleet.power in _MEDITERRANEAN_ONLY_POWERS or any(
        leader.name in _MEDITERRANEAN_ONLY_LEADERS for leader in fleet.fleet.leaders
    )


def _location(name: str) -> str:
    board = load_board()
    if not board.is_location(name):
        raise OddsEngineError(
            f"{board.space(name).name} is neither a port nor a sea zone: ships cannot go there"
        )
    return board.space(name).name


def may_enter(situation: Situation, fleet: FleetStack, location: str) -> bool:
    """Whether ``fleet`` may move into ``location`` (§14): a sea zone, or a port its power
    controls, or a port of another power with enemy naval units in it (so never an ally's
    port without them); never the Atlantic Ocean for Genoese, Venetian or Doria's ships."""
    name = _location(location)
    if name == ATLANTIC_OCEAN and banned_from_the_atlantic(fleet):
        return False
    if load_board().space(name).is_sea:
        return True
    return situation.controller(name) == fleet.power or situation.enemy_ships_in(name, fleet.power)


def naval_destinations(situation: Situation, fleet: FleetStack) -> tuple[str, ...]:
    """The locations adjacent to the fleet's that it may move into (§14)."""
    return tuple(
        space.name
        for space in load_board().naval_neighbours(fleet.space)
        if may_enter(situation, fleet, space.name)
    )


def ports_a_fleet_may_enter(situation: Situation, fleet: FleetStack) -> tuple[str, ...]:
    """The ports adjacent to the fleet's location that it may move into (§14).

    Examples
    --------
    >>> situation = Situation(fleets=[FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq")])
    >>> ports_a_fleet_may_enter(situation, situation.fleets[0])
    ('Cagliari', 'Messina', 'Naples', 'Palermo')
    """
    board = load_board()
    return tuple(name for name in naval_destinations(situation, fleet) if board.space(name).is_land)


def interceptors(
    situation: Situation, moving: FleetStack, destination: str
) -> tuple[FleetStack, ...]:
    """The enemy fleets that may try to intercept ``moving`` as it enters ``destination``,
    in the order they try (§14 / 16.1 step 4).

    ``situation`` is the board before the move; ``moving`` the ships that move (all or part
    of the mover's fleet in ``moving.space``). Only ships arriving in a sea zone that holds
    none of their power's ships can be intercepted, by fleets of powers at war with it in
    an adjacent location that holds no ships of the mover once it has moved; ships that
    lost a naval combat this impulse do not move; the Atlantic ban holds. Powers try in
    impulse order; one power's fleets by location name (the owner's order is a policy of
    the naval move).
    """
    board = load_board()
    name = _location(destination)
    mover = moving.power
    if board.space(name).is_land or situation.fleet(name, mover) is not None:
        return ()  # §14: only a stack arriving in a sea zone holding none of its own ships
    candidates = []
    for neighbour in board.naval_neighbours(name):
        if _holds_mover_ships_after(situation, moving, neighbour.name):
            continue  # §14: not from a location holding ships of the active power
        for fleet in situation.fleets_in(neighbour.name):
            if not situation.at_war(fleet.power, mover) or fleet.lost_battle_this_impulse:
                continue
            if name == ATLANTIC_OCEAN and banned_from_the_atlantic(fleet):
                continue
            candidates.append(fleet)
    return tuple(
        sorted(candidates, key=lambda fleet: (situation.impulse_rank(fleet.power), fleet.space))
    )


def _holds_mover_ships_after(situation: Situation, moving: FleetStack, location: str) -> bool:
    """Whether ``location`` still holds ships of the mover once ``moving`` has left its
    location (the ships left behind count)."""
    present = situation.fleet(location, moving.power)
    if present is None:
        return False
    if location != moving.space:
        return True
    left_behind = present.fleet
    return (left_behind.squadrons, left_behind.corsairs) != (
        moving.fleet.squadrons,
        moving.fleet.corsairs,
    )


def _free_of_enemy_ships(situation: Situation, location: str, power: str) -> bool:
    return not situation.enemy_ships_in(location, power)


def naval_avoid_locations(situation: Situation, power: str, zone: str) -> tuple[str, ...]:
    """Where ``power``'s ships in sea zone ``zone`` may avoid battle to (§14 / 16.1 step 5):
    an adjacent port it controls, free of enemy ships, or an adjacent sea zone without ships
    of a power at war with it. The location the mover came from is not excluded (the
    reading of §14). Never from a port."""
    board = load_board()
    name = _location(zone)
    power = normalise_power(power)
    if board.space(name).is_land:
        raise OddsEngineError(f"{name} is a port: ships in a port cannot avoid battle (§14)")
    return _leaving_locations(situation, power, name, ports=True)


def naval_retreat_locations(
    situation: Situation, power: str, location: str, *, port_combat: bool = False
) -> tuple[str, ...]:
    """Where ``power``'s ships may retreat to after a naval combat in ``location`` (§14).

    After a combat in a port the attacker always leaves, to a sea zone of that port free of
    enemy ships (``port_combat=True``); after a combat at sea the loser goes to an adjacent
    port it controls or an adjacent sea zone, either free of enemy ships. An empty answer
    means its ships are eliminated.

    Examples
    --------
    >>> situation = Situation(
    ...     wars=[("ottoman", "hapsburg")],
    ...     fleets=[FleetStack("Gulf of Lyon", "hapsburg: 1Sq")],
    ... )
    >>> naval_retreat_locations(situation, "ottoman", "Genoa", port_combat=True)
    ('Tyrrhenian Sea',)
    """
    board = load_board()
    name = _location(location)
    power = normalise_power(power)
    in_port = board.space(name).is_land
    if port_combat and not in_port:
        raise OddsEngineError(f"{name} is a sea zone, not a port")
    return _leaving_locations(situation, power, name, ports=not port_combat)


def _leaving_locations(situation: Situation, power: str, origin: str, *, ports: bool):
    board = load_board()
    fleets = [fleet for fleet in situation.fleets_in(origin) if fleet.power == power]
    banned = any(banned_from_the_atlantic(fleet) for fleet in fleets)
    legal = []
    for neighbour in board.naval_neighbours(origin):
        name = neighbour.name
        if name == ATLANTIC_OCEAN and banned:
            continue
        if not _free_of_enemy_ships(situation, name, power):
            continue
        if neighbour.is_land and not (ports and situation.controller(name) == power):
            continue
        legal.append(name)
    return tuple(legal)


def naval_requirement(situation: Situation, space: str, attacker: str) -> dict[str, int]:
    """The squadrons that decide 15.1's naval requirement for an assault by ``attacker``
    on ``space``, read from the board (RULES.md §7, §14), as the keyword arguments of
    :class:`~oddsengine.combat.assault.Assault`.

    ``defender_squadrons_in_port`` counts the squadrons of the power controlling the space
    and of its allies in the port, ``defender_squadrons_adjacent`` theirs in the port's sea
    zones, ``attacker_squadrons_adjacent`` those of the attacker and its allies there;
    corsairs do not count. A space that is no port has no naval requirement (all zero).

    Examples
    --------
    >>> situation = Situation(
    ...     wars=[("hapsburg", "ottoman")],
    ...     control={"Tunis": "ottoman"},
    ...     fleets=[
    ...         FleetStack("Tunis", "ottoman: 1Sq 2Co"),
    ...         FleetStack("Barbary Coast", "hapsburg: 2Sq Doria"),
    ...     ],
    ... )
    >>> counts = naval_requirement(situation, "Tunis", "hapsburg")
    >>> counts["defender_squadrons_in_port"], counts["attacker_squadrons_adjacent"]
    (1, 2)
    """
    board = load_board()
    name = board.space(space).name
    attacker = normalise_power(attacker)
    counts = {
        "defender_squadrons_adjacent": 0,
        "defender_squadrons_in_port": 0,
        "attacker_squadrons_adjacent": 0,
    }
    if not board.is_port(name):
        return counts
    defender = situation.controller(name)

    def side(power: str) -> str | None:
        if situation.allied(power, defender):
            return "defender"
        if situation.allied(power, attacker):
            return "attacker"
        return None

    for fleet in situation.fleets_in(name):
        if side(fleet.power) == "defender":
            counts["defender_squadrons_in_port"] += fleet.fleet.squadrons
    for zone in board.sea_zones_of(name):
        for fleet in situation.fleets_in(zone.name):
            who = side(fleet.power)
            if who is not None:
                counts[f"{who}_squadrons_adjacent"] += fleet.fleet.squadrons
    return counts

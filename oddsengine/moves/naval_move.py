"""A naval move on the board (RULES.md §14), played out to the end.

:class:`NavalMove` is a frozen spec: one stack of the active power's ships moves from a port
or sea zone into an adjacent location. Enemy fleets adjacent to a destination sea zone may
intercept (in impulse order, each stack as the owner lets it try), the ships already there
may avoid battle, and the mover fights every enemy power still there until it loses one;
the losers retreat (§11 for the rolls and the combat). Like a land move, it is compiled
into a program (:mod:`oddsengine.moves._naval_tree`): :func:`oddsengine.exact` reads its
exact distribution of end states, :func:`oddsengine.moves.move_simulation.simulate_move`
plays it out with the move kernel.

Examples
--------
The rulebook's Barbary Coast example (16.2): Barbarossa leaves Tunis; Doria's stack
intercepts from the Tyrrhenian Sea on a 7 (21/36).

>>> from oddsengine import exact
>>> from oddsengine.moves.situation import FleetStack, Situation
>>> situation = Situation(
...     wars=[("ottoman", "hapsburg")],
...     control={"Tunis": "ottoman"},
...     fleets=[
...         FleetStack("Tunis", "ottoman: 2Sq 1Co Barbarossa"),
...         FleetStack("Tyrrhenian Sea", "hapsburg: 2Sq Doria"),
...     ],
... )
>>> result = exact(NavalMove(situation, "Tunis", "Barbary Coast"))
>>> round(result.p["intercepted"] * 36)
21
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from oddsengine.combat.cards import card_rule, read_cards
from oddsengine.combat.fleets import Fleet, as_fleet
from oddsengine.combat.naval import NavalAvoidBattle, NavalBattle, NavalInterception
from oddsengine.combat.naval_cards import PROFESSIONAL_ROWERS, parse_effects
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.combat.powers import normalise_power
from oddsengine.engines._draws import DrawPlan
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves._naval_tree import (
    MOVER,
    NAVAL_EVENTS,
    NAVAL_OUTCOMES,
    NavalBranch,
    Ships,
    build_naval_program,
    fleet_without,
)
from oddsengine.moves.board import load_board
from oddsengine.moves.sea import (
    interceptors,
    may_enter,
    naval_avoid_locations,
    naval_retreat_locations,
)
from oddsengine.moves.situation import FleetStack, Situation

__all__ = ["NavalMove", "InterceptingFleet", "naval_end_state_records"]


@dataclass(frozen=True)
class InterceptingFleet:
    """One naval interception attempt: the ships of the fleet ``label`` that try, and
    their roll (with Professional Rowers if it is played on this roll)."""

    label: str
    location: str
    fleet: Fleet
    roll: NavalInterception

    @property
    def power(self) -> str:
        return self.fleet.power


def _fleet_part(whole: Fleet, part, what: str) -> Fleet:
    """``part`` (a fleet or its notation) checked against the stack ``whole``."""
    fleet = as_fleet(part, what) if not isinstance(part, str) else _parse_part(part, whole)
    if fleet.power not in (None, whole.power):
        raise OddsEngineError(f"{what} ({fleet.notation()}) is not {whole.power}")
    fleet = Fleet(fleet.squadrons, fleet.corsairs, fleet.leaders, power=whole.power)
    if fleet.squadrons > whole.squadrons or fleet.corsairs > whole.corsairs:
        raise OddsEngineError(f"{what} ({fleet.notation()}) is more than {whole.notation()}")
    missing = [leader.name for leader in fleet.leaders if leader not in whole.leaders]
    if missing:
        raise OddsEngineError(f"{what}: {', '.join(missing)} is not in {whole.notation()}")
    if fleet.ships == 0:
        raise OddsEngineError(f"{what} has no ships: naval leaders move with ships (§14)")
    return fleet


def _parse_part(text: str, whole: Fleet) -> Fleet:
    from oddsengine.combat.fleets import parse_fleet

    body = text if ":" in text else f"{whole.power}: {text}"
    return parse_fleet(body)


def _check_defender_text(text: str) -> str:
    if text not in ("best", "fight", "avoid") and not text.startswith("avoid:"):
        raise OddsEngineError(
            f"unknown defender policy {text!r}; use best, fight, avoid or avoid:LOCATION"
        )
    return text


def _policy_text(value, what: str) -> str:
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{what} must be text, not {shown(value)}")
    return value.strip()


@dataclass(frozen=True)
class NavalMove:
    """One stack of the active power's ships moves into an adjacent location (§14).

    Parameters
    ----------
    situation : Situation
        The board, with its fleets (:class:`~oddsengine.moves.situation.FleetStack`).
    origin, destination : str
        A port or sea zone holding the mover's ships, and an adjacent location it may
        enter (a sea zone; its own port; another power's port only with enemy ships in it).
    units : Fleet or str, optional
        The ships that move (default: all the power's ships in ``origin``).
    power : str, optional
        The moving power; needed only when several powers have ships in ``origin``.
    defender_policy : str or mapping
        What the enemy ships already in a destination sea zone do when no interception
        succeeded: ``best`` (default: avoid battle unless fighting is expected to sink
        more of the mover's ships than of theirs), ``fight``, ``avoid`` (to the default
        location) or ``avoid:LOCATION``; one string for every enemy power, or a mapping
        from power to policy.
    interception_policy : str or mapping
        ``all`` (default: every enemy fleet that may intercept tries with all its ships),
        ``none``, or a mapping from location to ``"all"``, ``"none"`` or the ships that try
        from there; locations left out do not try. One power's stacks try in the mapping's
        order (by location name for ``all``).
    retreat_policy : str
        ``most-friendly`` (default: the legal location with the most of the retreating
        power's ships, ports before sea zones) or ``prefer:A,B`` (the first legal one);
        the same choice places ships that avoid battle with ``avoid``.
    attacker_cards, defender_cards : sequence of cards
        Naval combat cards (Arquebusiers, Janissaries, Professional Rowers) played in the
        first combat of the move by the mover and by the power it fights.
    responses : sequence of cards
        Response cards played against the move: Foul Weather cancels it (outcome
        ``cancelled``).
    post_roll_policy : str
        When post-roll cards are played: ``if-it-changes-the-outcome`` (default) or
        ``always``; also for Professional Rowers on a roll.
    rowers : {None, "roller", "opponent"}
        Professional Rowers (#34) on an interception or avoid roll: by the power rolling
        (+2) or by the mover (-2), on the roll ``rowers_roll`` names.
    rowers_roll : str, optional
        ``intercept:POWER@LOCATION`` (the stack trying from there) or ``avoid:POWER``.
    fight_order : sequence of str
        The order in which the mover fights several enemy powers in the destination
        (default: impulse order); powers left out come after, in impulse order.
    """

    situation: Situation
    origin: str
    destination: str
    units: Fleet | None = None
    power: str | None = None
    defender_policy: object = "best"
    interception_policy: object = "all"
    retreat_policy: str = "most-friendly"
    attacker_cards: tuple = ()
    defender_cards: tuple = ()
    responses: tuple = ()
    post_roll_policy: str = POST_ROLL_POLICIES[0]
    rowers: str | None = None
    rowers_roll: str | None = None
    fight_order: tuple = ()
    _checked: dict = field(default=None, init=False, repr=False, compare=False)

    kind = "naval-move"
    unit_word = "ships"
    outcome_names = NAVAL_OUTCOMES

    def __post_init__(self):
        if not isinstance(self.situation, Situation):
            raise OddsEngineTypeError(
                f"a naval move needs a Situation, not {shown(self.situation)}"
            )
        board = load_board()
        for name in ("origin", "destination"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise OddsEngineError(
                    f"{name} must be one location in quotes, not {shown(value)}: one moving "
                    "stack per question"
                )
            if not board.is_location(value):
                raise OddsEngineError(
                    f"{board.space(value).name} is neither a port nor a sea zone: ships "
                    "cannot be there (§14)"
                )
            object.__setattr__(self, name, board.space(value).name)
        stack = self._moving_stack()
        object.__setattr__(self, "power", stack.power)
        units = stack.fleet if self.units is None else _fleet_part(stack.fleet, self.units, "units")
        object.__setattr__(self, "units", units)
        if stack.lost_battle_this_impulse:
            raise OddsEngineError(
                f"the {stack.power} ships in {self.origin} lost a naval combat this impulse: "
                "they may not move (§14)"
            )
        self._check_destination(board)
        self._check_cards()
        if self.in_port and len(self.enemy_powers_in_destination) > 1:
            raise OddsEngineError(
                f"ships of {' and '.join(self.enemy_powers_in_destination)} in the port "
                f"{self.destination}: a port combat against several powers is not modelled"
            )
        retreat = _policy_text(self.retreat_policy, "retreat_policy")
        object.__setattr__(self, "retreat_policy", retreat)
        self.preferred_locations  # noqa: B018 (refuses a bad policy now)
        order = tuple(normalise_power(power) for power in _as_list(self.fight_order, "fight_order"))
        if len(set(order)) != len(order):
            raise OddsEngineError("fight_order names a power twice")
        object.__setattr__(self, "fight_order", order)
        object.__setattr__(self, "defender_policy", self._defender_policies())
        self.interception_attempts  # noqa: B018 (refuses a bad interception policy now)
        self._check_rowers()

    # -- declaration checks ------------------------------------------------------------

    def _moving_stack(self) -> FleetStack:
        fleets = self.situation.fleets_in(self.origin)
        if self.power is not None:
            power = normalise_power(self.power)
            fleets = tuple(fleet for fleet in fleets if fleet.power == power)
        if not fleets:
            whose = "" if self.power is None else f"{normalise_power(self.power)} "
            raise OddsEngineError(f"no {whose}ships in {self.origin} to move")
        if len(fleets) > 1:
            powers = ", ".join(fleet.power for fleet in fleets)
            raise OddsEngineError(
                f"ships of several powers in {self.origin} ({powers}): say which power moves"
            )
        return fleets[0]

    def _check_destination(self, board) -> None:
        neighbours = [space.name for space in board.naval_neighbours(self.origin)]
        if self.destination not in neighbours:
            raise OddsEngineError(
                f"{self.destination} is not adjacent to {self.origin} at sea (§14); "
                f"adjacent: {', '.join(neighbours)}"
            )
        moving = self.moving
        if not may_enter(self.situation, moving, self.destination):
            if self.destination == "Atlantic Ocean":
                reason = "Genoese and Venetian ships and Andrea Doria never enter the Atlantic"
            else:
                owner = self.situation.controller(self.destination)
                reason = (
                    f"a fleet enters a port of another power ({owner}) only with enemy ships in it"
                )
            raise OddsEngineError(
                f"the {self.power} ships may not enter {self.destination}: {reason} (§14)"
            )

    def _check_cards(self) -> None:
        for name in ("attacker_cards", "defender_cards"):
            object.__setattr__(self, name, parse_effects(getattr(self, name), "naval-battle"))
        responses = read_cards(self.responses, label="responses")
        for card in responses:
            if not card_rule(card).cancels:
                raise OddsEngineError(
                    f"{card.name} cannot be played against a naval move: only Foul Weather "
                    "stops it (§14)"
                )
        object.__setattr__(self, "responses", responses)
        if self.post_roll_policy not in POST_ROLL_POLICIES:
            raise OddsEngineError(
                f"unknown policy {self.post_roll_policy!r}; use one of "
                + ", ".join(POST_ROLL_POLICIES)
            )

    def _check_rowers(self) -> None:
        if self.rowers is None:
            if self.rowers_roll is not None:
                raise OddsEngineError("rowers_roll is given but rowers is not: who plays the card?")
            return
        if self.rowers_roll is None:
            raise OddsEngineError(
                "rowers: say which roll Professional Rowers changes (rowers_roll = "
                '"intercept:POWER@LOCATION" or "avoid:POWER")'
            )
        used = {effect.card for effect in self.attacker_cards + self.defender_cards}
        if PROFESSIONAL_ROWERS in used:
            raise OddsEngineError(
                "Professional Rowers exists once: on a roll (rowers) or in the combat, not both"
            )
        rolls = [f"intercept:{attempt.label}" for attempt in self.interception_attempts]
        if not self.in_port:
            rolls += [f"avoid:{power}" for power in self.enemy_powers_in_destination]
        if self.rowers_roll not in rolls:
            raise OddsEngineError(
                f"rowers_roll {self.rowers_roll!r} names no roll of this move; its rolls: "
                + (", ".join(rolls) or "none")
            )
        # The roll's spec refuses a bad ``rowers`` value.
        NavalInterception(self.units, rowers=self.rowers)

    def _defender_policies(self) -> tuple[tuple[str, str], ...]:
        policy = self.defender_policy
        powers = self.enemy_powers_in_destination
        if isinstance(policy, str):
            _check_defender_text(policy.strip())
            policy = {power: policy for power in powers}
        if not isinstance(policy, dict):
            raise OddsEngineTypeError(
                f"defender_policy must be text or a table by power, not {shown(policy)}"
            )
        checked = {}
        for power, text in policy.items():
            power = normalise_power(power)
            if power not in powers:
                raise OddsEngineError(
                    f"defender_policy names {power}, which has no ships in {self.destination}"
                )
            text = _check_defender_text(_policy_text(text, f"defender_policy for {power}"))
            if text.startswith("avoid"):
                self._check_avoid(power, text)
            checked[power] = text
        return tuple(sorted(checked.items()))

    def _lost_battle(self, power: str) -> bool:
        """§14: ships that lost a naval combat this impulse may not move, so they do not
        avoid battle either (avoiding is a move)."""
        fleet = self.situation.fleet(self.destination, power)
        return fleet is not None and fleet.lost_battle_this_impulse

    def _check_avoid(self, power: str, text: str) -> None:
        if self.in_port:
            raise OddsEngineError(
                f"{self.destination} is a port: ships in a port cannot avoid battle (§14)"
            )
        if self._lost_battle(power):
            raise OddsEngineError(
                f"the {power} ships in {self.destination} lost a naval combat this impulse: "
                "they may not move, so they cannot avoid battle (§14)"
            )
        legal = self._avoid_locations(power)
        if text.startswith("avoid:"):
            location = load_board().space(text[len("avoid:") :].strip()).name
            if location not in legal:
                raise OddsEngineError(
                    f"the {power} ships cannot avoid battle to {location}; legal: "
                    + (", ".join(legal) or "none")
                    + " (§14: a port it controls or a sea zone, free of enemy ships)"
                )

    # -- the move as declared ------------------------------------------------------------

    @property
    def moving(self) -> FleetStack:
        """The moving ships as a stack in the origin."""
        return FleetStack(self.origin, self.units)

    @property
    def in_port(self) -> bool:
        """Whether the destination is a port (a port combat: defender +1 die, the attacker
        always leaves)."""
        return load_board().space(self.destination).is_land

    @property
    def cancelled(self) -> bool:
        """Foul Weather was played: the move is cancelled, nothing moves (§14)."""
        return bool(self.responses)

    @cached_property
    def enemy_powers_in_destination(self) -> tuple[str, ...]:
        """Powers at war with the mover with ships in the destination, in impulse order."""
        powers = {
            fleet.power
            for fleet in self.situation.fleets_in(self.destination)
            if self.situation.at_war(fleet.power, self.power)
        }
        return tuple(sorted(powers, key=lambda power: (self.situation.impulse_rank(power), power)))

    @cached_property
    def interception_attempts(self) -> tuple[InterceptingFleet, ...]:
        """The interception attempts, in the order they are rolled (§14)."""
        candidates = interceptors(self.situation, self.moving, self.destination)
        policy = self.interception_policy
        if isinstance(policy, str):
            if policy not in ("all", "none"):
                raise OddsEngineError(
                    f"unknown interception policy {policy!r}; use all, none or a table of locations"
                )
            chosen = [] if policy == "none" else [(fleet, fleet.fleet) for fleet in candidates]
        elif isinstance(policy, dict):
            chosen = self._chosen_interceptors(candidates, policy)
        else:
            raise OddsEngineTypeError(
                f"interception_policy must be all, none or a table, not {shown(policy)}"
            )
        chosen.sort(key=lambda pair: self.situation.impulse_rank(pair[0].power))
        attempts = []
        for stack, fleet in chosen:
            rowers = self.rowers if self.rowers_roll == f"intercept:{stack.label}" else None
            roll = NavalInterception(fleet, rowers=rowers, rowers_policy=self.post_roll_policy)
            attempts.append(InterceptingFleet(stack.label, stack.space, fleet, roll))
        return tuple(attempts)

    def _chosen_interceptors(self, candidates, policy) -> list:
        board = load_board()
        by_location = {}
        for fleet in candidates:
            by_location.setdefault(fleet.space, []).append(fleet)
        chosen = []
        for location, what in policy.items():
            name = board.space(location).name
            if name not in by_location:
                may = ", ".join(sorted(by_location)) or "none"
                raise OddsEngineError(
                    f"no fleet in {name} may intercept a move into {self.destination} "
                    f"(§14); those that may stand in: {may}"
                )
            if _policy_text(what, f"interception from {name}") == "none":
                continue
            for fleet in by_location[name]:
                part = fleet.fleet if what == "all" else _fleet_part(fleet.fleet, what, name)
                chosen.append((fleet, part))
        return chosen

    def avoid_choice(self, power: str) -> str | None:
        """Where ``power``'s ships try to avoid battle, or None when they fight."""
        text = dict(self.defender_policy).get(power, "best")
        if text == "fight" or self._lost_battle(power):
            return None
        if text.startswith("avoid:"):
            return load_board().space(text[len("avoid:") :].strip()).name
        default = self._default_avoid_location(power)
        if text == "avoid" or default is None:
            return default
        return default if self._fight_value(power) <= 0 else None

    def _avoid_locations(self, power: str) -> tuple[str, ...]:
        after = self._board_after_arrival()
        return naval_avoid_locations(after, power, self.destination)

    def _board_after_arrival(self) -> Situation:
        """The board once the mover stands in the destination (before any roll)."""
        groups = tuple(
            Ships(group.label, self.destination, group.fleet) if group.label == MOVER else group
            for group in self.initial_groups()
        )
        return replace(self.situation, fleets=NavalBranch(groups).fleet_stacks())

    def _default_avoid_location(self, power: str) -> str | None:
        legal = self._avoid_locations(power)
        if not legal:
            return None
        for location in self.preferred_locations:
            if location in legal:
                return location
        fleets = self._board_after_arrival()

        def rank(location):
            own = fleets.fleet(location, power)
            ships = 0 if own is None else own.fleet.ships
            return (-ships, not load_board().space(location).is_land, location)

        return min(legal, key=rank)

    def _fight_value(self, power: str) -> float:
        """``best``: the mover's ships a combat is expected to sink minus the defender's."""
        defender = self.situation.fleet(self.destination, power).fleet
        after = self._board_after_arrival()
        battle = NavalBattle(
            self.units,
            defender,
            attacker_can_retreat=bool(naval_retreat_locations(after, self.power, self.destination)),
            defender_can_retreat=bool(naval_retreat_locations(after, power, self.destination)),
        )
        plan = battle.draw_plan()
        columns = battle.outcome_columns(plan.cell_values())
        chance = plan.cell_probabilities()
        mover_lost = self.units.ships - columns["attacker_survivors"]
        own_lost = defender.ships - columns["defender_survivors"]
        return float(np.dot(chance, mover_lost - own_lost))

    @cached_property
    def preferred_locations(self) -> tuple[str, ...]:
        text = self.retreat_policy
        if text == "most-friendly":
            return ()
        if text.startswith("prefer:"):
            names = [part.strip() for part in text[len("prefer:") :].split(",") if part.strip()]
            if names:
                return tuple(load_board().space(name).name for name in names)
        raise OddsEngineError(
            f"unknown retreat policy {text!r}; use most-friendly or prefer:LOCATION[,LOCATION]"
        )

    def avoid_roll(self, power: str, fleet: Fleet) -> NavalAvoidBattle:
        rowers = self.rowers if self.rowers_roll == f"avoid:{power}" else None
        return NavalAvoidBattle(fleet, rowers=rowers, rowers_policy=self.post_roll_policy)

    def fight_order_now(self, groups) -> tuple[str, ...]:
        """The enemy powers with ships in the destination, in the mover's fight order."""
        there = {
            group.power
            for group in groups
            if group.location == self.destination
            and group.label != MOVER
            and self.situation.at_war(group.power, self.power)
        }
        listed = [power for power in self.fight_order if power in there]
        rest = sorted(
            there - set(listed), key=lambda power: (self.situation.impulse_rank(power), power)
        )
        return tuple(listed + rest)

    @property
    def post_roll(self) -> tuple[tuple[str, str], ...]:
        cards = self.attacker_cards + self.defender_cards
        slugs = {effect.slug for effect in cards if effect.timing == "post-roll"}
        return tuple((slug, self.post_roll_policy) for slug in sorted(slugs))

    @cached_property
    def involved_powers(self) -> tuple[str, ...]:
        """Enemy powers whose ships may take part: in the destination or intercepting."""
        powers = set(self.enemy_powers_in_destination)
        powers |= {attempt.power for attempt in self.interception_attempts}
        return tuple(sorted(powers, key=lambda power: (self.situation.impulse_rank(power), power)))

    def initial_groups(self) -> tuple[Ships, ...]:
        """Every fleet of the situation as a group, the mover split from its stack."""
        attempts = {attempt.label for attempt in self.interception_attempts}
        groups = []
        for stack in self.situation.fleets:
            fleet = stack.fleet
            if stack.space == self.origin and stack.power == self.power:
                fleet = fleet_without(fleet, self.units)
                if fleet is None:
                    continue
            involved = stack.label in attempts or (
                stack.space == self.destination and stack.power in self.enemy_powers_in_destination
            )
            groups.append(Ships(stack.label, stack.space, fleet, involved))
        groups.append(Ships(MOVER, self.origin, self.units))
        return tuple(groups)

    # -- the program and what the engines read -----------------------------------------

    @cached_property
    def program(self):
        """The compiled tree of the naval move (:mod:`oddsengine.moves._naval_tree`)."""
        return build_naval_program(self)

    @cached_property
    def end_state_probabilities(self) -> np.ndarray:
        return self.program.probabilities()

    @property
    def event_names(self) -> tuple[str, ...]:
        per_stack = []
        for attempt in self.interception_attempts:
            per_stack += [f"intercept_attempted:{attempt.label}", f"intercepted:{attempt.label}"]
        for power in self.involved_powers:
            per_stack += [f"naval_battle:{power}", f"defender_eliminated:{power}"]
        for power in self.enemy_powers_in_destination:
            per_stack += [f"avoided:{power}"]
        spent = [f"card_spent:{slug}" for slug, _ in self.post_roll]
        if self.rowers:
            spent.append(f"card_spent:{PROFESSIONAL_ROWERS.slug}")
        return NAVAL_EVENTS + tuple(per_stack) + tuple(dict.fromkeys(spent))

    @property
    def loss_groups(self) -> list[tuple[str, int, str]]:
        """(label, ships at the start, column of ships left) for expected losses."""
        groups = [
            ("mover", self.units.ships, "attacker_survivors"),
            ("mover:squadrons", self.units.squadrons, "mover_squadrons"),
        ]
        if self.units.corsairs:
            groups.append(("mover:corsairs", self.units.corsairs, "mover_corsairs"))
        for power in self.involved_powers:
            start = sum(
                fleet.fleet.ships for fleet in self.situation.fleets if fleet.power == power
            )
            groups.append((power, start, f"ships:{power}"))
        return groups

    def draw_plan(self) -> DrawPlan:
        """The exact distribution of the end states (one value: the end state's index)."""
        return DrawPlan(self.end_state_probabilities, np.ones((1, 1)))

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The columns of end states ``values[0]`` (indices into ``program.end_states``)."""
        index = np.asarray(values[0], dtype=np.int64)
        states = self.program.end_states

        def column(read, dtype=object):
            return np.array([read(state) for state in states], dtype=dtype)[index]

        columns = {
            "outcome": column(lambda state: state.outcome),
            "mover_end": column(lambda state: state.mover_end),
            "fleets_end": column(lambda state: state.fleets_end),
            "mover_squadrons": column(lambda state: state.mover_squadrons, np.int64),
            "mover_corsairs": column(lambda state: state.mover_corsairs, np.int64),
            "attacker_survivors": column(
                lambda state: state.mover_squadrons + state.mover_corsairs, np.int64
            ),
            "defender_survivors": column(
                lambda state: sum(ships for _, ships in state.ships), np.int64
            ),
        }
        for position, power in enumerate(self.involved_powers):
            columns[f"ships:{power}"] = column(
                lambda state, at=position: state.ships[at][1], np.int64
            )
        for name in self.event_names:
            columns[name] = column(lambda state, event=name: event in state.events, bool)
        return columns

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        """The naval move as plain data (for JSON output)."""
        return {
            "power": self.power,
            "origin": self.origin,
            "destination": self.destination,
            "units": self.units.notation(),
            "in_port": self.in_port,
            "defenders": [
                fleet.fleet.notation()
                for fleet in self.situation.fleets_in(self.destination)
                if fleet.power in self.enemy_powers_in_destination
            ],
            "interceptions": [
                {
                    "stack": attempt.label,
                    "fleet": attempt.fleet.notation(),
                    "needed": attempt.roll.needed,
                }
                for attempt in self.interception_attempts
            ],
            "defender_policy": dict(self.defender_policy),
            "defender_choice": {
                power: self.avoid_choice(power) or "fight"
                for power in self.enemy_powers_in_destination
            },
            "retreat_policy": self.retreat_policy,
            "fight_order": list(self.fight_order_now(self.initial_groups()))
            if not self.cancelled
            else list(self.fight_order),
            "attacker_cards": [effect.slug for effect in self.attacker_cards],
            "defender_cards": [effect.slug for effect in self.defender_cards],
            "responses": [card.slug for card in self.responses],
            "rowers": self.rowers,
            "rowers_roll": self.rowers_roll,
            "post_roll_policy": self.post_roll_policy,
        }

    def title(self) -> str:
        return f"Naval move: {self.units.notation()}  {self.origin} -> {self.destination}"

    def describe_lines(self) -> list[str]:
        lines = []
        for fleet in self.situation.fleets_in(self.destination):
            if fleet.power in self.enemy_powers_in_destination:
                choice = self.avoid_choice(fleet.power) if not self.in_port else None
                what = f"avoid battle to {choice}" if choice else "fight"
                lines.append(f"In {self.destination}: {fleet.fleet.notation()} ({what})")
        for attempt in self.interception_attempts:
            lines.append(
                f"Interception from {attempt.location}: {attempt.fleet.notation()}, needs "
                f"{attempt.roll.needed}+ on 2d6"
            )
        if self.cancelled:
            lines.append("Foul Weather: the naval move is cancelled")
        return lines


def _as_list(value, what: str) -> tuple:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if not isinstance(value, (list, tuple)):
        raise OddsEngineTypeError(f"{what} must be a list of powers, not {shown(value)}")
    return tuple(value)


def naval_end_state_records(result, limit: int | None = None) -> list[dict]:
    """The end states of a naval move result, most likely first, as plain records: the
    outcome, where the mover ended (``"Location: fleet"`` or ``eliminated``), where the
    enemy ships that took part ended, the ships lost on each side and the probability."""
    frame = result.states_frame()
    if limit is not None:
        frame = frame.head(limit)
    move = result.spec
    records = []
    for _, row in frame.iterrows():
        record = {
            "outcome": row["outcome"],
            "mover_end": row["mover_end"],
            "fleets_end": row["fleets_end"],
            "mover_lost": int(move.units.ships - row["attacker_survivors"]),
        }
        for label, start, column in move.loss_groups[1:]:
            if label in move.involved_powers:
                record[f"lost:{label}"] = int(start - row[column])
        record["probability"] = float(row["probability"])
        records.append(record)
    return records

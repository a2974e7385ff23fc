"""The declaration of a naval move (RULES.md §14): the checks a
:class:`~oddsengine.moves.naval_move.NavalMove` makes when it is built, and the choices it
reads from its policies (who intercepts with which ships, where the ships in the
destination avoid battle to, which locations a retreat prefers).

:class:`NavalDeclaration` is the part of the spec that reads the board and the policies;
the spec's fields (``situation``, ``origin``, ``destination``, ``units``, ``power``, the
policies and the cards) are its inputs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from oddsengine.combat.cards import CARD_RULES, card_rule, read_cards
from oddsengine.combat.fleets import Fleet, as_fleet
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.naval_cards import PROFESSIONAL_ROWERS, parse_effects
from oddsengine.combat.naval_rolls import NavalAvoidBattle, NavalInterception
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.combat.powers import normalise_power
from oddsengine.draws import weighted_mean
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves._move_rules import retreat_order_notes
from oddsengine.moves._naval_tree import MOVER, NavalBranch, Ships
from oddsengine.moves.board import load_board
from oddsengine.moves.sea import (
    interceptors,
    may_enter,
    naval_avoid_locations,
    naval_retreat_locations,
)
from oddsengine.moves.situation import FleetStack, Situation

__all__ = ["InterceptingFleet", "NavalDeclaration", "as_list", "fleet_part", "policy_text"]


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


def fleet_part(whole: Fleet, part, what: str) -> Fleet:
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
    if (fleet.squadrons, fleet.corsairs) == (whole.squadrons, whole.corsairs):
        # §14: naval leaders move with a naval unit of their power; one whose ships all
        # leave goes with them (no naval leader stands without ships), with his rating
        # and the Atlantic ban he carries.
        fleet = Fleet(fleet.squadrons, fleet.corsairs, whole.leaders, power=whole.power)
    return fleet


def _parse_part(text: str, whole: Fleet) -> Fleet:
    from oddsengine.combat.fleets import parse_fleet

    body = text if ":" in text else f"{whole.power}: {text}"
    return parse_fleet(body)


def _check_defender_text(text: str) -> str:
    if text not in ("best", "fight", "avoid") and not text.startswith("avoid:"):
        raise OddsEngineError(
            f"unknown defender policy {shown(text)}; use best, fight, avoid or avoid:LOCATION"
        )
    if text.startswith("avoid:"):  # a location that is no space is refused even when no
        load_board().space(text[len("avoid:") :].strip())  # enemy ships stand there
    return text


def policy_text(value, what: str) -> str:
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{what} must be text, not {shown(value)}")
    return value.strip()


def as_list(value, what: str) -> tuple:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if not isinstance(value, (list, tuple)):
        raise OddsEngineTypeError(f"{what} must be a list of powers, not {shown(value)}")
    return tuple(value)


class NavalDeclaration:
    """The checks and policy readings of a naval move (mixed into
    :class:`~oddsengine.moves.naval_move.NavalMove`)."""

    def _moving_stack(self) -> FleetStack:
        # 15 (original 004): naval units in a besieged port may move; a siege holds
        # only the land units inside, so the ships are taken whatever the siege.
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
                stopping = ", ".join(rule.card.name for rule in CARD_RULES.values() if rule.cancels)
                raise OddsEngineError(
                    f"{card.name} cannot be played against a naval move: only {stopping} "
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
                f"rowers: say which roll {PROFESSIONAL_ROWERS.name} changes (rowers_roll = "
                '"intercept:POWER@LOCATION" or "avoid:POWER")'
            )
        used = {effect.card for effect in self.attacker_cards + self.defender_cards}
        if PROFESSIONAL_ROWERS in used:
            raise OddsEngineError(
                f"{PROFESSIONAL_ROWERS.name} exists once: on a roll (rowers) or in the combat, "
                "not both"
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
        if isinstance(policy, tuple):  # as a built move holds it (dataclasses.replace)
            if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in policy):
                raise OddsEngineTypeError(
                    "defender_policy must be text, a table by power or (power, policy) "
                    f"pairs, not {shown(policy)}"
                )
            policy = dict(policy)
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
            text = _check_defender_text(policy_text(text, f"defender_policy for {power}"))
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
            policy = self._rowers_policy(rowers)
            roll = NavalInterception(fleet, rowers=rowers, rowers_policy=policy)
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
            if policy_text(what, f"interception from {name}") == "none":
                continue
            for fleet in by_location[name]:
                part = fleet.fleet if what == "all" else fleet_part(fleet.fleet, what, name)
                chosen.append((fleet, part))
        return chosen

    def avoid_choice(self, power: str) -> str | None:
        """Where ``power``'s ships try to avoid battle, or None when they fight."""
        text = dict(self.defender_policy).get(power, "best")
        # §14: ships in a port never avoid battle: "best" fights there ("avoid" is refused).
        if text == "fight" or self.in_port or self._lost_battle(power):
            return None
        if text.startswith("avoid:"):
            return load_board().space(text[len("avoid:") :].strip()).name
        default = self._default_avoid_location(power)
        if text == "avoid" or default is None:
            return default
        return default if self._fight_value(power) <= 0 else None

    def avoid_location_given(self, power: str) -> bool:
        """Whether ``power``'s defender policy names where it avoids battle to
        (``avoid:LOCATION``), rather than leaving it to the retreat policy's choice."""
        return dict(self.defender_policy).get(power, "best").startswith("avoid:")

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
        return weighted_mean(chance, mover_lost - own_lost)

    @cached_property
    def preferred_locations(self) -> tuple[str, ...]:
        """The locations of a ``prefer:`` policy, as listed; () for ``most-friendly``.

        RULES.md §9, §14: the retreating player picks among legal locations, all adjacent
        to the destination, where every retreat (or avoid battle) starts; a list is a
        standing order (the first legal one), so a location no retreat reaches is passed
        over and said in :attr:`notes`, never refused; only a name of no space is."""
        text = self.retreat_policy
        if text == "most-friendly":
            return ()
        if text.startswith("prefer:"):
            names = [part.strip() for part in text[len("prefer:") :].split(",") if part.strip()]
            if names:
                board = load_board()
                return tuple(board.space(name).name for name in names)
        raise OddsEngineError(
            f"unknown retreat policy {text!r}; use most-friendly or prefer:LOCATION[,LOCATION]"
        )

    @property
    def _adjacent_locations(self) -> set[str]:
        return {space.name for space in load_board().naval_neighbours(self.destination)}

    def _not_adjacent(self, name: str) -> str:
        return (
            f"{name} is not adjacent to {self.destination}, where every retreat of this move starts"
        )

    @cached_property
    def notes(self) -> tuple[str, ...]:
        """The ``prefer:`` locations no retreat of this move can reach, one line each, and,
        when no retreat or avoid battle of the move goes to a location listed, what it does
        instead (RULES.md §9, §14: the first legal location listed; with none, the default
        choice, the legal location with the most of the power's ships, ports first)."""
        listed = self.preferred_locations
        written = "prefer:" + ",".join(listed)
        passed = [
            f"retreat {written}: {name} passed over: {self._not_adjacent(name)}"
            for name in listed
            if name not in self._adjacent_locations
        ]
        return retreat_order_notes(self, listed, passed, "§14")

    def avoid_roll(self, power: str, fleet: Fleet) -> NavalAvoidBattle:
        rowers = self.rowers if self.rowers_roll == f"avoid:{power}" else None
        return NavalAvoidBattle(fleet, rowers=rowers, rowers_policy=self._rowers_policy(rowers))

    def _rowers_policy(self, rowers) -> str:
        # The post-roll policy reaches a roll only where Professional Rowers is played on it.
        return self.post_roll_policy if rowers is not None else POST_ROLL_POLICIES[0]

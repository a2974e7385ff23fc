"""A naval move on the board, played out to the end: interception, avoid battle, naval
combat (in a port: the defender +1 die, the attacker always leaves) and retreat
(RULES.md §11, §14). Its scenario is a TOML file with a ``[naval_move]`` table, or the
name of a shipped example (barbary_coast).

:class:`NavalMove` is a frozen spec: one stack of the active power's ships moves from a port
or sea zone into an adjacent location. Enemy fleets adjacent to a destination sea zone may
intercept (in impulse order, each stack as the owner lets it try), the ships already there
may avoid battle, and the mover fights every enemy power still there until it loses one;
the losers retreat (§11 for the rolls and the combat). Like a land move, it is compiled
into a program (:mod:`oddsengine.moves._naval_tree`): :func:`oddsengine.exact` reads its
exact distribution of end states, :func:`oddsengine.engines.move_montecarlo.simulate_move`
plays it out with the move kernel.

Examples
--------
The rulebook's Barbary Coast example (16.2), on the board of the shipped scenario
``barbary_coast``: Barbarossa leaves Tunis; the Venetians in the Ionian Sea fail to
intercept on 2d6 >= 9 (26/36), then Doria's stack intercepts from the Tyrrhenian Sea on a
7 (21/36): 26 * 21 = 546 of 1296.

>>> from oddsengine import exact
>>> from oddsengine.moves.scenario_file import read_naval_move
>>> situation, _ = read_naval_move("barbary_coast")
>>> result = exact(NavalMove(situation, "Tunis", "Barbary Coast"))
>>> round(result.p["intercepted:hapsburg@Tyrrhenian Sea"] * 1296)
546
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from oddsengine.combat.naval_cards import PROFESSIONAL_ROWERS
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.combat.powers import normalise_power
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_arguments, shown
from oddsengine.moves._move_program import ProgramAnswers
from oddsengine.moves._naval_declaration import (
    InterceptingFleet,
    NavalDeclaration,
    as_list,
    fleet_part,
    policy_text,
)
from oddsengine.moves._naval_tree import (
    MOVER,
    NAVAL_EVENTS,
    NAVAL_OUTCOMES,
    WON_SOME_FIGHTS,
    Ships,
    build_naval_program,
    fleet_without,
)
from oddsengine.moves.board import load_board
from oddsengine.moves.board_move import BoardMove
from oddsengine.moves.move_records import most_likely_first
from oddsengine.moves.scenario_board import (
    NAVAL_MOVE_BOARD,
    defender_policy_option,
    interception_policy_option,
    retreat_policy_option,
)
from oddsengine.moves.situation import FleetStack, Situation

__all__ = ["NavalMove", "InterceptingFleet", "NAVAL_MOVE_ARGUMENTS", "naval_end_state_records"]


@dataclass(frozen=True)
class NavalMove(BoardMove, NavalDeclaration, ProgramAnswers):
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
        the same choice places ships that avoid battle with ``avoid``. A location not
        adjacent to the destination is passed over and named in ``notes``; when no retreat
        goes to a location listed, the notes say what the move did instead (the default
        choice). Only a name that is no space of the board is refused.
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

    # The inputs the faces give, each replacing the scenario's.
    defender_policy: object = defender_policy_option(
        "best, fight, avoid or avoid:LOCATION: what the enemy ships in the destination sea "
        "zone do when nobody intercepted")  # fmt: skip
    interception_policy: object = interception_policy_option(
        "all: every fleet that may intercept tries; none: no one tries")  # fmt: skip
    retreat_policy: str = retreat_policy_option(
        "most-friendly or prefer:LOCATION[,LOCATION...] (the first legal location listed; "
        "one not adjacent is passed over with a note)")  # fmt: skip
    attacker_cards: tuple = ()
    defender_cards: tuple = ()
    responses: tuple = ()
    post_roll_policy: str = POST_ROLL_POLICIES[0]
    rowers: str | None = None
    rowers_roll: str | None = None
    fight_order: tuple = ()

    kind = "naval-move"
    unit_word = "ships"
    outcome_names = NAVAL_OUTCOMES
    #: The board it is asked on (:meth:`on_board`): a scenario file.
    scenario_board = NAVAL_MOVE_BOARD

    @classmethod
    def on_board(cls, board, **inputs) -> NavalMove:
        """The naval move of a scenario file's board, the ``inputs`` given replacing the
        file's (:func:`~oddsengine.moves.scenario_board.naval_move_on_board`)."""
        from oddsengine.moves.scenario_board import naval_move_on_board

        return naval_move_on_board(board, **inputs)

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
        units = stack.fleet if self.units is None else fleet_part(stack.fleet, self.units, "units")
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
        retreat = policy_text(self.retreat_policy, "retreat_policy")
        object.__setattr__(self, "retreat_policy", retreat)
        self.preferred_locations  # noqa: B018 (refuses a bad policy now)
        order = tuple(normalise_power(power) for power in as_list(self.fight_order, "fight_order"))
        if len(set(order)) != len(order):
            raise OddsEngineError("fight_order names a power twice")
        object.__setattr__(self, "fight_order", order)
        object.__setattr__(self, "defender_policy", self._defender_policies())
        self.interception_attempts  # noqa: B018 (refuses a bad interception policy now)
        self._check_fight_order()
        self._check_rowers()
        # Every combat the move may fight is built now, so a card its side may not play
        # (Janissaries by a defender who is not Ottoman) is refused with the move.
        self.program  # noqa: B018

    # -- declaration checks ------------------------------------------------------------

    def _check_fight_order(self) -> None:
        """Refuse a power in ``fight_order`` that no combat here can meet: no ships of it
        in the destination, none intercepting."""
        fighting = {*self.enemy_powers_in_destination}
        fighting |= {attempt.power for attempt in self.interception_attempts}
        for power in self.fight_order:
            if power not in fighting:
                raise OddsEngineError(
                    f"fight_order names {power}, which has no ships in {self.destination} "
                    "and none intercepting"
                )

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

    @property
    def event_names(self) -> tuple[str, ...]:
        per_stack = list(self.interception_events)
        if len(self.involved_powers) > 1:
            per_stack.append(WON_SOME_FIGHTS)  # §14: fights in turn, won then lost
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
            **self.who_moves_where(),
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
            played = ", ".join(card.name for card in self.responses)
            lines.append(f"{played}: the naval move is cancelled")
        return lines


# A call with an argument the naval move does not take is refused by its name.
NavalMove.__init__ = checked_arguments(NavalMove.__init__)

#: What may replace a scenario file's naval move parameters (every field but the board).
NAVAL_MOVE_ARGUMENTS = tuple(
    field.name for field in dataclasses.fields(NavalMove) if field.name != "situation"
)


def naval_end_state_records(result, limit: int | None = None) -> list[dict]:
    """The end states of a naval move result, most likely first, as plain records: the
    outcome, where the mover ended (``"Location: fleet"`` or ``eliminated``), where the
    enemy ships that took part ended, the ships lost on each side and the probability.
    The order is :meth:`~oddsengine.Result.states_frame`'s, read without pandas (a command
    line that lists end states should not wait for it)."""
    move, states, probabilities = result.spec, result.states, result.probabilities
    records = []
    for index in most_likely_first(result, limit).tolist():
        record = {
            "outcome": states["outcome"][index],
            "mover_end": states["mover_end"][index],
            "fleets_end": states["fleets_end"][index],
            "mover_lost": int(move.units.ships - states["attacker_survivors"][index]),
        }
        for label, start, column in move.loss_groups[1:]:
            if label in move.involved_powers:
                record[f"lost:{label}"] = int(start - states[column][index])
        record["probability"] = float(probabilities[index])
        records.append(record)
    return records

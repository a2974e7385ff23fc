"""Playing a naval move out (RULES.md §14): every branch, as a program both engines run.

A naval move is a short tree of random steps: the interception rolls in order, the avoid-
battle rolls of the powers whose ships stand in the destination sea zone, then a naval
combat against each enemy power still there, in the mover's order, until it loses one, and
the retreats. :class:`NavalMoveBuilder` walks every branch once with the rules of §14 and
records the program of :mod:`oddsengine.moves._move_program`: 2d6 rolls (``ROLL``), draws
of a roll with Professional Rowers or of a combat (``CHANCE``, the cell of the spec's own
draw plan going on to the next step) and end states (:class:`NavalEndState`).

The ships on the board are *groups* (:class:`Ships`): the moving stack (``mover``) and every
fleet of the situation, so that where ships may go (:mod:`oddsengine.moves.sea`) is read
from the board as it stands at that point of the branch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from oddsengine.combat.fleets import Fleet
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.naval_cards import PROFESSIONAL_ROWERS
from oddsengine.moves._move_program import ProgramRecorder, next_interception
from oddsengine.moves.board import load_board
from oddsengine.moves.sea import naval_avoid_locations, naval_retreat_locations
from oddsengine.moves.situation import FleetStack

__all__ = [
    "MOVER",
    "NAVAL_OUTCOMES",
    "NAVAL_EVENTS",
    "WON_SOME_FIGHTS",
    "NavalEndState",
    "NavalBranch",
    "Ships",
    "NavalMoveBuilder",
    "fleet_with",
    "fleet_without",
    "merge_fleets",
]

#: The label of the moving stack's group.
MOVER = "mover"

#: How a naval move ends for the moving stack (``cancelled``: Foul Weather, nothing moved).
NAVAL_OUTCOMES = ("mover_in_destination", "mover_retreats", "mover_eliminated", "cancelled")

#: Events every naval move reports, besides one pair per interception attempt and one
#: pair per enemy power in the destination. With several enemy powers fought in turn
#: (§14), ``attacker_wins`` is the mover winning every combat it had to fight (as in one
#: naval battle, the attacker won the engagement), ``defender_wins`` the mover losing one
#: (its move ends there), so the two add up to ``naval_battle``; each power's combat is
#: ``naval_battle:POWER``, and :data:`WON_SOME_FIGHTS` the partial case.
NAVAL_EVENTS = (
    "intercepted",
    "avoid_attempted",
    "avoided_battle",
    "naval_battle",
    "attacker_wins",
    "defender_wins",
    "defender_retreats",
    "defender_eliminated",
    "mover_sunk_without_retreat",
    "defender_sunk_without_retreat",
)

#: The event of a naval move whose mover may fight more than one enemy power (§14): it won
#: at least one combat, then lost one. A part of ``defender_wins``, never of
#: ``attacker_wins``.
WON_SOME_FIGHTS = "won_some_fights"

_ROWERS_SPENT = f"card_spent:{PROFESSIONAL_ROWERS.slug}"


def merge_fleets(first: Fleet | None, second: Fleet) -> Fleet:
    """Two fleets of one power as one stack (leaders together)."""
    if first is None:
        return second
    leaders = first.leaders + tuple(
        leader for leader in second.leaders if leader not in first.leaders
    )
    return Fleet(
        first.squadrons + second.squadrons,
        first.corsairs + second.corsairs,
        leaders,
        power=first.power,
    )


def fleet_without(stack: Fleet, part: Fleet) -> Fleet | None:
    """What stays when ``part`` leaves ``stack``; None when no ship stays (naval leaders
    move with ships of their power, §14: a leader left alone goes with them)."""
    squadrons = stack.squadrons - part.squadrons
    corsairs = stack.corsairs - part.corsairs
    if squadrons + corsairs == 0:
        return None
    leaders = tuple(leader for leader in stack.leaders if leader not in part.leaders)
    return Fleet(squadrons, corsairs, leaders, power=stack.power)


def fleet_with(fleet: Fleet, squadrons: int, corsairs: int) -> Fleet | None:
    """The fleet with these ships left; None when none is (§11: naval leaders of a side
    wiped out go to the next turn)."""
    if squadrons + corsairs == 0:
        return None
    return Fleet(squadrons, corsairs, fleet.leaders, power=fleet.power)


@dataclass(frozen=True)
class Ships:
    """One group of ships on the board: its label, where it is, and whether it takes part
    in the move (an enemy in the destination or an interceptor)."""

    label: str
    location: str
    fleet: Fleet
    involved: bool = False

    @property
    def power(self) -> str:
        return self.fleet.power


@dataclass(frozen=True)
class NavalBranch:
    """The ships at one point of one branch of the naval move."""

    groups: tuple[Ships, ...]
    events: frozenset = frozenset()
    #: The retreats and avoid battles made so far, ``(kind, power, location)``: what a
    #: ``prefer:`` list did (RULES.md §9).
    retreats: tuple = ()

    def group(self, label: str) -> Ships | None:
        for group in self.groups:
            if group.label == label:
                return group
        return None

    def of(self, power: str, location: str) -> Ships | None:
        """The group of ``power`` in ``location`` (the mover's is never merged)."""
        for group in self.groups:
            if group.power == power and group.location == location and group.label != MOVER:
                return group
        return None

    def without(self, label: str) -> NavalBranch:
        return replace(self, groups=tuple(g for g in self.groups if g.label != label))

    def replacing(self, label: str, group: Ships | None) -> NavalBranch:
        """Replace (or remove, with None) the group called ``label``."""
        kept = tuple(g for g in self.groups if g.label != label)
        return replace(self, groups=kept + ((group,) if group is not None else ()))

    def arriving(self, fleet: Fleet, location: str, label: str) -> NavalBranch:
        """Ships of a power other than the mover's arrive in ``location``: they join their
        power's ships there as one stack (the reading of §14)."""
        there = self.of(fleet.power, location)
        if there is None:
            return self.replacing(label, Ships(label, location, fleet, involved=True))
        joined = replace(there, fleet=merge_fleets(there.fleet, fleet), involved=True)
        return self.replacing(there.label, joined)

    def noting(self, *events) -> NavalBranch:
        return replace(self, events=self.events | frozenset(events))

    def retreating(self, kind: str, power: str, location: str) -> NavalBranch:
        """The branch with one more retreat (or avoid battle) recorded."""
        return replace(self, retreats=self.retreats + ((kind, power, location),))

    def fleet_stacks(self) -> tuple[FleetStack, ...]:
        """The board's fleets at this point, one stack per power and location."""
        merged: dict[tuple[str, str], Fleet] = {}
        for group in self.groups:
            key = (group.location, group.power)
            merged[key] = merge_fleets(merged.get(key), group.fleet)
        return tuple(FleetStack(location, fleet) for (location, _), fleet in merged.items())


@dataclass(frozen=True)
class NavalEndState:
    """One way a naval move can end: where the moving stack is and what is left of it,
    where each enemy power's ships that took part are, and the ships of each power."""

    outcome: str
    mover_end: str
    fleets_end: str
    mover_squadrons: int
    mover_corsairs: int
    ships: tuple[tuple[str, int], ...]
    events: frozenset
    #: Every retreat and avoid battle made on the way, ``(kind, power, location)``.
    retreats: tuple = ()

    #: The fields that follow from the others, left out of what tells two end states apart
    #: (:func:`~oddsengine.moves._move_program.end_state_key`).
    FOLLOWING = ("retreats",)


class NavalMoveBuilder(ProgramRecorder):
    """Walks every branch of one naval move and records the program."""

    def __init__(self, move):
        super().__init__()
        self.move = move
        self.situation = move.situation
        self.board = load_board()
        self.in_port = self.board.space(move.destination).is_land

    # -- the board at a point of a branch ---------------------------------------------

    def board_at(self, branch: NavalBranch):
        return replace(self.situation, fleets=branch.fleet_stacks())

    def choose_location(self, branch, power: str, candidates) -> str | None:
        """The retreating (or avoiding) player's pick (§14): a ``prefer:`` location if
        legal, else the legal one with the most of its ships, ports before sea zones."""
        if not candidates:
            return None
        for location in self.move.preferred_locations:
            if location in candidates:
                return location

        def rank(location):
            there = sum(
                group.fleet.ships
                for group in branch.groups
                if group.location == location and group.power == power
            )
            return (-there, not self.board.space(location).is_land, location)

        return min(candidates, key=rank)

    # -- rolls --------------------------------------------------------------------------

    def naval_roll(self, spec, success, failure) -> int:
        """2d6 + rating >= 9 (§11); with Professional Rowers the roll is drawn from the
        spec's own plan so that the card's use is known. ``success`` and ``failure`` take
        whether the card was spent."""
        if spec.rowers is None:
            return self.roll(spec.needed, lambda: success(False), lambda: failure(False))
        plan = spec.draw_plan()
        columns = spec.outcome_columns(plan.cell_values())
        keys = [
            (outcome == "success", bool(spent))
            for outcome, spent in zip(columns["outcome"], columns[_ROWERS_SPENT], strict=True)
        ]
        return self.chance(spec, plan, keys, lambda key: (success if key[0] else failure)(key[1]))

    # -- §14 interception -----------------------------------------------------------------

    def start(self) -> int:
        move = self.move
        branch = NavalBranch(move.initial_groups())
        if move.cancelled:
            # §14: Foul Weather cancels the naval move (1 CP lost, nothing moves).
            return self.finish(branch.noting("cancelled"), outcome="cancelled")
        mover = branch.group(MOVER)
        branch = branch.replacing(MOVER, replace(mover, location=move.destination))
        return self.interceptions(branch, move.interception_attempts)

    def interceptions(self, branch, attempts, index=0, succeeded=None) -> int:
        index = next_interception(attempts, index, succeeded)  # §14
        if index == len(attempts):
            return self.after_interception(branch, succeeded is not None)
        attempt = attempts[index]
        tried = branch.noting(f"intercept_attempted:{attempt.label}")

        def success(spent):
            stays = fleet_without(tried.group(attempt.label).fleet, attempt.fleet)
            moved = tried.replacing(
                attempt.label,
                None if stays is None else replace(tried.group(attempt.label), fleet=stays),
            )
            # §14: successful interceptors join in the destination as one stack.
            moved = moved.arriving(attempt.fleet, self.move.destination, f"{attempt.label}>")
            moved = moved.noting("intercepted", f"intercepted:{attempt.label}")
            if spent:
                moved = moved.noting(_ROWERS_SPENT)
            return self.interceptions(moved, attempts, index + 1, attempt.power)

        def failure(spent):
            failed = tried.noting(_ROWERS_SPENT) if spent else tried
            return self.interceptions(failed, attempts, index + 1, succeeded)

        return self.naval_roll(attempt.roll, success, failure)

    def after_interception(self, branch, intercepted: bool) -> int:
        if intercepted or self.in_port:
            # §14: avoid battle only when no interception happened, never in a port.
            return self.combats(branch)
        return self.avoid_battle(branch, self.move.enemy_powers_in_destination)

    # -- §14 avoid battle -------------------------------------------------------------

    def avoid_battle(self, branch, powers, index=0) -> int:
        if index == len(powers):
            return self.combats(branch)
        power = powers[index]
        group = branch.of(power, self.move.destination)
        location = self.move.avoid_choice(power)
        if group is None or location is None:
            return self.avoid_battle(branch, powers, index + 1)
        legal = naval_avoid_locations(self.board_at(branch), power, self.move.destination)
        if location not in legal:
            return self.avoid_battle(branch, powers, index + 1)
        tried = branch.noting("avoid_attempted", f"avoid_attempted:{power}")

        def success(spent):
            # §14: all the power's ships there leave together.
            gone = tried.without(group.label).arriving(group.fleet, location, group.label)
            gone = gone.noting("avoided_battle", f"avoided:{power}")
            if not self.move.avoid_location_given(power):
                # RULES.md §9: the avoiding player's pick, where a prefer: list acts.
                gone = gone.retreating("avoided", power, location)
            if spent:
                gone = gone.noting(_ROWERS_SPENT)
            return self.avoid_battle(gone, powers, index + 1)

        def failure(spent):
            stayed = tried.noting(_ROWERS_SPENT) if spent else tried
            return self.avoid_battle(stayed, powers, index + 1)

        return self.naval_roll(self.move.avoid_roll(power, group.fleet), success, failure)

    # -- §14 combat and retreat --------------------------------------------------------

    def combats(self, branch, fought=0) -> int:
        """Fight each enemy power still in the destination, in the mover's order, until
        the mover loses one (§14)."""
        mover = branch.group(MOVER)
        there = mover is not None and mover.location == self.move.destination
        order = [
            power
            for power in (self.move.fight_order_now(branch.groups) if there else ())
            if branch.of(power, self.move.destination) is not None
        ]
        if not order:
            if fought:
                # §14: a lost combat ends the move, so the mover won every combat it fought.
                branch = branch.noting("attacker_wins")
            return self.finish(branch)
        defender = branch.of(order[0], self.move.destination)
        board = self.board_at(branch)
        mover_exits = naval_retreat_locations(
            board, mover.power, self.move.destination, port_combat=self.in_port
        )
        defender_exits = (
            ()
            if self.in_port
            else naval_retreat_locations(board, defender.power, self.move.destination)
        )
        battle = NavalBattle(
            mover.fleet,
            defender.fleet,
            in_port=self.in_port,
            # The cards listed are played in the first combat of the move.
            attacker_cards=self.move.attacker_cards if fought == 0 else (),
            defender_cards=self.move.defender_cards if fought == 0 else (),
            post_roll=self.move.post_roll,
            attacker_can_retreat=bool(mover_exits),
            defender_can_retreat=self.in_port or bool(defender_exits),
        )
        plan = battle.draw_plan()
        columns = battle.outcome_columns(plan.cell_values())
        spent = [name for name in battle.event_names if name.startswith("card_spent:")]
        keys = [
            (
                bool(columns["outcome"][cell] == "attacker_wins"),
                int(columns["attacker_squadrons"][cell]),
                int(columns["attacker_corsairs"][cell]),
                int(columns["defender_squadrons"][cell]),
                int(columns["defender_corsairs"][cell]),
                bool(columns["attacker_sunk_without_retreat"][cell]),
                bool(columns["defender_sunk_without_retreat"][cell]),
                tuple(name for name in spent if columns[name][cell]),
            )
            for cell in range(plan.cells)
        ]
        context = (mover, defender, mover_exits, defender_exits, fought)
        return self.chance(battle, plan, keys, lambda key: self.after_combat(branch, context, *key))

    def after_combat(
        self, branch, context, wins, squadrons, corsairs, enemy_squadrons, enemy_corsairs,
        mover_trapped, enemy_trapped, spent,
    ) -> int:  # fmt: skip
        mover, defender, mover_exits, defender_exits, fought = context
        power = defender.power
        branch = branch.noting("naval_battle", f"naval_battle:{power}", *spent)
        if not wins:
            # §14: the mover lost the engagement; having won ``fought`` combats before,
            # it won some of its fights (attacker_wins is noted when all are won).
            branch = branch.noting("defender_wins", *((WON_SOME_FIGHTS,) if fought else ()))
        if mover_trapped:
            branch = branch.noting("mover_sunk_without_retreat")
        if enemy_trapped:
            branch = branch.noting("defender_sunk_without_retreat")
        left = fleet_with(mover.fleet, squadrons, corsairs)
        branch = branch.replacing(MOVER, None if left is None else replace(mover, fleet=left))
        enemy = fleet_with(defender.fleet, enemy_squadrons, enemy_corsairs)
        branch = branch.replacing(
            defender.label, None if enemy is None else replace(defender, fleet=enemy)
        )
        if enemy is None:
            branch = branch.noting("defender_eliminated", f"defender_eliminated:{power}")
        if self.in_port:
            # §14: after a combat in a port the attacker always leaves, won or lost; a port
            # combat is the move's only one.
            branch = branch.noting("attacker_wins") if wins else branch
            return self.finish(self.leave(branch, MOVER, mover_exits))
        if not wins:
            # §14: at sea the loser retreats; the mover loses and its move ends.
            return self.finish(self.leave(branch, MOVER, mover_exits))
        if enemy is not None:
            branch = self.leave(branch, defender.label, defender_exits)
            branch = branch.noting("defender_retreats", f"defender_retreats:{power}")
        return self.combats(branch, fought + 1)

    def leave(self, branch, label, exits) -> NavalBranch:
        """Group ``label`` retreats to the location its owner picks among ``exits`` (the
        combat already sank the ships of a side with none)."""
        group = branch.group(label)
        if group is None:
            return branch
        choice = self.choose_location(branch, group.power, exits)
        kind = "mover_retreats" if label == MOVER else "defender_retreats"
        branch = branch.retreating(kind, group.power, choice)
        if label == MOVER:
            return branch.replacing(MOVER, replace(group, location=choice))
        return branch.without(label).arriving(group.fleet, choice, label)

    # -- end states ----------------------------------------------------------------------

    def finish(self, branch, outcome=None) -> int:
        move = self.move
        mover = branch.group(MOVER)
        if outcome is None:
            if mover is None:
                outcome = "mover_eliminated"
            elif mover.location == move.destination:
                outcome = "mover_in_destination"
            else:
                outcome = "mover_retreats"
        if mover is None:
            mover_end = "eliminated"
        else:
            mover_end = f"{mover.location}: {mover.fleet.notation()}"
        parts = []
        for power in move.involved_powers:
            groups = sorted(
                (g for g in branch.groups if g.power == power and g.involved),
                key=lambda group: group.location,
            )
            where = ", ".join(f"{g.fleet.notation()} in {g.location}" for g in groups)
            parts.append(where or f"{power}: eliminated")
        ships = tuple(
            (
                power,
                sum(g.fleet.ships for g in branch.groups if g.power == power and g.label != MOVER),
            )
            for power in move.involved_powers
        )
        state = NavalEndState(
            outcome=outcome,
            mover_end=mover_end,
            fleets_end="; ".join(parts) or "none",
            mover_squadrons=0 if mover is None else mover.fleet.squadrons,
            mover_corsairs=0 if mover is None else mover.fleet.corsairs,
            ships=ships,
            events=branch.events,
            retreats=branch.retreats,
        )
        return self.leaf(state)


def build_naval_program(move):
    """Compile a :class:`~oddsengine.moves.naval_move.NavalMove` into a program."""
    builder = NavalMoveBuilder(move)
    builder.program.root = builder.start()
    return builder.program

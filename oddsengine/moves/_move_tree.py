"""Playing a move out: every branch of a move, as a program both engines run.

A move (RULES.md §2) is a short tree of random steps: interception rolls in order (§3),
an avoid-battle roll (§4), withdrawal (§5), a field battle (§6) and its retreat (§6.1).
:func:`build_program` walks every branch once, applying the rules in Python, and records

* *nodes*: ``[kind, argument, next, other]`` rows, where a ``ROLL`` node goes to ``next``
  when 2d6 reaches ``argument`` and to ``other`` otherwise, a ``BATTLE`` node draws the
  cell of field battle ``argument`` and maps it through ``leaf_map[next + cell]``, and a
  ``LEAF`` node ends the trial in end state ``argument``;
* the *end states* (:class:`EndState`), one per distinct way the move can end.

The exact engine multiplies the probabilities along the tree; the Monte Carlo kernel
(:mod:`oddsengine.engines._move_kernel`) samples a path through it. Both read the same program,
so the rules live in one place.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.combat.rolls import Interception
from oddsengine.moves._move_battles import (
    AFTERMATH_STATES,
    aftermath_key,
    battle_outcomes,
    placed_with_force,
    rules_key,
    survivors_force,
)
from oddsengine.moves._move_defence import DefenderResponse
from oddsengine.moves._move_program import (
    BASE_EVENTS,
    BATTLE,
    LEAF,
    MOVER,
    MOVER_INSIDE,
    OUTCOME_NAMES,
    ROLL,
    Branch,
    EndState,
    Program,
    ProgramRecorder,
    defender_groups,
    defender_label_for,
    defender_label_order,
    is_defender_label,
    merge_forces,
    next_interception,
    noting_if_all_defenders_gone,
    remaining_after,
    retreating_label,
    split_inside,
)
from oddsengine.moves._move_rules import (
    Placed,
    capture_lone_leaders,
    choose_retreat,
    legal_retreats,
)
from oddsengine.moves.board import load_board
from oddsengine.moves.situation import MAX_UNITS_INSIDE

__all__ = [
    "MoveBuilder",
    "build_program",
    "EndState",
    "Program",
    "BASE_EVENTS",
    "OUTCOME_NAMES",
    "LEAF",
    "ROLL",
    "BATTLE",
]


class MoveBuilder(DefenderResponse, ProgramRecorder):
    """Walks every branch of one move and records the program."""

    def __init__(self, move):
        super().__init__()
        self.move = move
        # 13.1: the rules of the move read the situation as the mover sees it (units that
        # count as enemies on entering an enemy-controlled space are at war with it).
        self.situation = move.effective_situation
        self.board = load_board()

    # -- helpers -----------------------------------------------------------------------

    @property
    def mover_power(self) -> str:
        return self.move.power

    @property
    def destination(self) -> str:
        return self.move.destination

    def controller(self, branch) -> str:
        return branch.controller or self.situation.controller(self.destination)

    def _describe(self, branch, label) -> str:
        group = branch.group(label)
        if group is None:
            return "eliminated" if label == MOVER else "none"
        where = f"{group.space} (inside)" if group.inside else group.space
        return f"{where}: {group.force.notation()}"

    def inside(self, branch):
        """The groups inside the destination's fortifications."""
        return (
            group for group in branch.placement if group.space == self.destination and group.inside
        )

    def inside_units(self, branch) -> int:
        """Land units inside the destination's fortifications."""
        return sum(group.force.land_units for group in self.inside(branch))

    def finish(self, branch: Branch, outcome: str) -> int:
        move = self.move
        mover = branch.group(MOVER)
        if move.is_transport and mover is None and branch.group(MOVER_INSIDE) is None:
            # RULES.md §15 (16.3): no way back across the sea: a transported formation that
            # lost the battle, or must go back with no way on by land, is gone.
            branch = branch.noting("transported_eliminated")
        controller = self.controller(branch)
        besiegers = garrison = ally = None
        if outcome == "besieging":
            besiegers = mover.force
            garrison, ally = self.garrison_of(branch)
        labels = [group.label for group in branch.placement if is_defender_label(group.label)]
        defenders_end = "; ".join(
            self._describe(branch, label) for label in sorted(labels, key=defender_label_order)
        )
        mover_end = (
            "; ".join(
                self._describe(branch, label)
                for label in (MOVER_INSIDE, MOVER)
                if branch.group(label) is not None
            )
            or "eliminated"
        )
        # The other stacks of the destination (a garrison of the mover's side besieged
        # there, 15.2): listed too, so that every unit in the space is accounted for.
        garrison_end = "; ".join(
            self._describe(branch, group.label)
            for group in sorted(branch.placement, key=lambda group: group.label)
            if group.space == move.destination
            and group.label not in (MOVER, MOVER_INSIDE)
            and not is_defender_label(group.label)
        )
        attacker_survivors = sum(
            branch.group(label).force.land_units
            for label in (MOVER, MOVER_INSIDE)
            if branch.group(label) is not None
        )
        state = EndState(
            outcome=outcome,
            controller=controller,
            mover_end=mover_end,
            defenders_end=defenders_end
            or ("eliminated" if "defender_eliminated" in branch.events else "none"),
            captured=", ".join(branch.captured),
            garrison_end=garrison_end,
            attacker_captured=", ".join(branch.attacker_captured),
            defender_captured=", ".join(branch.defender_captured),
            attacker_survivors=attacker_survivors,
            defender_survivors=move.defender_units - branch.defender_lost,
            events=branch.events,
            besiegers=besiegers,
            garrison=garrison,
            garrison_ally=ally,
            leaders_inside=branch.leaders_inside,
            retreats=branch.retreats,
        )
        self.last_end_state = state  # read by shared_aftermath
        return self.leaf(state)

    def garrison_of(self, branch) -> tuple[Force | None, Force | None]:
        """The enemy units inside the destination: the garrison as one force (an empty
        fortress: no units) and the units of an allied second power inside with it
        (13.4: allied defenders withdraw together), the controller's first; (None, None)
        for three powers or more (no siege campaign from there)."""
        controller = self.controller(branch)
        by_power: dict = {}
        for group in self.inside(branch):
            if self.situation.at_war(group.power, self.mover_power):
                by_power[group.power] = merge_forces(by_power.get(group.power), group.force)
        if not by_power:
            return Force(power=controller), None
        if len(by_power) > 2:
            return None, None
        powers = sorted(by_power, key=lambda power: power != controller)
        garrisons = [by_power[power] for power in powers]
        return garrisons[0], (garrisons[1] if len(garrisons) == 2 else None)

    def retreat(self, branch, label, candidates, event) -> Branch:
        """Move group ``label`` to the space its policy picks; eliminate it if none (14.1)."""
        group = branch.group(label)
        choice = choose_retreat(
            self.move.retreat_policy, candidates, self.situation, branch.placement, group.power
        )
        # RULES.md §9: where each retreat went, for the notes on a prefer: list.
        branch = branch.retreating(event, group.power, choice)
        if choice is not None:
            arrived = Placed(group.label, choice, group.force, inside=False)
            # 13.1: enemy leaders alone in the unfortified space retreated to are captured.
            moved = branch.with_group(arrived).noting(event)
            side = "defender" if label == MOVER else "attacker"  # the leaders' side
            return capture_lone_leaders(self.situation, moved, arrived, side)
        # 14.1: no legal space: the units are eliminated and the leaders captured.
        lost = group.force.land_units
        side = "attacker" if label == MOVER else "defender"
        branch = branch.capturing(group.force, side).with_group(None, label)
        if label == MOVER:
            return branch.noting("attacker_eliminated")
        branch = branch.losing(lost)
        return noting_if_all_defenders_gone(branch.noting("defender_retreat_blocked"))

    # -- 13.2 interception -------------------------------------------------------------

    def interceptions(self, branch, attempts, index=0, succeeded=None) -> int:
        index = next_interception(attempts, index, succeeded)  # 13.2
        if index == len(attempts):
            return self.after_interception(branch, succeeded is not None)
        attempt = attempts[index]
        tried = branch.noting(f"intercept_attempted:{attempt.label}")
        stack_group = tried.group(attempt.label)
        left = remaining_after(stack_group.force, attempt.force)
        joined = tried.with_group(
            None if left is None else replace(stack_group, force=left), attempt.label
        )
        label = defender_label_for(joined, attempt.power)
        there = joined.group(label)
        merged = merge_forces(there.force if there else None, attempt.force)
        # 13.2 step 3: the interceptors move in as if they had been there before.
        success = joined.with_group(Placed(label, self.destination, merged))
        success = success.noting("intercepted", f"intercepted:{attempt.label}")
        needed = Interception(attempt.force, self.move.units).needed
        return self.roll(
            needed,
            lambda: self.interceptions(success, attempts, index + 1, attempt.power),
            lambda: self.interceptions(tried, attempts, index + 1, succeeded),
        )

    def after_interception(self, branch, intercepted: bool) -> int:
        mover = branch.group(MOVER)
        branch = branch.with_group(replace(mover, space=self.destination))
        if intercepted:
            # 13.2 step 5: all interceptors fight; no avoid battle, no withdrawal.
            return self.battle(branch)
        if not defender_groups(branch):
            return self.arrival(branch)
        return self.defender_response(branch)

    # -- the mover in the space ----------------------------------------------------------

    def arrival(self, branch) -> int:
        """The mover stands in the destination with no enemy in the open."""
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        if self.is_relief and "avoided_battle" in branch.events:
            # 15.3: every besieger avoided battle (13.3): none is left, the siege is broken.
            branch = branch.noting("siege_broken")
        return self.hold_or_besiege(branch, space, controller, retreating=False)

    def hold_or_besiege(self, branch, space, controller: str, retreating: bool) -> int:
        """The mover stands in ``space`` with no enemy in the open: in control of a space
        it need not take (:meth:`must_besiege`) or of one not fortified (its control
        changes); else it lays siege or goes back (:meth:`siege_or_back`, which takes
        ``retreating``)."""
        if not self.must_besiege(controller, space):
            return self.finish(branch, "mover_in_control")
        if not space.is_fortified:
            branch = replace(branch, controller=self.mover_power).noting("control_changes")
            return self.finish(branch, "mover_in_control")
        return self.siege_or_back(branch, retreating=retreating)

    def must_besiege(self, controller: str, space) -> bool:
        """Whether the mover must take ``space`` from its controller: a space of a power at
        war with it, or an independent fortified space (a key or fortress no power holds:
        §5, §6 step 12 and §15 lay a siege in any fortified space the mover does not
        control when it outnumbers those inside). Its own and its allies' spaces are
        simply held."""
        if self.situation.at_war(controller, self.mover_power):
            return True
        return controller == "independent" and space.is_fortified

    def siege_or_back(self, branch, retreating: bool) -> int:
        """15 / 14 step 12: more land units than those inside lay a siege."""
        space = self.destination
        garrison = sum(
            group.force.land_units
            for group in self.inside(branch)
            if self.situation.at_war(group.power, self.mover_power)
        )
        besiegers = sum(
            group.force.land_units
            for group in branch.placement
            if group.space == space and not group.inside and group.power == self.mover_power
        )
        if besiegers > garrison:
            return self.finish(branch.noting("siege"), "besieging")
        if retreating:
            # 14 step 12: otherwise it retreats to any legal adjacent space.
            candidates = legal_retreats(self.situation, branch.placement, self.mover_power, space)
            return self.finish(
                self.retreat(branch, MOVER, candidates, "attacker_retreats"), "mover_turned_back"
            )
        if self.move.after_withdrawal == "move-on" and self.move.may_move_on:
            # 13.4 option 1: the formation moves on (another move, paid again).
            return self.finish(branch.noting("moves_on"), "mover_moves_on")
        # 13.4 option 2: going back is a retreat and obeys every restriction of 14.1;
        # with no legal way back the formation is eliminated and its leaders captured.
        candidates = legal_retreats(
            self.situation, branch.placement, self.mover_power, space, only=self.move.came_from
        )
        branch = self.retreat(branch, MOVER, candidates, "went_back")
        return self.finish(branch, "mover_turned_back")

    # -- 14 field battle and 14.1 retreat ------------------------------------------------

    def relieved_garrison(self, branch):
        """15.2: the mover's own units besieged in the destination, if any."""
        for group in self.inside(branch):
            if group.power == self.mover_power and group.force.land_units > 0:
                return group
        return None

    def battle(self, branch) -> int:
        mover = branch.group(MOVER)
        groups = defender_groups(branch)
        branch = branch.noting("field_battle")
        garrison = None
        attacker = mover.force
        if self.move.garrison_joins_relief:
            garrison = self.relieved_garrison(branch)
            if garrison is not None:
                # 15.2: garrison units of the relief force's power may join the battle.
                attacker = merge_forces(attacker, garrison.force)
                branch = branch.noting("garrison_joined")
        main, allies = groups[0], tuple(groups[1:])
        battle, plan, outcomes = battle_outcomes(self.move, attacker, main, allies, garrison)
        resolved = {}
        leaves = []
        for key in outcomes:
            if key not in resolved:
                *outcome, spent = key
                # RULES.md §9: a post-roll card spent in this cell is an event of the move.
                played = branch.noting(*spent) if spent else branch
                resolved[key] = self.shared_aftermath(
                    played, battle, garrison, main, allies, tuple(outcome)
                )
            leaves.append(self.program.nodes[resolved[key]][1])
        offset = len(self.program.leaf_map)
        self.program.leaf_map.extend(leaves)
        self.program.battles.append((battle, plan))
        return self._node(BATTLE, len(self.program.battles) - 1, offset)

    @cached_property
    def rules_key(self) -> tuple:
        """What of the move the aftermath of a field battle reads besides the branch (see
        :func:`oddsengine.moves._move_battles.rules_key`)."""
        return rules_key(self.move, self.situation, self.is_relief)

    def shared_aftermath(self, branch, battle, garrison, main, allies, outcome) -> int:
        """:meth:`aftermath` of one ``outcome`` of the battle, its end state shared with
        every move of the same :attr:`rules_key` that reaches the same board (see
        :mod:`oddsengine.moves._move_battles`); the program records it as the aftermath
        would, the same nodes in the same order."""
        key = aftermath_key(self.rules_key, branch, outcome)
        state = AFTERMATH_STATES.get(key)
        if state is not None:
            return self.leaf(state)
        node = self.aftermath(branch, battle, garrison, main, allies, *outcome)
        AFTERMATH_STATES.keep(key, self.last_end_state)
        return node

    def aftermath(
        self, branch, battle, garrison, main, allies, attacker_wins, tied, attacker, defender, rest
    ) -> int:
        """The move after one outcome of its field battle: ``defender`` the main defending
        power's units left by type, ``rest`` those of each of its ``allies``."""
        mover = branch.group(MOVER)
        attacker_force = survivors_force(attacker, mover.force.leaders, mover.power)
        left = sum(defender) + sum(sum(units) for units in rest)
        branch = branch.losing(battle.defender_units - left)
        if garrison is not None:
            # 15.2: the garrison that joined takes its losses last and goes back inside.
            kept = {
                kind: min(getattr(garrison.force, kind), getattr(attacker_force, kind))
                for kind in UNIT_TYPES
            }
            relief = {kind: getattr(attacker_force, kind) - kept[kind] for kind in UNIT_TYPES}
            attacker_force = Force(**relief, leaders=mover.force.leaders, power=mover.power)
            back = Force(**kept, leaders=garrison.force.leaders, power=mover.power)
            if attacker_force.land_units == 0 and back.land_units > 0:
                # Leaders of a side with land units left are not captured: inside with them.
                back = merge_forces(back, Force(leaders=mover.force.leaders, power=mover.power))
                attacker_force = Force(power=mover.power)
            branch = branch.with_group(
                placed_with_force(garrison, back) if back.land_units or back.leaders else None,
                garrison.label,
            )
        branch = branch.with_group(placed_with_force(mover, attacker_force))
        sides = [(main, survivors_force(defender, main.force.leaders, main.power))]
        for ally, units in zip(allies, rest, strict=True):
            sides.append((ally, survivors_force(units, ally.force.leaders, ally.power)))
        for group, force in sides:
            keep = force.land_units or force.leaders
            placed = placed_with_force(group, force) if keep else None
            branch = branch.with_group(placed, group.label)
        if sum(force.land_units for _, force in sides) == 0:
            # 14 step 10 in a move: leaders of a side with no land units left are captured.
            for group, force in sides:
                branch = branch.capturing(force, "defender").with_group(None, group.label)
            branch = noting_if_all_defenders_gone(branch)
        if attacker_force.land_units == 0:
            branch = branch.capturing(attacker_force, "attacker").with_group(None, MOVER)
            branch = branch.noting("attacker_eliminated")
        if attacker_wins:
            branch = branch.noting("attacker_wins")
            for group, _ in sides:
                if branch.group(group.label) is not None:
                    branch = self.defenders_retreat(branch, group.label)
            return self.after_attacker_wins(branch)
        branch = branch.noting("defender_wins")
        if branch.group(MOVER) is not None:
            if tied and self.move.relief_goes_inside_on_tie and self.relief_fortress_group(branch):
                # 15.2: a relief force losing on a tie in hits may go inside (max 4 in all).
                branch = self.relief_goes_inside(branch)
            if branch.group(MOVER) is not None:
                # 14.1: a losing attacker must retreat to where it came from.
                candidates = legal_retreats(
                    self.situation,
                    branch.placement,
                    self.mover_power,
                    self.destination,
                    only=self.move.came_from,
                )
                branch = self.retreat(branch, MOVER, candidates, "attacker_retreats")
        return self.finish(self.siege_breaks_after_relief(branch), "mover_turned_back")

    @cached_property
    def is_relief(self) -> bool:
        """15.2: the move enters a space where units allied to the mover are besieged."""
        return self.relief_fortress_group(self.move.initial_branch()) is not None

    def siege_breaks_after_relief(self, branch) -> Branch:
        """15.3 after a lost relief battle (15.2): the siege stands only while the besiegers
        have more land units (cavalry counted) than the units inside.

        Units of the relief that went inside on a tie raise the garrison, and the
        besiegers' losses lower their count; when they no longer outnumber the garrison
        the siege is broken and each besieging power retreats, free, to a legal adjacent
        space (14.1's restrictions; the space the relief came from is not forbidden),
        or is eliminated with its leaders captured if there is none.
        """
        if not self.is_relief:
            return branch
        besiegers = defender_groups(branch)
        if sum(group.force.land_units for group in besiegers) > self.inside_units(branch):
            return branch
        branch = branch.noting("siege_broken")
        for group in besiegers:
            candidates = legal_retreats(
                self.situation, branch.placement, group.power, self.destination
            )
            branch = self.retreat(branch, group.label, candidates, "defender_retreats")
        return branch

    def relief_fortress_group(self, branch):
        """The besieged friendly units a relief force came for (15.2), if any."""
        for group in self.inside(branch):
            if self.situation.allied(group.power, self.mover_power):
                return group
        return None

    def relief_goes_inside(self, branch) -> Branch:
        mover = branch.group(MOVER)
        room = max(MAX_UNITS_INSIDE - self.inside_units(branch), 0)
        if room == 0:
            return branch
        inside, rest = split_inside(mover.force, min(room, mover.force.land_units), True)
        branch = branch.with_group(Placed(MOVER_INSIDE, self.destination, inside, inside=True))
        branch = branch.noting("relief_went_inside")
        if rest.land_units == 0 and not rest.leaders:
            return branch.with_group(None, MOVER)
        return branch.with_group(replace(mover, force=rest))

    def defenders_retreat(self, branch, label) -> Branch:
        group = branch.group(label)
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        retreating = label
        if space.is_fortified and group.power == controller:
            # 14.1: only the power controlling the space may first put up to 4 land units
            # (its choice: as many as fit) and any number of leaders inside.
            room = max(MAX_UNITS_INSIDE - self.inside_units(branch), 0)
            count = min(room, group.force.land_units)
            branch, leaders_inside = self.leaders_go_inside(branch, group, count)
            inside, rest = split_inside(group.force, count, leaders_inside)
            if inside.land_units or inside.leaders:
                branch = branch.with_group(Placed(label, space.name, inside, inside=True))
                if rest.land_units == 0 and not rest.leaders:
                    return branch
                retreating = retreating_label(label)
                branch = branch.with_group(Placed(retreating, space.name, rest))
        # 14.1: a losing defender may not retreat to where the enemy came from.
        return self.retreat(
            branch, retreating, self.retreat_candidates(branch, group.power), "defender_retreats"
        )

    def leaders_go_inside(self, branch, group, count) -> tuple[Branch, bool]:
        """14.1: "leaders choose freely" whether to go inside with the ``count`` units
        that do, or to retreat with the rest (the ``leaders_inside`` policy).

        A leader never has to stay with a group that has no legal retreat: with no
        units left to retreat, or no legal space for them, the leaders go inside. The
        choice made is noted on the branch (reported by the end state).
        """
        rest_units = group.force.land_units - count
        if rest_units == 0 or not self.retreat_candidates(branch, group.power):
            return branch, True
        if count == 0 or not group.force.leaders:
            return branch, False
        choice = self.move.leaders_inside
        if choice == "best":
            choice = self.best_leaders_choice(branch, group, count)
        return replace(branch, leaders_inside=choice), choice == "with-units"

    def best_leaders_choice(self, branch, group, count) -> str:
        """The choice that gives the defenders the better chance of still holding the
        space, judged like the ``best`` defender response (over ``defender_horizon``
        impulses of assaults if the mover then lays a siege); ``retreat`` when both
        are equal (always so when judged at the end of the move)."""
        from oddsengine.moves.holding import garrison_holds

        mover = branch.group(MOVER)
        horizon = self.move.defender_horizon
        if horizon is None or mover is None:
            return "retreat"
        holds = {}
        for choice in ("retreat", "with-units"):
            going_in, _ = split_inside(group.force, count, choice == "with-units")
            placed = branch.with_group(Placed(group.label, self.destination, going_in, True))
            garrison, ally = self.garrison_of(placed)
            if garrison is None or mover.force.land_units <= self.inside_units(placed):
                return "retreat"  # no siege follows, or no campaign to judge it by
            holds[choice] = round(garrison_holds(mover.force, garrison, horizon, ally), 12)
        return "with-units" if holds["with-units"] > holds["retreat"] else "retreat"

    def retreat_candidates(self, branch, power) -> tuple[str, ...]:
        return legal_retreats(
            self.situation, branch.placement, power, self.destination, forbidden=self.move.came_from
        )

    def after_attacker_wins(self, branch) -> int:
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        if self.is_relief:
            # 15.2: the relief force won: the siege is broken. The winner is decided by
            # hits (14 step 8), so this holds even when no relief unit survived.
            branch = branch.noting("siege_broken")
        if branch.group(MOVER) is None:
            return self.finish(branch, "mover_turned_back")
        return self.hold_or_besiege(branch, space, controller, retreating=True)


def build_program(move, attempts) -> Program:
    """Compile ``move`` with its interception ``attempts`` (in order) into a program."""
    builder = MoveBuilder(move)
    root = builder.interceptions(move.initial_branch(), attempts)
    builder.program.root = root
    return builder.program

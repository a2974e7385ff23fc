"""The defenders' response to a move when no interception succeeded (RULES.md §4, §5):
avoid battle (13.3), each power separately and with some or all units, withdrawal into
the fortifications (13.4), and the rules for a leader alone."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import numpy as np

from oddsengine.combat.forces import Force
from oddsengine.combat.rolls import AvoidBattle
from oddsengine.errors import OddsEngineError
from oddsengine.moves._move_program import (
    AVOIDED,
    defender_groups,
    noting_if_all_defenders_gone,
    plan_name,
    remaining_after,
)
from oddsengine.moves._move_rules import Placed, capture_lone_leaders, legal_avoid_destinations
from oddsengine.moves.holding import garrison_holds_after
from oddsengine.moves.situation import MAX_UNITS_INSIDE

__all__ = ["DefenderResponse"]


class DefenderResponse:
    """The part of :class:`oddsengine.moves._move_tree.MoveBuilder` that plays the defenders'
    choices; it relies on the builder's ``roll``, ``arrival``, ``battle`` and board
    helpers."""

    def can_withdraw(self, branch) -> bool:
        """13.4: a fortified space of the defenders or an ally, 4 or fewer land units."""
        groups = defender_groups(branch)
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        staying = sum(group.force.land_units for group in groups)
        return (
            bool(groups)
            and space.is_fortified
            and all(self.situation.allied(controller, group.power) for group in groups)
            and staying + self.inside_units(branch) <= MAX_UNITS_INSIDE
        )

    def power_options(self, branch, group) -> list[str]:
        """One defending power's legal choices: stay (fight or withdraw), or avoid."""
        options = ["fight", "withdraw"]
        if group.force.land_units == 0:
            return options  # 13.3: a leader alone may not avoid battle
        destinations = legal_avoid_destinations(
            self.situation, branch.placement, group.power, self.destination, self.move.came_from
        )
        for space in destinations:
            options += [f"avoid:{space}", f"avoid:{space}+withdraw"]
        return options

    def defender_options(self, branch) -> dict:
        """Every legal response of the defenders, as builders of its subtree.

        With one defending power the names are ``fight``, ``withdraw``,
        ``avoid:SPACE`` and ``avoid:SPACE+withdraw``; with several, ``power=choice``
        pairs joined by commas, one per power.
        """
        groups = defender_groups(branch)
        per_power = [self.power_options(branch, group) for group in groups]
        options = {}
        for combination in product(*per_power):
            plan = dict(zip((group.power for group in groups), combination, strict=True))
            if not self.plan_is_legal(branch, plan):
                continue
            name = plan_name(plan, len(groups))
            wants = plan[self.withdraw_decider(groups).power].endswith("withdraw")
            options[name] = lambda plan=plan, wants=wants: self.play_plan(branch, plan, wants)
        return options

    def plan_is_legal(self, branch, plan) -> bool:
        """Only the power controlling the space decides a withdrawal (13.4), and it must be
        possible: now, or once every avoid battle of the plan has succeeded."""
        groups = defender_groups(branch)
        decider = self.withdraw_decider(groups)
        for group in groups:
            if group is not decider and plan[group.power].endswith("withdraw"):
                return False
        if not plan[decider.power].endswith("withdraw"):
            return True
        return self.can_withdraw(branch) or self._withdraw_after_avoid(branch, plan)

    def _withdraw_after_avoid(self, branch, plan) -> bool:
        """Whether the units left after every avoid battle succeeded could withdraw."""
        staying = branch
        for group in defender_groups(branch):
            if plan[group.power].startswith("avoid:"):
                _, rest = self.avoiding_part(group)
                staying = staying.with_group(
                    None if rest is None else replace(group, force=rest), group.label
                )
        return bool(defender_groups(staying)) and self.can_withdraw(staying)

    def withdraw_decider(self, groups):
        """13.4: the power controlling the space decides whether all withdraw."""
        controller = self.situation.controller(self.destination)
        for group in groups:
            if group.power == controller:
                return group
        return groups[0]

    def avoiding_part(self, group) -> tuple[Force, Force | None]:
        """The units of ``group`` that try to avoid battle, and those that stay."""
        chosen = self.move.avoiding_force(group.power)
        if chosen is None:
            return group.force, None
        return chosen, remaining_after(group.force, chosen)

    def play_plan(self, branch, plan, withdraw, order=None) -> int:
        """Each defending power tries to avoid battle in impulse order (13.3), then the
        units still there withdraw or fight.

        ``order`` is the labels of the defending groups still to be played, fixed when the
        plan starts: a power that avoided battle leaves the space, and the next power in
        impulse order still tries (13.3: "each major power tries separately").
        """
        if order is None:
            groups = sorted(
                defender_groups(branch),
                key=lambda group: self.situation.impulse_rank(group.power),
            )
            order = tuple(group.label for group in groups)
        if order:
            label, order = order[0], order[1:]
            group = branch.group(label)
            choice = plan[group.power]
            if not choice.startswith("avoid:"):
                return self.play_plan(branch, plan, withdraw, order)
            space = choice[len("avoid:") :].partition("+")[0]
            part, rest = self.avoiding_part(group)
            tried = branch.noting("avoid_attempted")
            moved = tried.with_group(
                None if rest is None else replace(group, force=rest), group.label
            )
            avoided = Placed(AVOIDED + group.label, space, part)
            moved = moved.with_group(avoided).noting("avoided_battle")
            # 13.1: enemy leaders alone in the unfortified space avoided to are captured.
            moved = capture_lone_leaders(self.situation, moved, avoided, "attacker")
            roll = AvoidBattle(
                part, self.move.units, lost_battle_this_impulse=self.move.lost_battle(group.power)
            )
            needed = 0 if roll.automatic else roll.needed
            return self.roll(
                needed,
                lambda: self.play_plan(moved, plan, withdraw, order),
                lambda: self.play_plan(tried, plan, withdraw, order),
            )
        groups = defender_groups(branch)
        if not groups:
            # 13.3: every defender avoided battle: the mover enters an empty space (then
            # 13.4 / 15: a siege of the fortifications or not).
            return self.arrival(branch)
        if sum(group.force.land_units for group in groups) == 0:
            return self.leaders_alone(branch)
        if withdraw and self.can_withdraw(branch):
            return self.withdraw(branch)
        return self.battle(branch)

    def leaders_alone(self, branch) -> int:
        """13.3 / 13.1: leaders with no land units do not fight a field battle."""
        if self.can_withdraw(branch):
            # In a fortified space of theirs they must withdraw inside.
            return self.withdraw(branch)
        # Enemy land units enter an unfortified space (or one they cannot go into):
        # the leaders are captured, and no field battle is fought.
        for group in defender_groups(branch):
            branch = branch.capturing(group.force, "defender").with_group(None, group.label)
        return self.arrival(noting_if_all_defenders_gone(branch))

    def defender_response(self, branch) -> int:
        groups = defender_groups(branch)
        if sum(group.force.land_units for group in groups) == 0:
            # 13.3: a leader alone may not avoid battle.
            policy = self.move.defender_policy
            choices = dict(policy).values() if isinstance(policy, tuple) else [policy]
            if any(choice.startswith("avoid:") for choice in choices):
                raise OddsEngineError(
                    f"defender policy {policy!r} is not a legal choice here: a leader alone "
                    "may not avoid battle (13.3)"
                )
            self.program.choices["defender"] = "withdraw (leader alone)"
            if not self.can_withdraw(branch):
                self.program.choices["defender"] = "captured (leader alone)"
            return self.leaders_alone(branch)
        options = self.defender_options(branch)
        policy = self.move.defender_policy
        if policy != "best":
            name = self.policy_plan_name(policy, groups)
            if name not in options:
                raise OddsEngineError(
                    f"defender policy {policy!r} is not a legal choice here; the choices are "
                    + ", ".join(["best", *options])
                )
            self.program.choices["defender"] = name
            return options[name]()
        best = None
        defending = {}  # controller -> whether it is one of the defenders' side
        states = self.program.end_states
        for name, build in options.items():
            node = build()
            weights = self.program.probabilities(node)
            # The end states this response reaches: the others (those of the responses
            # built before it) add only zeros to the sums below.
            reached = [(weights[index], states[index]) for index in np.flatnonzero(weights)]
            for _, state in reached:
                if state.controller not in defending:
                    defending[state.controller] = any(
                        self.situation.allied(state.controller, group.power) for group in groups
                    )
            holds = sum(
                weight * garrison_holds_after(state, self.move.defender_horizon)
                for weight, state in reached
                if defending[state.controller]
            )
            survivors = sum(weight * state.defender_survivors for weight, state in reached)
            score = (round(holds, 12), round(survivors, 12))
            if best is None or score > best[0]:
                best = (score, name, node)
        self.program.choices["defender"] = f"{best[1]} (best)"
        if len(options) > 1:  # a choice was weighed (read by the CLI's --horizon check)
            self.program.choices["defender_weighed"] = True
        return best[2]

    def policy_plan_name(self, policy, groups) -> str:
        """The option a defender policy names: one choice for every defending power, or
        ``((power, choice), ...)`` per power (powers left out fight)."""
        choices = dict(policy) if isinstance(policy, tuple) else None
        if len(groups) == 1:
            return policy if choices is None else choices.get(groups[0].power, "fight")
        decider = self.withdraw_decider(groups)
        plan = {}
        for group in groups:
            choice = policy if choices is None else choices.get(group.power, "fight")
            if group is not decider:
                # 13.4: only the power controlling the space decides a withdrawal.
                choice = choice.removesuffix("+withdraw")
                choice = "fight" if choice == "withdraw" else choice
            plan[group.power] = choice
        return plan_name(plan, len(groups))

    def withdraw(self, branch) -> int:
        # 13.4: all of them withdraw together; no field battle follows.
        for group in defender_groups(branch):
            branch = branch.with_group(replace(group, inside=True))
        return self.arrival(branch.noting("withdrew"))

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
(:mod:`oddsengine._move_kernel`) samples a path through it. Both read the same program,
so the rules live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product

import numpy as np

from ._move_rules import Placed, choose_retreat, legal_avoid_destinations, legal_retreats
from .board import load_board
from .engagements import FieldBattle
from .errors import OddsEngineError
from .forces import UNIT_TYPES, Force
from .holding import garrison_holds_after
from .rolls import AvoidBattle, Interception
from .situation import MAX_UNITS_INSIDE

__all__ = [
    "EndState",
    "Program",
    "build_program",
    "defender_groups",
    "is_defender_label",
    "LEAF",
    "ROLL",
    "BATTLE",
]

LEAF, ROLL, BATTLE = 0, 1, 2

#: 2d6 totals 2..12: number of the 36 rolls reaching each total or more.
_AT_LEAST = {
    total: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total)
    for total in range(2, 13)
}

#: Labels of the groups a move tracks besides the stacks of the situation: the mover (and
#: the part of a relief force that went inside), the defenders of the destination (the
#: main power's group, ``defenders:POWER`` for an allied power), the part of each that
#: retreats while the rest is inside, and the units that avoided battle.
MOVER, MOVER_INSIDE = "mover", "mover-inside"
DEFENDERS, RETREATING, AVOIDED = "defenders", "defenders-retreating", "avoided:"

#: Outcome names: how the move ended for the moving formation.
OUTCOME_NAMES = ("mover_in_control", "besieging", "mover_turned_back", "mover_moves_on")

#: Events every move reports, besides one pair per interception attempt.
BASE_EVENTS = (
    "intercepted",
    "field_battle",
    "attacker_wins",
    "defender_wins",
    "avoid_attempted",
    "avoided_battle",
    "withdrew",
    "attacker_retreats",
    "defender_retreats",
    "attacker_eliminated",
    "defender_eliminated",
    "leaders_captured",
    "control_changes",
    "siege",
    "siege_broken",
    "went_back",
    "moves_on",
    "defender_retreat_blocked",
    "garrison_joined",
    "relief_went_inside",
)


@dataclass(frozen=True)
class EndState:
    """One way a move can end.

    ``besiegers`` and ``garrison`` are set when the move ends in a siege (for siege
    campaigns); ``mover_end`` and ``defenders_end`` read ``"Space: force"``,
    ``"Space (inside): force"`` or ``"eliminated"``.
    """

    outcome: str
    controller: str
    mover_end: str
    defenders_end: str
    captured: str
    attacker_survivors: int
    defender_survivors: int
    events: frozenset
    besiegers: Force | None = None
    garrison: Force | None = None

    def key(self):
        return (
            self.outcome,
            self.controller,
            self.mover_end,
            self.defenders_end,
            self.captured,
            self.attacker_survivors,
            self.defender_survivors,
            tuple(sorted(self.events)),
        )


@dataclass(frozen=True)
class _Branch:
    """The board at one point of one branch of the move."""

    placement: tuple[Placed, ...]
    events: frozenset = frozenset()
    captured: tuple[str, ...] = ()
    controller: str | None = None
    attacker_lost: int = 0
    defender_lost: int = 0

    def group(self, label):
        for group in self.placement:
            if group.label == label:
                return group
        return None

    def with_group(self, group: Placed | None, label: str | None = None) -> _Branch:
        """Replace (or remove, with None) the group called ``label``."""
        label = label or group.label
        kept = tuple(item for item in self.placement if item.label != label)
        return replace(self, placement=kept + ((group,) if group is not None else ()))

    def noting(self, *events) -> _Branch:
        return replace(self, events=self.events | frozenset(events))

    def capturing(self, force: Force) -> _Branch:
        names = tuple(leader.name for leader in force.leaders)
        if not names:
            return self
        return replace(self, captured=self.captured + names).noting("leaders_captured")


def merge_forces(first: Force | None, second: Force) -> Force:
    """Two forces of one power as one."""
    if first is None:
        return second
    if first.power != second.power:
        raise OddsEngineError(
            f"{first.power} and {second.power} units cannot be merged into one force"
        )
    counts = {kind: getattr(first, kind) + getattr(second, kind) for kind in UNIT_TYPES}
    return Force(**counts, leaders=first.leaders + second.leaders, power=first.power)


def split_inside(force: Force, inside: int, leaders_inside: bool) -> tuple[Force, Force]:
    """``inside`` land units (regulars first) and the rest; the leaders go inside or stay
    with the rest as ``leaders_inside`` says."""
    left = {kind: getattr(force, kind) for kind in UNIT_TYPES}
    taken = {}
    for kind in UNIT_TYPES:
        taken[kind] = min(inside, left[kind])
        left[kind] -= taken[kind]
        inside -= taken[kind]
    inside_leaders = force.leaders if leaders_inside else ()
    rest_leaders = () if leaders_inside else force.leaders
    return (
        Force(**taken, leaders=inside_leaders, power=force.power),
        Force(**left, leaders=rest_leaders, power=force.power),
    )


@dataclass
class Program:
    """The compiled tree of a move (see the module docstring)."""

    nodes: list
    end_states: list
    battles: list
    leaf_map: list
    choices: dict
    root: int = 0

    def arrays(self):
        """``nodes`` (int64, (n, 4)), battle ``thresholds`` (uint32, (battles, rows,
        width)), their ``guides`` (int64, (battles, rows, 256)), ``layouts`` (int64,
        (battles, 5)) and ``leaf_map`` (int64)."""
        nodes = np.asarray(self.nodes, dtype=np.int64).reshape(-1, 4)
        tables = [plan.thresholds() for _, plan in self.battles] or [
            (np.zeros((1, 1), np.uint32), np.ones(5, np.int64))
        ]
        rows = max(table.shape[0] for table, _ in tables)
        width = max(table.shape[1] for table, _ in tables)
        thresholds = np.full((len(tables), rows, width), np.iinfo(np.uint32).max, np.uint32)
        layouts = np.empty((len(tables), 5), dtype=np.int64)
        for index, (table, layout) in enumerate(tables):
            thresholds[index, : table.shape[0], : table.shape[1]] = table
            layouts[index] = layout
        leaf_map = np.asarray(self.leaf_map or [0], dtype=np.int64)
        # The value drawn at the bottom edge of each 1/256 of the 32-bit uniform.
        edges = np.arange(256, dtype=np.uint64) << np.uint64(24)
        guides = np.empty(thresholds.shape[:2] + (256,), dtype=np.int64)
        for battle in range(thresholds.shape[0]):
            for row in range(thresholds.shape[1]):
                guides[battle, row] = np.searchsorted(
                    thresholds[battle, row].astype(np.uint64), edges, side="right"
                )
        return nodes, thresholds, guides, layouts, leaf_map

    def probabilities(self, root: int | None = None) -> np.ndarray:
        """Exact probability of every end state, from ``root`` (default: the move)."""
        weights = np.zeros(len(self.end_states))
        stack = [(self.root if root is None else root, 1.0)]
        while stack:
            node, weight = stack.pop()
            kind, argument, following, other = self.nodes[node]
            if kind == LEAF:
                weights[argument] += weight
            elif kind == ROLL:
                success = _AT_LEAST.get(argument, 36 if argument < 2 else 0) / 36.0
                stack.append((following, weight * success))
                stack.append((other, weight * (1.0 - success)))
            else:
                _, plan = self.battles[argument]
                cells = plan.cell_probabilities()
                leaves = np.asarray(self.leaf_map[following : following + cells.size])
                np.add.at(weights, leaves, weight * cells)
        return weights


class _Builder:
    """Walks every branch of one move and records the program."""

    def __init__(self, move):
        self.move = move
        # 13.1: the rules of the move read the situation as the mover sees it (units that
        # count as enemies on entering an enemy-controlled space are at war with it).
        self.situation = move.effective_situation
        self.board = load_board()
        self.program = Program([], [], [], [], {})
        self._leaf_index = {}
        self._leaf_nodes = {}

    # -- recording ---------------------------------------------------------------------

    def _node(self, kind, argument, following=0, other=0) -> int:
        self.program.nodes.append((kind, argument, following, other))
        return len(self.program.nodes) - 1

    def roll(self, needed: int, success, failure) -> int:
        """A 2d6 roll reaching ``needed``; ``success``/``failure`` build the subtrees."""
        if needed <= 2:
            return success()
        if needed > 12:
            return failure()
        return self._node(ROLL, needed, success(), failure())

    def leaf(self, state: EndState) -> int:
        key = state.key()
        if key not in self._leaf_index:
            self._leaf_index[key] = len(self.program.end_states)
            self.program.end_states.append(state)
        index = self._leaf_index[key]
        if index not in self._leaf_nodes:
            self._leaf_nodes[index] = self._node(LEAF, index)
        return self._leaf_nodes[index]

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

    def inside_units(self, branch) -> int:
        """Land units inside the destination's fortifications."""
        return sum(
            group.force.land_units
            for group in branch.placement
            if group.space == self.destination and group.inside
        )

    def finish(self, branch: _Branch, outcome: str) -> int:
        move = self.move
        mover = branch.group(MOVER)
        controller = self.controller(branch)
        besiegers = garrison = None
        if outcome == "besieging":
            besiegers = mover.force
            inside = [
                group.force
                for group in branch.placement
                if group.space == move.destination
                and group.inside
                and self.situation.at_war(group.power, self.mover_power)
            ]
            garrison = Force(power=controller)
            if inside and len({force.power for force in inside}) == 1:
                garrison = None
                for force in inside:
                    garrison = merge_forces(garrison, force)
            elif inside:
                garrison = None  # garrisons of two powers: no siege campaign from here
        labels = [group.label for group in branch.placement if is_defender_label(group.label)]
        defenders_end = "; ".join(
            self._describe(branch, label) for label in sorted(labels, key=_defender_label_order)
        )
        mover_end = "; ".join(
            self._describe(branch, label) for label in (MOVER_INSIDE, MOVER)
            if branch.group(label) is not None
        ) or "eliminated"
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
            attacker_survivors=attacker_survivors,
            defender_survivors=move.defender_units - branch.defender_lost,
            events=branch.events,
            besiegers=besiegers,
            garrison=garrison,
        )
        return self.leaf(state)

    def retreat(self, branch, label, candidates, event) -> _Branch:
        """Move group ``label`` to the space its policy picks; eliminate it if none (14.1)."""
        group = branch.group(label)
        choice = choose_retreat(
            self.move.retreat_policy, candidates, self.situation, branch.placement, group.power
        )
        if choice is not None:
            return branch.with_group(replace(group, space=choice, inside=False)).noting(event)
        # 14.1: no legal space: the units are eliminated and the leaders captured.
        lost = group.force.land_units
        branch = branch.capturing(group.force).with_group(None, label)
        if label == MOVER:
            branch = branch.noting("attacker_eliminated")
            return replace(branch, attacker_lost=branch.attacker_lost + lost)
        branch = replace(branch, defender_lost=branch.defender_lost + lost)
        return noting_if_all_defenders_gone(branch.noting("defender_retreat_blocked"))

    # -- 13.2 interception -------------------------------------------------------------

    def interceptions(self, branch, attempts, index=0, succeeded=None) -> int:
        # 13.2 (original 001): once one power succeeds no other power may try, but the
        # successful power's other spaces may.
        while index < len(attempts) and succeeded not in (None, attempts[index].power):
            index += 1
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

    # -- 13.3 avoid battle, 13.4 withdrawal ----------------------------------------------

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
            self.situation, branch.placement, group.power, self.destination, self.move.origin
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

    def play_plan(self, branch, plan, withdraw, index=0) -> int:
        """Each defending power tries to avoid battle in impulse order (13.3), then the
        units still there withdraw or fight."""
        groups = sorted(
            defender_groups(branch), key=lambda group: self.situation.impulse_rank(group.power)
        )
        if index < len(groups):
            group = groups[index]
            choice = plan[group.power]
            if not choice.startswith("avoid:"):
                return self.play_plan(branch, plan, withdraw, index + 1)
            space = choice[len("avoid:") :].partition("+")[0]
            part, rest = self.avoiding_part(group)
            tried = branch.noting("avoid_attempted")
            moved = tried.with_group(
                None if rest is None else replace(group, force=rest), group.label
            )
            moved = moved.with_group(Placed(AVOIDED + group.label, space, part))
            moved = moved.noting("avoided_battle")
            roll = AvoidBattle(
                part, self.move.units, lost_battle_this_impulse=self.move.lost_battle(group.power)
            )
            needed = 0 if roll.automatic else roll.needed
            return self.roll(
                needed,
                lambda: self.play_plan(moved, plan, withdraw, index + 1),
                lambda: self.play_plan(tried, plan, withdraw, index + 1),
            )
        groups = defender_groups(branch)
        if not groups:
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
            branch = branch.capturing(group.force).with_group(None, group.label)
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
        for name, build in options.items():
            node = build()
            weights = self.program.probabilities(node)
            holds = sum(
                weight * garrison_holds_after(state, self.move.defender_horizon)
                for weight, state in zip(weights, self.program.end_states, strict=False)
                if any(self.situation.allied(state.controller, group.power) for group in groups)
            )
            survivors = sum(
                weight * state.defender_survivors
                for weight, state in zip(weights, self.program.end_states, strict=False)
            )
            score = (round(holds, 12), round(survivors, 12))
            if best is None or score > best[0]:
                best = (score, name, node)
        self.program.choices["defender"] = f"{best[1]} (best)"
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

    # -- the mover in the space ----------------------------------------------------------

    def arrival(self, branch) -> int:
        """The mover stands in the destination with no enemy in the open."""
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        if not self.situation.at_war(controller, self.mover_power):
            return self.finish(branch, "mover_in_control")
        if not space.is_fortified:
            branch = replace(branch, controller=self.mover_power).noting("control_changes")
            return self.finish(branch, "mover_in_control")
        return self.siege_or_back(branch, retreating=False)

    def siege_or_back(self, branch, retreating: bool) -> int:
        """15 / 14 step 12: more land units than those inside lay a siege."""
        space = self.destination
        garrison = sum(
            group.force.land_units
            for group in branch.placement
            if group.space == space
            and group.inside
            and self.situation.at_war(group.power, self.mover_power)
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
        if self.move.after_withdrawal == "move-on":
            # 13.4 option 1: the formation moves on (another move, paid again).
            return self.finish(branch.noting("moves_on"), "mover_moves_on")
        # 13.4 option 2: going back is a retreat and obeys every restriction of 14.1;
        # with no legal way back the formation is eliminated and its leaders captured.
        candidates = legal_retreats(
            self.situation, branch.placement, self.mover_power, space, only=self.move.origin
        )
        branch = self.retreat(branch, MOVER, candidates, "went_back")
        return self.finish(branch, "mover_turned_back")

    # -- 14 field battle and 14.1 retreat ------------------------------------------------

    def relieved_garrison(self, branch):
        """15.2: the mover's own units besieged in the destination, if any."""
        for group in branch.placement:
            if (
                group.space == self.destination
                and group.inside
                and group.power == self.mover_power
                and group.force.land_units > 0
            ):
                return group
        return None

    def battle(self, branch) -> int:
        mover = branch.group(MOVER)
        groups = defender_groups(branch)
        branch = branch.noting("field_battle")
        if len(groups) > 2:
            raise OddsEngineError(
                "defenders of three powers in one field battle are not supported"
            )
        garrison = None
        attacker = mover.force
        if self.move.garrison_joins_relief:
            garrison = self.relieved_garrison(branch)
            if garrison is not None:
                # 15.2: garrison units of the relief force's power may join the battle.
                attacker = merge_forces(attacker, garrison.force)
                branch = branch.noting("garrison_joined")
        main, ally = groups[0], (groups[1] if len(groups) == 2 else None)
        battle = FieldBattle(
            attacker,
            main.force,
            attacker_cards=self.move.attacker_cards,
            defender_cards=self.move.defender_cards,
            policies=self.move.policies,
            options=self.move.options,
            defender_ally=None if ally is None else ally.force,
        )
        plan = battle.draw_plan()
        columns = battle.outcome_columns(plan.cell_values())
        wins = columns["outcome"] == "attacker_wins"
        attacker_hits, defender_hits = battle.hits(plan.cell_values())
        tied = attacker_hits == defender_hits
        order = self.move.policies.defender_casualty_order
        resolved = {}
        leaves = []
        for cell in range(plan.cells):
            attacker_left = tuple(int(columns[f"attacker_{kind}"][cell]) for kind in UNIT_TYPES)
            total = [int(columns[f"defender_{kind}"][cell]) for kind in UNIT_TYPES]
            ally_left = ()
            if ally is not None:
                survivors = int(columns[f"{ally.power}_survivors"][cell])
                counts = ally.force.units_after_losses(ally.force.land_units - survivors, order)
                ally_left = tuple(counts[kind] for kind in UNIT_TYPES)
                total = [left - part for left, part in zip(total, ally_left, strict=True)]
            key = (bool(wins[cell]), bool(tied[cell]), attacker_left, tuple(total), ally_left)
            if key not in resolved:
                resolved[key] = self.aftermath(branch, battle, garrison, main, ally, *key)
            leaves.append(self.program.nodes[resolved[key]][1])
        offset = len(self.program.leaf_map)
        self.program.leaf_map.extend(leaves)
        self.program.battles.append((battle, plan))
        return self._node(BATTLE, len(self.program.battles) - 1, offset)

    def aftermath(
        self, branch, battle, garrison, main, ally, attacker_wins, tied, attacker, defender, rest
    ) -> int:
        mover = branch.group(MOVER)
        attacker_force = Force(*attacker, leaders=mover.force.leaders, power=mover.power)
        branch = replace(
            branch,
            attacker_lost=branch.attacker_lost + battle.attacker_units - sum(attacker),
            defender_lost=branch.defender_lost + battle.defender_units - sum(defender) - sum(rest),
        )
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
                replace(garrison, force=back) if back.land_units or back.leaders else None,
                garrison.label,
            )
        branch = branch.with_group(replace(mover, force=attacker_force))
        sides = [(main, Force(*defender, leaders=main.force.leaders, power=main.power))]
        if ally is not None:
            sides.append((ally, Force(*rest, leaders=ally.force.leaders, power=ally.power)))
        for group, force in sides:
            keep = force.land_units or force.leaders
            branch = branch.with_group(replace(group, force=force) if keep else None, group.label)
        if sum(force.land_units for _, force in sides) == 0:
            # 14 step 10: leaders of a side with no land units left are captured.
            for group, force in sides:
                branch = branch.capturing(force).with_group(None, group.label)
            branch = noting_if_all_defenders_gone(branch)
        if attacker_force.land_units == 0:
            branch = branch.capturing(attacker_force).with_group(None, MOVER)
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
                    only=self.move.origin,
                )
                branch = self.retreat(branch, MOVER, candidates, "attacker_retreats")
        return self.finish(branch, "mover_turned_back")

    def relief_fortress_group(self, branch):
        """The besieged friendly units a relief force came for (15.2), if any."""
        for group in branch.placement:
            if (
                group.space == self.destination
                and group.inside
                and self.situation.allied(group.power, self.mover_power)
            ):
                return group
        return None

    def relief_goes_inside(self, branch) -> _Branch:
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

    def defenders_retreat(self, branch, label) -> _Branch:
        group = branch.group(label)
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        retreating = label
        if space.is_fortified and group.power == controller:
            # 14.1: only the power controlling the space may first put up to 4 land units
            # (its choice: as many as fit) and any number of leaders inside.
            room = max(MAX_UNITS_INSIDE - self.inside_units(branch), 0)
            count = min(room, group.force.land_units)
            rest_units = group.force.land_units - count
            # Leaders choose freely: they go with the units retreating if those have a
            # legal retreat, and inside otherwise (never with a group that has none).
            leaders_inside = rest_units == 0 or not self.retreat_candidates(branch, group.power)
            inside, rest = split_inside(group.force, count, leaders_inside)
            if inside.land_units or inside.leaders:
                branch = branch.with_group(
                    Placed(label, space.name, inside, inside=True)
                )
                if rest.land_units == 0 and not rest.leaders:
                    return branch
                retreating = retreating_label(label)
                branch = branch.with_group(Placed(retreating, space.name, rest))
        # 14.1: a losing defender may not retreat to where the enemy came from.
        return self.retreat(
            branch, retreating, self.retreat_candidates(branch, group.power), "defender_retreats"
        )

    def retreat_candidates(self, branch, power) -> tuple[str, ...]:
        return legal_retreats(
            self.situation, branch.placement, power, self.destination, forbidden=self.move.origin
        )

    def after_attacker_wins(self, branch) -> int:
        space = self.board.space(self.destination)
        controller = self.controller(branch)
        mover = branch.group(MOVER)
        if mover is None:
            return self.finish(branch, "mover_turned_back")
        relieved = [
            group
            for group in branch.placement
            if group.space == space.name
            and group.inside
            and self.situation.allied(group.power, self.mover_power)
        ]
        if relieved:
            # 15.2: the relief force won: the siege is broken.
            branch = branch.noting("siege_broken")
        if not self.situation.at_war(controller, self.mover_power):
            return self.finish(branch, "mover_in_control")
        if not space.is_fortified:
            branch = replace(branch, controller=self.mover_power).noting("control_changes")
            return self.finish(branch, "mover_in_control")
        return self.siege_or_back(branch, retreating=True)


def is_defender_label(label: str) -> bool:
    """Groups of the defending powers wherever they went: in the space, inside, retreated
    or avoided."""
    return label.startswith((DEFENDERS, AVOIDED))


def noting_if_all_defenders_gone(branch) -> _Branch:
    """Event names must be true: ``defender_eliminated`` only when every defender is gone."""
    if any(is_defender_label(group.label) for group in branch.placement):
        return branch
    return branch.noting("defender_eliminated")


def _defender_label_order(label: str):
    base = label.removeprefix(AVOIDED)
    ally = base not in (DEFENDERS, RETREATING)
    return (ally, label.startswith(AVOIDED), label.startswith(RETREATING), label)


def retreating_label(label: str) -> str:
    """The label of the part of group ``label`` that retreats while the rest is inside."""
    return RETREATING + label[len(DEFENDERS) :]


def defender_groups(branch) -> list[Placed]:
    """The defending groups still in the open in the destination, main power first."""
    return sorted(
        (
            group
            for group in branch.placement
            if (group.label == DEFENDERS or group.label.startswith(DEFENDERS + ":"))
            and not group.inside
        ),
        key=lambda group: group.label != DEFENDERS,
    )


def defender_label_for(branch, power: str) -> str:
    """Where units of ``power`` join the defence: its group, or a new one."""
    for group in branch.placement:
        if is_defender_label(group.label) and not group.label.startswith(RETREATING):
            if group.power == power and not group.inside:
                return group.label
    if branch.group(DEFENDERS) is None:
        return DEFENDERS
    return f"{DEFENDERS}:{power}"


def plan_name(plan: dict, powers: int) -> str:
    """``fight`` for one power; ``hapsburg=fight, england=avoid:Linz`` for several."""
    if powers == 1:
        return next(iter(plan.values()))
    return ", ".join(f"{power}={choice}" for power, choice in plan.items())


def remaining_after(stack: Force, part: Force) -> Force | None:
    """What stays behind when ``part`` leaves ``stack``; None when nothing does."""
    counts = {kind: getattr(stack, kind) - getattr(part, kind) for kind in UNIT_TYPES}
    names = {leader.name for leader in part.leaders}
    leaders = tuple(leader for leader in stack.leaders if leader.name not in names)
    if sum(counts.values()) == 0 and not leaders:
        return None
    return Force(**counts, leaders=leaders, power=stack.power)


def build_program(move, attempts) -> Program:
    """Compile ``move`` with its interception ``attempts`` (in order) into a program."""
    builder = _Builder(move)
    root = builder.interceptions(move.initial_branch(), attempts)
    builder.program.root = root
    return builder.program

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

import numpy as np

from ._move_rules import Placed, choose_retreat, legal_avoid_destinations, legal_retreats
from .board import load_board
from .engagements import FieldBattle
from .errors import OddsEngineError
from .forces import UNIT_TYPES, Force
from .rolls import AvoidBattle, Interception
from .situation import MAX_UNITS_INSIDE

__all__ = ["EndState", "Program", "build_program", "LEAF", "ROLL", "BATTLE"]

LEAF, ROLL, BATTLE = 0, 1, 2

#: 2d6 totals 2..12: number of the 36 rolls reaching each total or more.
_AT_LEAST = {
    total: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total)
    for total in range(2, 13)
}

MOVER, DEFENDERS, RETREATING = "mover", "defenders", "defenders-retreating"

#: Outcome names: how the move ended for the moving formation.
OUTCOME_NAMES = ("mover_in_control", "besieging", "mover_turned_back")

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
            f"{first.power} and {second.power} units would defend together: a battle with "
            "defenders of two powers is not supported"
        )
    counts = {kind: getattr(first, kind) + getattr(second, kind) for kind in UNIT_TYPES}
    return Force(**counts, leaders=first.leaders + second.leaders, power=first.power)


def split_inside(force: Force, inside: int) -> tuple[Force, Force]:
    """``inside`` land units (regulars first) and the rest; leaders stay with the rest
    unless every unit goes inside."""
    left = {kind: getattr(force, kind) for kind in UNIT_TYPES}
    taken = {}
    for kind in UNIT_TYPES:
        taken[kind] = min(inside, left[kind])
        left[kind] -= taken[kind]
        inside -= taken[kind]
    rest_units = sum(left.values())
    inside_leaders = force.leaders if rest_units == 0 else ()
    rest_leaders = () if rest_units == 0 else force.leaders
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
        self.situation = move.situation
        self.board = load_board()
        self.program = Program([], [], [], [], {})
        self._leaf_index = {}
        self._leaf_nodes = {}

    # -- recording ---------------------------------------------------------------------

    def _node(self, kind, argument, following=0, other=0) -> int:
        self.program.nodes.append((kind, argument, following, other))
        return len(self.program.nodes) - 1

    def roll(self, needed: int, success: int, failure: int) -> int:
        if needed <= 2:
            return success
        if needed > 12:
            return failure
        return self._node(ROLL, needed, success, failure)

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

    def _describe(self, branch, label) -> str:
        group = branch.group(label)
        if group is None:
            return "eliminated" if label == MOVER else "none"
        where = f"{group.space} (inside)" if group.inside else group.space
        return f"{where}: {group.force.notation()}"

    def finish(self, branch: _Branch, outcome: str) -> int:
        move = self.move
        mover = branch.group(MOVER)
        controller = branch.controller or self.situation.controller(move.destination)
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
        defenders_end = "; ".join(
            self._describe(branch, label)
            for label in (DEFENDERS, RETREATING)
            if branch.group(label) is not None
        )
        state = EndState(
            outcome=outcome,
            controller=controller,
            mover_end=self._describe(branch, MOVER),
            defenders_end=defenders_end
            or ("eliminated" if "defender_eliminated" in branch.events else "none"),
            captured=", ".join(branch.captured),
            attacker_survivors=move.attacker_units - branch.attacker_lost,
            defender_survivors=move.defender_units - branch.defender_lost,
            events=branch.events,
            besiegers=besiegers,
            garrison=garrison,
        )
        return self.leaf(state)

    def retreat(self, branch, label, candidates, event) -> _Branch:
        """Move group ``label`` to the space its policy picks; eliminate it if none."""
        group = branch.group(label)
        choice = choose_retreat(
            self.move.retreat_policy, candidates, self.situation, branch.placement, group.power
        )
        if choice is None:
            # 14.1: no legal space: the units are eliminated and the leaders captured.
            lost = group.force.land_units
            side = "attacker" if label == MOVER else "defender"
            branch = branch.capturing(group.force).with_group(None, label)
            branch = branch.noting(f"{side}_eliminated")
            if label == MOVER:
                return replace(branch, attacker_lost=branch.attacker_lost + lost)
            return replace(branch, defender_lost=branch.defender_lost + lost)
        return branch.with_group(replace(group, space=choice, inside=False)).noting(event)

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
        defenders = joined.group(DEFENDERS)
        merged = merge_forces(defenders.force if defenders else None, attempt.force)
        # 13.2 step 3: the interceptors move in as if they had been there before.
        success = joined.with_group(Placed(DEFENDERS, self.move.destination, merged))
        success = success.noting("intercepted", f"intercepted:{attempt.label}")
        needed = Interception(attempt.force, self.move.units).needed
        if needed <= 2:
            return self.interceptions(success, attempts, index + 1, attempt.power)
        if needed > 12:
            return self.interceptions(tried, attempts, index + 1, succeeded)
        return self.roll(
            needed,
            self.interceptions(success, attempts, index + 1, attempt.power),
            self.interceptions(tried, attempts, index + 1, succeeded),
        )

    def after_interception(self, branch, intercepted: bool) -> int:
        mover = branch.group(MOVER)
        branch = branch.with_group(replace(mover, space=self.move.destination))
        if intercepted:
            # 13.2 step 5: all interceptors fight; no avoid battle, no withdrawal.
            return self.battle(branch)
        if branch.group(DEFENDERS) is None:
            return self.arrival(branch)
        return self.defender_response(branch)

    # -- 13.3 avoid battle, 13.4 withdrawal ----------------------------------------------

    def can_withdraw(self, branch) -> bool:
        defenders = branch.group(DEFENDERS)
        space = self.board.space(self.move.destination)
        inside = sum(
            group.force.land_units
            for group in branch.placement
            if group.space == space.name and group.inside
        )
        # 13.4: a fortified space of the defender or an ally, 4 or fewer land units.
        return (
            space.is_fortified
            and self.situation.allied(self.situation.controller(space.name), defenders.power)
            and defenders.force.land_units + inside <= MAX_UNITS_INSIDE
        )

    def defender_options(self, branch) -> dict:
        """Every legal response of the defenders, as builders of its subtree."""
        defenders = branch.group(DEFENDERS)
        options = {"fight": lambda: self.battle(branch)}
        withdraw = self.can_withdraw(branch)
        if withdraw:
            options["withdraw"] = lambda: self.withdraw(branch)
        roll = AvoidBattle(
            defenders.force,
            self.move.units,
            lost_battle_this_impulse=self.move.defenders_lost_battle,
        )
        needed = 0 if roll.automatic else roll.needed
        destinations = legal_avoid_destinations(
            self.situation,
            branch.placement,
            defenders.power,
            self.move.destination,
            self.move.origin,
        )
        for space in destinations:
            tried = branch.noting("avoid_attempted")
            moved = tried.with_group(replace(defenders, space=space)).noting("avoided_battle")

            def avoid(fallback, moved=moved, tried=tried):
                return self.roll(needed, self.arrival(moved), fallback(tried))

            options[f"avoid:{space}"] = lambda avoid=avoid: avoid(self.battle)
            if withdraw:
                options[f"avoid:{space}+withdraw"] = lambda avoid=avoid: avoid(self.withdraw)
        return options

    def defender_response(self, branch) -> int:
        options = self.defender_options(branch)
        policy = self.move.defender_policy
        if policy != "best":
            if policy not in options:
                raise OddsEngineError(
                    f"defender policy {policy!r} is not a legal choice here; the choices are "
                    + ", ".join(["best", *options])
                )
            self.program.choices["defender"] = policy
            return options[policy]()
        defender_power = branch.group(DEFENDERS).power
        best = None
        for name, build in options.items():
            root = self.program_root_probabilities(build)
            node, weights = root
            holds = sum(
                weight
                for weight, state in zip(weights, self.program.end_states, strict=False)
                if self.situation.allied(state.controller, defender_power)
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

    def program_root_probabilities(self, build):
        node = build()
        return node, self.program.probabilities(node)

    def withdraw(self, branch) -> int:
        defenders = branch.group(DEFENDERS)
        # 13.4: all of them withdraw together; no field battle follows.
        branch = branch.with_group(replace(defenders, inside=True)).noting("withdrew")
        return self.arrival(branch)

    # -- the mover in the space ----------------------------------------------------------

    def arrival(self, branch) -> int:
        """The mover stands in the destination with no enemy in the open."""
        space = self.board.space(self.move.destination)
        controller = branch.controller or self.situation.controller(space.name)
        if not self.situation.at_war(controller, self.mover_power):
            return self.finish(branch, "mover_in_control")
        if not space.is_fortified:
            branch = replace(branch, controller=self.mover_power).noting("control_changes")
            return self.finish(branch, "mover_in_control")
        return self.siege_or_back(branch, retreating=False)

    def siege_or_back(self, branch, retreating: bool) -> int:
        """15 / 14 step 12: more land units than those inside lay a siege."""
        space = self.move.destination
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
        # 13.4: the mover goes back where it came from (moving on is another move).
        mover = branch.group(MOVER)
        branch = branch.with_group(replace(mover, space=self.move.origin))
        return self.finish(branch, "mover_turned_back")

    # -- 14 field battle and 14.1 retreat ------------------------------------------------

    def battle(self, branch) -> int:
        mover = branch.group(MOVER)
        defenders = branch.group(DEFENDERS)
        branch = branch.noting("field_battle")
        if defenders.force.land_units == 0:
            # 14 step 10: leaders without land units are captured.
            branch = branch.capturing(defenders.force).with_group(None, DEFENDERS)
            branch = branch.noting("attacker_wins", "defender_eliminated")
            return self.after_attacker_wins(branch)
        battle = FieldBattle(
            mover.force,
            defenders.force,
            attacker_cards=self.move.attacker_cards,
            defender_cards=self.move.defender_cards,
            policies=self.move.policies,
            options=self.move.options,
        )
        plan = battle.draw_plan()
        columns = battle.outcome_columns(plan.cell_values())
        wins = columns["outcome"] == "attacker_wins"
        resolved = {}
        leaves = []
        for cell in range(plan.cells):
            attacker = tuple(int(columns[f"attacker_{kind}"][cell]) for kind in UNIT_TYPES)
            defender = tuple(int(columns[f"defender_{kind}"][cell]) for kind in UNIT_TYPES)
            key = (bool(wins[cell]), attacker, defender)
            if key not in resolved:
                resolved[key] = self.aftermath(branch, battle, *key)
            leaves.append(self.program.nodes[resolved[key]][1])
        offset = len(self.program.leaf_map)
        self.program.leaf_map.extend(leaves)
        self.program.battles.append((battle, plan))
        return self._node(BATTLE, len(self.program.battles) - 1, offset)

    def aftermath(self, branch, battle, attacker_wins, attacker, defender) -> int:
        mover = branch.group(MOVER)
        defenders = branch.group(DEFENDERS)
        attacker_force = Force(*attacker, leaders=mover.force.leaders, power=mover.power)
        defender_force = Force(*defender, leaders=defenders.force.leaders, power=defenders.power)
        branch = replace(
            branch,
            attacker_lost=branch.attacker_lost + battle.attacker_units - sum(attacker),
            defender_lost=branch.defender_lost + battle.defender_units - sum(defender),
        )
        branch = branch.with_group(replace(mover, force=attacker_force))
        branch = branch.with_group(replace(defenders, force=defender_force))
        for label, force, side in (
            (MOVER, attacker_force, "attacker"),
            (DEFENDERS, defender_force, "defender"),
        ):
            if force.land_units == 0:
                # 14 step 10: leaders of a side with no land units left are captured.
                branch = branch.capturing(force).with_group(None, label)
                branch = branch.noting(f"{side}_eliminated")
        if attacker_wins:
            branch = branch.noting("attacker_wins")
            if branch.group(DEFENDERS) is not None:
                branch = self.defenders_retreat(branch)
            return self.after_attacker_wins(branch)
        branch = branch.noting("defender_wins")
        if branch.group(MOVER) is not None:
            # 14.1: a losing attacker must retreat to where it came from.
            candidates = legal_retreats(
                self.situation,
                branch.placement,
                self.mover_power,
                self.move.destination,
                only=self.move.origin,
            )
            branch = self.retreat(branch, MOVER, candidates, "attacker_retreats")
        return self.finish(branch, "mover_turned_back")

    def defenders_retreat(self, branch) -> _Branch:
        defenders = branch.group(DEFENDERS)
        space = self.board.space(self.move.destination)
        controller = branch.controller or self.situation.controller(space.name)
        retreating = DEFENDERS
        if space.is_fortified and self.situation.allied(controller, defenders.power):
            # 14.1: up to 4 land units (and leaders) may withdraw into the fortification.
            already = sum(
                group.force.land_units
                for group in branch.placement
                if group.space == space.name and group.inside
            )
            room = max(MAX_UNITS_INSIDE - already, 0)
            inside, rest = split_inside(defenders.force, min(room, defenders.force.land_units))
            if inside.land_units or inside.leaders:
                branch = branch.with_group(
                    Placed(DEFENDERS, space.name, merge_forces(None, inside), inside=True)
                )
                if rest.land_units == 0:
                    return branch
                branch = branch.with_group(Placed(RETREATING, space.name, rest))
                retreating = RETREATING
        # 14.1: a losing defender may not retreat to where the enemy came from.
        candidates = legal_retreats(
            self.situation,
            branch.placement,
            defenders.power,
            space.name,
            forbidden=self.move.origin,
        )
        return self.retreat(branch, retreating, candidates, "defender_retreats")

    def after_attacker_wins(self, branch) -> int:
        space = self.board.space(self.move.destination)
        controller = branch.controller or self.situation.controller(space.name)
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

"""The compiled form of a move: end states, the tree of random steps, and the board at
each point of a branch (see :mod:`oddsengine.moves._move_tree` for how it is built).

A program has *nodes* ``[kind, argument, next, other]``: a ``ROLL`` node goes to ``next``
when 2d6 reaches ``argument`` and to ``other`` otherwise, a ``BATTLE`` node draws the cell
of field battle ``argument`` and maps it through ``leaf_map[next + cell]``, and a ``LEAF``
node ends the trial in end state ``argument``. The exact engine multiplies the
probabilities along the tree; the Monte Carlo kernel (:mod:`oddsengine.moves._move_kernel`)
samples a path through it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.errors import OddsEngineError
from oddsengine.moves._move_rules import Placed

__all__ = [
    "EndState",
    "Program",
    "Branch",
    "LEAF",
    "ROLL",
    "BATTLE",
    "AT_LEAST",
    "MOVER",
    "MOVER_INSIDE",
    "DEFENDERS",
    "RETREATING",
    "AVOIDED",
    "OUTCOME_NAMES",
    "BASE_EVENTS",
    "merge_forces",
    "split_inside",
    "remaining_after",
    "is_defender_label",
    "noting_if_all_defenders_gone",
    "defender_label_order",
    "retreating_label",
    "defender_groups",
    "defender_label_for",
    "plan_name",
]

LEAF, ROLL, BATTLE = 0, 1, 2

#: 2d6 totals 2..12: number of the 36 rolls reaching each total or more.
AT_LEAST = {
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
class Branch:
    """The board at one point of one branch of the move."""

    placement: tuple[Placed, ...]
    events: frozenset = frozenset()
    captured: tuple[str, ...] = ()
    controller: str | None = None
    defender_lost: int = 0

    def group(self, label):
        for group in self.placement:
            if group.label == label:
                return group
        return None

    def with_group(self, group: Placed | None, label: str | None = None) -> Branch:
        """Replace (or remove, with None) the group called ``label``."""
        label = label or group.label
        kept = tuple(item for item in self.placement if item.label != label)
        placement = kept + ((group,) if group is not None else ())
        # Built directly, not by dataclasses.replace: a move tree makes tens of thousands
        # of branches, and a Branch has nothing to check.
        return Branch(placement, self.events, self.captured, self.controller, self.defender_lost)

    def noting(self, *events) -> Branch:
        events = self.events | frozenset(events)
        return Branch(self.placement, events, self.captured, self.controller, self.defender_lost)

    def capturing(self, force: Force) -> Branch:
        names = tuple(leader.name for leader in force.leaders)
        if not names:
            return self
        captured = self.captured + names
        branch = Branch(self.placement, self.events, captured, self.controller, self.defender_lost)
        return branch.noting("leaders_captured")


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
                success = AT_LEAST.get(argument, 36 if argument < 2 else 0) / 36.0
                stack.append((following, weight * success))
                stack.append((other, weight * (1.0 - success)))
            else:
                _, plan = self.battles[argument]
                cells = plan.cell_probabilities()
                leaves = np.asarray(self.leaf_map[following : following + cells.size])
                np.add.at(weights, leaves, weight * cells)
        return weights


def is_defender_label(label: str) -> bool:
    """Groups of the defending powers wherever they went: in the space, inside, retreated
    or avoided."""
    return label.startswith((DEFENDERS, AVOIDED))


def noting_if_all_defenders_gone(branch) -> Branch:
    """Event names must be true: ``defender_eliminated`` only when every defender is gone."""
    if any(is_defender_label(group.label) for group in branch.placement):
        return branch
    return branch.noting("defender_eliminated")


def defender_label_order(label: str):
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

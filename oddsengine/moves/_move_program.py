"""The compiled form of a move: end states, the tree of random steps, and the board at
each point of a branch (see :mod:`oddsengine.moves._move_tree` for how it is built).

A program has *nodes* ``[kind, argument, next, other]``: a ``ROLL`` node goes to ``next``
when 2d6 reaches ``argument`` and to ``other`` otherwise, a ``BATTLE`` node draws the cell
of field battle ``argument`` and maps it through ``leaf_map[next + cell]``, a ``CHANCE``
node draws a cell the same way and goes on to the node ``leaf_map[next + cell]`` (the rolls
and combats of a naval move, which have steps after them), and a ``LEAF`` node ends the
trial in end state ``argument``. The exact engine multiplies the
probabilities along the tree; the Monte Carlo kernel (:mod:`oddsengine.engines._move_kernel`)
samples a path through it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache, cached_property

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.draws import DrawPlan
from oddsengine.errors import OddsEngineError
from oddsengine.moves._move_rules import Placed

__all__ = [
    "EndState",
    "Program",
    "ProgramAnswers",
    "next_interception",
    "end_state_key",
    "ProgramRecorder",
    "Branch",
    "LEAF",
    "ROLL",
    "BATTLE",
    "CHANCE",
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
    "LEADERS_INSIDE_POLICIES",
    "end_state_columns",
    "declared_branch",
    "best_defence_words",
]

LEAF, ROLL, BATTLE, CHANCE = 0, 1, 2, 3

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

#: Where the leaders of a defeated controlling power go when some of its units go inside
#: and the rest retreat (14.1, each leader goes inside or not as its owner chooses):
#: ``best`` (the choice that gives the better chance of holding the space, judged like
#: the ``best`` defender response; with no difference they retreat), ``with-units``
#: (inside) or ``retreat``.
LEADERS_INSIDE_POLICIES = ("best", "with-units", "retreat")

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
    "attacker_leaders_captured",
    "defender_leaders_captured",
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
    campaigns), with ``garrison_ally`` when units of a second, allied power are inside;
    ``mover_end`` and ``defenders_end`` read ``"Space: force"``, ``"Space (inside):
    force"`` or ``"eliminated"``. ``leaders_inside`` says where the
    leaders of the controlling power went when it lost a battle in its fortified space
    and its units split (14.1): ``"with-units"`` (inside) or ``"retreat"``; empty when
    they had no choice.
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
    leaders_inside: str = ""
    garrison_ally: Force | None = None
    #: The captured leaders by side: the moving formation's and the defenders' (14.1, 14
    #: step 10); ``captured`` lists both.
    attacker_captured: str = ""
    defender_captured: str = ""
    #: The destination's other stacks at the end (a besieged garrison of the mover's
    #: side, 15.2), ``"Space (inside): force"``; empty when there are none.
    garrison_end: str = ""
    #: Every retreat made on the way, ``(kind, power, space)`` (kind: the event noted,
    #: space None when none was legal, 14.1): what a ``prefer:`` list did (RULES.md §9).
    retreats: tuple = ()

    #: The fields that follow from the others, left out of what tells two end states
    #: apart (:func:`end_state_key`): the siege's forces, the captured leaders by side and
    #: the retreats made on the way.
    FOLLOWING = (
        "besiegers",
        "garrison",
        "garrison_ally",
        "attacker_captured",
        "defender_captured",
        "retreats",
    )


# eq=False: a branch is read field by field (the aftermath's key takes its fields), never
# compared or hashed whole, so no __eq__ or __hash__ is generated for it.
@dataclass(frozen=True, eq=False)
class Branch:
    """The board at one point of one branch of the move."""

    placement: tuple[Placed, ...]
    events: frozenset = frozenset()
    captured: tuple[str, ...] = ()
    controller: str | None = None
    defender_lost: int = 0
    leaders_inside: str = ""
    attacker_captured: tuple[str, ...] = ()
    #: The retreats made so far, ``(kind, power, space or None)`` (see EndState.retreats).
    retreats: tuple = ()

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
        return self._with(placement, self.events, self.captured, self.attacker_captured)

    def noting(self, *events) -> Branch:
        return self._with(
            self.placement, self.events | frozenset(events), self.captured, self.attacker_captured
        )

    def _with(self, placement, events, captured, attacker_captured) -> Branch:
        # Built directly, not by dataclasses.replace: a move tree makes tens of thousands of
        # branches, and a Branch has nothing to check. Every field is passed on.
        return Branch(
            placement,
            events,
            captured,
            self.controller,
            self.defender_lost,
            self.leaders_inside,
            attacker_captured,
            self.retreats,
        )

    def retreating(self, kind: str, power: str, space: str | None) -> Branch:
        """The branch with one more retreat recorded (``space`` None: none was legal)."""
        return replace(self, retreats=self.retreats + ((kind, power, space),))

    def losing(self, land_units: int) -> Branch:
        """The branch with ``land_units`` more defending land units lost (as
        ``dataclasses.replace`` would give it, built directly: every battle outcome and
        blocked retreat of a move asks)."""
        return Branch(
            self.placement,
            self.events,
            self.captured,
            self.controller,
            self.defender_lost + land_units,
            self.leaders_inside,
            self.attacker_captured,
            self.retreats,
        )

    def capturing(self, force: Force, side: str) -> Branch:
        """The leaders of ``force``, of the ``side`` ``"attacker"`` (the moving formation)
        or ``"defender"``, captured."""
        names = tuple(leader.name for leader in force.leaders)
        if not names:
            return self
        mover = names if side == "attacker" else ()
        return self._with(
            self.placement,
            self.events | {"leaders_captured", f"{side}_leaders_captured"},
            self.captured + names,
            self.attacker_captured + mover,
        )

    @property
    def defender_captured(self) -> tuple[str, ...]:
        return tuple(name for name in self.captured if name not in self.attacker_captured)


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


class Program:
    """The compiled tree of a move (see the module docstring): its ``nodes``, the
    ``end_states`` its leaves reach, its ``battles`` (each with its draw plan), the
    ``leaf_map`` from each battle's outcomes to leaves, the defenders' ``choices`` and the
    ``root`` node. A plain class, filled in by the builder: one dataclass fewer to
    create when a command line starts."""

    __slots__ = ("nodes", "end_states", "battles", "leaf_map", "choices", "root")

    def __init__(
        self, nodes: list, end_states: list, battles: list, leaf_map: list, choices: dict,
        root: int = 0,
    ) -> None:  # fmt: skip
        self.nodes, self.end_states, self.battles = nodes, end_states, battles
        self.leaf_map, self.choices, self.root = leaf_map, choices, root

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
            elif kind == CHANCE:
                _, plan = self.battles[argument]
                cells = plan.cell_probabilities()
                targets = self.leaf_map[following : following + cells.size]
                for target, chance in zip(targets, cells, strict=True):
                    if chance > 0:
                        stack.append((target, weight * chance))
            else:
                _, plan = self.battles[argument]
                cells = plan.cell_probabilities()
                leaves = np.asarray(self.leaf_map[following : following + cells.size])
                np.add.at(weights, leaves, weight * cells)
        return weights


class ProgramAnswers:
    """What the engines read of a move compiled into a :class:`Program`, land or naval:
    the exact chance of every end state, their draw plan, and the events of the
    interceptions. A subclass gives ``program`` and ``interception_attempts`` (each
    attempt with its stack's ``label``)."""

    @cached_property
    def end_state_probabilities(self) -> np.ndarray:
        """Exact probability of every end state of :attr:`program`."""
        return self.program.probabilities()

    def draw_plan(self) -> DrawPlan:
        """The exact distribution of the end states, for :func:`oddsengine.exact`.

        Its one value is the index of an end state. (Sampling this plan draws end states
        from their exact distribution; the Monte Carlo engine of a move is
        :func:`oddsengine.engines.move_montecarlo.simulate_move`, which plays the move out.)
        """
        return DrawPlan(self.end_state_probabilities, np.ones((1, 1)))

    @property
    def interception_events(self) -> tuple[str, ...]:
        """Each interception's events, stack by stack: it was tried, it succeeded."""
        return tuple(
            f"{event}:{attempt.label}"
            for attempt in self.interception_attempts
            for event in ("intercept_attempted", "intercepted")
        )


def next_interception(attempts, index: int, succeeded: str | None) -> int:
    """The first of ``attempts`` from ``index`` on that may still be tried, or
    ``len(attempts)``: once one power has intercepted no other power may try, but its
    other stacks still may (13.2, original 001; §14 at sea). ``succeeded`` is the power
    that has intercepted, None while none has."""
    # 13.2 (original 001): once one power succeeds no other power may try, but the
    # successful power's other spaces may.
    # §14: once one power succeeds no other power tries; the same power's other stacks
    # still may.
    while index < len(attempts) and succeeded not in (None, attempts[index].power):
        index += 1
    return index


class ProgramRecorder:
    """Records the nodes of a program as a builder walks every branch (land moves and
    naval moves): 2d6 rolls, draws that go on (``CHANCE``) and end states, each distinct
    end state recorded once."""

    def __init__(self):
        self.program = Program([], [], [], [], {})
        self._leaf_index = {}
        self._leaf_nodes = {}

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

    def chance(self, spec, plan, keys, build) -> int:
        """A draw of ``plan`` (the draw plan of ``spec``) whose cell ``c`` goes on to the
        subtree ``build(keys[c])``; cells with the same key share one subtree."""
        probabilities = plan.cell_probabilities()
        subtrees = {}
        for cell, key in enumerate(keys):
            if probabilities[cell] > 0 and key not in subtrees:
                subtrees[key] = build(key)
        if len(subtrees) == 1:
            return next(iter(subtrees.values()))
        fallback = next(iter(subtrees.values()))
        targets = [subtrees.get(key, fallback) for key in keys]
        offset = len(self.program.leaf_map)
        self.program.leaf_map.extend(targets)
        self.program.battles.append((spec, plan))
        return self._node(CHANCE, len(self.program.battles) - 1, offset)

    def leaf(self, state) -> int:
        """The leaf of end state ``state``, shared by the end states with its key."""
        key = end_state_key(state)
        if key not in self._leaf_index:
            self._leaf_index[key] = len(self.program.end_states)
            self.program.end_states.append(state)
        index = self._leaf_index[key]
        if index not in self._leaf_nodes:
            self._leaf_nodes[index] = self._node(LEAF, index)
        return self._leaf_nodes[index]


@cache
def _key_fields(state_type) -> tuple[str, ...]:
    return tuple(item.name for item in fields(state_type) if item.name not in state_type.FOLLOWING)


def end_state_key(state) -> tuple:
    """What tells end state ``state`` (land or naval) apart from the others: its fields but
    those its type lists as ``FOLLOWING`` from them, its events as a set."""
    return tuple(
        tuple(sorted(state.events)) if name == "events" else getattr(state, name)
        for name in _key_fields(type(state))
    )


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


#: What an end state reports, each a column of a move's answer (survivors as counts).
_STATE_COLUMNS = (
    "outcome",
    "controller",
    "mover_end",
    "defenders_end",
    "captured",
    "garrison_end",
    "attacker_captured",
    "defender_captured",
    "attacker_survivors",
    "defender_survivors",
    "leaders_inside",
)


def end_state_columns(states, index, event_names) -> dict[str, np.ndarray]:
    """The columns of the end states ``index`` (indices into ``states``, the
    :class:`EndState` of a program): what each reports, and a flag per event of
    ``event_names``."""
    columns = {}
    for name in _STATE_COLUMNS:
        kind = None if name.endswith("_survivors") else object
        columns[name] = np.array([getattr(state, name) for state in states], dtype=kind)[index]
    for name in event_names:
        columns[name] = np.array([name in state.events for state in states], dtype=bool)[index]
    return columns


def declared_branch(move) -> Branch:
    """The board as ``move`` (a :class:`~oddsengine.moves.move.Move`) is declared: the
    stacks left where they stand (the mover's stack without the moving units), the mover
    in its origin and each defending stack in the destination."""
    placement = []
    defending = move.defending_stacks
    for stack in move.situation.stacks:
        if stack in defending:
            continue
        force = stack.force
        if stack.space == move.origin and stack.power == move.power and not stack.besieged:
            force = remaining_after(stack.force, move.units)
            if force is None:
                continue
        placement.append(Placed(stack.label, stack.space, force, inside=stack.besieged))
    placement.append(Placed(MOVER, move.origin, move.units))
    for index, stack in enumerate(defending):
        label = DEFENDERS if index == 0 else f"{DEFENDERS}:{stack.power}"
        placement.append(Placed(label, move.destination, stack.force))
    return Branch(tuple(placement))


def best_defence_words(destination: str, horizon: int | None) -> str:
    """What the ``best`` defender policy maximises, in words, judged at the end of the
    move or after ``horizon`` impulses of assaults."""
    if horizon is None:
        when = "at the end of the move (under siege counts as held)"
    else:
        impulses = "impulse" if horizon == 1 else "impulses"
        when = f"after {horizon} {impulses} of assaults"
    return (
        f"the highest chance of still holding {destination} {when}, "
        "then the most defending units left"
    )

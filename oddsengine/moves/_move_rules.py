"""Where units may go during a move: interception, avoid battle and retreat on the board.

These are the map rules of RULES.md §3, §4 and §6.1 (originals 001 and 004), applied to a
:class:`Placement`, the positions of all stacks at one point of one branch of a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from oddsengine.combat.forces import Force
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves.board import load_board

__all__ = [
    "Placed",
    "legal_retreats",
    "legal_avoid_destinations",
    "lone_enemy_leaders",
    "capture_lone_leaders",
    "choose_retreat",
    "retreat_preference_notes",
    "unfollowed_order_note",
    "retreat_order_notes",
    "move_retreat_notes",
    "parse_retreat_policy",
    "RETREAT_POLICIES",
]

#: How the loser picks its retreat space among the legal ones (RULES.md §9).
RETREAT_POLICIES = ("most-friendly", "prefer:<space>[,<space>...]")


@dataclass(frozen=True)
class Placed:
    """A group of one power's units and leaders in one space, in the open or inside."""

    label: str
    space: str
    force: Force
    inside: bool = False

    @property
    def power(self) -> str:
        return self.force.power


def enemy_units_in(situation, placement, space: str, power: str) -> bool:
    """Whether a power at war with ``power`` has units or leaders in ``space``.

    Leaders alone in an unfortified space do not count: land units may still go there,
    and capture them (see :func:`lone_enemy_leaders`)."""
    lone = lone_enemy_leaders(situation, placement, space, power)
    return any(
        group.space == space
        and situation.at_war(group.power, power)
        and (group.force.land_units > 0 or group.force.leaders)
        and group not in lone
        for group in placement
    )


def lone_enemy_leaders(situation, placement, space: str, power: str) -> tuple[Placed, ...]:
    """The groups of enemy leaders with no land units in ``space``, if it is unfortified
    and holds no enemy land units.

    RULES.md §2 (13.1): a leader alone in an unfortified space that enemy land units
    enter (by move, retreat or interception) is captured; so such a space is open to a
    retreat or an avoid battle (§4, §6.1: "no enemy units"), and the leaders are taken.
    """
    if load_board().space(space).is_fortified:
        return ()
    enemies = [
        group
        for group in placement
        if group.space == space and situation.at_war(group.power, power)
    ]
    if any(group.force.land_units > 0 for group in enemies):
        return ()
    return tuple(group for group in enemies if group.force.leaders)


def capture_lone_leaders(situation, branch, entering: Placed, side: str):
    """The branch once the group ``entering`` came into its space: if it has land units,
    the enemy leaders alone there (:func:`lone_enemy_leaders`) are captured; ``side`` is
    theirs (``"attacker"`` for the mover's side, or ``"defender"``)."""
    if entering.force.land_units == 0:
        return branch
    for group in lone_enemy_leaders(situation, branch.placement, entering.space, entering.power):
        branch = branch.capturing(group.force, side).with_group(None, group.label)
    return branch


def friendly_units_in(situation, placement, space: str, power: str) -> int:
    """Land units of ``power`` and its allies in ``space``."""
    return sum(
        group.force.land_units
        for group in placement
        if group.space == space and situation.allied(group.power, power)
    )


def _open_to(situation, placement, space: str, power: str) -> bool:
    """The conditions avoid battle (13.3) and retreat (14.1) share.

    Not in unrest, no enemy units, not a sea zone, not independent or controlled by a
    power that is not ``power`` or its ally.
    """
    board_space = load_board().space(space)
    if board_space.is_sea or situation.in_unrest(space):
        return False
    if not situation.allied(situation.controller(space), power):
        return False  # independent, neutral or enemy-controlled
    return not enemy_units_in(situation, placement, space, power)


def legal_avoid_destinations(situation, placement, power, destination, mover_origin):
    """Spaces the defenders in ``destination`` may avoid battle to (13.3).

    Adjacent, open to ``power`` (see :func:`_open_to`) and not the space the mover came
    from.
    """
    return tuple(
        space.name
        for space in load_board().neighbours(destination)
        if space.name != mover_origin and _open_to(situation, placement, space.name, power)
    )


def legal_retreats(situation, placement, power, battle_space, *, forbidden=None, only=None):
    """Spaces a losing formation may retreat to from ``battle_space`` (14.1).

    Parameters
    ----------
    forbidden : str, optional
        A losing defender may not retreat to where the enemy came from.
    only : str, optional
        A losing attacker must retreat to where it came from: the only candidate.
    """
    candidates = load_board().neighbours(battle_space)
    names = [space.name for space in candidates]
    if only is not None:
        names = [name for name in names if name == only]
    return tuple(
        name for name in names if name != forbidden and _open_to(situation, placement, name, power)
    )


def parse_retreat_policy(policy: str) -> tuple[str, ...]:
    """The preferred spaces of a ``prefer:`` policy; () for ``most-friendly``."""
    if not isinstance(policy, str):
        raise OddsEngineTypeError(f"retreat policy must be text, not {shown(policy)}")
    text = policy.strip()
    if text == "most-friendly":
        return ()
    if text.startswith("prefer:"):
        spaces = [part.strip() for part in text[len("prefer:") :].split(",") if part.strip()]
        if spaces:
            return tuple(load_board().space(space).name for space in spaces)
    raise OddsEngineError(
        f"unknown retreat policy {policy!r}; use most-friendly or prefer:SPACE[,SPACE...]"
    )


def retreat_preference_notes(policy, situation, destination, power) -> tuple[str, ...]:
    """The ``prefer:`` spaces of ``policy`` that no retreat of a move of ``power`` into
    ``destination`` can ever reach, one note each.

    A ``prefer:`` list is a standing order, the first legal space listed (RULES.md §9), so
    an entry that is never legal in this move is passed over and said, never refused: a
    scenario, a sweep or a what-if may make one entry unreachable, or all of them, and the
    rules still answer (the default choice, see :func:`unfollowed_order_note`). Every
    retreat of a move leaves the destination (14.1, 15.2, 15.3; going back is to the
    origin, beside it), to an adjacent land space not in unrest, of the retreating power or
    an ally (§6.1).

    Examples
    --------
    >>> from oddsengine.moves.situation import Situation, Stack
    >>> board = Situation([Stack("Linz", "hapsburg: 2R")], unrest=["Salzburg"])
    >>> note, = retreat_preference_notes("prefer:Salzburg", board, "Linz", "hapsburg")
    >>> note[:50]
    'retreat prefer:Salzburg: Salzburg passed over: Sal'
    """
    board = load_board()
    neighbours = {space.name for space in board.neighbours(destination)}
    powers = {power} | {stack.power for stack in situation.stacks}
    spaces = parse_retreat_policy(policy)
    reasons = {}
    for space in spaces:
        if space not in neighbours:
            reasons[space] = (
                f"{space} is not adjacent to {destination}, where every retreat of this move "
                "starts (14.1)"
            )
        elif situation.in_unrest(space):
            reasons[space] = (
                f"{space} is in unrest, and no retreat may enter a space in unrest (14.1)"
            )
        elif not any(situation.allied(situation.controller(space), ally) for ally in powers):
            reasons[space] = (
                f"{space} is controlled by {situation.controller(space)}, an ally of no power on "
                "the board, and a retreat enters only a space of its own power or an ally (14.1)"
            )
    written = "prefer:" + ",".join(spaces)
    return tuple(
        f"retreat {written}: {space} passed over: {reason}" for space, reason in reasons.items()
    )


#: How a note names each kind of retreat a move records (see :func:`unfollowed_order_note`):
#: who, and the verb.
_RETREAT_WORDS = {
    "went_back": ("the mover ({power})", "goes back to"),
    "attacker_retreats": ("the mover ({power})", "retreats to"),
    "mover_retreats": ("the mover ({power})", "retreats to"),
    "defender_retreats": ("{power}", "retreats to"),
    "avoided": ("{power}", "avoids battle to"),
}


def move_retreat_notes(move) -> tuple[str, ...]:
    """The notes of a land move's retreat policy (:func:`retreat_preference_notes`, then
    :func:`retreat_order_notes`)."""
    policy = move.retreat_policy
    passed = retreat_preference_notes(policy, move.situation, move.destination, move.power)
    return retreat_order_notes(move, parse_retreat_policy(policy), passed, "14.1")


def retreat_order_notes(move, listed, passed, rule: str) -> tuple[str, ...]:
    """The notes of a move's ``prefer:`` list of places ``listed``: the ``passed`` notes
    (the places no retreat can reach), then, when no retreat of the end states the move
    reaches goes to a place listed, what it did instead (:func:`unfollowed_order_note`;
    ``rule`` cites the retreat rule). ``move`` is a land or naval move, its tree built."""
    if not listed:
        return tuple(passed)
    states = move.program.end_states
    reached = [
        retreat
        for state, chance in zip(states, move.end_state_probabilities, strict=True)
        if chance > 0
        for retreat in state.retreats
    ]
    written = "prefer:" + ",".join(listed)
    instead = unfollowed_order_note(written, listed, dict.fromkeys(reached), rule)
    return tuple(passed) if instead is None else (*passed, instead)


def unfollowed_order_note(written: str, listed, retreats, rule: str) -> str | None:
    """The note of a ``prefer:`` list that no retreat of a move followed, or None.

    ``retreats`` are the ``(kind, power, place)`` of every retreat the move can make (a
    ``place`` of None: no legal one, the units eliminated), read from the end states it
    reaches. When none of them goes to a place ``listed``, the note says what the move
    does instead: each retreat takes the default choice (RULES.md §9), or is eliminated
    where none is legal, or no unit retreats at all (a withdrawal, an empty fortress);
    ``rule`` cites the retreat rule (``"14.1"``, ``"§14"``).

    Examples
    --------
    >>> retreats = [("defender_retreats", "hapsburg", "Graz"),
    ...             ("defender_retreats", "hapsburg", None),
    ...             ("attacker_retreats", "ottoman", "Pressburg")]
    >>> print(unfollowed_order_note("prefer:Linz", ("Linz",), retreats, "14.1"))
    retreat prefer:Linz: no retreat of this move goes to a space listed; instead (14.1; the \
default choice, most-friendly, where several are legal): hapsburg retreats to Graz, or is \
eliminated where no space is legal; the mover (ottoman) retreats to Pressburg
    >>> print(unfollowed_order_note("prefer:Linz", ("Linz",), [], "14.1"))
    retreat prefer:Linz: no unit retreats in this move, so the list is never read
    """
    retreats = list(retreats)
    if not listed or any(place in listed for _, _, place in retreats):
        return None
    if not retreats:
        return f"retreat {written}: no unit retreats in this move, so the list is never read"
    word = "space" if rule == "14.1" else "location"
    places: dict = {}
    for kind, power, place in retreats:
        places.setdefault((kind, power), set()).add(place)
    parts = []
    for (kind, power), reached in places.items():
        named = sorted(place for place in reached if place is not None)
        who, verb = _RETREAT_WORDS[kind]
        who = who.format(power=power)
        eliminated = f"is eliminated where no {word} is legal"
        if not named:
            parts.append(f"{who} {eliminated}")
            continue
        part = f"{who} {verb} {' or '.join(named)}"
        parts.append(f"{part}, or {eliminated}" if None in reached else part)
    return (
        f"retreat {written}: no retreat of this move goes to a {word} listed; instead ({rule}; "
        "the default choice, most-friendly, where several are legal): " + "; ".join(parts)
    )


def choose_retreat(policy, candidates, situation, placement, power):
    """The loser's pick among legal ``candidates`` (RULES.md §9), or None if none is legal.

    ``most-friendly`` (default): the legal space with the most land units of ``power`` and
    its allies, the first by name on a tie. ``prefer:A,B``: the first legal space listed,
    else the ``most-friendly`` pick.
    """
    if not candidates:
        return None
    for space in parse_retreat_policy(policy):
        if space in candidates:
            return space
    return max(
        sorted(candidates),
        key=lambda space: friendly_units_in(situation, placement, space, power),
    )

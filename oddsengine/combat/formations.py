"""Which part of a stack acts as one formation (RULES.md §1 and §7; rules 5.1, 15.1, 15.3).

The formation limit binds what **moves** or **assaults**, not what **stands**: any number of
land units may be stacked in a space, besiege it or defend it, but only units that fit in
one formation under the leaders present move together or assault. A besieging stack larger
than one formation keeps its siege with every unit (15.3), while one formation of it
assaults (15.1) and the rest stand by: they do not roll and take no losses.

Which formation acts is the player's choice, made here by a policy (see
:data:`ASSAULT_FORMATION_POLICIES`); its default is :func:`strongest_formation`.
"""

from __future__ import annotations

from oddsengine.combat.forces import UNIT_TYPES, Force, parse_force
from oddsengine.errors import OddsEngineError

__all__ = [
    "ASSAULT_FORMATION_POLICIES",
    "STRONGEST_ORDER",
    "strongest_formation",
    "declared_formation",
    "standing_by",
]

#: Named policies for the formation that assaults: ``strongest`` (the default, see
#: :func:`strongest_formation`). A policy may instead be a declared formation in force
#: notation (e.g. ``"6R Ibrahim"``): a part of the besieging stack that fits one formation.
ASSAULT_FORMATION_POLICIES = ("strongest",)

#: The order in which the strongest formation takes its land units. Regulars and
#: mercenaries each give an assault die (15.1 step 3: one per two against a garrison);
#: cavalry gives none but can absorb a loss. Regulars go before mercenaries because cards
#: take mercenaries away (Mercenaries Bribed #26, Mercenaries Grow Restless #27).
STRONGEST_ORDER = ("regulars", "mercenaries", "cavalry")


def strongest_formation(stack: Force) -> Force:
    """The strongest legal formation of ``stack``.

    Every leader of the stack joins it (a leader never lowers the command capacity, and
    only the best battle rating counts, 5.1); it holds as many land units as the command
    capacity allows (4 without a leader, else the command ratings of the two best
    commanders, RULES.md §1), taken in :data:`STRONGEST_ORDER`. With no card in play
    this maximises the chance that an assault succeeds: it rolls the most dice a
    formation of this stack can roll (15.1 step 3) and can lose as many units as any.
    A stack that fits one formation is returned whole; so is a stack with an anonymous
    leader, whose capacity is unknown.

    Examples
    --------
    >>> strongest_formation(parse_force("14R Ibrahim")).notation()
    'ottoman: 6R Ibrahim Pasha'
    >>> strongest_formation(parse_force("ottoman: 2R 3M 2C")).notation()
    'ottoman: 2R 2M'
    """
    if stack.fits_one_formation:
        return stack
    room = stack.command_capacity
    counts = {}
    for kind in STRONGEST_ORDER:
        counts[kind] = min(getattr(stack, kind), room)
        room -= counts[kind]
    return Force(**counts, leaders=stack.leaders, power=stack.power)


def declared_formation(stack: Force, declared: Force | str, action: str = "assault") -> Force:
    """A formation the player declares out of ``stack``, checked against it.

    Parameters
    ----------
    stack : Force
        Every unit and leader of the power in the space.
    declared : Force or str
        The part that acts, e.g. ``"6R Ibrahim"`` (the stack's power is assumed).
    action : str
        What the formation does, for the messages (``"assault"``).

    Raises
    ------
    OddsEngineError
        If the declared formation is not part of the stack, has no land unit, or does
        not fit one formation.

    Examples
    --------
    >>> declared_formation(parse_force("14R Ibrahim"), "5R Ibrahim").notation()
    'ottoman: 5R Ibrahim Pasha'
    """
    if isinstance(declared, str):
        declared = parse_force(declared, power=stack.power)
    if declared.power is not None and stack.power is not None and declared.power != stack.power:
        raise OddsEngineError(
            f"the formation declared to {action} is {declared.power}; the stack is {stack.power}"
        )
    for kind in UNIT_TYPES:
        if getattr(declared, kind) > getattr(stack, kind):
            raise OddsEngineError(
                f"the formation declared to {action} has {getattr(declared, kind)} {kind}; "
                f"the stack in the space has {getattr(stack, kind)}"
            )
    present = {leader.name for leader in stack.leaders}
    for leader in declared.leaders:
        if leader.name not in present:
            raise OddsEngineError(
                f"{leader.name} is not in the stack ({stack.notation()}): he cannot {action}"
            )
    if declared.land_units == 0:
        raise OddsEngineError(f"the formation declared to {action} has no land units")
    if not declared.fits_one_formation:
        raise OddsEngineError(
            f"the formation declared to {action} ({declared.land_units} land units) exceeds "
            f"one formation: {declared.command_words}; at most {declared.command_capacity} "
            f"of the {stack.land_units} land units in the stack may {action}, the rest stand by"
        )
    names = {leader.name for leader in declared.leaders}
    return Force(
        regulars=declared.regulars,
        mercenaries=declared.mercenaries,
        cavalry=declared.cavalry,
        leaders=tuple(leader for leader in stack.leaders if leader.name in names),
        power=stack.power,
    )


def standing_by(stack: Force, formation: Force) -> Force:
    """The units and leaders of ``stack`` that are not in ``formation``.

    Examples
    --------
    >>> stack = parse_force("14R Ibrahim")
    >>> standing_by(stack, strongest_formation(stack)).notation()
    'ottoman: 8R'
    """
    counts = {kind: getattr(stack, kind) - getattr(formation, kind) for kind in UNIT_TYPES}
    acting = {leader.name for leader in formation.leaders}
    leaders = tuple(leader for leader in stack.leaders if leader.name not in acting)
    return Force(**counts, leaders=leaders, power=stack.power)

"""What a move may do as it is declared (RULES.md §2, §3): the entry rules of 13.1, the
units that may move, which stacks may intercept (13.2, original 001), and the players'
policies in their normal form."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from oddsengine.combat.forces import UNIT_TYPES, Force, parse_force
from oddsengine.combat.formations import strongest_formation
from oddsengine.combat.powers import normalise_power
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves.board import load_board
from oddsengine.moves.situation import Situation

if TYPE_CHECKING:
    from oddsengine.combat.card_types import Card

__all__ = [
    "DEFENDER_POLICIES",
    "InterceptionAttempt",
    "is_part_of",
    "intercepting_formation",
    "normalise_defender_policy",
    "normalise_interception_policy",
    "check_mover",
    "entry_situation",
    "interception_attempts",
    "power_named_by",
    "check_choices_are_used",
    "normalise_avoiding_units",
    "read_move_cards",
    "interception_needed",
]

#: The defenders' response when no interception succeeded (RULES.md §9).
DEFENDER_POLICIES = ("best", "fight", "withdraw", "avoid:<space>", "avoid:<space>+withdraw")


@dataclass(frozen=True)
class InterceptionAttempt:
    """One stack's try to intercept (13.2): its label, power and intercepting force."""

    label: str
    space: str
    power: str
    force: Force


def is_part_of(part: Force, whole: Force) -> bool:
    names = [leader.name for leader in whole.leaders]
    return all(getattr(part, kind) <= getattr(whole, kind) for kind in UNIT_TYPES) and all(
        leader.name in names for leader in part.leaders
    )


def intercepting_formation(stack: Force) -> Force:
    """The strongest formation a stack can intercept with (13.2, RULES.md §1).

    Every leader and as many land units as the command capacity allows (see
    :func:`oddsengine.combat.formations.strongest_formation`); an Ottoman stack with cavalry puts
    one cavalry unit in it, for the +1 of 13.2 step 2 (a cavalry unit rolls a die in a
    field battle like any other).

    Examples
    --------
    >>> intercepting_formation(parse_force("ottoman: 6R 2C")).notation()
    'ottoman: 3R 1C'
    """
    formation = strongest_formation(stack)
    if formation.is_ottoman and stack.cavalry and not formation.cavalry and formation.land_units:
        kind = "mercenaries" if formation.mercenaries else "regulars"
        formation = formation.with_units(**{kind: getattr(formation, kind) - 1, "cavalry": 1})
    return formation


def normalise_defender_policy(policy):
    """A policy string, or per power a tuple of ``(power, policy)`` pairs."""
    if isinstance(policy, dict) or isinstance(policy, (list, tuple)):
        if not policy:
            raise OddsEngineError(
                "defender policy per power: give at least one POWER=POLICY (or a policy for all)"
            )
        items = policy.items() if isinstance(policy, dict) else policy
        pairs = []
        for item in items:
            if not (isinstance(item, (list, tuple)) and len(item) == 2):
                raise OddsEngineError(
                    f"defender policy {shown(policy)}: give one policy per power, e.g. "
                    "{'hapsburg': 'avoid:Linz', 'england': 'fight'}"
                )
            power, choice = item
            choice = normalise_defender_policy(str(choice))
            if choice == "best":
                raise OddsEngineError("defender policy per power: 'best' applies to all powers")
            power = normalise_power(str(power))
            if power in dict(pairs):  # the last would win: say so instead
                raise OddsEngineError(f"the defender policy names {power} twice")
            pairs.append((power, choice))
        return tuple(sorted(pairs))
    if not isinstance(policy, str):
        raise OddsEngineTypeError(f"defender policy must be a string, not {shown(policy)}")
    text = policy.strip()
    if "=" in text:
        # "hapsburg=avoid:Linz, england=fight": one policy per power.
        pairs = []
        for part in text.split(","):
            power, sign, choice = part.partition("=")
            if not sign or not choice.strip():
                raise OddsEngineError(
                    f"defender policy {shown(policy)}: write POWER=POLICY pairs separated by commas"
                )
            pairs.append((power.strip(), choice.strip()))
        return normalise_defender_policy(pairs)
    if text in ("best", "fight", "withdraw"):
        return text
    if text.startswith("avoid:"):
        space, _, fallback = text[len("avoid:") :].partition("+")
        if fallback not in ("", "withdraw"):
            raise OddsEngineError(f"defender policy {shown(policy)}: after '+' only withdraw")
        name = load_board().space(space.strip()).name
        return f"avoid:{name}" + (f"+{fallback}" if fallback else "")
    raise OddsEngineError(
        f"unknown defender policy {shown(policy)}; use one of " + ", ".join(DEFENDER_POLICIES)
    )


def normalise_interception_policy(policy):
    # RULES.md §9: the user chooses which stacks intercept, and with which units.
    if isinstance(policy, str):
        text = policy.strip()
        if text not in ("all", "none"):
            raise OddsEngineError(
                f"unknown interception policy {policy!r}; use all, none, or a table of "
                "spaces and the units that try from each"
            )
        return text
    items = policy.items() if isinstance(policy, dict) else policy
    pairs = isinstance(items, (list, tuple)) and all(
        isinstance(item, (list, tuple)) and len(item) == 2 for item in items
    )
    if not isinstance(policy, dict) and not pairs:
        raise OddsEngineTypeError(
            "interception policy must be all, none, or a table of spaces and the units that "
            f"try from each, not {shown(policy)}"
        )
    board = load_board()
    for space, units in items:
        if not isinstance(space, str) or not isinstance(units, str):
            raise OddsEngineTypeError(
                f"interception policy: a space and its units are text, not {shown(space)} = "
                f"{shown(units)}"
            )
    return tuple(sorted((board.space(space).name, units.strip()) for space, units in items))


def check_mover(stack) -> None:
    """13.1: units that lost a field battle or laid a siege earlier in the impulse stay."""
    # 13.1: units that lost a field battle or laid a siege earlier in the impulse
    # may not move.
    if stack.lost_battle_this_impulse:
        raise OddsEngineError(
            f"the {stack.power} units in {stack.space} lost a field battle earlier in "
            "this impulse and may not move (13.1)"
        )
    if stack.laid_siege_this_impulse:
        raise OddsEngineError(
            f"the {stack.power} units in {stack.space} laid a siege earlier in this "
            "impulse and may not move (13.1)"
        )


def entry_situation(situation: Situation, power: str, destination: str) -> Situation:
    """The situation as the move's rules read it (13.1).

    Entering an enemy-controlled space whose units all belong to that enemy or its
    allies makes those powers enemies of the mover for this move (and their adjacent
    units may intercept). Every other entry the rules forbid is refused here.
    """
    controller = situation.controller(destination)
    if controller not in (power, "independent") and not (
        situation.at_war(controller, power) or situation.allied(controller, power)
    ):
        raise OddsEngineError(
            f"{destination} is controlled by {controller}, which is not at war with "
            f"{power} nor allied to it: {power} may not move there (13.1)"
        )
    there = [
        stack
        for stack in situation.stacks_in(destination)
        if stack.force.land_units > 0 or stack.force.leaders
    ]
    others = [stack for stack in there if stack.power != power]
    if not others:
        return situation
    if any(stack.besieged for stack in there):
        garrison = [stack for stack in there if stack.besieged]
        besiegers = [stack for stack in there if not stack.besieged]

        def all_allied(stacks):
            return all(situation.allied(stack.power, power) for stack in stacks)

        def all_enemy(stacks):
            return all(situation.at_war(stack.power, power) for stack in stacks)

        if (all_allied(garrison) and all_enemy(besiegers)) or (
            all_enemy(garrison) and all_allied(besiegers)
        ):
            return situation
        raise OddsEngineError(
            f"{destination} is besieged; {power} may enter it only when one side (the "
            f"garrison or the besiegers) is all allied to {power} and the other all at "
            "war with it (13.1)"
        )
    if all(situation.at_war(stack.power, power) for stack in others):
        return situation
    if all(situation.allied(stack.power, power) for stack in others):
        return situation
    if situation.at_war(controller, power) and all(
        situation.allied(stack.power, controller) for stack in others
    ):
        # 13.1: the units of the enemy controlling the space and of its allies all
        # count as enemies.
        extra = sorted(
            {stack.power for stack in others if not situation.at_war(stack.power, power)}
        )
        if any(situation.allied(other, power) for other in extra):
            raise OddsEngineError(
                f"{destination} holds units of {', '.join(extra)}, allied both to "
                f"{power} and to {controller}: the move is not allowed (13.1)"
            )
        wars = situation.wars + tuple((power, other) for other in extra)
        return replace(situation, wars=wars)
    powers = ", ".join(sorted({stack.power for stack in others}))
    raise OddsEngineError(
        f"{destination} holds units of {powers}: {power} may enter a space with units of "
        "other powers only if all are its enemies, all its allies, or the space is "
        "controlled by an enemy whose allies own the rest (13.1)"
    )


def interception_attempts(move, policy=None) -> tuple[InterceptionAttempt, ...]:
    """Every eligible interception, in the order they are resolved (13.2, original 001),
    under the move's interception policy, or under ``policy`` when given (``"all"``: every
    stack that may try).

    Examples
    --------
    >>> from oddsengine.moves.situation import Situation, Stack
    >>> situation = Situation(
    ...     [Stack("Pressburg", "ottoman: 4R"), Stack("Graz", "hapsburg: 3R")],
    ...     wars=[("ottoman", "hapsburg")],
    ... )
    >>> from oddsengine.moves.move import Move
    >>> move = Move(situation, "Pressburg", "Vienna")
    >>> [attempt.label for attempt in move.interception_attempts]
    ['hapsburg@Graz']
    """
    situation, board = move.effective_situation, load_board()
    destination = board.space(move.destination)
    controller = situation.controller(destination.name)
    besieged_inside = situation.stacks_in(destination.name, besieged=True)
    under_siege = bool(besieged_inside)
    policy = move.interception_policy if policy is None else policy
    if policy == "none":
        return ()
    if under_siege:
        # 13.2 (original 001): nobody may intercept into a space whose units were
        # besieged when the move began: a relief force included.
        return ()
    # 13.2 (original 001): no interception of a move into the mover's own fortified
    # space that is not under siege (RULES.md §3: its own, not an ally's).
    if destination.is_fortified and controller == move.power and not under_siege:
        return ()
    holders = [
        stack for stack in situation.stacks_in(destination.name) if stack.force.land_units > 0
    ]
    chosen = None
    if isinstance(policy, tuple):
        chosen = dict(policy)
    attempts = []
    for stack in situation.stacks:
        if (
            stack.besieged
            or stack.intercepted_this_impulse
            or stack.force.land_units == 0
            or not situation.at_war(stack.power, move.power)
            # 13.2: adjacent, and not across a pass.
            or board.connection(stack.space, destination.name) != "normal"
        ):
            continue
        if holders and not any(
            not holder.besieged and situation.allied(holder.power, stack.power)
            for holder in holders
        ):
            # Only the power of the units in the destination (or its ally) may
            # intercept, and nobody if those units are besieged.
            continue
        if not (
            situation.allied(controller, stack.power) or situation.at_war(controller, stack.power)
        ):
            continue  # not into a space of a power neither enemy nor ally
        if chosen is not None and stack.space not in chosen:
            continue
        # 13.2 / 5.1: the intercepting force must move as one formation; "all" sends
        # the strongest one the stack can form (the rest stays behind).
        force = intercepting_formation(stack.force)
        if chosen is not None and chosen[stack.space] != "all":
            force = parse_force(chosen[stack.space], power=stack.power)
            if force.power != stack.power:
                continue  # the policy names the force of another power in this space
            if not is_part_of(force, stack.force):
                raise OddsEngineError(
                    f"interception from {stack.space}: {force.notation()} is not part of "
                    f"the stack there ({stack.force.notation()})"
                )
            if force.land_units == 0 and not any(
                situation.allied(holder.power, stack.power) for holder in holders
            ):
                # 13.2 step 5: the interceptors fight the field battle in the destination;
                # leaders alone may only join land units of their side already there.
                raise OddsEngineError(
                    f"interception from {stack.space}: {force.notation()} brings no land "
                    f"units, and none of its side hold {destination.name} to fight with"
                )
        force.check_formation(f"interceptor in {stack.space}")
        attempts.append(InterceptionAttempt(stack.label, stack.space, stack.power, force))
    if chosen is not None:
        for space in chosen:
            if space not in {attempt.space for attempt in attempts}:
                raise OddsEngineError(
                    f"interception policy names {space}, but no stack there may intercept "
                    f"this move into {destination.name}"
                )
    attempts.sort(key=lambda attempt: (situation.impulse_rank(attempt.power), attempt.space))
    # 13.2 step 4 (original 001): no second attempt from a space already chosen, by any
    # power; with stacks of several powers there, the first in impulse order tries.
    first_per_space = {}
    for attempt in attempts:
        first_per_space.setdefault(attempt.space, attempt)
    return tuple(attempt for attempt in attempts if first_per_space[attempt.space] is attempt)


def power_named_by(units) -> str | None:
    """The power a moving force names (``"hapsburg: 4R"``, or a Force's power), if any."""
    if isinstance(units, Force):
        return units.power
    if isinstance(units, str) and ":" in units:
        return parse_force(units).power
    return None


def _policy_text(policy) -> str:
    """A defender policy as the user writes it: ``'fight'`` or ``'hapsburg=fight, ...'``."""
    if isinstance(policy, str):
        return repr(policy)
    return repr(", ".join(f"{power}={choice}" for power, choice in policy))


def check_choices_are_used(move) -> None:
    """Refuse a choice the defenders' policy would ignore: a horizon judges only the
    best policy and the best ``leaders_inside`` choice, and avoiding units matter only
    to a power that may avoid (13.3)."""
    policy = move.defender_policy
    judged = policy == "best" or move.leaders_inside == "best"
    if move.defender_horizon is not None and not judged:
        raise OddsEngineError(
            "defender_horizon judges the 'best' defender policy and the 'best' "
            f"leaders_inside choice only; here the policy is {_policy_text(policy)} and "
            f"leaders_inside is {move.leaders_inside!r}"
        )
    for power, _ in move.avoiding_units or ():
        choice = policy if isinstance(policy, str) else dict(policy).get(power, "fight")
        if choice != "best" and not choice.startswith("avoid:"):
            raise OddsEngineError(
                f"avoiding units of {power} are given, but its policy {choice!r} never "
                "avoids battle (13.3)"
            )


def normalise_avoiding_units(move):
    """The units that try to avoid battle (13.3), as ``((power, force), ...)`` sorted by
    power, or None (every defender tries); refuse units that are not among the defenders."""
    chosen = move.avoiding_units
    if chosen is None:
        return None
    stacks = {stack.power: stack for stack in move.defending_stacks}
    if isinstance(chosen, str) and "=" in chosen:  # "hapsburg=2R Ferdinand, england=1R"
        chosen = _forces_by_power(chosen)
    if isinstance(chosen, (str, Force)):
        if len(stacks) != 1:
            raise OddsEngineError("avoiding units: several powers defend; give a force per power")
        chosen = {next(iter(stacks)): chosen}
    if isinstance(chosen, dict) and not chosen:
        raise OddsEngineError("avoiding units: give a force per power, or leave them out")
    if not isinstance(chosen, dict):
        raise OddsEngineTypeError(
            f"avoiding units must be a force or a mapping, not {shown(chosen)}"
        )
    pairs = []
    for power, force in chosen.items():
        power = normalise_power(str(power))
        if power not in stacks:
            raise OddsEngineError(
                f"avoiding units: {power} has no units defending {move.destination}"
            )
        if isinstance(force, str):
            force = parse_force(force, power=power)
        if not isinstance(force, Force):
            raise OddsEngineTypeError(f"avoiding units must be forces, not {shown(force)}")
        if force.power is None:
            force = replace(force, power=power)
        if force.power != power or not is_part_of(force, stacks[power].force):
            raise OddsEngineError(
                f"avoiding units {force.notation()} are not part of the {power} stack in "
                f"{move.destination} ({stacks[power].force.notation()})"
            )
        if force.land_units == 0:
            raise OddsEngineError(
                "avoiding units: a leader alone may not avoid battle (13.3); name land "
                "units that leave with him"
            )
        pairs.append((power, force))
    return tuple(sorted(pairs, key=lambda pair: pair[0]))


def _forces_by_power(text: str) -> dict[str, str]:
    """``"hapsburg=2R Ferdinand, england=1R"`` as ``{"hapsburg": "2R Ferdinand", ...}``:
    the avoiding units of several defending powers, written as the faces give them."""
    pairs = {}
    for part in text.split(","):
        power, _, force = part.partition("=")
        if not power.strip() or not force.strip():
            raise OddsEngineError(
                f"avoiding units {text!r}: write FORCE, or POWER=FORCE pairs separated by commas"
            )
        if power.strip().lower() in {name.lower() for name in pairs}:
            raise OddsEngineError(f"avoiding units name {power.strip()} twice")
        pairs[power.strip()] = force.strip()
    return pairs


def read_move_cards(name: str, cards) -> tuple[Card, ...]:
    """The combat cards ``name`` (``attacker_cards`` or ``defender_cards``) of a move, read;
    a card that stops the move before it starts is refused (its record's ``in_move``).

    Examples
    --------
    >>> [card.slug for card in read_move_cards("attacker_cards", "janissaries")]
    ['janissaries']
    """
    if type(cards) is tuple and not cards:
        return cards  # no card: nothing to read, and the deck's records are not loaded
    from oddsengine.combat.cards import Card, card_rule, find_card

    if isinstance(cards, (str, int, Card)):
        cards = [cards] if not isinstance(cards, str) else cards.split(",")
    if not isinstance(cards, (list, tuple)):
        raise OddsEngineTypeError(f"{name} must be a list of cards, not {shown(cards)}")
    cards = tuple(find_card(card) for card in cards if not isinstance(card, str) or card.strip())
    for card in cards:
        if not card_rule(card).in_move:
            raise OddsEngineError(
                f"{card} stops a move before it starts: leave the move out instead"
            )
    return cards


def interception_needed(interceptor: Force, mover: Force) -> int:
    """The 2d6 roll ``interceptor`` needs to intercept ``mover`` (13.2), for the texts.

    Examples
    --------
    >>> from oddsengine.combat.forces import parse_force
    >>> interception_needed(parse_force("hapsburg: 8R Charles V"), parse_force("7R 1C Ibrahim"))
    8
    """
    from oddsengine.combat.rolls import Interception

    return Interception(interceptor, mover).needed

"""How allied major powers defend together (RULES.md §6, 14 step 9): their forces, read
(:func:`as_allies`), checked (:func:`check_allies`) and counted as one for the dice
(:func:`combined_force`), and how they share their losses (:func:`share_losses`, each
power's survivors: :func:`split_between_allies`).

"Allied major powers defending together split losses evenly; the odd loss is assigned by
a die roll." The die here puts the powers in an order (:func:`odd_loss_orders`), every
order equally likely; :func:`share_losses` deals the losses in that order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES, Force, as_force
from oddsengine.combat.leaders import anonymous_leader
from oddsengine.combat.powers import MAJOR_POWERS
from oddsengine.errors import OddsEngineError

__all__ = [
    "as_allies",
    "check_allies",
    "combined_force",
    "odd_loss_orders",
    "share_losses",
    "split_between_allies",
    "split_losses",
]


def combined_force(main: Force, ally: Force) -> Force:
    """One force holding the units of two allied powers, for counting dice: their best
    battle rating as one anonymous leader (5.1, only the best counts).

    Examples
    --------
    >>> from oddsengine.combat.forces import parse_force
    >>> both = combined_force(parse_force("hapsburg: 2R Ferdinand"), parse_force("england: 1R"))
    >>> both.notation()
    'hapsburg: 3R L1'
    """
    leaders = main.leaders + ally.leaders
    best = max((leader.battle_rating for leader in leaders), default=None)
    cavalry = main.cavalry + ally.cavalry
    return Force(
        regulars=main.regulars + ally.regulars,
        mercenaries=main.mercenaries + ally.mercenaries,
        cavalry=cavalry,
        leaders=() if best is None else (anonymous_leader(best),),
        power="ottoman" if cavalry else main.power,
    )


def as_allies(value) -> tuple[Force, ...]:
    """``defender_ally`` as a tuple of forces: none, one force, or several.

    Examples
    --------
    >>> [force.notation() for force in as_allies("england: 1R")]
    ['england: 1R']
    >>> as_allies(None)
    ()
    """
    if value is None:
        return ()
    if isinstance(value, (Force, str)):
        return (as_force(value, "ally"),)
    if isinstance(value, (tuple, list)):
        return tuple(as_force(force, "ally") for force in value)
    return (as_force(value, "ally"),)


def check_allies(attacker: Force, defender: Force, allies: tuple[Force, ...]) -> None:
    """Refuse allies that cannot defend together (14 step 9): each side a major power,
    one force per power, none of them the attacking power.

    Examples
    --------
    >>> from oddsengine.combat.forces import parse_force
    >>> check_allies(parse_force("4R"), parse_force("france: 2R"), as_allies("france: 1R"))
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: the ally is france too: give one force per power
    """
    labelled = [("defender", defender)] + [("defender_ally", ally) for ally in allies]
    for label, force in labelled:
        if force.power not in MAJOR_POWERS:
            raise OddsEngineError(
                f"{label}: allied defenders must each name a major power "
                f"(e.g. 'france: 2R'), not {force.power or 'no power'}"
            )
    seen = {defender.power}
    for ally in allies:
        if ally.power in seen:
            raise OddsEngineError(f"the ally is {ally.power} too: give one force per power")
        if ally.power == attacker.power:
            raise OddsEngineError(f"the ally ({ally.power}) is the attacking power")
        seen.add(ally.power)


@lru_cache(maxsize=8)
def odd_loss_orders(powers: int) -> np.ndarray:
    """The orders the odd-loss die (14 step 9) may deal losses to ``powers`` allied powers
    in: every permutation, equally likely, row ``i`` the order of die face ``i``.

    Examples
    --------
    >>> odd_loss_orders(2).tolist()
    [[0, 1], [1, 0]]
    >>> odd_loss_orders(3).shape
    (6, 3)
    """
    orders = np.array(list(permutations(range(powers))), dtype=np.int64).reshape(-1, powers)
    orders.setflags(write=False)
    return orders


def share_losses(losses, units, order) -> tuple:
    """14 step 9: allied powers defending together split their losses evenly; the odd
    losses go, one to a power, to the powers the die roll picks. Works elementwise on
    arrays of ``losses`` and ``order``.

    The losses are dealt one at a time in the die's ``order`` (a row of
    :func:`odd_loss_orders`), round after round, to the powers that still have land units:
    each power takes ``losses // powers``, the odd ones go to the first powers of the order
    (so with three powers and one or two odd losses, each to a different power, chosen
    uniformly), and a power with no unit left passes the rest of its share on to the
    next ones in the order.

    Parameters
    ----------
    losses : int or ndarray
        Land units the defending side loses.
    units : sequence of int
        Each allied power's land units, in the order of the spec (main defender first).
    order : int or ndarray
        The face of the odd-loss die: an index into ``odd_loss_orders(len(units))``.

    Returns
    -------
    tuple
        Each power's losses (ints, or arrays shaped like ``losses``).

    Examples
    --------
    >>> share_losses(4, (2, 2, 2), 0)
    (2, 1, 1)
    >>> share_losses(5, (1, 3, 3), 5)
    (1, 2, 2)
    """
    losses = np.asarray(losses)
    scalar = losses.ndim == 0
    left = np.atleast_1d(losses).astype(np.int64).copy()
    units = np.asarray(units, dtype=np.int64)
    left = np.minimum(left, units.sum())
    orders = odd_loss_orders(units.size)[np.broadcast_to(np.asarray(order), left.shape)]
    taken = np.zeros((left.size, units.size), dtype=np.int64)
    cells = np.arange(left.size)
    while left.any():
        for position in range(units.size):
            power = orders[:, position]
            takes = (left > 0) & (taken[cells, power] < units[power])
            taken[cells[takes], power[takes]] += 1
            left -= takes
    if scalar:
        return tuple(int(value) for value in taken[0])
    return tuple(taken[:, index].reshape(losses.shape) for index in range(units.size))


def split_losses(losses, main_units, ally_units, odd_loss_to_ally):
    """:func:`share_losses` for two allied powers: the odd loss goes to the ally when
    ``odd_loss_to_ally``; a power that runs out of units passes the rest to the other.
    Works elementwise on arrays.

    Examples
    --------
    >>> split_losses(3, 4, 4, odd_loss_to_ally=True)
    (1, 2)
    >>> split_losses(5, 1, 6, odd_loss_to_ally=False)
    (1, 4)
    """
    order = np.asarray(odd_loss_to_ally).astype(np.int64)
    return share_losses(losses, (main_units, ally_units), order)


def split_between_allies(columns: dict, forces: tuple, order, odd_loss_order) -> None:
    """Add each allied power's survivors to a combat's state ``columns`` and replace the
    defender's make-up by the sum of theirs (14 step 9).

    Parameters
    ----------
    columns : dict of str to ndarray
        The states: ``defender_survivors`` read, ``{power}_survivors`` and
        ``defender_{unit type}`` written.
    forces : tuple of Force
        The main defending power's force (after the cards before the roll), then its allies.
    order : str
        The defender's casualty order.
    odd_loss_order : ndarray
        The face of the odd-loss die of each state (:func:`share_losses`).
    """
    units = tuple(force.land_units for force in forces)
    losses = sum(units) - columns["defender_survivors"]
    lost_by_power = share_losses(losses, units, odd_loss_order)
    totals = {kind: 0 for kind in UNIT_TYPES}
    for force, lost in zip(forces, lost_by_power, strict=True):
        table = np.array(force.units_after_each_loss(order)).reshape(-1, len(UNIT_TYPES))
        rows = table[np.asarray(lost)]
        columns[f"{force.power}_survivors"] = force.land_units - np.asarray(lost)
        for index, kind in enumerate(UNIT_TYPES):
            totals[kind] = totals[kind] + rows[:, index]
    for kind in UNIT_TYPES:
        columns[f"defender_{kind}"] = totals[kind]

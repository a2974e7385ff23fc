"""The dice of a field battle or an assault, from prepared sides to outcomes.

Field battles (rule 14) and assaults (15.1) share their mechanics: each side rolls dice
that hit on 5-6 (some card dice on 4-6 or 3-6), a side may fire first (Surprise Attack),
dice may be added after both rolls are seen (Janissaries, Siege Artillery), and each hit
kills one land unit. They differ in how dice are counted and in who has won; those parts
come from the spec as a :class:`CombatSide` per side and a ``mode``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from oddsengine.combat.battle import (
    SIDES,
    PostRollCard,
    attacker_wins_on_hits,
    resolve_battle,
)
from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.draws import DrawPlan, binomial_pmf, convolve
from oddsengine.kept import Kept

__all__ = [
    "CombatSide",
    "StackedSide",
    "combat_plan",
    "hits_pmf",
    "resolve_combat",
    "resolve_hits",
    "survivor_columns",
]

#: The distribution a side rolls when no unit is left to roll (29: the answer to a
#: Surprise Attack that killed every unit).
_NO_DICE = np.ones(1)
_NO_DICE.setflags(write=False)


@lru_cache(maxsize=4096)
def hits_pmf(dice: int, bonus_dice: int = 0, bonus_chance: float = 0.5) -> np.ndarray:
    """Distribution of a side's hits: ``dice`` dice hitting on 5-6 and ``bonus_dice``
    hitting with ``bonus_chance`` (Tercios), before any post-roll card.

    Computed once per combination and shared (read-only) by every combat that rolls it.

    Examples
    --------
    >>> (hits_pmf(1, 1, 0.5) * 6).round(6).tolist()
    [2.0, 3.0, 1.0]
    """
    pmf = convolve(binomial_pmf(dice), binomial_pmf(bonus_dice, bonus_chance))
    pmf.setflags(write=False)
    return pmf


@dataclass(frozen=True, eq=False)
class CombatSide:
    """One side of a combat after every change made before the roll.

    Parameters
    ----------
    force : Force
        The units and leaders that fight (after Landsknechts, bribes, Gout...).
    casualty_order : tuple of str
    dice_after_losses : tuple of int
        Dice hitting on 5-6 the side rolls when it has already lost ``L`` land units
        before rolling, for ``L`` in 0..land units. Only Surprise Attack makes ``L > 0``.
    bonus_dice, bonus_chance : int, float
        Extra dice that hit with another chance before the roll (Tercios: 3 at 1/2).
    post_roll_dice, post_roll_chance : int, float
        Dice added after seeing both rolls (Janissaries: 5 at 1/3; Siege Artillery: 2
        at 2/3); 0 without such a card.
    post_roll_policy : str
        ``always`` or ``if-it-changes-the-outcome``.
    """

    force: Force
    casualty_order: tuple[str, ...]
    dice_after_losses: tuple[int, ...]
    bonus_dice: int = 0
    bonus_chance: float = 0.5
    post_roll_dice: int = 0
    post_roll_chance: float = 1.0 / 3.0
    post_roll_policy: str = "if-it-changes-the-outcome"

    @property
    def land_units(self) -> int:
        return self.force.land_units

    def hits_pmf(self, losses_before_rolling: int = 0) -> np.ndarray:
        """Distribution of the side's hits before any post-roll card."""
        units_left = self.land_units - losses_before_rolling
        if losses_before_rolling > 0 and units_left <= 0:
            return _NO_DICE  # 29: nothing to roll if none survive the first fire.
        return hits_pmf(
            self.dice_after_losses[losses_before_rolling], self.bonus_dice, self.bonus_chance
        )

    def dice_rolled(self, losses_before_rolling: np.ndarray) -> np.ndarray:
        """Dice rolled before the post-roll card, per cell."""
        dice = np.array(self.dice_after_losses) + self.bonus_dice
        rolled = dice[losses_before_rolling]
        return np.where(
            (losses_before_rolling > 0) & (losses_before_rolling >= self.land_units), 0, rolled
        )

    @property
    def dice_before_losses(self) -> int:
        """Dice rolled before the post-roll card when no unit was lost before rolling (no
        Surprise Attack): :meth:`dice_rolled` of no losses, for every cell."""
        return self.dice_after_losses[0] + self.bonus_dice

    def post_roll_pmf(self) -> np.ndarray:
        return binomial_pmf(self.post_roll_dice, self.post_roll_chance)

    @property
    def draw_key(self) -> tuple:
        """What decides the side's dice draws: its dice after each number of losses
        before rolling, the bonus dice and the post-roll dice."""
        return (
            self.dice_after_losses,
            self.bonus_dice,
            self.bonus_chance,
            self.post_roll_dice,
            self.post_roll_chance,
        )

    @property
    def has_leaders(self) -> bool:
        """Whether the side has a leader (whose fate the outcome reports)."""
        return bool(self.force.leaders)

    def composition_table(self) -> np.ndarray:
        """Units of each type of :data:`UNIT_TYPES` left after 0..land units losses, one
        row per number of losses (read-only, shared)."""
        units = tuple(getattr(self.force, kind) for kind in UNIT_TYPES)
        return _composition_table(units, self.casualty_order)

    def composition_after(self, survivors: np.ndarray) -> dict[str, np.ndarray]:
        """Regulars, mercenaries and cavalry left for each number of survivors (a whole
        number or an array of them)."""
        force = self.force
        by_survivors = _composition_by_survivors(
            (force.regulars, force.mercenaries, force.cavalry), self.casualty_order
        )
        # take, not [...]: the same values, without the cost of indexing a table per call;
        # one row per unit type, read at every survivors' count at once.
        return dict(zip(UNIT_TYPES, by_survivors.take(survivors, axis=1), strict=True))


@dataclass(frozen=True, eq=False)
class StackedSide:
    """One side of many combats at once, for :func:`resolve_combat` over a stack.

    The combats share their kind, their cards and the policies; they differ in counts
    and ratings. ``row`` tells which combat each cell belongs to, in one of two layouts:

    - a padded grid: ``row`` has shape ``(combats, 1)`` and the cell values shape
      ``(1, cells)``; every value read per cell has shape ``(combats, cells)``;
    - cells laid end to end: each combat's own cells one after the other, ``row`` and
      the cell values of shape ``(cells,)``.

    Each value a :class:`CombatSide` holds for its combat is read here for the combat of
    each cell, so the rules that resolve one combat resolve the stack unchanged.

    Parameters
    ----------
    row : int array
        The combat of each cell (see above).
    land_units_of_combat : int array, shape (combats,)
    dice_table : int array, shape (combats, most land units + 1)
        Dice rolled before any post-roll card after ``L`` losses, bonus dice included
        (row ``c`` is ``dice_after_losses + bonus_dice`` of combat ``c``, padded).
    post_roll_dice : int
    post_roll_policy : str
    composition_table : int array, shape (combats, most land units + 1, 3)
        Units of each type of :data:`UNIT_TYPES` left after ``L`` losses.
    leaders_of_combat : bool array, shape (combats,)
        Whether the side has a leader.
    """

    row: np.ndarray
    land_units_of_combat: np.ndarray
    dice_table: np.ndarray
    post_roll_dice: int
    post_roll_policy: str
    composition_table: np.ndarray
    leaders_of_combat: np.ndarray

    @classmethod
    def stack(cls, sides, row: np.ndarray) -> StackedSide:
        """Stack :class:`CombatSide` objects that share their post-roll card and policy;
        ``row`` gives the combat of each cell (see above)."""
        post_roll = {(side.post_roll_dice, side.post_roll_policy) for side in sides}
        if len(post_roll) != 1:
            raise ValueError("stacked sides must share their post-roll card and policy")
        count = len(sides)
        land_units = np.fromiter((side.land_units for side in sides), np.int32, count)
        # Row c holds combat c's values for 0..its land units losses, then zeros.
        widths = land_units + 1
        own = np.arange(widths.max())[None, :] < widths[:, None]
        dice = np.fromiter(
            itertools.chain.from_iterable(side.dice_after_losses for side in sides),
            np.int32,
            int(widths.sum()),
        )
        bonus_dice = np.fromiter((side.bonus_dice for side in sides), np.int32, count)
        dice_table = np.zeros(own.shape, dtype=np.int32)
        dice_table[own] = dice + np.repeat(bonus_dice, widths)
        composition = np.zeros((*own.shape, len(UNIT_TYPES)), dtype=np.int64)
        composition[own] = np.concatenate([side.composition_table() for side in sides])
        leaders = np.fromiter((side.has_leaders for side in sides), bool, count)
        ((post_roll_dice, post_roll_policy),) = post_roll
        return cls(
            row, land_units, dice_table, post_roll_dice, post_roll_policy, composition, leaders
        )

    @property
    def land_units(self) -> np.ndarray:
        """The land units of each cell's combat."""
        return self.land_units_of_combat[self.row]

    @property
    def has_leaders(self) -> np.ndarray:
        """Whether each cell's combat has a leader on this side."""
        return self.leaders_of_combat[self.row]

    @property
    def dice_before_losses(self) -> np.ndarray:
        """As :attr:`CombatSide.dice_before_losses`, for the combat of each cell."""
        return self.dice_table[self.row, 0]

    def dice_rolled(self, losses_before_rolling: np.ndarray) -> np.ndarray:
        """As :meth:`CombatSide.dice_rolled`, for the combat of each cell."""
        if not losses_before_rolling.any():
            return self.dice_table[self.row, 0]  # no losses before rolling
        rolled = self.dice_table[self.row, losses_before_rolling]
        return np.where(
            (losses_before_rolling > 0) & (losses_before_rolling >= self.land_units), 0, rolled
        )

    def composition_after(self, survivors: np.ndarray) -> dict[str, np.ndarray]:
        """As :meth:`CombatSide.composition_after`, for the combat of each cell."""
        rows = self.composition_table[self.row, self.land_units - survivors]
        return {kind: rows[..., index] for index, kind in enumerate(UNIT_TYPES)}


@lru_cache(maxsize=4096)
def _composition_table(units: tuple[int, ...], casualty_order: tuple[str, ...]) -> np.ndarray:
    """Units of each type (:data:`UNIT_TYPES`) left after 0..land units losses, one row
    per number of losses; shared by every side with these units and this order."""
    force = Force(**dict(zip(UNIT_TYPES, units, strict=True)))
    table = np.array(force.units_after_each_loss(casualty_order)).reshape(-1, len(UNIT_TYPES))
    table.setflags(write=False)
    return table


@lru_cache(maxsize=4096)
def _composition_by_survivors(
    units: tuple[int, ...], casualty_order: tuple[str, ...]
) -> np.ndarray:
    """:func:`_composition_table` turned about: one row per unit type
    (:data:`UNIT_TYPES`), one column per number of survivors (0..land units)."""
    table = np.ascontiguousarray(_composition_table(units, casualty_order)[::-1].T)
    table.setflags(write=False)
    return table


def combat_plan(attacker: CombatSide, defender: CombatSide, first_to_fire: str | None):
    """The :class:`DrawPlan` of a combat.

    Combats whose sides roll the same dice share one plan (read-only): a sweep or a
    search asks for the same few plans thousands of times.

    Parameters
    ----------
    first_to_fire : {None, "attacker", "defender"}
        None when both sides roll at once; otherwise the player of Surprise Attack (29),
        whose hits are applied before the other side counts its dice.
    """
    key = (attacker.draw_key, defender.draw_key, first_to_fire)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.keep(key, _new_combat_plan(attacker, defender, first_to_fire))
    return plan


#: The plans built so far, by what decides them (:attr:`CombatSide.draw_key`).
_PLANS: Kept = Kept(4096)


def _new_combat_plan(attacker: CombatSide, defender: CombatSide, first_to_fire):
    """The draw plan of :func:`combat_plan`, built (its arrays read-only: it is shared)."""
    if first_to_fire is None:
        first, second = attacker.hits_pmf(), defender.hits_pmf()[None, :]
    else:
        firing, answering = (
            (attacker, defender) if first_to_fire == "attacker" else (defender, attacker)
        )
        first = firing.hits_pmf()
        rows = [answering.hits_pmf(losses) for losses in range(answering.land_units + 1)]
        width = max(row.size for row in rows)
        second = np.zeros((len(rows), width))
        for index, row in enumerate(rows):
            second[index, : row.size] = row
        second.setflags(write=False)
    return DrawPlan(first, second, attacker.post_roll_pmf(), defender.post_roll_pmf())


def _attacker_prevails(mode, attacker, defender):
    """The test of the attacker winning (battle) or taking the space (assault) on hits."""
    if mode == "battle":
        return attacker_wins_on_hits  # 14 step 8: ties go to the defender.

    def takes_the_space(attacker_hits, defender_hits, post_dice=(0, 0)):
        # 15.1 success: at least one hit, no defender left, at least one attacker left.
        return (
            (attacker_hits >= 1)
            & (attacker_hits >= defender.land_units)
            & (defender_hits < attacker.land_units)
        )

    return takes_the_space


def resolve_combat(values, attacker: CombatSide, defender: CombatSide, mode, first_to_fire):
    """Turn every cell of a combat's plan into its outcome.

    Parameters
    ----------
    values : tuple of four int arrays, one entry per cell
        The plan's ``first``, ``second``, ``attacker_extra`` and ``defender_extra``.
    mode : {"battle", "assault"}

    Returns
    -------
    dict of str to ndarray
        Columns describing each cell's outcome: hits, survivors by type, and flags.
    """
    columns = resolve_hits(values, attacker, defender, mode, first_to_fire)
    for side_name, side in (("attacker", attacker), ("defender", defender)):
        survivors = columns[f"{side_name}_survivors"]
        for kind, counts in side.composition_after(survivors).items():
            columns[f"{side_name}_{kind}"] = counts
    return columns


def resolve_hits(values, attacker, defender, mode, first_to_fire):
    """Hits, survivors, the winner and the post-roll decisions of every cell.

    The part of :func:`resolve_combat` that does not look at unit types: the land
    parameters of :func:`~oddsengine.combat.battle.resolve_battle` (one land unit a hit;
    both sides may be wiped out in an assault only). ``attacker`` and ``defender`` are
    :class:`CombatSide` objects, or :class:`StackedSide` objects whose values have one row
    per combat of a grid; the cell values then broadcast against them (shape
    ``(1, cells)``) and every column has shape ``(combats, cells)``.
    """
    first, second, attacker_extra, defender_extra = values
    if first_to_fire == "defender":
        defender_hits, attacker_hits = first, second
    else:
        attacker_hits, defender_hits = first, second

    # Dice each side rolled before the post-roll cards (for the both-wiped-out rule).
    if first_to_fire is None:
        dice = (attacker.dice_before_losses, defender.dice_before_losses)
    else:
        zero = np.zeros_like(first)
        attacker_losses_first = (
            np.minimum(defender_hits, attacker.land_units) if first_to_fire == "defender" else zero
        )
        defender_losses_first = (
            np.minimum(attacker_hits, defender.land_units) if first_to_fire == "attacker" else zero
        )
        dice = (
            attacker.dice_rolled(attacker_losses_first),
            defender.dice_rolled(defender_losses_first),
        )
    sides = (attacker, defender)
    land_units = (attacker.land_units, defender.land_units)  # read once: a stack's are arrays

    def units_left(role, hits_against, loses):
        # 14 step 9 / 15.1 step 9: each hit eliminates one land unit of the other side.
        units = land_units[role == "defender"]
        survivors = units - np.minimum(hits_against, units)
        return survivors, survivors == 0

    prevails = _attacker_prevails(mode, attacker, defender)
    cards = tuple(
        (PostRollCard(side.post_roll_dice, side.post_roll_policy),) if side.post_roll_dice else ()
        for side in sides
    )

    def keep_one(role, survivors, keeps):
        # 14 step 9: the side that keeps a unit of a both-wiped-out battle has one left,
        # where it had one to keep (the Papacy without regulars in the Sack of Rome,
        # RULES.md §28.8, keeps none).
        return survivors + (keeps & (land_units[role == "defender"] > 0))

    battle = resolve_battle(
        (attacker_hits, defender_hits),
        (attacker_extra, defender_extra),
        cards,
        dice,
        units_left,
        keep_one=keep_one if mode == "battle" else None,  # 15.1: none in an assault
        goal=prevails,
        prevails=prevails,
    )
    spent = {role: np.zeros(first.shape, dtype=bool) for role in SIDES}
    for role, _card, played in battle["spent"]:
        spent[role] = played
    return {
        "attacker_hits": battle["hits"][0],
        "defender_hits": battle["hits"][1],
        "attacker_prevails": battle["attacker_prevails"],
        "attacker_survivors": battle["left"][0],
        "defender_survivors": battle["left"][1],
        "attacker_spent_post_roll": spent["attacker"],
        "defender_spent_post_roll": spent["defender"],
    }


def survivor_columns(columns) -> dict[str, np.ndarray]:
    """The survivor columns of a combat, in their fixed order."""
    keys = [
        "attacker_survivors",
        "defender_survivors",
        "attacker_regulars",
        "attacker_mercenaries",
        "attacker_cavalry",
        "defender_regulars",
        "defender_mercenaries",
        "defender_cavalry",
    ]
    keys += [key for key in columns if key.endswith("_survivors") and key not in keys]
    return {key: np.asarray(columns[key]) for key in keys}

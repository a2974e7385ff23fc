"""The naive NumPy baseline the kernel is measured against.

Every trial rolls every die with ``rng.integers(1, 7, size=(n, dice))``, compares it with
the number it needs to hit, sums the hits per side and counts ``(first, second)`` pairs in
a histogram, exactly the cells :func:`oddsengine.engines._kernels.count_cells` counts. Trials run
in chunks so that memory stays bounded whatever the number of trials.

A :class:`DiceRecipe` describes what one trial rolls; :func:`recipe_for` reads it from a
spec, so the baseline rolls the dice the rules give and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["DiceRecipe", "recipe_for", "naive_counts"]

#: Trials per chunk: a (chunk, 16) int64 array of rolls is 16 MiB.
CHUNK_TRIALS = 1 << 17

_HITS_ON = {1.0 / 3.0: 5, 0.5: 4, 2.0 / 3.0: 3}


@dataclass(frozen=True)
class DiceRecipe:
    """What one trial rolls.

    Parameters
    ----------
    first : tuple of (dice, lowest hitting face)
        The dice of the side that rolls first (or alone); groups that hit on other faces
        (Tercios dice hit on 4-6) are separate entries.
    second : tuple of (dice, lowest hitting face)
        The dice of the other side, when it has lost no unit before rolling.
    second_dice_after_losses : tuple of int, optional
        Surprise Attack: the other side's dice hitting on 5-6 after ``L`` losses to the
        first fire, for ``L`` = 0, 1, ...; the last entry applies to every larger loss.
    two_dice_total : bool
        Interception and avoid battle: the first value is the total of 2d6.
    """

    first: tuple[tuple[int, int], ...] = ()
    second: tuple[tuple[int, int], ...] = ()
    second_dice_after_losses: tuple[int, ...] | None = None
    two_dice_total: bool = False

    @property
    def first_size(self) -> int:
        """Values the first quantity takes (0 .. its maximum)."""
        if self.two_dice_total:
            return 13
        return 1 + sum(dice for dice, _ in self.first)

    @property
    def second_size(self) -> int:
        if self.second_dice_after_losses is not None:
            return 1 + max(self.second_dice_after_losses)
        return 1 + sum(dice for dice, _ in self.second)


def _groups(side) -> tuple[tuple[int, int], ...]:
    """The dice a combat side rolls before any loss, grouped by the face they need."""
    groups = [(side.dice_after_losses[0], 5)]
    if side.bonus_dice:
        groups.append((side.bonus_dice, _HITS_ON[side.bonus_chance]))
    return tuple(groups)


def recipe_for(spec) -> DiceRecipe:
    """The dice one trial of ``spec`` rolls (no post-roll cards).

    Parameters
    ----------
    spec : FieldBattle, Assault, Interception or AvoidBattle
    """
    if spec.kind in ("intercept", "avoid"):
        return DiceRecipe(two_dice_total=True)
    if spec.post_roll_cards:
        raise ValueError("the naive baseline does not model post-roll cards")
    attacker, defender = spec._sides
    firing = spec.first_to_fire
    if firing is None:
        return DiceRecipe(_groups(attacker), _groups(defender))
    first, second = (attacker, defender) if firing == "attacker" else (defender, attacker)
    if second.bonus_dice:
        raise ValueError("the naive baseline does not model bonus dice under Surprise Attack")
    # 29: the other side rolls for its survivors only, and nothing if none survive.
    after_losses = [
        second.dice_after_losses[losses] if losses < second.land_units else 0
        for losses in range(second.land_units + 1)
    ]
    return DiceRecipe(_groups(first), second_dice_after_losses=tuple(after_losses))


def _hits(rng, groups, trials) -> np.ndarray:
    hits = np.zeros(trials, dtype=np.int64)
    for dice, lowest in groups:
        if dice:
            hits += (rng.integers(1, 7, size=(trials, dice)) >= lowest).sum(axis=1)
    return hits


def naive_counts(recipe: DiceRecipe, trials: int, seed: int = 1) -> np.ndarray:
    """Histogram of ``first * second_size + second`` over ``trials`` naive trials.

    Parameters
    ----------
    recipe : DiceRecipe
    trials : int
    seed : int

    Returns
    -------
    int64 array, shape (first_size * second_size,)
    """
    rng = np.random.default_rng(seed)
    cells = recipe.first_size * recipe.second_size
    counts = np.zeros(cells, dtype=np.int64)
    for start in range(0, trials, CHUNK_TRIALS):
        size = min(CHUNK_TRIALS, trials - start)
        if recipe.two_dice_total:
            first = rng.integers(1, 7, size=(size, 2)).sum(axis=1)
            second = np.zeros(size, dtype=np.int64)
        else:
            first = _hits(rng, recipe.first, size)
            if recipe.second_dice_after_losses is None:
                second = _hits(rng, recipe.second, size)
            else:
                after_losses = np.asarray(recipe.second_dice_after_losses)
                dice = after_losses[np.minimum(first, after_losses.size - 1)]
                rolls = rng.integers(1, 7, size=(size, after_losses.max()))
                rolled = np.arange(after_losses.max())[None, :] < dice[:, None]
                second = ((rolls >= 5) & rolled).sum(axis=1)
        counts += np.bincount(first * recipe.second_size + second, minlength=cells)
    return counts

"""One Reformation or Counter-Reformation attempt resolved (RULES.md §17, §18): the rule
that decides it from each side's highest die
(:func:`~oddsengine.religion.attempt_odds.resolve_attempt`), and its exact chance as a small
pure function of dice counts (:func:`~oddsengine.religion.attempt_odds.success_chance`), what a
search over targets and orders asks hundreds of thousands of times.

The rule is written once: the exact sum here, the columns an attempt's engines read
(:meth:`Attempt.outcome_columns <oddsengine.religion.attempt_spec.Attempt.outcome_columns>`)
and the die-by-die sampler of a run
(:mod:`oddsengine.engines.attempt_runs_montecarlo`) all call :func:`resolve_attempt`.

An attempt compares the **highest single die** of each side (§17 steps 4, 6 and 7), so the
chance is a sum over the pairs of highest dice ``(a, b)`` that the rule makes a success, each
weighed by the number of rolls that give it: ``a ** n - (a - 1) ** n`` of the ``6 ** n``
rolls of ``n`` dice have highest die ``a``. Every term is a whole number over
``6 ** (n + m)``: the answer is computed in integers and is exact (a
:class:`~fractions.Fraction` on request; the float is that fraction rounded once).

The modifier acts on the attempting side's dice: +1 on the Protestant dice of a Reformation
attempt (Calvin's Institutes, a Full Bible translation, §17 step 4: a 6 becomes 7); −1 on
the Papal dice of a Counter-Reformation attempt (Augsburg Confession, §18 and §23 reading
2: a 1 becomes 0, never raised). The automatic success on a modified 6 (§17 step 5, §18)
applies only where the attempting side also wins ties, and there a modified 6 or more
already beats or ties any opponent's die (at most 6): it never changes the chance.

Examples
--------
>>> success_chance("protestant", 3, 1, "protestant", fraction=True)  # Stettin, §17
Fraction(119, 144)
>>> round(success_chance("protestant", 6, 1, "papacy"), 4)  # Breslau, §17
0.76
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from oddsengine.combat.limits import check_count
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown

__all__ = [
    "ATTEMPTING_SIDES",
    "TIE_SIDES",
    "FACES",
    "MAX_DICE",
    "highest_die_counts",
    "AttemptRoll",
    "resolve_attempt",
    "success_chance",
]

#: Who makes an attempt: the Protestant (a Reformation attempt, §17) or the Papacy (a
#: Counter-Reformation attempt, §18).
ATTEMPTING_SIDES = ("protestant", "papacy")
#: Who wins a tie of the highest dice (§17 step 7, §18).
TIE_SIDES = ("protestant", "papacy")
#: A die's faces.
FACES = 6
#: Most dice one side rolls in an attempt, bonus dice included: a board gives a dozen or
#: so; the bound keeps a count typed by mistake (``10**30``) from reaching the sums, whose
#: integers grow as ``6 ** dice``.
MAX_DICE = 100


def _dice(name: str, value) -> int:
    """A side's dice: a whole number from 1 to :data:`MAX_DICE` (each side rolls at least
    one die, §17 steps 2 and 6)."""
    return check_count(name, value, MAX_DICE, minimum=1)


def _side(name: str, value) -> str:
    if not isinstance(value, str):
        raise OddsEngineTypeError(f"{name} is 'protestant' or 'papacy', not {shown(value)}")
    if value not in ATTEMPTING_SIDES:
        raise OddsEngineError(f"{name} is 'protestant' or 'papacy', not {shown(value)}")
    return value


def highest_die_counts(dice: int) -> tuple[int, ...]:
    """How many of the ``6 ** dice`` rolls of ``dice`` dice have each highest die 1..6.

    ``k ** dice - (k - 1) ** dice`` rolls have highest die ``k``: all dice at most ``k``,
    not all at most ``k - 1``.

    Examples
    --------
    >>> highest_die_counts(2)
    (1, 3, 5, 7, 9, 11)
    """
    dice = _dice("dice", dice)
    return tuple(k**dice - (k - 1) ** dice for k in range(1, FACES + 1))


class AttemptRoll(NamedTuple):
    """One attempt resolved (:func:`resolve_attempt`), each an array like the dice given.

    Attributes
    ----------
    modified : ndarray of int
        The attempting side's highest die with the modifier on it.
    automatic : ndarray of bool
        The automatic success on a modified 6 or more (the opponent does not roll).
    success : ndarray of bool
        The attempt succeeds.
    """

    modified: np.ndarray
    automatic: np.ndarray
    success: np.ndarray


def resolve_attempt(highest, opponent_highest, modifier: int, wins_ties: bool) -> AttemptRoll:
    """The rule of one attempt, from the attempting side's highest die and the opponent's
    (RULES.md §17 steps 4-7, §18): the one resolution that the exact sum, an attempt's
    cell columns and the die-by-die sampler of a run all read.

    Parameters
    ----------
    highest, opponent_highest : int or array of int
        Each side's highest die (1..6), broadcast against each other.
    modifier : {-1, 0, 1}
        Added to every die of the attempting side: +1 Calvin's Institutes or a Full Bible
        translation (in the target zone), -1 Augsburg Confession (a Counter-Reformation).
    wins_ties : bool
        Whether the attempting side wins ties (in its target zone; the Papacy there only
        under Paul III or Julius III).

    Returns
    -------
    AttemptRoll

    Examples
    --------
    Augsburg Confession's -1 makes a Papal 1 a 0, never raised (§23 reading 2); a
    Protestant +1 makes a 6 a 7, which succeeds at once in the target zone (§17 step 5).

    >>> resolve_attempt(np.array([1, 4]), 1, -1, False).success.tolist()
    [False, True]
    >>> roll = resolve_attempt(6, 6, 1, True)
    >>> int(roll.modified), bool(roll.automatic), bool(roll.success)
    (7, True, True)
    """
    # §17 step 4 / §18: the modifier on every die moves the highest die with it; a 1
    # made 0 by Augsburg is not raised (§23 reading 2).
    modified = np.maximum(np.asarray(highest) + modifier, 0)
    # §17 step 5 / §18: a modified 6 succeeds at once where the attempting side wins ties
    # (the target zone; under Paul III or Julius III); the opponent does not roll.
    automatic = (modified >= FACES) & bool(wins_ties)
    # §17 step 7 / §18: higher wins; a tie goes to the side that wins ties (its place's).
    wins = (modified >= opponent_highest) if wins_ties else (modified > opponent_highest)
    return AttemptRoll(modified, automatic, automatic | wins)


@lru_cache(maxsize=8)
def _winning_pairs(modifier: int, wins_ties: bool) -> tuple[tuple[bool, ...], ...]:
    """For each pair of highest dice (the attempting side's 1..6 by row, the opponent's by
    column), whether :func:`resolve_attempt` makes it a success."""
    faces = np.arange(1, FACES + 1)
    success = resolve_attempt(faces[:, None], faces[None, :], modifier, wins_ties).success
    return tuple(tuple(bool(cell) for cell in row) for row in success)


@lru_cache(maxsize=65536)
def _success_fraction(attempting, dice, opponent_dice, ties, modifier) -> Fraction:
    pairs = _winning_pairs(modifier, attempting == ties)
    opponent_rolls = highest_die_counts(opponent_dice)
    favourable = 0
    for row, rolls in zip(pairs, highest_die_counts(dice), strict=True):
        favourable += rolls * sum(
            count for count, won in zip(opponent_rolls, row, strict=True) if won
        )
    return Fraction(favourable, FACES ** (dice + opponent_dice))


@lru_cache(maxsize=65536)
def _success_float(attempting, dice, opponent_dice, ties, modifier) -> float:
    return float(_success_fraction(attempting, dice, opponent_dice, ties, modifier))


def success_chance(
    attempting: str,
    dice: int,
    opponent_dice: int,
    ties: str,
    modifier: int = 0,
    *,
    fraction: bool = False,
) -> float | Fraction:
    """The chance that one attempt succeeds, exactly.

    Parameters
    ----------
    attempting : {"protestant", "papacy"}
        Who makes the attempt: ``"protestant"`` for a Reformation attempt (§17),
        ``"papacy"`` for a Counter-Reformation attempt (§18).
    dice, opponent_dice : int
        The dice each side rolls, bonus dice included, each at least 1 (the rules' minimum
        of 1, §17 steps 2 and 6, is applied by the specs before they call this).
    ties : {"protestant", "papacy"}
        Who wins a tie of the highest dice (§17 step 7, §18).
    modifier : {-1, 0, 1}
        Added to each of the attempting side's dice: +1 Calvin's Institutes or a Full
        Bible translation (Reformation), −1 Augsburg Confession (Counter-Reformation).
    fraction : bool
        Return the exact :class:`~fractions.Fraction` instead of a float.

    Returns
    -------
    float or Fraction
        Memoised on the arguments: a search calls it for every state it meets.

    Raises
    ------
    OddsEngineTypeError
        A value of the wrong kind (a side that is no text, a count that is no whole
        number).
    OddsEngineError
        A side or tie side not named above, dice outside 1..:data:`MAX_DICE`, a modifier
        other than -1, 0 or +1 (both are ``ValueError`` subclasses).

    Examples
    --------
    The rulebook's 95 Theses targets (§17): Lübeck, 3 dice against 3, Protestant ties;
    Prague, 4 against 5, Papal ties.

    >>> success_chance("protestant", 3, 3, "protestant", fraction=True)
    Fraction(10073, 15552)
    >>> round(success_chance("protestant", 4, 5, "papacy"), 3)
    0.25
    """
    # Checked on every call (a few comparisons), then memoised on the checked arguments: a
    # search asks the same few hundred states again and again.
    attempting, ties = _side("attempting", attempting), _side("ties", ties)
    dice, opponent_dice = _dice("dice", dice), _dice("opponent_dice", opponent_dice)
    modifier = check_count("modifier", modifier, 1, minimum=-1)
    chance = _success_fraction if checked_flag(fraction, "fraction") else _success_float
    return chance(attempting, dice, opponent_dice, ties, modifier)

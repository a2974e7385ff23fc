"""The exact chance of one Reformation or Counter-Reformation attempt (RULES.md §17, §18),
as a small pure function of dice counts: what a search over targets and orders asks
hundreds of thousands of times.

An attempt compares the **highest single die** of each side (§17 steps 4, 6 and 7), so the
chance is a sum over the attempting side's highest die ``a`` of its probability times the
chance that the opponent's highest die stays below (or, when the attempting side wins
ties, at or below) ``a`` modified. With ``n`` dice, ``P(highest <= k) = (k / 6) ** n``, so
every term is a whole number over ``6 ** (n + m)``: the answer is computed in integers and
is exact (a :class:`~fractions.Fraction` on request; the float is that fraction rounded
once).

The modifier acts on the attempting side's dice: +1 on the Protestant dice of a Reformation
attempt (Calvin's Institutes, a Full Bible translation, §17 step 4: a 6 becomes 7); −1 on
the Papal dice of a Counter-Reformation attempt (Augsburg Confession, §18 and §23 reading
2: a 1 becomes 0, never raised). The automatic success on a modified 6 (§17 step 5, §18)
applies only where the attempting side also wins ties, and there a modified 6 or more
already beats or ties any opponent's die (at most 6): it never changes the chance, so the
sum needs no term for it.

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

from oddsengine.combat.limits import check_count
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "ATTEMPTING_SIDES",
    "TIE_SIDES",
    "FACES",
    "MAX_DICE",
    "highest_die_counts",
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


@lru_cache(maxsize=65536)
def _success_fraction(attempting, dice, opponent_dice, ties, modifier) -> Fraction:
    wins_ties = attempting == ties
    favourable = 0
    for highest, rolls in enumerate(highest_die_counts(dice), start=1):
        # §17 step 4 / §18: the modifier on every die moves the highest die with it; a 1
        # becomes 0 under Augsburg's -1 and is not raised (§23 reading 2).
        modified = max(highest + modifier, 0)
        # §17 step 7 / §18: higher wins; a tie goes to the side that wins ties.
        beaten_at_most = modified if wins_ties else modified - 1
        beaten_at_most = min(max(beaten_at_most, 0), FACES)
        favourable += rolls * beaten_at_most**opponent_dice
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
    if not isinstance(fraction, bool):
        raise OddsEngineTypeError(f"fraction must be True or False, not {shown(fraction)}")
    chance = _success_fraction if fraction else _success_float
    return chance(attempting, dice, opponent_dice, ties, modifier)

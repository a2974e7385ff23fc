"""The dice of a theological debate (RULES.md §20 steps 5 and 7): each round's hit
difference, both sides hitting on 5-6, and Campeggio's die; and the exact chance of every
cell of a debate's tree (:class:`~oddsengine.religion.debate_nodes.DebateTree`) in
fractions, which the exact engine's floats are checked against and ``--fractions``
reports.

A cell is ``(node, hit difference + the most dice, Campeggio's die)``: a round-1 node's
draw with its chance, then each side's hits; a tie passes the mass to round 2's matchups
(23.10), a round-2 tie is the inconclusive end; Campeggio's die splits a lost result 2/3
to 1/3 (20 step 7).

Examples
--------
>>> difference_fractions(1, 1)  # d = -1, 0, +1
[Fraction(2, 9), Fraction(5, 9), Fraction(2, 9)]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from oddsengine.combat.limits import check_count
from oddsengine.draws import binomial_pmf, convolve, weighted_mean

__all__ = [
    "CAMPEGGIO_CHANCE",
    "final_papal_cancel_chance",
    "capped_flips",
    "round_value",
    "difference_pmf",
    "difference_fractions",
    "cell_fractions",
    "whole_weights",
]


def final_papal_cancel_chance() -> Fraction:
    """The chance that the final Papal debater's die ignores a lost result (20 step 7,
    23.12), as his bonus's record gives it (Campeggio: 5-6)."""
    from oddsengine.religion.debater_bonuses import DEBATER_BONUSES

    return next(bonus.cancel_chance for bonus in DEBATER_BONUSES.values() if bonus.cancel_chance)


#: Campeggio's die ignores a lost result on 5-6 (20 step 7).
CAMPEGGIO_CHANCE = final_papal_cancel_chance()


def difference_pmf(attacker_dice: int, defender_dice: int) -> np.ndarray:
    """P(initiator's hits - other's hits = ``d``) at index ``d + defender_dice``: hits on
    5-6 (20 step 5), each side's Binomial(dice, 1/3); each count 0..100 (a debater rolls a
    score at most: a count typed by mistake never reaches the sums).

    Examples
    --------
    >>> difference_pmf(1, 1).round(4).tolist()  # d = -1, 0, +1
    [0.2222, 0.5556, 0.2222]
    """
    attacker_dice = check_count("attacker_dice", attacker_dice, 100)
    return _difference_pmf(attacker_dice, check_count("defender_dice", defender_dice, 100))


@lru_cache(maxsize=4096)
def _difference_pmf(attacker_dice: int, defender_dice: int) -> np.ndarray:
    pmf = convolve(binomial_pmf(attacker_dice), binomial_pmf(defender_dice)[::-1])
    pmf.setflags(write=False)
    return pmf


def _fraction_binomial(dice: int) -> list[Fraction]:
    from math import comb

    return [Fraction(comb(dice, hits) * 2 ** (dice - hits), 3**dice) for hits in range(dice + 1)]


def difference_fractions(attacker_dice: int, defender_dice: int) -> list[Fraction]:
    """:func:`difference_pmf` in exact fractions (for tests and ``exact(..., fractions)``)."""
    first, second = _fraction_binomial(attacker_dice), _fraction_binomial(defender_dice)
    out = [Fraction(0)] * (attacker_dice + defender_dice + 1)
    for hits, chance in enumerate(first):
        for other, other_chance in enumerate(second):
            out[hits - other + defender_dice] += chance * other_chance
    return out


def cell_fractions(debate) -> list[Fraction]:
    """The exact chance of every cell of ``debate``'s tree, in cell order.

    Round 1's matchup is drawn with its chance, then each side's hits (Binomial(dice,
    1/3), 20 step 5); a tie passes the mass to round 2's matchups (23.10); a round-2 tie is
    the inconclusive end. Campeggio's die splits a lost result 2/3 to 1/3 (20 step 7).

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> debate = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
    ...                 committed="Carlstadt")
    >>> sum(cell_fractions(debate))
    Fraction(1, 1)
    """
    tree = debate.tree
    arrays = tree.arrays
    width, offset = tree.differences, tree.max_dice
    weights = [Fraction(0)] * tree.cells
    reach = [None] * len(tree.nodes)
    for index, matchup in enumerate(tree.nodes):
        chance = matchup.probability
        parent = int(arrays["parent"][index])
        if parent >= 0:
            chance = chance * reach[parent]
        pmf = difference_fractions(matchup.initiator_dice, matchup.other_dice)
        if matchup.round == 1:
            reach[index] = chance * pmf[matchup.other_dice]  # a tie goes to round 2
        for position, mass in enumerate(pmf):
            difference = position - matchup.other_dice
            if difference == 0 and matchup.round == 1:
                continue
            weight = chance * mass
            cell = (index * width + difference + offset) * 2
            papal_lost = difference != 0 and (difference > 0) != debate.papal_initiates
            if matchup.campeggio and papal_lost:
                weights[cell + 1] += weight * CAMPEGGIO_CHANCE
                weight = weight * (1 - CAMPEGGIO_CHANCE)
            weights[cell] += weight
    return weights


def whole_weights(debate) -> tuple[dict, int]:
    """The cells of ``debate``'s tree that can happen, by ``(node, difference index,
    Campeggio's die)``, each weighed in whole numbers over one denominator, and that
    denominator: the exact answer's fractions are sums of them.

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> weights, denominator = whole_weights(Debate("german", "papacy", turn=1,
    ...     attacker="Eck", defender="Carlstadt", committed="Carlstadt"))
    >>> sum(weights.values()) == denominator
    True
    """
    from math import lcm

    weights = cell_fractions(debate)
    denominator = lcm(*(weight.denominator for weight in weights if weight))
    cells = zip(*(values.tolist() for values in debate.tree.cell_values()), strict=True)
    return {
        tuple(cell): weight.numerator * (denominator // weight.denominator)
        for cell, weight in zip(cells, weights, strict=True)
        if weight
    }, denominator


def capped_flips(flips, papal_won, eligible):
    """The flips at most ``eligible`` (23.14): one cap for both winners, or the pair
    ``(Papal winner's, Protestant winner's)``; None is no cap.

    Examples
    --------
    >>> capped_flips(np.array([3, 3]), np.array([True, False]), (2, None)).tolist()
    [2, 3]
    """
    papal_cap, protestant_cap = eligible if isinstance(eligible, tuple) else (eligible,) * 2
    if papal_cap is not None:
        flips = np.where(papal_won, np.minimum(flips, papal_cap), flips)
    if protestant_cap is not None:
        flips = np.where(papal_won, flips, np.minimum(flips, protestant_cap))
    return flips


@lru_cache(maxsize=65536)
def round_value(
    initiator_dice,
    other_dice,
    papal_value,
    protestant_value,
    extra_flips,
    campeggio,
    papal_initiates,
    eligible,
    objective,
    papal_side,
) -> float:
    """The expected objective of one deciding round to a side (the Papacy's when
    ``papal_side``): ``net``, the spaces flipped its way less those against it, plus the VP
    it gains less the VP it concedes; ``wins``, its chance of winning (20 steps 7-8, 23.13,
    23.14). ``extra_flips`` are the final Papal debater's (Aleander), ``campeggio`` whether
    his die may cancel a lost result.

    Examples
    --------
    >>> round(round_value(7, 2, 3, 1, 0, False, True, None, "wins", True), 4)  # §20: 79.4%
    0.7935
    """
    pmf = difference_pmf(initiator_dice, other_dice)
    difference = np.arange(pmf.size) - other_dice
    papal_won = (difference > 0) if papal_initiates else (difference < 0)
    decisive = difference != 0
    size = np.abs(difference)
    flips = capped_flips(size + int(extra_flips), papal_won, eligible)
    burnt = decisive & papal_won & (size > protestant_value)
    disgraced = decisive & ~papal_won & (size > papal_value)
    if objective == "wins":
        papal_score = (decisive & papal_won).astype(float)
        protestant_score = (decisive & ~papal_won).astype(float)
    else:
        papal_score = np.where(decisive, np.where(papal_won, flips, -flips), 0).astype(float)
        papal_score += burnt * protestant_value - disgraced * papal_value
        protestant_score = -papal_score
    if campeggio:
        # 20 step 7: Campeggio, losing, ignores the result on 5-6 (a disgrace too).
        lost = decisive & ~papal_won
        keep = 1.0 - float(CAMPEGGIO_CHANCE)
        papal_score = np.where(lost, papal_score * keep, papal_score)
        protestant_score = np.where(lost, protestant_score * keep, protestant_score)
    score = papal_score if papal_side else protestant_score
    return weighted_mean(pmf, score)

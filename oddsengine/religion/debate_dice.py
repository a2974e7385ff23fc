"""The dice of a theological debate (RULES.md §20 steps 5 and 7): each round's hit
difference, both sides hitting on 5-6, and Campeggio's die; and the exact chance of every
cell of a debate's tree (:class:`~oddsengine.religion.debate_tree.DebateTree`) in
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
from oddsengine.draws import binomial_pmf, convolve

__all__ = [
    "CAMPEGGIO_CHANCE",
    "difference_pmf",
    "difference_fractions",
    "cell_fractions",
    "whole_weights",
]

#: Campeggio's die ignores a lost result on 5-6 (20 step 7).
CAMPEGGIO_CHANCE = Fraction(1, 3)


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

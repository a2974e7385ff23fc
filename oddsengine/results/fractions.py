"""Exact answers as fractions (``379/2187``), recovered from the exact engine's floats.

The exact engine computes in floating point. Every chance of a combat is a rational number
whose denominator is known from its draw plan: each die hits with 1/3 (on 5-6), 1/2 (4-6,
Tercios) or 2/3 (3-6, Siege Artillery), 2d6 gives multiples of 1/36 and the highest of n
dice (a Reformation attempt) multiples of 1/6^n, so each of the
plan's distributions has a denominator 2^a 3^b (a draw at random from a pool of n, an
explorer or a conquistador, has n), and a cell's chance, the product of one
entry of each, has the product of those denominators, ``D``. A chance ``p`` (a sum of
cells) is then ``N / D`` for a whole ``N``, and ``round(p * D)`` is that ``N`` as long as
``D`` times the float error of ``p`` is under half a unit. :func:`exact_fractions` finds
each distribution's denominator (the smallest 2^a 3^b that makes every entry whole to
within the float error of computing it, the entries summing to it), checks the bound, and
gives the reduced fractions; where the bound does not hold (a very large combat) or the
answer is not a single draw plan of dice (a campaign, a whole move), it says so instead of
guessing. A campaign that walks its chain in whole numbers (``spec.exact_weights()``, a
turn's New World riches) gives its fractions exactly, summed from its end states.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from oddsengine.errors import OddsEngineError

__all__ = ["exact_fractions", "plan_denominator"]

#: The unit in the last place of 1.0: a float's relative rounding error is at most half.
_EPSILON = 2.0**-52
#: The largest denominator whose fractions the floats can give: beyond 2^53 a float no
#: longer holds every whole numerator.
_LARGEST_DENOMINATOR = 2**53


def exact_fractions(result) -> dict[str, Fraction]:
    """Every outcome and event of an exact ``result`` as a reduced fraction.

    Raises
    ------
    OddsEngineError
        For a Monte Carlo result, an answer that is not one draw plan of dice (a
        campaign, a move), or a combat whose denominator the floats cannot resolve.

    Examples
    --------
    >>> from oddsengine import Assault, exact
    >>> # 15.1: 9R Suleiman roll 5 + 2 = 7 dice against 4R and need 4 hits.
    >>> str(exact_fractions(exact(Assault("9R Suleiman", "hapsburg: 4R Ferdinand")))["success"])
    '379/2187'
    """
    if not result.is_exact:
        raise OddsEngineError("fractions are for exact answers: this one is Monte Carlo")
    weights_of = getattr(result.spec, "exact_weights", None)
    if weights_of is not None:
        return _weighted_fractions(result, *weights_of())
    plan = _draw_plan(result.spec)
    if not hasattr(plan, "first"):  # a campaign's end states, not one draw of dice
        return _chain_fractions(result, plan)
    denominator = plan_denominator(plan)
    if denominator > _LARGEST_DENOMINATOR:
        raise OddsEngineError(_too_fine(denominator))
    # Each cell: a product of four entries, each within a few units of its last place;
    # each chance: a sum over the cells.
    entries = sum(np.asarray(part).size for part in _parts(plan))
    error = (plan.cells + 8 * entries) * _EPSILON
    if denominator * error >= 0.25:
        raise OddsEngineError(_too_fine(denominator))
    fractions = {}
    for name, value in result.p.items():
        scaled = value * denominator
        numerator = round(scaled)
        if abs(scaled - numerator) > denominator * error + 1e-9:
            raise OddsEngineError(
                f"{name}: {value!r} is not a multiple of 1/{denominator} within the float "
                "error: no exact fraction can be given"
            )
        fractions[name] = Fraction(numerator, denominator)
    return fractions


def _chain_fractions(result, plan) -> dict[str, Fraction]:
    """The fractions of a campaign whose chain was walked in rationals (its end states
    carry :meth:`~oddsengine.draws.CampaignEndStates.cell_fractions`): each outcome and
    event the sum of its end states' fractions, added in the states' order."""
    weights = getattr(plan, "cell_fractions", lambda: None)()
    if weights is None:
        raise OddsEngineError(
            "fractions are for a single combat or roll, or a chain walked in fractions: this "
            "answer is a campaign computed in floats"
        )
    columns = result.spec.outcome_columns(plan.cell_values())
    outcome = np.asarray(columns["outcome"])
    fractions = {}
    for name in result.p:
        mask = np.asarray(columns[name], dtype=bool) if name in columns else outcome == name
        fractions[name] = sum(
            (weight for weight, held in zip(weights, mask.tolist(), strict=True) if held),
            Fraction(0),
        )
    return fractions


def _weighted_fractions(result, weights: dict, denominator: int) -> dict[str, Fraction]:
    """The fractions of a campaign whose spec walks its chain in whole numbers
    (``spec.exact_weights()``: end state -> weight, and their common denominator): each
    outcome and event the sum of its end states' weights, exact."""
    spec = result.spec
    columns = spec.outcome_columns(tuple(np.array(values) for values in zip(*weights, strict=True)))
    whole = np.array(list(weights.values()), dtype=object)
    fractions = {}
    for name in result.p:
        if name in result.outcome_names:
            mask = np.asarray(columns["outcome"] == name, dtype=bool)
        else:
            mask = np.asarray(columns[name], dtype=bool)
        fractions[name] = Fraction(int(whole[mask].sum()) if mask.any() else 0, denominator)
    return fractions


def plan_denominator(plan) -> int:
    """The denominator of every cell of a draw plan: the product of its distributions'.

    Examples
    --------
    >>> from oddsengine.draws import DrawPlan, binomial_pmf, two_dice_pmf
    >>> plan_denominator(DrawPlan(binomial_pmf(3), binomial_pmf(2, 0.5)[None, :]))
    108
    >>> plan_denominator(DrawPlan(two_dice_pmf(), np.ones((1, 1))))
    36
    """
    denominator = 1
    for part in _parts(plan):
        denominator *= _denominator(np.asarray(part, dtype=float))
    return denominator


def _draw_plan(spec):
    draw_plan = getattr(spec, "draw_plan", None)
    # A whole move's draw plan is its end states, each the product of a tree of steps
    # (not one draw of dice): their float errors are not bounded here. Such a spec says
    # so (fractions_available, read by the faces before they offer fractions).
    if draw_plan is None or not getattr(spec, "fractions_available", True):
        raise OddsEngineError(
            "fractions are for a single combat or roll: this answer is a campaign, not one "
            "draw of dice"
        )
    return draw_plan()


def _parts(plan):
    return (plan.first, plan.second, plan.attacker_extra, plan.defender_extra)


def _denominator(distribution: np.ndarray) -> int:
    """The smallest 2^a 3^b that makes every row of ``distribution`` (one distribution,
    or one per row) whole numbers summing to it, within the float error of each entry."""
    rows = np.atleast_2d(distribution)
    if rows.shape[1] == 1 and np.all(rows == 1.0):
        return 1
    size = rows.shape[1]
    # A draw at random from a pool of ``size`` (RULES.md §22: an explorer, a conquistador):
    # 1/size each, a denominator that need not be 2^a 3^b (a pool of 5).
    if np.all(np.abs(rows * size - 1.0) <= 4 * size * _EPSILON):
        return size
    # A distribution of n + 1 values comes from at most n dice, each a factor 2, 3 or 6
    # (2d6, 36 = 2^2 3^2, has 13 values); the highest of many dice has 6 values and a
    # denominator 6^n: the search goes to 2^(2 size) 3^(2 size), smallest first.
    candidates = sorted(
        2**twos * 3**threes for twos in range(2 * size) for threes in range(2 * size)
    )
    for candidate in candidates:
        scaled = rows * candidate
        whole = np.rint(scaled)
        tolerance = 16 * size * candidate * _EPSILON
        if np.all(np.abs(scaled - whole) <= tolerance) and np.all(whole.sum(axis=1) == candidate):
            return candidate
    raise OddsEngineError(
        "fractions are for dice: this answer's chances are not multiples of a power of 2 "
        "and 3 that the floats resolve"
    )


def _too_fine(denominator: int) -> str:
    twos, threes = _powers(denominator)
    return (
        f"no exact fraction: the denominator 2^{twos}*3^{threes} ({denominator:.3g}) is "
        "finer than the float engine resolves (a combat of fewer dice has them)"
    )


def _powers(number: int) -> tuple[int, int]:
    twos = threes = 0
    while number % 2 == 0:
        number, twos = number // 2, twos + 1
    while number % 3 == 0:
        number, threes = number // 3, threes + 1
    return twos, threes

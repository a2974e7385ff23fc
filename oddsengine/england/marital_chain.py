"""The marital chain (RULES.md §24, §25): marriage after marriage from a state of the
chart, each one roll on the Pregnancy Chart, until the planned marriages are made, the
track ends at Katherine Parr or the chart allows no more rolls.

A state is ``(chart, wife, plays, bonus)``: the chart's bit mask, the place of the next
wife on the track (5: past Katherine Parr), the marriages still planned, and whether the
flirtatious wife's bonus marriage is still to come (a 3 rolled, §24 way 3, §30.4: the
bonus is used at England's pass later in the same turn, before the turn's heir card).
:func:`marriage_step` is the one resolution of a marriage: the exact chain
(:func:`chart_law`) walks it in fractions, the Monte Carlo
(:mod:`oddsengine.engines.heirs`) draws each step's result from the same law.

Examples
--------
>>> law = chart_law(MaritalState(0, 0, 2, False), "higher", flirt_bonus=False)
>>> sum(chance for chart, chance in law.items() if chart >> 5 & 1)  # a 6: 17/36
Fraction(17, 36)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from oddsengine.england.pregnancy_chart import FLIRTATIOUS, WIVES, chart_roll, finished

__all__ = ["MaritalState", "marriage_step", "chart_law"]


class MaritalState(NamedTuple):
    """Where the marital chain stands (see the module notes)."""

    chart: int
    wife: int
    plays: int
    bonus: bool


def marriage_step(
    state: MaritalState, walk: str, *, flirt_bonus: bool
) -> list[tuple[int, Fraction, MaritalState]] | None:
    """The next marriage from ``state``: (result, exact chance, state after) for each
    result its roll may give; None when the chain stops there.

    The chain stops on a chart that allows no more rolls (a 6, or both heirs: §24), past
    Katherine Parr (the end of the track), or with no marriage planned and no bonus to
    come. The bonus marriage comes first when one is due; with ``flirt_bonus`` a 3 makes
    one due (the timeline's marriages are plays of Six Wives, each with its bonus; the
    per-wife chain counts every marriage in ``plays``).

    Examples
    --------
    >>> steps = marriage_step(MaritalState(0, 0, 1, False), "higher", flirt_bonus=True)
    >>> [(result, str(chance), after.bonus) for result, chance, after in steps][1:4]
    [(2, '1/6', False), (3, '1/6', True), (4, '1/6', False)]
    """
    chart, wife, plays, bonus = state
    if finished(chart) or wife >= len(WIVES) or (plays == 0 and not bonus):
        return None
    if not bonus:
        plays -= 1  # a planned marriage; a due bonus marriage is not one of them
    steps = []
    for result, chance in sorted(chart_roll(wife, chart, walk).items()):
        after = MaritalState(
            chart | 1 << (result - 1), wife + 1, plays, flirt_bonus and result == FLIRTATIOUS
        )
        steps.append((result, chance, after))
    return steps


def chart_law(start: MaritalState, walk: str, *, flirt_bonus: bool) -> dict[int, Fraction]:
    """Chart when the chain stops -> exact chance, from ``start``, marriage by marriage in
    a fixed order (the charts in ascending order at each step)."""
    ended: dict[int, Fraction] = {}
    states = {start: Fraction(1)}
    while states:
        following: dict[MaritalState, Fraction] = {}
        for state in sorted(states):
            chance = states[state]
            steps = marriage_step(state, walk, flirt_bonus=flirt_bonus)
            if steps is None:
                ended[state.chart] = ended.get(state.chart, Fraction(0)) + chance
                continue
            for _, weight, after in steps:
                following[after] = following.get(after, Fraction(0)) + chance * weight
        states = following
    return dict(sorted(ended.items()))

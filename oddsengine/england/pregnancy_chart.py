"""Henry's marital status track and the Pregnancy Chart (RULES.md §24, §25), as rules:
the wives in their order, where one roll of a wife lands on the chart, when the chart
allows no more rolls, the heirs its highest result gives and the English heir VP.

A chart is a bit mask of the results it holds (bit ``r - 1`` for result ``r``); every
roll lands on a result not used before (§25.4), so the number of results on the chart is
the number of wives married.

Examples
--------
>>> wife_index("Jane Seymour"), WIVES[1]
(1, 'jane-seymour')
>>> # §25 step 2: Jane rolls a 4, +1 is 5; 5 is taken, so the marker moves up to 6.
>>> landing(4, wife=1, chart=chart_of((5,)), walk="higher")
6
>>> sorted(chart_roll(1, chart_of((5,)), "higher").items())  # 2, 3, 4 once; 6 three times
[(2, Fraction(1, 6)), (3, Fraction(1, 6)), (4, Fraction(1, 6)), (6, Fraction(1, 2))]
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown, unknown_name

__all__ = [
    "WIVES",
    "WIFE_NAMES",
    "WALKS",
    "PARR_READINGS",
    "FACES",
    "FLIRTATIOUS",
    "ELIZABETH",
    "SICKLY_EDWARD",
    "HEALTHY_EDWARD",
    "chart_of",
    "results_of",
    "wife_index",
    "landing",
    "chart_roll",
    "finished",
    "stop_reason",
    "highest",
    "edward_born",
    "heir_vp",
]

#: 24: the wives on Henry's marital status track, in order (Catherine of Aragon, where the
#: marker starts, and Ask for Divorce give no roll).
WIVES = ("anne-boleyn", "jane-seymour", "anne-of-cleves", "kathryn-howard", "katherine-parr")
#: Their names as the rulebook writes them.
WIFE_NAMES = ("Anne Boleyn", "Jane Seymour", "Anne of Cleves", "Kathryn Howard", "Katherine Parr")
#: 30.1: a repeated result moves to the next higher line (``lower``: only to compare with
#: older figures).
WALKS = ("higher", "lower")
#: 30.5: ``consequence`` (Katherine Parr adds no rule) or ``guarantee`` (Elizabeth counts as
#: born after Parr's roll: the "Elizabeth born" figure only).
PARR_READINGS = ("consequence", "guarantee")
#: The faces of the die rolled at each marriage.
FACES = (1, 2, 3, 4, 5, 6)
#: 25 step 3: the lines of the chart that the rules read.
FLIRTATIOUS, ELIZABETH, SICKLY_EDWARD, HEALTHY_EDWARD = 3, 4, 5, 6
#: 24: Jane Seymour's +1 on her roll (the second wife).
_JANE = 1
_LINES = 6


def chart_of(results) -> int:
    """The bit mask of a chart holding ``results`` (each 1..6).

    Examples
    --------
    >>> chart_of((1, 3))
    5
    """
    mask = 0
    for result in results:
        mask |= 1 << (result - 1)
    return mask


def results_of(chart: int) -> tuple[int, ...]:
    """The results a chart holds, lowest first.

    Examples
    --------
    >>> results_of(5)
    (1, 3)
    """
    return tuple(line for line in range(1, _LINES + 1) if chart >> (line - 1) & 1)


def wife_index(name) -> int:
    """The place of a wife on the track, 0 for Anne Boleyn to 4 for Katherine Parr; names
    as the rulebook writes them or in lower case with hyphens.

    Raises
    ------
    OddsEngineError
        For a name that is not one of the five wives (Catherine of Aragon gives no roll).
    """
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"a wife is named, not {shown(name)}")
    slug = "-".join(name.strip().casefold().replace("_", " ").replace("-", " ").split())
    if slug in WIVES:
        return WIVES.index(slug)
    if slug == "catherine-of-aragon":
        raise OddsEngineError(
            "Catherine of Aragon is where the marker starts (§24): the first marriage is "
            "anne-boleyn's"
        )
    raise unknown_name("wife", name, WIVES, plural="wives")


def landing(face: int, *, wife: int, chart: int, walk: str) -> int:
    """The line a wife's marker lands on for a die ``face`` (§25 steps 1–2, §30.1–3).

    Jane Seymour adds 1 before the walk (§30.2) and a modified 7 is the "6 or Above" line
    (§30.3). A taken line moves the marker up one line at a time to the first free one
    (``higher``); with ``lower`` it moves down, and when every line below is taken, up from
    the roll to the first free line (a result for every roll, as §25.4 has it; §29's
    figures for the lower walk are the same under any reading of its bottom).
    """
    modified = min(face + (1 if wife == _JANE else 0), _LINES)
    line = modified
    step = 1 if walk == "higher" else -1
    while 1 <= line <= _LINES and chart >> (line - 1) & 1:
        line += step
    if line < 1:  # the lower walk found every line below taken: up from the roll
        line = modified
        while chart >> (line - 1) & 1:
            line += 1
    if line > _LINES:  # 25.4: a walk never passes 6 (a 6 on the chart ends the rolls)
        raise OddsEngineError(f"no free line above {modified} on the chart {results_of(chart)}")
    return line


@cache
def chart_roll(wife: int, chart: int, walk: str) -> dict[int, Fraction]:
    """Result -> exact chance of one wife's roll on the chart (§25 steps 1–2).

    Examples
    --------
    >>> chart_roll(0, 0, "higher")[6]  # Anne Boleyn on an empty chart: each line 1/6
    Fraction(1, 6)
    """
    found: dict[int, Fraction] = {}
    for face in FACES:
        line = landing(face, wife=wife, chart=chart, walk=walk)
        found[line] = found.get(line, Fraction(0)) + Fraction(1, len(FACES))
    return found


def finished(chart: int) -> bool:
    """Whether the chart allows no more rolls: a 6 on it, or both heirs born (a 4 and a 5;
    §24, §25 step 3).

    Examples
    --------
    >>> finished(chart_of((4, 5))), finished(chart_of((1, 5)))
    (True, False)
    """
    return bool(stop_reason(chart))


def stop_reason(chart: int) -> str:
    """Why the chart allows no more rolls, in words (§24), or ``""`` if it allows one."""
    if chart >> (HEALTHY_EDWARD - 1) & 1:
        return "a 6 is on the chart (a healthy Edward: no more rolls this game, §25)"
    if chart >> (ELIZABETH - 1) & 1 and chart >> (SICKLY_EDWARD - 1) & 1:
        return "Edward and Elizabeth have both been born (a 4 and a 5 on the chart, §24)"
    return ""


def highest(chart: int) -> int:
    """The highest result on the chart (0 for an empty chart): it decides the rulers after
    Henry (§26)."""
    return chart.bit_length()


def edward_born(chart: int) -> bool:
    """Edward is born on a 5 or a 6 (§30.8)."""
    return highest(chart) >= SICKLY_EDWARD


def heir_vp(chart: int) -> int:
    """The English heir VP (§25.5): 5 if Edward is born, otherwise 2 if Elizabeth is.

    Examples
    --------
    >>> heir_vp(chart_of((1, 5))), heir_vp(chart_of((4,))), heir_vp(chart_of((2, 3)))
    (5, 2, 0)
    """
    if edward_born(chart):
        return 5
    return 2 if chart >> (ELIZABETH - 1) & 1 else 0

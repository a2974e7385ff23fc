"""A deliberately naive reference for Henry VIII's heirs and Mary I (RULES.md §24–§27): the
Pregnancy Chart kept as the printed column of six lines with the wives' markers on them,
one die rolled per marriage, the turns of the game played one after another. Slow, plain
and independent of ``oddsengine.england``; the tests compare both engines with it.

- :func:`marry` puts a wife's marker on the chart as §25 steps 1–2 say;
- :func:`every_chain` enumerates every sequence of dice (6^k sequences, in fractions);
- :func:`play_game` plays turns 1–9 with dice and a draw of the heir cards each turn;
- :func:`mary_i_impulses` rolls England's impulses under Mary I one die at a time.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

WIVES = ["Anne Boleyn", "Jane Seymour", "Anne of Cleves", "Kathryn Howard", "Katherine Parr"]


def marry(chart: list, wife: str, die: int, walk: str = "higher", jane: str = "before") -> int:
    """Put ``wife``'s marker on ``chart`` (a list of six lines, index 0 the bottom line
    "1", each None or a wife's name) for a die roll; return the line's number.

    Jane Seymour adds 1 (``jane="before"``: to the roll, before looking at the chart;
    ``"after"``: an older implementation's reading, the +1 added to the line found)."""
    line = die + (1 if wife == "Jane Seymour" and jane == "before" else 0)
    line = min(line, 6)  # the top line reads "6 or Above"
    if walk == "higher":
        while chart[line - 1] is not None:
            line += 1
    else:
        start = line
        while line >= 1 and chart[line - 1] is not None:
            line -= 1
        if line < 1:  # nothing free below: up from the roll
            line = start
            while chart[line - 1] is not None:
                line += 1
    if wife == "Jane Seymour" and jane == "after":
        line = min(line + 1, 6)  # may land on a line already used
    chart[line - 1] = wife
    return line


def may_roll(chart: list) -> bool:
    """No roll after a 6, nor once Edward (a 5) and Elizabeth (a 4) are both born."""
    if chart[5] is not None:
        return False
    return not (chart[3] is not None and chart[4] is not None)


def every_chain(used=(), marriages=None, walk="higher", jane="before"):
    """{frozenset of lines used at the end: chance}, over every sequence of dice, for
    ``marriages`` more wives (default: all that are left) from a chart holding ``used``."""
    first = len(used)
    count = len(WIVES) - first if marriages is None else marriages
    found: dict = {}
    for dice in itertools.product(range(1, 7), repeat=count):
        chart = [None] * 6
        for line in used:
            chart[line - 1] = "earlier wife"
        made = 0
        for die, wife in zip(dice, WIVES[first : first + count], strict=False):
            if not may_roll(chart):
                break
            marry(chart, wife, die, walk, jane)
            made += 1
        lines = frozenset(i + 1 for i, holder in enumerate(chart) if holder is not None)
        found[lines] = found.get(lines, Fraction(0)) + Fraction(1, 6**count)
    return found


def heirs_of(lines) -> str:
    """The rulers after Henry by the highest line used (§26)."""
    top = max(lines, default=0)
    if top == 6:
        return "healthy_edward"
    if top == 5:
        return "sickly_edward"
    return "mary_elizabeth" if top == 4 else "mary_only"


def play_game(rng, plays=4, draw=1.0):
    """Play turns 1–9: England plays Six Wives every turn from turn 2 while it has plays
    left (turn 2 reaches Ask for Divorce; ``plays`` 5: the Papacy grants the divorce in
    turn 3's Diplomacy phase, England then plays Six Wives in that Action phase too); a
    flirtatious wife's bonus marriage at England's pass later in the same turn. From turn
    6, the heir card in the deck is played (chance ``draw`` a turn, drawn with ``rng``)
    after England's marriages of that turn.

    Returns (lines used, {"edward": turn, "mary": turn, "elizabeth": turn}), 0 for an heir
    who never rules."""
    chart = [None] * 6
    wives = iter(WIVES)
    track = "Catherine of Aragon"
    left = plays
    ruler = "henry"
    deck = []  # (heir, first turn it may be played)
    throne = {"edward": 0, "mary": 0, "elizabeth": 0}

    def marriage():
        nonlocal track
        track = next(wives, None)
        if track is None:
            return None
        return marry(chart, track, rng.randint(1, 6))

    for turn in range(1, 10):
        if ruler == "henry":
            marriages_this_turn = 0
            if turn == 3 and plays == 5 and left > 0:  # the Papal divorce, then Six Wives
                track, left = "Ask for Divorce", left - 1
                result = marriage()
                marriages_this_turn += 1
                bonus = result == 3
            else:
                bonus = False
            if turn >= 2 and left > 0 and may_roll(chart) and track is not None:
                if track == "Catherine of Aragon":
                    track = "Ask for Divorce"  # no roll, and not one of the plays
                else:
                    left -= 1
                    result = marriage()
                    bonus = bonus or result == 3
            if bonus and may_roll(chart) and track is not None:
                marriage()  # England's pass later in the turn
            if turn >= 6 and not deck and ruler == "henry":
                top = max((i + 1 for i, h in enumerate(chart) if h), default=0)
                deck.append(("edward" if top >= 5 else "mary", turn))
        for heir, entered in list(deck):
            if entered <= turn and rng.random() < draw:
                deck.remove((heir, entered))
                ruler = heir
                throne[heir] = turn
                lines = {i + 1 for i, h in enumerate(chart) if h}
                if heir == "edward" and max(lines) == 5:
                    deck.append(("mary", turn + 1))
                elif heir == "mary" and 4 in lines and max(lines) != 6:
                    deck.append(("elizabeth", max(turn + 1, 7)))
                break
    lines = frozenset(i + 1 for i, holder in enumerate(chart) if holder is not None)
    return lines, throne


def mary_i_impulses(rng, cards):
    """England's impulses under Mary I, one die each (§27): ``cards`` the CP shown, or
    "mandatory" (no roll). Returns (impulses taken, Burn Books actions, debates)."""
    taken = burn = debates = 0
    for card in cards:
        if card == "mandatory":
            continue
        if rng.randint(1, 6) <= 3:
            taken += 1
            if card in (1, 2):
                burn += 1
            elif card == 3:
                debates += 1
            else:
                burn, debates = burn + 1, debates + 1
    return taken, burn, debates

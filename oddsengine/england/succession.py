"""Succession after Henry VIII (RULES.md §26, §30.9): from the chart when the heirs are
decided, which heirs take the throne, in which order, and from which turn.

By the highest result on the chart (§26): 6, Edward VI alone; 5, Edward VI, then Mary I,
then Elizabeth I if she was born (a 4 on the chart); 4, Mary I then Elizabeth I; 3 or
less, Mary I alone. The first heir's card enters the deck on turn 6; each later one in
the first turn in which the ruler before it rules, the turn after that ruler took the
throne (Elizabeth I not before turn 7). An heir's card is played in the turn it enters
the deck (``heir_draw`` 1, the default, §30.9), or with a chance ``q`` in each turn from
that one (the card dealt or not: open, it depends on the deck). The game ends after turn
9: an heir whose card is not played by then never rules.

Examples
--------
>>> from oddsengine.england.pregnancy_chart import chart_of
>>> heirs_in_order(chart_of((4, 5)))
('edward-vi', 'mary-i', 'elizabeth-i')
>>> throne_turns(chart_of((4, 5)), Fraction(1))  # Edward 6, Mary 7, Elizabeth 8
{(6, 7, 8): Fraction(1, 1)}
"""

from __future__ import annotations

from fractions import Fraction

from oddsengine.england.pregnancy_chart import (
    ELIZABETH,
    HEALTHY_EDWARD,
    SICKLY_EDWARD,
    highest,
)
from oddsengine.religion.records import LAST_TURN

__all__ = [
    "HEIRS",
    "FIRST_HEIR_TURN",
    "ELIZABETH_EARLIEST_TURN",
    "LAST_TURN",
    "NEVER",
    "heirs_in_order",
    "card_turn_law",
    "entry_turn",
    "throne_turns",
]

#: The heirs' cards (#19 Edward VI, #21 Mary I, #23 Elizabeth I), in the order of the
#: fields of a succession: each one's turn on the throne.
HEIRS = ("edward-vi", "mary-i", "elizabeth-i")
#: 26: Edward VI and Mary I enter the deck on turn 6.
FIRST_HEIR_TURN = 6
#: 26: Elizabeth I not before turn 7.
ELIZABETH_EARLIEST_TURN = 7
#: The turn of an heir who never rules in the game.
NEVER = 0


def heirs_in_order(chart: int) -> tuple[str, ...]:
    """The heirs who follow Henry, in the order they take the throne (§26's table)."""
    top = highest(chart)
    elizabeth = ("elizabeth-i",) if chart >> (ELIZABETH - 1) & 1 else ()
    if top >= HEALTHY_EDWARD:
        return ("edward-vi",)  # 25: a healthy Edward removes Mary I and Elizabeth I
    if top == SICKLY_EDWARD:
        return ("edward-vi", "mary-i", *elizabeth)
    return ("mary-i", *elizabeth)


def card_turn_law(entry: int, draw: Fraction) -> list[tuple[int, Fraction]]:
    """(turn the card is played, chance) for a card that enters the deck on ``entry``,
    played in each turn with chance ``draw`` (§30.9); :data:`NEVER` for a card still
    unplayed when the game ends.

    Examples
    --------
    >>> card_turn_law(8, Fraction(1, 2))
    [(8, Fraction(1, 2)), (9, Fraction(1, 4)), (0, Fraction(1, 4))]
    """
    law, waiting = [], Fraction(1)
    for turn in range(entry, LAST_TURN + 1):
        if draw:
            law.append((turn, waiting * draw))
        waiting *= 1 - draw
        if not waiting:
            return law
    law.append((NEVER, waiting))
    return law


def entry_turn(heir: str, previous: int | None) -> int:
    """The turn an heir's card enters the deck: turn 6 for the first heir, else the turn
    after the one the ruler before took the throne (Elizabeth not before turn 7)."""
    if previous is None:
        return FIRST_HEIR_TURN
    entry = previous + 1
    return max(entry, ELIZABETH_EARLIEST_TURN) if heir == "elizabeth-i" else entry


def throne_turns(chart: int, draw: Fraction) -> dict[tuple[int, int, int], Fraction]:
    """(Edward VI's, Mary I's, Elizabeth I's turn on the throne) -> exact chance, each turn
    :data:`NEVER` for an heir who does not rule in the game.

    Examples
    --------
    >>> from oddsengine.england.pregnancy_chart import chart_of
    >>> throne_turns(chart_of((2, 4)), Fraction(1))  # Mary 6, then Elizabeth 7
    {(0, 6, 7): Fraction(1, 1)}
    """
    found: dict[tuple[int, int, int], Fraction] = {}

    def follow(heirs, previous, turns, chance):
        if not heirs:
            key = tuple(turns)
            found[key] = found.get(key, Fraction(0)) + chance
            return
        heir, rest = heirs[0], heirs[1:]
        for turn, weight in card_turn_law(entry_turn(heir, previous), draw):
            taken = list(turns)
            taken[HEIRS.index(heir)] = turn
            if turn == NEVER:  # the game ends first: no later heir either
                follow((), None, taken, chance * weight)
            else:
                follow(rest, turn, taken, chance * weight)

    follow(heirs_in_order(chart), None, [NEVER] * len(HEIRS), Fraction(1))
    return found

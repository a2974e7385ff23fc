"""Dice counted by hand for the tests of whole moves (RULES.md §3-§6, §10): exact
binomial hits, 2d6 rolls against 9, and a field battle written out naively (14 steps 2-3,
8-10), all in Fractions, never read from the engine."""

from fractions import Fraction
from math import comb

import pytest
from conftest import assert_within_sigmas

from oddsengine import exact
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.moves.situation import Situation, Stack

THIRD = Fraction(1, 3)


def binomial(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice hit on 5-6)."""
    if not 0 <= hits <= dice:
        return Fraction(0)
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


def naval_losses(squadrons: int, corsairs: int, hits: int, lost: bool) -> tuple[int, int]:
    """§11 losses by hand: (a) each pair of hits sinks a squadron while squadrons last;
    (b) hits left sink a corsair each; (c) a single hit still left sinks one more squadron
    of the loser (``lost``); against the winner it is ignored. Ships left (squadrons,
    corsairs)."""
    pairs = min(hits // 2, squadrons)
    squadrons -= pairs
    left = hits - 2 * pairs
    sunk_corsairs = min(left, corsairs)
    corsairs -= sunk_corsairs
    left -= sunk_corsairs
    if left and lost and squadrons:
        squadrons -= 1
    return squadrons, corsairs


def roll(modifier: int) -> Fraction:
    """13.2 / 13.3: P(2d6 + modifier >= 9)."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + modifier >= 9), 36)


def battle(attacker_units, attacker_dice, defender_units, defender_dice):
    """14 steps 8-9: (probability, attacker wins, attacker left, defender left) per roll.

    More hits wins, a tie goes to the defender; one land unit lost per hit; if both sides
    are wiped out the side that rolled more dice keeps one unit (the defender on equal
    dice)."""
    for a in range(attacker_dice + 1):
        for d in range(defender_dice + 1):
            attacker_left = max(attacker_units - d, 0)
            defender_left = max(defender_units - a, 0)
            if attacker_left == 0 and defender_left == 0:
                if attacker_dice > defender_dice:
                    attacker_left = 1
                else:
                    defender_left = 1
            yield (
                binomial(attacker_dice, a) * binomial(defender_dice, d),
                a > d,
                attacker_left,
                defender_left,
                a,
                d,
            )


def attacker_wins(attacker_dice: int, defender_dice: int) -> Fraction:
    return sum(p for p, won, *_ in battle(0, attacker_dice, 0, defender_dice) if won)


def close(value, expected: Fraction) -> None:
    assert value == pytest.approx(float(expected), abs=1e-12)


def states(move):
    return [
        (weight, state)
        for weight, state in zip(move.end_state_probabilities, move.program.end_states, strict=True)
        if weight > 0
    ]


def monte_carlo_agrees(move, names, seed=1545, trials=400_000):
    """Each named probability within 5 sigma of the exact one (GUIDE: Testing)."""
    sampled = simulate_move(move, trials=trials, seed=seed)
    assert_within_sigmas(sampled, exact(move), names)


OTTOMAN_WARS = [
    ("ottoman", "hapsburg"),
    ("ottoman", "england"),
    ("ottoman", "papacy"),
]


ALLIES = [("hapsburg", "england"), ("hapsburg", "papacy"), ("england", "papacy")]


def one_power_in_vienna(defenders, mover="ottoman: 6R Ibrahim", **settings):
    return Situation(
        [Stack("Pressburg", mover), Stack("Vienna", defenders)],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
        **settings,
    )


def graz_situation(defenders, mover="ottoman: 4R", **settings):
    """An Ottoman stack in Mohacs (Ottoman-controlled) moves into Hapsburg Graz."""
    stacks = [Stack("Mohacs", mover), Stack("Graz", defenders), *settings.pop("stacks", [])]
    control = {"Mohacs": "ottoman", **settings.pop("control", {})}
    return Situation(stacks, control=control, wars=[("ottoman", "hapsburg")], **settings)

"""A deliberately naive reference for the Diet of Worms and the New World (RULES.md §21,
§22): every die rolled one by one, the tables read as the rulebook says them, claims kept
as a set of names. Slow, plain and independent of ``oddsengine.religion.new_world``; the
tests compare both engines with it."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from functools import cache

FACES = range(1, 7)
NUMBERED = {7: "St. Lawrence River", 8: "Great Lakes", 9: "Mississippi River"}
CONQUESTS = {9: ("Maya", 1), 10: ("Aztecs", 2), 11: ("Inca", 2)}


def diet(protestant_cp, papal_cp, hapsburg_cp):
    """(protestant hits - catholic hits) -> probability, die by die: each die a hit (a 5
    or a 6, 2 faces of 6) or a miss (4 faces of 6)."""
    dice = protestant_cp + 4 + papal_cp + hapsburg_cp
    found = defaultdict(Fraction)
    for hits in itertools.product((True, False), repeat=dice):
        weight = Fraction(1)
        for hit in hits:
            weight *= Fraction(2 if hit else 4, 6)
        protestant = sum(hits[: protestant_cp + 4])
        catholic = sum(hits[protestant_cp + 4 :])
        found[protestant - catholic] += weight
    return dict(found)


def _two_dice():
    for first in FACES:
        for second in FACES:
            yield first + second, Fraction(1, 36)


@cache  # the same 36 rolls summed for each explorer
def _circumnavigation_chance(value, mercator):
    return sum(
        (chance for total, chance in _two_dice() if total + value + 2 * mercator >= 10), Fraction(0)
    )


def explore(value, roll, circle, claimed, mercator=False, uncharted=False, choice="best"):
    """One exploration: (outcome, names newly claimed, VP, card)."""
    modified = roll + value + (2 if mercator else 0) - (1 if uncharted else 0)
    if modified <= 4:
        return "lost", set(), 0, False
    if modified <= 6:
        return "nothing", set(), 0, False
    if modified <= 9:
        for number in range(modified, 6, -1):
            if NUMBERED[number] not in claimed:
                return "discovery", {NUMBERED[number]}, 1, False
        return "nothing", set(), 0, False
    one_vp = [NUMBERED[n] for n in (9, 8, 7) if NUMBERED[n] not in claimed]
    options = []  # (worth, preference, name): the sure VP first on a tie
    if "Amazon River" not in claimed:
        options.append((Fraction(2), 0, "amazon"))
    if one_vp:
        options.append((Fraction(1), 1, "discovery"))
    if "Circumnavigation" not in claimed:
        strait = 0 if "Pacific Strait" in claimed else 1
        worth = strait + 3 * _circumnavigation_chance(value, mercator)
        options.append((worth, 2, "circumnavigate"))
    if not options:
        return "nothing", set(), 0, False
    names = [name for _, _, name in options]
    taken = choice if choice in names else max(options, key=lambda o: (o[0], -o[1]))[2]
    if taken == "amazon":
        return "discovery", {"Amazon River"}, 2, False
    if taken == "discovery":
        return "discovery", {one_vp[0]}, 1, False
    gained = set() if "Pacific Strait" in claimed else {"Pacific Strait"}
    vp = len(gained)
    if circle + value + (2 if mercator else 0) >= 10:
        return (
            "circumnavigation",
            gained | {"Circumnavigation"},
            vp + 3,
            circle + value + (2 if mercator else 0) >= 12,
        )
    return "circumnavigation_failed", gained, vp, False


def voyage(values, claimed=(), mercator=False, uncharted=False, choice="best"):
    """(outcome, frozenset claimed, VP) -> probability over a uniform pool of ``values``,
    the four dice rolled one by one."""
    found = defaultdict(Fraction)
    for value in values:
        for faces in itertools.product(FACES, repeat=4):
            outcome, gained, vp, _ = explore(
                value,
                faces[0] + faces[1],
                faces[2] + faces[3],
                set(claimed),
                mercator,
                uncharted,
                choice,
            )
            found[(outcome, frozenset(gained), vp)] += Fraction(1, 6**4 * len(values))
    return dict(found)


def conquest(values, claimed=(), smallpox=False):
    """(outcome, conquest or None, VP) -> probability over a uniform pool of ``values``."""
    found = defaultdict(Fraction)
    for value in values:
        for first, second in itertools.product(FACES, repeat=2):
            modified = first + second + value + (2 if smallpox else 0)
            key = ("killed", None, 0) if modified <= 6 else ("nothing", None, 0)
            if modified >= 9:
                for number in range(min(modified, 11), 8, -1):
                    name, vp = CONQUESTS[number]
                    if name not in claimed:
                        key = ("conquest", name, vp)
                        break
            found[key] += Fraction(1, 36 * len(values))
    return dict(found)


def turn(sailors, claimed=()):
    """A turn's voyages: ``sailors`` is ((power, value, mercator, uncharted), ...) with named
    explorers; resolved best value first, ties England, France, Hapsburg. Returns
    (per-power outcomes tuple, frozenset claimed) -> probability, over 2d6 totals."""
    rank = {"england": 0, "france": 1, "hapsburg": 2}
    order = sorted(sailors, key=lambda s: (-s[1], rank[s[0]]))
    states = {((), frozenset(claimed)): Fraction(1)}
    for power, value, mercator, uncharted in order:
        following = defaultdict(Fraction)
        for (done, held), weight in states.items():
            for roll, chance in _two_dice():
                for circle, circle_chance in _two_dice():
                    outcome, gained, _, _ = explore(value, roll, circle, held, mercator, uncharted)
                    key = (done + ((power, outcome),), held | gained)
                    following[key] += weight * chance * circle_chance
        states = following
    return {(tuple(sorted(done)), held): weight for (done, held), weight in states.items()}


def sample_turn(sailors, trials, seed, claimed=()):
    """A turn's voyages played ``trials`` times, die by die: ``sailors`` is ((power, pool
    values, mercator, uncharted), ...); each power's explorer is drawn from its pool (each
    value of ``pool values`` one explorer), two dice rolled one by one for the voyage and
    two more for a circumnavigation, the voyages resolved best value first, ties England,
    France, Hapsburg, each against the names claimed before it. Returns the counts of
    (power, outcome), of each name claimed in the turn, and the summed VP of each power."""
    import random

    rank = {"england": 0, "france": 1, "hapsburg": 2}
    generator = random.Random(seed)
    counts = defaultdict(int)
    vp = defaultdict(int)
    for _ in range(trials):
        drawn = []
        for power, pool, mercator, uncharted in sailors:
            value = pool[generator.randrange(len(pool))]
            dice = [generator.randint(1, 6) for _ in range(4)]
            drawn.append((power, value, mercator, uncharted, dice))
        held = set(claimed)
        for power, value, mercator, uncharted, dice in sorted(
            drawn, key=lambda sailor: (-sailor[1], rank[sailor[0]])
        ):
            outcome, gained, won, _ = explore(
                value, dice[0] + dice[1], dice[2] + dice[3], held, mercator, uncharted
            )
            counts[(power, outcome)] += 1
            for name in gained:
                counts[name] += 1
            vp[power] += won
            held |= gained
    return dict(counts), dict(vp)

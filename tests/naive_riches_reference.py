"""A deliberately naive reference for the New World riches with the Raiders (RULES.md §28.7,
§30.14, §30.16): every die rolled one by one, the table read from its printed lines, the
Raiders kept as a list of [name, status, cards stolen]. Slow, plain and independent of
``oddsengine.card_rolls``; the tests compare both engines with it."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

FACES = range(1, 7)
SIXTH = Fraction(1, 6)
COLUMNS = ("inca", "aztec", "maya", "potosi", "colony")
#: RULES.md §28.7, line by line as printed: the totals, then each column's result.
LINES = [
    (range(2, 4), ["Depleted", "Depleted", "Depleted", "Elim", "Elim"]),
    (range(4, 5), ["Depleted", "Depleted", "Depleted", "NE", "Elim"]),
    (range(5, 6), ["Depleted", "Depleted", "Depleted", "NE", "NE"]),
    (range(6, 7), ["Card", "NE", "Depleted", "NE", "NE"]),
    (range(7, 8), ["Galleon", "Galleon", "Galleon", "Galleon", "NE"]),
    (range(8, 9), ["Card", "Card", "Card", "Card", "Galleon"]),
    (range(9, 13), ["Card", "Card", "Card", "Card", "Card"]),
]
ORDER = ["france", "england", "protestant"]
STATUS_CODES = {"in play": 0, "eliminated": 1, "retired": 2}
FATE_CODES = {"none": 0, "kept": 1, "stolen": 2}


def read(column, first_die, second_die, plantations=False, governor=False, uprising=False):
    """The line a holding's two dice read on its column."""
    if governor:
        return "Card"
    if uprising:
        return "Elim"
    total = first_die + second_die
    if plantations and column in ("potosi", "colony"):
        total = min(total + 1, 12)
    for totals, results in LINES:
        if total in totals:
            return results[COLUMNS.index(column)]
    raise AssertionError(total)


def gives_card(result, galleons):
    return result in ("Depleted", "Card") or (result == "Galleon" and galleons)


def lost(column, result):
    if column in ("inca", "aztec", "maya"):
        return result in ("Depleted", "Elim")
    return result == "Elim"


def raid_one_by_one(raiders, faces, galleons):
    """The Raiders roll, in order, against one card: ``faces`` holds each Raider's die
    (used only if it rolls). Returns the thief's name or None; changes ``raiders``."""
    for index, raider in enumerate(raiders):
        name, status, _ = raider
        if status != "in play":
            continue
        face = faces[index]
        if face == 1 or (face == 2 and galleons):
            raider[1] = "eliminated"
        elif face in (5, 6):
            raider[2] += 1
            if face == 5:
                raider[1] = "retired"
            return name
    return None


def _state(raiders, fates, lost_count):
    return (
        *(STATUS_CODES[status] for _, status, _ in raiders),
        *(stolen for _, _, stolen in raiders),
        *(FATE_CODES[fate] for fate in fates),
        lost_count,
    )


def resolve(
    holdings, raiders, dice, galleons=False, plantations=False, governor=None, uprising=None
):
    """One turn from its dice: ``dice`` holds, per holding, (first die, second die,
    Raiders' faces). The end state, laid out as the engine's end fields."""
    party = [[name, "in play", 0] for name in ORDER if name in raiders]
    fates, lost_count = [], 0
    for index, (column, (first, second, faces)) in enumerate(zip(holdings, dice, strict=True)):
        label = _labels(holdings)[index]
        result = read(column, first, second, plantations, governor == label, uprising == label)
        lost_count += lost(column, result)
        if not gives_card(result, galleons):
            fates.append("none")
            continue
        thief = raid_one_by_one(party, faces, galleons)
        fates.append("kept" if thief is None else "stolen")
    return _state(party, fates, lost_count)


def _labels(holdings):
    labels, colonies = [], 0
    for column in holdings:
        if column == "colony":
            colonies += 1
            labels.append(f"colony:{colonies}")
        else:
            labels.append(column)
    return labels


def turn(holdings, raiders=(), galleons=False, plantations=False, governor=None, uprising=None):
    """End state -> exact probability, every die rolled one by one: each holding's two
    dice, then each Raider that rolls its own die, state by state."""
    start = ([[name, "in play", 0] for name in ORDER if name in raiders], (), 0)
    found = {_key(*start): (start, Fraction(1))}
    for index, column in enumerate(holdings):
        label = _labels(holdings)[index]
        after = defaultdict(Fraction)
        kept_states = {}
        for (party, fates, lost_count), weight in found.values():
            for first in FACES:
                for second in FACES:
                    result = read(
                        column, first, second, plantations, governor == label, uprising == label
                    )
                    chance = weight * SIXTH * SIXTH
                    lost_now = lost_count + lost(column, result)
                    if not gives_card(result, galleons):
                        state = (_copy(party), (*fates, "none"), lost_now)
                        after[_key(*state)] += chance
                        kept_states[_key(*state)] = state
                        continue
                    for faces, face_chance in _faces_rolled(party):
                        copy = _copy(party)
                        thief = raid_one_by_one(copy, faces, galleons)
                        state = (copy, (*fates, "kept" if thief is None else "stolen"), lost_now)
                        after[_key(*state)] += chance * face_chance
                        kept_states[_key(*state)] = state
        found = {key: (kept_states[key], weight) for key, weight in after.items()}
    return {_state(*state): weight for state, weight in found.values()}


def _faces_rolled(party):
    """Every die of the Raiders in play, one by one (1/6 each); a Raider out of play rolls
    nothing (its face is never read)."""
    options = [([0], Fraction(1))]
    for _, status, _ in party:
        if status != "in play":
            options = [(faces + [0], chance) for faces, chance in options]
            continue
        options = [(faces + [face], chance * SIXTH) for faces, chance in options for face in FACES]
    return [(faces[1:], chance) for faces, chance in options]


def _copy(party):
    return [list(raider) for raider in party]


def _key(party, fates, lost_count):
    return (tuple(tuple(raider) for raider in party), tuple(fates), lost_count)


def sample_turn(holdings, raiders, rng: random.Random, **options):
    """One turn drawn die by die with Python's own generator: (dice, end state)."""
    count = sum(name in raiders for name in ORDER)
    dice = [
        (rng.randint(1, 6), rng.randint(1, 6), [rng.randint(1, 6) for _ in range(count)])
        for _ in holdings
    ]
    return dice, resolve(holdings, raiders, dice, **options)

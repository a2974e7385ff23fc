"""A deliberately naive reference: dice rolled one by one, as the rulebook describes.

It shares no code with the engine beyond the force notation: every rule of a field battle
(14) and an assault (15.1) is written out again here, trial by trial, so that the exact
engine and the fast kernel can both be checked against it.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

MERCENARIES_FIRST = ("mercenaries", "regulars", "cavalry")


class RandomDice:
    """Six-sided dice from a NumPy generator, one die at a time."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def face(self):
        return int(self.rng.integers(1, 7))

    def hits(self, hits_on):
        return self.face() >= hits_on


class _NeedsBranch(Exception):
    pass


class ScriptedDice:
    """Dice that follow a script of results; used to enumerate every possible roll."""

    def __init__(self, script):
        self.script = script
        self.position = 0
        self.branch = None

    def _next(self, choices):
        if self.position < len(self.script):
            value = self.script[self.position]
            self.position += 1
            return value
        self.branch = choices
        raise _NeedsBranch

    def face(self):
        return self._next(tuple((face, 1 / 6) for face in range(1, 7)))

    def hits(self, hits_on):
        chance = (7 - hits_on) / 6
        return self._next(((True, chance), (False, 1 - chance)))


def enumerate_exactly(function, *args, **kwargs):
    """Exact distribution of ``function(dice, ...)`` by running it under every sequence of
    die results (brute force: the number of runs doubles with every die)."""
    distribution = Counter()
    stack = [((), 1.0)]
    while stack:
        script, probability = stack.pop()
        dice = ScriptedDice(script)
        try:
            outcome = function(dice, *args, **kwargs)
        except _NeedsBranch:
            for value, chance in dice.branch:
                if chance > 0:
                    stack.append(((*script, value), probability * chance))
            continue
        distribution[outcome] += probability
    return distribution


def roll(dice, count, hits_on=5):
    """Roll ``count`` dice one at a time; count those showing ``hits_on`` or more."""
    hits = 0
    for _ in range(max(count, 0)):
        if dice.hits(hits_on):
            hits += 1
    return hits


def remove_losses(units, losses, order=MERCENARIES_FIRST):
    units = dict(units)
    for kind in order:
        taken = min(losses, units[kind])
        units[kind] -= taken
        losses -= taken
    return units


def total(units):
    return units["regulars"] + units["mercenaries"] + units["cavalry"]


def _units(force):
    return {"regulars": force.regulars, "mercenaries": force.mercenaries, "cavalry": force.cavalry}


def _rating(force):
    return max((leader.battle_rating for leader in force.leaders), default=0)


def _capacity(force):
    """RULES.md §1: 4 without a leader, else the two best command ratings; None (no
    limit) with an anonymous leader."""
    ratings = [leader.command_rating for leader in force.leaders]
    if any(rating is None for rating in ratings):
        return None
    if not ratings:
        return 4
    return sum(sorted(ratings, reverse=True)[:2])


def field_battle(
    roller,
    attacker,
    defender,
    *,
    attacker_cards=(),
    defender_cards=(),
    janissaries_policy="if-it-changes-the-outcome",
):
    """One field battle (rule 14). Returns (outcome, attacker survivors, defender survivors,
    janissaries spent)."""
    units = {"attacker": _units(attacker), "defender": _units(defender)}
    powers = {"attacker": attacker.power, "defender": defender.power}
    cards = {"attacker": set(attacker_cards), "defender": set(defender_cards)}
    rating = {"attacker": _rating(attacker), "defender": _rating(defender)}
    other = {"attacker": "defender", "defender": "attacker"}
    # Mercenaries Bribed: half the opponent's mercenaries, rounded up, change sides.
    for side in ("attacker", "defender"):
        if "mercenaries-bribed" in cards[side]:
            moved = math.ceil(units[other[side]]["mercenaries"] / 2)
            units[other[side]]["mercenaries"] -= moved
            units[side]["mercenaries"] += moved
    start = {side: total(units[side]) for side in units}

    def dice_for(side, land_units):
        dice = land_units + rating[side] + (1 if side == "defender" else 0)
        if "arquebusiers" in cards[side]:
            dice += 2
        if "field-artillery" in cards[side]:
            dice += 3 if powers[side] in ("france", "ottoman") else 2
        if "tercios" in cards[other[side]] and powers[other[side]] != "hapsburg":
            dice -= 3
        return max(dice, 0)

    def roll_side(side, land_units):
        if land_units == 0:
            return 0, 0
        dice = dice_for(side, land_units)
        hits = roll(roller, dice)
        if "tercios" in cards[side] and powers[side] == "hapsburg":
            hits += roll(roller, 3, hits_on=4)
            dice += 3
        return hits, dice

    hits, dice = {}, {}
    first = next((s for s in ("attacker", "defender") if "surprise-attack" in cards[s]), None)
    if first is None:
        for side in ("attacker", "defender"):
            hits[side], dice[side] = roll_side(side, start[side])
    else:
        second = other[first]
        hits[first], dice[first] = roll_side(first, start[first])
        left = start[second] - min(hits[first], start[second])
        hits[second], dice[second] = roll_side(second, left)
    spent = False
    for side in ("attacker", "defender"):
        if "janissaries" in cards[side]:
            winning = (hits["attacker"] > hits["defender"]) == (side == "attacker")
            could_turn = (
                hits["attacker"] + 5 > hits["defender"]
                if side == "attacker"
                else hits["defender"] + 5 >= hits["attacker"]
            )
            if janissaries_policy == "always" or (not winning and could_turn):
                spent = True
                hits[side] += roll(roller, 5)
                dice[side] += 5
    outcome = "attacker_wins" if hits["attacker"] > hits["defender"] else "defender_wins"
    survivors = {
        side: start[side] - min(hits[other[side]], start[side]) for side in ("attacker", "defender")
    }
    if survivors["attacker"] == 0 and survivors["defender"] == 0:
        keeper = "attacker" if dice["attacker"] > dice["defender"] else "defender"
        survivors[keeper] = 1
    return outcome, survivors["attacker"], survivors["defender"], spent


def assault(
    roller,
    attacker,
    defender,
    *,
    attacker_cards=(),
    defender_cards=(),
    artillery_policy="if-it-changes-the-outcome",
):
    """One assault (15.1) by the besieging stack ``attacker``. Returns (outcome, survivors
    of the assaulting formation, defender survivors, siege artillery spent)."""
    stack, defending = _units(attacker), _units(defender)
    # RULES.md §7: one formation assaults - here the strongest: up to the command
    # capacity, regulars, then mercenaries, then cavalry. The rest stand by.
    room = _capacity(attacker)
    attacking, standing = {}, {}
    for kind in ("regulars", "mercenaries", "cavalry"):
        attacking[kind] = stack[kind] if room is None else min(stack[kind], room)
        standing[kind] = stack[kind] - attacking[kind]
        if room is not None:
            room -= attacking[kind]
    # Landsknechts / Swiss Mercenaries: placed in the space; they join the formation
    # only while it has room.
    added = 0
    if "landsknechts" in attacker_cards:
        added += 4 if attacker.power == "hapsburg" else 2
    if "swiss-mercenaries" in attacker_cards:
        added += 4 if attacker.power == "france" else 2
    joining = added if room is None else min(added, room)
    attacking["mercenaries"] += joining
    standing["mercenaries"] += added - joining
    treachery = "treachery" in attacker_cards
    if "mercenaries-grow-restless" in defender_cards:
        attacking["mercenaries"] = 0
        if total(attacking) + total(standing) <= total(defending):
            return "siege_broken", total(attacking), total(defending), False
        if total(attacking) == 0:  # nobody left to assault; the siege holds
            if treachery:
                return "success", 0, 0, False
            return "siege_continues", 0, total(defending), False
    start_attacking, start_defending = total(attacking), total(defending)

    def attacker_dice(units):
        infantry = units["regulars"] + units["mercenaries"]
        dice = infantry if start_defending == 0 else math.ceil(infantry / 2)
        dice += _rating(attacker)
        if "siege-mining" in attacker_cards:
            dice += 3
        return dice

    def defender_dice(units):
        return units["regulars"] + units["mercenaries"] + _rating(defender) + 1

    if "surprise-attack" in attacker_cards:
        attacker_hits = roll(roller, attacker_dice(attacking))
        left = remove_losses(defending, attacker_hits)
        defender_hits = roll(roller, defender_dice(left)) if total(left) > 0 else 0
    elif "surprise-attack" in defender_cards:
        defender_hits = roll(roller, defender_dice(defending))
        left = remove_losses(attacking, defender_hits)
        attacker_hits = roll(roller, attacker_dice(left)) if total(left) > 0 else 0
    else:
        attacker_hits = roll(roller, attacker_dice(attacking))
        defender_hits = roll(roller, defender_dice(defending))

    def succeeds(a_hits, d_hits):
        return (
            a_hits >= 1
            and start_defending - min(a_hits, start_defending) == 0
            and (start_attacking - min(d_hits, start_attacking) >= 1)
        )

    spent = False
    if "siege-artillery" in attacker_cards:
        useful = not succeeds(attacker_hits, defender_hits) and succeeds(
            attacker_hits + 2, defender_hits
        )
        if artillery_policy == "always" or useful:
            spent = True
            attacker_hits += roll(roller, 2, hits_on=3)
    attacker_left = start_attacking - min(defender_hits, start_attacking)
    defender_left = start_defending - min(attacker_hits, start_defending)
    besiegers_left = attacker_left + total(standing)
    if succeeds(attacker_hits, defender_hits):
        outcome = "success"
    elif besiegers_left > defender_left and treachery:
        # Treachery!: the besiegers still outnumber the garrison, which is eliminated.
        outcome, defender_left = "success", 0
    elif besiegers_left > defender_left:
        outcome = "siege_continues"
    else:
        outcome = "siege_broken"
    return outcome, attacker_left, defender_left, spent


def two_dice_roll(dice, modifier):
    """One 2d6 roll for interception or avoid battle: success on 9 or more."""
    return dice.face() + dice.face() + modifier >= 9


def tally(function, trials, seed, *args, **kwargs):
    """Run ``function`` ``trials`` times with random dice and count its results."""
    dice = RandomDice(seed)
    return Counter(function(dice, *args, **kwargs) for _ in range(trials))

"""A deliberately naive reference for naval combat (16.2) and piracy (16.4), die by die.

It shares no code with the engine beyond the fleet notation: the rules of RULES.md §11
and §12 are written out again here, one die and one hit at a time, so that the exact
engine can be checked against a brute-force enumeration of every roll
(``naive_reference.enumerate_exactly``).
"""

from __future__ import annotations

from naive_reference import roll

_SQUADRON_DICE = 2


def _naval_dice(fleet):
    rating = max((leader.battle_rating for leader in fleet.leaders), default=0)
    return _SQUADRON_DICE * fleet.squadrons + fleet.corsairs + rating


def _sink(squadrons, corsairs, hits, loser):
    """Apply hits one rule at a time: (a) pairs on squadrons, (b) corsairs, (c) the odd
    hit sinks one more squadron of the loser."""
    while hits >= 2 and squadrons > 0:
        squadrons -= 1
        hits -= 2
    while hits > 0 and corsairs > 0:
        corsairs -= 1
        hits -= 1
    if hits > 0 and loser and squadrons > 0:
        squadrons -= 1
    return squadrons, corsairs


def naval_battle(
    dice,
    attacker,
    defender,
    *,
    in_port=False,
    attacker_arquebusiers=False,
    defender_arquebusiers=False,
    attacker_post_roll=0,
    defender_post_roll=0,
):
    """One naval battle. ``*_post_roll`` is the dice of a post-roll card the side plays
    only if it is losing and the dice could still turn the result (0: no card).

    Returns (outcome, attacker squadrons, attacker corsairs, defender squadrons, defender
    corsairs)."""
    attacker_dice = _naval_dice(attacker) + (2 if attacker_arquebusiers else 0)
    defender_dice = _naval_dice(defender) + (2 if defender_arquebusiers else 0)
    if in_port:
        defender_dice += 1
    attacker_hits = roll(dice, attacker_dice)
    defender_hits = roll(dice, defender_dice)
    if attacker_post_roll and attacker_hits <= defender_hits < attacker_hits + attacker_post_roll:
        attacker_hits += roll(dice, attacker_post_roll)
        attacker_dice += attacker_post_roll
    if defender_post_roll and defender_hits < attacker_hits <= defender_hits + defender_post_roll:
        defender_hits += roll(dice, defender_post_roll)
        defender_dice += defender_post_roll
    attacker_wins = attacker_hits > defender_hits
    a_sq, a_co = _sink(attacker.squadrons, attacker.corsairs, defender_hits, not attacker_wins)
    d_sq, d_co = _sink(defender.squadrons, defender.corsairs, attacker_hits, attacker_wins)
    if a_sq + a_co == 0 and d_sq + d_co == 0:
        if attacker_dice > defender_dice:
            a_sq, a_co = (1, 0) if attacker.squadrons else (0, 1)
        else:
            d_sq, d_co = (1, 0) if defender.squadrons else (0, 1)
    outcome = "attacker_wins" if attacker_wins else "defender_wins"
    return outcome, a_sq, a_co, d_sq, d_co


def piracy(
    dice,
    corsairs,
    piracy_rating,
    zone_squadrons,
    adjacent_squadrons,
    adjacent_fortresses,
    target_ports,
):
    """One piracy action. Returns (corsairs lost, piracy hits)."""
    anti_piracy_dice = 2 * zone_squadrons + adjacent_squadrons + adjacent_fortresses
    lost = 0
    for _ in range(anti_piracy_dice):
        if dice.hits(5) and lost < corsairs:
            lost += 1
    left = corsairs - lost
    if left == 0:
        return lost, 0
    base = 1 if (left == 1 or target_ports == 1) else 2
    return lost, roll(dice, base + piracy_rating)

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


# -- naval moves (RULES.md §14), for two fixed scenarios -----------------------------------


def _fleet_text(power, squadrons, corsairs, leaders):
    """The fleet notation (``ottoman: 1Sq 1Co Barbarossa``), written out again."""
    parts = [f"{power}:"]
    if squadrons or not corsairs:
        parts.append(f"{squadrons}Sq")
    if corsairs:
        parts.append(f"{corsairs}Co")
    return " ".join(parts + list(leaders))


def barbarossa_intercepted(dice):
    """Ottoman 1Sq 1Co Barbarossa leave Tunis for the Barbary Coast; Hapsburg 1Sq Doria in
    the Tyrrhenian Sea intercept on 2d6 + 2 >= 9. Battle at sea, 5 dice against 4; the loser
    retreats: the Ottomans to Algiers (their ports Algiers and Tunis first, by name), the
    Hapsburgs to Cagliari (their ports Cagliari, Cartagena, Gibraltar, Oran, Palma first).

    Returns (outcome, where the mover ends, where Doria's ships end)."""
    from oddsengine.combat.fleets import parse_fleet

    mover = parse_fleet("ottoman: 1Sq 1Co Barbarossa")
    doria = parse_fleet("hapsburg: 1Sq Doria")
    if not dice.face() + dice.face() + 2 >= 9:
        return (
            "mover_in_destination",
            "Barbary Coast: ottoman: 1Sq 1Co Barbarossa",
            "hapsburg: 1Sq Andrea Doria in Tyrrhenian Sea",
        )
    outcome, a_sq, a_co, d_sq, d_co = naval_battle(dice, mover, doria)
    mover_alive = a_sq + a_co > 0
    doria_alive = d_sq + d_co > 0
    if outcome == "attacker_wins":
        mover_at = "Barbary Coast"
        doria_at = "Cagliari"
    else:
        mover_at = "Algiers"
        doria_at = "Barbary Coast"
    mover_end = (
        f"{mover_at}: {_fleet_text('ottoman', a_sq, a_co, ['Barbarossa'])}"
        if mover_alive
        else "eliminated"
    )
    doria_end = (
        f"{_fleet_text('hapsburg', d_sq, d_co, ['Andrea Doria'])} in {doria_at}"
        if doria_alive
        else "hapsburg: eliminated"
    )
    if not mover_alive:
        result = "mover_eliminated"
    elif mover_at == "Barbary Coast":
        result = "mover_in_destination"
    else:
        result = "mover_retreats"
    return result, mover_end, doria_end


def two_powers_in_the_zone(dice, venetians_avoid):
    """Ottoman 2Sq leave Algiers for the Barbary Coast, where Hapsburg 1Sq and Venetian
    1Sq stand (nobody adjacent may intercept). If ``venetians_avoid``, the Venetians first
    try to avoid battle to the Ionian Sea (2d6 >= 9); the Hapsburgs fight. The Ottomans
    fight the Hapsburgs first (impulse order), then, if they won, the Venetians. A loser
    retreats: the Ottomans to Algiers, the Hapsburgs to Cagliari, the Venetians to the Gulf
    of Lyon (no Venetian port there; free zones by name).

    Returns (outcome, mover end, Hapsburg end, Venetian end)."""
    from oddsengine.combat.fleets import parse_fleet

    venice_at = "Barbary Coast"
    if venetians_avoid and dice.face() + dice.face() >= 9:
        venice_at = "Ionian Sea"
    squadrons, corsairs = 2, 0
    hapsburg_end = venice_end = None
    mover_at = "Barbary Coast"
    for power, retreat in (("hapsburg", "Cagliari"), ("venice", "Gulf of Lyon")):
        if power == "venice" and venice_at != "Barbary Coast":
            break
        mover = parse_fleet(_fleet_text("ottoman", squadrons, corsairs, []))
        outcome, squadrons, corsairs, d_sq, d_co = naval_battle(
            dice, mover, parse_fleet(f"{power}: 1Sq")
        )
        alive = d_sq + d_co > 0
        if outcome == "attacker_wins":
            end = f"{power}: {d_sq}Sq in {retreat}" if alive else f"{power}: eliminated"
        else:
            end = f"{power}: {d_sq}Sq in Barbary Coast" if alive else f"{power}: eliminated"
            mover_at = "Algiers"
        if power == "hapsburg":
            hapsburg_end = end
        else:
            venice_end = end
        if squadrons + corsairs == 0 or mover_at == "Algiers":
            break
    if venice_end is None:
        venice_end = f"venice: 1Sq in {venice_at}"
    if squadrons + corsairs == 0:
        return "mover_eliminated", "eliminated", hapsburg_end, venice_end
    result = "mover_in_destination" if mover_at == "Barbary Coast" else "mover_retreats"
    return result, f"{mover_at}: ottoman: {squadrons}Sq", hapsburg_end, venice_end

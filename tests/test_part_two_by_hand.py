"""RULES.md Part II by hand: §11 naval combat, §12 piracy, §13 foreign wars (and the §9
policies they take).

Every expected figure is written from the text of RULES.md in Fractions: binomial hits at
1/3 a die, 2d6 tables against 9, the naval loss order and the foreign-war attempt written
out again here (:func:`naval_cells`, :func:`war_chain`), never read from the engine. The
§14 and §15 moves on the board are in ``test_naval_rules_by_hand.py``.
"""

import contextlib
import io
import json
from collections import defaultdict
from fractions import Fraction

import pytest
from conftest import assert_within_sigmas
from hand_dice import binomial, close, roll

import oddsengine as oe
from oddsengine.cli import main

# -- §11 written out: the dice, the winner, the loss order, both wiped out, the retreat --


def sink(squadrons, corsairs, hits, loser):
    """§11 losses: (a) each pair of hits sinks a squadron while squadrons last; (b) hits
    left sink a corsair each; (c) a single hit still left sinks one more squadron of the
    loser; against the winner it is ignored."""
    pairs = min(hits // 2, squadrons)
    squadrons -= pairs
    left = hits - 2 * pairs
    sunk = min(left, corsairs)
    corsairs -= sunk
    left -= sunk
    if loser and left and squadrons:
        squadrons -= 1
    return squadrons, corsairs


def naval_cells(attacker, attacker_dice, defender, defender_dice, in_port=False, post=None):
    """(winner, attacker squadrons, corsairs, defender squadrons, corsairs) -> probability.

    ``attacker`` and ``defender`` are (squadrons, corsairs); the dice are counted by the
    caller (§11: 2 a squadron, 1 a corsair, the best naval rating, +1 for the defender in
    a port). ``post`` = (role, dice, policy) is one post-roll card (Janissaries, Rowers):
    ``always``, or played only when its side is losing and its dice could still turn it.
    A side that must leave with nowhere to go is not modelled here (retreat is open)."""
    cells = defaultdict(Fraction)
    for a in range(attacker_dice + 1):
        for d in range(defender_dice + 1):
            weight = binomial(attacker_dice, a) * binomial(defender_dice, d)
            outcomes = [(Fraction(1), a, d, attacker_dice, defender_dice)]
            if post is not None:
                role, dice, policy = post
                if role == "attacker":
                    play = policy == "always" or (a <= d < a + dice)
                    if play:
                        outcomes = [
                            (binomial(dice, x), a + x, d, attacker_dice + dice, defender_dice)
                            for x in range(dice + 1)
                        ]
                else:
                    play = policy == "always" or (d < a <= d + dice)
                    if play:
                        outcomes = [
                            (binomial(dice, x), a, d + x, attacker_dice, defender_dice + dice)
                            for x in range(dice + 1)
                        ]
            for chance, a_hits, d_hits, a_rolled, d_rolled in outcomes:
                winner = "attacker" if a_hits > d_hits else "defender"  # a tie: the defender
                a_left = sink(*attacker, d_hits, winner == "defender")
                d_left = sink(*defender, a_hits, winner == "attacker")
                if sum(a_left) == 0 and sum(d_left) == 0:
                    # More dice rolled keeps 1 unit, the defender on equal dice (a squadron
                    # if it had one: the engine's reading, the text says "1 unit").
                    if a_rolled > d_rolled:
                        a_left = (1, 0) if attacker[0] else (0, 1)
                    else:
                        d_left = (1, 0) if defender[0] else (0, 1)
                cells[(winner, *a_left, *d_left)] += weight * chance
    return cells


def engine_cells(battle):
    cells = defaultdict(float)
    frame = oe.exact(battle).states_frame()
    for row in frame.itertuples():
        key = (
            row.outcome.split("_")[0],
            row.attacker_squadrons,
            row.attacker_corsairs,
            row.defender_squadrons,
            row.defender_corsairs,
        )
        cells[key] += row.probability
    return cells


def assert_same_cells(battle, expected):
    found = engine_cells(battle)
    for key in set(found) | set(expected):
        close(found.get(key, 0.0), expected.get(key, Fraction(0)))


def attacker_wins(cells):
    return sum(p for key, p in cells.items() if key[0] == "attacker")


# -- §11 naval combat --------------------------------------------------------------------


def test_naval_dice_two_a_squadron_one_a_corsair_and_the_best_rating():
    # §11: 3 squadrons, 2 corsairs, Barbarossa (2) = 6 + 2 + 2 = 10; Doria's 2 squadrons
    # = 4 + 2 = 6 at sea, 7 in a port. Barbarossa and Dragut together: only the 2 counts.
    at_sea = oe.NavalBattle("ottoman: 3Sq 2Co Barbarossa", "hapsburg: 2Sq Doria")
    in_port = oe.NavalBattle("ottoman: 3Sq 2Co Barbarossa", "hapsburg: 2Sq Doria", in_port=True)
    both = oe.NavalBattle("ottoman: 1Sq 3Co Barbarossa Dragut", "venice: 3Sq")
    assert (at_sea.attacker_dice, at_sea.defender_dice) == (10, 6)
    assert (in_port.attacker_dice, in_port.defender_dice) == (10, 7)
    assert (both.attacker_dice, both.defender_dice) == (2 + 3 + 2, 6)
    assert_same_cells(at_sea, naval_cells((3, 2), 10, (2, 0), 6))
    assert_same_cells(in_port, naval_cells((3, 2), 10, (2, 0), 7, in_port=True))


def test_naval_tie_goes_to_the_defender():
    # §11: 1 squadron each at sea, 2 dice each. The attacker wins only with more hits:
    # P(1)P(0) + P(2)P(0 or 1) = 4/9 * 4/9 + 1/9 * 8/9 = 24/81 = 8/27.
    battle = oe.NavalBattle("france: 1Sq", "england: 1Sq")
    assert oe.exact(battle).p["attacker_wins"] == pytest.approx(8 / 27, abs=1e-12)
    # The English keep their squadron and sink the French one when they hit 1 or 2 and the
    # French 0 or 1 (the loser's odd hit sinks, the winner's is ignored): 5/9 * 8/9; and on
    # 2-2 both are sunk, equal dice, the defender keeps it: 1/81. 40/81 + 1/81 = 41/81.
    close(engine_cells(battle)[("defender", 0, 0, 1, 0)], Fraction(41, 81))


def test_naval_loss_order_cell_by_cell():
    # §11 losses, Ottomans 1Sq 2Co (4 dice) attack Hapsburg 2Sq (4 dice) at sea.
    # 3 Hapsburg hits: the pair sinks the squadron (a), the hit left a corsair (b): 0Sq 1Co
    # (1 hit sinks a corsair only, 2 the squadron only, 4 everything). The Hapsburgs win
    # and keep 1 squadron on 2 or 3 Ottoman hits (a pair; the winner's odd hit ignored).
    held = binomial(4, 3) * (binomial(4, 2) + binomial(4, 3))
    # 1 Hapsburg hit sinks an Ottoman corsair (b, no pair); 3 or 4 Ottoman hits win and
    # sink both Hapsburg squadrons: a pair and the loser's odd hit (c), or two pairs.
    won = binomial(4, 1) * (binomial(4, 3) + binomial(4, 4))
    cells = naval_cells((1, 2), 4, (2, 0), 4)
    assert (cells[("defender", 0, 1, 1, 0)], cells[("attacker", 1, 1, 0, 0)]) == (held, won)
    battle = oe.NavalBattle("ottoman: 1Sq 2Co", "hapsburg: 2Sq")
    found = engine_cells(battle)
    close(found[("defender", 0, 1, 1, 0)], held)
    close(found[("attacker", 1, 1, 0, 0)], won)
    assert_same_cells(battle, cells)


@pytest.mark.parametrize(
    "attacker, defender, dice, in_port",
    [
        (("ottoman: 2Sq 1Co Barbarossa", (2, 1)), ("hapsburg: 2Sq Doria", (2, 0)), (7, 6), False),
        (("hapsburg: 3Sq", (3, 0)), ("ottoman: 1Sq 1Co", (1, 1)), (6, 3), False),
        (("hapsburg: 2Sq Doria", (2, 0)), ("ottoman: 4Co Dragut", (0, 4)), (6, 5), False),
        (("ottoman: 3Co", (0, 3)), ("hapsburg: 1Sq", (1, 0)), (3, 3), True),
        (("ottoman: 5Co", (0, 5)), ("papacy: 1Sq", (1, 0)), (5, 2), False),
    ],
)
def test_naval_battles_whole_by_hand(attacker, defender, dice, in_port):
    # §11: every end state (winner, squadrons and corsairs left) of the engine against
    # the loss order written out in naval_cells.
    battle = oe.NavalBattle(attacker[0], defender[0], in_port=in_port)
    assert (battle.attacker_dice, battle.defender_dice) == dice
    assert_same_cells(battle, naval_cells(attacker[1], dice[0], defender[1], dice[1], in_port))


def test_naval_both_wiped_out_more_dice_keep_one_unit():
    # §11: Doria's squadron (2 + 2 = 4 dice) attacks 2 Ottoman corsairs (2 dice) at sea.
    # 2 hits each: a tie, the Ottomans win; both sides are sunk (the pair sinks the
    # squadron, 2 hits the corsairs); the Hapsburgs rolled more dice and keep 1 squadron.
    # P = C(4,2)(1/3)^2(2/3)^2 * (1/3)^2 = 24/81 * 1/9 = 24/729.
    cells = engine_cells(oe.NavalBattle("hapsburg: 1Sq Doria", "ottoman: 2Co"))
    close(cells[("defender", 1, 0, 0, 0)], Fraction(24, 729))
    # Equal dice (2 corsairs against a papal squadron, 2 each): on 2 hits each both are
    # sunk and the defender keeps its squadron (1/81); with 0 or 1 Ottoman hits it keeps it
    # anyway (no pair; the winner's odd hit ignored): in all P(2 papal hits) = 1/9.
    battle = oe.NavalBattle("ottoman: 2Co", "papacy: 1Sq")
    frame = oe.exact(battle).states_frame()
    both = frame[(frame.attacker_hits == 2) & (frame.defender_hits == 2)].iloc[0]
    assert both.outcome == "defender_wins"
    assert (both.attacker_corsairs, both.defender_squadrons) == (0, 1)
    close(both.probability, Fraction(1, 81))
    close(engine_cells(battle)[("defender", 0, 0, 1, 0)], Fraction(1, 9))


def test_barbary_coast_worked_example_of_16_2():
    # §11 worked example: Doria intercepts on 2d6 + 2 >= 9: 21/36. Ottomans 4 + 1 + 2 = 7
    # dice, Hapsburgs 4 + 2 = 6. Both score 3 hits: the defender wins the tie; Ottoman
    # losses 1 squadron (the pair) and 1 corsair (the hit left over), Hapsburg losses 1
    # squadron (the odd hit against the winner ignored). P(3 and 3) = C(7,3) 2^4/3^7 *
    # C(6,3) 2^3/3^6 = 560/2187 * 160/729.
    assert oe.exact(oe.NavalInterception("hapsburg: 2Sq Doria")).p["success"] == pytest.approx(
        21 / 36, abs=1e-12
    )
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    frame = oe.exact(battle).states_frame()
    cell = frame[(frame.attacker_hits == 3) & (frame.defender_hits == 3)]
    assert len(cell) == 1
    row = cell.iloc[0]
    assert row.outcome == "defender_wins"
    assert (row.attacker_squadrons, row.attacker_corsairs) == (1, 0)
    assert (row.defender_squadrons, row.defender_corsairs) == (1, 0)
    close(row.probability, Fraction(560, 2187) * Fraction(160, 729))
    close(oe.exact(battle).p["attacker_wins"], attacker_wins(naval_cells((2, 1), 7, (2, 0), 6)))


def test_barbary_coast_monte_carlo_within_five_sigma():
    battle = oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    sampled = oe.simulate(battle, trials=200_000, seed=1612)
    assert_within_sigmas(sampled, oe.exact(battle))


def test_arquebusiers_add_two_dice_at_sea_for_either_side():
    # §11: Arquebusiers +2 before the roll (naval too): 7 + 2 = 9 against 6; in a port the
    # defender 6 + 1 + 2 = 9 against 7.
    battle = oe.NavalBattle(
        "ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria", attacker_cards="arquebusiers"
    )
    assert (battle.attacker_dice, battle.defender_dice) == (9, 6)
    assert_same_cells(battle, naval_cells((2, 1), 9, (2, 0), 6))
    battle = oe.NavalBattle(
        "ottoman: 2Sq 1Co Barbarossa",
        "hapsburg: 2Sq Doria",
        defender_cards="arquebusiers",
        in_port=True,
    )
    assert (battle.attacker_dice, battle.defender_dice) == (7, 9)
    assert_same_cells(battle, naval_cells((2, 1), 7, (2, 0), 9, in_port=True))


@pytest.mark.parametrize("policy", ["if-it-changes-the-outcome", "always"])
def test_janissaries_add_four_dice_at_sea_for_the_ottomans(policy):
    # §11 / §9: +4 dice after both rolls; by default only when losing (hits <= the
    # defender's) and 4 more could still win; the both-wiped-out rule counts them.
    battle = oe.NavalBattle(
        "ottoman: 2Sq 1Co Barbarossa",
        "hapsburg: 2Sq Doria",
        attacker_cards="janissaries",
        post_roll={"janissaries": policy},
    )
    short = "changes" if policy != "always" else "always"
    assert_same_cells(battle, naval_cells((2, 1), 7, (2, 0), 6, post=("attacker", 4, short)))
    # §9: how often the card is spent: always, or on rolls with a <= d < a + 4.
    spent = sum(
        binomial(7, a) * binomial(6, d) for a in range(8) for d in range(7) if a <= d < a + 4
    )
    close(oe.exact(battle).p["card_spent:janissaries"], spent if short == "changes" else 1)
    # Defending in a port with Dragut: 4 + 2 + 1 + 1 = 8 dice, Doria's 3 squadrons 8.
    battle = oe.NavalBattle(
        "hapsburg: 3Sq Doria", "ottoman: 2Sq 2Co Dragut", defender_cards="janissaries", in_port=True
    )
    assert_same_cells(battle, naval_cells((3, 0), 8, (2, 2), 8, True, ("defender", 4, "changes")))


def test_janissaries_at_sea_are_ottoman_only():
    with pytest.raises(oe.OddsEngineError, match="only ottoman"):
        oe.NavalBattle("hapsburg: 3Sq", "ottoman: 1Sq", attacker_cards="janissaries")


@pytest.mark.parametrize("policy", ["if-it-changes-the-outcome", "always"])
def test_professional_rowers_add_three_dice_for_either_side(policy):
    # §11: +3 dice after both rolls, any power: Hapsburg 3 squadrons (6) against 1Sq 2Co
    # Dragut (5); Venice defending with 2 squadrons (4) against 2Sq 2Co Dragut (7).
    short = "changes" if policy != "always" else "always"
    battle = oe.NavalBattle(
        "hapsburg: 3Sq",
        "ottoman: 1Sq 2Co Dragut",
        attacker_cards="professional-rowers",
        post_roll={"professional-rowers": policy},
    )
    assert_same_cells(battle, naval_cells((3, 0), 6, (1, 2), 5, post=("attacker", 3, short)))
    battle = oe.NavalBattle(
        "ottoman: 2Sq 2Co Dragut",
        "venice: 2Sq",
        defender_cards="professional-rowers",
        post_roll={"professional-rowers": policy},
    )
    assert_same_cells(battle, naval_cells((2, 2), 7, (2, 0), 4, post=("defender", 3, short)))


def sequential_post_roll(attacker_dice, defender_dice, attacker_cards, defender_cards):
    """P(attacker wins) with post-roll cards played in turn (§11, §9 default): the attacker
    first, card by card (Janissaries before Rowers), each only while losing and able to
    win; then the defender, seeing it, each card only while losing and able to hold."""
    won = Fraction(0)
    for a in range(attacker_dice + 1):
        for d in range(defender_dice + 1):
            branches = [(binomial(attacker_dice, a) * binomial(defender_dice, d), a, d)]
            for role, cards in (("attacker", attacker_cards), ("defender", defender_cards)):
                for dice in cards:
                    after = []
                    for p, hits, against in branches:
                        losing = hits <= against if role == "attacker" else hits > against
                        can_turn = (
                            hits + dice > against
                            if role == "attacker"
                            else (against + dice >= hits)
                        )
                        if not (losing and can_turn):
                            after.append((p, hits, against))
                            continue
                        for x in range(dice + 1):
                            q = p * binomial(dice, x)
                            after.append(
                                (q, hits + x, against)
                                if role == "attacker"
                                else (q, hits, against + x)
                            )
                    branches = after
            won += sum(p for p, hits, against in branches if hits > against)
    return won


def test_post_roll_cards_of_both_sides_in_turn():
    # §11 / §9: the Ottomans (7 dice) with Janissaries, Doria (6) with Professional Rowers;
    # then the Ottomans holding both cards, Janissaries first.
    battle = oe.NavalBattle(
        "ottoman: 2Sq 1Co Barbarossa",
        "hapsburg: 2Sq Doria",
        attacker_cards="janissaries",
        defender_cards="professional-rowers",
    )
    close(oe.exact(battle).p["attacker_wins"], sequential_post_roll(7, 6, [4], [3]))
    battle = oe.NavalBattle(
        "ottoman: 2Sq 1Co Barbarossa",
        "hapsburg: 2Sq Doria",
        attacker_cards="janissaries,professional-rowers",
    )
    close(oe.exact(battle).p["attacker_wins"], sequential_post_roll(7, 6, [4, 3], []))


def test_land_combat_cards_are_refused_at_sea():
    for card in ("field-artillery", "tercios"):
        with pytest.raises(oe.OddsEngineError, match="land-combat card"):
            oe.NavalBattle("hapsburg: 3Sq", "ottoman: 1Sq", attacker_cards=card)


@pytest.mark.parametrize(
    "fleet, modifier",
    [("hapsburg: 2Sq", 0), ("ottoman: 2Co Dragut", 1), ("ottoman: 2Co Dragut Barbarossa", 2)],
)
def test_naval_interception_and_avoid_battle_two_dice_plus_the_best_rating(fleet, modifier):
    # §11 / §10: 2d6 + the best naval rating >= 9: 10/36, 15/36, 21/36.
    expected = roll(modifier)
    assert expected == [Fraction(10, 36), Fraction(15, 36), Fraction(21, 36)][modifier]
    close(oe.exact(oe.NavalInterception(fleet)).p["success"], expected)
    close(oe.exact(oe.NavalAvoidBattle(fleet)).p["success"], expected)


def test_professional_rowers_two_either_way_on_a_naval_roll():
    # §11: +2 for the roller, -2 by the opponent, after the dice. Doria (+2): 2d6 + 4 >= 9
    # is 30/36, spent on a 5 or 6 (9/36); 2d6 >= 9 is 10/36 against him, spent on a 7 or 8
    # (11/36). With ``always`` the chance is the same and the card always spent.
    interception = oe.exact(oe.NavalInterception("hapsburg: 2Sq Doria", rowers="roller")).p
    close(interception["success"], roll(4))
    close(interception["card_spent:professional-rowers"], Fraction(9, 36))
    against = oe.exact(oe.NavalInterception("hapsburg: 2Sq Doria", rowers="opponent")).p
    close(against["success"], roll(0))
    close(against["card_spent:professional-rowers"], Fraction(11, 36))
    always = oe.NavalInterception("hapsburg: 2Sq Doria", rowers="opponent", rowers_policy="always")
    close(oe.exact(always).p["card_spent:professional-rowers"], Fraction(1))
    # Avoid battle, Dragut (+1) with the Rowers: 2d6 + 3 >= 9 = 26/36.
    close(oe.exact(oe.NavalAvoidBattle("ottoman: 1Sq 2Co Dragut", rowers="roller")).p["success"],
          Fraction(26, 36))  # fmt: skip


def test_naval_avoid_battle_never_from_a_port():
    with pytest.raises(oe.OddsEngineError, match="cannot avoid battle"):
        oe.NavalAvoidBattle("france: 3Sq", in_port=True)


# -- §12 piracy ----------------------------------------------------------------------


def piracy_cells(corsairs, rating, anti_dice, ports, limits, order=("vp", "squadrons", "cards")):
    """(corsairs lost, piracy hits, vp, squadrons, cards) -> probability, from §12: each
    anti-piracy hit sinks a corsair; 1 piracy die with 1 corsair left or 1 target port,
    else 2, + the piracy rating; each hit an award, spread evenly over the possible ones,
    ties to the first of ``order``; a hit with no possible award is lost."""
    cells = defaultdict(Fraction)
    for anti in range(anti_dice + 1):
        lost = min(anti, corsairs)
        left = corsairs - lost
        if not left:
            cells[(lost, 0, 0, 0, 0)] += binomial(anti_dice, anti)
            continue
        dice = (1 if left == 1 or ports == 1 else 2) + rating
        for hits in range(dice + 1):
            given = dict.fromkeys(order, 0)
            for _ in range(hits):
                possible = [award for award in order if given[award] < limits[award]]
                if possible:
                    given[min(possible, key=lambda award: (given[award], order.index(award)))] += 1
            key = (lost, hits, given["vp"], given["squadrons"], given["cards"])
            cells[key] += binomial(anti_dice, anti) * binomial(dice, hits)
    return cells


def assert_piracy(raid, expected):
    found = defaultdict(float)
    for row in oe.exact(raid).states_frame().itertuples():
        key = (row.corsairs_lost, row.piracy_hits, row.vp, row.squadrons_sunk, row.cards_drawn)
        found[key] += row.probability
    for key in set(found) | set(expected):
        close(found.get(key, 0.0), expected.get(key, Fraction(0)))


PLENTY = {"vp": 10, "squadrons": 0, "cards": 99}


def test_anti_piracy_dice_by_squadrons_and_fortresses():
    # §12 step 1: 2 target squadrons in the zone (4) + 1 adjacent squadron + 2 fortresses.
    raid = oe.Piracy(
        "ottoman: 4Co Dragut",
        zone_squadrons=2,
        adjacent_squadrons=1,
        adjacent_fortresses=2,
        target_ports=2,
    )
    assert raid.anti_piracy_dice == 7
    assert_piracy(raid, piracy_cells(4, 2, 7, 2, {**PLENTY, "squadrons": 2}))


def test_ionian_sea_worked_example_of_16_4():
    # §12 worked example: 2 anti-piracy dice (the Knights at Malta, a Hapsburg squadron at
    # Messina). 1 hit (4/9) sinks a corsair and leaves 1 + Barbarossa's 1 = 2 piracy dice;
    # no hit (4/9) leaves 2 corsairs, 2 + 1 = 3 dice; 2 hits (1/9) sink both.
    raid = oe.Piracy(
        "ottoman: 2Co 1Sq Barbarossa", adjacent_squadrons=1, adjacent_fortresses=1, target_ports=2
    )
    assert raid.anti_piracy_dice == 2
    assert (raid.piracy_dice(corsairs_left=1), raid.piracy_dice(corsairs_left=2)) == (2, 3)
    p = oe.exact(raid).p
    close(p["corsairs_lost:1"], Fraction(4, 9))
    close(p["piracy_hits:3"], Fraction(4, 9) * Fraction(1, 27))
    close(p["success"], 1 - Fraction(4, 9) * Fraction(8, 27) - Fraction(4, 9) * Fraction(4, 9)
          - Fraction(1, 9))  # fmt: skip
    assert_piracy(raid, piracy_cells(2, 1, 2, 2, PLENTY))


@pytest.mark.parametrize(
    "pirates, ports, rating",
    [
        ("ottoman: 3Co Dragut", 1, 2),  # one target port: 1 die + Dragut's 2
        ("ottoman: 3Co", 2, 0),  # 2 dice, no rating
        ("ottoman: 3Co Dragut Barbarossa", 2, 2),  # the best piracy rating only
    ],
)
def test_piracy_dice_by_corsairs_ports_and_rating(pirates, ports, rating):
    raid = oe.Piracy(pirates, target_ports=ports)
    assert raid.piracy_dice(corsairs_left=3) == (1 if ports == 1 else 2) + rating
    assert raid.piracy_dice(corsairs_left=1) == 1 + rating
    assert_piracy(raid, piracy_cells(3, rating, 0, ports, PLENTY))


@pytest.mark.parametrize(
    "settings, limits, order",
    [
        # No card in hand: the hits go to VP and the one squadron, evenly.
        ({"target_hand": 0, "zone_squadrons": 1}, {"vp": 10, "squadrons": 1, "cards": 0}, None),
        # 9 VP already: 1 VP at most (the 10 VP cap), then the card.
        ({"piracy_vp": 9, "target_hand": 1}, {"vp": 1, "squadrons": 0, "cards": 1}, None),
        # 10 VP, no card, no squadron: every hit is lost.
        ({"piracy_vp": 10, "target_hand": 0}, {"vp": 0, "squadrons": 0, "cards": 0}, None),
        # Squadrons adjacent to the zone may be sunk.
        ({"adjacent_squadrons": 2, "target_squadrons": 2, "target_hand": 5},
         {"vp": 10, "squadrons": 2, "cards": 5}, None),
        # The target's own preference, cards first, still spread evenly.
        ({"target_hand": 5, "target_squadrons": 1, "award_order": ("cards", "squadrons", "vp")},
         {"vp": 10, "squadrons": 1, "cards": 5}, ("cards", "squadrons", "vp")),
    ],
)  # fmt: skip
def test_piracy_awards_spread_evenly_over_the_possible_ones(settings, limits, order):
    # §12 step 3 / §9: an impossible award is not chosen while another is possible; the
    # default spread prefers VP, then squadrons, then cards. 3 corsairs, Dragut, 2 ports:
    # 4 piracy dice, so 0-4 hits to spread.
    raid = oe.Piracy("ottoman: 3Co Dragut", target_ports=2, **settings)
    anti = raid.anti_piracy_dice
    expected = piracy_cells(3, 2, anti, 2, limits, order or ("vp", "squadrons", "cards"))
    assert_piracy(raid, expected)


def test_four_piracy_hits_give_two_vp_a_squadron_and_a_card():
    # §12 step 3, the default: 4 hits over VP, squadrons, cards = 2, 1, 1 (VP first).
    raid = oe.Piracy("ottoman: 3Co Dragut", target_ports=2, target_squadrons=3)
    frame = oe.exact(raid).states_frame()
    four = frame[frame.piracy_hits == 4]
    assert (four.vp.tolist(), four.squadrons_sunk.tolist(), four.cards_drawn.tolist()) == (
        [2],
        [1],
        [1],
    )
    close(four.probability.sum(), Fraction(1, 81))


def test_foul_weather_stops_a_piracy_action():
    p = oe.exact(oe.Piracy("ottoman: 2Co", target_ports=2, responses="foul-weather")).p
    assert p["cancelled"] == 1


def test_professional_rowers_are_refused_in_piracy():
    with pytest.raises(oe.OddsEngineError, match="Professional Rowers .*not in piracy"):
        oe.Piracy("ottoman: 2Co", target_ports=2, responses="professional-rowers")


def test_the_award_order_is_taken_by_the_even_spread_on_the_command_line():
    # §12 / §9: the preference is the target's policy under the even spread too. 2 corsairs,
    # 2 ports: 2 piracy dice. With cards first the first hit draws a card (P(1 or 2 hits)
    # = 5/9) and the second, spread evenly, gives a VP (no squadron there): P = 1/9.
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        argv = ["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "2",
                "--award-order", "cards,vp,squadrons", "--exact", "--format", "json"]  # fmt: skip
        assert main(argv) == 0
    expected = json.loads(stdout.getvalue())["expected"]
    close(expected["cards_drawn"]["mean"], Fraction(5, 9))
    close(expected["vp"]["mean"], Fraction(1, 9))


# -- §13 foreign wars ----------------------------------------------------------------


def war_attempt(units, dice, foreign):
    """One attempt (§13): the major power's dice against 1 die a foreign unit, no extra
    die; each hit removes a unit; both wiped out, more dice keep 1, the foreign side on
    equal dice. -> {(units left, foreign left): probability}."""
    cells = defaultdict(Fraction)
    for a in range(dice + 1):
        for d in range(foreign + 1):
            left, foreign_left = max(units - d, 0), max(foreign - a, 0)
            if not left and not foreign_left:
                if dice > foreign:
                    left = 1
                else:
                    foreign_left = 1
            cells[(left, foreign_left)] += binomial(dice, a) * binomial(foreign, d)
    return cells


def war_chain(units, rating, foreign, horizon, card_units, built=0, first_extra=0):
    """Attempt after attempt (§13): survivors stay; before each later attempt ``built``
    regulars (2 CP each) up to the card's number; no attempt with no unit; 1 CP an
    attempt. -> (P(won by k) for k = 1..horizon, expected CP)."""
    states, won_by, cp = {(units, foreign): Fraction(1)}, [], Fraction(0)
    for attempt in range(1, horizon + 1):
        after = defaultdict(Fraction)
        for (left, foreign_left), p in states.items():
            if foreign_left and attempt > 1 and built:
                build = min(built, max(card_units - left, 0))
                left, cp = left + build, cp + p * 2 * build
            if not foreign_left or not left:
                after[(left, foreign_left)] += p
                continue
            cp += p
            extra = first_extra if attempt == 1 else 0
            for state, q in war_attempt(left, left + rating + extra, foreign_left).items():
                after[state] += p * q
        states = after
        won_by.append(sum(p for (_, foreign_left), p in states.items() if not foreign_left))
    stalled = sum(p for (left, foreign_left), p in states.items() if foreign_left and not left)
    return won_by, cp, stalled


def assert_war(war, expected):
    won_by, cp, _ = expected
    result = oe.exact(war)
    for attempt, chance in enumerate(won_by, start=1):
        close(result.p[f"won_by:{attempt}"], chance)
    close(result.expected_values()["cp"]["mean"], cp)


def test_revolt_in_egypt_one_attempt():
    # §13: 3 Ottoman dice against 3 Egyptian, no extra die. Won only with 3 hits while the
    # Egyptians score fewer than 3 (3 and 3: both wiped out on equal dice, the Egyptians
    # keep 1): 1/27 * 26/27 = 26/729.
    close(oe.exact(oe.ForeignWar("egypt", "3R", horizon=1)).p["won_by:1"], Fraction(26, 729))


def test_revolt_in_egypt_two_attempts_and_the_cp_spent():
    # §13: a second attempt unless won (26/729) or no Ottoman unit left (3 Egyptian hits,
    # 1/27): 1 + (1 - 26/729 - 27/729) = 1 + 676/729 CP.
    war = oe.ForeignWar("egypt", "3R", horizon=2)
    assert_war(war, war_chain(3, 0, 3, 2, 3))
    close(oe.exact(war).expected_values()["cp"]["mean"], 1 + Fraction(676, 729))


def test_war_in_persia_one_attempt():
    # §13: 5 Ottoman dice against 4 Persian: won with 4 or 5 hits (the Persians' 4 dice
    # cannot sink all 5): C(5,4) 2/3^5 + 1/3^5 = 11/243.
    close(oe.exact(oe.ForeignWar("persia", "5R", horizon=1)).p["won_by:1"], Fraction(11, 243))


@pytest.mark.parametrize(
    "war, force, foreign, units, rating, card_units",
    [
        ("persia", "5R", None, 5, 0, 5),
        ("persia", "5R Ibrahim", None, 5, 1, 5),
        ("persia", "5R Suleiman Ibrahim", None, 5, 2, 5),  # only the best rating counts
        ("ireland", "england: 4R Henry VIII", None, 4, 1, 4),
        ("ireland", "england: 4R Henry VIII", 4, 4, 1, 4),  # played by France or the Hapsburgs
        ("egypt", "3R Suleiman", None, 3, 2, 3),  # 5 dice against 3: both sunk, he keeps 1
        ("egypt", "2R", None, 2, 0, 3),  # below the card's number, nothing built
    ],
)
def test_foreign_wars_attempt_after_attempt(war, force, foreign, units, rating, card_units):
    # §13: the card's forces (Egypt 3 v 3, Persia 5 v 4, Ireland 4 v 3 or 4); survivors
    # stay between attempts; with no unit left no attempt.
    spec = oe.ForeignWar(war, force, foreign=foreign, horizon=3)
    default = {"egypt": 3, "persia": 4, "ireland": 3}[war]
    assert_war(spec, war_chain(units, rating, foreign or default, 3, card_units))


def test_reinforcements_are_built_on_the_card_before_later_attempts():
    # §13: 2 regulars on Egypt, 1 built (2 CP) before each later attempt up to 3.
    war = oe.ForeignWar("egypt", "2R", horizon=4, reinforcements=1)
    assert_war(war, war_chain(2, 0, 3, 4, 3, built=1))
    war = oe.ForeignWar("persia", "5R", horizon=5, reinforcements=2)
    assert_war(war, war_chain(5, 0, 4, 5, 5, built=2))


def test_a_war_with_no_unit_left_stops():
    # §13: Egypt 3R, one attempt: the Egyptians' 3 hits (1/27) leave no Ottoman unit, so
    # the war is stalled whatever the horizon (no reinforcements).
    assert war_chain(3, 0, 3, 1, 3)[2] == Fraction(1, 27)
    for horizon in (1, 4):
        p = oe.exact(oe.ForeignWar("egypt", "3R", horizon=horizon)).p
        close(p["stalled"], war_chain(3, 0, 3, horizon, 3)[2])


@pytest.mark.parametrize(
    "card, extra, war, force",
    [
        ("arquebusiers", 2, "egypt", "3R"),
        ("field-artillery", 3, "egypt", "3R"),  # +3 for the Ottomans
        ("field-artillery", 2, "ireland", "england: 4R"),  # +2 for England
    ],
)
def test_cards_before_the_roll_in_the_first_attempt(card, extra, war, force):
    spec = oe.ForeignWar(war, force, horizon=2, cards=card)
    units = 3 if war == "egypt" else 4
    assert_war(spec, war_chain(units, 0, 3, 2, units, first_extra=extra))


@pytest.mark.parametrize("policy", ["if-it-changes-the-outcome", "always"])
def test_janissaries_in_a_foreign_war_win_when_both_sides_are_wiped_out(policy):
    # §13 / §9: +5 dice after the roll. Egypt 3R: the war is won with 3 hits in 3 + 5
    # dice; with 3 Egyptian hits too both sides are wiped out, and the Ottomans, with 8
    # dice against 3, keep a unit. By default the card is played whenever Egyptians would
    # survive the roll: on 0-2 hits, and on 3 hits when the Egyptians also hit 3 (they
    # would keep one on equal dice). Either way P(won) = P(3 + 5 dice score >= 3)
    # = 1 - P(<= 2 hits in 8) = 1 - (2^8 + 8 * 2^7 + 28 * 2^6) / 3^8 = 1163/2187.
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="janissaries", post_roll_policy=policy)
    won = 1 - sum(binomial(8, hits) for hits in range(3))
    assert won == Fraction(1163, 2187)
    close(oe.exact(war).p["won_by:1"], won)


def test_janissaries_are_ottoman_only_in_a_foreign_war():
    with pytest.raises(oe.OddsEngineError, match="cannot be played by england"):
        oe.ForeignWar("ireland", "england: 4R", cards="janissaries")


def test_foreign_war_monte_carlo_within_five_sigma():
    war = oe.ForeignWar("persia", "5R Ibrahim", horizon=3)
    sampled = oe.simulate(war, trials=100_000, seed=2107)
    assert_within_sigmas(sampled, oe.exact(war))


# -- bad input (the faces) -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["naval", "--attacker", "ottoman: -2Sq", "--defender", "hapsburg: 2Sq"], "negative"),
        (["naval", "--attacker", "hapsburg: 2Sq 1Co", "--defender", "ottoman: 2Sq"],
         "only the Ottomans have corsairs"),
        (["naval", "--attacker", "hapsburg: 2Sq Charles V", "--defender", "ottoman: 2Sq"],
         "army leader"),
        (["naval", "--attacker", "hapsburg: 0Sq", "--defender", "ottoman: 2Sq"], "no ships"),
        (["naval", "--attacker", "hapsburg: 3Sq", "--defender", "ottoman: 2Sq",
          "--attacker-cards", "janissaries"], "only ottoman"),
        (["intercept", "--naval", "--interceptor", "hapsburg: 2Sq Charles V"], "army leader"),
        (["avoid", "--naval", "--defender", "hapsburg: 2Sq", "--in-port"], "cannot avoid"),
        (["piracy", "--pirates", "ottoman: 2Sq", "--target-ports", "2"], "corsairs"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "0"], "target_ports"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "1", "--responses",
          "professional-rowers"], "not in piracy"),
        (["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "1", "--piracy-vp", "11"],
         "at most 10"),
        (["foreign-war", "--war", "crete", "--force", "3R"], "crete"),
        (["foreign-war", "--war", "egypt", "--force", "4R"], "between 1 and 3"),
        (["foreign-war", "--war", "egypt", "--force", "3R Barbarossa"], "unknown leader"),
        (["foreign-war", "--war", "ireland", "--force", "ottoman: 3R"], "fought by england"),
        (["foreign-war", "--war", "egypt", "--force", "3R", "--cards", "tercios"], "Tercios"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    try:
        status = main([*argv, "--exact"])
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status != 0 and captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert words in line and "Traceback" not in captured.err

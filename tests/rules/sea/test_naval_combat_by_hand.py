"""RULES.md Part II by hand: §11 naval combat (and the §9 policies it takes).

Every expected figure is written from the text of RULES.md in Fractions: binomial hits at
1/3 a die, 2d6 tables against 9, the naval loss order written out again here
(:func:`naval_cells`), never read from the engine. §12 piracy and §13 foreign wars are in
``test_piracy_and_foreign_wars_by_hand.py``; the §14 and §15 moves on the board in
``test_naval_move_rules_by_hand.py`` and ``test_transport_rules_by_hand.py``.
"""

from collections import defaultdict
from fractions import Fraction

import pytest
from conftest import assert_one_line_error, assert_within_sigmas
from hand_dice import binomial, close, naval_losses, roll

import oddsengine as oe

# -- §11 written out: the dice, the winner, the loss order, both wiped out, the retreat --


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
                a_left = naval_losses(*attacker, d_hits, winner == "defender")
                d_left = naval_losses(*defender, a_hits, winner == "attacker")
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


@pytest.mark.rule("11", cites="16.2 (c)")
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


@pytest.mark.rule("11", cites="16.2 (c)")
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


@pytest.mark.rule("11", cites="16.2: the side that keeps a unit keeps a squadron if it had one")
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


@pytest.mark.rule("11", cites="16.2 (c)")
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


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
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


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
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


@pytest.mark.rule("11", cites="RULES.md §11: at sea, combat cards")
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
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    assert_one_line_error(capsys, argv, words)

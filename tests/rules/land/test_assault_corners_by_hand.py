"""Corners of the assault (RULES.md §7, 15.1, original 000), the siege it keeps or breaks
(§5, 15, 15.3) and the cards of §8 in an assault and a field battle, each figure worked
out by hand from the text with Fractions (a die hits on 5-6: 1/3; Siege Artillery dice
on 3-6: 2/3)."""

from fractions import Fraction
from math import comb

import pytest
from conftest import assert_one_line_error

from oddsengine import (
    Assault,
    FieldBattle,
    OddsEngineError,
    Policies,
    RuleOptions,
    SiegeCampaign,
    exact,
    exact_campaign,
)
from oddsengine.moves.scenario_file import load_move

THIRD = Fraction(1, 3)


def pmf(dice, chance=THIRD):
    """Distribution of the hits of ``dice`` dice, as a list of Fractions."""
    return [comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(dice + 1)]


def at_least(dice, hits, chance=THIRD):
    return sum(pmf(dice, chance)[hits:])


def close(value, fraction):
    return value == pytest.approx(float(fraction), abs=1e-12)


# --- §7 step 3 and 4: the dice -------------------------------------------------------


def test_mercenaries_count_with_regulars_for_the_halved_dice():
    # 15.1 step 3: ceil((3R + 2M) / 2) = 3, + Montmorency 1 = 4; step 4: 1R + 0 + 1 = 2.
    assault = Assault("france: 3R 2M Montmorency", "hapsburg: 1R")
    assert (assault.attacker_dice, assault.defender_dice) == (4, 2)
    # One hit takes the space; 2 defender hits leave 3 of 5 attackers: 1 - (2/3)^4.
    assert close(exact(assault).p["success"], 1 - Fraction(2, 3) ** 4)  # 65/81


@pytest.mark.rule("7", cites="15.1 step 11: if every attacking unit died")
def test_garrison_cavalry_rolls_nothing_but_must_be_killed():
    # Step 3: ceil(5/2) + Charles V 2 = 5; step 4: 2R (the 2C roll nothing) + Ibrahim 1
    # + 1 = 4. Success (step 10) needs all 4 land units, cavalry included, killed (step 9).
    assault = Assault("hapsburg: 5R Charles V", "ottoman: 2R 2C Ibrahim Pasha")
    assert (assault.attacker_dice, assault.defender_dice) == (5, 4)
    result = exact(assault)
    assert close(result.p["success"], at_least(5, 4))  # 11/243
    # Failure: besiegers 5 - d against 4 - a; the siege breaks when 5 - d <= 4 - a (15.3).
    attack, defence = pmf(5), pmf(4)
    broken = sum(attack[a] * defence[d] for a in range(4) for d in range(5) if 5 - d <= 4 - a)
    assert close(result.p["siege_broken"], broken)
    assert close(result.p["defender_leaders_captured"], at_least(5, 4))


@pytest.mark.rule("7", cites="15.1 step 11: if every attacking unit died")
def test_a_leader_alone_inside_rolls_his_rating_and_the_defender_die():
    # No defending land unit: one die per regular (2); Ferdinand 1 + 1 = 2 defender dice.
    assault = Assault("ottoman: 2R L0", "hapsburg: Ferdinand")
    assert (assault.attacker_dice, assault.defender_dice) == (2, 2)
    result = exact(assault)
    # Success: at least one hit (5/9) and a surviving attacker (not 2 hits: 8/9).
    assert close(result.p["success"], Fraction(5, 9) * Fraction(8, 9))  # 40/81
    assert close(result.p["defender_leaders_captured"], Fraction(40, 81))
    # Both attackers killed (1/9): 0 besiegers do not outnumber 0, the siege breaks, and
    # the attacking leader is displaced, not captured (step 11).
    assert close(result.p["siege_broken"], Fraction(1, 9))
    assert close(result.p["attacker_leaders_displaced"], Fraction(1, 9))


@pytest.mark.rule("5", cites="15.1 step 11, 15.3: after a failure the siege holds")
def test_besieging_cavalry_alone_rolls_only_the_rating():
    # Step 3: cavalry gives no dice, Suleiman 2; the garrison 1R + 1 = 2.
    assault = Assault("ottoman: 3C Suleiman", "hapsburg: 1R")
    assert (assault.attacker_dice, assault.defender_dice) == (2, 2)
    result = exact(assault)
    assert close(result.p["success"], Fraction(5, 9))
    # No hit and 2 cavalry lost: 1 besieger against 1, the siege breaks (15.3).
    assert close(result.p["siege_broken"], Fraction(4, 9) * Fraction(1, 9))


def test_cavalry_alone_cannot_take_an_empty_fortress():
    # 0 dice (no regulars, no rating): no hit, so never a success (step 10); the
    # fortress's die leaves at least 1 of 2 cavalry, still more than 0 inside.
    assault = Assault("ottoman: 2C", "hapsburg: 0R")
    assert (assault.attacker_dice, assault.defender_dice) == (0, 1)
    assert close(exact(assault).p["siege_continues"], 1)


def test_an_empty_fortress_rolls_one_die_against_every_attacker_die():
    # Empty: one die per regular or mercenary (2) + Ferdinand 1 = 3; the fortress 0 + 1.
    assault = Assault("hapsburg: 1R 1M Ferdinand", "france: 0R")
    assert (assault.attacker_dice, assault.defender_dice) == (3, 1)
    assert close(exact(assault).p["success"], 1 - Fraction(2, 3) ** 3)  # 19/27


@pytest.mark.rule("5", cites="15.1 step 11, 15.3: after a failure the siege holds")
def test_two_garrison_leaders_give_only_the_best_rating():
    # 6R without a leader: one formation of 4 assaults (§1), ceil(4/2) = 2 dice; the
    # garrison 2R + Charles V 2 (not + Ferdinand) + 1 = 5.
    assault = Assault("ottoman: 6R", "hapsburg: 2R Charles V Ferdinand")
    assert (assault.attacker_dice, assault.defender_dice) == (2, 5)
    result = exact(assault)
    # Success: 2 hits (1/9) and at most 3 of the 4 assaulting units lost.
    assert close(result.p["success"], Fraction(1, 9) * (1 - at_least(5, 4)))  # 232/2187
    assert close(result.p["attackers_eliminated"], at_least(5, 4))  # 11/243
    # The 2R standing by still besiege: broken only if 2 + 4 - d <= 2 - a, i.e. a = 0 and
    # d >= 4.
    assert close(result.p["siege_broken"], Fraction(4, 9) * at_least(5, 4))


# --- §7 requirements -----------------------------------------------------------------


@pytest.mark.rule("7", cites="15.1 requirements: a line of communication, and no naval blockade")
@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"siege_laid_this_impulse": True}, "earlier impulse"),
        ({"line_of_communication": False}, "line of communication"),
        ({"defender_squadrons_adjacent": 1}, "adjacent sea zone"),
        ({"defender_squadrons_in_port": 2, "attacker_squadrons_adjacent": 2}, "needs more"),
        ({"assaulted_this_impulse": True}, "already assaulted"),
    ],
)
def test_each_requirement_of_15_1_refuses_on_its_own(kwargs, words):
    with pytest.raises(OddsEngineError, match=words):
        Assault("4R", "hapsburg: 1R", **kwargs)


@pytest.mark.rule("7", cites="15.1 requirements: a line of communication, and no naval blockade")
def test_more_squadrons_than_the_port_holds_lift_the_blockade():
    # 3 attacking squadrons against 2 in port: allowed; 2 dice against 2, 5/9, and the
    # defender's naval units go to the Turn Track whenever the space falls (step 10).
    result = exact(
        Assault("4R", "hapsburg: 1R", defender_squadrons_in_port=2, attacker_squadrons_adjacent=3)
    )
    assert close(result.p["success"], Fraction(5, 9))
    assert close(result.p["naval_units_to_turn_track"], Fraction(5, 9))


@pytest.mark.rule("8", cites="42: Suleiman's formation assaults; Gout (32)")
def test_equal_numbers_are_no_siege_and_no_assault():
    # 15: the besiegers must outnumber the garrison; Roxelana does not lift it (§7).
    with pytest.raises(OddsEngineError, match="do not outnumber"):
        Assault("2R", "hapsburg: 2R")
    with pytest.raises(OddsEngineError, match="do not outnumber"):
        Assault("ottoman: 2R Suleiman", "hapsburg: 2R", ["roxelana"], siege_laid_this_impulse=True)


def test_a_garrison_holds_at_most_four():
    with pytest.raises(OddsEngineError, match="at most 4"):
        Assault("9R", "hapsburg: 5R")


# --- §8 cards in an assault ----------------------------------------------------------


def test_siege_artillery_dice_hit_on_three_to_six_whatever_the_policy():
    # 4R against 1R: 2 dice + 2 Siege Artillery dice at 2/3; one hit suffices.
    miss = Fraction(2, 3) ** 2 * Fraction(1, 3) ** 2  # 4/81
    for policy in ("always", "if-it-changes-the-outcome"):
        result = exact(
            Assault(
                "4R",
                "hapsburg: 1R",
                responses=["siege-artillery"],
                policies=Policies(post_roll={"siege-artillery": policy}),
            )
        )
        assert close(result.p["success"], 1 - miss)  # 77/81
    # Played only when it may change the outcome: after a missed roll, (2/3)^2.
    assert close(result.p["card_spent:siege-artillery"], Fraction(4, 9))


def test_siege_artillery_against_a_leader_alone():
    # 1R against Ferdinand alone: 1 die against 2. Success needs the attacker alive
    # ((2/3)^2 = 4/9) and a hit from the die or, after a miss, the 2 artillery dice:
    # 1 - 2/3 * (1/3)^2 = 25/27.
    result = exact(Assault("1R", "hapsburg: Ferdinand", responses=["siege-artillery"]))
    assert close(result.p["success"], Fraction(4, 9) * Fraction(25, 27))  # 100/243
    assert close(result.p["card_spent:siege-artillery"], Fraction(4, 9) * Fraction(2, 3))


def test_siege_artillery_and_siege_mining_together():
    # 4R against 2R: 2 + 3 (Siege Mining, 28) dice at 1/3 and 2 at 2/3; 2 hits needed.
    normal, artillery = pmf(5), pmf(2, Fraction(2, 3))
    below_two = normal[0] * artillery[0] + normal[1] * artillery[0] + normal[0] * artillery[1]
    result = exact(
        Assault(
            "4R",
            "hapsburg: 2R",
            ["siege-mining"],
            responses=["siege-artillery"],
            policies=Policies(post_roll={"siege-artillery": "always"}),
        )
    )
    assert close(result.p["success"], 1 - below_two)  # 1947/2187


@pytest.mark.rule("8", cites="35: an LOC of at most 4 land spaces is an LOC")
def test_siege_artillery_needs_its_line_of_communication():
    with pytest.raises(OddsEngineError, match="at most 4 land spaces"):
        Assault("4R", "hapsburg: 1R", responses=["siege-artillery"], siege_artillery_supply=False)


@pytest.mark.rule("8", cites="35: an LOC of at most 4 land spaces is an LOC")
def test_treachery_does_not_lift_the_line_of_communication_of_siege_artillery():
    # 105 lifts 15.1's LOC requirement of the assault; Siege Artillery (35) still needs an
    # LOC of at most 4 land spaces, which a power with no LOC to the space cannot have.
    for where in ("attacker_cards", "responses"):
        cards = {"attacker_cards": ["treachery"], "responses": []}
        cards[where] = cards[where] + ["siege-artillery"]
        with pytest.raises(OddsEngineError, match="at most 4 land spaces"):
            Assault("4R", "hapsburg: 2R", line_of_communication=False, **cards)
    # With its LOC, always played: t = hits of 2 dice at 1/3 and 2 at 2/3. t >= 2 takes
    # the space (57/81); t = 0 (4/81) or 1 (20/81) leaves 2 - t inside, and Treachery!
    # takes it while 4 - d > 2 - t (d <= 1: 20/27; d <= 2: 26/27).
    result = exact(
        Assault(
            "4R",
            "hapsburg: 2R",
            ["treachery", "siege-artillery"],
            policies=Policies(post_roll={"siege-artillery": "always"}),
        )
    )
    taken = (
        Fraction(57, 81) + Fraction(4, 81) * Fraction(20, 27) + Fraction(20, 81) * Fraction(26, 27)
    )
    assert close(result.p["success"], taken)  # 2139/2187


def test_landsknechts_then_mercenaries_grow_restless():
    # Step 2: 2R Ferdinand + 4 Hapsburg mercenaries (6, his command); then the garrison's
    # Mercenaries Grow Restless (27) removes all 4: 2R Ferdinand, 1 + 1 dice against 2.
    result = exact(
        Assault(
            "hapsburg: 2R Ferdinand", "france: 1R", ["landsknechts"], ["mercenaries-grow-restless"]
        )
    )
    assert close(result.p["success"], Fraction(5, 9) * Fraction(8, 9))  # 40/81
    # Failure breaks the siege when 2 - d <= 1 - min(a, 1): a = 0 and d >= 1, or a hit
    # and both attackers lost.
    broken = Fraction(4, 9) * Fraction(5, 9) + Fraction(5, 9) * Fraction(1, 9)
    assert close(result.p["siege_broken"], broken)  # 25/81


@pytest.mark.rule("8", cites="33, 36 (15.1 step 2): before an assault only the active power")
def test_ottoman_landsknechts_strip_the_garrison_of_two_mercenaries():
    # 33: the Ottomans eliminate 2 mercenaries: the garrison is 1R, 1 + 1 dice; the
    # attack 2 + Suleiman 2 = 4. One hit: 1 - (2/3)^4.
    assault = Assault("ottoman: 4R Suleiman", "hapsburg: 1R 2M", ["landsknechts"])
    assert (assault.attacker_dice, assault.defender_dice) == (4, 2)
    assert close(exact(assault).p["success"], Fraction(65, 81))


@pytest.mark.rule("8", cites="33, 36 (15.1 step 2): before an assault only the active power")
def test_landsknechts_fill_the_formation_of_a_leaderless_stack():
    # 1R + 4M is 5, more than 4 without a leader: 3M join the formation; the fortress is
    # empty so each of the 4 rolls a die.
    assault = Assault("hapsburg: 1R", "france: 0R", ["landsknechts"])
    assert assault.attacker_dice == 4
    assert close(exact(assault).p["success"], Fraction(65, 81))


def test_surprise_attack_by_the_attacker_in_an_assault():
    # 4R against 2R: the attacker's 2 dice fire first. 2 hits: nobody left to answer,
    # success (1/9). 1 hit: 1R + 1 = 2 dice answer, 4 - d > 1 keeps the siege. No hit:
    # 3 dice answer; the siege breaks on d >= 2 (7/27).
    result = exact(Assault("4R", "hapsburg: 2R", ["surprise-attack"]))
    assert close(result.p["success"], Fraction(1, 9))
    assert close(result.p["siege_broken"], Fraction(4, 9) * at_least(3, 2))  # 28/243


@pytest.mark.rule("8", cites="29: nothing to roll if none survive")
def test_surprise_attack_by_the_garrison_in_an_assault():
    # The garrison's 3 dice fire first; the attack is recounted on the survivors:
    # 4 or 3 left roll 2 dice, 2 or 1 left roll 1. Success needs 2 hits, so d <= 1.
    first = pmf(3)
    result = exact(Assault("4R", "hapsburg: 2R", [], ["surprise-attack"]))
    assert close(result.p["success"], (first[0] + first[1]) * Fraction(1, 9))  # 20/243
    # Broken: d = 3 (1 left, 1 <= 2 - a always) or d = 2 and no hit (2 <= 2).
    assert close(result.p["siege_broken"], first[3] + first[2] * Fraction(2, 3))  # 5/27


@pytest.mark.rule("8", cites="29: nothing to roll if none survive")
def test_surprise_attack_that_wipes_out_the_garrison_meets_no_answer():
    # A declared formation of 1R (2R stand by): 1 die first; its hit kills the 1R and no
    # unit is left to roll (29). Without the card the hit still faces 2 dice.
    policies = Policies(assault_formation="1R")
    surprised = exact(Assault("3R", "hapsburg: 1R", ["surprise-attack"], policies=policies))
    assert close(surprised.p["success"], THIRD)
    assert close(surprised.p["attackers_eliminated"], Fraction(2, 3) * Fraction(5, 9))
    plain = exact(Assault("3R", "hapsburg: 1R", policies=policies))
    assert close(plain.p["success"], THIRD * Fraction(4, 9))


def test_mercenaries_bribed_can_empty_the_garrison():
    # 26: ceil(1/2) = 1 mercenary changes sides: 3R 1M against an empty fortress, one
    # die each (4) against 1: 1 - (2/3)^4.
    assault = Assault("france: 3R", "hapsburg: 1M", ["mercenaries-bribed"])
    assert (assault.attacker_dice, assault.defender_dice) == (4, 1)
    assert close(exact(assault).p["success"], Fraction(65, 81))


@pytest.mark.rule("8", cites="33, 36 (15.1 step 2): before an assault only the active power")
@pytest.mark.parametrize(
    "attacker_cards, defender_cards, words",
    [
        (["tercios"], [], "field-battle card"),
        (["field-artillery"], [], "field-battle card"),
        (["janissaries"], [], "field-battle card"),
        ([], ["arquebusiers"], "field-battle card"),
        ([], ["siege-mining"], "serves the assaulting power"),
        ([], ["siege-artillery"], "serves the assaulting power"),
        ([], ["landsknechts"], "only the active power"),
        (["mercenaries-grow-restless"], [], "only the besieged power"),
        (["foul-weather"], [], "active power"),
    ],
)
def test_cards_refused_in_an_assault(attacker_cards, defender_cards, words):
    with pytest.raises(OddsEngineError, match=words):
        Assault("ottoman: 4R", "hapsburg: 1R", attacker_cards, defender_cards)


def test_assault_cards_refused_in_a_field_battle():
    with pytest.raises(OddsEngineError, match="field battle"):
        FieldBattle("4R", "hapsburg: 1R", ["siege-mining"])
    with pytest.raises(OddsEngineError, match="field battle"):
        FieldBattle("4R", "hapsburg: 1R", [], ["mercenaries-grow-restless"])
    with pytest.raises(OddsEngineError, match="field battle"):
        FieldBattle("4R", "hapsburg: 1R", responses=["siege-artillery"])
    with pytest.raises(OddsEngineError, match="cards_as_printed"):
        Assault(
            "4R", "hapsburg: 2R", ["surprise-attack"], options=RuleOptions(cards_as_printed=True)
        )


def test_gout_leaves_a_formation_legal_without_the_leader():
    # 32: Ibrahim may not assault; 4 of the 5R may (§1, §7): 2 dice against 2.
    assault = Assault("ottoman: 5R Ibrahim Pasha", "hapsburg: 1R", responses=["gout"])
    assert assault.attacker_dice == 2
    assert close(exact(assault).p["success"], Fraction(5, 9))
    # Against Suleiman in a stack of 14: Ibrahim's 6R, 3 + 1 dice against 3; 2 hits.
    big = Assault("ottoman: 14R Suleiman Ibrahim Pasha", "hapsburg: 2R", responses=["gout"])
    assert big.attacker_dice == 4
    assert close(exact(big).p["success"], at_least(4, 2))  # 33/81


def test_gout_in_a_field_battle_moves_four_without_the_leader():
    # 4R move on without Ferdinand: 4 dice against 2R + 1 = 3; the attacker wins on more
    # hits (14 step 8).
    attack, defence = pmf(4), pmf(3)
    wins = sum(attack[a] * defence[d] for a in range(5) for d in range(4) if a > d)
    result = exact(FieldBattle("hapsburg: 5R Ferdinand", "france: 2R", responses=["gout"]))
    assert close(result.p["attacker_wins"], wins)  # 971/2187


@pytest.mark.rule("8", cites="42: Suleiman's formation assaults; Gout (32)")
def test_roxelana_lets_a_stack_of_fourteen_assault_at_once():
    # Suleiman 12 + Ibrahim 6 command all 14: ceil(14/2) + 2 = 9 dice against 2 + 1;
    # 2 hits take the space.
    assault = Assault(
        "ottoman: 14R Suleiman Ibrahim Pasha",
        "hapsburg: 2R",
        ["roxelana"],
        siege_laid_this_impulse=True,
    )
    assert (assault.attacker_dice, assault.defender_dice) == (9, 3)
    assert close(exact(assault).p["success"], at_least(9, 2))  # 16867/19683


@pytest.mark.rule(
    "8", cites="105: Treachery! ignores the line-of-communication and naval requirements"
)
def test_treachery_counts_the_units_standing_by():
    # 105: 6R against 3R: 4R assault with 2 dice (3 hits are out of reach) against 4;
    # then the space falls while 6 - d > 3 - a.
    attack, defence = pmf(2), pmf(4)
    taken = sum(attack[a] * defence[d] for a in range(3) for d in range(5) if 6 - d > 3 - a)
    result = exact(Assault("6R", "hapsburg: 3R", ["treachery"], line_of_communication=False))
    assert close(result.p["taken_by_treachery"], taken)  # 689/729
    assert close(result.p["attackers_eliminated"], defence[4])


@pytest.mark.rule(
    "8", cites="105: Treachery! ignores the line-of-communication and naval requirements"
)
def test_treachery_after_the_whole_formation_dies_leaves_the_space():
    # 2R against 1R: 1 die against 2. Assault success: 1/3 * 8/9. Then only 2 - d > 1 - a
    # with a = 0 and d = 0 keeps the besiegers ahead: 2/3 * 4/9.
    result = exact(Assault("2R", "hapsburg: 1R", ["treachery"]))
    assert close(result.p["taken_by_treachery"], Fraction(8, 27))
    assert close(result.p["success"], Fraction(16, 27))


# --- §5 siege in the campaign ------------------------------------------------------


@pytest.mark.rule("5", cites="15.1 step 11, 15.3: after a failure the siege holds")
def test_campaign_of_three_against_one_over_two_impulses():
    # Impulse 1: 5/9. No hit (4/9): 3R (d = 0) or 2R (d = 1) besiege on; d = 2 breaks it.
    # Impulse 2: 3R take it with 5/9, 2R (1 die against 2) with 1/3 * 8/9.
    second = Fraction(4, 9) * (Fraction(4, 9) * Fraction(5, 9) + Fraction(4, 9) * Fraction(8, 27))
    taken = exact_campaign(SiegeCampaign("3R", "hapsburg: 1R", horizon=2)).taken_by
    assert close(taken[0], Fraction(5, 9))
    assert close(taken[1], Fraction(5, 9) + second)  # 1583/2187


def test_campaign_restless_mercenaries_break_the_siege_before_any_assault():
    taken = exact_campaign(
        SiegeCampaign(
            "hapsburg: 2R 2M", "france: 2R", horizon=2, defender_cards=["mercenaries-grow-restless"]
        )
    ).taken_by
    assert [float(value) for value in taken] == [0.0, 0.0]


def test_the_vienna_plan_waiting_for_twelve_with_siege_mining():
    # 12R Suleiman against 4R Ferdinand at impulse 2: 6 + 2 + 3 = 11 dice; 4 hits needed.
    campaign = SiegeCampaign(
        "9R Suleiman",
        "hapsburg: 4R Ferdinand",
        horizon=2,
        schedule=((2, "3R"),),
        assault_from=2,
        attacker_cards=["siege-mining"],
    )
    assert close(exact_campaign(campaign).taken_by[1], at_least(11, 4))  # 93435/177147


# --- §8 cards in a field battle ------------------------------------------------------


def test_hapsburg_tercios_in_defence_hit_on_four_to_six():
    # 30: France 2R, 2 dice, against 1R + 1 = 2 dice + 3 Tercios dice at 1/2. The
    # attacker wins only on more hits (14 step 8).
    defence = [
        sum(pmf(2)[k] * pmf(3, Fraction(1, 2))[hits - k] for k in range(3) if 0 <= hits - k <= 3)
        for hits in range(6)
    ]
    wins = pmf(2)[1] * defence[0] + pmf(2)[2] * (defence[0] + defence[1])
    result = exact(FieldBattle("france: 2R", "hapsburg: 1R", [], ["tercios"]))
    assert close(result.p["attacker_wins"], wins)  # 1/18


def test_tercios_against_hapsburgs_takes_three_of_their_dice():
    # France 3R against 3 Hapsburg regulars: 3 + 1 - 3 = 1 die; France wins on more hits.
    result = exact(FieldBattle("france: 3R", "hapsburg: 3R", ["tercios"]))
    wins = Fraction(2, 3) * at_least(3, 1) + Fraction(1, 3) * at_least(3, 2)
    assert close(result.p["attacker_wins"], wins)  # 5/9
    # A Hapsburg attack of 3R left with 3 - 3 = 0 dice cannot win.
    assert close(
        exact(FieldBattle("hapsburg: 3R", "ottoman: 1R", [], ["tercios"])).p["defender_wins"], 1
    )
    with pytest.raises(OddsEngineError, match="at least 3 Hapsburg regulars"):
        FieldBattle("france: 3R", "hapsburg: 2R 2M", ["tercios"])


def test_surprise_attack_by_the_defender_in_a_field_battle():
    # 1R + 1 = 2 defender dice fire first; France answers with its survivors, 2 - d dice.
    # France wins only with d = 0 and a hit (a tie goes to the defender): 4/9 * 5/9.
    result = exact(FieldBattle("france: 2R", "hapsburg: 1R", [], ["surprise-attack"]))
    assert close(result.p["attacker_wins"], Fraction(20, 81))


def test_ottoman_landsknechts_in_a_field_battle():
    # 33: the 2 Hapsburg mercenaries are eliminated: 1R + 1 = 2 dice against 2.
    result = exact(FieldBattle("ottoman: 2R", "hapsburg: 1R 2M", ["landsknechts"]))
    wins = pmf(2)[1] * pmf(2)[0] + pmf(2)[2] * (pmf(2)[0] + pmf(2)[1])
    assert close(result.p["attacker_wins"], wins)  # 24/81


def test_janissaries_always_played_add_five_dice():
    # 1: 2 + 5 = 7 Ottoman dice against 2R + 1 = 3.
    result = exact(
        FieldBattle(
            "ottoman: 2R",
            "hapsburg: 2R",
            ["janissaries"],
            policies=Policies(post_roll={"janissaries": "always"}),
        )
    )
    wins = sum(pmf(3)[d] * at_least(7, d + 1) for d in range(4))
    assert close(result.p["attacker_wins"], wins)  # 41817/59049


def test_the_vienna_move_lays_a_siege_assaulted_in_the_next_impulse():
    # Original 004: Charles V fails to intercept (1 - 15/36 = 7/12, §10) and Ferdinand's
    # 2R withdraw (13.4): 8 Ottoman units besiege 2. The siege was laid in the move's
    # impulse, so the first assault comes in the next (15.1): ceil(7/2) + 2 = 6 dice
    # against 2 + 1 + 1 = 4; two hits take Vienna.
    campaign = SiegeCampaign.from_move(load_move("vienna"), horizon=1)
    weight = sum(
        entry[0]
        for entry in campaign.sieges
        if entry[1].notation() == "ottoman: 7R 1C Suleiman Ibrahim Pasha"
        and entry[2].notation() == "hapsburg: 2R Ferdinand"
    )
    assert close(weight, Fraction(7, 12))
    alone = SiegeCampaign(
        "ottoman: 7R 1C Suleiman Ibrahim Pasha", "hapsburg: 2R Ferdinand", horizon=1
    )
    assert close(exact_campaign(alone).taken_by[0], at_least(6, 2))  # 473/729


@pytest.mark.rule("8", cites="35: an LOC of at most 4 land spaces is an LOC")
def test_siege_artillery_played_by_another_power_needs_the_supply_on_the_command_line(
    capsys,
):
    # §8: any power may play Siege Artillery for the attacker; as a response it needs the
    # attacker's LOC of at most 4 land spaces as much as from the attacker's hand.
    assault = ["assault", "--attacker", "4R", "--defender", "hapsburg: 1R"]
    assert_one_line_error(
        capsys,
        [*assault, "--responses", "siege-artillery", "--no-siege-artillery-supply"],
        "at most 4 land spaces",
    )
    assert_one_line_error(capsys, [*assault, "--no-siege-artillery-supply"], "none is played")

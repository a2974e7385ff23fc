"""Corners of a whole move (RULES.md §2-§6, original 001 and 004) on the real board against
values computed by hand (Fractions): who may intercept into a space by its controller and
its holders, the intercepting formation, interceptors that lose, a leader alone joined by
interceptors, avoid battle with a leader and to allied spaces, cavalry in sieges and
battles, both sides wiped out, a winner with no unit left, retreat across a pass, allies
losing in a fortress, and the relief of a siege by a stack larger than a formation or by
an ally. The situations the other by-hand files already cover are not repeated here."""

from fractions import Fraction

import pytest
from hand_dice import attacker_wins, battle, binomial, close, roll

from oddsengine import exact
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack

WARS = [("ottoman", "hapsburg")]


def board(stacks, control=None, wars=WARS, **settings):
    """A situation from ``(space, force)`` pairs or stacks."""
    stacks = [stack if isinstance(stack, Stack) else Stack(*stack) for stack in stacks]
    return Situation(stacks, control=control or {}, wars=wars, **settings)


def over(units_and_dice, event) -> Fraction:
    """P(event) over a field battle written out by hand (hand_dice.battle):
    ``units_and_dice`` = (attacker units, attacker dice, defender units, defender dice);
    ``event(won, attacker_left, defender_left, attacker_hits, defender_hits)``."""
    return sum((weight for weight, *roll_ in battle(*units_and_dice) if event(*roll_)), Fraction(0))


def labels(move):
    return [attempt.label for attempt in move.interception_attempts]


# §3 Interception: who may try -----------------------------------------------------------


@pytest.mark.rule("3", cites="no interception of a move into the mover's own fortified")
def test_a_move_into_its_own_unfortified_space_may_be_intercepted():
    # 13.2: only a move into the mover's own unbesieged *fortified* space is safe. Buda ->
    # Pressburg (Ottoman, unfortified); 4 Hapsburg regulars in Vienna try on 2d6 >= 9
    # (10/36), then fight 4 dice against 4 + 1 = 5.
    situation = board(
        [("Buda", "ottoman: 4R"), ("Vienna", "hapsburg: 4R")],
        {"Buda": "ottoman", "Pressburg": "ottoman"},
    )
    move = Move(situation, "Buda", "Pressburg")
    assert labels(move) == ["hapsburg@Vienna"]
    result, p = exact(move), roll(0)
    close(result.p["intercepted"], p)
    close(result.p["attacker_wins"], p * attacker_wins(4, 5))
    close(result.p["mover_in_control"], 1 - p + p * attacker_wins(4, 5))
    # The same stack is no threat to a move into Ottoman-held (fortified) Vienna.
    own = board(
        [("Pressburg", "ottoman: 4R"), ("Graz", "hapsburg: 4R")],
        {"Pressburg": "ottoman", "Vienna": "ottoman"},
    )
    assert labels(Move(own, "Pressburg", "Vienna")) == []


@pytest.mark.rule("3", cites="not into a space of a power neither enemy nor ally")
@pytest.mark.parametrize("hapsburg_at_war_with_hungary", [False, True])
def test_interception_into_a_space_of_a_power_neither_enemy_nor_ally(
    hapsburg_at_war_with_hungary,
):
    # 13.2: not into a space controlled by a power that is neither an enemy nor an ally of
    # the interceptor. Agram is Hungarian; the Ottomans at war with Hungary may enter it.
    # The Hapsburgs in Graz may try (10/36) only once they too are at war with Hungary.
    wars = [("ottoman", "hapsburg"), ("ottoman", "hungary")]
    if hapsburg_at_war_with_hungary:
        wars.append(("hapsburg", "hungary"))
    situation = board(
        [("Mohacs", "ottoman: 4R"), ("Graz", "hapsburg: 4R")], {"Mohacs": "ottoman"}, wars
    )
    move = Move(situation, "Mohacs", "Agram")
    assert labels(move) == (["hapsburg@Graz"] if hapsburg_at_war_with_hungary else [])
    close(exact(move).p["intercepted"], roll(0) if hapsburg_at_war_with_hungary else 0)


@pytest.mark.rule("3", cites="not into a space of a power neither enemy nor ally")
@pytest.mark.parametrize("england_at_war_with_hapsburg", [False, True])
def test_a_third_power_intercepts_into_an_empty_space_only_of_its_enemy_or_ally(
    england_at_war_with_hapsburg,
):
    # 13.2: England (at war with the Ottomans) in Vienna, the Ottomans move into empty
    # Hapsburg Graz. England may try only if the Hapsburgs are its enemies (or allies):
    # 10/36, then 4 English regulars (4 + 1 = 5 dice) against 4 Ottoman dice.
    wars = [("ottoman", "hapsburg"), ("ottoman", "england")]
    if england_at_war_with_hapsburg:
        wars.append(("england", "hapsburg"))
    situation = board(
        [("Mohacs", "ottoman: 4R"), ("Vienna", "england: 4R")], {"Mohacs": "ottoman"}, wars
    )
    move = Move(situation, "Mohacs", "Graz")
    if not england_at_war_with_hapsburg:
        assert labels(move) == []
        return
    assert labels(move) == ["england@Vienna"]
    result, p = exact(move), roll(0)
    close(result.p["intercepted"], p)
    close(result.p["mover_in_control"], 1 - p + p * attacker_wins(4, 5))


@pytest.mark.rule("3", cites="Only the power of the units in the destination (or its ally) may")
def test_no_interception_by_a_non_ally_of_the_units_in_the_destination():
    # 13.2: the Ottomans join French (allied) units in French-held Graz; only France or
    # its allies could intercept into a space holding French land units, so the
    # Hapsburgs in Vienna, at war with both, may not.
    situation = board(
        [("Mohacs", "ottoman: 4R"), ("Graz", "france: 2R"), ("Vienna", "hapsburg: 4R")],
        {"Mohacs": "ottoman", "Graz": "france"},
        [("ottoman", "hapsburg"), ("france", "hapsburg")],
        alliances=[("ottoman", "france")],
    )
    assert labels(Move(situation, "Mohacs", "Graz")) == []


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
def test_the_besiegers_may_intercept_out_of_their_siege():
    # 13.2 forbids besieged units, not besiegers: 3 Ottoman regulars besieging Vienna try
    # (10/36) against 2 Hapsburg regulars moving Trieste -> Graz, then roll 3 + 1 = 4 dice
    # against 2. Beaten, they have no legal retreat (Vienna holds the Hapsburg garrison,
    # Mohacs and Agram are Hungarian, Trieste is where the enemy came from, Salzburg
    # Protestant) and are eliminated; either way the mover holds Graz when it wins.
    situation = board(
        [
            ("Trieste", "hapsburg: 2R"),
            Stack("Vienna", "hapsburg: 1R", besieged=True),
            ("Vienna", "ottoman: 3R"),
        ],
        {"Pressburg": "ottoman"},
    )
    move = Move(situation, "Trieste", "Graz")
    assert labels(move) == ["ottoman@Vienna"]
    result, p = exact(move), roll(0)
    close(result.p["intercepted"], p)
    close(result.p["mover_in_control"], 1 - p + p * attacker_wins(2, 4))
    close(result.p["defender_eliminated"], p * attacker_wins(2, 4))


# §3 and §1: the intercepting formation ------------------------------------------------


@pytest.mark.rule("3", cites="13.2 / 5.1")
def test_a_leader_intercepts_with_a_formation_of_his_command():
    # 5.1: Ferdinand (command 6) takes 6 of the 8 regulars in Graz; 13.2: 2d6 + 1 >= 9
    # (15/36). Battle in Vienna: Ottomans 6 + 1 = 7 dice, Hapsburgs 6 + 1 + 1 = 8 dice.
    # 14 step 12: a winner left with no unit (both wiped out, a = 7 > d = 6, the defender
    # keeps one on its 8 dice) besieges nothing; otherwise it besieges empty Vienna.
    situation = board(
        [("Pressburg", "ottoman: 6R Ibrahim"), ("Graz", "hapsburg: 8R Ferdinand")],
        {"Pressburg": "ottoman"},
    )
    move = Move(situation, "Pressburg", "Vienna")
    assert move.interception_attempts[0].force.regulars == 6
    result, p = exact(move), roll(1)
    wins_with_units = over((6, 7, 6, 8), lambda won, left, *_: won and left > 0)
    assert attacker_wins(7, 8) - wins_with_units == binomial(7, 7) * binomial(8, 6)
    close(result.p["intercepted"], p)
    close(result.p["attacker_wins"], p * attacker_wins(7, 8))
    close(result.p["besieging"], 1 - p + p * wins_with_units)


@pytest.mark.rule("3", cites="13.2 / 5.1")
def test_the_two_best_leaders_bound_the_intercepting_formation():
    # §1: Charles V (10) + Ferdinand (6) carry 16 of the 17 regulars (Alva's 6 does not
    # add); 2d6 + 2 >= 9 (21/36); 8 Ottoman dice against 16 + 2 + 1 = 19.
    situation = board(
        [
            ("Pressburg", "ottoman: 6R Suleiman"),
            ("Graz", "hapsburg: 17R Charles V Ferdinand Duke of Alva"),
        ],
        {"Pressburg": "ottoman"},
    )
    move = Move(situation, "Pressburg", "Vienna")
    assert move.interception_attempts[0].force.regulars == 16
    result, p = exact(move), roll(2)
    close(result.p["intercepted"], p)
    close(result.p["attacker_wins"], p * attacker_wins(8, 19))


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_cavalry_left_behind_gives_the_interceptor_no_minus_one():
    # 13.2: -1 only against a formation that contains Ottoman cavalry; Ibrahim moves with
    # 4 regulars and leaves the cavalry in Pressburg: Ferdinand needs 2d6 + 1 >= 9 (15/36);
    # 4 + 1 = 5 Ottoman dice against 4 + 1 + 1 = 6.
    situation = board(
        [("Pressburg", "ottoman: 4R 1C Ibrahim"), ("Graz", "hapsburg: 4R Ferdinand")],
        {"Pressburg": "ottoman"},
    )
    result = exact(Move(situation, "Pressburg", "Vienna", units="4R Ibrahim"))
    close(result.p["intercepted"], roll(1))
    close(result.p["attacker_wins"], roll(1) * attacker_wins(5, 6))


# §3 with §6.1: interceptors that lose --------------------------------------------------


@pytest.mark.rule("5", cites="15 / 14 step 12")
def test_losing_interceptors_in_their_own_fortress_go_inside():
    # 13.2: interceptors are treated as if they stood in Vienna before the mover came;
    # 14.1: Vienna is Hapsburg, so the beaten Hapsburgs (at most 3, all of them) go inside
    # and the mover besieges only if it outnumbers them (14 step 12). 2d6 >= 9 (10/36);
    # Ottomans 2 + 1 = 3 dice, Hapsburgs 3 + 1 = 4. Unintercepted, empty Vienna is
    # besieged. (Had they retreated, any surviving winner would besiege: a bigger figure.)
    situation = board(
        [("Pressburg", "ottoman: 2R Ibrahim"), ("Linz", "hapsburg: 3R")],
        {"Pressburg": "ottoman"},
    )
    result, p = exact(Move(situation, "Pressburg", "Vienna")), roll(0)
    outnumbers = over((2, 3, 3, 4), lambda won, left, inside, *_: won and left > inside)
    close(result.p["besieging"], 1 - p + p * outnumbers)
    close(result.p["defender_retreats"], 0)


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
def test_losing_interceptors_retreat_home_not_where_the_mover_came_from():
    # 14.1: the interceptors lose in Pressburg (unfortified): they may not retreat to Buda,
    # where the enemy came from, but may go back to Vienna. 2d6 >= 9 (10/36); Suleiman's
    # 4 + 2 = 6 dice against 2 + 1 = 3.
    situation = board(
        [("Buda", "ottoman: 4R Suleiman"), ("Vienna", "hapsburg: 2R")],
        {"Pressburg": "ottoman", "Buda": "ottoman"},
    )
    result, p = exact(Move(situation, "Buda", "Pressburg")), roll(0)
    close(result.p["defender_retreats"], p * over((4, 6, 2, 3), lambda w, a, d, *_: w and d))
    close(result.p["defender_eliminated"], p * over((4, 6, 2, 3), lambda w, a, d, *_: d == 0))


@pytest.mark.rule("6", cites="14 step 10 in a move")
def test_a_leader_alone_joined_by_interceptors_fights_with_them():
    # 13.1: Ibrahim alone in Pressburg is captured when Hapsburg units enter - unless the
    # Ottomans in Buda intercept first (10/36, no leader with them): then he stands with
    # 4 regulars (4 + 1 + 1 = 6 dice against 4) and is captured only if no Ottoman unit is
    # left (4 hits on him, both wiped out keeps one Ottoman unit on the 6 dice).
    situation = board(
        [("Vienna", "hapsburg: 4R"), ("Pressburg", "ottoman: Ibrahim"), ("Buda", "ottoman: 4R")],
        {"Pressburg": "ottoman", "Buda": "ottoman"},
    )
    result, p = exact(Move(situation, "Vienna", "Pressburg")), roll(0)
    wiped = over((4, 4, 4, 6), lambda won, left, defender_left, *_: defender_left == 0)
    assert wiped == binomial(4, 4) * sum(binomial(6, d) for d in range(4))
    close(result.p["intercepted"], p)
    close(result.p["defender_leaders_captured"], 1 - p + p * wiped)
    close(result.p["mover_in_control"], 1 - p + p * attacker_wins(4, 6))


# §4 Avoid battle -----------------------------------------------------------------------


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_avoid_battle_with_a_leader():
    # 13.3: 2d6 + Ferdinand's 1 >= 9 (15/36) to Trieste; failing, 3 + 1 + 1 = 5 dice
    # against Ibrahim's 5 + 1 = 6.
    situation = board(
        [("Mohacs", "ottoman: 5R Ibrahim"), ("Graz", "hapsburg: 3R Ferdinand")],
        {"Mohacs": "ottoman"},
    )
    result, p = exact(Move(situation, "Mohacs", "Graz", defender_policy="avoid:Trieste")), roll(1)
    close(result.p["avoided_battle"], p)
    close(result.p["attacker_wins"], (1 - p) * attacker_wins(6, 5))
    close(result.p["mover_in_control"], p + (1 - p) * attacker_wins(6, 5))


@pytest.mark.rule("4", cites="Spaces the defenders in ``destination`` may avoid battle to (13.3)")
def test_avoid_battle_to_spaces_held_or_controlled_by_an_ally():
    # 13.3: no *enemy* units and no non-ally's control: English (allied) units in Trieste
    # do not bar it, an English Trieste is an ally's space, an Ottoman Vienna is barred.
    allied = {"alliances": [("hapsburg", "england")]}
    held = board(
        [("Mohacs", "ottoman: 4R"), ("Graz", "hapsburg: 2R"), ("Trieste", "england: 2R")],
        {"Mohacs": "ottoman"},
        **allied,
    )
    assert Move(held, "Mohacs", "Graz", defender_policy="fight").defender_choices == (
        "fight",
        "avoid:Trieste",
        "avoid:Vienna",
    )
    controlled = board(
        [("Mohacs", "ottoman: 4R"), ("Graz", "hapsburg: 2R")],
        {"Mohacs": "ottoman", "Trieste": "england", "Vienna": "ottoman"},
        **allied,
    )
    assert Move(controlled, "Mohacs", "Graz", defender_policy="fight").defender_choices == (
        "fight",
        "avoid:Trieste",
    )


# §5 Withdrawal and siege ---------------------------------------------------------------


@pytest.mark.rule("5", cites="15 / 14 step 12")
def test_cavalry_counts_for_the_siege_after_a_withdrawal():
    # 13.4 / 15: 4 regulars withdraw into Vienna; 4 regulars and 1 cavalry are 5 land
    # units, more than the 4 inside: a siege.
    situation = board(
        [("Pressburg", "ottoman: 4R 1C Ibrahim"), ("Vienna", "hapsburg: 4R")],
        {"Pressburg": "ottoman"},
    )
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="withdraw", interception_policy="none"
    )
    result = exact(move)
    close(result.p["withdrew"], 1)
    close(result.p["besieging"], 1)


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_an_ally_of_the_controller_alone_in_its_fortress():
    # 13.4: England may withdraw into Hapsburg Vienna (an ally's fortified space). 14.1:
    # beaten there, England is not the controlling power: it retreats (to Linz or Graz)
    # and the winner besieges an empty Vienna if it has a unit left. Ibrahim's 3 + 1 = 4
    # dice against 2 + 1 = 3.
    situation = board(
        [("Pressburg", "ottoman: 3R Ibrahim"), ("Vienna", "england: 2R")],
        {"Pressburg": "ottoman"},
        WARS + [("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="fight", interception_policy="none"
    )
    assert "withdraw" in move.defender_choices
    result = exact(move)
    close(result.p["besieging"], over((3, 4, 2, 3), lambda won, left, *_: won and left > 0))
    close(result.p["defender_retreats"], over((3, 4, 2, 3), lambda w, a, d, *_: w and d > 0))


# §6 Field battle -----------------------------------------------------------------------


@pytest.mark.rule("6", cites="14 steps 2-3")
def test_cavalry_rolls_in_a_field_battle():
    # 14 step 2: land units, cavalry included: 2R 2C roll 4 dice against 2 + 1 = 3.
    situation = board(
        [("Mohacs", "ottoman: 2R 2C"), ("Graz", "hapsburg: 2R")], {"Mohacs": "ottoman"}
    )
    result = exact(Move(situation, "Mohacs", "Graz", defender_policy="fight"))
    close(result.p["attacker_wins"], attacker_wins(4, 3))


@pytest.mark.rule("6", cites="14 step 9, 16.2, 21.7: both wiped out")
def test_both_wiped_out_the_side_with_more_dice_keeps_one_and_may_still_lose():
    # 14 steps 8-9: Ibrahim's 2 + 1 = 3 dice against 1 + 1 = 2. Both wiped out (d = 2,
    # a >= 1): the attacker (more dice) keeps 1 unit, but on a = 1 or 2 it has not more
    # hits and loses: it goes back to Mohacs with that unit. It is eliminated only on
    # a = 0, d = 2: (2/3)^3 (1/3)^2 = 8/243, Ibrahim captured with it.
    situation = board(
        [("Mohacs", "ottoman: 2R Ibrahim"), ("Graz", "hapsburg: 1R")], {"Mohacs": "ottoman"}
    )
    result = exact(Move(situation, "Mohacs", "Graz", defender_policy="fight"))
    eliminated = over((2, 3, 1, 2), lambda won, left, *_: left == 0)
    assert eliminated == Fraction(8, 243)
    close(result.p["attacker_wins"], attacker_wins(3, 2))
    close(result.p["mover_in_control"], attacker_wins(3, 2))
    close(result.p["attacker_eliminated"], eliminated)
    close(result.p["attacker_leaders_captured"], eliminated)
    close(result.p["attacker_retreats"], 1 - attacker_wins(3, 2) - eliminated)


@pytest.mark.rule("6", cites="14 step 10 in a move")
def test_a_defender_that_wins_with_no_unit_left_loses_its_leader():
    # 14 steps 9-10: Ferdinand with 1 regular rolls 1 + 1 + 1 = 3 dice against Ibrahim's
    # 3 + 1 = 4. Any attacker hit kills the regular; both wiped out (d = 3) leaves the
    # attacker (more dice) one unit, so the defender always ends with none: Ferdinand is
    # captured with P(a >= 1) = 1 - (2/3)^4 = 65/81, even when the Hapsburgs win on hits.
    situation = board(
        [("Mohacs", "ottoman: 3R Ibrahim"), ("Graz", "hapsburg: 1R Ferdinand")],
        {"Mohacs": "ottoman"},
    )
    result = exact(Move(situation, "Mohacs", "Graz", defender_policy="fight"))
    close(result.p["defender_leaders_captured"], Fraction(65, 81))
    close(result.p["attacker_wins"], attacker_wins(4, 3))
    close(result.p["mover_in_control"], attacker_wins(4, 3))


@pytest.mark.rule("6", cites="14 step 9, 16.2, 21.7: both wiped out")
def test_card_dice_decide_who_keeps_a_unit_when_both_are_wiped_out():
    # 14 step 9 with Field Artillery (+3 for the Ottomans): 2 + 3 = 5 dice against
    # 1 + 1 = 2. Both wiped out on d = 2, a >= 1: the attacker rolled more dice and keeps
    # one; it is eliminated only on a = 0, d = 2: (2/3)^5 / 9 = 32/2187.
    situation = board([("Mohacs", "ottoman: 2R"), ("Graz", "hapsburg: 1R")], {"Mohacs": "ottoman"})
    move = Move(
        situation, "Mohacs", "Graz", defender_policy="fight", attacker_cards=("Field Artillery",)
    )
    result = exact(move)
    close(result.p["attacker_eliminated"], Fraction(32, 2187))
    close(result.p["attacker_wins"], attacker_wins(5, 2))


@pytest.mark.rule(
    "6.1", cites="Spaces a losing formation may retreat to from ``battle_space`` (14.1)"
)
@pytest.mark.parametrize("salzburg", ["hapsburg", "protestant"])
def test_a_beaten_defender_may_retreat_across_a_pass(salzburg):
    # 14.1 forbids unrest, enemy units, the sea, non-allied spaces and (for a defender)
    # where the enemy came from - not a pass. Graz's neighbours: Vienna and Trieste in
    # unrest, Agram Hungarian, Mohacs the mover's origin, Salzburg across a pass: legal
    # when Hapsburg, not when Protestant (then the beaten survivors are eliminated).
    # Ibrahim's 4 + 1 = 5 dice against 2 + 1 = 3.
    situation = board(
        [("Mohacs", "ottoman: 4R Ibrahim"), ("Graz", "hapsburg: 2R")],
        {"Mohacs": "ottoman", "Salzburg": salzburg},
        unrest=["Vienna", "Trieste"],
    )
    result = exact(Move(situation, "Mohacs", "Graz", defender_policy="fight"))
    beaten_alive = over((4, 5, 2, 3), lambda won, a, d, *_: won and d > 0)
    wiped = over((4, 5, 2, 3), lambda won, a, d, *_: d == 0)
    assert wiped == 1 - sum(binomial(5, a) for a in range(2))
    if salzburg == "hapsburg":
        close(result.p["defender_retreats"], beaten_alive)
        close(result.p["defender_eliminated"], wiped)
    else:
        close(result.p["defender_retreats"], 0)
        close(result.p["defender_eliminated"], wiped + beaten_alive)


@pytest.mark.rule(
    "6", cites="14 step 9: allied powers defending together split their losses evenly"
)
def test_allies_split_losses_and_only_the_controllers_survivors_go_inside():
    # 14 step 9: 2 Hapsburg and 2 English regulars split the losses evenly, the odd one by
    # a die (1/2 each). 14.1: only the Hapsburgs (controlling Vienna) go inside; England
    # retreats. 14 step 12: Ibrahim's 3 - d survivors besiege if they outnumber the
    # Hapsburgs inside. Dice: 3 + 1 = 4 against 4 + 1 = 5. (Had England gone inside too,
    # a = 1, d = 0 would leave 3 against 3 inside: no siege.)
    situation = board(
        [
            ("Pressburg", "ottoman: 3R Ibrahim"),
            ("Vienna", "hapsburg: 2R"),
            ("Vienna", "england: 2R"),
        ],
        {"Pressburg": "ottoman"},
        WARS + [("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="fight", interception_policy="none"
    )
    siege = Fraction(0)
    for weight, won, left, _, hits, _ in battle(3, 4, 4, 5):
        if won:
            losses = min(hits, 4)
            inside = [2 - losses // 2] if losses % 2 == 0 else [1 - losses // 2, 2 - losses // 2]
            siege += weight * Fraction(sum(left > h for h in inside), len(inside))
    result = exact(move)
    close(result.p["attacker_wins"], attacker_wins(4, 5))
    close(result.p["besieging"], siege)


# §6.2 Relief of a siege ----------------------------------------------------------------


def relief(relief_force="hapsburg: 4R", relief_from="Linz", **settings):
    """A relief force moves into Vienna, where 1 Hapsburg regular is besieged by 6 Ottoman
    regulars with no leader (more than one formation may stand and besiege, §1)."""
    situation = board(
        [
            (relief_from, relief_force),
            Stack("Vienna", "hapsburg: 1R", besieged=True),
            ("Vienna", "ottoman: 6R"),
        ],
        {"Pressburg": "ottoman"},
        WARS + [("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    return Move(
        situation,
        relief_from,
        "Vienna",
        defender_policy="fight",
        interception_policy="none",
        **settings,
    )


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_besiegers_larger_than_a_formation_all_defend_against_a_relief():
    # 15.2: the relief attacks (4 dice); all 6 besiegers defend, + 1: 7 dice.
    result = exact(relief())
    close(result.p["attacker_wins"], attacker_wins(4, 7))
    close(result.p["mover_in_control"], attacker_wins(4, 7))
    close(result.p["siege_broken"], attacker_wins(4, 7))


@pytest.mark.rule("6.2", cites="15.2: the mover's own units besieged in the destination")
def test_the_garrison_joins_a_relief_and_takes_its_losses_last():
    # 15.2: the garrison's regular joins: 5 dice against 7. On a = 5, d = 4 the relief
    # wins and the siege is broken, but its 4 moving units are dead and only the
    # garrison's unit is left (it takes losses last): the mover does not end in control.
    result = exact(relief(garrison_joins_relief=True))
    close(result.p["attacker_wins"], attacker_wins(5, 7))
    close(result.p["siege_broken"], attacker_wins(5, 7))
    close(result.p["mover_in_control"], attacker_wins(5, 7) - binomial(5, 5) * binomial(7, 4))


@pytest.mark.rule("6.2", cites="15.2: the mover's own units besieged in the destination")
def test_an_allys_garrison_does_not_join_a_relief():
    # 15.2: only garrison units of the relief force's power may join: the English relief
    # rolls its own 4 dice against 6 + 1 = 7, with the Hapsburg regular left inside.
    result = exact(relief("england: 4R", garrison_joins_relief=True))
    close(result.p["attacker_wins"], attacker_wins(4, 7))


@pytest.mark.rule("2", cites="13.1 who may move, and where")
def test_an_ally_relieves_a_besieged_allys_fortress():
    # 13.1: a besieged fortified space may be entered when one side is all allied to the
    # mover (the French garrison of French Vienna) and the other all enemy (Hapsburg
    # besiegers); 15.2: the Ottomans attack with 4 dice against 2 + 1 = 3.
    situation = board(
        [
            ("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "france: 1R", besieged=True),
            ("Vienna", "hapsburg: 2R"),
        ],
        {"Pressburg": "ottoman", "Vienna": "france"},
        WARS + [("france", "hapsburg")],
        alliances=[("ottoman", "france")],
    )
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="fight", interception_policy="none"
    )
    close(exact(move).p["attacker_wins"], attacker_wins(4, 3))


# §2 with §4 and §6.1: a leader alone where enemy land units go ------------------------


def lone_suleiman_in_trieste():
    """Ibrahim with 4 regulars moves Mohacs -> Graz (2 Hapsburg regulars); Suleiman stands
    alone in Trieste; Vienna is in unrest, so Trieste is Graz's only open neighbour
    (Mohacs is where the enemy came from, Agram Hungarian, Salzburg Protestant)."""
    return board(
        [
            ("Mohacs", "ottoman: 4R Ibrahim"),
            ("Graz", "hapsburg: 2R"),
            ("Trieste", "ottoman: Suleiman"),
        ],
        {"Mohacs": "ottoman"},
        unrest=["Vienna"],
    )


@pytest.mark.rule("2", cites="Leaders alone in an unfortified space do not count")
def test_a_beaten_defender_retreats_onto_a_lone_enemy_leader_and_captures_him():
    # 13.1: a leader alone in an unfortified space that enemy land units enter "by move,
    # retreat or interception" is captured - so his presence does not close the space to
    # a retreat (14.1: no enemy *units*). Ibrahim's 4 + 1 = 5 dice against 2 + 1 = 3: the
    # beaten Hapsburgs with a unit left retreat to Trieste and take Suleiman.
    situation = lone_suleiman_in_trieste()
    result = exact(Move(situation, "Mohacs", "Graz", defender_policy="fight"))
    beaten_alive = over((4, 5, 2, 3), lambda won, a, d, *_: won and d > 0)
    close(result.p["defender_retreats"], beaten_alive)
    close(result.p["defender_eliminated"], Fraction(131, 243))  # 1 - (32 + 80) / 243
    close(result.p["attacker_leaders_captured"], beaten_alive)
    close(result.p["defender_leaders_captured"], 0)


@pytest.mark.rule("2", cites="Leaders alone in an unfortified space do not count")
def test_units_avoiding_battle_onto_a_lone_enemy_leader_capture_him():
    # 13.3 (no enemy units) with 13.1: the 2 Hapsburg regulars may avoid to Trieste; on
    # 2d6 + 0 >= 9 (10/36; Ibrahim's formation has no cavalry) they go and take Suleiman;
    # failing, they fight (5 dice against 3) and, beaten with a unit left, retreat there.
    situation = lone_suleiman_in_trieste()
    move = Move(situation, "Mohacs", "Graz", defender_policy="avoid:Trieste")
    result, p = exact(move), roll(0)
    beaten_alive = over((4, 5, 2, 3), lambda won, a, d, *_: won and d > 0)
    close(result.p["avoided_battle"], p)
    close(result.p["attacker_leaders_captured"], p + (1 - p) * beaten_alive)

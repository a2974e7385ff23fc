"""Interception (RULES.md §3, 13.2, original 001) on the real board against values computed
by hand (Fractions): several stacks of one power, several powers in impulse order, Ottoman
cavalry modifiers, who may not intercept, the intercepting formation, and the Vienna example
of original 004."""

from fractions import Fraction

import pytest
from hand_dice import attacker_wins, close, graz_situation, monte_carlo_agrees, roll

from oddsengine import OddsEngineError, exact
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack


def vienna_example(**stacks):
    return Situation(
        [Stack("Pressburg", "ottoman: 7R 1C Suleiman Ibrahim"), *stacks.pop("extra")],
        control={"Pressburg": "ottoman", **stacks.pop("control", {})},
        wars=[("ottoman", "hapsburg"), ("ottoman", "england")],
        alliances=[("hapsburg", "england")],
        **stacks,
    )


@pytest.mark.rule("3", cites="13.2 (original 001): once one power succeeds")
def test_two_stacks_of_one_power_both_try():
    # 13.2: Charles V (+2 -1 for the Ottoman cavalry) 15/36, Ferdinand (+1 -1) 10/36; once
    # one succeeds its power still tries from its other spaces. Vienna is empty.
    situation = vienna_example(
        extra=[Stack("Graz", "hapsburg: 8R Charles V"), Stack("Linz", "hapsburg: 4R Ferdinand")]
    )
    move = Move(situation, "Pressburg", "Vienna")
    assert [a.label for a in move.interception_attempts] == ["hapsburg@Graz", "hapsburg@Linz"]
    result = exact(move)
    graz, linz = roll(1), roll(0)
    close(result.p["intercepted:hapsburg@Graz"], graz)
    close(result.p["intercepted:hapsburg@Linz"], linz)
    close(result.p["intercepted"], 1 - (1 - graz) * (1 - linz))
    # Attacker 8 + 2 = 10 dice; Graz alone 8 + 2 + 1, Linz alone 4 + 1 + 1, both 12 + 2 + 1.
    wins = (
        graz * (1 - linz) * attacker_wins(10, 11)
        + (1 - graz) * linz * attacker_wins(10, 6)
        + graz * linz * attacker_wins(10, 15)
    )
    close(result.p["attacker_wins"], wins)
    monte_carlo_agrees(move, ["intercepted", "attacker_wins", "besieging"])


@pytest.mark.rule("3", cites="13.2 (original 001): once one power succeeds")
@pytest.mark.parametrize("england_first", [False, True])
def test_several_powers_intercept_in_impulse_order(england_first):
    # 13.2: powers in impulse order; once one power succeeds no other power (even an
    # ally) tries. Hapsburgs in Graz and Brunn, England in Linz, each 2d6 - 1 >= 9: 6/36.
    order = ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]
    if england_first:
        order = ["ottoman", "england", "hapsburg", "france", "papacy", "protestant"]
    situation = vienna_example(
        extra=[
            Stack("Graz", "hapsburg: 4R"),
            Stack("Brunn", "hapsburg: 4R"),
            Stack("Linz", "england: 4R"),
        ],
        impulse_order=order,
    )
    move = Move(situation, "Pressburg", "Vienna")
    result = exact(move)
    p = roll(-1)
    assert p == Fraction(6, 36)
    hapsburg_any = 1 - (1 - p) ** 2
    if england_first:
        close(result.p["intercept_attempted:england@Linz"], 1)
        close(result.p["intercepted:england@Linz"], p)
        close(result.p["intercept_attempted:hapsburg@Graz"], 1 - p)
        close(result.p["intercepted:hapsburg@Graz"], (1 - p) * p)
        close(result.p["intercepted:hapsburg@Brunn"], (1 - p) * p)
    else:
        close(result.p["intercepted:hapsburg@Brunn"], p)
        close(result.p["intercepted:hapsburg@Graz"], p)
        close(result.p["intercept_attempted:england@Linz"], 1 - hapsburg_any)
        close(result.p["intercepted:england@Linz"], (1 - hapsburg_any) * p)
    close(result.p["intercepted"], 1 - (1 - p) ** 3)


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_ottoman_cavalry_adds_one_to_an_interception():
    # 13.2: +1 for Ottoman interceptors with cavalry; Ibrahim adds 1 more.
    situation = Situation(
        [
            Stack("Vienna", "hapsburg: 4R"),
            Stack("Mohacs", "ottoman: 2R 1C"),
            Stack("Agram", "ottoman: 2R 1C Ibrahim"),
        ],
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Vienna", "Graz", defender_policy="fight")
    result = exact(move)
    agram, mohacs = roll(2), roll(1)
    assert (agram, mohacs) == (Fraction(21, 36), Fraction(15, 36))
    close(result.p["intercepted:ottoman@Agram"], agram)
    close(result.p["intercepted:ottoman@Mohacs"], mohacs)
    close(result.p["intercepted"], 1 - (1 - agram) * (1 - mohacs))


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_interceptors_lose_one_against_ottoman_cavalry():
    # 13.2: a non-Ottoman power intercepting a formation with Ottoman cavalry: -1.
    vienna = [Stack("Vienna", "hapsburg: 4R")]
    situation = graz_situation("hapsburg: 2R", mover="ottoman: 3R 1C", stacks=vienna)
    move = Move(situation, "Mohacs", "Graz", defender_policy="fight")
    result = exact(move)
    close(result.p["intercepted"], roll(-1))
    # Without cavalry the same interception is 10/36.
    plain = graz_situation("hapsburg: 2R", mover="ottoman: 4R", stacks=vienna)
    close(exact(Move(plain, "Mohacs", "Graz", defender_policy="fight")).p["intercepted"], roll(0))


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
def test_a_leader_alone_does_not_intercept():
    # Original 001: "an enemy power that has land units in a space adjacent": Charles V
    # alone in Graz has none.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Graz", "hapsburg: Charles V"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    assert Move(situation, "Pressburg", "Vienna").interception_attempts == ()


def test_leaders_alone_declared_to_intercept_need_their_side_in_the_destination():
    # 13.2 step 1 lets the force declared leave units behind; step 5: the interceptors fight
    # the field battle there. Charles V alone may join Ferdinand's 2R in Vienna (15/36, the
    # Vienna roll), but into an empty Vienna he has no one to fight with: refused by name.
    graz = [Stack("Graz", "hapsburg: 8R Charles V")]
    joined = Move(
        vienna_example(extra=[*graz, Stack("Vienna", "hapsburg: 2R Ferdinand")]),
        "Pressburg",
        "Vienna",
        interception_policy={"Graz": "hapsburg: Charles V"},
    )
    close(exact(joined).p["intercepted"], Fraction(15, 36))
    with pytest.raises(OddsEngineError, match="Graz: .*Charles V brings no land units"):
        Move(
            vienna_example(extra=graz),
            "Pressburg",
            "Vienna",
            interception_policy={"Graz": "hapsburg: Charles V"},
        )


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_an_interceptor_without_a_leader_sends_four_units():
    situation = Situation(
        [Stack("Pressburg", "ottoman: 4R"), Stack("Graz", "hapsburg: 10R")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna")
    (attempt,) = move.interception_attempts
    assert attempt.force.land_units == 4
    result = exact(move)
    close(result.p["intercepted"], roll(0))
    # The 4 interceptors (4 + 1 dice) fight in empty Vienna against 4 dice.
    close(result.p["attacker_wins"], roll(0) * attacker_wins(4, 5))


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
@pytest.mark.parametrize(
    ("stack", "reason"),
    [
        (Stack("Salzburg", "hapsburg: 4R"), "across a pass"),
        (Stack("Vienna", "hapsburg: 4R", intercepted_this_impulse=True), "tried already"),
        (Stack("Agram", "england: 4R"), "not allied to the Hapsburg units in Graz"),
    ],
)
def test_stacks_that_may_not_intercept(stack, reason):
    # 13.2: not across a pass; a unit tries once per impulse; into a space holding land
    # units only their power or its allies (England is at war with the Hapsburgs here).
    situation = Situation(
        [Stack("Mohacs", "ottoman: 4R"), Stack("Graz", "hapsburg: 2R"), stack],
        control={"Mohacs": "ottoman", "Salzburg": "hapsburg"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "england"), ("england", "hapsburg")],
    )
    move = Move(situation, "Mohacs", "Graz", defender_policy="fight")
    assert move.interception_attempts == (), reason


@pytest.mark.rule("3", cites="13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds")
def test_the_vienna_example_of_the_original():
    # Original 004: Charles V intercepts on 2d6 + 2 - 1 >= 9 (15/36); the battle is
    # 8 + 2 = 10 Ottoman dice against 10 + 2 + 1 = 13 Hapsburg dice.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 7R 1C Suleiman Ibrahim"),
            Stack("Graz", "hapsburg: 8R Charles V"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    result = exact(move)
    close(result.p["intercepted"], Fraction(15, 36))
    dice = {(b.attacker_dice, b.defender_dice) for b, _ in move.program.battles}
    assert (10, 13) in dice
    # Not intercepted, Ferdinand's 2 regulars fight: 2 + 1 + 1 = 4 dice.
    assert dice == {(10, 13), (10, 4)}
    p = Fraction(15, 36)
    close(result.p["attacker_wins"], p * attacker_wins(10, 13) + (1 - p) * attacker_wins(10, 4))


def test_an_ottoman_stack_intercepts_with_a_formation_that_holds_cavalry():
    # 5.1 / 13.2: 6 regulars and 2 cavalry without a leader send 4 units; with one
    # cavalry among them the roll is 2d6 + 1 >= 9 (15/36).
    situation = Situation(
        [Stack("Vienna", "hapsburg: 4R"), Stack("Mohacs", "ottoman: 6R 2C")],
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Vienna", "Graz", defender_policy="fight")
    (attempt,) = move.interception_attempts
    assert attempt.force.land_units == 4 and attempt.force.cavalry >= 1
    close(exact(move).p["intercepted"], roll(1))


def test_interception_in_impulse_order_agrees_with_monte_carlo():
    situation = vienna_example(
        extra=[
            Stack("Graz", "hapsburg: 4R"),
            Stack("Brunn", "hapsburg: 4R"),
            Stack("Linz", "england: 4R"),
        ],
    )
    move = Move(situation, "Pressburg", "Vienna")
    monte_carlo_agrees(
        move, ["intercepted", "intercepted:england@Linz", "attacker_wins", "besieging"]
    )

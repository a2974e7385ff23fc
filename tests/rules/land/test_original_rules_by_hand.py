"""The clauses of the three original excerpts (``original/000``: 15.1 assault; ``001``:
13.2 interception; ``004``: 14.1 retreat, the Vienna example, 15 siege) that the other
by-hand files leave unchecked, each against a value computed by hand in Fractions (a die
hits on 5-6: 1/3; 2d6 against 9) or against the refusal the text requires.

The clauses already checked elsewhere are listed in ``test_rule_map.py``; this file only
adds the ones they miss.
"""

from fractions import Fraction

import pytest
from hand_dice import THIRD, battle, binomial, close, roll, states

import oddsengine as oe
from oddsengine import Assault, OddsEngineError, exact
from oddsengine.moves.move import Move
from oddsengine.moves.sea import naval_requirement
from oddsengine.moves.situation import FleetStack, Situation, Stack

# -- original 000 / 004, 15.1 assault --------------------------------------------------


@pytest.mark.rule("7", cites="15.1 requirements; each refusal names the rule it breaks")
def test_an_empty_fortress_too_is_assaulted_only_an_impulse_after_the_siege():
    """000, 15.1 requirement 1: "even empty fortified spaces must be besieged in one
    impulse and assaulted in a later one"; Roxelana lets the Ottomans assault at once.

    With Roxelana, 4 regulars and Suleiman against the empty fortress: 4 + 2 = 6 dice
    against the fortress's 1 die. One hit takes it, and the fortress's single hit cannot
    kill all 4: success = 1 - (2/3)^6 = 665/729.
    """
    with pytest.raises(OddsEngineError, match="siege began this impulse"):
        Assault("ottoman: 4R Suleiman", "hapsburg: 0R", siege_laid_this_impulse=True)
    assault = Assault(
        "ottoman: 4R Suleiman", "hapsburg: 0R", ["roxelana"], siege_laid_this_impulse=True
    )
    assert (assault.attacker_dice, assault.defender_dice) == (6, 1)
    expected = 1 - (1 - THIRD) ** 6
    assert expected == Fraction(665, 729)
    close(exact(assault).p["success"], expected)


@pytest.mark.rule("7", cites="15.1 success")
@pytest.mark.parametrize("order", [("regulars", "cavalry"), ("cavalry", "regulars")])
def test_a_surviving_cavalry_unit_is_a_surviving_attacker(order):
    """000, 15.1 success: at least one hit, no defending unit left, and "at least 1
    attacking unit survived the assault"; cavalry rolls no assault die but is a land unit
    (losses: "cavalry may also be taken").

    1 regular and 1 cavalry against the empty fortress: 1 die against 1 die. The
    fortress's hit kills one of the two, whichever the order, so the other survives:
    success = P(attacker hits) = 1/3 (with the regular alone it would be 1/3 * 2/3).
    """
    policies = oe.Policies(attacker_casualty_order=(*order, "mercenaries"))
    assault = Assault("ottoman: 1R 1C", "hapsburg: 0R", policies=policies)
    assert (assault.attacker_dice, assault.defender_dice) == (1, 1)
    result = exact(assault)
    close(result.p["success"], THIRD)
    close(result.p["siege_broken"], 0)
    close(exact(Assault("ottoman: 1R", "hapsburg: 0R")).p["success"], THIRD * (1 - THIRD))


@pytest.mark.rule("7", cites="15.1 requirements: a line of communication, and no naval blockade")
def test_corsairs_of_the_defender_do_not_blockade_the_port():
    """000, 15.1 requirements 3-4: "in the last two requirements (naval blockade) only
    squadrons count, corsairs are ignored". Ottoman Tunis with 3 corsairs in the Barbary
    Coast may be assaulted; one Ottoman squadron there forbids it."""

    def counts(ottoman_ships):
        situation = Situation(
            wars=[("ottoman", "hapsburg")],
            control={"Tunis": "ottoman"},
            fleets=[FleetStack("Barbary Coast", ottoman_ships)],
        )
        return naval_requirement(situation, "Tunis", "hapsburg")

    assert counts("ottoman: 3Co")["defender_squadrons_adjacent"] == 0
    # 4 regulars against 1: 2 dice against 2; success = P(at least 1 hit of 2) = 5/9.
    close(
        exact(Assault("hapsburg: 4R", "ottoman: 1R", **counts("ottoman: 3Co"))).p["success"],
        1 - (1 - THIRD) ** 2,
    )
    assert counts("ottoman: 1Sq 3Co")["defender_squadrons_adjacent"] == 1
    with pytest.raises(OddsEngineError, match="adjacent sea zone"):
        Assault("hapsburg: 4R", "ottoman: 1R", **counts("ottoman: 1Sq 3Co"))


# -- original 001, 13.2 interception ---------------------------------------------------


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
def test_a_retreating_army_is_not_intercepted():
    """001, 13.2 restriction 1: armies that retreat (or avoid battle, or intercept) may
    not be intercepted. The Vienna example with 4 more Hapsburg regulars and Alva in Buda,
    next to Pressburg but not to Vienna: when the Ottomans lose, they retreat to Pressburg
    (14.1: where they came from) and Buda does not try.

    Only Graz tries (15/36). Intercepted: 10 dice against 10 + 2 + 1 = 13; not: 10 against
    Ferdinand's 2 + 1 + 1 = 4. The Ottomans retreat when they lose with a unit left, and
    when they win without outnumbering the (at most 4) Hapsburgs who went inside (14
    step 12).
    """
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 7R 1C Suleiman Ibrahim"),
            Stack("Graz", "hapsburg: 8R Charles V"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
            Stack("Buda", "hapsburg: 4R Duke of Alva"),
        ],
        control={"Pressburg": "ottoman", "Buda": "hapsburg"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    assert [attempt.label for attempt in move.interception_attempts] == ["hapsburg@Graz"]
    p = Fraction(15, 36)

    def retreats(defender_units, defender_dice):
        return sum(
            w
            for w, won, left, defender_left, *_ in battle(8, 10, defender_units, defender_dice)
            if left and (not won or left <= min(4, defender_left))
        )

    result = exact(move)
    close(result.p["attacker_retreats"], p * retreats(10, 13) + (1 - p) * retreats(2, 4))
    assert not [name for name in result.p if "Buda" in name]
    for _, state in states(move):
        if "attacker_retreats" in state.events:
            assert state.mover_end.startswith("Pressburg: ottoman:"), state.mover_end


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
def test_only_a_power_at_war_with_the_mover_intercepts():
    """001, 13.2 restriction 3: "only troops of a power at war with the active power may
    intercept". England, allied to the Hapsburgs but at peace with the Ottomans, does not
    try from Graz; at war it tries: 2d6 >= 9, 10/36."""

    def move(wars):
        situation = Situation(
            [Stack("Pressburg", "ottoman: 4R"), Stack("Graz", "england: 4R")],
            control={"Pressburg": "ottoman"},
            wars=wars,
            alliances=[("hapsburg", "england")],
        )
        return Move(situation, "Pressburg", "Vienna")

    assert move([("ottoman", "hapsburg")]).interception_attempts == ()
    at_war = move([("ottoman", "hapsburg"), ("ottoman", "england")])
    assert [attempt.label for attempt in at_war.interception_attempts] == ["england@Graz"]
    close(exact(at_war).p["intercepted"], roll(0))


@pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
@pytest.mark.parametrize("destination", ["Linz", "Brunn"])
def test_besiegers_who_leave_are_not_intercepted_by_the_garrison(destination):
    """001, 13.2 restriction 5: "if the besiegers lift the siege and leave, the formerly
    besieged may not intercept that move". 4 Ottoman regulars leave the siege of Vienna
    (Ferdinand and 2 regulars inside, next to Linz and Brunn): no attempt, and the
    Ottomans stand alone in the empty space."""
    situation = Situation(
        [Stack("Vienna", "ottoman: 4R"), Stack("Vienna", "hapsburg: 2R Ferdinand", besieged=True)],
        control={"Brunn": "hapsburg"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Vienna", destination, defender_policy="fight")
    assert move.interception_attempts == ()
    result = exact(move)
    close(result.p["intercepted"], 0)
    close(result.p["mover_in_control"], 1)


@pytest.mark.rule("3", cites="no second attempt from a space already chosen")
def test_one_attempt_from_a_space_even_with_two_powers_there():
    """001, 13.2 step 4: "repeated attempts from the space chosen in step 1 are
    forbidden" (RULES.md §3: one attempt per space). Hapsburg and English regulars (allies,
    both at war with the Ottomans) stand in Graz: the first in impulse order, the
    Hapsburgs, tries (2d6 >= 9, 10/36) and England may not try again from Graz, so the
    move is intercepted with 10/36, not 1 - (26/36)^2. Declared for England instead, only
    England tries.

    Intercepted, 2 regulars (2 + 1 dice) fight 4 Ottoman regulars (4 dice) in empty
    Vienna.
    """
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Graz", "hapsburg: 2R"),
            Stack("Graz", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    move = Move(situation, "Pressburg", "Vienna")
    assert [attempt.label for attempt in move.interception_attempts] == ["hapsburg@Graz"]
    result = exact(move)
    close(result.p["intercepted"], roll(0))
    assert "intercept_attempted:england@Graz" not in result.p
    wins = sum(w for w, won, *_ in battle(4, 4, 2, 3) if won)
    close(result.p["attacker_wins"], roll(0) * wins)
    england = Move(situation, "Pressburg", "Vienna", interception_policy={"Graz": "england: 2R"})
    assert [attempt.label for attempt in england.interception_attempts] == ["england@Graz"]
    close(exact(england).p["intercepted:england@Graz"], roll(0))


# -- original 004: the Vienna example, 14.1 retreat, 15 siege ---------------------------


@pytest.mark.rule("6.1", cites="14.1: a losing attacker must retreat")
def test_the_vienna_example_ends_as_the_text_says():
    """004, example of interception and battle: Charles V intercepts on a roll of 8
    (2d6 + 2 - 1 >= 9: 15/36); Ottomans 8 + 2 = 10 dice, Hapsburgs 10 + 2 + 1 = 13; the
    Ottomans score 3 hits, the Hapsburgs 5; 3 Hapsburg regulars die, the Ottomans give
    the cavalry and 4 regulars; Suleiman, Ibrahim and the 3 left retreat to Pressburg,
    where they came from; Charles, Ferdinand and 7 regulars stay in Vienna.

    P(that end) = 15/36 * C(10,3) 2^7 / 3^10 * C(13,5) 2^8 / 3^13.
    """
    policies = oe.Policies(attacker_casualty_order=("cavalry", "regulars", "mercenaries"))
    move = oe.load_move("vienna", defender_policy="fight", policies=policies)
    assert roll(2 - 1) == Fraction(15, 36)  # Charles V's +2, the cavalry's -1
    expected = Fraction(15, 36) * binomial(10, 3) * binomial(13, 5)
    ends = [
        (weight, state)
        for weight, state in states(move)
        if state.mover_end == "Pressburg: ottoman: 3R Suleiman Ibrahim Pasha"
        and state.defenders_end == "Vienna: hapsburg: 7R Ferdinand Charles V"
    ]
    assert len(ends) == 1
    close(ends[0][0], expected)
    assert ends[0][1].outcome == "mover_turned_back"


@pytest.mark.rule("6", cites="14 steps 2-3")
def test_the_vienna_example_choices_had_the_interception_failed():
    """004, example: had the interception failed, Ferdinand and his 2 regulars "could
    accept battle, avoid battle to Brunn, Linz or Graz, or withdraw into Vienna" (not to
    Pressburg, where the Ottomans came from: 13.3).

    Avoid battle: 2d6 + 1 (Ferdinand) - 1 (Ottoman cavalry) >= 9, 10/36, tried only when
    Charles V failed (21/36): avoided = 21/36 * 10/36 = 35/216. Withdrawal: 8 Ottoman units
    outnumber the 2 inside, a siege (15): besieging = 21/36 + 15/36 * P(the Ottomans win
    the battle of 10 dice against 13 and then outnumber those who went inside).
    """
    move = oe.load_move("vienna")
    assert set(move.defender_choices) >= {
        "fight",
        "withdraw",
        "avoid:Brunn",
        "avoid:Linz",
        "avoid:Graz",
    }
    assert not [choice for choice in move.defender_choices if "Pressburg" in choice]
    for space in ("Brunn", "Linz", "Graz"):
        result = exact(oe.load_move("vienna", defender_policy=f"avoid:{space}"))
        close(result.p["avoided_battle"], Fraction(21, 36) * roll(0))
    withdrew = exact(oe.load_move("vienna", defender_policy="withdraw"))
    close(withdrew.p["withdrew"], Fraction(21, 36))
    lays_siege = sum(
        w
        for w, won, left, defender_left, *_ in battle(8, 10, 10, 13)
        if won and left > min(4, defender_left)
    )
    close(withdrew.p["besieging"], Fraction(21, 36) + Fraction(15, 36) * lays_siege)


@pytest.mark.rule("5", cites="besieged land units may not move until the siege is lifted")
def test_besieged_units_may_not_move():
    """004, 15: "besieged land units may not move, attack, intercept or avoid battle
    until the siege is lifted". Ferdinand's garrison of Vienna has no unbesieged stack to
    move."""
    situation = Situation(
        [Stack("Vienna", "ottoman: 5R"), Stack("Vienna", "hapsburg: 2R Ferdinand", besieged=True)],
        wars=[("ottoman", "hapsburg")],
    )
    with pytest.raises(OddsEngineError, match="no unbesieged stack of hapsburg in Vienna"):
        Move(situation, "Vienna", "Linz", power="hapsburg")


@pytest.mark.rule("5", cites="15 / 14 step 12")
@pytest.mark.parametrize(("french", "besieging"), [(2, 0), (4, 1)])
def test_an_ally_joins_a_siege_only_if_it_outnumbers_the_garrison_itself(french, besieging):
    """004, 15: a fortified space may be besieged by two allied powers at once if both
    are at war with its controller "and each has more units in the space than are
    besieged". French regulars join 4 Ottomans around 3 Hapsburgs in Vienna: 2 are not
    besiegers (they go back to Linz), 4 are."""
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 3R", besieged=True),
            Stack("Linz", f"france: {french}R"),
        ],
        wars=[("ottoman", "hapsburg"), ("france", "hapsburg")],
        alliances=[("ottoman", "france")],
        control={"Linz": "france"},
    )
    result = exact(Move(situation, "Linz", "Vienna", interception_policy="none"))
    close(result.p["besieging"], besieging)
    close(result.p["went_back"], 1 - besieging)


@pytest.mark.rule("5", cites="naval units in a besieged port may move")
def test_ships_in_a_besieged_port_may_move():
    """004, 15: "(naval units in a besieged port may move)". Two Hapsburg squadrons in
    Naples, whose 2 regulars are besieged by 5 French, sail into the empty Tyrrhenian Sea:
    no roll, they arrive (probability 1)."""
    situation = Situation(
        [Stack("Naples", "france: 5R"), Stack("Naples", "hapsburg: 2R", besieged=True)],
        wars=[("france", "hapsburg")],
        fleets=[FleetStack("Naples", "hapsburg: 2Sq")],
    )
    result = exact(oe.NavalMove(situation, "Naples", "Tyrrhenian Sea"))
    close(result.p["mover_in_destination"], 1)

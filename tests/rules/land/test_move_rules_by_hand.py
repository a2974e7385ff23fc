"""Whole moves on the real board against values computed by hand from RULES.md §1, §2, §4
and §5 and the original excerpts (Fractions), one situation per test: two or three allied
defending powers with some or all avoiding battle, partial avoid battle, withdrawal with
exactly 4 or 5 units left, going back after a withdrawal when the way back is closed, and
formations larger than the command limit. Interception is in
``test_interception_by_hand.py``; retreat and the relief of a siege in
``test_retreat_and_relief_by_hand.py``."""

from fractions import Fraction

import pytest
from hand_dice import (
    ALLIES,
    OTTOMAN_WARS,
    attacker_wins,
    battle,
    close,
    graz_situation,
    monte_carlo_agrees,
    one_power_in_vienna,
    roll,
    states,
)

from oddsengine import exact
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack


def three_allies_in_vienna(papacy_lost_battle=True):
    """Suleiman with 8 regulars (10 dice) from Pressburg against three allied powers; the
    papal regular lost a field battle earlier this impulse (13.3: its avoid battle
    succeeds automatically)."""
    return Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Vienna", "england: 2R Charles Brandon"),
            Stack("Vienna", "papacy: 1R", lost_battle_this_impulse=papacy_lost_battle),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )


#: Each power's chance to avoid (13.3: 2d6 + best rating of those leaving >= 9, automatic
#: for units that already lost a battle this impulse), its land units and best rating.
THREE = {
    "hapsburg": (roll(0), 2, 0),
    "england": (roll(1), 2, 1),
    "papacy": (Fraction(1), 1, 0),
}


def staying_combinations(avoiding):
    """(probability, land units staying, best rating staying) over every combination of
    successful avoid rolls of the powers in ``avoiding`` (each tries separately)."""
    combos = [(Fraction(1), 0, -1)]
    for power, (p, units, rating) in THREE.items():
        if power in avoiding:
            nxt = [(w * p, u, r) for w, u, r in combos]  # it leaves
            nxt += [(w * (1 - p), u + units, max(r, rating)) for w, u, r in combos]
        else:
            nxt = [(w, u + units, max(r, rating)) for w, u, r in combos]
        combos = [(w, u, r) for w, u, r in nxt if w]
    return [(w, u, max(r, 0)) for w, u, r in combos]


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_three_allied_powers_all_avoid_battle():
    move = Move(
        three_allies_in_vienna(),
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "avoid:Linz", "england": "avoid:Graz", "papacy": "avoid:Linz"},
    )
    result = exact(move)
    nobody = THREE["hapsburg"][0] * THREE["england"][0] * THREE["papacy"][0]
    assert nobody == Fraction(10, 36) * Fraction(15, 36)
    close(result.p["field_battle"], 1 - nobody)
    close(result.p["avoided_battle"], 1)  # the papal regular always gets away
    # 14 steps 2-3: 8 + 2 = 10 attacker dice; defenders staying + best rating + 1.
    wins = sum(
        w * attacker_wins(10, units + rating + 1)
        for w, units, rating in staying_combinations(set(THREE))
        if units
    )
    close(result.p["attacker_wins"], wins)
    # 13.3 / 15: nobody left, the mover enters the empty fortress and outnumbers the nobody
    # inside (the engine's stated reading): a siege.
    no_battle = [(w, s) for w, s in states(move) if "field_battle" not in s.events]
    close(sum(w for w, _ in no_battle), nobody)
    assert all(s.outcome == "besieging" for _, s in no_battle)
    monte_carlo_agrees(move, ["field_battle", "attacker_wins", "besieging"])


@pytest.mark.rule("4", cites="tries to avoid battle in impulse order (13.3)")
def test_three_allied_powers_one_avoids_automatically_one_tries():
    move = Move(
        three_allies_in_vienna(),
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "fight", "england": "avoid:Graz", "papacy": "avoid:Linz"},
    )
    result = exact(move)
    close(result.p["field_battle"], 1)  # the Hapsburgs stay
    p = THREE["england"][0]
    # England (with Brandon, rating 1) gone: 2 units, rating 0; else 4 units, rating 1.
    close(result.p["attacker_wins"], p * attacker_wins(10, 3) + (1 - p) * attacker_wins(10, 6))


@pytest.mark.rule("4", cites="tries to avoid battle in impulse order (13.3)")
def test_controlling_power_avoids_and_its_ally_fights_alone_and_retreats():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(
        situation,
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "avoid:Linz", "england": "fight"},
    )
    result = exact(move)
    p = roll(1)  # Ferdinand leaves with his units: 15/36
    close(result.p["avoided_battle"], p)
    # England alone: 2 + 0 + 1 = 3 dice; together 4 + 1 + 1 = 6 dice.
    close(result.p["attacker_wins"], p * attacker_wins(10, 3) + (1 - p) * attacker_wins(10, 6))
    # 14.1: England does not control Vienna: its units never go inside.
    for _, state in states(move):
        for part in state.defenders_end.split("; "):
            if "england" in part:
                assert "(inside)" not in part


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_allied_defenders_with_five_units_may_not_withdraw():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 3R"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    # 13.4: 5 land units in all: more than 4.
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")


def test_allied_defenders_with_four_units_withdraw_and_the_mover_goes_back():
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")
    result = exact(move)
    close(result.p["withdrew"], 1)
    # 13.4: 4 movers do not outnumber 4 inside: no siege; the mover goes back.
    close(result.p["siege"], 0)
    close(result.p["mover_turned_back"], 1)


@pytest.mark.rule("4", cites="13.3: automatic success")
def test_partial_avoid_battle_the_leader_stays():
    # 13.3: the rating is the best among the units *leaving*: 2 regulars without Ferdinand
    # roll 2d6 + 0. Ferdinand and 2 regulars stay: 2 + 1 + 1 = 4 dice; all 4R: 6 dice.
    move = Move(
        one_power_in_vienna("hapsburg: 4R Ferdinand"),
        "Pressburg",
        "Vienna",
        defender_policy="avoid:Linz",
        avoiding_units="2R",
    )
    result = exact(move)
    p = roll(0)
    close(result.p["avoided_battle"], p)
    close(result.p["field_battle"], 1)
    close(result.p["attacker_wins"], p * attacker_wins(7, 4) + (1 - p) * attacker_wins(7, 6))


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_partial_avoid_then_four_left_withdraw():
    # 13.4: withdrawal is allowed when 4 or fewer remain *after* avoid battle: 2 of 6 leave
    # (2d6 >= 9): 4 withdraw and 6 besiegers outnumber them; if the roll fails, 6 may not
    # withdraw and fight (7 against 6 + 1 = 7 dice).
    move = Move(
        one_power_in_vienna("hapsburg: 6R"),
        "Pressburg",
        "Vienna",
        defender_policy="avoid:Linz+withdraw",
        avoiding_units="2R",
    )
    result = exact(move)
    p = roll(0)
    close(result.p["withdrew"], p)
    close(result.p["field_battle"], 1 - p)
    close(result.p["attacker_wins"], (1 - p) * attacker_wins(7, 7))


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_partial_avoid_leaving_five_may_not_withdraw():
    # 7 regulars, 2 leave: 5 remain, more than 4: withdrawing after the avoid is refused,
    # and they fight whether or not the 2 got away.
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(
            one_power_in_vienna("hapsburg: 7R"),
            "Pressburg",
            "Vienna",
            defender_policy="avoid:Linz+withdraw",
            avoiding_units="2R",
        )
    move = Move(
        one_power_in_vienna("hapsburg: 7R"),
        "Pressburg",
        "Vienna",
        defender_policy="avoid:Linz",
        avoiding_units="2R",
    )
    result = exact(move)
    p = roll(0)
    close(result.p["withdrew"], 0)
    close(result.p["field_battle"], 1)
    close(result.p["attacker_wins"], p * attacker_wins(7, 6) + (1 - p) * attacker_wins(7, 8))


@pytest.mark.rule("2", cites="13.3 / 13.1")
def test_units_avoid_and_leave_their_leader_alone_in_the_open():
    # 13.3: Ferdinand stays while his 2 regulars try (2d6 >= 9). Success leaves him alone
    # in unfortified Graz with enemy land units: captured, no battle (13.1). Failure: a
    # battle of 4 dice against 2 + 1 + 1 = 4; Ferdinand is captured if no unit is left.
    move = Move(
        graz_situation("hapsburg: 2R Ferdinand"),
        "Mohacs",
        "Graz",
        defender_policy="avoid:Trieste",
        avoiding_units="2R",
    )
    result = exact(move)
    p = roll(0)
    close(result.p["field_battle"], 1 - p)
    wiped = sum(w for w, _, _, left, *_ in battle(4, 4, 2, 4) if left == 0)
    close(result.p["leaders_captured"], p + (1 - p) * wiped)


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_avoiding_units_may_exceed_one_formation():
    # 13.3: 12 regulars with Ferdinand (command 6) all leave together: 2d6 + 1 >= 9.
    move = Move(
        graz_situation("hapsburg: 12R Ferdinand"),
        "Mohacs",
        "Graz",
        defender_policy="avoid:Trieste",
    )
    result = exact(move)
    close(result.p["avoided_battle"], roll(1))
    close(result.p["field_battle"], 1 - roll(1))
    # Failing, 12 + 1 + 1 = 14 dice fight 4: the mover wins with units left (it can
    # only win with 3 hits or fewer against it).
    close(result.p["mover_in_control"], roll(1) + (1 - roll(1)) * attacker_wins(4, 14))


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_a_defending_stack_larger_than_a_formation_fights_whole():
    # 5.1: the limit binds what moves; 12 + 1 + 1 = 14 defender dice against 4.
    situation = graz_situation("hapsburg: 12R Ferdinand")
    move = Move(situation, "Mohacs", "Graz", defender_policy="fight")
    (fight,) = [b for b, _ in move.program.battles]
    assert (fight.attacker_dice, fight.defender_dice) == (4, 14)
    close(exact(move).p["attacker_wins"], attacker_wins(4, 14))


@pytest.mark.rule("5", cites="15 / 14 step 12")
def test_four_units_with_two_leaders_withdraw_and_five_movers_besiege():
    move = Move(
        one_power_in_vienna("hapsburg: 4R Charles V Ferdinand", mover="ottoman: 5R Ibrahim"),
        "Pressburg",
        "Vienna",
        defender_policy="withdraw",
    )
    result = exact(move)
    close(result.p["withdrew"], 1)
    close(result.p["field_battle"], 0)
    close(result.p["besieging"], 1)  # 5 > 4 inside
    ((_, state),) = states(move)
    assert "Charles V" in state.garrison.notation() and state.garrison.land_units == 4


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_five_units_may_not_withdraw():
    move = Move(one_power_in_vienna("hapsburg: 5R"), "Pressburg", "Vienna", defender_policy="fight")
    assert not any(choice.endswith("withdraw") for choice in move.defender_choices)
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(one_power_in_vienna("hapsburg: 5R"), "Pressburg", "Vienna", defender_policy="withdraw")


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
def test_four_movers_against_four_inside_go_back():
    move = Move(
        one_power_in_vienna("hapsburg: 4R", mover="ottoman: 4R Ibrahim"),
        "Pressburg",
        "Vienna",
        defender_policy="withdraw",
    )
    result = exact(move)
    close(result.p["besieging"], 0)
    close(result.p["went_back"], 1)
    ((_, state),) = states(move)
    assert state.mover_end.startswith("Pressburg:")


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_no_withdrawal_once_an_interception_succeeded():
    # 13.2 step 5: after a successful interception (2d6 + 0 >= 9) a field battle follows
    # and nobody withdraws; the 2 regulars in Vienna fight beside the 4 interceptors:
    # 4 attacker dice against 6 + 1 = 7.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Graz", "hapsburg: 4R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")
    result = exact(move)
    p = roll(0)
    close(result.p["intercepted"], p)
    close(result.p["withdrew"], 1 - p)
    close(result.p["field_battle"], p)
    close(result.p["attacker_wins"], p * attacker_wins(4, 7))


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
@pytest.mark.parametrize(
    ("control", "went_back"),
    [({}, False), ({"Brunn": "ottoman"}, True)],
)
def test_going_back_to_a_space_of_a_non_ally_is_no_retreat(control, went_back):
    # 13.4 / 14.1: going back is a retreat; Brunn (Hungarian, not an Ottoman ally) is no
    # legal retreat, so the formation is eliminated and Ibrahim captured.
    situation = Situation(
        [Stack("Brunn", "ottoman: 3R Ibrahim"), Stack("Vienna", "hapsburg: 4R")],
        control=control,
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Brunn", "Vienna", defender_policy="withdraw")
    result = exact(move)
    close(result.p["went_back"], 1 if went_back else 0)
    close(result.p["attacker_eliminated"], 0 if went_back else 1)
    close(result.p["leaders_captured"], 0 if went_back else 1)


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
def test_going_back_into_enemy_units_is_no_retreat():
    # 14.1: no retreat into a space holding enemy units. The Hapsburgs' 1R that stands in
    # Ottoman-controlled Pressburg blocks the way back.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 3R Ibrahim"),
            Stack("Pressburg", "hapsburg: 1R"),
            Stack("Vienna", "hapsburg: 4R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(
        situation,
        "Pressburg",
        "Vienna",
        power="ottoman",
        defender_policy="withdraw",
        interception_policy="none",
    )
    result = exact(move)
    close(result.p["attacker_eliminated"], 1)
    close(result.p["leaders_captured"], 1)


@pytest.mark.rule("4", cites="13.3: automatic success")
@pytest.mark.parametrize(
    ("defenders", "mover", "expected"),
    [
        ("hapsburg: 3R", "ottoman: 5R 1C Ibrahim", roll(-1)),  # against cavalry: -1
        ("hapsburg: 3R Ferdinand", "ottoman: 5R 1C Ibrahim", roll(0)),  # +1 -1
        ("hapsburg: 3R", "ottoman: 6R Ibrahim", roll(0)),
    ],
)
def test_avoid_battle_against_ottoman_cavalry(defenders, mover, expected):
    move = Move(
        one_power_in_vienna(defenders, mover=mover),
        "Pressburg",
        "Vienna",
        defender_policy="avoid:Linz",
    )
    close(exact(move).p["avoided_battle"], expected)


@pytest.mark.rule("4", cites="13.3: automatic success")
@pytest.mark.parametrize(
    ("defenders", "expected"),
    [("ottoman: 2R 1C", roll(1)), ("ottoman: 2R 1C Ibrahim", roll(2)), ("ottoman: 3R", roll(0))],
)
def test_ottoman_cavalry_adds_one_to_avoid_battle(defenders, expected):
    situation = Situation(
        [Stack("Vienna", "hapsburg: 4R"), Stack("Graz", defenders)],
        control={"Graz": "ottoman", "Mohacs": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Vienna", "Graz", defender_policy="avoid:Mohacs")
    close(exact(move).p["avoided_battle"], expected)


@pytest.mark.rule(
    "1", cites="Refuse a force too large to ``action`` as one formation (RULES.md §1)"
)
def test_a_moving_formation_over_the_command_limit_is_refused():
    situation = Situation(
        [Stack("Pressburg", "ottoman: 10R Ibrahim")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    with pytest.raises(OddsEngineError):
        Move(situation, "Pressburg", "Vienna")
    # 6 of them may move with Ibrahim; the other 4 stay in Pressburg.
    move = Move(situation, "Pressburg", "Vienna", units="6R Ibrahim")
    close(exact(move).p["besieging"], 1)  # empty Vienna: 6 > 0


def test_no_avoid_battle_once_an_interception_succeeded():
    # §2 step 3: a successful interception goes straight to the battle (2d6 >= 9).
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Graz", "hapsburg: 4R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    result = exact(Move(situation, "Pressburg", "Vienna", defender_policy="avoid:Linz"))
    p = roll(0)
    close(result.p["avoid_attempted"], 1 - p)
    close(result.p["avoided_battle"], (1 - p) * roll(0))
    close(result.p["field_battle"], p + (1 - p) * (1 - roll(0)))


@pytest.mark.rule("4", cites="Spaces the defenders in ``destination`` may avoid battle to (13.3)")
@pytest.mark.parametrize(
    ("space", "settings"),
    [
        ("Pressburg", {}),  # the space the mover came from
        ("Graz", {"stacks": [Stack("Graz", "ottoman: 1R")]}),  # enemy units there
        ("Linz", {"unrest": ["Linz"]}),  # in unrest
        ("Brunn", {}),  # Hungarian: controlled by a non-ally
    ],
)
def test_avoid_battle_destinations_the_rules_forbid(space, settings):
    stacks = [
        Stack("Pressburg", "ottoman: 4R"),
        Stack("Vienna", "hapsburg: 2R"),
        *settings.pop("stacks", []),
    ]
    situation = Situation(
        stacks, control={"Pressburg": "ottoman"}, wars=[("ottoman", "hapsburg")], **settings
    )
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="fight", interception_policy="none"
    )
    assert f"avoid:{space}" not in move.defender_choices
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(
            situation,
            "Pressburg",
            "Vienna",
            defender_policy=f"avoid:{space}",
            interception_policy="none",
        )


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_no_withdrawal_in_an_unfortified_space():
    move = Move(graz_situation("hapsburg: 2R"), "Mohacs", "Graz", defender_policy="fight")
    assert "withdraw" not in move.defender_choices


@pytest.mark.rule(
    "1", cites="Refuse a force too large to ``action`` as one formation (RULES.md §1)"
)
@pytest.mark.parametrize(
    ("force", "allowed"),
    [
        ("13R Suleiman", False),  # 5.1: Suleiman commands 12
        ("12R Suleiman", True),
        ("13R Suleiman Ibrahim", True),  # 12 + 6 = 18
        ("5R", False),  # 4 without a leader
    ],
)
def test_the_command_limit_of_a_moving_formation(force, allowed):
    situation = Situation(
        [Stack("Pressburg", f"ottoman: {force}")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    if allowed:
        close(exact(Move(situation, "Pressburg", "Vienna")).p["besieging"], 1)
    else:
        with pytest.raises(OddsEngineError, match="formation"):
            Move(situation, "Pressburg", "Vienna")


@pytest.mark.rule("4", cites="tries to avoid battle in impulse order (13.3)")
def test_an_ally_avoids_with_part_of_its_units():
    # 13.3: England tries with 1 of its 2 regulars (2d6 >= 9); then 2R Ferdinand and 1 or 2
    # English regulars fight: 3 + 1 + 1 = 5 or 4 + 1 + 1 = 6 dice against 8 + 2 = 10.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(
        situation,
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "fight", "england": "avoid:Linz"},
        avoiding_units={"england": "1R"},
    )
    result = exact(move)
    p = roll(0)
    close(result.p["avoided_battle"], p)
    close(result.p["attacker_wins"], p * attacker_wins(10, 5) + (1 - p) * attacker_wins(10, 6))


def test_withdrawal_into_a_fortress_of_an_ally():
    # 13.4: a fortified space controlled by the defender *or an ally*: Hapsburg units in
    # English-controlled Vienna withdraw; 4 Ottomans outnumber the 2 inside: a siege.
    situation = Situation(
        [Stack("Pressburg", "ottoman: 4R"), Stack("Vienna", "hapsburg: 2R")],
        control={"Pressburg": "ottoman", "Vienna": "england"},
        wars=OTTOMAN_WARS,
        alliances=ALLIES,
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")
    result = exact(move)
    close(result.p["withdrew"], 1)
    close(result.p["besieging"], 1)

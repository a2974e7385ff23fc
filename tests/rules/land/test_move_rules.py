"""Whole moves against hand-computed values, rule by rule (RULES.md §2-§6, issue items:
besieged destinations, lone leaders, retreat after a lost battle, going back after a
withdrawal, entry rules, allied defenders and the players' options)."""

from fractions import Fraction
from math import comb

import pytest

from oddsengine import FieldBattle, exact
from oddsengine.combat.rolls import AvoidBattle
from oddsengine.engines.move_montecarlo import simulate_move
from oddsengine.errors import OddsEngineError
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack

THIRD = Fraction(1, 3)


def binomial(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice hit on 5-6)."""
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


def at_least(total: int) -> Fraction:
    """P(2d6 >= total)."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total), 36)


def states(move):
    """(probability, end state) pairs with positive probability."""
    return [
        (weight, state)
        for weight, state in zip(move.end_state_probabilities, move.program.end_states, strict=True)
        if weight > 0
    ]


def besieged_vienna(relief="hapsburg: 4R", garrison="hapsburg: 2R Ferdinand", **extra):
    """Ottoman besiegers (5R) around a Hapsburg garrison in Vienna; a relief force in Linz."""
    stacks = [
        Stack("Vienna", "ottoman: 5R"),
        Stack("Vienna", garrison, besieged=True),
        Stack("Linz", relief),
        *extra.pop("stacks", []),
    ]
    return Situation(stacks, wars=[("ottoman", "hapsburg")], **extra)


# -- 13.2: no interception into a space whose units are besieged --------------------------


@pytest.mark.rule("3", cites="13.2 (original 001): nobody may intercept")
def test_no_interception_of_a_relief_force_into_a_besieged_space():
    # Original 001: "such an interception is impossible if the units in the destination
    # were besieged when the move began": the Ottomans in Graz may not intercept.
    situation = besieged_vienna(stacks=[Stack("Graz", "ottoman: 6R Suleiman")])
    move = Move(situation, "Linz", "Vienna", defender_policy="fight")
    assert move.interception_attempts == ()
    result = exact(move)
    assert result.p["intercepted"] == 0
    assert result.p["field_battle"] == pytest.approx(1.0)


@pytest.mark.rule("3", cites="13.2 (original 001): nobody may intercept")
def test_no_interception_into_a_space_the_mover_besieges():
    # The Ottomans reinforce their own siege of Vienna; Charles V in Graz may not intercept.
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 5R"),
            Stack("Vienna", "hapsburg: 2R", besieged=True),
            Stack("Pressburg", "ottoman: 3R"),
            Stack("Graz", "hapsburg: 8R Charles V"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna")
    assert move.interception_attempts == ()
    assert exact(move).p["besieging"] == pytest.approx(1.0)


# -- 13.3 / 13.1: a leader alone -----------------------------------------------------------


@pytest.mark.rule("2", cites="13.3 / 13.1")
def test_a_leader_alone_in_an_unfortified_space_is_captured_without_a_battle():
    situation = Situation(
        [Stack("Vienna", "ottoman: 4R"), Stack("Graz", "hapsburg: Ferdinand")],
        control={"Vienna": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Vienna", "Graz")
    assert move.defender_choices == ()
    result = exact(move)
    assert result.p["field_battle"] == 0
    assert result.p["avoid_attempted"] == 0
    assert result.p["leaders_captured"] == pytest.approx(1.0)
    assert result.p["defender_eliminated"] == pytest.approx(1.0)
    assert result.p["mover_in_control"] == pytest.approx(1.0)
    ((_, state),) = states(move)
    assert state.captured == "Ferdinand"
    assert state.controller == "ottoman"


@pytest.mark.rule("4", cites="a leader alone (no land units with him) may not avoid battle")
def test_a_leader_alone_in_a_fortified_space_withdraws_inside():
    situation = Situation(
        [Stack("Pressburg", "ottoman: 4R"), Stack("Vienna", "hapsburg: Ferdinand")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    result = exact(Move(situation, "Pressburg", "Vienna"))
    assert result.p["field_battle"] == 0
    assert result.p["withdrew"] == pytest.approx(1.0)
    assert result.p["leaders_captured"] == 0
    # 15: 4 land units against none inside lay a siege.
    assert result.p["besieging"] == pytest.approx(1.0)


@pytest.mark.rule("4", cites="a leader alone (no land units with him) may not avoid battle")
def test_a_leader_alone_may_not_avoid_battle():
    with pytest.raises(OddsEngineError, match="leader alone"):
        AvoidBattle("hapsburg: Ferdinand", "ottoman: 4R")
    situation = Situation(
        [Stack("Vienna", "ottoman: 4R"), Stack("Graz", "hapsburg: Ferdinand")],
        control={"Vienna": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    with pytest.raises(OddsEngineError, match="not a legal choice"):
        Move(situation, "Vienna", "Graz", defender_policy="avoid:Trieste")


# -- 14.1: after a lost battle in a fortified space ----------------------------------------


@pytest.mark.rule("6.1", cites="14.1: only the power controlling")
def test_leaders_go_inside_rather_than_with_a_group_that_cannot_retreat():
    # 6 Hapsburg regulars and Ferdinand lose in Vienna: 4 go inside; the rest cannot
    # retreat (Graz and Linz hold Ottomans, Brunn is Hungarian, Pressburg is where the
    # enemy came from), so they are eliminated and Ferdinand goes inside, not captured.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 12R Suleiman"),
            Stack("Vienna", "hapsburg: 6R Ferdinand"),
            Stack("Graz", "ottoman: 1R"),
            Stack("Linz", "ottoman: 1R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    battle = exact(FieldBattle("ottoman: 12R Suleiman", "hapsburg: 6R Ferdinand"))
    frame = battle.states_frame()
    wins = frame["outcome"] == "attacker_wins"
    blocked = float(frame.loc[wins & (frame["defender_survivors"] >= 5), "probability"].sum())
    # Every defender gone, whoever won (the defender may win with more hits and no unit).
    wiped = float(frame.loc[frame["defender_survivors"] == 0, "probability"].sum())
    result = exact(move)
    assert result.p["defender_retreat_blocked"] == pytest.approx(blocked, abs=1e-12)
    # Event names are true: eliminated only when every defender is gone.
    assert result.p["defender_eliminated"] == pytest.approx(wiped, abs=1e-12)
    for _, state in states(move):
        if "attacker_wins" in state.events and state.defender_survivors > 0:
            assert "Ferdinand" not in state.captured
            assert state.defenders_end.startswith("Vienna (inside): hapsburg:")
            assert "Ferdinand" in state.defenders_end


def allied_vienna(**changes):
    settings = {
        "control": {"Pressburg": "ottoman"},
        "wars": [("ottoman", "hapsburg"), ("ottoman", "england")],
        "alliances": [("hapsburg", "england")],
    }
    settings.update(changes)
    stacks = settings.pop(
        "stacks",
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R Ferdinand"),
            Stack("Vienna", "england: 2R"),
        ],
    )
    return Situation(stacks, **settings)


@pytest.mark.rule(
    "6", cites="14 step 9: allied powers defending together split their losses evenly"
)
@pytest.mark.rule("6.1", cites="14.1: only the power controlling")
def test_only_the_controlling_power_goes_inside_allies_retreat():
    move = Move(allied_vienna(), "Pressburg", "Vienna", defender_policy="fight")
    (battle,) = [battle for battle, _ in move.program.battles]
    # 14 steps 2-3: 8 + 2 = 10 dice; 2 + 2 units + Ferdinand 1 + 1 = 6 dice.
    assert (battle.attacker_dice, battle.defender_dice) == (10, 6)
    reference = exact(
        FieldBattle("ottoman: 8R Suleiman", "hapsburg: 2R Ferdinand", defender_ally="england: 2R")
    )
    result = exact(move)
    assert result.p["attacker_wins"] == pytest.approx(reference.p["attacker_wins"], abs=1e-12)
    for _, state in states(move):
        if "attacker_wins" not in state.events:
            continue
        for part in state.defenders_end.split("; "):
            if part.startswith("Vienna (inside)"):
                assert "england" not in part  # 14.1: the ally does not go inside
            if "england" in part:
                assert part.split(":")[0] in ("Graz", "Linz")  # not Pressburg, not Brunn


@pytest.mark.rule("4", cites="tries to avoid battle in impulse order (13.3)")
def test_allied_defenders_avoid_battle_separately():
    # England tries alone: 2d6 + 0 >= 9 is 10/36; then the Hapsburgs fight alone.
    move = Move(
        allied_vienna(),
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "fight", "england": "avoid:Linz"},
    )
    alone = exact(FieldBattle("ottoman: 8R Suleiman", "hapsburg: 2R Ferdinand"))
    together = exact(
        FieldBattle("ottoman: 8R Suleiman", "hapsburg: 2R Ferdinand", defender_ally="england: 2R")
    )
    result = exact(move)
    p_avoid = float(at_least(9))
    assert result.p["avoided_battle"] == pytest.approx(p_avoid)
    assert result.p["field_battle"] == pytest.approx(1.0)
    expected = p_avoid * alone.p["attacker_wins"] + (1 - p_avoid) * together.p["attacker_wins"]
    assert result.p["attacker_wins"] == pytest.approx(expected, abs=1e-12)
    # The same policy written as a string.
    again = Move(allied_vienna(), "Pressburg", "Vienna", defender_policy="england=avoid:Linz")
    assert exact(again).p["attacker_wins"] == pytest.approx(expected, abs=1e-12)


@pytest.mark.rule("5", cites="13.4: a fortified space of the defenders or an ally")
def test_allied_defenders_withdraw_together():
    result = exact(Move(allied_vienna(), "Pressburg", "Vienna", defender_policy="withdraw"))
    assert result.p["withdrew"] == pytest.approx(1.0)
    assert result.p["besieging"] == pytest.approx(1.0)  # 8 > 4 inside


@pytest.mark.rule("2", cites="13.1 who may move, and where")
def test_units_of_an_enemy_s_ally_count_as_enemies_and_may_intercept():
    # 13.1: Vienna is Hapsburg (at war with the Ottomans) and holds English units, allied
    # to the Hapsburgs but not at war with the Ottomans: they count as enemies, and so do
    # adjacent English units for interception.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "england: 2R"),
            Stack("Graz", "england: 3R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
        alliances=[("hapsburg", "england")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    assert [attempt.label for attempt in move.interception_attempts] == ["england@Graz"]
    result = exact(move)
    # 13.2: 2d6 + 0 >= 9.
    assert result.p["intercepted"] == pytest.approx(float(at_least(9)))
    assert result.p["field_battle"] == pytest.approx(1.0)


# -- 13.1: entry rules -------------------------------------------------------------------


@pytest.mark.rule("2", cites="13.1 who may move, and where")
@pytest.mark.parametrize(
    ("stacks", "settings", "origin", "destination", "reason"),
    [
        # Brunn is Hungarian: the Ottomans are neither at war with nor allied to Hungary.
        (
            [Stack("Vienna", "ottoman: 4R")],
            {"control": {"Vienna": "ottoman"}, "wars": [("ottoman", "hapsburg")]},
            "Vienna",
            "Brunn",
            "not at war",
        ),
        # English units in Vienna, England not allied to the Hapsburgs: a mixed space.
        (
            [
                Stack("Pressburg", "ottoman: 4R"),
                Stack("Vienna", "hapsburg: 2R"),
                Stack("Vienna", "england: 2R"),
            ],
            {"control": {"Pressburg": "ottoman"}, "wars": [("ottoman", "hapsburg")]},
            "Pressburg",
            "Vienna",
            "units of other powers",
        ),
        # A besieged space where neither side is the mover's ally.
        (
            [
                Stack("Vienna", "ottoman: 5R"),
                Stack("Vienna", "hapsburg: 2R", besieged=True),
                Stack("Linz", "france: 4R"),
            ],
            {
                "control": {"Linz": "france"},
                "wars": [("ottoman", "hapsburg"), ("france", "hapsburg")],
            },
            "Linz",
            "Vienna",
            "besieged",
        ),
    ],
)
def test_entries_the_rules_forbid_are_refused(stacks, settings, origin, destination, reason):
    situation = Situation(stacks, **settings)
    with pytest.raises(OddsEngineError, match=reason):
        Move(situation, origin, destination)


@pytest.mark.rule("2", cites="13.1 who may move, and where")
def test_an_independent_space_may_be_entered_without_a_war():
    situation = Situation([Stack("Innsbruck", "hapsburg: 3R")])
    result = exact(Move(situation, "Innsbruck", "Zürich"))
    assert result.p["mover_in_control"] == pytest.approx(1.0)


@pytest.mark.rule(
    "2", cites="13.1: units that lost a field battle or laid a siege earlier in the impulse stay"
)
@pytest.mark.parametrize("flag", ["lost_battle_this_impulse", "laid_siege_this_impulse"])
def test_units_that_fought_or_laid_a_siege_this_impulse_may_not_move(flag):
    situation = Situation(
        [Stack("Pressburg", "ottoman: 4R", **{flag: True})],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    with pytest.raises(OddsEngineError, match="may not move"):
        Move(situation, "Pressburg", "Vienna")


# -- 13.4: going back after a withdrawal ---------------------------------------------------


def withdrawal_situation(**changes):
    settings = {"control": {"Pressburg": "ottoman"}, "wars": [("ottoman", "hapsburg")]}
    settings.update(changes)
    stacks = [Stack("Pressburg", "ottoman: 3R Ibrahim"), Stack("Vienna", "hapsburg: 4R")]
    return Situation(stacks, **settings)


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
def test_going_back_after_a_withdrawal():
    move = Move(withdrawal_situation(), "Pressburg", "Vienna", defender_policy="withdraw")
    result = exact(move)
    # 3 land units do not outnumber 4 inside: no siege, the mover goes back.
    assert result.p["mover_turned_back"] == pytest.approx(1.0)
    assert result.p["went_back"] == pytest.approx(1.0)
    ((_, state),) = states(move)
    assert state.mover_end.startswith("Pressburg: ottoman: 3R")


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
def test_going_back_is_a_retreat_with_no_legal_space_the_formation_is_eliminated():
    situation = withdrawal_situation(unrest=["Pressburg"])
    move = Move(situation, "Pressburg", "Vienna", defender_policy="withdraw")
    result = exact(move)
    assert result.p["attacker_eliminated"] == pytest.approx(1.0)
    assert result.p["leaders_captured"] == pytest.approx(1.0)
    ((_, state),) = states(move)
    assert state.attacker_survivors == 0
    assert "Ibrahim" in state.captured


@pytest.mark.rule("5", cites="13.4 option 2: going back is a retreat")
def test_moving_on_after_a_withdrawal_is_a_policy():
    situation = withdrawal_situation(unrest=["Pressburg"])
    move = Move(
        situation, "Pressburg", "Vienna", defender_policy="withdraw", after_withdrawal="move-on"
    )
    result = exact(move)
    assert result.p["mover_moves_on"] == pytest.approx(1.0)
    assert result.p["attacker_eliminated"] == 0
    with pytest.raises(OddsEngineError, match="after_withdrawal"):
        Move(situation, "Pressburg", "Vienna", after_withdrawal="stay")


# -- players' options: partial avoid battle, relief of a siege ----------------------------


@pytest.mark.rule("4", cites="tries to avoid battle in impulse order (13.3)")
def test_partial_avoid_battle():
    # Ferdinand leaves with 2 of 4 regulars: 2d6 + 1 >= 9 is 15/36; the rest fight.
    situation = Situation(
        [Stack("Pressburg", "ottoman: 6R Ibrahim"), Stack("Vienna", "hapsburg: 4R Ferdinand")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(
        situation,
        "Pressburg",
        "Vienna",
        defender_policy="avoid:Linz",
        avoiding_units="2R Ferdinand",
    )
    result = exact(move)
    p_avoid = float(at_least(8))
    assert result.p["avoided_battle"] == pytest.approx(p_avoid)
    assert result.p["field_battle"] == pytest.approx(1.0)
    stay = exact(FieldBattle("ottoman: 6R Ibrahim", "hapsburg: 2R"))
    everyone = exact(FieldBattle("ottoman: 6R Ibrahim", "hapsburg: 4R Ferdinand"))
    expected = p_avoid * stay.p["attacker_wins"] + (1 - p_avoid) * everyone.p["attacker_wins"]
    assert result.p["attacker_wins"] == pytest.approx(expected, abs=1e-12)
    with pytest.raises(OddsEngineError, match="leader alone"):
        Move(situation, "Pressburg", "Vienna", avoiding_units="Ferdinand")


@pytest.mark.rule("6.2", cites="15.2: the mover's own units besieged in the destination")
def test_relief_force_goes_inside_on_a_tied_loss():
    # 15.2: relief 4R (4 dice) against 5 besiegers (5 + 1 = 6 dice). On a tie of k hits
    # with survivors left (k <= 3) the relief loses and 2 units (4 in all) go inside.
    move = Move(besieged_vienna(), "Linz", "Vienna", defender_policy="fight")
    (battle,) = [battle for battle, _ in move.program.battles]
    assert (battle.attacker_dice, battle.defender_dice) == (4, 6)
    tie = sum(binomial(4, k) * binomial(6, k) for k in range(0, 4))
    result = exact(move)
    assert result.p["relief_went_inside"] == pytest.approx(float(tie), abs=1e-12)
    # 15.2 / 15.3: broken when the relief wins (a > d), or when the besiegers (5 - a
    # left, at least 1: they roll more dice) no longer outnumber the garrison's 2 and the
    # relief units that went inside on a tie (see test_whole_move_rules.py).
    broken = sum(
        binomial(4, a) * binomial(6, d)
        for a in range(5)
        for d in range(7)
        if a > d or max(5 - a, 1) <= 2 + (min(2, 4 - d) if a == d else 0)
    )
    assert result.p["siege_broken"] == pytest.approx(float(broken), abs=1e-12)
    off = Move(
        besieged_vienna(),
        "Linz",
        "Vienna",
        defender_policy="fight",
        relief_goes_inside_on_tie=False,
    )
    assert exact(off).p["relief_went_inside"] == 0


@pytest.mark.rule("6.2", cites="15.2: the mover's own units besieged in the destination")
def test_garrison_joins_the_relief_battle():
    move = Move(
        besieged_vienna(),
        "Linz",
        "Vienna",
        defender_policy="fight",
        garrison_joins_relief=True,
    )
    (battle,) = [battle for battle, _ in move.program.battles]
    # 4 relief + 2 garrison regulars + Ferdinand 1 = 7 dice; 5 + 1 = 6.
    assert (battle.attacker_dice, battle.defender_dice) == (7, 6)
    result = exact(move)
    assert result.p["garrison_joined"] == pytest.approx(1.0)
    for _, state in states(move):
        if "defender_wins" in state.events:
            # Garrison survivors go back inside; Ferdinand is never captured while they live.
            assert state.controller == "hapsburg"


def test_new_rules_agree_with_monte_carlo():
    move = Move(
        allied_vienna(),
        "Pressburg",
        "Vienna",
        defender_policy={"hapsburg": "fight", "england": "avoid:Linz"},
    )
    exact_result = exact(move)
    sampled = simulate_move(move, trials=400_000, seed=1517)
    for name in ("attacker_wins", "avoided_battle", "defender_retreats", "siege"):
        p = exact_result.p[name]
        sigma = (p * (1 - p) / sampled.trials) ** 0.5
        assert abs(sampled.p[name] - p) <= 5 * sigma + 1e-12


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
@pytest.mark.rule("3", cites="13.2 / 5.1")
def test_a_stack_larger_than_a_formation_intercepts_with_one_formation():
    # 5.1 / 13.2: 10 regulars with Ferdinand (command 6): 6 regulars intercept, 4 stay.
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 4R"),
            Stack("Graz", "hapsburg: 10R Ferdinand"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Pressburg", "Vienna", defender_policy="fight")
    (attempt,) = move.interception_attempts
    assert attempt.force.notation() == "hapsburg: 6R Ferdinand"
    # 2d6 + 1 >= 9.
    assert exact(move).p["intercepted"] == pytest.approx(float(at_least(8)))
    with pytest.raises(OddsEngineError, match="at most 6"):
        Move(situation, "Pressburg", "Vienna", interception_policy={"Graz": "8R Ferdinand"})


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_a_joining_garrison_does_not_count_against_the_formation_limit():
    # 4 relief regulars without a leader (capacity 4) and 3 garrison regulars: 7 dice.
    situation = besieged_vienna(garrison="hapsburg: 3R", relief="hapsburg: 4R")
    move = Move(situation, "Linz", "Vienna", defender_policy="fight", garrison_joins_relief=True)
    (battle,) = [battle for battle, _ in move.program.battles]
    assert (battle.attacker_dice, battle.defender_dice) == (7, 6)


@pytest.mark.rule(
    "3",
    cites=(
        "13.2: adjacent, and not across a pass",
        "no interception of a move into the mover's own fortified",
    ),
)
def test_a_move_into_its_own_unbesieged_fortified_space_cannot_be_intercepted():
    # RULES.md §3: its own fortified space; an ally's may be intercepted into.
    def situation(controller):
        return Situation(
            [Stack("Linz", "hapsburg: 4R"), Stack("Brunn", "ottoman: 4R")],
            control={"Vienna": controller},
            wars=[("ottoman", "hapsburg"), ("ottoman", "england")],
            alliances=[("hapsburg", "england")],
        )

    assert Move(situation("hapsburg"), "Linz", "Vienna").interception_attempts == ()
    (attempt,) = Move(situation("england"), "Linz", "Vienna").interception_attempts
    assert attempt.label == "ottoman@Brunn"
    # 2d6 + 0 >= 9: 10/36.
    assert exact(Move(situation("england"), "Linz", "Vienna")).p["intercepted"] == pytest.approx(
        float(at_least(9))
    )

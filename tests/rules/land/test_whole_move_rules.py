"""Rules of whole moves against hand-computed values (Fractions): every defending power may
avoid battle (RULES.md §4, 13.3), a siege breaks as soon as the besiegers no longer
outnumber the garrison, after a relief battle too (§5, 15.3; §6.2, 15.2), and a relief
force that wins on hits breaks the siege even with no unit left (§6 step 8, §6.2)."""

from fractions import Fraction
from math import comb

import pytest
from hand_dice import monte_carlo_agrees, states

from oddsengine import exact
from oddsengine.moves.move import Move
from oddsengine.moves.situation import Situation, Stack

THIRD = Fraction(1, 3)
#: 2d6 + 0 >= 9 (RULES.md §10).
AVOID = Fraction(10, 36)


def binomial(dice: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of ``dice`` dice hit on 5-6)."""
    if not 0 <= hits <= dice:
        return Fraction(0)
    return comb(dice, hits) * THIRD**hits * (1 - THIRD) ** (dice - hits)


def attacker_wins(attacker_dice: int, defender_dice: int) -> Fraction:
    """14 step 8: more hits wins, a tie goes to the defender."""
    return sum(
        binomial(attacker_dice, a) * binomial(defender_dice, d)
        for a in range(attacker_dice + 1)
        for d in range(defender_dice + 1)
        if a > d
    )


# -- §4 (13.3): every defending power may avoid battle ------------------------------------


def two_allies_in_vienna(**policy):
    """8 Ottoman regulars with Suleiman against 2 Hapsburg and 2 English regulars."""
    situation = Situation(
        [
            Stack("Pressburg", "ottoman: 8R Suleiman"),
            Stack("Vienna", "hapsburg: 2R"),
            Stack("Vienna", "england: 2R"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg"), ("ottoman", "england")],
        alliances=[("hapsburg", "england")],
    )
    return Move(situation, "Pressburg", "Vienna", **policy)


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_both_allied_powers_avoid_battle_and_the_mover_enters_an_empty_space():
    # 13.3: "some or all of the defenders may try. Each major power tries separately."
    move = two_allies_in_vienna(defender_policy={"hapsburg": "avoid:Linz", "england": "avoid:Graz"})
    result = exact(move)
    nobody = AVOID**2
    one_alone = 2 * AVOID * (1 - AVOID)
    both = (1 - AVOID) ** 2
    assert result.p["avoided_battle"] == pytest.approx(float(1 - both), abs=1e-12)
    # Nobody is left: no field battle.
    assert result.p["field_battle"] == pytest.approx(float(1 - nobody), abs=1e-12)
    # 14 steps 2-3: 8 + 2 = 10 dice; one power alone 2 + 1 = 3, both 4 + 1 = 5.
    expected = one_alone * attacker_wins(10, 3) + both * attacker_wins(10, 5)
    assert result.p["attacker_wins"] == pytest.approx(float(expected), abs=1e-12)
    # The mover enters the empty fortified space: §5, it besieges the empty fortress.
    (empty,) = [
        (weight, state) for weight, state in states(move) if "field_battle" not in state.events
    ]
    assert empty[0] == pytest.approx(float(nobody), abs=1e-12)
    assert empty[1].outcome == "besieging"
    assert empty[1].garrison.land_units == 0
    assert "Linz: hapsburg: 2R" in empty[1].defenders_end
    assert "Graz: england: 2R" in empty[1].defenders_end


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_when_one_ally_avoids_the_other_fights_alone():
    # England succeeds, the Hapsburgs fail (and the other way round): a battle against
    # 2 regulars alone, 10 dice against 3.
    move = two_allies_in_vienna(defender_policy={"hapsburg": "avoid:Linz", "england": "avoid:Graz"})
    alone = [
        weight
        for weight, state in states(move)
        if "field_battle" in state.events and "avoided_battle" in state.events
    ]
    assert sum(alone) == pytest.approx(float(2 * AVOID * (1 - AVOID)), abs=1e-12)
    # Three battles can be fought: both powers (5 dice), or either power alone (3 dice).
    fought = sorted(
        (battle.defender.power, battle.defender_dice, battle.defender_ally is not None)
        for battle, _ in move.program.battles
    )
    assert fought == [("england", 3, False), ("hapsburg", 3, False), ("hapsburg", 5, True)]


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_both_allies_avoiding_agrees_with_monte_carlo():
    move = two_allies_in_vienna(defender_policy={"hapsburg": "avoid:Linz", "england": "avoid:Graz"})
    monte_carlo_agrees(
        move, ("field_battle", "avoided_battle", "attacker_wins", "siege"), seed=1517
    )


# -- §5 (15.3) and §6.2 (15.2): a siege breaks after a lost relief battle -----------------


def besieged_vienna(besiegers="ottoman: 5R", relief="hapsburg: 4R", garrison="hapsburg: 2R"):
    """Ottoman besiegers around a Hapsburg garrison in Vienna; a relief force in Linz.
    The Ottomans control Pressburg: the besiegers' only legal retreat."""
    situation = Situation(
        [
            Stack("Vienna", besiegers),
            Stack("Vienna", garrison, besieged=True),
            Stack("Linz", relief),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    return Move(situation, "Linz", "Vienna", defender_policy="fight")


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
def test_relief_that_goes_inside_on_a_tie_breaks_the_siege():
    # Relief 4R (4 dice) against 5 besiegers (6 dice), garrison 2R. With a hits for the
    # relief and d for the besiegers:
    # - a > d: the relief wins, the siege is broken (15.2);
    # - a = d = k: the relief loses; min(2, 4 - k) units go inside (4 in all), the
    #   besiegers keep 5 - k: broken when 5 - k <= 2 + min(2, 4 - k), i.e. k >= 1;
    # - a < d: nobody goes inside; broken when 5 - a <= 2, i.e. a >= 3.
    # (The besiegers, with more dice, always keep at least 1 unit: the relief has 4 dice.)
    move = besieged_vienna()
    (battle,) = [battle for battle, _ in move.program.battles]
    assert (battle.attacker_dice, battle.defender_dice) == (4, 6)
    broken = Fraction(0)
    for a in range(5):
        for d in range(7):
            weight = binomial(4, a) * binomial(6, d)
            inside = 2 + (min(2, 4 - d) if a == d else 0)
            if a > d or max(5 - a, 1) <= inside:
                broken += weight
    result = exact(move)
    assert result.p["siege_broken"] == pytest.approx(float(broken), abs=1e-12)
    for _weight, state in states(move):
        if "siege_broken" in state.events:
            # 15.3: the besiegers retreat free (here to Pressburg, held by the Ottomans).
            assert "Vienna: ottoman" not in state.defenders_end
            assert state.defenders_end.startswith("Pressburg: ottoman:")
            assert "defender_retreats" in state.events
        else:
            assert "Vienna: ottoman" in state.defenders_end


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
def test_the_example_of_the_issue_two_go_inside_two_besiegers_left():
    # Relief 2R into a 2R garrison besieged by 4R (5 dice against 2): a tie at 2 hits
    # leaves 2 besiegers and no relief unit; a tie at 1 hit sends the one relief unit
    # left inside (3 inside) against 3 besiegers: broken; a tie at 0 sends both inside
    # (4 inside) against 4: broken.
    move = besieged_vienna(besiegers="ottoman: 4R", relief="hapsburg: 2R")
    (battle,) = [battle for battle, _ in move.program.battles]
    assert (battle.attacker_dice, battle.defender_dice) == (2, 5)
    broken = Fraction(0)
    for a in range(3):
        for d in range(6):
            weight = binomial(2, a) * binomial(5, d)
            inside = 2 + (min(2, max(2 - d, 0)) if a == d else 0)
            if a > d or max(4 - a, 1) <= inside:
                broken += weight
    result = exact(move)
    assert result.p["siege_broken"] == pytest.approx(float(broken), abs=1e-12)
    tie_at_zero = [
        weight
        for weight, state in states(move)
        if "relief_went_inside" in state.events and state.defender_survivors == 4
    ]
    assert sum(tie_at_zero) == pytest.approx(float(binomial(2, 0) * binomial(5, 0)), abs=1e-12)
    for _, state in states(move):
        if "relief_went_inside" in state.events:
            assert "siege_broken" in state.events
            assert state.outcome == "mover_turned_back"


@pytest.mark.rule("5", cites="15.3 after a lost relief battle (15.2)")
def test_besiegers_with_no_legal_retreat_are_eliminated_and_their_leaders_captured():
    # 15.3: no legal adjacent space (Pressburg is Hungarian here): the besiegers are
    # eliminated and Ibrahim is captured.
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 4R Ibrahim"),
            Stack("Vienna", "hapsburg: 2R", besieged=True),
            Stack("Linz", "hapsburg: 2R"),
        ],
        wars=[("ottoman", "hapsburg")],
    )
    move = Move(situation, "Linz", "Vienna", defender_policy="fight")
    result = exact(move)
    for _, state in states(move):
        if "siege_broken" in state.events:
            assert "Ibrahim" in state.captured
            assert "Vienna: ottoman" not in state.defenders_end
    # The relief (2 dice) against 4R Ibrahim (4 + 1 + 1 = 6 dice): captured whenever the
    # siege breaks (Ibrahim cannot be captured otherwise).
    assert result.p["leaders_captured"] == pytest.approx(result.p["siege_broken"], abs=1e-12)


# -- §6 step 8 and §6.2: a relief that wins on hits breaks the siege ----------------------


@pytest.mark.rule("6.2", cites="15.2: the relief force won: the siege is broken")
def test_a_relief_that_wins_on_hits_breaks_the_siege_with_no_survivors():
    # Relief 2R with Charles V (2 + 2 = 4 dice) against 3 besiegers (3 + 1 = 4 dice),
    # garrison 1R. Both wiped out when a >= 3 and d >= 2; on equal dice the besiegers
    # keep 1 unit (14 step 9), but the relief won on hits when a > d (14 step 8): the
    # siege is broken (15.2) and that unit retreats.
    move = besieged_vienna(
        besiegers="ottoman: 3R", relief="hapsburg: 2R Charles-V", garrison="hapsburg: 1R"
    )
    (battle,) = [battle for battle, _ in move.program.battles]
    assert (battle.attacker_dice, battle.defender_dice) == (4, 4)
    wins_with_nobody_left = sum(
        binomial(4, a) * binomial(4, d) for a in range(5) for d in range(2, 5) if a > d
    )
    assert wins_with_nobody_left == binomial(4, 3) * binomial(4, 2) + binomial(4, 4) * (
        binomial(4, 2) + binomial(4, 3)
    )
    nobody_left = [
        weight
        for weight, state in states(move)
        if "attacker_wins" in state.events and state.attacker_survivors == 0
    ]
    assert sum(nobody_left) == pytest.approx(float(wins_with_nobody_left), abs=1e-12)
    for _, state in states(move):
        if "attacker_wins" in state.events:
            assert "siege_broken" in state.events
            assert "Vienna: ottoman" not in state.defenders_end
    result = exact(move)
    # Relief wins: broken. Relief loses with d > a: broken when 3 - a <= 1, i.e. a >= 2.
    # A tie at k: the 2 - k relief units left go inside (room for 3), against 3 - k
    # besiegers (at least 1): always broken.
    broken = Fraction(0)
    for a in range(5):
        for d in range(5):
            weight = binomial(4, a) * binomial(4, d)
            inside = 1 + (min(3, max(2 - d, 0)) if a == d else 0)
            if a > d or max(3 - a, 1) <= inside:
                broken += weight
    assert result.p["siege_broken"] == pytest.approx(float(broken), abs=1e-12)
    monte_carlo_agrees(move, ("siege_broken", "attacker_wins", "relief_went_inside"), seed=1517)


# -- §6.1 (14.1): the leaders of a defeated controlling power choose freely ---------------


def vienna_falls(**policy):
    """12 Ottoman regulars with Suleiman attack 8 Hapsburg regulars with Ferdinand in
    Vienna; Linz is free for the Hapsburgs' retreat."""
    situation = Situation(
        [Stack("Pressburg", "ottoman: 12R Suleiman"), Stack("Vienna", "hapsburg: 8R Ferdinand")],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    return Move(situation, "Pressburg", "Vienna", defender_policy="fight", **policy)


def split_probability() -> Fraction:
    # 14 steps 2-3: 12 + 2 = 14 dice against 8 + 1 + 1 = 10. The Ottomans win (a > d) and
    # 5 or more Hapsburgs survive (8 - a >= 5): 4 go inside, the rest retreat.
    return sum(binomial(14, a) * binomial(10, d) for a in range(1, 4) for d in range(a))


@pytest.mark.rule("6.1", cites='14.1: "leaders choose freely"')
@pytest.mark.parametrize(
    ("policy", "inside", "ferdinand_retreats"),
    [
        ("with-units", "Vienna (inside): hapsburg: 4R Ferdinand", False),
        ("retreat", "Vienna (inside): hapsburg: 4R", True),
    ],
)
def test_leaders_go_inside_or_retreat_as_the_policy_says(policy, inside, ferdinand_retreats):
    move = vienna_falls(leaders_inside=policy)
    chosen = [(weight, state) for weight, state in states(move) if state.leaders_inside]
    assert sum(weight for weight, _ in chosen) == pytest.approx(
        float(split_probability()), abs=1e-12
    )
    for _, state in chosen:
        assert state.leaders_inside == policy
        inside_part, retreat_part = state.defenders_end.split("; ")
        assert inside_part == inside
        assert ("Ferdinand" in retreat_part) == ferdinand_retreats
        assert retreat_part.startswith(("Linz: hapsburg: ", "Graz: hapsburg: "))
        assert "Ferdinand" not in state.captured


@pytest.mark.rule("6.1", cites='14.1: "leaders choose freely"')
def test_best_leaders_choice_is_judged_over_the_horizon():
    # At the end of the move a siege laid counts as the space held: both choices are
    # equal, and the leaders retreat with the field army (today's reading).
    assert {state.leaders_inside for _, state in states(vienna_falls())} == {"", "retreat"}
    # Over one impulse the choice is still equal: besiegers with Suleiman take Vienna when
    # they score 4 hits; the garrison's dice (5, or 6 with Ferdinand) change only their
    # losses, and the assaulting formation cannot all die (at most 6 hits on 8 or more).
    one = vienna_falls(defender_horizon=1)
    assert {state.leaders_inside for _, state in states(one)} == {"", "retreat"}
    # Over two impulses Ferdinand's die counts: the besiegers' losses in the first
    # assault decide whether they still outnumber the garrison for the second.
    two = vienna_falls(defender_horizon=2)
    chosen = {state.leaders_inside for _, state in states(two)}
    assert "with-units" in chosen
    for _, state in states(two):
        if state.leaders_inside == "with-units":
            assert "Vienna (inside): hapsburg: 4R Ferdinand" in state.defenders_end


@pytest.mark.rule("6.1", cites='14.1: "leaders choose freely"')
def test_best_leaders_choice_holds_at_least_as_well_as_either_fixed_choice():
    from oddsengine.moves.holding import garrison_holds_after

    def held(move):
        return sum(
            weight * garrison_holds_after(state, 2)
            for weight, state in states(move)
            if state.controller == "hapsburg"
        )

    best = held(vienna_falls(defender_horizon=2))
    for policy in ("with-units", "retreat"):
        assert best >= held(vienna_falls(leaders_inside=policy)) - 1e-12


def test_leaders_inside_policy_is_refused_when_unknown():
    from oddsengine.errors import OddsEngineError

    with pytest.raises(OddsEngineError, match="leaders_inside"):
        vienna_falls(leaders_inside="stay")
    with pytest.raises(OddsEngineError, match="leaders_inside"):
        vienna_falls(leaders_inside=5)


def test_leaders_inside_from_the_command_line_and_the_scenario_file(tmp_path, capsys):
    import json

    from oddsengine.cli import main
    from oddsengine.moves.scenario_file import load_move

    scenario = tmp_path / "falls.toml"
    scenario.write_text(
        """
[situation]
wars = [["ottoman", "hapsburg"]]
[situation.control]
Pressburg = "ottoman"
[[stack]]
space = "Pressburg"
force = "ottoman: 12R Suleiman"
[[stack]]
space = "Vienna"
force = "hapsburg: 8R Ferdinand"
[move]
from = "Pressburg"
to = "Vienna"
defender = "fight"
leaders_inside = "with-units"
""",
        encoding="utf-8",
    )
    assert load_move(str(scenario)).leaders_inside == "with-units"
    assert main(["move", str(scenario), "--exact", "--format", "json", "--states", "40"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["spec"]["leaders_inside"] == "with-units"
    applied = {record["leaders_inside"] for record in answer["end_states"]}
    assert applied == {None, "with-units"}
    asked = ["move", str(scenario), "--exact", "--format", "json", "--states", "40"]
    assert main([*asked, "--leaders-inside", "retreat"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert {record["leaders_inside"] for record in answer["end_states"]} == {None, "retreat"}
    # Refused by the move, naming the option (the parser no longer lists the choices).
    assert main(["move", str(scenario), "--leaders-inside", "stay"]) == 2
    assert "--leaders-inside: unknown leaders_inside policy 'stay'" in capsys.readouterr().err
    scenario.write_text(
        scenario.read_text(encoding="utf-8").replace('"with-units"', "5"), encoding="utf-8"
    )
    assert main(["move", str(scenario)]) != 0
    assert "leaders_inside" in capsys.readouterr().err


def test_leaders_inside_agrees_with_monte_carlo():
    move = vienna_falls(defender_horizon=2)
    monte_carlo_agrees(move, ("attacker_wins", "defender_retreats", "siege"), seed=1517)


@pytest.mark.rule("4", cites="13.3: every defender avoided battle")
def test_besiegers_that_all_avoid_battle_break_the_siege():
    # 13.3: the besiegers (not besieged themselves) may avoid battle to Pressburg, 2d6 >= 9;
    # with none left the siege is broken (15.3). Otherwise the battle of
    # test_relief_that_goes_inside_on_a_tie_breaks_the_siege is fought.
    move = besieged_vienna()
    move = Move(move.situation, "Linz", "Vienna", defender_policy="avoid:Pressburg")
    broken_in_battle = Fraction(0)
    for a in range(5):
        for d in range(7):
            inside = 2 + (min(2, 4 - d) if a == d else 0)
            if a > d or max(5 - a, 1) <= inside:
                broken_in_battle += binomial(4, a) * binomial(6, d)
    result = exact(move)
    assert result.p["avoided_battle"] == pytest.approx(float(AVOID), abs=1e-12)
    expected = AVOID + (1 - AVOID) * broken_in_battle
    assert result.p["siege_broken"] == pytest.approx(float(expected), abs=1e-12)

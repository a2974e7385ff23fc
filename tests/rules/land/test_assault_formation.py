"""The formation limit binds what assaults, not what besieges (RULES.md §1, §7; 5.1, 15.1,
15.3), against values computed by hand."""

import json
from fractions import Fraction
from math import comb

import pytest
from conftest import assert_within_sigmas
from conftest import run_cli as run

from oddsengine import Assault, FieldBattle, OddsEngineError, Policies, exact, simulate
from oddsengine.cli import main
from oddsengine.combat.forces import parse_force
from oddsengine.combat.formations import strongest_formation
from oddsengine.engines.siege import exact_campaign
from oddsengine.moves.siege_campaign import SiegeCampaign

THIRD = Fraction(1, 3)


def pmf(dice):
    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def at_least(dice, hits):
    return sum(pmf(dice)[hits:])


def close(value, fraction):
    return value == pytest.approx(float(fraction), abs=1e-12)


def test_strongest_formation_takes_every_leader_then_regulars_mercenaries_cavalry():
    # RULES.md §1: up to the command ratings of the two best commanders (6 + 12 = 18),
    # 4 without a leader.
    assert strongest_formation(parse_force("20R Suleiman Ibrahim")).regulars == 18
    assert strongest_formation(parse_force("ottoman: 2R 3M 2C")).notation() == "ottoman: 2R 2M"
    assert strongest_formation(parse_force("ottoman: 1R 2C")).notation() == "ottoman: 1R 2C"


@pytest.mark.rule("1", cites="Which part of a stack acts as one formation (RULES.md §1 and §7")
def test_fourteen_regulars_with_ibrahim_against_two():
    # Only 6R + Ibrahim (command 6) assault: ceil(6 / 2) + 1 = 4 dice; the garrison rolls
    # 2 + 1 = 3. Success needs 2 hits (3 defender hits cannot kill 6): 11/27. Otherwise
    # the 14 - 3 or more besiegers still outnumber the garrison: the siege continues.
    assault = Assault("14R Ibrahim", "hapsburg: 2R")
    assert (assault.attacker_units, assault.attacker_dice, assault.defender_dice) == (6, 4, 3)
    assert assault.besiegers_standing_by.notation() == "ottoman: 8R"
    result = exact(assault)
    assert close(result.p["success"], at_least(4, 2))
    assert close(result.p["success"], Fraction(11, 27))
    assert close(result.p["siege_continues"], Fraction(16, 27))
    assert result.p["siege_broken"] == 0.0
    # The units standing by take no losses: 8 of them are always left.
    assert result.states["attacker_survivors"].min() == 3
    assert result.states["besieger_survivors"].min() == 11
    assert list(result.states["besieger_regulars"] - result.states["attacker_regulars"]) == [
        8
    ] * len(result.probabilities)


def test_monte_carlo_agrees_for_a_stack_within_5_standard_errors():
    spec = Assault("hapsburg: 3R 4M Ferdinand", "france: 2R Montmorency", ["landsknechts"])
    assert_within_sigmas(simulate(spec, trials=200_000, seed=11), exact(spec))


@pytest.mark.rule("7", cites="assaults (15.1) and the rest stand by")
def test_units_standing_by_keep_the_siege():
    # 15.3: 6R without a leader: 4 assault (2 dice), 2 stand by. Against 3R (4 dice) the
    # assault cannot succeed (2 hits < 3). The siege holds while 6 - d > 3 - a.
    result = exact(Assault("6R", "hapsburg: 3R"))
    attacker, defender = pmf(2), pmf(4)
    holds = sum(attacker[a] * defender[d] for a in range(3) for d in range(5) if 6 - d > 3 - a)
    assert holds == Fraction(689, 729)
    assert result.p["success"] == 0.0
    assert close(result.p["siege_continues"], holds)
    assert close(result.p["siege_broken"], 1 - holds)
    assert close(result.p["attackers_eliminated"], Fraction(1, 81))


def test_leaders_stay_with_the_units_standing_by():
    # 15.1 step 11: leaders are displaced when every attacking unit died - but with
    # besiegers still in the space they stay with them. Dudley (command 6) leads 6R of
    # 8R: 3 dice; Montmorency's garrison rolls 4 + 1 + 1 = 6, and kills all 6 with
    # (1/3)^6.
    stack = exact(Assault("england: 8R Dudley", "france: 4R Montmorency"))
    assert close(stack.p["attackers_eliminated"], THIRD**6)
    assert stack.p["attacker_leaders_displaced"] == 0.0
    alone = exact(Assault("england: 6R Dudley", "france: 4R Montmorency"))
    assert close(alone.p["attacker_leaders_displaced"], THIRD**6)


def test_landsknechts_join_the_formation_only_while_it_has_room():
    # 33 + RULES.md §7: 4 Hapsburg mercenaries are placed; Ferdinand's formation of 6
    # has room for 1. 5R 1M assault: ceil(6 / 2) + 1 = 4 dice against 1R (2 dice, which
    # cannot kill 6): success with one hit, 65/81.
    assault = Assault("hapsburg: 5R Ferdinand", "france: 1R", ["landsknechts"])
    assert assault.assaulting_formation.notation() == "hapsburg: 5R 1M Ferdinand"
    assert assault.besiegers_standing_by.notation() == "hapsburg: 3M"
    assert assault.attacker_dice == 4
    assert close(exact(assault).p["success"], 1 - (1 - THIRD) ** 4)


def test_mercenaries_grow_restless_counts_every_besieger():
    # 27: the formation 2R 4M Ibrahim loses its 4 mercenaries; the 2M standing by still
    # count: 2R + 2M = 4 > 2, the siege holds and 2R Ibrahim assault: 1 + 1 = 2 dice
    # against 3. Success: 2 hits, and fewer than 2 defender hits.
    assault = Assault("2R 6M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"])
    assert not assault.restless_breaks_siege
    assert assault.attacker_dice == 2
    success = pmf(2)[2] * (pmf(3)[0] + pmf(3)[1])
    assert success == Fraction(20, 243)
    assert close(exact(assault).p["success"], success)
    # Without the mercenaries standing by: 2R against 2R, the siege breaks.
    broken = exact(Assault("2R 4M Ibrahim", "hapsburg: 2R", [], ["mercenaries-grow-restless"]))
    assert broken.p["siege_broken"] == 1.0 and broken.p["assault_prevented"] == 1.0


def test_mercenaries_grow_restless_can_leave_nobody_to_assault():
    # 4M assault out of 5M 1C; the card removes them; 1M 1C still outnumber 1R: no
    # assault, the siege holds.
    result = exact(Assault("5M 1C", "hapsburg: 1R", [], ["mercenaries-grow-restless"]))
    assert result.p["siege_continues"] == 1.0 and result.p["assault_prevented"] == 1.0


@pytest.mark.rule("7", cites="assaults (15.1) and the rest stand by")
def test_after_gout_the_strongest_legal_formation_assaults():
    # 32: Suleiman stays out; Ibrahim commands 6: 6R assault (4 dice), 4R stand by.
    assault = Assault("ottoman: 10R Suleiman Ibrahim", "hapsburg: 2R", [], ["gout"])
    assert assault.assaulting_formation.notation() == "ottoman: 6R Ibrahim Pasha"
    assert assault.besiegers_standing_by.notation() == "ottoman: 4R Suleiman"
    assert close(exact(assault).p["success"], Fraction(11, 27))
    # The same in a field battle: 6 units + 1 rating = 7 dice, 4R stay behind.
    battle = FieldBattle("ottoman: 10R Suleiman Ibrahim", "hapsburg: 3R", [], ["gout"])
    assert battle.attacker_dice == 7
    assert "ottoman: 4R Suleiman stay behind" in battle.describe_lines()[0]


def test_a_declared_formation_is_a_policy():
    # 4R Ibrahim declared: 2 + 1 = 3 dice against 3; success with 2 hits: 7/27.
    policies = Policies(assault_formation="4R Ibrahim")
    assault = Assault("14R Ibrahim", "hapsburg: 2R", policies=policies)
    assert assault.besiegers_standing_by.notation() == "ottoman: 10R"
    assert close(exact(assault).p["success"], Fraction(7, 27))


@pytest.mark.parametrize(
    ("formation", "message"),
    [
        (
            "8R Ibrahim",
            "command capacity 6 with Ibrahim Pasha; at most 6 of the 14 land units in the "
            "stack may assault, the rest stand by",
        ),
        ("4R Suleiman", "Suleiman is not in the stack"),
        ("15R Ibrahim", "has 15 regulars; the stack in the space has 14"),
        ("0R Ibrahim", "has no land units"),
    ],
)
def test_declared_formations_are_refused_with_the_limit(formation, message):
    with pytest.raises(OddsEngineError, match=message) as refused:
        Assault("14R Ibrahim", "hapsburg: 2R", policies=Policies(assault_formation=formation))
    assert "move" not in str(refused.value)  # nothing moves in an assault


def test_a_stack_too_large_to_move_is_refused_naming_what_may_move():
    with pytest.raises(OddsEngineError, match="at most 6 of them may move together"):
        FieldBattle("7R Ibrahim", "hapsburg: 2R")


def test_siege_campaign_carries_the_units_standing_by():
    # Impulse 1: 11/27 as above. After a failure the garrison has 2 - a left (a = 0 with
    # 16/81, a = 1 with 32/81) and at least 11 besiegers: 6R Ibrahim assault again and
    # take it with 11/27 against 2, or 65/81 against 1.
    result = exact_campaign(SiegeCampaign("14R Ibrahim", "hapsburg: 2R", horizon=2))
    first = Fraction(11, 27)
    second = first + Fraction(16, 81) * first + Fraction(32, 81) * Fraction(65, 81)
    assert second == Fraction(5281, 6561)
    assert close(result.taken_by[0], first) and close(result.taken_by[1], second)
    assert "standing by, still besieging: ottoman: 8R" in result.summary()
    with pytest.raises(OddsEngineError, match="strongest formation"):
        SiegeCampaign("14R Ibrahim", "hapsburg: 2R", policies=Policies(assault_formation="6R"))


def test_reinforcements_move_in_as_one_formation():
    # 13.1: the reinforcements of each impulse are one move (1 CP) of one formation,
    # leaderless here: at most 4 land units. Once in, they stand with the besiegers.
    with pytest.raises(OddsEngineError, match="at most 4 of them may move together"):
        SiegeCampaign("14R Ibrahim", "hapsburg: 2R", reinforcements="5R")


def test_a_cancelled_assault_does_not_break_the_siege():
    # 31: Foul Weather stops the first assault; the siege stands, and the second one
    # (Ibrahim's 6R of 14R against 2R) takes the space with 11/27.
    campaign = SiegeCampaign(
        "14R Ibrahim", "hapsburg: 2R", horizon=2, defender_cards=["foul-weather"]
    )
    result = exact_campaign(campaign)
    assert result.taken_by[0] == 0.0 and result.broken_by[1] == 0.0
    assert close(result.taken_by[1], Fraction(11, 27))


def test_cli_assault_says_which_part_of_the_stack_assaults(capsys):
    status, out, _ = run(
        capsys, "assault", "--attacker", "14R Ibrahim", "--defender", "hapsburg: 2R", "--exact"
    )
    assert status == 0
    assert (
        "Assaulting formation: ottoman: 6R Ibrahim Pasha (strongest: the most assault dice, "
        "regulars first; command capacity 6); standing by, still besieging: ottoman: 8R" in out
    )
    status, out, _ = run(
        capsys,
        "assault",
        "--attacker",
        "14R Ibrahim",
        "--defender",
        "hapsburg: 2R",
        "--assault-formation",
        "4R Ibrahim",
        "--exact",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert payload["spec"]["assaulting_formation"] == "ottoman: 4R Ibrahim Pasha"
    assert payload["spec"]["besiegers_standing_by"] == "ottoman: 10R"
    assert payload["p"]["success"] == pytest.approx(7 / 27, abs=1e-12)


def test_cli_siege_accepts_a_stack_larger_than_a_formation(capsys):
    status, out, _ = run(
        capsys,
        "siege",
        "--besiegers",
        "14R Ibrahim",
        "--garrison",
        "hapsburg: 2R",
        "--horizon",
        "2",
        "--exact",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert status == 0
    assert payload["spec"]["assaulting_formation"] == "ottoman: 6R Ibrahim Pasha"
    assert payload["p"]["taken_by_impulse_2"] == pytest.approx(5281 / 6561, abs=1e-12)


def test_cli_refuses_a_declared_formation_too_large_on_one_line(capsys):
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(
            main(
                [
                    "assault",
                    "--attacker",
                    "14R Ibrahim",
                    "--defender",
                    "hapsburg: 2R",
                    "--assault-formation",
                    "8R Ibrahim",
                ]
            )
        )
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert "at most 6 of the 14 land units in the stack may assault" in err
    assert err.count("\n") == 1 and "Traceback" not in err

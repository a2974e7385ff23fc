"""Plans compared over a horizon, reinforcement schedules in siege campaigns, and the
``best`` defender policy judged over a horizon."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.moves.holding import garrison_holds
from oddsengine.questions.plans import load_plan

VIENNA_PLAN = """
[plan]
title = "Vienna: the Hapsburg response"
horizon = 3
side = "defender"
scenario = "vienna"

[[course]]
name = "fight"
defender = "fight"

[[course]]
name = "withdraw"
defender = "withdraw"

[[course]]
name = "avoid to Brunn"
defender = "avoid:Brunn"
"""

SIEGE_PLAN = """
[plan]
horizon = 3
besiegers = "5R Suleiman"
garrison = "hapsburg: 4R Ferdinand"

[[course]]
name = "assault every impulse"

[[course]]
name = "wait for 4R at impulse 2"
schedule = [[2, "4R"]]
assault_from = 2

[[course]]
name = "siege mining"
assault_cards = ["siege-mining"]
"""


@pytest.fixture
def vienna_plan(tmp_path):
    path = tmp_path / "vienna_plan.toml"
    path.write_text(VIENNA_PLAN)
    return path


@pytest.fixture
def siege_plan(tmp_path):
    path = tmp_path / "siege_plan.toml"
    path.write_text(SIEGE_PLAN)
    return path


@pytest.mark.slow
def test_move_plan_matches_the_move_and_siege_engines_run_separately(vienna_plan):
    comparison = oe.compare_plans(vienna_plan)
    frame = comparison.frame.set_index("course")
    for course, policy in (
        ("fight", "fight"),
        ("withdraw", "withdraw"),
        ("avoid to Brunn", "avoid:Brunn"),
    ):
        # The plan judges the leaders' choice after a lost battle (leaders_inside "best",
        # 14.1) over its horizon, as it does the best defender response.
        move = oe.load_move("vienna", defender_policy=policy, defender_horizon=3)
        result = oe.exact(move)
        siege = oe.exact_campaign(oe.SiegeCampaign.from_move(move, horizon=3))
        row = frame.loc[course]
        assert row["taken_by_impulse_0"] == pytest.approx(result.p["mover_in_control"])
        for impulse in (1, 2, 3):
            expected = result.p["mover_in_control"] + siege.taken_by[impulse - 1]
            assert row[f"taken_by_impulse_{impulse}"] == pytest.approx(expected, abs=1e-12)
        assert row["held"] == pytest.approx(1 - row["taken_by_impulse_3"])
        assert row["siege"] == pytest.approx(result.p["besieging"])
        assert row["field_battle"] == pytest.approx(result.p["field_battle"])
        # 1 CP for the move (13.1), then every assault of the siege that follows.
        assert row["expected_cp"] == pytest.approx(1 + siege.expected_cp * result.p["besieging"])
    # Ranked for the defender: the best chance of holding Vienna first.
    assert list(comparison.frame["held"]) == sorted(comparison.frame["held"], reverse=True)
    assert comparison.ranking[0] == "fight"


def test_siege_plan_matches_the_siege_engine_run_separately(siege_plan):
    comparison = oe.compare_plans(siege_plan)
    frame = comparison.frame.set_index("course")
    campaigns = {
        "assault every impulse": oe.SiegeCampaign(
            "5R Suleiman", "hapsburg: 4R Ferdinand", horizon=3
        ),
        "wait for 4R at impulse 2": oe.SiegeCampaign(
            "5R Suleiman",
            "hapsburg: 4R Ferdinand",
            horizon=3,
            schedule=[(2, "4R")],
            assault_from=2,
        ),
        "siege mining": oe.SiegeCampaign(
            "5R Suleiman", "hapsburg: 4R Ferdinand", horizon=3, attacker_cards=["siege-mining"]
        ),
    }
    for name, campaign in campaigns.items():
        result = oe.exact_campaign(campaign)
        row = frame.loc[name]
        assert row["taken_by_impulse_0"] == 0
        for impulse in (1, 2, 3):
            assert row[f"taken_by_impulse_{impulse}"] == pytest.approx(
                result.taken_by[impulse - 1], abs=1e-12
            )
        assert row["expected_cp"] == pytest.approx(result.expected_cp)
    assert comparison.ranking == [
        "wait for 4R at impulse 2",
        "siege mining",
        "assault every impulse",
    ]


def test_siege_losses_by_hand():
    # 4 regulars against 1, one impulse: 2 dice against 2 (15.1). The garrison is lost
    # when the attacker hits at least once (5/9); the besiegers lose one unit per
    # defender hit, 2 * 1/3 = 2/3 on average.
    plan = oe.Plan([oe.Course("assault")], horizon=1, besiegers="4R", garrison="hapsburg: 1R")
    row = oe.compare_plans(plan).frame.iloc[0]
    assert row["attacker_losses"] == pytest.approx(float(Fraction(2, 3)), abs=1e-12)
    assert row["defender_losses"] == pytest.approx(float(Fraction(5, 9)), abs=1e-12)
    assert row["taken_by_impulse_1"] == pytest.approx(float(Fraction(5, 9)), abs=1e-12)


# -- reinforcement schedules -------------------------------------------------------------


def test_schedule_by_hand():
    # 2 regulars wait one impulse; 2 more arrive at impulse 2 (1 CP to move them, 13.1)
    # and the 4 assault (1 CP, 15.1): as 4 against 1, 1 - (2/3)^2 = 5/9.
    campaign = oe.SiegeCampaign(
        "2R", "hapsburg: 1R", horizon=2, schedule=[(2, "2R")], assault_from=2
    )
    result = oe.exact_campaign(campaign)
    assert list(result.taken_by) == pytest.approx([0, float(Fraction(5, 9))], abs=1e-12)
    assert result.expected_cp == pytest.approx(2)
    # The arrivals count in the besiegers left: 4, less 2/3 lost on average.
    assert result.besiegers_left == pytest.approx(4 - 2 / 3)


@pytest.mark.slow
def test_schedule_monte_carlo_agrees_with_exact():
    campaign = oe.SiegeCampaign(
        "5R Suleiman",
        "hapsburg: 4R Ferdinand",
        horizon=3,
        schedule=[(2, "4R")],
        assault_from=2,
    )
    exact = oe.exact_campaign(campaign)
    sampled = oe.simulate_campaign(campaign, trials=100_000, seed=11)
    for k in range(3):
        p = exact.taken_by[k]
        sigma = max((p * (1 - p) / 100_000) ** 0.5, 1e-9)
        assert abs(sampled.taken_by[k] - p) < 5 * sigma
    assert sampled.expected_cp == pytest.approx(exact.expected_cp, abs=0.02)


def test_the_first_assault_made_plays_the_cards():
    # With assault_from = 2, Siege Mining is played in the impulse-2 assault.
    waiting = oe.SiegeCampaign(
        "9R Suleiman",
        "hapsburg: 4R Ferdinand",
        horizon=2,
        assault_from=2,
        attacker_cards=["siege-mining"],
    )
    once = oe.SiegeCampaign(
        "9R Suleiman", "hapsburg: 4R Ferdinand", horizon=1, attacker_cards=["siege-mining"]
    )
    assert oe.exact_campaign(waiting).taken_by[-1] == pytest.approx(
        oe.exact_campaign(once).taken_by[-1]
    )


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"schedule": [(4, "2R")]}, "the horizon is 3"),
        ({"schedule": [(2, "2R Ibrahim")]}, "land units only"),
        ({"schedule": [(2,)]}, "(impulse, force)"),
        ({"assault_from": 4}, "assault_from must be an impulse from 1"),
        ({"assault_from": 0}, "assault_from must be an impulse from 1"),
    ],
)
def test_bad_schedules_are_refused(parameters, message):
    with pytest.raises(oe.OddsEngineError, match=message.replace("(", r"\(").replace(")", r"\)")):
        oe.SiegeCampaign("9R Suleiman", "hapsburg: 4R", horizon=3, **parameters)


# -- the best defender policy over a horizon ----------------------------------------------


def test_garrison_holds_by_hand():
    # 9 regulars and Suleiman roll 5 + 2 = 7 dice against 4 + 1 + 1 = 6; success needs 4
    # hits of 7: 379/2187 (the README's figure).
    holds = garrison_holds("9R Suleiman", "hapsburg: 4R Ferdinand", 1)
    assert holds == pytest.approx(1 - 379 / 2187, abs=1e-12)


@pytest.mark.slow
def test_best_policy_over_a_horizon_is_the_course_that_holds_best(vienna_plan):
    comparison = oe.compare_plans(vienna_plan)
    best = oe.load_move("vienna", defender_horizon=3)
    choice = best.program.choices["defender"]
    assert choice == f"{comparison.ranking[0]} (best)"
    # At the end of the move alone, withdrawing looks best (a siege counts as held).
    assert oe.load_move("vienna").program.choices["defender"] == "withdraw (best)"


@pytest.mark.slow
def test_move_horizon_on_the_command_line(capsys):
    status = main(["move", "vienna", "--exact", "--horizon", "3", "--format", "json"])
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert payload["spec"]["defender_choice"] == "fight (best)"
    assert payload["spec"]["defender_horizon"] == 3


# -- plan files and the command line -------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("[plan]\nscenario = 'vienna'\n[[course]]\nname = 'a'\n", "plan.horizon: missing"),
        (
            "[plan]\nhorizon = 2\nscenario = 'vienna'\ncolour = 1\n[[course]]\nname = 'a'\n",
            "unknown key 'colour'",
        ),
        ("[plan]\nhorizon = 2\nscenario = 'vienna'\n", "no [[course]]"),
        (
            "[plan]\nhorizon = 2\nscenario = 'vienna'\nbesiegers = '5R'\ngarrison = '1R'\n"
            "[[course]]\nname = 'a'\n",
            "one of the two",
        ),
        (
            "[plan]\nhorizon = 2\nscenario = 'vienna'\n[[course]]\nname = 'a'\nspeed = 3\n",
            "unknown key 'speed'",
        ),
        (
            "[plan]\nhorizon = 2\nbesiegers = '5R'\ngarrison = 'hapsburg: 1R'\n[[course]]\n"
            "name = 'a'\ndefender = 'fight'\n",
            "applies to a move",
        ),
        ("[plan]\nhorizon = 99\nscenario = 'vienna'\n[[course]]\nname = 'a'\n", "from 1 to 50"),
        ("[plan\n", "not a valid TOML file"),
    ],
)
def test_bad_plan_files_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(oe.OddsEngineError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_plan(path)


@pytest.mark.slow
def test_plan_monte_carlo_agrees_with_exact(siege_plan):
    exact = oe.compare_plans(siege_plan).frame.set_index("course")
    sampled = oe.compare_plans(siege_plan, method="monte-carlo", trials=50_000, seed=3)
    assert sampled.seed == 3 and sampled.trials == 50_000
    for row in sampled.frame.itertuples(index=False):
        expected = exact.loc[row.course, "taken_by_impulse_3"]
        assert abs(row.taken_by_impulse_3 - expected) < 5 * max(row.taken_stderr, 1e-9)


@pytest.mark.slow
def test_cli_plan(capsys, vienna_plan, siege_plan):
    assert main(["plan", str(vienna_plan), "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["side"] == "defender" and payload["courses"][0]["course"] == "fight"
    assert main(["plan", str(siege_plan)]) == 0
    out = capsys.readouterr().out
    assert "1    wait for 4R at impulse 2" in out


def test_cli_plan_bad_file_is_one_line(capsys, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[plan]\nhorizon = 2\n")
    assert main(["plan", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no [[course]]" in error


@pytest.mark.slow
@pytest.mark.parametrize("name", ["vienna_defence_plan", "vienna_siege_plan"])
def test_shipped_plans_run_by_name(name, capsys):
    assert main(["plan", name]) == 0
    assert "rank course" in capsys.readouterr().out


def test_cli_siege_schedule(capsys):
    status = main(
        [
            "siege",
            "--besiegers",
            "2R",
            "--garrison",
            "hapsburg: 1R",
            "--horizon",
            "2",
            "--exact",
            "--schedule",
            "2=2R",
            "--assault-from",
            "2",
            "--format",
            "json",
        ]
    )
    payload = json.loads(capsys.readouterr().out)
    assert status == 0
    assert payload["p"]["taken_by_impulse_1"] == 0
    assert payload["p"]["taken_by_impulse_2"] == pytest.approx(5 / 9)
    assert payload["spec"]["schedule"] == [[2, "2R"]] and payload["spec"]["assault_from"] == 2


def test_a_plan_file_that_is_a_fifo_is_refused_without_blocking(tmp_path):
    import os

    from oddsengine.errors import OddsEngineError
    from oddsengine.questions.plans import load_plan

    fifo = tmp_path / "plan.toml"
    os.mkfifo(fifo)
    with pytest.raises(OddsEngineError, match="not a regular file"):
        load_plan(fifo)


# -- plans of a naval move (RULES.md §14) ---------------------------------------------


def _two_dice_at_least(total: int) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total), 36)


@pytest.mark.rule("14", cites="RULES.md §14: the naval move action costs 1 CP")
def test_naval_plan_ranks_the_interceptions_by_hand():
    # §14: Venice (2d6 >= 9) tries first, then Doria (2d6 + 2 >= 9); once one power
    # succeeds no other tries. Professional Rowers on Doria's roll: +2 (2d6 + 4 >= 9).
    comparison = oe.compare_plans("barbary_coast_plan")
    rows = {row["course"]: row for row in comparison.courses}
    venice, doria = _two_dice_at_least(9), _two_dice_at_least(7)
    assert rows["Venice, then Doria"]["intercepted"] == pytest.approx(
        float(venice + (1 - venice) * doria), abs=1e-12
    )
    assert rows["Doria only"]["intercepted"] == pytest.approx(float(doria), abs=1e-12)
    rowers = rows["Doria only, Professional Rowers on his roll"]
    assert rowers["intercepted"] == pytest.approx(float(_two_dice_at_least(5)), abs=1e-12)
    assert rows["nobody intercepts"]["goal_chance"] == 0.0
    assert comparison.ranking[0] == "Doria only, Professional Rowers on his roll"
    assert comparison.ranking[-1] == "nobody intercepts"
    assert all(row["goal"] == "defender_wins" and row["expected_cp"] == 1 for row in rows.values())


@pytest.mark.rule("14", cites="RULES.md §14: the naval move action costs 1 CP")
def test_naval_plan_avoid_battle_or_stay():
    # §14: Barbarossa avoids on 2d6 + 2 >= 9 (21/36); if he fails, the battle is the same as
    # when he stays, so P(sunk | avoid) = (1 - 21/36) * P(sunk | stay).
    comparison = oe.compare_plans("tyrrhenian_sea_plan")
    rows = {row["course"]: row for row in comparison.courses}
    stay, avoid = rows["stay and fight"], rows["avoid battle to the Barbary Coast"]
    assert avoid["avoided_battle"] == pytest.approx(21 / 36, abs=1e-12)
    assert 1 - avoid["goal_chance"] == pytest.approx(15 / 36 * (1 - stay["goal_chance"]), abs=1e-12)
    assert stay["naval_battle"] == 1.0 and stay["choice"] == "ottoman: fight"

    # §11: Doria 3 squadrons + 2 = 8 dice against 2 squadrons + 1 corsair + 2 = 7 dice at
    # sea (no port die); hits on 5-6, a tie goes to the defender.
    def hits(dice, count):
        return math.comb(dice, count) * Fraction(1, 3) ** count * Fraction(2, 3) ** (dice - count)

    tie_or_more = sum(hits(8, a) * hits(7, d) for a in range(9) for d in range(8) if a <= d)
    assert stay["defender_wins"] == pytest.approx(float(tie_or_more), abs=1e-12)
    assert avoid["defender_wins"] == pytest.approx(float(15 * tie_or_more / 36), abs=1e-12)
    assert comparison.ranking[-1] == "stay and fight"
    assert "not:defender_eliminated" in comparison.summary()


def test_naval_plan_monte_carlo_within_5_sigma():
    exact = {row["course"]: row for row in oe.compare_plans("barbary_coast_plan").courses}
    sampled = oe.compare_plans("barbary_coast_plan", "monte-carlo", trials=20_000, seed=24)
    for row in sampled.courses:
        expected = exact[row["course"]]["goal_chance"]
        if expected == 0:  # nobody intercepts: no battle, in every trial
            assert row["goal_chance"] == 0
            continue
        assert abs(row["goal_chance"] - expected) < 5 * row["goal_stderr"]


def test_naval_plan_refusals(tmp_path):
    def plan_with(course: str, plan_keys: str = "") -> str:
        path = tmp_path / "naval_plan.toml"
        path.write_text(
            f'[plan]\nhorizon = 1\nscenario = "barbary_coast"\n{plan_keys}\n'
            f'[[course]]\nname = "x"\n{course}\n'
        )
        return str(path)

    with pytest.raises(oe.OddsEngineError, match="schedule applies to a siege"):
        oe.compare_plans(plan_with('schedule = [[1, "2R"]]'))
    with pytest.raises(oe.OddsEngineError, match="avoiding_units applies to a land move"):
        oe.compare_plans(plan_with('avoiding_units = "1R"'))
    with pytest.raises(oe.OddsEngineError, match="goal 'taken' is no outcome"):
        oe.compare_plans(plan_with("", 'goal = "taken"'))
    with pytest.raises(oe.OddsEngineError, match="goal applies to a plan that starts from a naval"):
        oe.Plan([oe.Course("x")], 1, scenario="vienna", goal="defender_wins")
    with pytest.raises(oe.OddsEngineError, match="rowers applies to a naval move"):
        oe.compare_plans(oe.Plan([oe.Course("x", move={"rowers": "roller"})], 1, scenario="vienna"))


def test_naval_plan_cli(capsys):
    assert main(["plan", "barbary_coast_plan", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["courses"][0]["goal"] == "defender_wins"
    assert {"intercepted", "naval_battle", "mover_eliminated"} <= set(answer["courses"][0])


@pytest.mark.parametrize(
    "scenario, command",
    [
        ("vienna", "oddsengine move vienna"),
        ("tyrrhenian_sea", "oddsengine naval-move tyrrhenian_sea"),
        ("religion_1517", "oddsengine attempts religion_1517 --source SOURCE"),
    ],
)
def test_a_scenario_given_as_a_plan_names_the_command_that_answers_it(capsys, scenario, command):
    from conftest import run_cli

    status, out, err = run_cli(capsys, "plan", scenario)
    assert status == 2 and out == ""
    assert "is a scenario file, not a plan file" in err and command in err
    assert len(err.strip().splitlines()) == 1

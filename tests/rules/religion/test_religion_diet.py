"""The Diet of Worms (18.1): RULES.md §21 and §23.14, against values computed by hand, a
die-by-die reference, and the Monte Carlo within 5σ of exact."""

import json
import math
from fractions import Fraction

import pytest
from conftest import SIGMAS, assert_one_line_error
from conftest import run_cli as run
from naive_new_world_reference import diet as naive_diet

import oddsengine as oe
from oddsengine.religion.diet import DietOfWorms

# 21: 1 CP for the Protestant rolls 5 dice; 1 + 1 CP for the Catholics roll 2 dice.
# Hits on 5-6 (1/3 a die). In 3^-5, the Protestant's 0..5 hits: 32, 80, 80, 40, 10, 1;
# in 3^-2, the Catholics' 0..2 hits: 4, 4, 1. Cells of 3^-7 = 1/2187:
#   draw: 32*4 + 80*4 + 80*1 = 528
#   Catholic win: Y=1 over X=0: 4*32 = 128; Y=2 over X<=1: 1*(32+80) = 112; total 240
#   Protestant win: 2187 - 528 - 240 = 1419
#   one flip: X-Y=1: 80*4 + 80*4 + 40*1 = 680; Y-X=1: 32*4 + 80*1 = 208; total 888
CELL = dict(
    protestant_wins=Fraction(1419, 2187),
    catholic_wins=Fraction(240, 2187),
    draw=Fraction(528, 2187),
)


@pytest.mark.rule("21", cites="21: the Protestant rolls its card's CP + 4 dice")
def test_the_diet_rolls_cp_plus_four_against_the_catholic_total():
    diet = DietOfWorms(protestant_cp=2, papal_cp=3, hapsburg_cp=1)
    assert (diet.protestant_dice, diet.catholic_dice) == (6, 4)


@pytest.mark.rule(
    "21",
    cites=(
        "21: the Hapsburgs' and the Papacy's hits added",
        "21: more hits flips that many spaces; 23.14: no more than are eligible",
    ),
)
def test_a_diet_cell_by_hand():
    answer = oe.exact(DietOfWorms(1, 1, 1))
    for name, value in CELL.items():
        assert math.isclose(answer.p[name], value, rel_tol=1e-12), name
    assert math.isclose(answer.p["flips:1"], Fraction(888, 2187), rel_tol=1e-12)
    assert math.isclose(answer.p["protestant_flips:1"], Fraction(680, 2187), rel_tol=1e-12)
    assert math.isclose(answer.p["catholic_flips:1"], Fraction(208, 2187), rel_tol=1e-12)
    expected = answer.expected_values()
    # 5 dice at 1/3 a hit: 5/3 hits; 2 dice: 2/3.
    assert math.isclose(expected["protestant_hits"]["mean"], 5 / 3)
    assert math.isclose(expected["catholic_hits"]["mean"], 2 / 3)


@pytest.mark.rule(
    "21", cites="21: more hits flips that many spaces; 23.14: no more than are eligible"
)
@pytest.mark.rule(
    "23", cites="23.15: with no conquest open at or below the roll, nothing (back to the pool)"
)
def test_the_flips_are_capped_by_the_eligible_spaces():
    # 23.14: with one eligible space every win flips 1: 1 - 528/2187 = 1659/2187.
    answer = oe.exact(DietOfWorms(1, 1, 1, eligible_spaces=1))
    assert math.isclose(answer.p["flips:1"], Fraction(1659, 2187), rel_tol=1e-12)
    assert "flips:2" not in answer.p
    # The cap changes no winner.
    assert math.isclose(answer.p["draw"], CELL["draw"], rel_tol=1e-12)


@pytest.mark.rule("21", cites="21: the Hapsburgs' and the Papacy's hits added")
def test_only_the_catholic_total_counts():
    # Binomial(a) + Binomial(b) is Binomial(a + b): the split of the Catholic CP is moot.
    split = oe.exact(DietOfWorms(3, 1, 5)).p
    other = oe.exact(DietOfWorms(3, 3, 3)).p
    for name in CELL:
        assert math.isclose(split[name], other[name], rel_tol=1e-12)


@pytest.mark.rule("21", cites="21: the Hapsburgs' and the Papacy's hits added")
@pytest.mark.parametrize("cards", [(1, 1, 1), (2, 1, 2)])
def test_the_exact_engine_matches_the_die_by_die_reference(cards):
    naive = naive_diet(*cards)
    answer = oe.exact(DietOfWorms(*cards))
    assert math.isclose(
        answer.p["protestant_wins"], sum(p for d, p in naive.items() if d > 0), rel_tol=1e-12
    )
    assert math.isclose(answer.p["draw"], naive[0], rel_tol=1e-12)
    for k in range(1, 4):
        assert math.isclose(
            answer.p[f"flips:{k}"], naive.get(k, 0) + naive.get(-k, 0), rel_tol=1e-12
        )


def test_monte_carlo_agrees_with_exact_within_five_sigma():
    diet = DietOfWorms(4, 2, 3)
    exact, sampled = oe.exact(diet), oe.simulate(diet, trials=400_000, seed=11)
    for name, value in exact.p.items():
        error = math.sqrt(max(value * (1 - value), 1e-12) / sampled.trials)
        assert abs(sampled.p[name] - value) <= SIGMAS * error, name


def test_diet_command_json_contract(capsys):
    status, out, _ = run(
        capsys,
        "diet",
        "--protestant-cp",
        "1",
        "--papal-cp",
        "1",
        "--hapsburg-cp",
        "1",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert status == 0 and data["kind"] == "diet"
    for name, value in CELL.items():
        assert math.isclose(data["p"][name], value, rel_tol=1e-9)
    assert {"flips:0", "flips:1", "flips:5"} <= set(data["p"])
    assert "flips" in data["expected"]


def test_diet_table_by_protestant_cp_and_catholic_total(capsys):
    status, out, _ = run(capsys, "diet", "--table", "--format", "csv")
    lines = out.strip().splitlines()
    assert status == 0 and lines[0] == "protestant_cp," + ",".join(map(str, range(2, 13)))
    first = lines[1].split(",")
    assert first[0] == "1" and math.isclose(float(first[1]), CELL["protestant_wins"])
    assert len(lines) == 7


@pytest.mark.parametrize(
    "argv, words",
    [
        (
            ["diet", "--protestant-cp", "-1", "--papal-cp", "1", "--hapsburg-cp", "1"],
            "protestant_cp must be a card's CP, 1..6",
        ),
        (
            ["diet", "--protestant-cp", "2", "--papal-cp", "10000000000", "--hapsburg-cp", "1"],
            "papal_cp must be a card's CP, 1..6",
        ),
        (["diet", "--protestant-cp", "2", "--papal-cp", "1"], "give --hapsburg-cp"),
        (
            [
                "diet",
                "--protestant-cp",
                "2",
                "--papal-cp",
                "1",
                "--hapsburg-cp",
                "1",
                "--eligible-spaces",
                "-3",
            ],
            "eligible_spaces must be 0..99",
        ),
        (["diet", "--table", "--protestant-cp", "2"], "--protestant-cp is not read by --table"),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    assert_one_line_error(capsys, argv, words)


def test_a_sweep_names_the_diet_by_its_kind():
    from oddsengine.sweeps.sweep import sweep

    frame = sweep(
        "diet", {"protestant_cp": [1, 2]}, fixed={"papal_cp": 1, "hapsburg_cp": 1}, progress=False
    )
    wins = frame[frame["outcome"] == "protestant_wins"].set_index("protestant_cp")
    assert math.isclose(wins.loc[1, "probability"], CELL["protestant_wins"], rel_tol=1e-12)
    # 2 CP: 6 dice (3^-6: 64, 192, 240, 160, 60, 12, 1) against 2 (9ths: 4, 4, 1):
    # 4 * (729 - 64) + 4 * (729 - 256) + 1 * (729 - 496) = 2660 + 1892 + 233 = 4785 / 6561.
    assert math.isclose(wins.loc[2, "probability"], Fraction(4785, 6561), rel_tol=1e-12)

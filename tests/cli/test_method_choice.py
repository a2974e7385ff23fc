"""--method auto|exact|monte-carlo on every command: auto is exact unless a Monte Carlo
option is given, and the "Method:" line says which and why."""

import json
from fractions import Fraction

import pytest
from conftest import run_cli as run

AUTO_EXACT = "Method: exact (auto: the exact engine applies)"
# 11.2: no leader, 2d6 >= 9 to intercept: 10 of the 36 rolls.
INTERCEPT = ["intercept", "--interceptor", "hapsburg: 4R", "--mover", "3R"]


def test_a_roll_is_exact_by_default(capsys):
    status, out, _ = run(capsys, *INTERCEPT, "--format", "json")
    payload = json.loads(out)
    assert status == 0
    assert payload["method"] == "exact"
    assert payload["method_reason"] == "auto: the exact engine applies"
    assert payload["p"]["success"] == pytest.approx(float(Fraction(10, 36)), abs=1e-15)
    _, out, _ = run(capsys, *INTERCEPT)
    assert AUTO_EXACT in out.splitlines()


@pytest.mark.parametrize(
    "option",
    [["--seed", "3"], ["--trials", "1000"], ["--precision", "0.05"]],
    ids=lambda option: option[0],
)
def test_a_monte_carlo_option_asks_for_monte_carlo(capsys, option):
    status, out, _ = run(capsys, *INTERCEPT, *option)
    assert status == 0
    assert f"Method: Monte Carlo (auto: {option[0]} asks for Monte Carlo)" in out


def test_method_exact_and_monte_carlo_are_said_as_asked(capsys):
    _, out, _ = run(capsys, *INTERCEPT, "--method", "exact")
    assert "Method: exact (as asked: --method exact)" in out
    _, out, _ = run(capsys, *INTERCEPT, "--exact")
    assert "Method: exact (as asked: --exact)" in out
    _, out, _ = run(capsys, *INTERCEPT, "--method", "monte-carlo", "--trials", "100")
    assert "Method: Monte Carlo (as asked: --method monte-carlo), 100 trials" in out


def test_compare_is_unchanged(capsys):
    _, out, _ = run(capsys, *INTERCEPT, "--compare", "--trials", "1000", "--seed", "1")
    assert "Method: exact\n" in out and "Method: Monte Carlo, 1,000 trials, seed 1" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--method", "exact", "--trials", "5"], "--exact takes no --trials"),
        (["--exact", "--method", "monte-carlo"], "not both"),
    ],
)
def test_contradictions_are_refused(capsys, argv, message):
    status, out, err = run(capsys, *INTERCEPT, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["battle", "--attacker", "3R", "--defender", "hapsburg: 2R"],
        ["assault", "--attacker", "5R", "--defender", "hapsburg: 2R"],
        ["avoid", "--defender", "hapsburg: 2R", "--attacker", "3R"],
        ["siege", "--besiegers", "4R", "--garrison", "2R", "--horizon", "2"],
        ["naval", "--attacker", "2Sq", "--defender", "1Sq"],
        ["foreign-war", "--war", "persia", "--force", "4R", "--horizon", "2"],
        ["move", "vienna"],
    ],
    ids=lambda argv: argv[0],
)
def test_every_single_question_is_exact_by_default(capsys, argv):
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert AUTO_EXACT in out.splitlines()


def test_siege_with_a_seed_is_monte_carlo(capsys):
    siege = ["siege", "--besiegers", "4R", "--garrison", "2R", "--horizon", "1"]
    _, out, _ = run(capsys, *siege, "--seed", "2", "--trials", "500", "--format", "json")
    payload = json.loads(out)
    assert payload["method"] == "monte-carlo"
    assert payload["method_reason"] == "auto: --trials asks for Monte Carlo"


@pytest.mark.slow
def test_needed_and_plan_take_method(capsys):
    needed = ["needed", "battle", "--attacker", "?R", "--defender", "2R", "--target", "0.5"]
    status, out, _ = run(capsys, *needed, "--method", "exact", "--format", "json")
    assert status == 0 and json.loads(out)["method"] == "exact"
    status, _, err = run(capsys, *needed, "--method", "exact", "--monte-carlo")
    assert status == 2 and "not both" in err
    status, out, _ = run(capsys, "plan", "vienna_siege_plan", "--method", "exact")
    assert status == 0


def test_card_value_is_exact_and_refuses_monte_carlo(capsys):
    card_value = ["battle", "--attacker", "france: 4R", "--defender", "hapsburg: 4R"]
    status, _, err = run(capsys, *card_value, "--card-value", "--method", "monte-carlo")
    assert status == 2 and "takes no --method monte-carlo" in err

"""``oddsengine needed --fractions``: the chance of the value needed and of the one below as
exact fractions (issue 39: --fractions wherever the answer is exact), checked by hand."""

import json
from fractions import Fraction

import pytest
from conftest import refused, run_cli

from oddsengine.errors import OddsEngineError
from oddsengine.questions.needed import needed

ASSAULT = ["needed", "assault", "--attacker", "?R Suleiman", "--defender", "hapsburg: 2R",
           "--target", "0.5", "--fractions"]  # fmt: skip


def _binomial_at_least(hits: int, dice: int) -> Fraction:
    """P(at least ``hits`` hits of ``dice`` dice hitting on 5-6), summed by hand."""
    from math import comb

    third = Fraction(1, 3)
    return sum(comb(dice, k) * third**k * (1 - third) ** (dice - k) for k in range(hits, dice + 1))


@pytest.mark.rule("7", cites="15.1 step 3: one die per regular or mercenary against an empty space")
def test_the_assault_needed_and_the_one_below_as_fractions():
    # RULES.md §7 step 3: 5R -> 3 dice (one per two, rounded up) + Suleiman's 2 = 5 dice.
    # Step 4: the garrison rolls 2 + 1 = 3 dice, at most 3 hits, so at least 2 of the 5
    # attackers survive; step 10: success is 2 hits (no defender left):
    # 1 - (2/3)^5 - 5 (1/3)(2/3)^4 = 1 - 32/243 - 80/243 = 131/243. One less, 4R: 2 + 2 = 4
    # dice, 4 attackers against at most 3 hits: 1 - 16/81 - 32/81 = 33/81 = 11/27.
    answer = needed("assault", attacker="?R Suleiman", defender="hapsburg: 2R", target=0.5)
    exact = answer.with_fractions().fractions
    assert exact == {"p": Fraction(131, 243), "p_below": Fraction(11, 27)}
    assert exact["p"] == _binomial_at_least(2, 5) and exact["p_below"] == _binomial_at_least(2, 4)


def test_a_garrison_s_held_is_one_less_the_success():
    # 9R Suleiman: 5 + 2 = 7 dice; the garrison's 3R + 1 = 4 dice leave 5 attackers at
    # least. Against 3R it holds on at most 2 hits: (128 + 448 + 672) / 2187 = 416/729;
    # against 2R on at most 1: 576/2187 = 64/243.
    answer = needed("assault", attacker="9R Suleiman", defender="hapsburg: ?R", target=0.5)
    assert answer.event == "held"
    assert answer.with_fractions().fractions == {
        "p": 1 - _binomial_at_least(3, 7),
        "p_below": 1 - _binomial_at_least(2, 7),
    }
    assert answer.with_fractions().fractions["p"] == Fraction(416, 729)


def test_every_format_shows_them(capsys):
    status, text, _ = run_cli(capsys, *ASSAULT)
    assert status == 0
    assert "5R Suleiman: P(success) = 53.91% = 131/243" in text
    assert "one less: 40.74% = 11/27" in text
    status, out, _ = run_cli(capsys, *ASSAULT, "--format", "json")
    assert json.loads(out)["fractions"] == {"p": "131/243", "p_below": "11/27"}
    status, out, _ = run_cli(capsys, *ASSAULT, "--format", "csv")
    rows = [line.split(",") for line in out.splitlines()]
    assert rows[0][-1] == "fraction"
    assert {row[0]: row[-1] for row in rows[1:] if row[-1]} == {"4": "11/27", "5": "131/243"}
    status, out, _ = run_cli(capsys, *ASSAULT, "--format", "markdown")
    assert "= 131/243" in out


def test_without_the_flag_the_answer_is_as_before(capsys):
    status, out, _ = run_cli(capsys, *ASSAULT[:-1], "--format", "json")
    assert "fractions" not in json.loads(out)


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*ASSAULT, "--monte-carlo", "--seed", "1"], ["exact answers", "Monte Carlo"]),
        (["needed", "assault", "--attacker", "?R Suleiman", "--defender", "hapsburg: 1..3R",
          "--targets", "0.5", "--fractions"], ["--fractions", "one answer"]),
        (["needed", "move", "vienna", "--stack", "Pressburg=?R 1C Suleiman Ibrahim",
          "--target", "0.6", "--fractions"], ["single combat", "whole move"]),
        (["needed", "siege", "--besiegers", "?R Suleiman", "--garrison",
          "hapsburg: 4R Ferdinand", "--target", "0.75", "--within", "2", "--fractions"],
         ["campaign"]),
    ],
)  # fmt: skip
def test_an_answer_with_no_exact_fraction_is_refused_in_words(capsys, argv, words):
    refused(capsys, argv, words)


def test_python_refuses_a_monte_carlo_answer():
    answer = needed("assault", attacker="?R Suleiman", defender="hapsburg: 2R", target=0.5,
                    method="monte-carlo", precision=0.05, seed=1)  # fmt: skip
    with pytest.raises(OddsEngineError, match="exact answers"):
        answer.with_fractions()

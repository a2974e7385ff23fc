"""A Jesuit university on a Protestant space (RULES.md §16, §18; issue 38): founded on a
Catholic space, it stays when the space turns Protestant, makes that space a target of
Counter-Reformation attempts and counts for the Papal dice. Chances worked out by hand
in the comments."""

import json
from fractions import Fraction

import pytest
from conftest import run_cli

from oddsengine import exact
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.board_attempt import board_attempt
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.religious_board import ReligiousBoard

# Zürich's neighbours are Basel and Innsbruck (normal connections), and it is no port:
# with all three Protestant, only its university makes Zürich a Counter-Reformation target.
PROTESTANT = ["Zürich", "Basel", "Innsbruck"]

# §18 on Zürich: Papal dice = +2 for the university in the target, nothing else (no
# Catholic neighbour, no Catholic stack) = 2; Protestant dice = Basel 1 + Innsbruck 1 = 2.
# Under Leo X the Protestant wins ties: P(Papal highest > Protestant highest) with 2 dice
# each = (1 - P(tie)) / 2, P(highest of 2 = k) = (2k - 1) / 36, P(tie) = (1 + 9 + 25 + 49 +
# 81 + 121) / 1296 = 286 / 1296, so P = (1296 - 286) / 2 / 1296 = 505 / 1296.
ZURICH = Fraction(505, 1296)
# Under Paul III the Papacy wins ties in its target zone (Zürich is German, Burn Books in
# the German zone): P = 1 - P(Protestant highest > Papal highest) = 1 - 505/1296 = 791/1296.
ZURICH_PAUL_III = Fraction(791, 1296)
# §18 on Basel (Protestant): Papal dice = Besançon, Geneva, Strasburg (Catholic) 3 + the
# university in Zürich, adjacent, 1 = 4; Protestant dice = Zürich 1. Protestant ties:
# P = 1 - sum over the Protestant die b of (1/6) (b/6)^4 = 1 - (1 + 16 + 81 + 256 + 625 +
# 1296) / 7776 = 1 - 2275/7776 = 5501/7776.
BASEL = Fraction(5501, 7776)


def test_a_university_on_a_protestant_space_is_accepted_and_makes_it_a_target():
    board = ReligiousBoard(protestant=PROTESTANT, universities=["Zürich"])
    assert board.universities == ("Zürich",)
    assert board.why_not_target("Zürich", "papacy") is None
    without = ReligiousBoard(protestant=PROTESTANT)
    assert "holds no" in without.why_not_target("Zürich", "papacy")


def test_the_university_counts_for_the_papal_dice():
    board = ReligiousBoard(protestant=PROTESTANT, universities=["Zürich"])
    attempt = board_attempt(board, "Zürich", "burn-books:german")
    assert (attempt.papal_dice, attempt.protestant_dice, attempt.ties) == (2, 2, "protestant")
    assert attempt.success_fraction == ZURICH
    basel = board_attempt(board, "Basel", "burn-books:german")
    assert (basel.papal_dice, basel.protestant_dice) == (4, 1)
    assert basel.success_fraction == BASEL
    paul = ReligiousBoard(protestant=PROTESTANT, universities=["Zürich"], papal_ruler="paul-iii")
    assert board_attempt(paul, "Zürich", "burn-books:german").success_fraction == ZURICH_PAUL_III


def test_a_run_may_open_on_the_university():
    # Two Burn Books attempts: Zürich (505/1296) and Basel (5501/7776, 4 v 1) are the only
    # targets at first (Innsbruck's Catholic neighbour Salzburg makes it one too).
    board = ReligiousBoard(protestant=PROTESTANT, universities=["Zürich"])
    run = AttemptRun(board, "burn-books:german")
    firsts = {row["target"]: row["p_success"] for row in _first_targets(run)}
    assert firsts["Zürich"] == pytest.approx(float(ZURICH))
    assert firsts["Basel"] == pytest.approx(float(BASEL))


def _first_targets(run):
    from oddsengine.engines.attempt_runs_exact import first_targets

    return first_targets(run)


@pytest.fixture
def university_file(tmp_path):
    path = tmp_path / "zurich.toml"
    path.write_text(
        '[religion]\nturn = 6\nprotestant = ["Zürich", "Basel", "Innsbruck"]\n'
        'universities = ["Zürich"]\n',
        encoding="utf-8",
    )
    return str(path)


def test_a_scenario_file_with_a_university_on_a_protestant_space_is_read(university_file):
    board = load_religious_board(university_file)
    assert board.universities == ("Zürich",) and "Zürich" in board.protestant


def test_the_command_answers_the_attempt_on_the_university(capsys, university_file):
    status, out, err = run_cli(
        capsys,
        "counter-reformation",
        university_file,
        "--space",
        "Zürich",
        "--source",
        "burn-books:german",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["p"]["success"] == pytest.approx(float(ZURICH), rel=1e-12)
    papal = answer["spec"]["dice"]["papal"]["sources"]
    assert papal == [{"source": "a Jesuit university in Zürich", "dice": 2}]
    exact_answer = exact(board_attempt_spec_of(university_file))
    assert exact_answer.p["success"] == pytest.approx(float(ZURICH), rel=1e-12)


def board_attempt_spec_of(path):
    from oddsengine.religion.board_attempt import board_attempt_spec

    return board_attempt_spec(load_religious_board(path), "Zürich", "burn-books:german")

"""The attempts and the debates of Part III (RULES.md §17, §18, §20) from their
declarations (issue 39): the commands built from the options on their specs' fields, the
debate's exact fractions, the card-value questions through the shared group, ``table
debate`` from the same declaration, and the choices the explorer offers, each checked
against figures worked by hand."""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from math import comb

import pytest
from conftest import refused, run_cli

from oddsengine.declaration import options_of
from oddsengine.religion import debate_choices
from oddsengine.religion.attempts import CounterReformationAttempt, ReformationAttempt
from oddsengine.religion.debate import Debate

DEBATE = ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1"]
ECK = ["--attacker", "Eck", "--defender", "Carlstadt", "--committed", "Carlstadt"]


def _hits(dice: int, k: int) -> Fraction:
    """P(k hits on ``dice`` dice hitting on 5-6): C(n, k) 2^(n-k) / 3^n."""
    return Fraction(comb(dice, k) * 2 ** (dice - k), 3**dice)


@pytest.mark.rule("20")
def test_the_debate_s_fractions_are_the_rulebook_s_example(capsys):
    # RULES.md §20 steps 4-8: Eck 3 + 3 + 1 = 7 dice against committed Carlstadt's 1 + 1 =
    # 2. Papal win in round 1: sum_b P(B = b) P(A >= b + 1) = 15619/19683; Carlstadt burnt,
    # a difference of 2 or more: sum_b P(B = b) P(A >= b + 2) = 10579/19683.
    def beats(by):
        return sum(_hits(2, b) * sum(_hits(7, a) for a in range(b + by, 8)) for b in range(3))

    status, out, err = run_cli(capsys, *DEBATE, *ECK, "--fractions", "--format", "json")
    assert status == 0, err
    fractions = json.loads(out)["fractions"]
    assert Fraction(fractions["round_1:papal_wins"]) == beats(1) == Fraction(15619, 19683)
    assert Fraction(fractions["burnt:Carlstadt"]) == beats(2) == Fraction(10579, 19683)
    # The outcomes' fractions add up to one, and each is the float the answer reports.
    answer = json.loads(out)
    outcomes = ("papal_wins", "protestant_wins", "inconclusive")
    assert sum(Fraction(fractions[name]) for name in outcomes) == 1
    for name, text in fractions.items():
        assert float(Fraction(text)) == pytest.approx(answer["p"][name], abs=1e-12)
    status, out, _ = run_cli(capsys, *DEBATE, *ECK, "--fractions")
    assert status == 0 and "10579/19683" in out


def test_fractions_is_an_option_of_debate_not_a_misspelling(capsys):
    # Issue 39: "did you mean --precision?" for debate --fractions. It is an option now;
    # a Monte Carlo debate refuses it in words.
    refused(capsys, [*DEBATE, "--fractions", "--trials", "1000"], ["--fractions", "Monte Carlo"])


@pytest.mark.rule("17", "18", "20")
def test_the_attempts_and_the_debate_take_the_board_from_the_shared_group(capsys):
    # A board gives the dice (refused beside it) and needs a target; without one, the
    # inputs that read a board are refused, and the dice are required.
    refused(capsys, ["reformation", "religion_1517", "--space", "Leipzig", "--papal-dice",
                     "2"], ["--papal-dice comes from the board"])  # fmt: skip
    refused(capsys, ["reformation", "religion_1517"], ["give --space"])
    refused(capsys, ["reformation", "--protestant-dice", "2", "--papal-dice", "2", "--space",
                     "Leipzig"], ["--space reads a board"])  # fmt: skip
    refused(capsys, ["counter-reformation", "--papal-dice", "2"], ["give --protestant-dice"])
    refused(capsys, ["reformation", "religion_1517", "--space", "Brandenburg", "--source",
                     "burn-books:german"], ["makes counter-reformation attempts"])  # fmt: skip
    # Debate: the board's turn, given again, must agree; England's ruler comes from it.
    status, _, err = run_cli(capsys, "debate", "religion_example", "--zone", "german",
                             "--initiator", "papacy", "--turn", "1", *ECK, "--exact")  # fmt: skip
    assert status == 0, err
    refused(capsys, ["debate", "religion_example", "--zone", "english", "--initiator",
                     "papacy", "--england-ruler", "mary-i"],
            ["--england-ruler comes from the board"])  # fmt: skip


@pytest.mark.rule("17")
def test_the_attempt_on_a_board_is_one_classmethod_for_every_face():
    from oddsengine import exact
    from oddsengine.religion.attempt_scenarios import ReformationScenario
    from oddsengine.religion.religion_scenario import load_religious_board

    # §17 on Lübeck by the 95 Theses (RULES.md §17's example): 3 Protestant dice (2 +
    # the Theses) against 3 Papal, the Protestant wins ties: 10073/15552.
    board = load_religious_board("religion_example")
    attempt = ReformationAttempt.on_board(board, "Lübeck", "95-theses")
    assert round(exact(attempt).p["success"] * 15552) == 10073
    assert attempt == ReformationScenario("religion_example", "Lübeck", "95-theses").attempt
    # The board's default source, said in the output.
    assert CounterReformationAttempt.on_board(board, "Wittenberg").source == "burn-books:german"
    assert ReformationAttempt.on_board(board, "Lübeck").default_source


@pytest.mark.rule("17", "18")
def test_the_card_values_are_written_without_pandas_and_keep_their_columns(capsys):
    # Printing Press, 1 v 1, the Protestant wins ties: 21/36 = 58.3333% without; with it 2
    # dice against 1, failing only when both are below the Papal die: 1 - 55/216 = 161/216
    # = 74.5370%.
    status, out, err = run_cli(
        capsys, "reformation", "--protestant-dice", "1", "--papal-dice", "1", "--card-value"
    )
    assert status == 0, err
    assert "Printing Press   58.3333%   74.5370%   +16.2037 points" in out
    status, out, _ = run_cli(capsys, "counter-reformation", "--protestant-dice", "1",
                             "--papal-dice", "1", "--card-value", "--format", "json")  # fmt: skip
    (row,) = json.loads(out)
    # Augsburg Confession: the Protestant's chance 21/36 -> 26/36 (a Papal die one lower).
    assert row["card"] == "Augsburg Confession" and "number" in row
    assert row["without_card"] == pytest.approx(21 / 36) and row["with_card"] == pytest.approx(
        26 / 36
    )
    status, out, _ = run_cli(capsys, *DEBATE, "--card-value", "--format", "csv")
    header = out.splitlines()[0].split(",")
    assert header[:4] == ["side", "card", "slug", "value"]
    refused(capsys, [*DEBATE, "--card-value", "--fractions"], ["--card-value"])


def test_table_debate_takes_the_debate_s_declared_options(capsys):
    from oddsengine.cli import build_parser

    table = build_parser("table")._subparsers._group_actions[0].choices["table"]
    help_text = " ".join(table.format_help().split())
    words = {option.name: option.words for option in options_of(Debate)}
    assert words["zone"] in help_text and "--defender-status" in help_text
    refused(capsys, ["table", "debate", "--zone", "german", "--initiator", "papacy"],
            ["table debate needs --turn"])  # fmt: skip
    refused(capsys, ["table", "reformation", "--protestant-dice", "1", "--papal-dice", "1",
                     "--turn", "2"], ["table reformation takes no --turn"])  # fmt: skip


@pytest.mark.rule("20")
def test_the_debaters_offered_are_those_in_play_there():
    # RULES.md §20 step 2, turn 1 in the German zone: the Papal debaters entered by then
    # (Eck, Campeggio, Aleander, Tetzel, Cajetan) attack; the German Protestants (Luther,
    # Melanchthon, Bucer, Carlstadt) defend; a committed debater does not attack.
    values = {"zone": "german", "initiator": "papacy", "turn": 1, "committed": ("Eck",)}
    assert debate_choices.attackers(values) == (
        "random", "Campeggio", "Aleander", "Tetzel", "Cajetan"
    )  # fmt: skip
    assert debate_choices.defenders(values) == (
        "best", "uncommitted", "Luther", "Melanchthon", "Bucer", "Carlstadt"
    )  # fmt: skip
    # Carlstadt committed: both pools hold a debater.
    values["committed"] = ("Carlstadt",)
    assert debate_choices.defenders(values)[:3] == ("best", "committed", "uncommitted")
    # On a board: its turn and its committed debaters (named once) count.
    board = {"scenario": "religion_example", "zone": "german", "initiator": "papacy"}
    assert "Carlstadt" in debate_choices.committed(board)
    # The cards: a Protestant initiator plays none of the Papal events (20 step 3).
    assert debate_choices.cards({"zone": "german", "initiator": "protestant", "turn": 1}) == (
        "here-i-stand",
    )


def test_papal_initiates_is_one_fact_of_the_debate():
    from pathlib import Path

    import oddsengine

    # The Papacy's side of a debate is asked of the debate, in one place.
    debate = Debate("german", "protestant", turn=1)
    assert not debate.papal_initiates
    package = Path(oddsengine.__file__).parent
    for name in ("religion/debate_rules.py", "religion/debate_tree.py", "engines/debate.py"):
        text = (package / name).read_text(encoding="utf-8")
        assert 'initiator == "papacy"' not in text and 'initiator != "papacy"' not in text
    # And the debate modules import one another one way: the rules, the tree, the dice and
    # the inputs never the debate itself (no circle).
    for name in ("debate_rules.py", "debate_tree.py", "debate_dice.py", "debate_inputs.py",
                 "debate_choices.py"):  # fmt: skip
        tree = ast.parse((package / "religion" / name).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "oddsengine.religion.debate" not in imported, name

"""Theological debates (RULES.md §20) in sweeps and odds tables: the shipped
debate_sweep.toml's rows worked by hand in fractions, its Monte Carlo rows within 5 sigma
of them, ``table debate`` cells by hand (the 2017 example's Eck against committed
Carlstadt), its formats, Monte Carlo cells, and its refusals."""

from __future__ import annotations

import json
import math
from fractions import Fraction as F

import pytest

from oddsengine.sweeps.refusals import RefusedScenariosWarning
from oddsengine.sweeps.sweep import Sweep
from tests.conftest import refused, run_cli

# Binomial(n, 1/3) hits, numerators over 3**n (C(n, k) 2**(n - k)):
#   n = 2 (/9):    4, 4, 1
#   n = 3 (/27):   8, 12, 6, 1
#   n = 6 (/729):  64, 192, 240, 160, 60, 12, 1; P(A >= k) * 729 for k = 0..6:
#                  729, 665, 473, 233, 73, 13, 1
#   n = 7 (/2187): 128, 448, 672, 560, 280, 84, 14, 1; P(A >= k) * 2187 for k = 0..7:
#                  2187, 2059, 1611, 939, 379, 99, 15, 1
#: Eck (7 dice: 3 + 3 + his bonus) against committed Carlstadt (1 + 1 = 2 dice), round 1.
ECK_CARLSTADT = {
    # sum over b of P(B = b) P(A >= b + 1) = (4 * 2059 + 4 * 1611 + 1 * 939) / 19683
    "round_1:papal_wins": F(15619, 19683),
    # (4 * 128 + 4 * 448 + 1 * 672) / 19683
    "second_round": F(2976, 19683),
    # burnt (20 step 8): ahead by 2 or more, (4 * 1611 + 4 * 939 + 1 * 379) / 19683
    "burnt:Carlstadt": F(10579, 19683),
}
#: The same under Augsburg Confession (23.11: -1 die to the Papal initiator): Eck 6 dice.
ECK_CARLSTADT_AUGSBURG = {
    # (4 * 665 + 4 * 473 + 1 * 233) / (9 * 729) = (2660 + 1892 + 233) / 6561
    "round_1:papal_wins": F(4785, 6561),
    # (4 * 64 + 4 * 192 + 1 * 240) / 6561 = (256 + 768 + 240) / 6561
    "second_round": F(1264, 6561),
    # ahead by 2 or more: (4 * 473 + 4 * 233 + 1 * 73) / 6561 = (1892 + 932 + 73) / 6561
    "burnt:Carlstadt": F(2897, 6561),
}
#: Eck 7 dice against Luther put in uncommitted by Here I Stand (4 + 2 = 6 dice):
#: (64*2059 + 192*1611 + 240*939 + 160*379 + 60*99 + 12*15 + 1*1) / 3**13.
ECK_LUTHER = {"round_1:papal_wins": F(733209, 1594323)}


#: ``table debate`` of the Papacy's debate in the German zone on turn 1, as each test asks it.
GERMAN_TURN_1 = ("table", "debate", "--zone", "german", "--initiator", "papacy", "--turn", "1")
#: The turn-3 German table with Luther committed, asked exactly and by Monte Carlo.
TURN_3_QUESTION = ("german", "papacy", 3)
TURN_3_CHOICES = {"attackers": "Eck,random", "defenders": "committed,uncommitted",
                  "committed": "Luther"}  # fmt: skip


@pytest.fixture(scope="module")
def exact_rows():
    with pytest.warns(RefusedScenariosWarning, match="1 of 38 scenarios refused"):
        return Sweep.from_toml("debate_sweep").run(progress=False)


def _cell(frame, **columns):
    chosen = frame
    for name, value in columns.items():
        chosen = chosen[chosen[name] == value]
    return chosen


def _probabilities(frame, **columns) -> dict:
    rows = _cell(frame, **columns)
    return dict(zip(rows["outcome"], rows["probability"], strict=True))


def test_the_shipped_sweep_s_exact_rows_by_hand(exact_rows):
    assert set(exact_rows["engagement"]) == {"debate"}
    assert len(set(exact_rows["scenario_key"])) == 2 * 2 * 3 * 3 + 2
    grid = exact_rows[exact_rows["cards"].isna()]  # the explicit scenario plays a card
    named = _probabilities(grid, turn=1, augsburg=False, attacker="Eck", defender="Carlstadt")
    for name, value in ECK_CARLSTADT.items():
        assert named[name] == pytest.approx(float(value), abs=1e-15), name
    # Carlstadt is the only committed Protestant of turn 1: the committed pool is he.
    pool = _probabilities(exact_rows, turn=1, augsburg=False, attacker="Eck", defender="committed")
    assert pool == pytest.approx(named, abs=1e-15)
    augsburg = _probabilities(grid, turn=1, augsburg=True, attacker="Eck", defender="Carlstadt")
    for name, value in ECK_CARLSTADT_AUGSBURG.items():
        assert augsburg[name] == pytest.approx(float(value), abs=1e-15), name
    luther = _probabilities(exact_rows, cards="here-i-stand")
    assert luther["round_1:papal_wins"] == pytest.approx(
        float(ECK_LUTHER["round_1:papal_wins"]), abs=1e-15
    )
    (reason,) = _cell(exact_rows, attacker="Calvin")["reason"]
    assert "Calvin is a protestant debater" in reason


@pytest.mark.slow
def test_the_shipped_sweep_s_monte_carlo_rows_within_5_sigma(exact_rows):
    plan = Sweep.from_toml("debate_sweep")
    with pytest.warns(RefusedScenariosWarning):
        sampled = Sweep(
            "debate",
            grid=plan.grid,
            fixed=plan.fixed,
            scenarios=plan.scenarios,
            method="monte-carlo",
            seed=8,
            precision=0.01,
        ).run(progress=False)

    def scenario(row):
        cards = row["cards"] if isinstance(row["cards"], str) else ""
        return (
            row["turn"],
            row["augsburg"],
            row["attacker"],
            row["defender"],
            cards,
            row["outcome"],
        )

    exact = {
        scenario(row): row["probability"]
        for row in exact_rows.to_dict("records")
        if row["status"] == "ok"
    }
    checked = 0
    for row in sampled.to_dict("records"):
        if row["status"] != "ok":
            assert row["attacker"] == "Calvin"
            continue
        assert row["method"] == "monte-carlo" and row["seed"] == 8
        p = exact[scenario(row)]
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / row["trials"])
        assert abs(row["probability"] - p) <= 5 * sigma + 1e-9, row["outcome"]
        checked += 1
    assert checked > 500


def test_table_debate_the_2017_example_cell(capsys):
    status, out, err = run_cli(
        capsys,
        *GERMAN_TURN_1,
        "--attacker",
        "Eck",
        "--defender",
        "Carlstadt",
        "--committed",
        "Carlstadt",
        "--outcome",
        "round_1:papal_wins",
        "--format",
        "json",
    )
    assert status == 0, err
    table = json.loads(out)
    (cell,) = table["cells"]
    assert (cell["attacker"], cell["defender"], cell["committed"]) == (
        "Eck",
        "Carlstadt",
        "Carlstadt",
    )
    assert cell["probability"] == pytest.approx(15619 / 19683, abs=1e-15)
    assert table["method"] == "exact" and table["outcome"] == "round_1:papal_wins"


def test_table_debate_both_statuses_by_hand(capsys):
    both = [*GERMAN_TURN_1, "--attacker", "Eck", "--defender", "Carlstadt",
            "--defender-status", "both", "--outcome", "round_1:papal_wins"]  # fmt: skip
    status, out, _ = run_cli(capsys, *both, "--format", "csv")
    assert status == 0
    header, eck = out.splitlines()
    assert header == "attacker,Carlstadt,Carlstadt (committed)"
    uncommitted, committed = (float(value) for value in eck.split(",")[1:])
    # Uncommitted Carlstadt rolls 1 + 2 = 3 dice (8, 12, 6, 1 of 27):
    # (8 * 2059 + 12 * 1611 + 6 * 939 + 1 * 379) / (27 * 2187) = 41817/59049.
    assert uncommitted == pytest.approx(41817 / 59049, abs=1e-15)
    assert committed == pytest.approx(15619 / 19683, abs=1e-15)
    status, markdown, _ = run_cli(capsys, *both)
    assert "### uncommitted defender" in markdown and "### committed defender" in markdown
    assert "| Eck | 70.8175% |" in markdown and "| Eck | 79.3527% |" in markdown


def test_table_debate_by_default_every_debater_of_the_turn(capsys):
    # Turn 1, German zone: the Papal debaters in play are Eck, Campeggio, Aleander, Tetzel,
    # Cajetan; the German Protestants Luther, Melanchthon, Bucer, Carlstadt. Eck, committed,
    # may not attack: his row is refused, a dash.
    status, out, err = run_cli(
        capsys,
        *GERMAN_TURN_1,
        "--committed",
        "Eck",
        "--attacker",
        "Eck,Aleander",
        "--format",
        "csv-long",
    )
    assert status == 0
    assert "4 of 8 scenarios refused" in err and "already committed" in err
    status, out, _ = run_cli(
        capsys,
        *GERMAN_TURN_1,
        "--format",
        "csv",
    )
    lines = out.splitlines()
    assert lines[0] == "attacker,Luther,Melanchthon,Bucer,Carlstadt"
    assert [line.split(",")[0] for line in lines[1:]] == [
        "Eck",
        "Campeggio",
        "Aleander",
        "Tetzel",
        "Cajetan",
    ]


def test_table_debate_monte_carlo_cells_within_5_sigma_and_seeded(capsys):
    from oddsengine.faces.debate_tables import debate_table

    exact = debate_table(
        *TURN_3_QUESTION,
        **TURN_3_CHOICES,
    )
    sampled = debate_table(
        *TURN_3_QUESTION,
        **TURN_3_CHOICES,
        method="monte-carlo",
        seed=4,
        precision=0.01,
    )
    again = debate_table(
        *TURN_3_QUESTION,
        **TURN_3_CHOICES,
        method="monte-carlo",
        seed=4,
        precision=0.01,
    )
    assert sampled.methods == ("monte-carlo",) and sampled.seed == 4
    assert sampled.probability.equals(again.probability)
    (trials,) = sampled.trials
    for row in exact.probability.index:
        for column in exact.probability.columns:
            p = exact.probability.at[row, column]
            sigma = math.sqrt(p * (1 - p) / trials)
            assert abs(sampled.probability.at[row, column] - p) <= 5 * sigma
            assert sampled.ci95_low.at[row, column] < sampled.ci95_high.at[row, column]
    assert "seed 4" in sampled.caption() and "±" in sampled.to_markdown(intervals=True)
    assert sampled.to_bbcode().startswith("[b]Theological debate")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["table", "debate", "--zone", "german", "--initiator", "papacy"], ["needs --turn"]),
        (
            [
                *GERMAN_TURN_1,
                "--outcome",
                "nothing",
            ],
            ["unknown outcome 'nothing'"],
        ),
        (
            [
                *GERMAN_TURN_1,
                "--attacker",
                "Ekk",
            ],
            ["unknown debater 'Ekk'"],
        ),
        (
            [
                *GERMAN_TURN_1,
                "--attacker-cards",
                "janissaries",
            ],
            ["takes no --attacker-cards"],
        ),
        (
            [
                *GERMAN_TURN_1,
                "--protestant-dice",
                "3",
            ],
            ["takes no --protestant-dice"],
        ),
        (
            ["table", "battle", "--attacker", "2R", "--defender", "1R", "--zone", "german"],
            ["table battle takes no --zone"],
        ),
        (
            ["table", "debate", "--zone", "french", "--initiator", "papacy", "--turn", "1"],
            ["no debater to table"],
        ),
        (
            ["plot", "debate", "--attacker", "Eck", "--defender", "Luther", "--out", "x.png"],
            ["give table debate"],
        ),
    ],
)
def test_table_debate_refusals_one_line_exit_2(capsys, argv, words):
    refused(capsys, argv, words)

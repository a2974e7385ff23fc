"""A run of attempts and the New World from their declarations (issue 39): every answer is
a result the one writer prints in every format, the same seed gives the same numbers from
every face, the options are the declared ones, and the New World's answers are exact
fractions (RULES.md §19, §22)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.voyage import Voyage
from oddsengine.religion.voyage_turn import VoyageTurn

THESES = ["religion_1517", "--source", "95-theses"]
TREATISE = ["religion_example", "--source", "treatise:german"]

# RULES.md §17 on Magdeburg by a German treatise on religion_example (the notes of
# tests/test_religion_board_checks.py): 5 Protestant dice against 3 Papal, the Protestant
# wins ties: sum over k of (k^5 - (k-1)^5) k^3 / 6^8 = 147019/186624.
MAGDEBURG = sum(Fraction(k**5 - (k - 1) ** 5, 6**5) * Fraction(k**3, 6**3) for k in range(1, 7))


def test_the_magdeburg_figure_by_hand():
    assert MAGDEBURG == Fraction(147019, 186624)


# -- the same seed, the same numbers, from every face --------------------------------------


def test_a_run_s_monte_carlo_is_the_same_from_python_the_command_line_and_a_sweep(capsys):
    board = load_religious_board("religion_1517")
    # The question, at 20,000 trials: Python's door with the run's own policy.
    sampled = oe.simulate(AttemptRun(board, "95-theses", policy="greedy"), trials=20_000, seed=1)
    status, out, err = run_cli(
        capsys, "attempts", *THESES, "--policy", "greedy", "--monte-carlo", "--trials",
        "20000", "--seed", "1", "--format", "json",
    )  # fmt: skip
    assert status == 0, err
    printed = json.loads(out)
    assert printed["expected"]["flips"] == sampled.expected_flips  # bit for bit
    assert printed["p"] == sampled.describe()["p"]
    # The run is keyed as a question, whatever its policy field says: the policy chooses
    # the targets, not the dice (the command line's run and Python's draw alike).
    from oddsengine.engines.attempt_runs_montecarlo import stream_key

    assert stream_key(AttemptRun(board, "95-theses", policy="greedy")) == stream_key(
        AttemptRun(board, "95-theses")
    )
    # A one-row sweep of the same question.
    frame = oe.sweep(
        "attempts-scenario",
        {"policy": ["greedy"]},
        fixed={"scenario": "religion_1517", "source": "95-theses"},
        method="monte-carlo",
        precision=None,
        trials=20_000,
        seed=1,
        progress=False,
    )
    row = frame[frame["outcome"] == "expected.flips"].iloc[0]
    assert row["probability"] == sampled.expected_flips


def test_a_run_takes_a_precision_target_through_the_door():
    run = AttemptRun(load_religious_board("religion_example"), "treatise:german", policy="greedy")
    sample = oe.simulate(run, seed=3, precision=0.001)
    assert sample.half_width <= 0.001 and sample.precision_target == 0.001
    assert sample.trials % 262_144 == 0


# -- every format, through the one writer --------------------------------------------------


@pytest.mark.parametrize("form", ["table", "text", "json", "csv", "markdown", "bbcode"])
@pytest.mark.parametrize(
    "engine", [[], ["--policy", "greedy", "--monte-carlo", "--trials", "20000", "--seed", "1"]]
)
def test_a_run_is_written_in_every_format(capsys, form, engine):
    status, out, err = run_cli(capsys, "attempts", *TREATISE, *engine, "--format", form)
    assert status == 0, err
    assert out.endswith("\n") and "Traceback" not in err
    if form == "json":
        json.loads(out)
    if form in ("markdown", "bbcode"):
        bold = ("**", "**") if form == "markdown" else ("[b]", "[/b]")
        assert out.startswith(bold[0] + "treatise:german: 2 Reformation attempts")
        assert "Rules: Here I Stand, run of attempts, RULES.md §19. Method: " in out


def test_the_forum_formats_show_the_policies_the_spaces_and_the_tree(capsys):
    status, out, _ = run_cli(capsys, "attempts", *TREATISE, "--format", "markdown")
    assert status == 0
    # Magdeburg's chance to 4 decimals of a percentage, as every exact forum table.
    assert f"| Magdeburg | {float(MAGDEBURG):.4%} |" in out
    assert "| policy | optimal | greedy |" in out
    assert "- Magdeburg: 78.78% (Protestant 5 dice v Papal 3, protestant wins ties)" in out
    assert "  - if success:" in out
    status, out, _ = run_cli(capsys, "attempts", *TREATISE, "--format", "bbcode")
    assert "[c]space" in out and "[c]  Magdeburg: 78.78%" in out


def test_the_json_keys_are_kept_and_the_text_is_the_run_s_render(capsys):
    status, out, _ = run_cli(capsys, "attempts", *TREATISE, "--policy", "greedy", "--format",
                             "json")  # fmt: skip
    assert status == 0
    printed = json.loads(out)
    assert set(printed) == {"kind", "spec", "method", "expected", "p", "policy", "compare",
                            "states", "notes", "headline_policy"}  # fmt: skip
    assert set(printed["compare"]) == {"greedy", "optimal"}
    run = AttemptRun(load_religious_board("religion_example"), "treatise:german", policy="greedy")
    answer = oe.exact(run)
    assert json.loads(answer.render("json")) == printed
    status, out, _ = run_cli(capsys, "attempts", *TREATISE, "--policy", "greedy")
    assert out == answer.render("table")


def test_a_run_compares_both_engines(capsys):
    status, out, err = run_cli(
        capsys, "attempts", *TREATISE, "--compare", "--trials", "20000", "--seed", "2"
    )
    assert status == 0, err
    assert "Exact against Monte Carlo" in out and "all within 5 standard errors" in out


# -- the options are the declared ones -------------------------------------------------------


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--monte-carlo", "--policy", "greedy", "--depth", "2"], ["--depth", "exact answer only"]),
        (["--seed", "1", "--objective", "electorates"], ["--objective", "exact answer only"]),
        (["--placards-attempts", "4"], ["--placards-attempts", "affair-of-the-placards only"]),
        (["--depth", "13"], ["depth must be 0..12"]),
        (["--policy", "order:"], ["order: names its spaces"]),
        (["--debater", ""], ["--debater", "an empty name"]),
        (["--fractions"], ["--fractions"]),
        (["--exact", "--monte-carlo"], ["--exact or --monte-carlo"]),
    ],
)
def test_what_a_run_does_not_read_is_refused(capsys, extra, words):
    refused(capsys, ["attempts", *TREATISE, *extra], words)


def test_a_run_needs_its_board_and_source(capsys):
    refused(capsys, ["attempts", "--source", "95-theses"], ["SCENARIO"])
    refused(capsys, ["attempts", "religion_1517"], ["required", "--source"])


def test_a_policy_written_as_the_command_line_writes_it():
    board = load_religious_board("religion_1517")
    run = AttemptRun(board, "95-theses", policy="order:Mainz, Trier")
    assert (run.policy, run.order) == ("order", ("Mainz", "Trier"))
    assert run == AttemptRun(board, "95-theses", policy="order", order=("Mainz", "Trier"))
    # The tree's depth only shapes the answer: equal runs, the same search and streams.
    assert AttemptRun(board, "95-theses", depth=1) == AttemptRun(board, "95-theses")


# -- the New World: every answer an exact fraction ---------------------------------------


def test_a_conquest_at_random_gives_fractions_of_a_pool_of_five(capsys):
    # RULES.md §22: killed on 6 or less, 2d6 <= 6 - value; the Hapsburgs' conquistadors
    # +4, +3, +2, +1, +1 are killed on 1, 3, 6, 10 and 10 of 36: (1+3+6+10+10)/180 = 1/6.
    status, out, err = run_cli(capsys, "conquest", "--power", "hapsburg", "--fractions",
                               "--format", "json")  # fmt: skip
    assert status == 0, err
    printed = json.loads(out)
    assert printed["fractions"]["killed"] == str(Fraction(1 + 3 + 6 + 10 + 10, 180))


def test_a_turn_s_voyages_give_fractions(capsys):
    # England's pool +1, +1, +0 (RULES.md §22): lost on 4 or less, 2d6 <= 3 for the two
    # +1s (3 of 36) and 2d6 <= 4 for the +0 (6 of 36): (3 + 3 + 6) / 108 = 1/9, whatever
    # France's voyage before or after it claims.
    status, out, err = run_cli(capsys, "voyage", "--power", "england,france", "--fractions",
                               "--format", "json")  # fmt: skip
    assert status == 0, err
    fractions = json.loads(out)["fractions"]
    assert fractions["england:lost"] == str(Fraction(3 + 3 + 6, 108)) == "1/9"
    weights, denominator = VoyageTurn(("england", "france")).exact_weights()
    assert sum(weights.values()) == denominator  # the chain loses nothing


def test_uncharted_and_mercator_alone_or_naming_the_powers(capsys):
    status, out, _ = run_cli(capsys, "voyage", "--power", "england,france", "--uncharted",
                             "france", "--mercator", "--format", "json")  # fmt: skip
    assert status == 0
    spec = json.loads(out)["spec"]
    assert [voyage["uncharted"] for voyage in spec["voyages"]] == [False, True]
    assert [voyage["mercator"] for voyage in spec["voyages"]] == [True, True]
    assert Voyage.from_options("france", uncharted=("france",)) == Voyage("france", uncharted=True)
    refused(capsys, ["voyage", "--power", "france", "--uncharted", "england"],
            ["only france sails"])  # fmt: skip
    refused(capsys, ["voyage", "--power", "england,france", "--card-value"], ["--card-value"])

"""Sweeps over a scenario's religious board (RULES.md §16-§19): one attempt with its dice
counted from the map (``reformation-scenario``, ``counter-reformation-scenario``) and a run
of attempts under one policy (``attempts-scenario``), checked by hand where small and
against the ``attempts`` command's JSON for the same scenario; and the search's size
counted before searching (a run that fits is never refused by the count)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from math import comb
from pathlib import Path

import pandas as pd
import pytest
from conftest import run_cli

import oddsengine as oe
import oddsengine.sweeps.sweep as sweep_module
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.attempt_scenarios import AttemptsScenario
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.sweeps.sweep import Sweep, read_table

pytestmark = pytest.mark.filterwarnings(
    "ignore::oddsengine.sweeps.refusals.RefusedScenariosWarning"
)


def by_hand(dice: int, opponent: int) -> Fraction:
    """§17 steps 4-7 in the target zone (the Protestant wins ties): 1 - P(the opponent's
    highest die beats every one of ours) = 1 - sum over the opponent's highest q of
    P(highest = q) * P(all our dice < q) = 1 - sum (q^m - (q-1)^m) (q-1)^n / 6^(m+n)."""
    lost = sum(
        Fraction((q**opponent - (q - 1) ** opponent) * (q - 1) ** dice, 6 ** (opponent + dice))
        for q in range(1, 7)
    )
    return 1 - lost


def rows_of(frame, **where) -> dict:
    """``{outcome: probability}`` of the rows that match ``where`` (column = value)."""
    chosen = frame
    for column, value in where.items():
        chosen = chosen[chosen[column] == value]
    return dict(zip(chosen["outcome"], chosen["probability"], strict=True))


# -- one attempt, its dice from the board ------------------------------------------------


def test_a_board_attempt_swept_with_and_without_printing_press_by_hand():
    # religion_1517: Wittenberg Protestant with Luther and a Protestant stack (its 2
    # regulars). Magdeburg by the 95 Theses: Wittenberg 1 + Luther 1 + the stack 1 = 3, +1
    # (95 Theses) = 4 Protestant dice; Papal: Brandenburg, Brunswick, Erfurt, Lübeck = 4.
    # In the German zone the Protestant wins ties: 1 - (15 + 65*16 + 175*81 + 369*256
    # + 671*625) / 6^8 = 1 - 529069/1679616 = 1150547/1679616. With Printing Press in
    # effect (+1 die, §17 step 3): 5 v 4: 1 - (15 + 65*32 + 175*243 + 369*1024
    # + 671*3125) / 6^9 = 1 - 2519351/10077696 = 7558345/10077696.
    assert by_hand(4, 4) == Fraction(1150547, 1679616)
    assert by_hand(5, 4) == Fraction(7558345, 10077696)
    frame = oe.sweep(
        "reformation-scenario",
        {"this_turn": ["", "printing-press"], "space": ["Magdeburg", "Paris"]},
        fixed={"scenario": "religion_1517", "source": "95-theses"},
        progress=False,
    )
    plain = rows_of(frame, this_turn="", space="Magdeburg")
    pressed = rows_of(frame, this_turn="printing-press", space="Magdeburg")
    assert plain["success"] == pytest.approx(float(by_hand(4, 4)), abs=1e-15)
    assert pressed["success"] == pytest.approx(float(by_hand(5, 4)), abs=1e-15)
    # Paris is not adjacent to a Protestant space: a refused row with the reason (17 step 1)
    paris = frame[frame["space"] == "Paris"]
    assert set(paris["status"]) == {"refused"} and len(paris) == 2
    assert paris["reason"].str.contains("not adjacent to a Protestant space").all()


def test_a_board_attempt_agrees_with_the_command_line(capsys):
    frame = oe.sweep(
        "counter-reformation-scenario",
        {"space": ["Wittenberg", "Brandenburg"]},
        fixed={"scenario": "religion_example", "source": "burn-books:german"},
        progress=False,
    )
    for space in ("Wittenberg", "Brandenburg"):
        status, out, err = run_cli(
            capsys,
            "counter-reformation",
            "religion_example",
            "--space",
            space,
            "--source",
            "burn-books:german",
            "--exact",
            "--format",
            "json",
        )
        assert status == 0, err
        shown = json.loads(out)["p"]  # written to 15 significant digits
        assert rows_of(frame, space=space) == pytest.approx(shown, rel=1e-13, abs=1e-15)


def test_a_source_of_the_other_side_and_a_bad_value_are_named():
    frame = oe.sweep(
        "reformation-scenario",
        {"source": ["95-theses", "burn-books:german"]},
        fixed={"scenario": "religion_example", "space": "Lübeck"},
        progress=False,
    )
    refused = frame[frame["status"] == "refused"]
    assert refused["reason"].tolist() == [
        "burn-books:german makes counter-reformation attempts: sweep counter-reformation-scenario"
    ]
    with pytest.raises(OddsEngineError, match="placards_attempts must be a whole number"):
        oe.sweep(
            "reformation-scenario",
            {"space": ["Lübeck"], "placards_attempts": "3"},
            fixed={"scenario": "religion_example"},
            progress=False,
        )


def test_an_unknown_space_in_a_what_if_is_named_once(capsys):
    frame = oe.sweep(
        "attempts-scenario",
        {"protestant": ["Nowhere", "Leipzig"]},
        fixed={"scenario": "religion_1517", "source": "treatise:german"},
        progress=False,
    )
    (reason,) = frame.loc[frame["status"] == "refused", "reason"]
    assert reason == "examples/religion_1517.toml: religion: unknown space 'Nowhere'"
    status, out, err = run_cli(
        capsys,
        "attempts",
        "religion_1517",
        "--source",
        "treatise:german",
        "--protestant",
        "Nowhere",
    )
    assert status == 2 and out == ""
    assert err.strip() == f"oddsengine attempts: error: {reason}"


# -- a run of attempts -------------------------------------------------------------------


@pytest.fixture
def stettin_scenario(tmp_path):
    """Only Stettin Protestant, no stack, every electorate's regulars on the display."""
    path = tmp_path / "stettin.toml"
    path.write_text('[religion]\nprotestant = ["Stettin"]\n')
    return str(path)


def test_a_two_attempt_run_swept_by_hand(stettin_scenario):
    # tests/rules/religion/test_religion_board_by_hand.py enumerates this run: a German treatise (2
    # attempts) with Stettin alone Protestant. Lübeck 1 v 3: 49/144; Brandenburg 1 v 4:
    # 2275/7776. Greedy opens on Lübeck (then Brandenburg 2 v 3 = 4109/7776 on a success,
    # 1 v 4 on a failure): 49/144 (1 + 4109/7776) + 95/144 * 2275/7776 = 399245/559872.
    # Optimal opens on Brandenburg, whose regular arrives (§16): Lübeck then 3 v 2 =
    # 5593/7776, else 1 v 3: 2275/7776 (1 + 5593/7776) + 5501/7776 * 49/144
    # = 44970121/60466176 expected flips.
    lubeck, brandenburg = by_hand(1, 3), by_hand(1, 4)
    assert (lubeck, brandenburg) == (Fraction(49, 144), Fraction(2275, 7776))
    greedy = lubeck * (1 + by_hand(2, 3)) + (1 - lubeck) * brandenburg
    optimal = brandenburg * (1 + by_hand(3, 2)) + (1 - brandenburg) * lubeck
    assert (greedy, optimal) == (Fraction(399245, 559872), Fraction(44970121, 60466176))
    frame = oe.sweep(
        "attempts-scenario",
        {"policy": ["optimal", "greedy", "order:Lübeck"]},
        fixed={"scenario": stettin_scenario, "source": "treatise:german"},
        progress=False,
    )
    best, simple = rows_of(frame, policy="optimal"), rows_of(frame, policy="greedy")
    assert best["expected.flips"] == pytest.approx(float(optimal), abs=1e-15)
    assert simple["expected.flips"] == pytest.approx(float(greedy), abs=1e-15)
    # P(2 flips) = both succeed; P(0) = both fail; the first target with its chance
    assert best["p.flips:2"] == pytest.approx(float(brandenburg * by_hand(3, 2)), abs=1e-15)
    assert best["p.flips:0"] == pytest.approx(float((1 - brandenburg) * (1 - lubeck)), abs=1e-15)
    assert best["policy.first_target:Brandenburg"] == pytest.approx(float(brandenburg))
    assert simple["policy.first_target:Lübeck"] == pytest.approx(float(lubeck))
    assert best["p.protestant:Lübeck"] == pytest.approx(
        float(brandenburg * by_hand(3, 2) + (1 - brandenburg) * lubeck), abs=1e-15
    )
    # a standing order on Lübeck, then greedy: the greedy run here
    assert rows_of(frame, policy="order:Lübeck") == simple
    kinds = frame.groupby("outcome")["kind"].first()
    assert (kinds["expected.flips"], kinds["p.flips:1"], kinds["p.protestant:Lübeck"]) == (
        "expected",
        "outcome",
        "event",
    )


def _attempts_json(capsys, *arguments) -> dict:
    status, out, err = run_cli(capsys, "attempts", *arguments, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def test_the_shipped_religion_sweep_agrees_with_the_attempts_command(tmp_path, capsys):
    plan = Sweep.from_toml("religion_sweep")
    frame = plan.run(progress=False)
    assert set(frame["engagement"]) == {"attempts-scenario"}
    # The command line has no this_turn what-if: Printing Press in effect is a file.
    text = (Path(oe.__file__).parent / "examples" / "religion_1517.toml").read_text(
        encoding="utf-8"
    )
    assert "this_turn" not in text and text.count("[religion]\n") == 1
    pressed = tmp_path / "pressed.toml"
    pressed.write_text(
        text.replace("[religion]\n", '[religion]\nthis_turn = ["printing-press"]\n'),
        encoding="utf-8",
    )
    for this_turn, scenario in (("", "religion_1517"), ("printing-press", str(pressed))):
        answer = _attempts_json(capsys, scenario, "--source", "95-theses")
        optimal = {
            "expected.flips": answer["expected"]["flips"],
            **{f"p.{k}": v for k, v in answer["p"].items()},
            f"policy.first_target:{answer['policy']['first_target']}": answer["policy"]["tree"][
                "p_success"
            ],
        }
        greedy_answer = answer["compare"]["greedy"]
        greedy = {
            "expected.flips": greedy_answer["expected"]["flips"],
            **{f"p.{k}": v for k, v in greedy_answer["p"].items()},
            f"policy.first_target:{greedy_answer['first_target']}": greedy_answer["policy_tree"][
                "p_success"
            ],
        }
        swept = frame[
            (frame["this_turn"] == this_turn)
            & frame["debater"].isna()
            & (frame["source"] == "95-theses")
        ]
        assert rows_of(swept, policy="optimal") == optimal
        assert rows_of(swept, policy="greedy") == greedy
    # Printing Press in effect: more flips expected (+1 die on every attempt)
    lifted = rows_of(frame, this_turn="printing-press", policy="optimal")
    plain = rows_of(frame[frame["source"] == "95-theses"], this_turn="", policy="optimal")
    assert lifted["expected.flips"] > plain["expected.flips"]
    refused = frame[frame["status"] == "refused"]
    assert refused["debater"].tolist() == ["Faber"]
    assert "does not add a die to Reformation attempts" in refused["reason"].iloc[0]


def test_objectives_and_debaters_swept_agree_with_the_attempts_command(capsys):
    frame = oe.sweep(
        "attempts-scenario",
        {"objective": ["flips", "space:Lübeck"], "debater": ["", "Bucer", "Cop"]},
        fixed={"scenario": "religion_1517", "source": "95-theses"},
        progress=False,
    )
    refused = frame[frame["status"] == "refused"]
    assert set(refused["debater"]) == {"Cop"}  # not in play on turn 1
    assert refused["reason"].str.contains("Cop is not in play on turn 1").all()
    for objective in ("flips", "space:Lübeck"):
        for debater in ("", "Bucer"):
            extra = ("--debater", debater) if debater else ()
            answer = _attempts_json(
                capsys, "religion_1517", "--source", "95-theses", "--objective", objective, *extra
            )
            rows = rows_of(frame, objective=objective, debater=debater)
            assert rows["expected.flips"] == answer["expected"]["flips"]
            assert {key: rows[f"p.{key}"] for key in answer["p"]} == answer["p"]
            first = answer["policy"]["first_target"]
            assert rows[f"policy.first_target:{first}"] == answer["policy"]["tree"]["p_success"]
    # Bucer's die (§19, 23.9) lifts the run
    assert (
        rows_of(frame, objective="flips", debater="Bucer")["expected.flips"]
        > rows_of(frame, objective="flips", debater="")["expected.flips"]
    )


def test_monte_carlo_rows_are_the_commands_and_within_5_sigma_of_exact(capsys):
    fixed = {"scenario": "religion_1517", "source": "95-theses"}
    grid = {"policy": ["greedy", "order:Lübeck,Stettin"]}
    exact = oe.sweep("attempts-scenario", grid, fixed=fixed, progress=False)
    sampled = oe.sweep(
        "attempts-scenario",
        grid,
        fixed=fixed,
        method="monte-carlo",
        precision=None,
        trials=200_000,
        seed=11,
        progress=False,
    )
    assert set(sampled["method"]) == {"monte-carlo"} and set(sampled["seed"]) == {11}
    for policy in grid["policy"]:
        truth = rows_of(exact, policy=policy)
        rows = sampled[sampled["policy"] == policy]
        for _, row in rows.iterrows():
            error = max(row["stderr"], 1e-12)
            if row["outcome"] in truth:
                assert abs(row["probability"] - truth[row["outcome"]]) < 5 * error + 1e-12
            assert row["ci95_low"] <= row["probability"] <= row["ci95_high"]
    # the same seed and trials: the command's Monte Carlo, figure for figure
    answer = _attempts_json(
        capsys,
        "religion_1517",
        "--source",
        "95-theses",
        "--policy",
        "greedy",
        "--monte-carlo",
        "--trials",
        "200000",
        "--seed",
        "11",
    )
    rows = rows_of(sampled, policy="greedy")
    assert rows["expected.flips"] == answer["expected"]["flips"]
    assert {key: rows[f"p.{key}"] for key in answer["p"]} == answer["p"]


@pytest.mark.slow
def test_a_precision_target_grows_the_trials():
    frame = oe.sweep(
        "attempts-scenario",
        {"policy": ["greedy"]},
        fixed={"scenario": "religion_example", "source": "treatise:german"},
        method="monte-carlo",
        precision=0.0005,
        seed=3,
        progress=False,
    )
    chances = frame[frame["kind"] == "outcome"]
    assert ((chances["ci95_high"] - chances["ci95_low"]) / 2).max() <= 0.0005
    trials = int(frame["trials"].iloc[0])
    assert trials > 262_144 and trials % 262_144 == 0
    alone = oe.simulate(
        AttemptsScenario("religion_example", "treatise:german", policy="greedy"),
        seed=3,
        precision=0.0005,
    )
    assert alone.trials == trials
    assert rows_of(frame, policy="greedy") == {
        row["outcome"]: row["probability"] for row in alone.rows()
    }


def test_a_run_too_large_to_search_is_a_refused_row_and_a_fixed_policy_answers_it():
    # Genoa and Calais Protestant open 35 spaces to A Mighty Fortress's 6 attempts (ports
    # on their sea zones, §17 step 1): its optimal search is refused before any work; the
    # greedy policy's 2^6 outcomes are enumerated exactly, and its Monte Carlo rolls them.
    grid = {"policy": ["optimal", "greedy"]}
    fixed = {
        "scenario": "religion_1517",
        "source": "a-mighty-fortress",
        "protestant": "Genoa,Calais",
    }
    started = time.perf_counter()
    frame = oe.sweep("attempts-scenario", grid, fixed=fixed, progress=False)
    print(f"a too-large run swept (refused and greedy) in {time.perf_counter() - started:.2f} s")
    refused = frame[frame["status"] == "refused"]
    assert refused["policy"].tolist() == ["optimal"]
    assert "more than 3,000,000 states" in refused["reason"].iloc[0]
    assert "--monte-carlo" in refused["reason"].iloc[0]
    greedy = rows_of(frame, policy="greedy")
    assert sum(greedy[f"p.flips:{k}"] for k in range(7)) == pytest.approx(1.0, abs=1e-12)
    sampled = oe.sweep(
        "attempts-scenario",
        {"policy": ["greedy"]},
        fixed=fixed,
        method="monte-carlo",
        precision=None,
        trials=100_000,
        seed=2,
        progress=False,
    )
    row = sampled[sampled["outcome"] == "expected.flips"].iloc[0]
    assert abs(row["probability"] - greedy["expected.flips"]) < 5 * row["stderr"]


# -- resume, checkpoints and Ctrl-C ------------------------------------------------------


_RESUMED = {
    "exact": lambda: Sweep.from_toml("religion_sweep"),
    "monte carlo": lambda: Sweep(
        "attempts-scenario",
        grid={"policy": ["greedy", "optimal"], "source": ["treatise:german", "carlstadt"]},
        fixed={"scenario": "religion_example"},
        method="monte-carlo",
        precision=None,
        trials=20_000,
        seed=2**63 - 25,
    ),
    "board attempts": lambda: Sweep(
        "reformation-scenario",
        grid={"space": ["Lübeck", "Paris", "Stettin", "Leipzig"]},
        fixed={"scenario": "religion_example"},
    ),
}


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
@pytest.mark.parametrize("name", list(_RESUMED))
def test_an_interrupted_religion_sweep_resumes_to_the_same_file(
    tmp_path, monkeypatch, name, suffix
):
    if suffix == "parquet":
        pytest.importorskip("pyarrow")
    plan = _RESUMED[name]()
    whole, cut = tmp_path / f"whole.{suffix}", tmp_path / f"cut.{suffix}"
    complete = plan.run(whole, progress=False, batch_size=1)
    real = sweep_module.run_batch
    calls = {"count": 0}

    def interrupted(items, settings):
        calls["count"] += 1
        if calls["count"] == 3:
            raise KeyboardInterrupt  # Ctrl-C in the third batch
        return real(items, settings)

    monkeypatch.setattr(sweep_module, "run_batch", interrupted)
    with pytest.raises(sweep_module.SweepInterrupted) as stop:
        plan.run(cut, progress=False, batch_size=1, checkpoint_seconds=0)
    assert 2 <= stop.value.saved < stop.value.total
    saved = read_table(cut)
    assert saved["scenario_key"].nunique() == stop.value.saved
    monkeypatch.setattr(sweep_module, "run_batch", real)
    resumed = plan.run(cut, resume=True, progress=False)
    assert cut.read_bytes() == whole.read_bytes()
    pd.testing.assert_frame_equal(resumed, complete)


def test_a_religion_sweep_file_runs_and_resumes_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "theses.csv"
    status, _, err = run_cli(capsys, "sweep", "religion_sweep", "--out", str(out), "--quiet")
    assert status == 0, err
    first = read_table(out)
    status, _, err = run_cli(
        capsys, "sweep", "religion_sweep", "--out", str(out), "--resume", "--quiet"
    )
    assert status == 0 and "another sweep" not in err
    pd.testing.assert_frame_equal(read_table(out), first)
    assert first["scenario_key"].nunique() == 6


# -- the search's size, counted before searching -----------------------------------------


@pytest.mark.rule(
    "19", cites="17 step 1, 18: a space stays eligible until it is targeted (flips only open)"
)
def test_the_count_of_a_two_attempt_run_by_hand():
    # religion_example, a German treatise (2 attempts): 6 spaces eligible now. The states
    # the search keeps: the start; one attempt on any of the 6, flipped or not (12); two of
    # the 6 (C(6,2) = 15 pairs, 4 outcomes each: 60); and a space e flipped first, then a
    # space x its flip opened, x flipped or not (2 for each such pair).
    run = AttemptRun(load_religious_board("religion_example"), "treatise:german")
    model = run.model
    now = model.eligible(0, 0)
    assert len(now) == 6
    opened = [len(set(model.eligible(1 << e, 1 << e)) - set(now)) for e in now]
    by_hand = 1 + 12 + 60 + 2 * sum(opened)
    assert model.search_states(2) == by_hand
    from oddsengine.engines.attempt_runs_exact import search_run

    values, _ = search_run(run)
    assert len(values) == by_hand


@pytest.mark.rule(
    "19", cites="17 step 1, 18: a space stays eligible until it is targeted (flips only open)"
)
@pytest.mark.parametrize(
    "source",
    [
        "95-theses",
        "carlstadt",
        "erasmus",
        "printing-press",
        "burn-books:german",
        "caraffa",
        "a-mighty-fortress",
    ],
)
@pytest.mark.parametrize("scenario", ["religion_1517", "religion_example"])
def test_the_count_before_searching_is_the_states_searched(scenario, source):
    # Carlstadt's failures put unrest (23.8), the Papacy's runs turn spaces back (§18):
    # the count follows the search's own eligibility in every case.
    from dataclasses import replace

    from oddsengine.engines.attempt_runs_exact import search_run

    board = load_religious_board(scenario)
    if source == "caraffa":  # Caraffa enters on turn 5 (debaters.csv)
        board = replace(board, turn=5)
    run = AttemptRun(board, source)
    values, _ = search_run(run)
    assert run.model.search_states(run.source.attempts) == len(values)
    assert run.model.search_states(run.source.attempts, limit=len(values)) == len(values)


def test_a_run_that_fits_is_never_refused_and_one_over_the_limit_is(monkeypatch, capsys):
    import oddsengine.engines.attempt_runs_exact as search

    run = AttemptRun(load_religious_board("religion_1517"), "95-theses")
    monkeypatch.setattr(search, "_SEARCHES", {})
    states = len(search.search_run(run)[0])
    with capsys.disabled():  # for the report, not an assertion
        print(
            f"\nthe 95 Theses from religion_1517: {states:,} states searched, "
            f"{run.model.search_states(5):,} counted before"
        )
    for limit, answers in ((states, True), (states - 1, False)):
        monkeypatch.setattr(search, "MAX_SEARCH_STATES", limit)
        monkeypatch.setattr(search, "_SEARCHES", {})
        status, out, err = run_cli(
            capsys, "attempts", "religion_1517", "--source", "95-theses", "--format", "json"
        )
        assert (status == 0) == answers, err
        if answers:
            assert json.loads(out)["states"] == states
        else:
            assert f"more than {limit:,} states" in err and len(err.strip().splitlines()) == 1


@pytest.mark.rule(
    "19", cites="17 step 1, 18: a space stays eligible until it is targeted (flips only open)"
)
def test_six_attempts_on_thirty_spaces_are_refused_at_once(capsys):
    board = load_religious_board("religion_1517", protestant=["Genoa", "Calais"])
    model = AttemptRun(board, "a-mighty-fortress").model
    eligible = len(model.eligible(0, 0))
    assert eligible >= 30
    # at least sum over t <= 6 of C(35, t) 2^t states (any 6 of the 35, each flipped or
    # not): far past 3,000,000; the count stops as soon as it passes the limit
    assert sum(comb(eligible, t) << t for t in range(7)) > 3_000_000
    started = time.perf_counter()
    assert model.search_states(6, limit=3_000_000) > 3_000_000
    counted = time.perf_counter() - started
    started = time.perf_counter()
    status, out, err = run_cli(
        capsys,
        "attempts",
        "religion_1517",
        "--protestant",
        "Genoa",
        "--protestant",
        "Calais",
        "--source",
        "a-mighty-fortress",
    )
    took = time.perf_counter() - started
    with capsys.disabled():  # for the report, not an assertion
        print(
            f"\n6 attempts on {eligible} eligible spaces: counted past the limit in "
            f"{counted:.4f} s, refused by the command in {took:.3f} s"
        )
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert "more than 3,000,000 states" in line and "--policy greedy --monte-carlo" in line


_SIGNALLED_SWEEP = """\
kind = "attempts-scenario"
method = "exact"

[fixed]
scenario = "religion_1517"
source = "95-theses"

[grid]
this_turn = ["", "printing-press"]
unrest = ["", "Leipzig", "Magdeburg", "Erfurt"]
policy = ["optimal", "greedy"]
"""


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_in_a_religion_sweep_saves_and_resumes_to_the_uninterrupted_file(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(_SIGNALLED_SWEEP, encoding="utf-8")
    out = tmp_path / "results.csv"
    command = [
        sys.executable,
        "-m",
        "oddsengine",
        "sweep",
        str(spec),
        "--out",
        str(out),
        "--quiet",
        "--checkpoint",
        "0.1",
    ]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while not out.exists():  # the first checkpoint: the sweep is under way
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no checkpoint was written"
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)  # most likely within an optimal search
    _, err = process.communicate(timeout=120)  # a hang guard, not a speed test
    assert process.returncode == 130, err
    (line,) = err.strip().splitlines()
    assert "interrupted" in line and f"--out {out} --resume" in line
    saved = read_table(out)
    assert 0 < saved["scenario_key"].nunique() < 16
    status, _, err = run_cli(capsys, "sweep", str(spec), "--out", str(out), "--resume", "--quiet")
    assert status == 0, err
    whole = tmp_path / "whole.csv"
    assert run_cli(capsys, "sweep", str(spec), "--out", str(whole), "--quiet")[0] == 0
    assert out.read_bytes() == whole.read_bytes()

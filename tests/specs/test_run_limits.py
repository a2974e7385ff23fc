"""Limits and errors (issue 38): ``attempts`` takes the trials and seed every command
takes; a sweep file's integer too long to read is its key's bad value; a voyage's card is
valued only for its power; a fixed policy's run is answered exactly by every door."""

from __future__ import annotations

import json
import time

import pytest
from conftest import SIGMAS, refused, run_cli

import oddsengine as oe
import oddsengine.engines.attempt_runs_exact as search
from oddsengine.engines.attempt_runs_montecarlo import simulate_run
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.attempt_scenarios import AttemptsScenario
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.voyage import Conquest, Voyage

THESES = ["attempts", "religion_1517", "--source", "95-theses", "--policy", "greedy"]
DIGITS = "9" * 5000
#: Six attempts on 35 eligible spaces: an optimal search far past 3,000,000 states.
FORTRESS = ["religion_1517", "--source", "a-mighty-fortress"]
FORTRESS += ["--protestant", "Genoa", "--protestant", "Calais"]


# -- attempts --monte-carlo: at most 10^9 trials, as every other command ------------------


@pytest.mark.parametrize(
    "trials, words",
    [
        ("1e30", ["--trials", "at most 1,000,000,000 trials", "1e30"]),  # was a traceback
        ("1" + "0" * 30, ["at most 1,000,000,000 trials"]),
        ("1e11", ["at most 1,000,000,000 trials"]),  # ran on past a minute
        ("1000000001", ["at most 1,000,000,000 trials"]),
        ("0", ["--trials", "positive whole number"]),
        ("1.5", ["--trials", "positive whole number"]),
        ("inf", ["--trials"]),
    ],
)
def test_attempts_refuses_trials_no_run_takes(capsys, trials, words):
    started = time.perf_counter()
    refused(capsys, [*THESES, "--monte-carlo", "--trials", trials], words)
    assert time.perf_counter() - started < 5  # refused before any trial


def test_attempts_refuses_a_negative_seed_and_takes_1e4_trials(capsys):
    refused(capsys, [*THESES, "--monte-carlo", "--seed", "-1"], ["--seed", "negative"])
    status, out, err = run_cli(capsys, *THESES, "--monte-carlo", "--trials", "1e4", "--seed", "3")
    assert status == 0, err
    assert "(10,000 trials, seed 3;" in out


@pytest.mark.parametrize("trials", [10**30, 10**11, 2 * 10**9])
def test_the_attempts_monte_carlo_refuses_more_than_1e9_trials_in_python(trials):
    run = AttemptRun(load_religious_board("religion_1517"), "95-theses")
    with pytest.raises(OddsEngineError, match=r"at most 1,000,000,000 trials in one run"):
        simulate_run(run, trials, seed=1, policy="greedy")


# -- a sweep file's integer of 5,000 digits ---------------------------------------------


_SWEEPS = {
    "grid": (
        'kind = "debate"\nmethod = "exact"\n[fixed]\nzone = "german"\ninitiator = "papacy"\n'
        f'[grid]\nturn = [1, {DIGITS}]\nattacker = ["Eck"]\ndefender = ["Carlstadt"]\n'
    ),
    "fixed": (
        'kind = "reformation"\nmethod = "exact"\n[fixed]\n'
        f"protestant_dice = {DIGITS}\n[grid]\npapal_dice = [1, 2]\n"
    ),
    "scenario 1": (
        'kind = "assault"\nmethod = "exact"\n[grid]\nattacker = "2..4R"\ndefender = "1R"\n'
        f'[[scenarios]]\nattacker = "5R"\ndefender = "1R"\nattacker_squadrons_adjacent = {DIGITS}\n'
    ),
}


@pytest.mark.parametrize("where", list(_SWEEPS))
def test_a_5000_digit_integer_in_a_sweep_is_its_key_s_bad_value(capsys, tmp_path, where):
    path = tmp_path / "sweep.toml"
    path.write_text(_SWEEPS[where])
    out = tmp_path / "out.csv"
    line = refused(capsys, ["sweep", str(path), "--out", str(out)], [where, "about 5000 digits"])
    assert "far too large" in line
    assert not out.exists()


def test_a_5000_digit_integer_in_a_python_sweep_is_refused():
    with pytest.raises(OddsEngineError, match="grid: protestant_dice is far too large"):
        oe.sweep("reformation", {"protestant_dice": [1, 10**5000], "papal_dice": [1]})


# -- a voyage's card has one side: its power ----------------------------------------------


@pytest.mark.parametrize("spec", [Voyage("france", "Cartier"), Conquest("hapsburg", "Cortez")])
@pytest.mark.parametrize("side", ["papacy", "attacker", "defender", 7])
def test_a_voyage_s_card_value_refuses_a_side_it_does_not_have(spec, side):
    with pytest.raises(OddsEngineError, match=f"only {spec.power} plays the cards"):
        oe.card_value(spec, side=side)


def test_a_voyage_s_card_value_takes_its_own_power():
    voyage = Voyage("france", "Cartier")
    both = oe.card_value(voyage)
    assert oe.card_value(voyage, side="france").equals(both)
    assert both["side"].tolist() == ["france"]


# -- a fixed policy needs no search: answered exactly everywhere -------------------------


@pytest.fixture
def fortress():
    board = load_religious_board("religion_1517", protestant=["Genoa", "Calais"])
    return board


def test_a_fixed_policy_of_a_run_too_large_to_search_is_answered_exactly(capsys, fortress):
    # The run: refused by attempts and oe.exact, answered by a sweep.
    swept = oe.exact(
        AttemptsScenario(
            "religion_1517", "a-mighty-fortress", policy="greedy", protestant="Genoa,Calais"
        )
    )
    answer = oe.exact(AttemptRun(fortress, "a-mighty-fortress", policy="greedy"))
    assert answer.optimal is None and answer.states is None
    assert "optimal policy is not compared" in answer.notes[0]
    assert answer.greedy.expected_flips == swept.expected_flips
    assert answer.greedy.flips == swept.flips
    status, out, err = run_cli(
        capsys, "attempts", *FORTRESS, "--policy", "greedy", "--format", "json"
    )
    assert status == 0, err
    described = json.loads(out)
    assert described["expected"]["flips"] == swept.expected_flips
    assert described["headline_policy"] == "greedy" and described["states"] is None
    assert "optimal" not in described["compare"]
    assert any("not compared" in note for note in described["notes"])
    status, out, err = run_cli(capsys, "attempts", *FORTRESS, "--policy", "greedy")
    assert status == 0, err
    assert "Exact: every outcome of the greedy policy (the optimal one not searched)" in out
    # the policy rolled die by die agrees within 5 standard errors
    sample = simulate_run(AttemptRun(fortress, "a-mighty-fortress"), 40_000, 1, policy="greedy")
    error = abs(sample.expected_flips - swept.expected_flips)
    assert error <= SIGMAS * sample.flips_error


def test_a_standing_order_of_a_run_too_large_to_search_is_answered_exactly(capsys, fortress):
    order = "order:Mainz,Brandenburg"
    status, out, err = run_cli(capsys, "attempts", *FORTRESS, "--policy", order, "--format", "csv")
    assert status == 0, err
    assert out.startswith("policy,measure,value\ngreedy,") and "\norder,first_target," in out
    swept = oe.exact(
        AttemptsScenario(
            "religion_1517", "a-mighty-fortress", policy=order, protestant="Genoa,Calais"
        )
    )
    assert f"order,expected.flips,{swept.expected_flips!r}\n" in out


def test_the_optimal_policy_of_that_run_is_still_refused_naming_the_exact_way_out(capsys):
    line = refused(capsys, ["attempts", *FORTRESS], ["more than 3,000,000 states"])
    assert "answered exactly without a search (--policy greedy" in line


def test_a_fixed_policy_too_large_to_enumerate_is_refused(monkeypatch):
    monkeypatch.setattr(search, "MAX_SEARCH_STATES", 10)
    monkeypatch.setattr(search, "_SEARCHES", {})
    run = AttemptRun(load_religious_board("religion_1517"), "95-theses", policy="greedy")
    with pytest.raises(OddsEngineError, match="more than 10 branches to enumerate"):
        oe.exact(run)


def test_a_run_that_fits_keeps_the_optimal_policy_beside_a_fixed_one(monkeypatch):
    monkeypatch.setattr(search, "_SEARCHES", {})
    run = AttemptRun(load_religious_board("religion_1517"), "95-theses", policy="greedy")
    answer = oe.exact(run)
    assert answer.optimal is not None and answer.states > 0 and answer.notes == ()

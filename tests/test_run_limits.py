"""Limits and errors (issue 38): ``attempts`` takes the trials and seed every command
takes; a sweep file's integer too long to read is its key's bad value; a voyage's card is
valued only for its power."""

from __future__ import annotations

import time

import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.engines.attempt_runs_montecarlo import simulate_run
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.religion.voyage import Conquest, Voyage

THESES = ["attempts", "religion_1517", "--source", "95-theses", "--policy", "greedy"]
DIGITS = "9" * 5000


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

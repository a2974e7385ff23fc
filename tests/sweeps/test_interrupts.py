"""Ctrl-C and kills: long runs stop within about a second with one line and exit 130, a
sweep saves what it has done and resumes to the numbers of an uninterrupted run, and a
sweep killed at any moment leaves only whole scenarios on disk.

The subprocess tests are kept small: a few seconds each."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import HANG_GUARD_SECONDS

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.engines import montecarlo
from oddsengine.engines.montecarlo import BLOCK_TRIALS
from oddsengine.sweeps.sweep import Sweep, read_table

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="POSIX signals")]


def _start(arguments, cwd):
    """A child process that reacts to SIGINT as from a terminal (a shell may have set
    SIGINT to be ignored for background jobs; a Python child would inherit that)."""
    return subprocess.Popen(
        [sys.executable, *arguments],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _cpu_seconds(pid) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_for_cpu(process, seconds, deadline=60.0):
    """Until the child has used ``seconds`` of CPU time (or has ended)."""
    end = time.monotonic() + deadline
    while process.poll() is None and time.monotonic() < end:
        try:
            if _cpu_seconds(process.pid) >= seconds:
                return
        except (FileNotFoundError, ProcessLookupError):
            return
        time.sleep(0.05)


def _wait_for(path, process, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.02)


# -- splitting long kernel calls ------------------------------------------------------------


@pytest.mark.parametrize("compiled", [False, True])
def test_splitting_kernel_calls_keeps_the_numbers(monkeypatch, compiled):
    specs = [oe.FieldBattle("ottoman: 5R L1", "hapsburg: 4R"), oe.Assault("6R L1", "2R")]
    if compiled:
        monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 0)
    whole = oe.simulate_many(specs, 5 * BLOCK_TRIALS + 77, seed=41)
    calls = []
    real = montecarlo._count_cells

    def spying(total):
        kernel = real(total)

        def count_cells(thresholds, layouts, scenarios, keys, sizes, counts):
            calls.append(len(keys))
            kernel(thresholds, layouts, scenarios, keys, sizes, counts)

        return count_cells

    monkeypatch.setattr(montecarlo, "CALL_BLOCKS", 2)
    monkeypatch.setattr(montecarlo, "_count_cells", spying)
    split = oe.simulate_many(specs, 5 * BLOCK_TRIALS + 77, seed=41)
    assert calls == [2, 2, 2, 2, 2, 2] and max(calls) <= 2
    for one, other in zip(whole, split, strict=True):
        assert np.array_equal(one.weights, other.weights)
        assert one.p == other.p


def test_a_billion_trials_are_many_short_calls():
    # 10^9 trials = 3815 blocks; a call of 64 blocks (17 M trials) takes a few hundredths
    # of a second on two cores (a tenth under Surprise Attack, the slowest draw plan).
    assert montecarlo.CALL_BLOCKS * BLOCK_TRIALS <= 20_000_000
    assert -(-montecarlo.MAX_TRIALS // BLOCK_TRIALS) > 10 * montecarlo.CALL_BLOCKS


# -- Ctrl-C ------------------------------------------------------------------------------


def test_ctrl_c_stops_a_billion_trial_run_long_before_it_ends(tmp_path):
    process = _start(
        [
            "-m",
            "oddsengine",
            "battle",
            "--attacker",
            "ottoman: 10R Suleiman Ibrahim",
            "--defender",
            "hapsburg: 8R",
            "--attacker-cards",
            "surprise-attack",
            "--trials",
            "1e9",
            "--seed",
            "1",
        ],
        tmp_path,
    )
    # Into the kernel: the interpreter has started and imported Numba (about 0.6 s of CPU)
    # once the child has used 1.5 s of CPU; CPU time, not wall time, so a loaded machine
    # does not send the signal during start-up. The whole run takes several seconds more.
    _wait_for_cpu(process, 1.5)
    if process.poll() is not None:
        process.communicate()  # close the pipes
        pytest.skip("the run ended before it could be interrupted")
    process.send_signal(signal.SIGINT)
    # The run asked for minutes of work: ending within the hang guard means the interrupt
    # was seen between two kernel calls (about a second on an idle machine), not at the end.
    _, err = process.communicate(timeout=HANG_GUARD_SECONDS)
    assert process.returncode == 130
    assert err.strip() == "oddsengine battle: interrupted"


SWEEP_FILE = """\
kind = "battle"
method = "monte-carlo"
precision = 0.0004
seed = 8
[grid]
attacker = "2..12R L0..1"
defender = "hapsburg: 2..7R"
"""


def test_ctrl_c_saves_a_sweep_that_resumes_to_the_uninterrupted_numbers(tmp_path, capsys):
    spec = tmp_path / "sweep.toml"
    spec.write_text(SWEEP_FILE)
    out = tmp_path / "results.csv"
    command = ["-m", "oddsengine", "sweep", str(spec), "--out", str(out), "--quiet"]
    process = _start([*command, "--checkpoint", "0.1"], tmp_path)
    _wait_for(out, process)  # the first checkpoint: the sweep is under way
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=HANG_GUARD_SECONDS)  # a hang guard, not a speed test
    assert process.returncode == 130, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert "interrupted" in lines[0] and f"--out {out} --resume" in lines[0]
    assert "--checkpoint 0.1" in lines[0]
    saved = read_table(out)
    total = len(Sweep.from_toml(spec).expand())
    assert 0 < saved["scenario_key"].nunique() < total
    assert f"{saved['scenario_key'].nunique()} of {total} scenarios saved" in lines[0]

    assert main(["sweep", str(spec), "--out", str(out), "--resume", "--quiet"]) == 0
    capsys.readouterr()
    resumed = read_table(out)
    assert resumed["scenario_key"].nunique() == total
    assert not resumed.duplicated(["scenario_key", "outcome"]).any()
    # The uninterrupted numbers, checked on a sample of scenarios: a scenario's numbers do
    # not depend on the others, so a sweep of these alone gives them.
    plan = Sweep.from_toml(spec)
    sample = random.Random(5).sample(plan.expand(), 12)
    alone = Sweep(
        "battle",
        scenarios=[scenario.parameters for scenario in sample],
        method=plan.method,
        precision=plan.precision,
        seed=plan.seed,
    ).run(progress=False)
    stored = resumed.set_index(["scenario_key", "outcome"])
    for row in alone.itertuples(index=False):
        assert stored.at[(row.scenario_key, row.outcome), "probability"] == row.probability
        assert stored.at[(row.scenario_key, row.outcome), "trials"] == row.trials


# -- kills at random moments -------------------------------------------------------------------


KILLED_SWEEP = """\
import sys
from oddsengine.sweeps.sweep import Sweep

Sweep(
    "battle",
    grid={"attacker": "2..13R L0..1", "defender": "hapsburg: 1..5R"},
    method="monte-carlo",
    precision=None,
    trials=20_000,
    seed=99,
).run(sys.argv[1], resume=True, progress=False, checkpoint_seconds=0, batch_size=3)
"""


def _reference():
    return Sweep(
        "battle",
        grid={"attacker": "2..13R L0..1", "defender": "hapsburg: 1..5R"},
        method="monte-carlo",
        precision=None,
        trials=20_000,
        seed=99,
    ).run(progress=False)


def test_killed_at_random_moments_and_resumed_equals_an_uninterrupted_run(tmp_path):
    script = tmp_path / "sweep.py"
    script.write_text(textwrap.dedent(KILLED_SWEEP))
    out = tmp_path / "results.csv"
    reference = _reference()
    moments = random.Random(2026)
    kills = 0
    for _ in range(4):
        process = _start([str(script), str(out)], tmp_path)
        if not out.exists():
            _wait_for(out, process)
        time.sleep(moments.uniform(0.0, 0.4))
        if process.poll() is not None:
            break  # it finished first
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=HANG_GUARD_SECONDS)
        kills += 1
        stored = read_table(out)  # whole scenarios only, each with its final numbers
        expected = reference[reference["scenario_key"].isin(set(stored["scenario_key"]))]
        pd.testing.assert_frame_equal(stored, expected.reset_index(drop=True))
    assert kills >= 2
    finish = _start([str(script), str(out)], tmp_path)
    _, err = finish.communicate(timeout=120)
    assert finish.returncode == 0, err
    pd.testing.assert_frame_equal(read_table(out), reference)
    assert not list(tmp_path.glob(".results.csv.*"))


def test_finished_scenarios_are_reported_before_the_others(monkeypatch):
    """A scenario that reaches its target in the first round is handed over before a
    harder one has finished; parts of a round do not change the numbers."""
    easy = oe.Assault("12R L2", "1R")  # success almost sure: one round
    hard = oe.FieldBattle("ottoman: 5R L1", "hapsburg: 5R")  # near 1/2: several rounds
    whole = oe.simulate_many([hard, easy], seed=6, precision=0.001)
    monkeypatch.setattr(montecarlo, "PART_BLOCKS", 1)
    reported = []
    parts = oe.simulate_many(
        [hard, easy],
        seed=6,
        precision=0.001,
        on_result=lambda index, result: reported.append((index, result.trials)),
    )
    assert [index for index, _ in reported] == [1, 0]
    assert reported[0][1] == BLOCK_TRIALS and reported[1][1] > BLOCK_TRIALS
    for one, other in zip(whole, parts, strict=True):
        assert one.p == other.p and one.trials == other.trials


def test_ctrl_c_while_the_command_starts_is_one_line_too(monkeypatch, capsys):
    # An interrupt before the command runs (while it imports its modules and builds its
    # parser) ends as one that comes during the run: one line, exit 130, no traceback.
    import oddsengine.cli as cli

    def interrupted(command=None, words=()):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["battle", "--attacker", "4R", "--defender", "2R"]) == 130
    assert capsys.readouterr().err.strip() == "oddsengine battle: interrupted"

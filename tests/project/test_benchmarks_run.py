"""The benchmark script runs end to end on tiny sizes (its timings are not checked)."""

import importlib.util
import json
import sys

import numba
import numpy as np
import pytest
from conftest import BENCHMARKS

import oddsengine

pytestmark = pytest.mark.slow


def _load(name):
    specification = importlib.util.spec_from_file_location(
        f"_benchmark_{name}", BENCHMARKS / f"{name}.py"
    )
    module = importlib.util.module_from_spec(specification)
    sys.modules[specification.name] = module  # dataclasses look their module up here
    specification.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench_combat():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        yield _load("bench_combat")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_every_case_rolls_the_dice_its_label_says(bench_combat):
    for case in bench_combat.CASES:
        case.build()  # raises if the spec's dice differ from the label's


def test_throughput_table_runs_on_tiny_sizes(bench_combat, capsys, tmp_path):
    threads = numba.get_num_threads()
    results = tmp_path / "results.md"
    status = bench_combat.main(
        [
            "--trials",
            "300000",
            "--baseline-trials",
            "20000",
            "--repeats",
            "1",
            "--skip-subprocess",
            "--results",
            str(results),
        ]
    )
    assert status == 0
    assert numba.get_num_threads() == threads  # the one-thread column restores the pool
    printed = capsys.readouterr().out
    for case in bench_combat.CASES:
        assert case.label in printed
    assert "| small assault, 5 vs 6 dice |" in results.read_text()


def test_naive_baseline_rolls_the_same_dice_as_the_kernel_samples():
    baseline = _load("naive_baseline")
    for spec in (
        oddsengine.Assault("8R L1", "4R L1"),
        oddsengine.FieldBattle("hapsburg: 8R Charles-V", "france: 8R L1", attacker_cards="tercios"),
        oddsengine.FieldBattle("2R L1", "hapsburg: 3R L1", attacker_cards="surprise-attack"),
        oddsengine.Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim"),
    ):
        trials = 200_000
        counts = baseline.naive_counts(baseline.recipe_for(spec), trials, seed=3)
        probabilities = spec.draw_plan().cell_probabilities()
        assert counts.shape == probabilities.shape
        spread = np.sqrt(trials * probabilities * (1 - probabilities)) + 1.0
        assert np.all(np.abs(counts - trials * probabilities) <= 5 * spread)


def test_the_explorer_benchmark_runs_once_per_engagement(capsys):
    pytest.importorskip("ipywidgets")
    bench_explore = _load("bench_explore")
    assert bench_explore.main(["--repeats", "1"]) == 0
    printed = capsys.readouterr().out
    for engagement in bench_explore.CHANGES:
        assert f"| {engagement} |" in printed


def test_the_attempts_benchmark_rolls_the_dice_the_kernel_samples():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        bench = _load("bench_religion")
    finally:
        sys.path.remove(str(BENCHMARKS))
    for case in bench.CASES:
        trials = 200_000
        counts = bench.naive_counts(case.spec, trials, seed=3)
        probabilities = case.spec.draw_plan().cell_probabilities()
        assert counts.shape == probabilities.shape
        spread = np.sqrt(trials * probabilities * (1 - probabilities)) + 1.0
        assert np.all(np.abs(counts - trials * probabilities) <= 5 * spread), case.label


def test_the_voyage_benchmark_runs_and_its_baseline_sails_the_rules_turn(capsys, tmp_path):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        bench = _load("bench_voyage")
    finally:
        sys.path.remove(str(BENCHMARKS))
    figures = tmp_path / "voyage.json"
    assert (
        bench.main(
            [
                "--trials",
                "300000",
                "--baseline-trials",
                "20000",
                "--repeats",
                "1",
                "--skip-compile",
                "--json",
                str(figures),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    for name in bench.CASES:
        assert name in printed
    assert "Load average" in printed
    for case in json.loads(figures.read_text())["cases"]:
        assert case["naive_z"] <= 5, case["turn"]  # the baseline rolls the rules' turn


def test_the_part4_benchmark_runs_and_its_rollers_play_the_rules(capsys, tmp_path):
    # RULES.md §24-§26 and §28.7: Henry's heirs and a turn's riches against naive NumPy
    # rollers that roll every die; their end states must agree with the exact chains.
    sys.path.insert(0, str(BENCHMARKS))
    try:
        bench = _load("bench_part4")
    finally:
        sys.path.remove(str(BENCHMARKS))
    figures = tmp_path / "part4.json"
    assert (
        bench.main(
            [
                "--trials",
                "300000",
                "--riches-trials",
                "20000",
                "--baseline-trials",
                "20000",
                "--repeats",
                "1",
                "--skip-first-call",
                "--json",
                str(figures),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    for name in (*bench.HEIRS_CASES, *bench.RICHES_CASES):
        assert name in printed
    assert "Load average" in printed
    for case in json.loads(figures.read_text())["cases"]:
        assert case["naive_z"] <= 5, case["question"]  # the rollers play the rules' game

"""What the tests share: the command line run in-process, the 5σ test of a Monte Carlo
estimate against an exact value, and the one hang guard of a timed check.

The ``slow`` marker (``pyproject.toml``) tags the long statistical and whole-face checks,
listed here in :data:`SLOW_FILES` and :data:`SLOW_TESTS`: ``pytest -m "not slow"`` is the
rule suite (about 1,150 checks, 25 s of CPU).
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import sys
from pathlib import Path

import pytest

#: The only limit on how long a check may take: a guard against a hang, never a speed
#: test (speed is measured in ``benchmarks/`` as ratios).
HANG_GUARD_SECONDS = 60.0
#: Standard errors a Monte Carlo estimate may stray from the exact value.
SIGMAS = 5.0


#: The project's checkout (``tests/`` is one of its folders).
ROOT = Path(__file__).resolve().parent.parent
#: The golden files of the output contract (``tests/golden/``).
GOLDEN = ROOT / "tests" / "golden"
#: The benchmark scripts, which some tests run on small sizes.
BENCHMARKS = ROOT / "benchmarks"


@contextlib.contextmanager
def benchmark_module(name: str):
    """``benchmarks/NAME.py`` loaded as a module, with ``benchmarks/`` on ``sys.path``
    while it is in use (a benchmark imports its siblings)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        specification = importlib.util.spec_from_file_location(
            f"_benchmark_{name}", BENCHMARKS / f"{name}.py"
        )
        module = importlib.util.module_from_spec(specification)
        sys.modules[specification.name] = module  # dataclasses look their module up here
        specification.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(BENCHMARKS))


def run_cli(capsys, *argv):
    """Run the command line in-process: ``(exit status, stdout, stderr)``."""
    from oddsengine.cli import main

    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(capsys, argv, words=()):
    """Run the command line in-process; assert exit 2, one line on stderr naming every
    one of ``words``, nothing on stdout and no traceback; return that line."""
    from oddsengine.cli import main

    try:
        status = main(argv)
    except SystemExit as stop:  # argparse refuses through SystemExit
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2, captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert captured.out == ""
    assert "Traceback" not in captured.err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def assert_one_line_error(capsys, argv, words) -> None:
    """The command line refuses ``argv`` (an exact answer) with one line on stderr that
    holds ``words``: a non-zero exit, nothing on stdout, no traceback (a usage error of
    argparse exits through SystemExit)."""
    from oddsengine.cli import main

    try:
        status = main([*argv, "--exact"])
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status != 0 and captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert words in line and "Traceback" not in captured.err


@pytest.fixture
def cli(capsys):
    """The command line: ``cli("battle", "--attacker", "4R", ...)`` gives ``(status, out,
    err)``."""
    return lambda *argv: run_cli(capsys, *argv)


def within_sigmas(estimate: float, exact: float, stderr: float, slack: float = 1e-12) -> bool:
    """Whether ``estimate`` lies within :data:`SIGMAS` standard errors of ``exact``
    (``slack`` absorbs the rounding of an estimate whose standard error is 0)."""
    return abs(estimate - exact) <= SIGMAS * stderr + slack


def assert_within_sigmas(sampled, exact, names=None) -> None:
    """Every probability of ``sampled`` (a Monte Carlo result) within 5σ of ``exact``.

    ``names`` limits the check to some outcomes and events (default: all of ``exact``'s).
    The standard error is the exact one, ``sqrt(p (1 - p) / trials)``, so an outcome the
    run never saw is still tested.
    """
    for name in names if names is not None else exact.p:
        p = exact.p[name]
        stderr = math.sqrt(max(p * (1.0 - p), 0.0) / sampled.trials)
        assert within_sigmas(sampled.p.get(name, 0.0), p, stderr), (name, sampled.p.get(name), p)


def assert_same_end_states(left, right) -> None:
    """Two answers' end states, as ``(states, sums)``, equal bit for bit: the same columns
    in the same order, of the same dtypes and values, and the same sums to the last bit."""
    (left_states, left_sums), (right_states, right_sums) = left, right
    assert list(left_states) == list(right_states)
    for name in left_states:
        assert left_states[name].dtype == right_states[name].dtype, name
        assert left_states[name].tolist() == right_states[name].tolist(), name
    assert left_sums.tobytes() == right_sums.tobytes()


#: Whole files of long checks: notebooks, subprocesses, browsers, golden files, every
#: command line, generated inputs, benchmarks run small, sweeps on disk, doctests.
SLOW_FILES = {
    "test_bench_exact_runs.py",
    "test_bench_latency_runs.py",
    "test_benchmarks_run.py",
    "test_book.py",
    "test_cli_outputs.py",
    "test_compare_control.py",
    "test_docstrings.py",
    "test_explore.py",
    "test_explore_browser.py",
    "test_golden.py",
    "test_interrupts.py",
    "test_light_imports.py",
    "test_move_tree_sharing.py",
    "test_notebooks.py",
    "test_properties.py",
    "test_properties_new_commands.py",
    "test_readme_examples.py",
    "test_sweep_files.py",
    "test_sweep_frame.py",
    "test_sweep_resume.py",
}
#: Single long checks in files that are otherwise rule by rule (every parametrization).
SLOW_TESTS = {
    "test_a_card_is_named_in_code_only_by_its_record",
    "test_a_line_plot_marks_the_refused_values",
    "test_a_scenario_draws_the_same_numbers_alone_or_in_a_batch",
    "test_best_policy_over_a_horizon_is_the_course_that_holds_best",
    "test_campaign_after_the_vienna_move",
    "test_cli_needed_move",
    "test_cli_plan",
    "test_console_script_runs_as_a_module",
    "test_die_by_die_reference_two_enemy_powers_fought_in_turn",
    "test_either_kernel_gives_the_same_result",
    "test_every_kind_goes_through_both_doors",
    "test_every_result_type_has_a_short_repr_and_html",
    "test_fast_kernel_agrees_with_dice_rolled_one_by_one",
    "test_foreign_war_by_attempt_and_monte_carlo",
    "test_local_cluster_gives_the_local_numbers",
    "test_memory_does_not_grow_with_trials",
    "test_monte_carlo_agrees_for_allies",
    "test_monte_carlo_agrees_with_exact_within_5_standard_errors",
    "test_monte_carlo_within_five_sigma_of_exact",
    "test_monte_carlo_within_five_standard_errors_of_exact",
    "test_move_default_events_by_side",
    "test_move_horizon_on_the_command_line",
    "test_move_plan_matches_the_move_and_siege_engines_run_separately",
    "test_move_search_matches_the_move_engine_run_separately",
    "test_naive_dice_by_dice_reference_agrees_with_exact",
    "test_naval_benchmark_runs_on_tiny_sizes",
    "test_naval_table_and_plot_from_the_command_line",
    "test_needed_and_plan_take_method",
    "test_parquet_output_round_trips",
    "test_plan_monte_carlo_agrees_with_exact",
    "test_plot_command_writes_the_file",
    "test_probabilities_sum_to_one_for_every_policy",
    "test_probability_lines_one_per_rating_with_band",
    "test_same_seed_same_numbers_whatever_the_threads",
    "test_schedule_monte_carlo_agrees_with_exact",
    "test_shipped_plans_run_by_name",
    "test_siege_search_matches_brute_force",
    "test_survivors_legend_covers_no_bar",
    "test_sweep_rows_are_the_exact_results",
    "test_the_foreign_war_monte_carlo_counts_end_states",
    "test_whole_survivor_histogram_passes_chi_square",
}


def pytest_collection_modifyitems(config, items):
    """Mark the long checks ``slow``, so that ``pytest -m "not slow"`` is the rule suite."""
    slow = pytest.mark.slow
    for item in items:
        name = getattr(item, "originalname", None) or item.name.partition("[")[0]
        if item.path.name in SLOW_FILES or name in SLOW_TESTS:
            item.add_marker(slow)

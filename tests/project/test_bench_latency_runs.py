"""benchmarks/bench_latency.py runs end to end on small sizes (its timings are not checked)."""

import sys

import pytest
from conftest import benchmark_module

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def bench_latency():
    with benchmark_module("bench_latency") as module:
        yield module


def test_exact_calls_agree_with_icepool(bench_latency):
    table = bench_latency.bench_exact_calls(repeats=1)
    battles, assaults = "400 field battles (bench_exact.py)", "400 assaults"
    assert [row[0] for row in table.rows] == [
        battles,
        f"{battles}, first time asked",
        assaults,
        f"{assaults}, first time asked",
    ]
    for row in table.rows[:2]:
        assert row[4] == "-" or float(row[4]) < 1e-12


def test_every_benchmarked_command_line_is_valid(bench_latency):
    # Parse every command without running it: a renamed option fails here, not in a
    # half-hour benchmark run.
    from oddsengine.cli import _keep_negative_values, build_parser

    parser = build_parser()
    commands = [*bench_latency.EXACT_COMMANDS.values(), *bench_latency.SEARCH_COMMANDS.values()]
    commands += [[*argv, "--trials", "10"] for _, argv, _ in bench_latency.MONTE_CARLO_COMMANDS]
    for argv in commands:
        parser.parse_args(_keep_negative_values(argv))


def test_interleaved_medians_time_each_command(bench_latency):
    medians = bench_latency.interleaved_medians({"pass": [sys.executable, "-c", "pass"]}, 1)
    assert medians["pass"] > 0

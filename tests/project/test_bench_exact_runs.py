"""benchmarks/bench_exact.py runs end to end on small sizes (its timings are not checked)."""

import pytest
from conftest import benchmark_module

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def bench_exact():
    with benchmark_module("bench_exact") as module:
        yield module


def test_the_battle_table_agrees_with_its_reference(bench_exact):
    table = bench_exact.bench_battles(repeats=1)
    differences = [float(row[4]) for row in table.rows if row[4] != "-"]
    assert differences and max(differences) < 1e-12


def test_surprise_and_startup_tables_run(bench_exact):
    surprise = bench_exact.bench_surprise(trials=1_000_000, repeats=1)
    assert len(surprise.rows) == 2
    startup = bench_exact.bench_startup(repeats=1)
    assert startup.rows[-1][0].startswith("load the parallel count_cells")

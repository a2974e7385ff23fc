"""A turn's voyages of exploration (RULES.md §22): Monte Carlo trials per second end to end
(``oddsengine.simulate``, all Numba threads and one, after a call that loads the kernel)
against a naive NumPy turn timed in the same run, the exact chain's time, the load of the
machine beside the figures, and the kernel's compile time measured apart (a fresh process
with an empty ``NUMBA_CACHE_DIR``, then one with the cache it filled).

The naive baseline draws each power's explorer with ``rng.integers``, rolls every die with
``rng.integers(1, 7, size=(n, 4))`` (the voyage's 2d6 and the circumnavigation's), sorts the
powers of each trial by the value drawn (ties England, France, Hapsburg) and resolves the
voyages position by position with the rules' vectorised resolution
(:func:`oddsengine.religion.new_world.explore`) against the claims of each trial; it counts
each power's outcome. ``naive |z|max`` checks its counts against the exact chain.

    python benchmarks/bench_voyage.py            # about a minute on 2 cores
    python benchmarks/bench_voyage.py --quick
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

import oddsengine as oe
from oddsengine.religion.new_world import EXPLORATION_CODES, explore
from oddsengine.religion.voyage import POWERS
from oddsengine.religion.voyage_turn import VoyageTurn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from result_tables import Table, load_words, machine_description, write_figures  # noqa: E402

CASES = {
    "three powers, explorers at random": lambda: VoyageTurn(("england", "france", "hapsburg")),
    "three at random, Uncharted, Amazon claimed": lambda: VoyageTurn(
        ("england", "france", "hapsburg"), uncharted=True, claimed="amazon-river"
    ),
    "Rut, Cartier with Mercator's Map, Magellan": lambda: VoyageTurn(
        ("england", "france", "hapsburg"),
        explorers=("Rut", "Cartier", "Magellan"),
        mercator=("france",),
    ),
}


def naive_turn(turn, trials, seed=1, chunk=1 << 17):
    """Each power's outcome counts (power, code) over ``trials`` naive NumPy turns."""
    rng = np.random.default_rng(seed)
    count = len(turn.powers)
    rank = np.array([POWERS.index(power) for power in turn.powers])
    counts = np.zeros((count, len(EXPLORATION_CODES)), dtype=np.int64)
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        values = np.empty((size, count), dtype=np.int64)
        dice = np.empty((size, count, 4), dtype=np.int64)
        for column, voyage in enumerate(turn.voyages):
            drawn = rng.integers(0, len(voyage.pool), size=size)
            values[:, column] = voyage.explorer_values[drawn]
            dice[:, column] = rng.integers(1, 7, size=(size, 4))
        order = np.argsort(-values * len(POWERS) + rank, axis=1, kind="stable")
        held = np.full(size, turn.voyages[0].claimed_mask, dtype=np.int64)
        for position in range(count):
            for column, voyage in enumerate(turn.voyages):
                rows = np.flatnonzero(order[:, position] == column)
                done = explore(
                    values[rows, column],
                    dice[rows, column, 0] + dice[rows, column, 1],
                    dice[rows, column, 2] + dice[rows, column, 3],
                    held[rows],
                    mercator=voyage.mercator,
                    uncharted=voyage.uncharted,
                    choice=voyage.choice,
                )
                held[rows] |= done.gained
                counts[column] += np.bincount(done.code, minlength=len(EXPLORATION_CODES))
    return counts


def _agreement(turn, counts, trials) -> float:
    """The largest deviation of the naive counts from the exact chain, in standard errors."""
    exact = oe.exact(turn)
    worst = 0.0
    for column, power in enumerate(turn.powers):
        for code, name in enumerate(EXPLORATION_CODES):
            p = exact.p[f"{power}:{name}"]
            sigma = math.sqrt(max(p * (1 - p), 1e-12) / trials)
            worst = max(worst, abs(counts[column, code] / trials - p) / sigma)
    return worst


def _best_of(repeats, function):
    best = float("inf")
    for _ in range(max(repeats, 1)):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


_PROBE = """
import time
start = time.perf_counter()
import numba
import oddsengine as oe
from oddsengine.engines import voyage_turn
turn = oe.VoyageTurn(("england", "france", "hapsburg"))
imported = time.perf_counter()
oe.simulate(turn, trials=200_000, seed=1)
print(imported - start, time.perf_counter() - imported)
"""


def compile_time() -> Table:
    """The first simulate of a fresh process, with an empty cache and then a full one."""
    table = Table(
        "The turn kernel's compile time (first simulate of 200,000 trials in a fresh process)",
        ["NUMBA_CACHE_DIR", "import numba, oddsengine s", "first simulate s"],
    )
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for label in ("empty (cold: compile)", "populated (warm: load)"):
            output = subprocess.run(
                [sys.executable, "-c", _PROBE],
                env=environment,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            imported, first = (float(value) for value in output.split())
            times.append(first)
            table.add(label, f"{imported:.2f}", f"{first:.2f}")
    table.notes = [
        "",
        f"Compile time = cold - warm = {times[0] - times[1]:.2f} s, paid once "
        "per machine (cache=True); not in the throughput figures.",
    ]
    return table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--trials", type=float, default=None)
    parser.add_argument("--baseline-trials", type=float, default=None)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--skip-compile",
        action="store_true",
        help="leave out the compile-time probe (two fresh processes)",
    )
    parser.add_argument(
        "--json", default=None, metavar="PATH", help="also write the figures as JSON"
    )
    arguments = parser.parse_args(argv)
    trials = int(arguments.trials or (2e7 if arguments.quick else 1e8))
    baseline_trials = int(arguments.baseline_trials or (2e5 if arguments.quick else 2e6))
    print(machine_description())
    threads = numba.get_num_threads()
    load_before = os.getloadavg()
    table = Table(
        f"A turn's voyages: Monte Carlo end to end ({trials:,} trials, best of "
        f"{arguments.repeats}) against naive NumPy ({baseline_trials:,} trials)",
        [
            "turn",
            "exact (ms)",
            f"simulate {threads} threads (M/s)",
            "simulate 1 thread (M/s)",
            "naive NumPy (M/s)",
            "ratio",
            "naive |z|max",
        ],
    )
    figures = []
    for name, build in CASES.items():
        turn = build()
        exact_seconds = _best_of(arguments.repeats, lambda turn=turn: oe.exact(turn))
        oe.simulate(turn, trials=1_000_000, seed=1)  # loads the compiled kernel
        seconds = _best_of(
            arguments.repeats, lambda turn=turn: oe.simulate(turn, trials=trials, seed=1)
        )
        numba.set_num_threads(1)
        try:
            single = _best_of(1, lambda turn=turn: oe.simulate(turn, trials=trials // 4, seed=1))
        finally:
            numba.set_num_threads(threads)
        counted = []
        naive_seconds = _best_of(
            1, lambda turn=turn, counted=counted: counted.append(naive_turn(turn, baseline_trials))
        )
        rate, naive_rate = trials / seconds, baseline_trials / naive_seconds
        single_rate = (trials // 4) / single
        z = _agreement(turn, counted[-1], baseline_trials)
        table.add(
            name,
            f"{exact_seconds * 1e3:.1f}",
            f"{rate / 1e6:.1f}",
            f"{single_rate / 1e6:.1f}",
            f"{naive_rate / 1e6:.2f}",
            f"{rate / naive_rate:.0f}x",
            f"{z:.1f}",
        )
        figures.append(
            {
                "turn": name,
                "exact_ms": exact_seconds * 1e3,
                "rate": rate,
                "single_thread_rate": single_rate,
                "naive_rate": naive_rate,
                "ratio": rate / naive_rate,
                "naive_z": z,
            }
        )
        print(f"  measured: {name}", file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    table.notes = [
        "",
        load_words(load_before, load_after) + ".",
    ]
    print(table.text())
    if not arguments.skip_compile:
        print()
        print(compile_time().text())
    if arguments.json:
        write_figures(arguments.json, load_before, load_after, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())

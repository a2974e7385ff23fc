"""Theological debates (RULES.md §20): Monte Carlo trials per second end to end
(``oddsengine.simulate``, all Numba threads, after a call that loads the kernel) against a
naive NumPy debate timed in the same run, and the exact answer's time.

The CPU time of the timed call (every thread's) gives the trials per CPU-second: on a
machine shared with other work the wall-clock rate follows the cores the run is given, the
rate per CPU-second much less. The load average is read after each row.

The naive baseline draws each trial's round-1 matchup with ``rng.integers``, rolls every
die with ``rng.integers(1, 7, size=(n, dice)) >= 5`` and sums the hits, and does the same
for the second round of the tied trials: the dice the rules give, nothing shared with the
kernel but the debate's matchups.

    python benchmarks/bench_debate.py            # about a minute on 2 cores
    python benchmarks/bench_debate.py --quick
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import oddsengine as oe
from oddsengine.religion.debate import Debate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from result_tables import Table, machine_description, verdict  # noqa: E402

TARGET_TRIALS_PER_SECOND = 400e6

CASES = {
    "Eck v committed Carlstadt": lambda: Debate(
        "german", "papacy", turn=1, attacker="Eck", defender="Carlstadt", committed="Carlstadt"
    ),
    "random German, turn 3, Here I Stand": lambda: Debate(
        "german", "papacy", turn=3, cards="here-i-stand"
    ),
    "random English, turn 7, Mary I": lambda: Debate(
        "english", "papacy", turn=7, england_ruler="mary-i"
    ),
}


def _roll(rng, dice, size):
    hits = np.zeros(size, dtype=np.int64)
    for count in np.unique(dice):
        chosen = dice == count
        rolls = rng.integers(1, 7, size=(int(chosen.sum()), int(count)))
        hits[chosen] = (rolls >= 5).sum(axis=1)
    return hits


def naive_debate(debate, trials, seed=1, chunk=1 << 18):
    """The papal wins of ``trials`` naive NumPy debates (the chance, for a check)."""
    rng = np.random.default_rng(seed)
    tree = debate.tree
    arrays = tree.arrays
    first = len(tree.round_one)
    chances = np.array([float(p) for p in arrays["probability"][:first]])
    papal_initiates = debate.initiator == "papacy"
    won = 0
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        node = rng.choice(first, size=size, p=chances / chances.sum())
        difference = _roll(rng, arrays["initiator_dice"][node], size) - _roll(
            rng, arrays["other_dice"][node], size
        )
        tied = np.flatnonzero(difference == 0)
        if tied.size:
            offsets = (rng.random(tied.size) * arrays["count"][node[tied]]).astype(np.int64)
            child = arrays["first"][node[tied]] + offsets
            difference[tied] = _roll(rng, arrays["initiator_dice"][child], tied.size) - _roll(
                rng, arrays["other_dice"][child], tied.size
            )
        won += int(((difference > 0) if papal_initiates else (difference < 0)).sum())
    return won / trials


def _best_of(repeats, function):
    return _timed(repeats, function)[0]


def _timed(repeats, function):
    """The best wall time of ``repeats`` calls, with the CPU time (every thread's) of
    that call."""
    best = (float("inf"), float("inf"))
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        function()
        taken = (time.perf_counter() - start, time.process_time() - cpu)
        best = min(best, taken)
    return best


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--trials", type=float, default=None)
    parser.add_argument("--baseline-trials", type=float, default=None)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args(argv)
    trials = int(arguments.trials or (5e7 if arguments.quick else 4e8))
    baseline_trials = int(arguments.baseline_trials or (2e5 if arguments.quick else 2e6))
    print(machine_description())
    table = Table(
        f"Theological debates: Monte Carlo end to end ({trials:,} trials, best of "
        f"{arguments.repeats}) against naive NumPy ({baseline_trials:,} trials)",
        [
            "debate",
            "exact (ms)",
            "simulate (M/s)",
            "per CPU-second (M)",
            "naive NumPy (M/s)",
            "ratio",
            "target 400 M/s",
            "load",
        ],
    )
    for name, build in CASES.items():
        debate = build()
        exact_seconds = _best_of(arguments.repeats, lambda debate=debate: oe.exact(debate))
        oe.simulate(debate, trials=1_000_000, seed=1)  # loads the compiled kernel
        seconds, cpu_seconds = _timed(
            arguments.repeats, lambda debate=debate: oe.simulate(debate, trials=trials, seed=1)
        )
        naive_seconds = _best_of(1, lambda debate=debate: naive_debate(debate, baseline_trials))
        rate, naive_rate = trials / seconds, baseline_trials / naive_seconds
        table.add(
            name,
            f"{exact_seconds * 1e3:.1f}",
            f"{rate / 1e6:.0f}",
            f"{trials / cpu_seconds / 1e6:.0f}",
            f"{naive_rate / 1e6:.2f}",
            f"{rate / naive_rate:.0f}x",
            verdict(rate >= TARGET_TRIALS_PER_SECOND),
            _load(),
        )
    print(table.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())

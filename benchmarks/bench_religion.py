"""Speed of Reformation and Counter-Reformation attempts (RULES.md §17, §18): the Monte
Carlo engine against a naive NumPy roller, and the exact single-attempt function.

Run ``python benchmarks/bench_religion.py`` (about a minute on two cores) or add
``--quick``. For each case, in one process: ``oddsengine.simulate(spec, trials, seed=1)``
through the public API (best of ``--repeats``, after a call that loads the compiled
kernel), and a naive roller that rolls every die with ``rng.integers(1, 7)``, keeps each
side's highest and counts the (Protestant highest, Papal highest) histogram with
``np.bincount`` (one thread, chunks of 2**17 trials). ``naive |z|max`` checks the naive
histogram against the exact cell probabilities. The issue's target (at least 400 M
trials/s end to end) is printed beside the figures; nothing here fails because a machine
is slow. The last line times :func:`~oddsengine.religion.attempt_odds.success_chance`,
which a search over targets calls for every state it meets: a memoised call, and a first
call of each of the 50 x 50 x 2 x 3 argument combinations. The very last times the count
of a run's states before its search (:meth:`~oddsengine.religion.run_model.RunModel.search_states`)
against the optimal search itself, on A Mighty Fortress from ``religion_1517``, and the
count that refuses 6 attempts on 35 eligible spaces.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from oddsengine.religion.attempt_odds import _success_float, success_chance
from oddsengine.religion.attempts import CounterReformationAttempt, ReformationAttempt

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_timing import best_time, time_simulate  # noqa: E402
from result_tables import Table, machine_description, verdict  # noqa: E402

TARGET_TRIALS_PER_SECOND = 400e6
_CHUNK = 1 << 17


@dataclass(frozen=True)
class Case:
    label: str
    spec: object


CASES = (
    Case("Lübeck, 3 v 3, Protestant ties", ReformationAttempt(3, 3)),
    Case("Magdeburg, 6 v 3, Protestant ties", ReformationAttempt(6, 3)),
    Case("Prague, 4 v 5, Papal ties", ReformationAttempt(4, 5, "papacy")),
    Case("Calvin's Institutes, 5 v 4, +1", ReformationAttempt(5, 4, modifier=1)),
    Case("Counter-Reformation, 3 v 4, Augsburg", CounterReformationAttempt(3, 4, augsburg=True)),
)


def _highest(rng, trials: int, dice: int) -> np.ndarray:
    """The highest of ``dice`` dice per trial, every die rolled (index 0..5)."""
    return rng.integers(1, 7, size=(trials, dice)).max(axis=1) - 1


def naive_counts(spec, trials: int, seed: int = 1) -> np.ndarray:
    """The (Protestant highest, Papal highest) histogram of ``trials`` naive trials."""
    rng = np.random.default_rng(seed)
    counts = np.zeros(36, dtype=np.int64)
    protestant, papal = spec.dice_rolled("protestant"), spec.dice_rolled("papal")
    done = 0
    while done < trials:
        size = min(_CHUNK, trials - done)
        index = 6 * _highest(rng, size, protestant) + _highest(rng, size, papal)
        counts += np.bincount(index, minlength=36)
        done += size
    return counts


def _time_success_chance() -> tuple[float, float]:
    """Seconds per memoised call and per first call of :func:`success_chance`."""
    calls = 200_000
    start = time.perf_counter()
    for _ in range(calls):
        success_chance("protestant", 6, 3, "protestant", 1)
    memoised = (time.perf_counter() - start) / calls
    _success_float.cache_clear()
    combos = [
        (side, n, m, ties, modifier)
        for side, modifiers in (("protestant", (0, 1)), ("papacy", (0, -1)))
        for n in range(1, 51)
        for m in range(1, 51)
        for ties in ("protestant", "papacy")
        for modifier in modifiers
    ]
    start = time.perf_counter()
    for side, n, m, ties, modifier in combos:
        success_chance(side, n, m, ties, modifier)
    first = (time.perf_counter() - start) / len(combos)
    return memoised, first


def _time_search_count() -> str:
    """The count of a run's states before its search against the search (fresh models)."""
    from oddsengine.engines.attempt_runs_exact import search_run
    from oddsengine.religion.attempt_runs import AttemptRun
    from oddsengine.religion.religion_scenario import load_religious_board

    board = load_religious_board("religion_1517")
    run = AttemptRun(board, "a-mighty-fortress")
    started = time.perf_counter()
    counted = run.model.search_states(run.source.attempts)
    count_seconds = time.perf_counter() - started
    run = AttemptRun(board, "a-mighty-fortress")  # a fresh model: nothing memoised
    started = time.perf_counter()
    searched = len(search_run(run)[0])
    search_seconds = time.perf_counter() - started
    wide = AttemptRun(
        load_religious_board("religion_1517", protestant=["Genoa", "Calais"]), "a-mighty-fortress"
    ).model
    started = time.perf_counter()
    wide.search_states(6, 3_000_000)
    refuse_seconds = time.perf_counter() - started
    return (
        f"A Mighty Fortress from religion_1517: {counted:,} states counted in "
        f"{count_seconds * 1e3:,.0f} ms, {searched:,} searched in {search_seconds:,.2f} s "
        f"({search_seconds / count_seconds:,.0f}× the count); 6 attempts on 35 spaces "
        f"counted past 3,000,000 in {refuse_seconds * 1e3:,.1f} ms."
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=float, default=2e8, help="trials per simulate call")
    parser.add_argument("--baseline-trials", type=float, default=2e6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2e7 trials, 5e5 naive, 1 repeat")
    parser.add_argument("--results", type=Path, help="also write the table as Markdown")
    arguments = parser.parse_args(argv)
    trials, baseline_trials = int(arguments.trials), int(arguments.baseline_trials)
    repeats = arguments.repeats
    if arguments.quick:
        trials, baseline_trials, repeats = 20_000_000, 500_000, 1
    table = Table(
        "Reformation and Counter-Reformation attempts: trials per second",
        [
            "case",
            "simulate M/s",
            "naive M/s",
            "ratio",
            f"≥{TARGET_TRIALS_PER_SECOND / 1e6:.0f} M/s",
            "naive |z|max",
        ],
    )
    for case in CASES:
        spec = case.spec
        seconds = time_simulate(spec, trials, repeats)
        naive_seconds = best_time(lambda spec=spec: naive_counts(spec, baseline_trials), 1)
        rate, naive_rate = trials / seconds, baseline_trials / naive_seconds
        observed = naive_counts(spec, baseline_trials, seed=2)
        expected = spec.draw_plan().cell_probabilities() * baseline_trials
        shown = expected >= 5  # cells too rare for a normal approximation are left out
        z_max = float(np.max(np.abs(observed[shown] - expected[shown]) / np.sqrt(expected[shown])))
        table.add(
            case.label,
            f"{rate / 1e6:,.0f}",
            f"{naive_rate / 1e6:,.1f}",
            f"{rate / naive_rate:,.0f}×",
            verdict(rate >= TARGET_TRIALS_PER_SECOND),
            f"{z_max:.1f}",
        )
    memoised, first = _time_success_chance()
    table.notes.append(
        f"{trials:,} trials per simulate call (best of {repeats}); naive roller "
        f"{baseline_trials:,} trials. success_chance: {memoised * 1e9:,.0f} ns a memoised "
        f"call, {first * 1e6:,.1f} µs a first call (exact, in integers). Machine: "
        + ", ".join(f"{key} {value}" for key, value in machine_description().items())
    )
    table.notes.append(_time_search_count())
    print(table.text())
    if arguments.results:
        arguments.results.write_text(table.markdown() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Speed of the exact engine, of grids, of Surprise Attack's draw and of Numba's start-up.

Run ``python benchmarks/bench_exact.py`` (about a minute on two cores); add
``--results FILE`` to append the tables as Markdown. icepool (the ``bench`` extra:
``pip install -e .[bench]``) is the baseline of the first table; without it that table
only shows oddsengine's figures. Every ratio is measured in one run, each figure the best
of several repeats; nothing here fails because a machine is slow.

See ``benchmarks/README.md`` for what each table measures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import oddsengine as oe
from oddsengine.engines.exact_grid import exact_outcome_table, exact_probabilities, exact_results
from oddsengine.engines.montecarlo import NUMPY_TRIALS
from oddsengine.faces.tables import odds_table
from oddsengine.sweeps._output import refused_row, result_rows, table_frame
from oddsengine.sweeps.sweep import Sweep

sys.path.insert(0, str(Path(__file__).resolve().parent))

from result_tables import Table, machine_description, verdict  # noqa: E402

#: Targets of the issue ("Exact at array speed").
TARGET_ICEPOOL_RATIO = 3.0
TARGET_TABLE_SECONDS = 0.050
TARGET_SWEEP_SECONDS = 0.3
TARGET_SURPRISE_RATIO = 0.6

SIZES = range(1, 21)
SWEEP_GRID = {
    "attacker": "2..21R L0..2",
    "defender": "0..4R L0..1",
    "attacker_cards": ["", "siege-mining", "siege-artillery"],
}


def best_time(action, repeats: int) -> float:
    """Best wall time of ``action()`` over ``repeats`` calls, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


# -- 1. 400 exact battles against icepool ------------------------------------------------


def _battles():
    """The 400 cells: 1..20 regulars with a 1-rated leader against 1..20 Hapsburg regulars."""
    specs = [oe.FieldBattle(f"{a}R L1", f"hapsburg: {d}R") for a in SIZES for d in SIZES]
    for spec, (a, d) in zip(specs, [(a, d) for a in SIZES for d in SIZES], strict=True):
        assert (spec.attacker_dice, spec.defender_dice) == (a + 1, d + 1)
    return specs


def _icepool_functions():
    try:
        import icepool
    except ImportError:
        return None
    hit = icepool.d6.map(lambda face: 1 if face >= 5 else 0)  # 14 step 6: 5 or 6 hits

    def win(a, d):
        return float((((a + 1) @ hit) > ((d + 1) @ hit)).probability(True))

    def every_outcome(a, d):
        # Winner and both sides' survivors, as oe.exact reports them.
        return icepool.map(
            lambda mine, theirs: (mine > theirs, a - min(theirs, a), d - min(mine, d)),
            (a + 1) @ hit,
            (d + 1) @ hit,
        )

    return icepool.__version__, win, every_outcome


def bench_battles(repeats: int) -> Table:
    specs = _battles()
    cells = [(a, d) for a in SIZES for d in SIZES]
    table = Table(
        "400 exact field battles (1..20R L1 against hapsburg: 1..20R)",
        ["computation", "ms", "per battle us", "icepool / this", "max abs difference", ">=3x"],
    )
    build = best_time(_battles, repeats)
    grid = exact_probabilities(specs, "attacker_wins")
    grid_time = best_time(lambda: exact_probabilities(specs, "attacker_wins"), repeats)

    def one_by_one():
        return [oe.exact(spec).p["attacker_wins"] for spec in specs]

    single = np.array(one_by_one())
    single_time = best_time(one_by_one, repeats)
    icepool = _icepool_functions()
    if icepool is None:
        win_time = full_time = None
        reference = single
        table.notes.append("icepool is not installed (pip install -e .[bench]): no baseline.")
    else:
        version, win, every_outcome = icepool
        reference = np.array([win(a, d) for a, d in cells])
        win_time = best_time(lambda: [win(a, d) for a, d in cells], repeats)
        full_time = best_time(lambda: [every_outcome(a, d) for a, d in cells], repeats)
        table.notes.append(
            f"icepool {version}: P(attacker wins) as (a+1 @ hit > d+1 @ hit), and the whole "
            "outcome (winner, both survivors) with icepool.map."
        )

    def row(label, seconds, baseline, values, target=False):
        ratio = "-" if baseline is None else f"{baseline / seconds:.1f}x"
        difference = "-" if values is None else f"{np.abs(values - reference).max():.1e}"
        passed = None
        if target and baseline is not None:
            passed = baseline / seconds >= TARGET_ICEPOOL_RATIO
            passed = passed and np.abs(values - reference).max() <= 1e-12
        table.add(
            label,
            f"{seconds * 1e3:.1f}",
            f"{seconds / 400 * 1e6:.1f}",
            ratio,
            difference,
            verdict(passed),
        )

    row("build the 400 specs (validation, dice tables)", build, None, None)
    row("exact_probabilities over the grid: P(attacker wins)", grid_time, win_time, grid, True)
    row("oe.exact one by one: every outcome, Result", single_time, full_time, single)
    if icepool is not None:
        row("icepool: P(attacker wins)", win_time, None, reference)
        row("icepool: every outcome (winner, survivors)", full_time, None, None)
    table.notes.append(
        "The target (3x, equal to 1e-12) is the grid row's, against icepool's P(attacker "
        "wins); the one-by-one row, which builds a whole Result, is timed against icepool's "
        "whole outcome."
    )
    return table


# -- 2. tables and sweeps ----------------------------------------------------------------


def bench_grids(repeats: int) -> Table:
    table = Table("Exact grids", ["grid", "seconds", "target", "met"])

    def battle_table():
        return odds_table("battle", "1..20R L1", "hapsburg: 1..20R", method="exact")

    battle_table()
    seconds = best_time(battle_table, repeats)
    table.add(
        "20x20 odds table (battle, 1..20R L1 vs hapsburg: 1..20R)",
        f"{seconds:.3f}",
        f"< {TARGET_TABLE_SECONDS}",
        verdict(seconds < TARGET_TABLE_SECONDS),
    )
    sweep = Sweep("assault", grid=SWEEP_GRID, method="exact")
    sweep.run(progress=False)
    runs = sorted(_timed(lambda: sweep.run(progress=False)) for _ in range(2 * repeats + 1))
    table.add(
        "1,800-scenario exact assault sweep, Sweep.run (every outcome and event)",
        f"{runs[0]:.3f} (median {runs[len(runs) // 2]:.3f})",
        f"< {TARGET_SWEEP_SECONDS}",
        verdict(runs[0] < TARGET_SWEEP_SECONDS),
    )
    expand = best_time(sweep.expand, repeats)
    table.add("  of which: building the 1,800 specs (Sweep.expand)", f"{expand:.3f}", "", "-")
    scenarios = sweep.expand()
    specs = [scenario.spec for scenario in scenarios if scenario.spec is not None]
    seconds = best_time(lambda: exact_results(specs), repeats)
    table.add(
        f"  of which: the {len(specs)} answered specs, whole Results by exact_results",
        f"{seconds:.3f}",
        "",
        "-",
    )
    rows_and_frame = float("inf")
    for _ in range(repeats):
        results = exact_results(specs)  # fresh: a Result computes its probabilities once
        rows_and_frame = min(
            rows_and_frame, _timed(lambda results=results: _rows_and_frame(scenarios, results))
        )
    table.add("  of which: the rows and the frame", f"{rows_and_frame:.3f}", "", "-")
    seconds = best_time(lambda: [oe.exact(spec) for spec in specs], repeats)
    table.add(
        f"  the same {len(specs)} specs, whole Results by oe.exact one by one",
        f"{seconds:.3f}",
        "",
        "-",
    )
    outcomes = ("success", "siege_continues", "siege_broken")
    seconds = best_time(lambda: exact_outcome_table(specs, outcomes), repeats)
    table.add(
        f"  the same {len(specs)} specs, 3 outcomes by exact_outcome_table (a padded grid)",
        f"{seconds:.3f}",
        "",
        "-",
    )
    table.notes.append(
        "Sweep.run answers a batch's exact scenarios with exact_results: field battles and "
        "assaults of one kind, cards and policies resolved as one CombatStack by their own "
        "outcome_columns, the end states of the whole batch merged at once (every Result "
        "equal to oe.exact's to the last bit). The whole run is timed "
        f"{2 * repeats + 1} times: best and median."
    )
    return table


def _timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _rows_and_frame(scenarios, results) -> None:
    """What Sweep.run does with the answers: a row per outcome and event, then the frame."""
    rows, answered = [], iter(results)
    for scenario in scenarios:
        if scenario.spec is None:
            rows.append(
                refused_row(scenario.columns, scenario.key, scenario.refusal, "assault", "")
            )
        else:
            rows.extend(result_rows(scenario.columns, scenario.key, "assault", next(answered), ""))
    table_frame(rows, {scenario.key: index for index, scenario in enumerate(scenarios)})


# -- 3. Surprise Attack against the plain battle -----------------------------------------


def bench_surprise(trials: int, repeats: int) -> Table:
    import numba

    plain = oe.FieldBattle("france: 10R L2", "hapsburg: 8R L1")
    surprise = oe.FieldBattle(
        "france: 10R L2", "hapsburg: 8R L1", attacker_cards=["surprise-attack"]
    )
    table = Table(
        f"Surprise Attack against the plain battle (12 vs 10 dice, {trials:,} trials)",
        ["threads", "clock", "plain M/s", "Surprise Attack M/s", "ratio", ">=0.6"],
    )
    for spec in (plain, surprise):
        oe.simulate(spec, trials=3 * NUMPY_TRIALS, seed=1)  # load the compiled kernel
    threads = numba.get_num_threads()
    for count, clock, label in (
        (threads, time.perf_counter, "wall"),
        (1, time.process_time, "CPU"),
    ):
        numba.set_num_threads(count)
        best = {"plain": float("inf"), "surprise": float("inf")}
        for _ in range(repeats):  # interleaved, so that both see the same load
            for name, spec in (("plain", plain), ("surprise", surprise)):
                start = clock()
                oe.simulate(spec, trials=trials, seed=1)
                best[name] = min(best[name], clock() - start)
        ratio = best["plain"] / best["surprise"]
        table.add(
            count,
            label,
            f"{trials / best['plain'] / 1e6:.0f}",
            f"{trials / best['surprise'] / 1e6:.0f}",
            f"{ratio:.2f}",
            verdict(ratio >= TARGET_SURPRISE_RATIO),
        )
    numba.set_num_threads(threads)
    table.notes.append(
        "One thread is timed in CPU time, which other processes on a shared machine disturb "
        "less than wall time."
    )
    return table


# -- 4. Numba start-up -------------------------------------------------------------------

_STARTUP = """
import json, sys, time
marks = [("start", time.perf_counter())]
def mark(name):
    marks.append((name, time.perf_counter()))
import numpy as np
import oddsengine
from oddsengine.engines._random import block_keys
spec = oddsengine.Assault("8R L1", "4R L1")
thresholds, layout = spec.draw_plan().thresholds()
counts = np.zeros((1, spec.draw_plan().cells), dtype=np.int64)
mark("import oddsengine (NumPy, no Numba)")
import numba
mark("import numba")
from oddsengine.engines import _kernels
mark("import oddsengine.engines._kernels (define the kernels)")
try:
    import scipy.linalg  # what Numba's BLAS check imports on the first compiled call
    mark("import scipy.linalg (Numba's BLAS check, when SciPy is installed)")
except ImportError:
    pass
_kernels.splitmix64(np.uint64(1), np.uint64(2))
mark("first compiled call: the rest of Numba's CPU target set-up")
_kernels._count_block(thresholds, layout, np.uint64(5), 1000, counts[0])
mark("load the serial block kernel from the cache, 1,000 trials")
_kernels.count_cells(thresholds[None], layout[None], np.zeros(1, dtype=np.int64),
                     block_keys(1, 0, 1), np.array([1000]), counts)
mark("load the parallel count_cells from the cache and start its threads")
print(json.dumps([[name, later - earlier]
                  for (_, earlier), (name, later) in zip(marks, marks[1:])]))
"""


def bench_startup(repeats: int) -> Table:
    runs = []
    for _ in range(repeats):
        output = subprocess.run(
            [sys.executable, "-c", _STARTUP],
            capture_output=True,
            text=True,
            check=True,
            env=dict(os.environ),
        ).stdout
        runs.append(json.loads(output.splitlines()[-1]))
    table = Table(
        f"Start-up of the compiled kernel, warm cache (fresh process, best of {repeats})",
        ["phase", "seconds"],
    )
    for index, (name, _) in enumerate(runs[0]):
        table.add(name, f"{min(run[index][1] for run in runs):.3f}")
    table.notes.append(
        "A command loads only the kernels it calls: montecarlo imports _kernels (or the "
        "NumPy twin) when it runs, moves import _move_kernel; nothing compiled is loaded "
        "at import. Numba's first compiled call sets up its CPU target, whose array "
        "functions check for a BLAS by importing scipy.linalg when SciPy is installed."
    )
    return table


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--trials", type=int, default=50_000_000)
    parser.add_argument("--results", type=Path, help="append the tables as Markdown")
    arguments = parser.parse_args(argv)
    tables = [
        bench_battles(arguments.repeats),
        bench_grids(arguments.repeats),
        bench_surprise(arguments.trials, arguments.repeats),
        bench_startup(arguments.repeats),
    ]
    for table in tables:
        print(table.text(), end="\n\n")
    if arguments.results:
        machine = machine_description()
        header = [
            f"## Exact engine, grids, Surprise Attack, start-up ({datetime.date.today()})",
            "",
            "Measured with `python benchmarks/bench_exact.py --results "
            f"{arguments.results}`: " + ", ".join(f"{k} {v}" for k, v in machine.items()) + ".",
            "",
        ]
        with arguments.results.open("a") as output:
            output.write("\n" + "\n".join(header) + "\n")
            output.write("\n\n".join(table.markdown() for table in tables) + "\n")


if __name__ == "__main__":
    main()

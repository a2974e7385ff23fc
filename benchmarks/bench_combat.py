"""Speed of the combat core: kernel and naive baseline, compile time, memory, CLI start-up.

Run ``python benchmarks/bench_combat.py`` (about two minutes on two cores) or add
``--quick`` for a short run; ``--results benchmarks/results.md`` also writes the tables as
Markdown. The targets of the issue are printed beside the measurements with a pass/MISS
column; nothing here fails because a machine is slow.

See ``benchmarks/README.md`` for what each table measures.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

import oddsengine

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_timing import (  # noqa: E402
    COMPILED_KERNEL_TRIALS,
    best_time,
    kernel_arguments,
    time_kernel,
    time_simulate,
)
from naive_baseline import naive_counts, recipe_for  # noqa: E402
from result_tables import Table, machine_description, verdict  # noqa: E402
from startup_probes import (  # noqa: E402
    cli_loaded_modules,
    cli_wall_time,
    console_script,
    first_call,
    import_time_offenders,
    interpreter_start,
    peak_memory,
    warm_cli_phases,
)

#: Targets of the issue (combat core, "Speed").
TARGET_TRIALS_PER_SECOND = 400e6
TARGET_RATIO = 80.0
TARGET_PEAK_MEMORY_MB = 300.0
TARGET_WARM_CLI_SECONDS = 1.0


@dataclass(frozen=True)
class Case:
    """One engagement to time: a label and the Python expression that builds it."""

    label: str
    expression: str
    dice: tuple[int, int] | None  # expected (attacker, defender) dice; None for 2d6 rolls
    has_target: bool  # the trials-per-second target covers assaults and field battles

    def build(self):
        spec = eval(self.expression, {"oddsengine": oddsengine})  # noqa: S307 (our own text)
        if self.dice is not None and (spec.attacker_dice, spec.defender_dice) != self.dice:
            raise RuntimeError(
                f"{self.label}: expected {self.dice} dice, the spec rolls "
                f"{(spec.attacker_dice, spec.defender_dice)}"
            )
        return spec


CASES = (
    Case(
        "small assault, 5 vs 6 dice",
        "oddsengine.Assault('8R L1', '4R L1')",
        (5, 6),
        True,
    ),
    Case(
        "largest assault, 14 vs 7 dice",
        "oddsengine.Assault('18R Suleiman Ibrahim', '4R L2', attacker_cards='siege-mining')",
        (14, 7),
        True,
    ),
    Case(
        "large field battle, 15 vs 12 dice",
        "oddsengine.FieldBattle('13R L2', '10R L1')",
        (15, 12),
        True,
    ),
    Case(
        "field battle (Vienna), 10 vs 13 dice",
        "oddsengine.FieldBattle('7R 1C Suleiman Ibrahim', 'hapsburg: 10R Charles-V Ferdinand')",
        (10, 13),
        True,
    ),
    Case(
        "interception, 2d6",
        "oddsengine.Interception('hapsburg: 8R Charles-V', '7R 1C Suleiman Ibrahim')",
        None,
        False,
    ),
    Case(
        "field battle with Tercios, 10+3 vs 10 dice",
        "oddsengine.FieldBattle('hapsburg: 8R Charles-V', 'france: 8R L1',"
        " attacker_cards='tercios')",
        (13, 10),
        True,
    ),
    Case(
        "field battle with Surprise Attack, 12 vs 10 dice",
        "oddsengine.FieldBattle('france: 10R L2', 'hapsburg: 8R L1',"
        " attacker_cards='surprise-attack')",
        (12, 10),
        True,
    ),
)

#: The case used for compile time, peak memory and the CLI.
SMALL_ASSAULT = CASES[0]
CLI_ARGUMENTS = ["assault", "--attacker", "8R L1", "--defender", "4R L1", "--seed", "1"]
#: Ten million trials: more than the NumPy twin takes, so the compiled kernel runs.
CLI_COMPILED_ARGUMENTS = [*CLI_ARGUMENTS, "--trials", "10000000"]
EXACT_CLI_CALLS = {
    "assault --exact": ["assault", "--attacker", "8R L1", "--defender", "4R L1", "--exact"],
    "battle --exact (Vienna)": [
        "battle",
        "--attacker",
        "7R 1C Suleiman Ibrahim",
        "--defender",
        "hapsburg: 10R Charles-V Ferdinand",
        "--exact",
    ],
}


def _millions(trials_per_second: float) -> str:
    return f"{trials_per_second / 1e6:,.1f}"


def _baseline_agreement(spec, counts) -> float:
    """Largest |z| between the baseline's cell frequencies and the exact cell probabilities.

    Proves the baseline rolls the same dice as the kernel samples (a few units is normal).
    """
    probabilities = spec.draw_plan().cell_probabilities()
    trials = counts.sum()
    expected = probabilities * trials
    spread = np.sqrt(np.maximum(trials * probabilities * (1 - probabilities), 1.0))
    return float(np.max(np.abs(counts - expected) / spread))


def measure_throughput(options) -> Table:
    table = Table(
        f"Trials per second, {options.trials:,} trials per case "
        f"(naive baseline: {options.baseline_trials:,})",
        [
            "case",
            "simulate M/s",
            "kernel M/s",
            "kernel 1 thread M/s",
            "naive M/s",
            "ratio",
            "baseline |z|max",
            ">=400M/s",
            ">=80x",
        ],
    )
    threads = numba.get_num_threads()
    # Start the thread pool and let the clock settle before the first measurement.
    warm_up = kernel_arguments(CASES[0].build(), options.trials)
    time_kernel(warm_up, options.repeats)
    for case in CASES:
        spec = case.build()
        api_seconds = time_simulate(spec, options.trials, options.repeats)
        arguments = kernel_arguments(spec, options.trials)
        kernel_seconds = time_kernel(arguments, options.repeats)
        numba.set_num_threads(1)
        try:
            single_thread_seconds = time_kernel(arguments, 1)
        finally:
            numba.set_num_threads(threads)
        recipe = recipe_for(spec)
        naive_runs = []
        naive_seconds = best_time(
            lambda recipe=recipe, runs=naive_runs: runs.append(
                naive_counts(recipe, options.baseline_trials)
            ),
            options.baseline_repeats,
        )
        api_rate = options.trials / api_seconds
        naive_rate = options.baseline_trials / naive_seconds
        ratio = api_rate / naive_rate
        table.add(
            case.label,
            _millions(api_rate),
            _millions(options.trials / kernel_seconds),
            _millions(options.trials / single_thread_seconds),
            _millions(naive_rate),
            f"{ratio:,.1f}x",
            f"{_baseline_agreement(spec, naive_runs[-1]):.1f}",
            verdict(api_rate >= TARGET_TRIALS_PER_SECOND if case.has_target else None),
            verdict(ratio >= TARGET_RATIO),
        )
        print(f"  measured: {case.label}", file=sys.stderr, flush=True)
    table.notes = [
        "",
        f"simulate: oddsengine.simulate(spec, trials, seed=1) on {threads} threads, best of "
        f"{options.repeats}, after a warm-up call. kernel: oddsengine.engines._kernels.count_cells "
        "alone on the same arrays; the gap to simulate is the wrapper (stream keys, tables, "
        "Result). naive: rng.integers(1, 7, size=(n, dice)) >= face, summed per side and "
        "counted with np.bincount, one thread, in chunks of 2**17 trials. ratio = simulate / "
        "naive. baseline |z|max: largest deviation of the naive histogram from the exact "
        "cell probabilities, in standard errors (checks both roll the same dice).",
        "The 400 M/s target covers assaults and field battles; an interception has none.",
        "The machine is a shared virtual machine: figures vary by up to a third from run to "
        "run, so each is the best of several runs.",
        "No assault rolls 15 vs 12 dice: a garrison holds at most 4 units (13.4), so it rolls "
        "at most 4 + 2 + 1 = 7; the field battle covers 15 vs 12.",
    ]
    if options.trials <= getattr(oddsengine.engines.montecarlo, "NUMPY_TRIALS", 0):
        table.notes.append(
            "With this few trials simulate runs the NumPy twin of the kernel, not the kernel."
        )
    return table


def measure_compile_time(cache_root: Path) -> Table:
    cache = cache_root / "compile"
    trials = COMPILED_KERNEL_TRIALS
    cold = first_call(SMALL_ASSAULT.expression, trials, cache)
    warm = first_call(SMALL_ASSAULT.expression, trials, cache)
    table = Table(
        f"Kernel compile time (first simulate call of {trials:,} trials in a fresh process)",
        ["NUMBA_CACHE_DIR", "import oddsengine s", "first simulate s", "process wall s"],
    )
    table.add("empty (cold: compile)", *(f"{cold[key]:.2f}" for key in ("import", "first_call")))
    table.rows[-1].append(f"{cold['wall']:.2f}")
    table.add("populated (warm: load)", *(f"{warm[key]:.2f}" for key in ("import", "first_call")))
    table.rows[-1].append(f"{warm['wall']:.2f}")
    table.notes = [
        "",
        f"Compile time = cold - warm first call = {cold['first_call'] - warm['first_call']:.2f} s"
        " (paid once per machine: the kernels are compiled with cache=True). The warm first "
        "call is Numba's import and cache loading plus a few milliseconds of trials; runs of "
        "at most montecarlo.NUMPY_TRIALS trials use the NumPy twin and need neither.",
    ]
    return table


def measure_peak_memory(options, cache_root: Path) -> Table:
    cache = cache_root / "compile"  # populated by the compile-time probe
    table = Table(
        f"Peak memory for {options.memory_trials:,} trials (one process)",
        ["case", "RSS after import MB", "peak RSS MB", "seconds", "M trials/s", "<300 MB"],
    )
    for case in (SMALL_ASSAULT, CASES[2]):
        measured = peak_memory(
            case.expression, options.memory_trials, COMPILED_KERNEL_TRIALS, cache
        )
        peak = measured["peak_rss_kib"] / 1024
        table.add(
            case.label,
            f"{measured['rss_before_kib'] / 1024:.0f}",
            f"{peak:.0f}",
            f"{measured['seconds']:.2f}",
            _millions(measured["trials"] / measured["seconds"]),
            verdict(peak < TARGET_PEAK_MEMORY_MB),
        )
    table.notes = [
        "",
        "Peak RSS is resource.getrusage(RUSAGE_SELF).ru_maxrss at the end of the process; "
        "'after import' is the peak before the big call (interpreter, NumPy, Numba and the "
        "loaded kernel, after a warm-up call). Memory does not grow with trials: the kernel "
        "counts into histograms.",
    ]
    return table


def _shell_words(arguments) -> str:
    return " ".join(f"'{word}'" if " " in word else word for word in arguments)


def measure_cli(options, cache_root: Path) -> list[Table]:
    calls = Table(
        "One CLI call, wall time",
        ["call", "median s", "best s", "heavy packages imported", "< 1 s"],
    )
    for label, arguments in (
        ("default 1,000,000 trials (NumPy twin)", CLI_ARGUMENTS),
        ("--trials 10000000 (compiled kernel)", CLI_COMPILED_ARGUMENTS),
    ):
        cache = cache_root / f"cli-{len(arguments)}"
        cold = cli_wall_time(arguments, cache)
        warm = cli_wall_time(arguments, cache, repeats=options.cli_repeats)
        loaded = ", ".join(cli_loaded_modules(arguments, cache)) or "none"
        calls.add(f"{label}, cold", f"{cold['median']:.2f}", f"{cold['best']:.2f}", loaded, "-")
        calls.add(
            f"{label}, warm x{options.cli_repeats}",
            f"{warm['median']:.2f}",
            f"{warm['best']:.2f}",
            loaded,
            verdict(warm["median"] < TARGET_WARM_CLI_SECONDS),
        )
    cache = cache_root / "cli-exact"
    for label, arguments in EXACT_CLI_CALLS.items():
        timed = cli_wall_time(arguments, cache, repeats=options.cli_repeats)
        loaded = cli_loaded_modules(arguments, cache)
        calls.add(
            f"{label} x{options.cli_repeats}",
            f"{timed['median']:.2f}",
            f"{timed['best']:.2f}",
            ", ".join(loaded) or "none",
            verdict(timed["median"] < TARGET_WARM_CLI_SECONDS),
        )
    floor = interpreter_start(cache)
    calls.add("python -c pass (interpreter floor)", f"{floor:.2f}", f"{floor:.2f}", "", "-")
    calls.notes = [
        "",
        f"Command: oddsengine {_shell_words(CLI_ARGUMENTS)} (the console script beside "
        "sys.executable); cold = empty NUMBA_CACHE_DIR, warm = the cache the cold call filled. "
        "The 1 s target is for the warm call.",
    ]

    phases = Table(
        "Where a CLI call spends its time (phases timed in one fresh process, warm cache)",
        ["phase", "seconds"],
    )
    phases.add("interpreter start (python -c pass)", f"{floor:.3f}")
    warm_cache = cache_root / f"cli-{len(CLI_COMPILED_ARGUMENTS)}"
    for name, seconds in warm_cli_phases(
        "8R L1", "4R L1", 1_000_000, COMPILED_KERNEL_TRIALS, warm_cache
    ):
        phases.add(name, f"{seconds:.3f}")

    offenders = Table(
        "Slowest imports (python -X importtime): whole packages and oddsengine modules",
        ["import", "cumulative s", "self s"],
    )
    for label, command_line in (
        ("import oddsengine", ["-c", "import oddsengine"]),
        ("CLI, 10^7 trials", [str(console_script()), *CLI_COMPILED_ARGUMENTS]),
    ):
        for name, cumulative, own in import_time_offenders(command_line, warm_cache, top=6):
            offenders.add(f"{label}: {name}", f"{cumulative:.3f}", f"{own:.3f}")
    return [calls, phases, offenders]


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short run (about 30 s)")
    parser.add_argument("--trials", type=float, help="kernel trials per case (default 2e8)")
    parser.add_argument("--baseline-trials", type=float, help="naive trials (default 1e7)")
    parser.add_argument("--repeats", type=int, help="timed repeats, best kept (default 5)")
    parser.add_argument("--baseline-repeats", type=int, help="naive repeats (default 2)")
    parser.add_argument(
        "--memory-trials", type=float, default=1e9, help="trials for the peak-memory probe"
    )
    parser.add_argument("--cli-repeats", type=int, help="warm CLI calls (default 5)")
    parser.add_argument(
        "--skip-subprocess",
        action="store_true",
        help="only the in-process throughput table (no compile, memory or CLI probes)",
    )
    parser.add_argument("--results", type=Path, help="also write the tables to this Markdown file")
    options = parser.parse_args(argv)
    quick = options.quick
    options.trials = int(options.trials or (2e7 if quick else 2e8))
    options.baseline_trials = int(options.baseline_trials or (1e6 if quick else 1e7))
    options.repeats = options.repeats or (2 if quick else 5)
    options.baseline_repeats = options.baseline_repeats or (1 if quick else 2)
    options.memory_trials = int(options.memory_trials)
    options.cli_repeats = options.cli_repeats or (3 if quick else 5)
    return options


def write_results(path: Path, tables, machine, argv) -> None:
    today = datetime.date.today().isoformat()
    lines = [
        "# Benchmark results",
        "",
        f"Measured {today} with `python benchmarks/bench_combat.py {' '.join(argv)}`.",
        "",
    ]
    lines.extend(f"- {name}: {value}" for name, value in machine.items())
    for table in tables:
        lines.extend(["", table.markdown()])
    path.write_text("\n".join(lines) + "\n")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    options = parse_arguments(argv)
    machine = machine_description()
    print("Combat core benchmark")
    for name, value in machine.items():
        print(f"  {name}: {value}")
    print(flush=True)
    tables = [measure_throughput(options)]
    print(tables[-1].text(), end="\n\n", flush=True)
    if not options.skip_subprocess:
        with tempfile.TemporaryDirectory(prefix="oddsengine-bench-") as root:
            root = Path(root)
            tables.append(measure_compile_time(root))
            print(tables[-1].text(), end="\n\n", flush=True)
            tables.append(measure_peak_memory(options, root))
            print(tables[-1].text(), end="\n\n", flush=True)
            for table in measure_cli(options, root):
                tables.append(table)
                print(table.text(), end="\n\n", flush=True)
    if options.results is not None:
        write_results(options.results, tables, machine, argv)
        print(f"Results written to {options.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Measurements that need a fresh interpreter: compile time, peak memory, CLI start-up.

Each probe runs ``sys.executable`` (or the ``oddsengine`` console script next to it) in a
subprocess. ``NUMBA_CACHE_DIR`` points the kernels' on-disk cache at a directory the
caller chooses: an empty one makes the run *cold* (Numba compiles and fills it), the same
one again makes it *warm* (Numba loads the machine code it wrote).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

__all__ = [
    "console_script",
    "first_call",
    "peak_memory",
    "cli_wall_time",
    "cli_loaded_modules",
    "warm_cli_phases",
    "import_time_offenders",
    "interpreter_start",
]

#: Packages whose presence after a CLI call tells where its start-up time goes.
HEAVY_PACKAGES = ("numba", "llvmlite", "pandas", "matplotlib", "scipy")


def console_script() -> Path:
    """The ``oddsengine`` console script installed beside this interpreter."""
    return Path(sys.executable).parent / "oddsengine"


def _environment(cache_dir) -> dict:
    environment = dict(os.environ)
    environment["NUMBA_CACHE_DIR"] = str(cache_dir)
    return environment


def _run(command, cache_dir) -> tuple[float, str, str]:
    """Run ``command``; return its wall time in seconds, its stdout and its stderr."""
    start = time.perf_counter()
    finished = subprocess.run(
        command, env=_environment(cache_dir), capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    if finished.returncode != 0:
        raise RuntimeError(
            f"{' '.join(map(str, command))} failed with status {finished.returncode}:\n"
            + finished.stderr
        )
    return wall, finished.stdout, finished.stderr


def _run_python(code: str, cache_dir) -> tuple[float, dict]:
    """Run ``code`` in a fresh interpreter; it prints one JSON object as its last line."""
    wall, stdout, _ = _run([sys.executable, "-c", code], cache_dir)
    return wall, json.loads(stdout.strip().splitlines()[-1])


_FIRST_CALL = """
import json, time
start = time.perf_counter()
import oddsengine
imported = time.perf_counter()
oddsengine.simulate({spec}, trials={trials}, seed=1)
called = time.perf_counter()
print(json.dumps({{"import": imported - start, "first_call": called - imported}}))
"""


def first_call(spec_expression: str, trials: int, cache_dir) -> dict:
    """Import time and the first ``simulate`` call's time (compile or cache load).

    ``trials`` must be large enough for the compiled kernel (not its NumPy twin) to run.

    Returns
    -------
    dict with ``import``, ``first_call`` and ``wall`` (the whole subprocess), in seconds.
    """
    code = _FIRST_CALL.format(spec=spec_expression, trials=trials)
    wall, measured = _run_python(code, cache_dir)
    return {**measured, "wall": wall}


_PEAK_MEMORY = """
import json, resource, time
import oddsengine
spec = {spec}
oddsengine.simulate(spec, trials={warm_up}, seed=1)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
result = oddsengine.simulate(spec, trials={trials}, seed=1)
elapsed = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"rss_before_kib": before, "peak_rss_kib": after, "seconds": elapsed,
                  "trials": result.trials}}))
"""


def peak_memory(spec_expression: str, trials: int, warm_up: int, cache_dir) -> dict:
    """Peak resident memory of a process that runs ``trials`` trials of one spec.

    A first call of ``warm_up`` trials loads the compiled kernel before the measurement.

    Returns
    -------
    dict with ``rss_before_kib`` (peak after import and a small warm-up call),
    ``peak_rss_kib`` (peak at the end; Linux reports KiB), ``seconds`` and ``trials``.
    """
    code = _PEAK_MEMORY.format(spec=spec_expression, trials=trials, warm_up=warm_up)
    return _run_python(code, cache_dir)[1]


def cli_wall_time(arguments, cache_dir, repeats: int = 1) -> dict:
    """Wall time of the console script called with ``arguments``.

    Returns
    -------
    dict with ``median``, ``best`` and ``runs`` (every wall time, seconds).
    """
    runs = [_run([console_script(), *arguments], cache_dir)[0] for _ in range(repeats)]
    return {"median": statistics.median(runs), "best": min(runs), "runs": runs}


_LOADED_MODULES = """
import json, sys
from oddsengine.cli import main
status = main({arguments!r})
print()
print(json.dumps({{"status": status,
                  "loaded": [name for name in {packages!r} if name in sys.modules]}}))
"""


def cli_loaded_modules(arguments, cache_dir) -> list[str]:
    """Which of :data:`HEAVY_PACKAGES` one CLI call imports."""
    code = _LOADED_MODULES.format(arguments=list(arguments), packages=HEAVY_PACKAGES)
    return _run_python(code, cache_dir)[1]["loaded"]


_PHASES = """
import json, time
marks = [("start", time.perf_counter())]
def mark(name):
    marks.append((name, time.perf_counter()))
import oddsengine.cli
mark("import oddsengine.cli (and NumPy)")
parser = oddsengine.cli.build_parser()
mark("build the parser")
import oddsengine
spec = oddsengine.Assault({attacker!r}, {defender!r})
mark("build the spec")
result = oddsengine.simulate(spec, trials={trials}, seed=1)
mark("simulate {trials:,} trials (the CLI default)")
text = str(result)
mark("format the result")
import numba
mark("import numba (only for runs the NumPy twin does not take)")
oddsengine.simulate(spec, trials={compiled_trials}, seed=1)
mark("load the compiled kernel from the cache, run {compiled_trials:,} trials")
import pandas
mark("import pandas (not needed by the CLI)")
print(json.dumps([[name, later - earlier]
                  for (_, earlier), (name, later) in zip(marks, marks[1:])]))
"""


def warm_cli_phases(
    attacker: str, defender: str, trials: int, compiled_trials: int, cache_dir
) -> list:
    """Where a warm CLI call's time goes, phase by phase, in one fresh interpreter.

    Returns
    -------
    list of (phase, seconds)
    """
    code = _PHASES.format(
        attacker=attacker, defender=defender, trials=trials, compiled_trials=compiled_trials
    )
    return [tuple(phase) for phase in _run_python(code, cache_dir)[1]]


def interpreter_start(cache_dir, repeats: int = 3) -> float:
    """Best wall time of ``python -c pass``: the floor under every CLI call."""
    return min(_run([sys.executable, "-c", "pass"], cache_dir)[0] for _ in range(repeats))


def import_time_offenders(command, cache_dir, top: int = 10) -> list[tuple[str, float, float]]:
    """The slowest imports of ``python -X importtime <command>``.

    Parameters
    ----------
    command : list of str
        What follows ``python -X importtime``, e.g. ``["-c", "import oddsengine"]``.

    Returns
    -------
    list of (module, cumulative seconds, self seconds), for whole packages and the
    project's modules, slowest first.
    """
    _, _, stderr = _run([sys.executable, "-X", "importtime", *command], cache_dir)
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        own, cumulative, name = line[len("import time:") :].split("|")
        if not own.strip().isdigit():
            continue  # the header line
        name = name.strip()
        # Whole packages (numpy, numba, ...) wherever they are first imported, and the
        # project's own modules.
        if "." in name and not name.startswith("oddsengine."):
            continue
        rows.append((name, int(cumulative) / 1e6, int(own) / 1e6))
    rows.sort(key=lambda row: row[1], reverse=True)
    return rows[:top]

"""What the tests share: the command line run in-process, the 5σ test of a Monte Carlo
estimate against an exact value, and the one hang guard of a timed check.

The tiers are marks on the tests (``pytestmark = pytest.mark.slow`` on a file,
``@pytest.mark.slow`` on a test; ``browser`` and ``notebooks`` besides): ``pytest -m "not
slow"`` is the fast tier. ``tests/README.md`` says what lives where and how to run each tier.
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


#: The tiers are marks on the tests themselves (``pyproject.toml`` registers them):
#: ``browser`` and ``notebooks`` name the checks that CI runs as steps of their own, and
#: both are long, so each is ``slow`` too. CI's four steps (``.ci/run``) are then the
#: tiers below, and together they run every test once.
TIERS = {
    "fast": "not slow",
    "slow": "slow and not browser and not notebooks",
    "browser": "browser",
    "notebooks": "notebooks",
}


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects any
def pytest_collection_modifyitems(config, items):
    """Refuse a browser or notebook check that is not also ``slow``, or one that is both:
    each test belongs to exactly one of :data:`TIERS`."""
    for item in items:
        marks = {mark.name for mark in item.iter_markers()}
        steps = marks & {"browser", "notebooks"}
        if (steps and "slow" not in marks) or len(steps) > 1:
            raise pytest.UsageError(
                f"{item.nodeid}: a browser or notebook check is slow, and only one of them"
            )

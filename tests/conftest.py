"""What the tests share: the command line run in-process, the 5σ test of a Monte Carlo
estimate against an exact value, and the one hang guard of a timed check.

The ``slow`` marker (``pyproject.toml``) tags the long statistical and whole-face checks:
``pytest -m "not slow"`` is the rule suite, under a minute.
"""

from __future__ import annotations

import math

import pytest

#: The only limit on how long a check may take: a guard against a hang, never a speed
#: test (speed is measured in ``benchmarks/`` as ratios).
HANG_GUARD_SECONDS = 60.0
#: Standard errors a Monte Carlo estimate may stray from the exact value.
SIGMAS = 5.0


def run_cli(capsys, *argv):
    """Run the command line in-process: ``(exit status, stdout, stderr)``."""
    from oddsengine.cli import main

    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


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

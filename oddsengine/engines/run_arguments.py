"""The one check of a run's arguments (trials, maximum trials, seed, precision), made by
every engine that samples: battles, moves, siege campaigns, foreign wars and sweeps refuse
the same bad arguments with the same one-line :class:`~oddsengine.errors.OddsEngineError`,
before any work is done.

Examples
--------
>>> check_run(1000, MAX_TRIALS, 7, None)
(1000, 1000000000, 7)
>>> check_run(2 * 10**9, MAX_TRIALS, 7, None)
Traceback (most recent call last):
...
oddsengine.errors.OddsEngineError: at most 1,000,000,000 trials in one run, not 2000000000
"""

from __future__ import annotations

import numpy as np

from oddsengine.combat.limits import check_precision
from oddsengine.engines._random import normalise_seed
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "CAMPAIGN_TRIALS",
    "DEFAULT_TRIALS",
    "MAX_TRIALS",
    "check_run",
    "check_spec",
    "check_trials",
]

#: Trials when none are asked for (and no precision target is set).
DEFAULT_TRIALS = 1_000_000
#: Trials of a siege campaign's or a foreign war's Monte Carlo when none are asked for (a
#: trial played out step by step in NumPy).
CAMPAIGN_TRIALS = 100_000
#: Cap on the trials of one run, and on those a precision target may spend per scenario.
MAX_TRIALS = 1_000_000_000


def check_trials(trials, name: str = "trials") -> int:
    """A positive whole number (Python or NumPy integer), as an ``int``."""
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)):
        raise OddsEngineError(f"{name} must be a positive whole number, not {shown(trials)}")
    if trials <= 0:
        raise OddsEngineError(f"{name} must be positive, not {shown(int(trials))}")
    return int(trials)


def check_spec(spec, spec_class: type, engine: str):
    """``spec``, refused unless it is a ``spec_class``: what an ``engine`` engine answers.

    Examples
    --------
    >>> from oddsengine import ForeignWar
    >>> check_spec("5R", ForeignWar, "foreign-war")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineTypeError: a foreign-war engine takes a ForeignWar, not '5R'
    """
    if not isinstance(spec, spec_class):
        raise OddsEngineTypeError(
            f"a {engine} engine takes a {spec_class.__name__}, not {shown(spec)}"
        )
    return spec


def check_run(trials, max_trials, seed, precision):
    """Validate a run's arguments; return ``(trials, max_trials, seed)`` normalised.

    ``trials`` at most :data:`MAX_TRIALS`; ``precision`` between 1e-6 and 0.5 (see
    :func:`oddsengine.combat.limits.check_precision`); ``seed`` as
    :func:`~oddsengine.engines._random.normalise_seed` takes it.
    """
    trials = check_trials(trials)
    max_trials = check_trials(max_trials, "max_trials")
    check_precision(precision)
    if trials > MAX_TRIALS:
        raise OddsEngineError(f"at most {MAX_TRIALS:,} trials in one run, not {shown(trials)}")
    return trials, max_trials, normalise_seed(seed)

"""The settings of a sweep, checked: its kind, method, precision and seed; a scenario; and
the interruption a sweep raises when Ctrl-C stops it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from oddsengine.engines.run_arguments import MAX_TRIALS, check_trials
from oddsengine.errors import OddsEngineError, shown
from oddsengine.kinds import SPEC_KINDS

__all__ = [
    "METHODS",
    "ON_REFUSED",
    "Candidate",
    "Scenario",
    "SweepInterrupted",
    "spec_class_of",
    "kind_name",
    "new_seed",
    "check_precision",
    "check_choice",
    "check_counts",
]

#: How a sweep answers its scenarios.
METHODS = ("auto", "exact", "monte-carlo")

#: What a sweep does with a scenario the rules refuse.
ON_REFUSED = ("report", "skip", "raise")

#: The largest seed a sweep keeps: seeds are stored in a 64-bit column.
LARGEST_SEED = 2**63 - 1


class SweepInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a sweep; the scenarios answered so far are saved.

    Attributes
    ----------
    path : Path or None
        The output file (None without ``out``).
    saved, total : int
        Scenarios answered (and in the output file, if any), and in the whole sweep.
    frame : pandas.DataFrame
        The table of the scenarios answered, as :meth:`Sweep.run` would have returned it.
    """

    def __init__(self, path, saved: int, total: int, frame=None):
        super().__init__(f"interrupted: {saved} of {total} scenarios saved")
        self.path = path
        self.saved = saved
        self.total = total
        self.frame = frame


def spec_class_of(kind) -> type:
    """The spec class a sweep of ``kind`` builds (a registered name or a spec dataclass)."""
    if isinstance(kind, type):
        if not dataclasses.is_dataclass(kind):
            raise OddsEngineError(f"{kind!r} is not a spec dataclass")
        return kind
    if kind is None:
        raise OddsEngineError(f"a sweep needs a kind: {', '.join(sorted(SPEC_KINDS))}")
    if not isinstance(kind, str):
        raise OddsEngineError(
            f"a sweep's kind must be a name ({', '.join(sorted(SPEC_KINDS))}), not {kind!r}"
        )
    spec_class = SPEC_KINDS.get(kind)
    if spec_class is None:
        raise OddsEngineError(
            f"unknown sweep kind {kind!r}; use one of " + ", ".join(sorted(SPEC_KINDS))
        )
    return spec_class


def kind_name(spec_class) -> str:
    """The name of a spec class's kind (its class name if it has none)."""
    return str(getattr(spec_class, "kind", spec_class.__name__))


def new_seed() -> int:
    """A fresh seed from the operating system, below 2**63 (a 64-bit column holds it)."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 1)


def check_precision(value):
    """A precision target as a float in (0, 0.5), from a number or a percentage (or None)."""
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        try:
            value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
        except ValueError:
            raise OddsEngineError(
                f"precision must be a number between 0 and 0.5 (or a percentage), not {text!r}"
            ) from None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise OddsEngineError(f"precision must be a number between 0 and 0.5, not {value!r}")
    if not 0 < float(value) < 0.5:
        raise OddsEngineError(f"precision must be between 0 and 0.5, not {value}")
    return float(value)


def check_choice(name, value, choices) -> None:
    """Refuse a setting that is not one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise OddsEngineError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


def check_counts(trials, max_trials, seed) -> tuple:
    """A sweep's ``trials``, ``max_trials`` and ``seed`` checked, as plain ints (numpy
    integers key like ints); ``max_trials`` None is the default cap, as for
    :func:`oddsengine.simulate`."""
    if max_trials is None:
        max_trials = MAX_TRIALS
    if trials is not None:  # the engines' one check of trials
        trials = check_trials(trials, "trials")
    max_trials = check_trials(max_trials, "max_trials")
    if max_trials > MAX_TRIALS:
        raise OddsEngineError(
            f"max_trials may be at most {MAX_TRIALS:,} per scenario, not {shown(max_trials)}"
        )
    if trials is not None and trials > max_trials:
        raise OddsEngineError(
            f"trials ({shown(trials)}) may not exceed max_trials ({max_trials:,})"
        )
    if seed is not None and (
        isinstance(seed, bool)
        or not isinstance(seed, (int, np.integer))
        or not 0 <= seed <= LARGEST_SEED
    ):
        raise OddsEngineError(
            f"a sweep's seed must be a whole number in 0..2**63-1, not {shown(seed)}"
        )
    return tuple(None if value is None else int(value) for value in (trials, max_trials, seed))


@dataclass(frozen=True)
class Scenario:
    """One scenario of a sweep.

    Parameters
    ----------
    parameters : dict
        The keyword arguments that build the spec (forces as notation).
    columns : dict
        What the scenario's rows show: the parameters and the value of every template
        axis (``attacker_regulars``, ``attacker_rating``...).
    key : str
        A stable identity of the scenario and the sweep's settings (for resuming).
    spec : object or None
        The spec, or None if the rules refuse it.
    refusal : str or None
        Why the rules refuse it.
    """

    parameters: dict
    columns: dict
    key: str
    spec: object = None
    refusal: str | None = None


@dataclass(frozen=True)
class Candidate:
    """A scenario of a sweep before its spec is built: building it is work (a naval move's
    whole tree is built with its spec), done as the sweep runs and saved on time.

    Parameters
    ----------
    parameters, columns : dict
        As :class:`Scenario`'s.
    key : str
        Its :attr:`Scenario.key` when it is answered exactly or refused.
    sampled_key : str
        Its key when it is answered by Monte Carlo (the seed decides its numbers).
    """

    parameters: dict
    columns: dict
    key: str
    sampled_key: str

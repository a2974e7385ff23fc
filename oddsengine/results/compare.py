"""Putting two results for the same question side by side."""

from __future__ import annotations

import math

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.results.result import Result

__all__ = ["compare", "comparison_dict", "DISAGREEMENT_SIGMAS"]

#: Differences beyond this many standard errors are flagged as disagreements.
DISAGREEMENT_SIGMAS = 5.0


def compare(first: Result, second: Result, sigmas: float = DISAGREEMENT_SIGMAS):
    """Compare two results outcome by outcome (typically exact against Monte Carlo).

    Parameters
    ----------
    first, second : Result
    sigmas : float
        A difference larger than ``sigmas`` combined standard errors is flagged.

    Raises
    ------
    OddsEngineError
        If the results answer different engagements.

    Returns
    -------
    pandas.DataFrame
        One row per outcome and event, with both probabilities, their difference, the
        difference in standard errors (``z``) and ``disagrees``.

    Examples
    --------
    >>> from oddsengine import FieldBattle, compare, exact, simulate
    >>> battle = FieldBattle("5R L1", "hapsburg: 4R")
    >>> table = compare(exact(battle), simulate(battle, trials=200_000, seed=3))
    >>> bool(table["disagrees"].any())
    False
    """
    import pandas as pd

    for result in (first, second):
        # A Result, or an answer that gives what one gives here (a run of attempts').
        if not isinstance(result, Result) and not all(
            hasattr(result, name) for name in ("p", "stderr", "method", "spec")
        ):
            raise OddsEngineTypeError(f"compare takes two Results, not {shown(result)}")
    if first.spec != second.spec:
        raise OddsEngineError(
            "compare takes two results of the same engagement, not "
            f"{_title(first.spec)!r} and {_title(second.spec)!r}"
        )
    first_p, second_p = first.p, second.p
    first_error, second_error = first.stderr, second.stderr
    rows = []
    for name in dict.fromkeys([*first_p, *second_p]):
        a, b = first_p.get(name, 0.0), second_p.get(name, 0.0)
        error = math.hypot(first_error.get(name, 0.0), second_error.get(name, 0.0))
        difference = b - a
        if error > 0:
            z = difference / error
        else:
            z = 0.0 if abs(difference) < 1e-12 else math.copysign(math.inf, difference)
        rows.append(
            {
                "outcome": name,
                first.method: a,
                second.method if second.method != first.method else f"{second.method}_2": b,
                "difference": difference,
                "z": z,
                "disagrees": abs(z) > sigmas,
            }
        )
    return pd.DataFrame(rows)


def comparison_dict(exact: Result, sampled: Result, payloads=None) -> dict:
    """The JSON payload of an exact and a Monte Carlo result side by side.

    Parameters
    ----------
    exact, sampled : Result
    payloads : pair of dict, optional
        The two results' dicts, when a command adds to them; ``to_dict()`` by default.

    Returns
    -------
    dict
        ``exact``, ``monte-carlo`` and ``disagreements`` (the outcomes :func:`compare`
        flags).

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact, simulate
    >>> battle = FieldBattle("5R L1", "hapsburg: 4R")
    >>> payload = comparison_dict(exact(battle), simulate(battle, trials=100_000, seed=3))
    >>> list(payload), payload["disagreements"]
    (['exact', 'monte-carlo', 'disagreements'], [])
    """
    table = compare(exact, sampled)
    first, second = payloads or (exact.to_dict(), sampled.to_dict())
    return {
        "exact": first,
        "monte-carlo": second,
        "disagreements": table.loc[table["disagrees"], "outcome"].tolist(),
    }


def _title(spec) -> str:
    return spec.title() if hasattr(spec, "title") else shown(spec)

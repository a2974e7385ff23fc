"""Survivors as a player reads them: what is left of each side given who won.

A result's end states carry ``attacker_survivors`` and ``defender_survivors``; this module
conditions them on an outcome or event (``"attacker_wins"``, ``"success"``), gives the
expected units left when each side wins, and the chance that at least N survive. The
:class:`~oddsengine.results.result.Result` methods ``survivors(given=...)``,
``expected_survivors(given=...)`` and ``survivors_at_least(given=...)`` call these
functions, and ``--survivors`` prints :func:`survivors_text`.

Examples
--------
>>> from oddsengine import FieldBattle, exact
>>> result = exact(FieldBattle("2R", "hapsburg: 1R"))
>>> left = result.expected_survivors(given="attacker_wins")
>>> round(left["attacker"], 4), left["defender"]
(1.8333, 0.0)
"""

from __future__ import annotations

import numpy as np

from oddsengine.errors import OddsEngineError, unknown_name

__all__ = [
    "check_survivors",
    "given_mask",
    "expected_survivors",
    "survivors_at_least",
    "survivors_by_outcome",
    "survivors_frame",
    "survivor_records",
    "survivors_text",
]

SIDES = ("attacker", "defender")


def given_mask(result, given: str | None) -> np.ndarray:
    """The end states in which ``given`` (an outcome or event name) happens; every state
    for None.

    Raises
    ------
    OddsEngineError
        On a name the result does not report, with the valid names.
    """
    count = len(result.weights)
    if given is None:
        return np.ones(count, dtype=bool)
    if given in result.outcome_names:
        return np.asarray(result.states["outcome"] == given, dtype=bool)
    if given in result.event_names:
        return np.asarray(result.states[given], dtype=bool)
    raise unknown_name(
        "outcome", given, (*result.outcome_names, *result.event_names), where="survivors given"
    )


def check_survivors(result) -> None:
    """Refuse to give the survivors of a result whose kind has none: its end states count
    no units left of either side (an interception or a piracy roll, a siege campaign).

    Raises
    ------
    OddsEngineError
        Naming the kind.
    """
    if "attacker_survivors" not in result.states or "defender_survivors" not in result.states:
        from oddsengine.kinds import title

        kind = getattr(result.spec, "kind", type(result.spec).__name__)
        raise OddsEngineError(
            f"{title(kind) or kind} results have no survivors table: their end states count "
            "no units left of either side"
        )


def survivors_frame(result, given: str | None = None):
    """The joint distribution of what is left of both sides (``given`` an outcome or
    event, or None): a DataFrame indexed by the attacker's survivors, one column per
    number of defender survivors (:meth:`~oddsengine.results.result.Result.survivors`)."""
    import pandas as pd

    check_survivors(result)
    mask = given_mask(result, given)
    probabilities = result.probabilities[mask]
    if given is not None and probabilities.sum() > 0:
        probabilities = probabilities / probabilities.sum()
    frame = pd.DataFrame(
        {
            "attacker_survivors": result.states["attacker_survivors"][mask],
            "defender_survivors": result.states["defender_survivors"][mask],
            "probability": probabilities,
        }
    )
    return frame.pivot_table(
        index="attacker_survivors",
        columns="defender_survivors",
        values="probability",
        aggfunc="sum",
        fill_value=0.0,
    )


def survivor_records(result) -> list[dict]:
    """The joint survivor distribution as plain records (no pandas needed): the JSON's
    ``survivors``."""
    pairs = np.stack(
        [result.states["attacker_survivors"], result.states["defender_survivors"]], axis=1
    )
    unique, inverse = np.unique(pairs, axis=0, return_inverse=True)
    mass = np.bincount(inverse.ravel(), weights=result.probabilities, minlength=len(unique))
    return [
        {
            "attacker_survivors": int(attacker),
            "defender_survivors": int(defender),
            "probability": float(probability),
        }
        for (attacker, defender), probability in zip(unique, mass, strict=True)
    ]


def _conditional(result, given):
    """The states' probabilities given ``given``, and the chance of ``given``."""
    check_survivors(result)
    mask = given_mask(result, given)
    probabilities = np.where(mask, result.probabilities, 0.0)
    chance = float(probabilities.sum())
    return (probabilities / chance if chance > 0 else probabilities), chance


def expected_survivors(result, given: str | None = None) -> dict[str, float]:
    """Expected land units (ships at sea) left of each side given ``given``: NaN for both
    when ``given`` cannot happen."""
    from oddsengine.draws import weighted_mean

    probabilities, chance = _conditional(result, given)
    if chance == 0:
        return {side: float("nan") for side in SIDES}
    return {
        side: weighted_mean(probabilities, result.states[f"{side}_survivors"]) for side in SIDES
    }


def _at_least(result, given: str | None) -> dict[str, list[float]]:
    """P(at least N units of a side are left | ``given``) for N = 1, 2, ... up to the
    largest number left, by side (plain lists: the text output needs no pandas)."""
    probabilities, _ = _conditional(result, given)
    left = {side: np.asarray(result.states[f"{side}_survivors"]) for side in SIDES}
    largest = max(int(values.max(initial=0)) for values in left.values())
    return {
        side: [float(probabilities[values >= count].sum()) for count in range(1, largest + 1)]
        for side, values in left.items()
    }


def survivors_at_least(result, given: str | None = None):
    """P(at least N units of a side are left | ``given``), for N from 1 to the largest
    number left: a DataFrame indexed by ``N`` with one column per side."""
    import pandas as pd

    chances = _at_least(result, given)
    counts = range(1, len(chances["attacker"]) + 1)
    return pd.DataFrame(chances, index=pd.Index(list(counts), name="N"))


def survivors_by_outcome(result) -> list[dict]:
    """One record per headline outcome: its chance and the expected units left of each side
    when it happens (what TripleA's battle calculator shows for "attacker wins")."""
    records = []
    for name in result.outcome_names:
        chance = float(result.p[name])
        left = expected_survivors(result, given=name)
        records.append(
            {
                "outcome": name,
                "probability": chance,
                "attacker_left": left["attacker"],
                "defender_left": left["defender"],
            }
        )
    return records


def survivors_text(result) -> str:
    """The units left given each outcome, and the chance that at least N are left, as
    text (printed below the joint table by ``--survivors``)."""
    unit = getattr(result.spec, "unit_word", "land units")
    records = survivors_by_outcome(result)
    width = max(len("outcome"), *(len(record["outcome"]) for record in records)) + 2
    lines = [
        "",
        f"Expected {unit} left, given each outcome:",
        f"{'outcome':<{width}}{'chance':>10}{'attacker':>10}{'defender':>10}",
    ]
    for record in records:
        if record["probability"] == 0:
            lines.append(f"{record['outcome']:<{width}}{0:>10.2%}{'—':>10}{'—':>10}")
            continue
        lines.append(
            f"{record['outcome']:<{width}}{record['probability']:>10.2%}"
            f"{record['attacker_left']:>10.3f}{record['defender_left']:>10.3f}"
        )
    possible = [record["outcome"] for record in records if record["probability"] > 0]
    tables = {name: _at_least(result, given=name) for name in possible}
    if tables and any(table["attacker"] for table in tables.values()):
        lines += ["", f"At least N {unit} left, given each outcome (attacker / defender):"]
        column = max(len(name) for name in possible) + 2
        lines.append(f"{'N':>4}" + "".join(f"{name:>{max(column, 18)}}" for name in possible))
        largest = max(len(table["attacker"]) for table in tables.values())
        for count in range(1, largest + 1):
            cells = []
            for name in possible:
                table = tables[name]
                row = {side: chances[count - 1] if count <= len(chances) else 0
                       for side, chances in table.items()}  # fmt: skip
                cells.append(f"{row['attacker']:.1%} / {row['defender']:.1%}")
            lines.append(f"{count:>4}" + "".join(f"{cell:>{max(column, 18)}}" for cell in cells))
    lines.append("(—: the outcome cannot happen here)" if len(possible) < len(records) else "")
    return "\n".join(lines).rstrip("\n") + "\n"

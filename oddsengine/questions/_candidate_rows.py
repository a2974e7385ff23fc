"""The chances of a force-needed search as rows of text, equal rows collapsed.

A search answers every candidate up to the legal maximum, and beyond the value where the
chance levels off (the formation's command limit, a die that only odd counts add) the
rows repeat one another. :func:`chance_rows` writes a run of three or more consecutive
candidates whose chances print the same as one row (``11-30  25.86%  11..30R
Suleiman``); the JSON and CSV of a search keep every candidate.
"""

from __future__ import annotations

import re

__all__ = ["chance_rows", "refused_runs", "value_ranges", "SHORTEST_COLLAPSED_RUN"]

#: Consecutive candidates with the chance printed alike that make one row; a pair stays
#: two rows (an even count that adds no assault die, 15.1, is worth seeing as it is).
SHORTEST_COLLAPSED_RUN = 3


def chance_rows(candidates, value, unknown) -> list[str]:
    """The text rows of the legal ``candidates`` (value, chance, force), the value needed
    (``value``, or None) marked ``<- needed``.

    A run of :data:`SHORTEST_COLLAPSED_RUN` or more consecutive legal values whose chances
    print the same (to 0.01 points) is one row: its values as ``low-high`` and its force
    with the ``?`` written as ``low..high``, the notation of a force template. The value
    needed always starts a row of its own, so that the mark names it.

    Examples
    --------
    >>> from oddsengine.questions.needed import Candidate, Unknown
    >>> unknown = Unknown("attacker", "?R", "regulars", "R")
    >>> candidates = [Candidate(n, f"{n}R L1", p) for n, p in
    ...               [(1, 0.25), (2, 0.5), (3, 0.75), (4, 0.75), (5, 0.75)]]
    >>> print("\\n".join(chance_rows(candidates, 2, unknown)))
         1     25.00%  1R L1
         2     50.00%  2R L1  <- needed
       3-5     75.00%  3..5R L1
    """
    rows = []
    for run in _runs(candidates, value):
        first, last = run[0], run[-1]
        mark = "  <- needed" if first.value == value else ""
        if len(run) >= SHORTEST_COLLAPSED_RUN:
            values = f"{first.value}-{last.value}"
            force = _span(unknown, first.force, first.value, last.value)
            rows.append(f"{values:>6}  {first.p:>9.2%}  {force}{mark}")
            continue
        for candidate in run:
            mark = "  <- needed" if candidate.value == value else ""
            rows.append(f"{candidate.value:>6}  {candidate.p:>9.2%}  {candidate.force}{mark}")
    return rows


def _runs(candidates, value) -> list[list]:
    """The legal candidates in runs of consecutive values whose chances print alike; a
    refused value, a gap or the value needed ends a run."""
    runs: list[list] = []
    for candidate in candidates:
        if not candidate.legal:
            runs.append([])
            continue
        run = runs[-1] if runs else []
        if (
            not run
            or candidate.value != run[-1].value + 1
            or candidate.value == value
            or f"{candidate.p:.2%}" != f"{run[0].p:.2%}"
        ):
            runs.append([candidate])
        else:
            run.append(candidate)
    return [run for run in runs if run]


def _span(unknown, force: str, low: int, high: int) -> str:
    """``force`` (the candidate of value ``low``) with its value written ``low..high``:
    ``"11R Suleiman"`` -> ``"11..30R Suleiman"``, ``"8R L1"`` -> ``"8R L1..6"``."""
    if unknown.counts == "rating":
        word, span = f"L{low}", f"L{low}..{high}"
    else:
        word, span = f"{low}{unknown.letters}", f"{low}..{high}{unknown.letters}"
    prefix, colon, body = force.rpartition(":")
    pieces = [span if piece == word else piece for piece in body.split()]
    return f"{prefix.strip()}{colon} " * bool(colon) + " ".join(pieces)


def refused_runs(candidates) -> list[tuple[list[int], str]]:
    """Runs of consecutive values refused for one reason, each with the reason given for
    its first: reasons that differ only in their numbers (the count refused, ``5 land
    units cannot move as one formation``) are one reason."""
    runs: list[tuple[list[int], str]] = []
    previous = None  # the reason of the value before, in its numberless form
    for candidate in candidates:
        if candidate.legal:
            previous = None
            continue
        reason = re.sub(r"\d+", "N", candidate.refusal)
        if reason != previous:
            runs.append(([], candidate.refusal))
        runs[-1][0].append(candidate.value)
        previous = reason
    return runs


def value_ranges(values: list[int]) -> str:
    """``[0, 1, 2, 5, 13, 14]`` -> ``"0-2, 5, 13-14"``."""
    pieces, start = [], values[0]
    for previous, current in zip(values, [*values[1:], None], strict=True):
        if current != previous + 1:
            pieces.append(str(start) if start == previous else f"{start}-{previous}")
            start = current
    return ", ".join(pieces)

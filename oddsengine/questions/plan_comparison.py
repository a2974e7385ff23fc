"""A plan's courses played out and ranked: what
:func:`~oddsengine.questions.plans.compare_plans` answers.

A :class:`PlanComparison` holds one record per course of a
:class:`~oddsengine.questions.plans.Plan`, best first, and renders itself as every result
does: a ranked text table, JSON, a DataFrame and HTML. A plan that starts from a naval move
prints its courses as :mod:`oddsengine.questions._naval_plans` lays them out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from oddsengine.questions._naval_plans import naval_summary_lines
from oddsengine.results.intervals import Z95
from oddsengine.results.output import Rendered

if TYPE_CHECKING:  # the plan type names its answer type: imported for the reader only
    from oddsengine.questions.plans import Plan

__all__ = ["PlanComparison"]


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class PlanComparison(Rendered):
    """Every course of a plan played out, ranked.

    ``courses`` holds one record per course, best first, and ``frame`` the same as a
    DataFrame (one row per course): ``taken_by_impulse_0`` (at the end of
    the move) to ``taken_by_impulse_K``, ``held``, the events of the move and the siege,
    ``expected_cp`` (of the attacker: the move and every assault and reinforcement),
    ``attacker_losses`` and ``defender_losses`` (expected land units), ``choice`` (what
    the defender's policy chose), and the standard errors ``taken_by_impulse_k_stderr``
    and ``taken_stderr`` (of the last impulse), zero when exact. ``notes``: what a
    course's orders name that its move passes over (a ``prefer:`` retreat space no retreat
    reaches, RULES.md §9), ``"course 'NAME': ..."``, in the JSON's ``notes`` when any.
    """

    plan: Plan
    method: str
    courses: tuple[dict, ...]
    trials: int | None = None
    seed: int | None = None
    notes: tuple[str, ...] = ()

    @cached_property
    def frame(self):
        """The ranked table as a DataFrame, one row per course (built on first use: the
        text and JSON outputs read :attr:`courses` and need no pandas)."""
        import pandas as pd

        return pd.DataFrame(list(self.courses))

    @property
    def ranking(self) -> list[str]:
        """Course names, best first."""
        return [course["course"] for course in self.courses]

    def to_dict(self) -> dict:
        """JSON-ready: the plan, the method and one record per course (best first)."""
        return {
            "title": self.plan.title,
            "side": self.plan.side,
            "horizon": self.plan.horizon,
            "method": self.method,
            "trials": self.trials,
            "seed": self.seed,
            "courses": _plain_records(self.courses),
            # RULES.md §9: what a course's orders name that its move passes over.
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def to_frame(self):
        """The ranked table as a DataFrame (a copy)."""
        return self.frame.copy()

    def __repr__(self) -> str:
        return f"<PlanComparison: {self.summary().splitlines()[0]}>"

    def summary(self) -> str:
        """The ranked table as text."""
        method = (
            "exact"
            if self.trials is None
            else f"Monte Carlo, {self.trials:,} trials, seed {self.seed}"
        )
        goal = "held" if self.plan.side == "defender" else "taken"
        horizon = self.plan.horizon
        if self.plan.starts_with_naval_move:
            naval = naval_summary_lines(self, _plain_records(self.courses))
            heading = f"Courses of the {self.plan.side} (a naval move); method: {method}"
            notes = [f"Note: {note}" for note in self.notes]
            return "\n".join([self.plan.title or "Plans compared", heading, "", *naval, *notes])
        lines = [
            self.plan.title or "Plans compared",
            f"Courses of the {self.plan.side}, ranked by P(space {goal} after impulse "
            f"{horizon}); method: {method}",
            "",
        ]
        first = 0 if self.plan.starts_with_move else 1
        impulses = range(first, horizon + 1)
        width = min(max(20, *(len(name) + 2 for name in self.ranking)), 42)
        header = f"{'rank':<5}{'course':<{width}}" + "".join(
            f"{('move' if k == 0 else f'taken {k}'):>9}" for k in impulses
        )
        header += f"{'held':>9}{'CP':>7}{'losses A/D':>13}"
        lines.append(header)
        for rank, row in enumerate(map(_Row, _plain_records(self.courses)), start=1):
            values = "".join(f"{getattr(row, f'taken_by_impulse_{k}'):>9.2%}" for k in impulses)
            losses = f"{row.attacker_losses:.2f}/{row.defender_losses:.2f}"
            lines.append(
                f"{rank:<5}{row.course[: width - 1]:<{width}}{values}{row.held:>9.2%}"
                f"{row.expected_cp:>7.2f}{losses:>13}"
            )
            details = []
            if self.plan.starts_with_move:
                details.append(
                    f"intercepted {row.intercepted:.1%}, battle {row.field_battle:.1%}, "
                    f"withdrew {row.withdrew:.1%}, avoided {row.avoided_battle:.1%}, "
                    f"siege {row.siege:.1%}"
                )
                if row.choice:
                    details.append(f"defender: {row.choice}")
            details.append(f"siege broken by {horizon}: {row.broken:.1%}")
            if self.trials:
                details.append(f"taken by {horizon}: ± {Z95 * row.taken_stderr:.2%} (95%)")
            lines.append(" " * 5 + "; ".join(details))
        lines += [f"Note: {note}" for note in self.notes]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        return self.frame.to_html(index=False, float_format=lambda value: f"{value:.4f}")


class _Row:
    """A course's record read by attribute, as the rows of the table are."""

    def __init__(self, record: dict):
        self.__dict__.update(record)


def _plain_records(courses) -> list[dict]:
    """The courses as records of plain values, every record with every key (in the order
    they first appear) and None for a missing or NaN value, as the ranked DataFrame's
    ``replace({nan: None}).to_dict(orient="records")`` gives them."""
    keys = list(dict.fromkeys(key for course in courses for key in course))
    records = []
    for course in courses:
        record = {}
        for key in keys:
            value = course.get(key)
            if isinstance(value, np.generic):
                value = value.item()
            if isinstance(value, float) and math.isnan(value):
                value = None
            record[key] = value
        records.append(record)
    return records

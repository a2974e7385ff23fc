"""What a siege campaign came to: a :class:`~oddsengine.results.result.Result` by impulse."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from oddsengine.results.output import percent_decimals
from oddsengine.results.result import Z95, Result

__all__ = ["CampaignResult"]

#: End states of a campaign, the outcomes of its Result (weights: probabilities or trials).
CAMPAIGN_OUTCOMES = ("taken", "broken", "standing", "no_siege")


@dataclass(frozen=True, eq=False, repr=False)  # its own __repr__ below
class CampaignResult(Result):
    """What a siege campaign came to.

    ``taken_by[k - 1]`` is P(space taken by impulse k); ``broken_by`` likewise for the
    siege breaking (both include the chance that no siege was laid, for a campaign that
    follows a move). Given a siege: ``expected_cp`` counts assaults and reinforcement
    moves; ``besiegers_left`` and ``garrison_left`` are expected land units at the end of
    the horizon (eliminated sides count 0); ``besiegers_left_if_taken`` is the
    expectation given the space was taken. Monte Carlo results carry standard errors.

    Its probabilities (``p``, ``stderr``, ``ci95``) are named ``taken_by_impulse_k`` and
    ``broken_by_impulse_k`` (with ``siege``, the chance a siege stands at the start), so
    that :func:`~oddsengine.compare` puts an exact and a Monte Carlo campaign side by side.
    Build one with :meth:`of`.
    """

    taken_by: np.ndarray | None = None
    broken_by: np.ndarray | None = None
    expected_cp: float = 0.0
    besiegers_left: float = 0.0
    garrison_left: float = 0.0
    besiegers_left_if_taken: float = 0.0
    errors: dict | None = None

    @classmethod
    def of(
        cls,
        campaign,
        method,
        taken_by,
        broken_by,
        expectations,
        trials=None,
        seed=None,
        errors=None,
        end_weights=None,
    ) -> CampaignResult:
        """A campaign's result from its curves and its four expectations (in the order of
        the fields); ``end_weights`` are the weights of :data:`CAMPAIGN_OUTCOMES`
        (probabilities, or trials for Monte Carlo; from the curves when omitted)."""
        if end_weights is None:
            siege = campaign.siege_probability
            taken, broken = float(taken_by[-1]), float(broken_by[-1])
            end_weights = (taken, broken, max(siege - taken - broken, 0.0), 1.0 - siege)
        states = {"outcome": np.array(CAMPAIGN_OUTCOMES, dtype=object)}
        cp, besiegers, garrison, if_taken = expectations
        return cls(
            campaign,
            method,
            states,
            np.asarray(end_weights, dtype=float),
            trials,
            seed,
            None,
            None,
            taken_by,
            broken_by,
            cp,
            besiegers,
            garrison,
            if_taken,
            errors,
        )

    @property
    def campaign(self):
        """The :class:`~oddsengine.moves.siege_campaign.SiegeCampaign` (the same as ``spec``)."""
        return self.spec

    @property
    def outcome_names(self) -> tuple[str, ...]:
        return tuple(f"taken_by_impulse_{k + 1}" for k in range(self.taken_by.size))

    @property
    def event_names(self) -> tuple[str, ...]:
        return ("siege", *(f"broken_by_impulse_{k + 1}" for k in range(self.broken_by.size)))

    @cached_property
    def _p(self) -> dict[str, float]:
        return {
            "siege": self.campaign.siege_probability,
            **{f"taken_by_impulse_{k + 1}": float(v) for k, v in enumerate(self.taken_by)},
            **{f"broken_by_impulse_{k + 1}": float(v) for k, v in enumerate(self.broken_by)},
        }

    @property
    def stderr(self) -> dict[str, float]:
        """Standard error of every probability (the siege's own chance is not sampled)."""
        return super().stderr | {"siege": 0.0}

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        siege = self.campaign.siege_probability
        return super().ci95 | {"siege": (siege, siege)}

    def to_dict(self) -> dict:
        """A JSON-ready summary (the ``oddsengine siege --format json`` output)."""
        data = {
            "kind": self.campaign.kind,
            "spec": self.campaign.describe(),
            "method": self.method,
            "trials": self.trials,
            "seed": self.seed,
            "p": self.p,
            "expected_cp": self.expected_cp,
            "besiegers_left": self.besiegers_left,
            "garrison_left": self.garrison_left,
            "besiegers_left_if_taken": self.besiegers_left_if_taken,
        }
        if self.errors is not None:
            data["stderr"] = self.errors
        if self.method_reason is not None:
            data["method_reason"] = self.method_reason
        return data

    def to_csv(self, header: bool = True, fractions: dict | None = None) -> str:
        """The CSV text of :meth:`to_frame` (one row per impulse), without the index.

        ``header`` and ``fractions`` are taken as every answer's writer passes them: a
        campaign's table, whose columns depend on its method (Monte Carlo adds
        ``stderr``), keeps its header row (an exact and a Monte Carlo answer written one
        under the other are two tables), and its chances are no fractions of one draw.
        """
        return self.to_frame().to_csv(index=False)

    def to_frame(self):
        """One row per impulse: P(taken by k), P(broken by k) and, for Monte Carlo, the
        standard error of P(taken by k)."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "impulse": np.arange(1, self.taken_by.size + 1),
                "taken_by": self.taken_by,
                "broken_by": self.broken_by,
            }
        )
        if self.trials:
            frame["stderr"] = np.sqrt(self.taken_by * (1 - self.taken_by) / self.trials)
        return frame

    def _lines(self) -> list[str]:
        return [self.campaign.title(), *self.campaign.describe_lines()]

    def summary(self, fractions: dict | None = None) -> str:
        """A plain-text table for a terminal: one row per impulse, then the expectations
        (``fractions``: as :meth:`to_csv`)."""
        lines = [*self._lines(), f"Method: {self._method_line()}", ""]
        lines.append(f"{'impulse':<10}{'taken by':>12}{'broken by':>12}")
        for index, (taken, broken) in enumerate(zip(self.taken_by, self.broken_by, strict=True)):
            # Exact: EXACT_DECIMALS; Monte Carlo: rounded to the standard error.
            error = math.sqrt(taken * (1 - taken) / self.trials) if self.trials else None
            places = percent_decimals(error)
            row = f"{index + 1:<10}{taken:>12.{places}%}{broken:>12.{places}%}"
            if self.trials:
                row += f"  ± {Z95 * error:.{places}%}"
            lines.append(row)
        lines += [
            "",
            f"Expected CP spent: {self.expected_cp:.3f}",
            f"Expected besiegers left: {self.besiegers_left:.3f} land units "
            f"({self.besiegers_left_if_taken:.3f} if the space is taken)",
            f"Expected garrison left: {self.garrison_left:.3f} land units",
        ]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<CampaignResult {self.method}: taken by impulse {self.taken_by.size} "
            f"{self.taken_by[-1]:.4f}>"
        )

    def _repr_html_(self) -> str:
        from html import escape

        table = self.to_frame().to_html(
            index=False,
            formatters={"impulse": str},
            float_format=lambda value: f"{value:.4%}",
            border=0,
        )
        caption = "<br>".join(escape(line) for line in self._lines())
        method = escape(self._method_line())
        return f"<div><p><b>{caption}</b><br><i>{method}</i></p>{table}</div>"

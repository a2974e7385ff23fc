"""What a run of attempts answers (RULES.md §19): each policy's outcome (the expected flips,
P(k flips), the chance each space turns, its first target and its tree of choices) and the
answer that sets the optimal policy beside the simple ones; a Monte Carlo sample of a fixed
policy, with its intervals. Both give a sweep's rows (:meth:`PolicyOutcome.rows`,
:meth:`RunSample.rows`): ``expected.flips`` (kind ``expected``: the expected number in the
``probability`` column), ``p.flips:K`` (the outcomes), ``p.protestant:SPACE`` (events;
``p.catholic:SPACE`` for Counter-Reformation runs) and ``policy.first_target:SPACE`` (kind
``policy``: the space aimed first, with the chance that attempt succeeds), the names of
the ``attempts`` command's JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from oddsengine.results.intervals import Z95, wilson_interval
from oddsengine.results.output import Rendered

__all__ = ["PolicyOutcome", "RunAnswer", "RunSample"]


def _row(
    outcome: str,
    kind: str,
    value: float,
    low: float,
    high: float,
    error: float,
    method: str,
    trials,
    seed,
) -> dict:
    """One record of a sweep's rows (the keys of ``Result.rows``)."""
    return {
        "outcome": outcome,
        "kind": kind,
        "probability": float(value),
        "ci95_low": float(low),
        "ci95_high": float(high),
        "stderr": float(error),
        "method": method,
        "trials": trials,
        "seed": seed,
    }


@dataclass(frozen=True)
class PolicyOutcome:
    """What one policy gives: the expected flips, P(k flips) for every k, P(each space
    ends flipped), its first target and its tree of choices."""

    policy: str
    expected_flips: float
    flips: tuple[float, ...]
    spaces: dict
    first_target: str | None
    objective_value: float
    tree: dict = field(repr=False, default_factory=dict)
    notes: tuple[str, ...] = ()
    side: str = "protestant"

    def at_least(self, k: int) -> float:
        """The chance of ``k`` flips or more."""
        return float(sum(self.flips[k:]))

    #: An exact answer has no precision target (a sweep's rows read it).
    precision_target = None

    def rows(self) -> list[dict]:
        """The sweep's rows of this outcome, exactly (see the module notes).

        Examples
        --------
        >>> outcome = PolicyOutcome("greedy", 0.5, (0.5, 0.5), {"Mainz": 0.5}, "Mainz", 0.5,
        ...                         {"target": "Mainz", "p_success": 0.5})
        >>> [(row["outcome"], row["kind"], row["probability"]) for row in outcome.rows()][:2]
        [('expected.flips', 'expected', 0.5), ('p.flips:0', 'outcome', 0.5)]
        """
        figures = [("expected.flips", "expected", self.expected_flips)]
        figures += [(f"p.flips:{k}", "outcome", value) for k, value in enumerate(self.flips)]
        figures += [
            (f"p.{_WORD[self.side]}:{space}", "event", value)
            for space, value in self.spaces.items()
        ]
        if self.first_target is not None:
            figures.append(
                (f"policy.first_target:{self.first_target}", "policy", self.tree["p_success"])
            )
        return [
            _row(name, kind, value, value, value, 0.0, "exact", None, None)
            for name, kind, value in figures
        ]

    def describe(self, depth: int = 3) -> dict:
        """The outcome as plain data, its tree cut at ``depth`` attempts."""
        return {
            "policy": self.policy,
            "expected": {"flips": self.expected_flips},
            "p": {
                **{f"flips:{k}": value for k, value in enumerate(self.flips)},
                **{f"{_WORD[self.side]}:{space}": value for space, value in self.spaces.items()},
            },
            "objective_value": self.objective_value,
            "policy_tree": _cut(self.tree, depth),
            "first_target": self.first_target,
            "notes": list(self.notes),
        }


_WORD = {"protestant": "protestant", "papacy": "catholic"}


def _cut(tree: dict, depth: int) -> dict:
    if not tree or depth <= 0:
        return {}
    cut = {key: value for key, value in tree.items() if key not in ("success", "failure")}
    for branch in ("success", "failure"):
        if tree.get(branch):
            cut[branch] = _cut(tree[branch], depth - 1)
    return cut


class _RunRendered(Rendered):
    """What the answers of a run share with a :class:`~oddsengine.results.result.Result`:
    the spec (the run), the outcome names (``flips:K``) and what every face reads of a
    result, so that one writer prints them in every format."""

    @property
    def spec(self):
        """The run answered (:class:`~oddsengine.religion.attempt_runs.AttemptRun`)."""
        return self.run

    @property
    def outcome_names(self) -> tuple[str, ...]:
        """``flips:K`` for every K: exclusive and exhaustive."""
        return tuple(f"flips:{k}" for k in range(self.run.source.attempts + 1))

    def expected_losses(self) -> dict:
        """None: a run loses no units."""
        return {}

    def _method_line(self) -> str:
        reason = "" if self.method_reason is None else f" ({self.method_reason})"
        if self.is_exact:
            return "exact" + reason
        return f"Monte Carlo{reason}, {self.trials:,} trials, seed {self.seed}"

    def _written(self, form: str) -> str:
        """The answer written as ``form`` (``text``, ``csv``, ``markdown``, ``bbcode``) by
        the writer of its method (:data:`~oddsengine.results.run_output.RUN_WRITERS`)."""
        from oddsengine.results.run_output import RUN_WRITERS

        return RUN_WRITERS[self.method][form](self)

    def summary(self, fractions=None) -> str:
        return self._written("text")

    def to_csv(self, header: bool = True, fractions=None) -> str:
        text = self._written("csv")
        return text if header else text.split("\n", 1)[1]

    def to_markdown(self) -> str:
        return self._written("markdown")

    def to_bbcode(self) -> str:
        return self._written("bbcode")

    def render(self, form: str) -> str:
        """The answer as ``form`` (table, json, csv, markdown or bbcode); its JSON writes
        the spaces' names as they are (Zürich, Lübeck), as ``attempts`` always has."""
        if form == "json":
            import json

            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        return super().render(form)


@dataclass(frozen=True)
class RunAnswer(_RunRendered):
    """The answer to a run: the optimal policy beside "best single odds each time" and,
    when given, a fixed order.

    ``policy`` is the policy the answer is about (its figures head the JSON, and its
    chances are :attr:`p`). Under a fixed one (greedy, order) the optimal policy may be
    left out (``optimal`` and ``states`` None: its search would be too large), which
    ``notes`` then says. It renders as a result does
    (:meth:`~oddsengine.results.output.Rendered.render`: the text with each
    policy, the chance each space turns and the policy's tree to the run's ``depth``,
    JSON, CSV, Markdown and BBCode).
    """

    run: object
    optimal: PolicyOutcome | None
    greedy: PolicyOutcome
    order: PolicyOutcome | None = None
    states: int | None = 0
    policy: str = "optimal"
    notes: tuple[str, ...] = ()
    #: Why this engine answered (the "Method:" of the forum formats), as the doors say.
    method_reason: str | None = None

    method = "exact"
    is_exact = True
    trials = seed = precision_target = None

    @property
    def headline(self) -> PolicyOutcome:
        """The outcome of the policy the answer is about."""
        return self.outcomes()[self.policy]

    @property
    def p(self) -> dict[str, float]:
        """The chance of each number of flips and of each space turning, under the policy
        the answer is about (the JSON's ``p`` of that policy)."""
        return self.headline.describe(0)["p"]

    @property
    def stderr(self) -> dict[str, float]:
        return dict.fromkeys(self.p, 0.0)

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        return {name: (value, value) for name, value in self.p.items()}

    def expected_values(self) -> dict:
        """The expected flips of the policy the answer is about."""
        return {"flips": {"mean": self.headline.expected_flips, "stderr": 0.0}}

    @property
    def compared(self) -> dict[str, list[float]]:
        """Each policy's chance of each number of flips, by policy: a chart's bars."""
        return {name: list(outcome.flips) for name, outcome in self.outcomes().items()}

    def sections(self) -> list[tuple[str, list[str]]]:
        """The policies compared, the chance each space turns and the policy's tree, and
        the notes, as the text writes them (what the explorer shows under the odds)."""
        from oddsengine.results.run_output import answer_notes, answer_sections, policies_lines

        found = [("The policies compared:", policies_lines(self)), *answer_sections(self)]
        notes = answer_notes(self)
        return found + ([("Notes:", notes)] if notes else [])

    def to_dict(self) -> dict:
        """The JSON of ``oddsengine attempts``: :meth:`describe` to the run's depth, about
        the policy answered (``headline_policy``), with the optimal one compared when
        another is answered."""
        depth = self.run.depth
        described = self.describe(depth)
        described["headline_policy"] = self.policy
        if self.policy != "optimal" and self.optimal is not None:
            described["compare"]["optimal"] = self.optimal.describe(depth)
            top = self.headline.describe(depth)
            described["expected"], described["p"] = top["expected"], top["p"]
        return described

    def outcomes(self) -> dict[str, PolicyOutcome]:
        """Each policy answered, by name (``optimal``, ``greedy``, ``order``)."""
        found = {"optimal": self.optimal, "greedy": self.greedy, "order": self.order}
        return {name: outcome for name, outcome in found.items() if outcome is not None}

    def describe(self, depth: int = 3) -> dict:
        """The answer as plain data (the JSON of ``oddsengine attempts``): the figures of
        the optimal policy, or, when it was not searched, of the policy answered."""
        headline = self.optimal if self.optimal is not None else self.outcomes()[self.policy]
        top = headline.describe(depth)
        answer = {
            "kind": "attempts",
            "spec": self.run.describe(),
            "method": "exact",
            "expected": top["expected"],
            "p": top["p"],
            "policy": {
                "first_target": headline.first_target,
                "objective": self.run.objective,
                "objective_value": headline.objective_value,
                "tree": top["policy_tree"],
            },
            "compare": {"greedy": self.greedy.describe(depth)},
            "states": self.states,
            "notes": list(self.notes)
            + list(headline.notes)
            + ([] if self.order is None else list(self.order.notes)),
        }
        if self.order is not None:
            answer["compare"]["order"] = self.order.describe(depth)
        return answer


@dataclass(frozen=True)
class RunSample(_RunRendered):
    """A Monte Carlo sample of a run: how many trials ended with each number of flips, and
    with each space flipped. It renders as a result does
    (:meth:`~oddsengine.results.output.Rendered.render`)."""

    policy: str
    trials: int
    seed: int
    flip_counts: tuple[int, ...]
    space_counts: dict
    #: Who attempted, the policy's first target (None: no attempt) and the precision
    #: target the trials were run to (None: a fixed number of trials).
    side: str = "protestant"
    first_target: str | None = None
    precision_target: float | None = None
    #: The run sampled, what its standing order passed over, and why this engine
    #: answered (as the doors say).
    run: object = field(default=None, repr=False, compare=False)
    notes: tuple[str, ...] = ()
    method_reason: str | None = None

    method = "monte-carlo"
    is_exact = False

    @property
    def p(self) -> dict[str, float]:
        """The chance of each number of flips and of each space turning, under the names
        of the exact answer (``catholic:SPACE`` for a Counter-Reformation run)."""
        found = {f"flips:{k}": count / self.trials for k, count in enumerate(self.flip_counts)}
        word = _WORD[self.side]
        found.update(
            {f"{word}:{space}": count / self.trials for space, count in self.space_counts.items()}
        )
        return found

    @property
    def stderr(self) -> dict[str, float]:
        return {
            name: float(np.sqrt(value * (1 - value) / self.trials))
            for name, value in self.p.items()
        }

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        return {
            name: wilson_interval(round(value * self.trials), self.trials)
            for name, value in self.p.items()
        }

    def expected_values(self) -> dict:
        """The expected flips, with its standard error."""
        return {"flips": {"mean": self.expected_flips, "stderr": self.flips_error}}

    def to_dict(self) -> dict:
        """The JSON of ``oddsengine attempts --monte-carlo``: :meth:`describe`, the run's
        ``spec`` and, for a standing order, its ``notes``."""
        described = self.describe()
        if self.run is not None:
            described["spec"] = self.run.describe()
        if self.notes:
            described["notes"] = list(self.notes)
        return described

    @property
    def flips(self) -> tuple[float, ...]:
        return tuple(count / self.trials for count in self.flip_counts)

    @property
    def expected_flips(self) -> float:
        return sum(k * count for k, count in enumerate(self.flip_counts)) / self.trials

    @property
    def flips_error(self) -> float:
        """The standard error of :attr:`expected_flips`."""
        mean = self.expected_flips
        second = sum(k * k * count for k, count in enumerate(self.flip_counts)) / self.trials
        return float(np.sqrt(max(second - mean * mean, 0.0) / self.trials))

    @property
    def half_width(self) -> float:
        """The widest 95% half-width among the ``p.flips:K``."""
        return max(
            (high - low) / 2
            for low, high in (wilson_interval(count, self.trials) for count in self.flip_counts)
        )

    def rows(self) -> list[dict]:
        """The sweep's rows of this sample, with their 95% intervals (Wilson for the
        chances, the normal one for the expected flips; see the module notes)."""
        method, trials, seed = "monte-carlo", self.trials, self.seed

        def chance(name, kind, count):
            value = count / trials
            low, high = wilson_interval(count, trials)
            error = float(np.sqrt(value * (1 - value) / trials))
            return _row(name, kind, value, low, high, error, method, trials, seed)

        mean, error = self.expected_flips, self.flips_error
        rows = [
            _row(
                "expected.flips",
                "expected",
                mean,
                mean - Z95 * error,
                mean + Z95 * error,
                error,
                method,
                trials,
                seed,
            )
        ]
        rows += [
            chance(f"p.flips:{k}", "outcome", count) for k, count in enumerate(self.flip_counts)
        ]
        rows += [
            chance(f"p.{_WORD[self.side]}:{space}", "event", count)
            for space, count in self.space_counts.items()
        ]
        if self.first_target is not None:
            rows.append(
                chance(
                    f"policy.first_target:{self.first_target}",
                    "policy",
                    self.space_counts.get(self.first_target, 0),
                )
            )
        return rows

    def describe(self) -> dict:
        p, intervals, errors = {}, {}, {}
        for k, count in enumerate(self.flip_counts):
            p[f"flips:{k}"] = count / self.trials
            intervals[f"flips:{k}"] = list(wilson_interval(count, self.trials))
            errors[f"flips:{k}"] = float(
                np.sqrt(p[f"flips:{k}"] * (1 - p[f"flips:{k}"]) / self.trials)
            )
        # The chance each space is turned: p.catholic:SPACE for a Counter-Reformation run,
        # as the exact answer names it; p.protestant:SPACE is written for every run, as it
        # always was (for a Counter-Reformation run it is the same chance: kept for scripts).
        words = ["protestant"] if self.side == "protestant" else ["protestant", "catholic"]
        for space, count in self.space_counts.items():
            for word in words:
                key = f"{word}:{space}"
                p[key] = count / self.trials
                intervals[key] = list(wilson_interval(count, self.trials))
                errors[key] = float(np.sqrt(p[key] * (1 - p[key]) / self.trials))
        return {
            "kind": "attempts",
            "method": "monte carlo",
            "policy": self.policy,
            "trials": self.trials,
            "seed": self.seed,
            "expected": {"flips": self.expected_flips},
            "standard_error": {"expected.flips": self.flips_error, **errors},
            "p": p,
            "interval_95": intervals,
        }

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

from oddsengine.results.result import Z95, wilson_interval

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


@dataclass(frozen=True)
class RunAnswer:
    """The answer to a run: the optimal policy beside "best single odds each time" and,
    when given, a fixed order.

    ``policy`` is the policy the answer is about (its figures head the JSON). Under a fixed
    one (greedy, order) the optimal policy may be left out (``optimal`` and ``states``
    None: its search would be too large), which ``notes`` then says.
    """

    run: object
    optimal: PolicyOutcome | None
    greedy: PolicyOutcome
    order: PolicyOutcome | None = None
    states: int | None = 0
    policy: str = "optimal"
    notes: tuple[str, ...] = ()

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
class RunSample:
    """A Monte Carlo sample of a run: how many trials ended with each number of flips, and
    with each space flipped."""

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
            "method": "monte carlo",
            "policy": self.policy,
            "trials": self.trials,
            "seed": self.seed,
            "expected": {"flips": self.expected_flips},
            "standard_error": {"expected.flips": self.flips_error, **errors},
            "p": p,
            "interval_95": intervals,
        }

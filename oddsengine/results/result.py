"""Results: outcome distributions with their uncertainty, in one shape for both engines.

A :class:`Result` holds the distinct end states of an engagement with their weights (trial
counts for Monte Carlo, exact probabilities for the exact engine), the number of trials,
the seed and the spec. Everything else (probabilities, standard errors, Wilson intervals,
expected losses, tidy DataFrames, HTML) is derived from those.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy as np

from oddsengine.draws import falling_order, weighted_mean
from oddsengine.results.end_states import merge_cells
from oddsengine.results.intervals import Z95, wilson_interval
from oddsengine.results.output import (
    ESTIMATE_COLUMNS,
    Rendered,
    mean_and_error,
    percent_decimals,
    value_words,
    without_float_noise,
)

__all__ = ["Result", "wilson_interval", "Z95"]


@dataclass(frozen=True, eq=False, repr=False)  # its own __repr__ below
class Result(Rendered):
    """The answer to one question, exact or by Monte Carlo.

    Parameters
    ----------
    spec : object
        The engagement that was analysed.
    method : {"exact", "monte-carlo"}
    states : dict of str to ndarray
        One entry per distinct end state: the ``outcome`` and every descriptive column.
    weights : ndarray
        The probability (exact) or the number of trials (Monte Carlo) of each state.
    trials : int or None
        Monte Carlo trials; None for exact results.
    seed : int or None
        The seed that reproduces a Monte Carlo result.
    precision_target : float or None
        The requested 95% half-width, if the run was driven by one.
    method_reason : str or None
        Why this engine answered (the command line's ``--method``), shown on the
        "Method:" line; None when the caller chose the engine directly.

    Examples
    --------
    >>> from oddsengine import FieldBattle, simulate
    >>> result = simulate(FieldBattle("4R L1", "hapsburg: 3R"), trials=100_000, seed=1)
    >>> sorted(result.p)[:2]
    ['attacker_leaders_captured', 'attacker_wins']
    >>> result.method, result.trials
    ('monte-carlo', 100000)
    """

    spec: object
    method: str
    states: dict
    weights: np.ndarray
    trials: int | None = None
    seed: int | None = None
    precision_target: float | None = None
    method_reason: str | None = None

    @classmethod
    def from_cells(cls, spec, method, values, weights, **metadata) -> Result:
        """Build a result from the weight of every cell of the spec's draw plan."""
        columns = spec.outcome_columns(values)
        ((states, summed),) = merge_cells(columns, weights)
        return cls(spec, method, states, summed, **metadata)

    # -- probabilities -----------------------------------------------------------------

    @property
    def is_exact(self) -> bool:
        return self.method == "exact"

    @property
    def probabilities(self) -> np.ndarray:
        """Probability of each end state."""
        # np.add.reduce is what ndarray.sum runs (the same sum), without its wrapper.
        return self.weights / np.add.reduce(self.weights)

    @property
    def outcome_names(self) -> tuple[str, ...]:
        """Headline outcomes: the spec's names, then any other outcome that occurred."""
        return self._outcome_names

    @property
    def _outcome_names(self) -> tuple[str, ...]:
        # Computed once: every row, interval and repr asks for it (a result never changes).
        # Kept in the instance's dict, as functools.cached_property would keep it, without
        # its lock (Python 3.11 takes one per first read: a tenth of a small answer's time).
        names = self.__dict__.get("_outcome_names_kept")
        if names is None:
            names = self.__dict__["_outcome_names_kept"] = self._find_outcome_names()
        return names

    def _find_outcome_names(self) -> tuple[str, ...]:
        names = list(self.spec.outcome_names)
        masks = self.__dict__.get("_outcome_masks_kept")
        if masks is not None:
            # The labels the states hold, in the order they first hold them.
            held = [label for label in masks if label not in names and masks[label].any()]
            return (*names, *sorted(held, key=lambda label: int(masks[label].argmax())))
        outcome = self.states.get("outcome", ())
        # Each label once, in the order the states first hold it.
        held = dict.fromkeys(outcome.tolist() if isinstance(outcome, np.ndarray) else outcome)
        names += [name for name in held if name not in names]
        return tuple(names)

    @property
    def event_names(self) -> tuple[str, ...]:
        return tuple(self.spec.event_names)

    @property
    def p(self) -> dict[str, float]:
        """Probability of every headline outcome and event, by name."""
        return dict(self._p)

    @property
    def _p(self) -> dict[str, float]:
        # Computed once: p, stderr and ci95 all read it (a result never changes); kept as
        # _outcome_names is.
        values = self.__dict__.get("_p_kept")
        if values is None:
            values = self.__dict__["_p_kept"] = self._probabilities_by_name()
        return values

    def _probabilities_by_name(self) -> dict[str, float]:
        outcome = self.states["outcome"]
        probabilities = self.probabilities
        masks = self.__dict__.get("_outcome_masks_kept", {})
        # np.add.reduce is what ndarray.sum runs (the same sums), without its wrapper.
        add = np.add.reduce
        values = {
            name: float(add(probabilities[masks[name] if name in masks else outcome == name]))
            for name in self.outcome_names
        }
        for name in self.event_names:
            mask = np.asarray(self.states[name], dtype=bool)
            values[name] = float(add(probabilities[mask]))
        for name, value in values.items():
            if value > 1.0:  # the rounding of a sum over (nearly) every state
                values[name] = 1.0
        return values

    def knowing_outcomes(self, masks: dict) -> Result:
        """This result, told which states hold each outcome.

        Parameters
        ----------
        masks : dict of str to bool array
            For every label the states may hold, ``states["outcome"] == label`` (the
            exact engine knows them from its end-state map): :attr:`p` and
            :attr:`outcome_names` read them instead of every state's label, with the same
            sums.

        Returns
        -------
        Result
            This result.

        Examples
        --------
        >>> from oddsengine import FieldBattle, exact
        >>> answer = exact(FieldBattle("2R", "hapsburg: 1R"))
        >>> outcome = answer.states["outcome"]
        >>> masks = {label: outcome == label for label in ("attacker_wins", "defender_wins")}
        >>> told = Result(answer.spec, "exact", answer.states, answer.weights)
        >>> told.knowing_outcomes(masks).p == answer.p
        True
        """
        self.__dict__["_outcome_masks_kept"] = masks
        return self

    @property
    def stderr(self) -> dict[str, float]:
        """Standard error of every probability (0 for exact results)."""
        if self.is_exact:
            return {name: 0.0 for name in self._p}
        return {
            name: math.sqrt(max(value * (1 - value), 0.0) / self.trials)
            for name, value in self._p.items()
        }

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        """95% Wilson interval of every probability (a point for exact results)."""
        if self.is_exact:
            return {name: (value, value) for name, value in self._p.items()}
        return {
            name: wilson_interval(value * self.trials, self.trials)
            for name, value in self._p.items()
        }

    @property
    def half_width(self) -> float:
        """The widest 95% half-width among the headline outcomes."""
        intervals = self.ci95
        return max((intervals[name][1] - intervals[name][0]) / 2 for name in self.outcome_names)

    # -- losses and survivors ----------------------------------------------------------

    def _sides(self):
        return [side for side in ("attacker", "defender") if f"{side}_survivors" in self.states]

    def expected_losses(self) -> dict[str, dict[str, float]]:
        """Mean land units lost by each side, with its standard error.

        Returns
        -------
        dict
            ``{"attacker": {"mean": ..., "stderr": ...}, "defender": {...}}``.
        """
        losses = {}
        for label, units, column in getattr(self.spec, "loss_groups", ()):
            losses[label] = self._mean_and_stderr(units - self.states[column])
        return losses

    def _mean_and_stderr(self, data) -> dict[str, float]:
        """The mean of a column over the end states, with its standard error (0 exact)."""
        mean = weighted_mean(self.probabilities, data)
        variance = weighted_mean(self.probabilities, (data - mean) ** 2)
        stderr = 0.0 if self.is_exact else math.sqrt(variance / self.trials)
        return {"mean": mean, "stderr": stderr}

    def expected_cp_lost(self) -> dict[str, dict[str, float]]:
        """Mean CP lost by each side, its units lost at their build cost (a regular or a
        squadron 2, a mercenary, cavalry or a corsair 1), with its standard error; empty
        where the states do not count a side's units by type
        (:func:`oddsengine.results.cp_lost.expected_cp_lost`)."""
        from oddsengine.results.cp_lost import expected_cp_lost

        return expected_cp_lost(self)

    def expected_values(self) -> dict[str, dict[str, float]]:
        """Mean of each column the spec reports (``spec.reported_columns``: name to
        ``(column, scale)``), such as ships left or piracy VP, with its standard error."""
        values = {}
        for name, (column, scale) in getattr(self.spec, "reported_columns", {}).items():
            data = np.asarray(self.states[column], dtype=float) * scale
            values[name] = self._mean_and_stderr(data)
        return values

    def survivors(self, given: str | None = None):
        """Joint distribution of surviving land units: a DataFrame indexed by the
        attacker's survivors, with one column per number of defender survivors.

        Parameters
        ----------
        given : str, optional
            An outcome or event (``"attacker_wins"``, ``"success"``): the distribution of
            what is left when it happens (each column sums, over the rows, to the chance
            of that column given it; the whole table sums to 1).

        Raises
        ------
        OddsEngineError
            For a kind with no survivors table (an interception or a piracy roll, a siege
            campaign).

        Examples
        --------
        >>> from oddsengine import FieldBattle, exact
        >>> won = exact(FieldBattle("2R", "hapsburg: 1R")).survivors(given="attacker_wins")
        >>> float(won.to_numpy().sum()), won.columns.tolist()
        (1.0, [0])
        """
        from oddsengine.results.survivors import survivors_frame

        return survivors_frame(self, given)

    def expected_survivors(self, given: str | None = None) -> dict[str, float]:
        """Expected units left of each side, given an outcome or event (``given``): the
        mean of what remains when, say, the attacker wins.

        Examples
        --------
        >>> from oddsengine import FieldBattle, exact
        >>> left = exact(FieldBattle("2R", "hapsburg: 1R")).expected_survivors("defender_wins")
        >>> round(left["defender"], 4)  # 41/57
        0.7193
        """
        from oddsengine.results.survivors import expected_survivors

        return expected_survivors(self, given)

    def survivors_at_least(self, given: str | None = None):
        """P(at least N units of a side are left | ``given``): a DataFrame indexed by ``N``
        with an ``attacker`` and a ``defender`` column."""
        from oddsengine.results.survivors import survivors_at_least

        return survivors_at_least(self, given)

    def states_frame(self):
        """Every distinct end state with its probability (and count, for Monte Carlo)."""
        import pandas as pd

        frame = pd.DataFrame(self.states)
        frame["probability"] = self.probabilities
        if not self.is_exact:
            frame["count"] = self.weights.astype(np.int64)
        # Equal probabilities in the order of the states, on every machine.
        return frame.take(falling_order(self.probabilities)).reset_index(drop=True)

    # -- output ------------------------------------------------------------------------

    #: The columns of :meth:`rows`, :meth:`to_frame` and :meth:`to_csv`, in order.
    ROW_COLUMNS = (*ESTIMATE_COLUMNS, "method", "trials", "seed")

    def rows(self) -> list[dict]:
        """One record per outcome and event, with its probability, 95% interval, standard
        error, method, trials and seed (the keys of :attr:`ROW_COLUMNS`)."""
        p, intervals, errors = self._p, self.ci95, self.stderr
        headline = frozenset(self.outcome_names)  # once, not once a row
        method, trials, seed = self.method, self.trials, self.seed
        return [
            {
                "outcome": name,
                "kind": "outcome" if name in headline else "event",
                "probability": value,
                "ci95_low": intervals[name][0],
                "ci95_high": intervals[name][1],
                "stderr": errors[name],
                "method": method,
                "trials": trials,
                "seed": seed,
            }
            for name, value in p.items()
        ]

    def to_frame(self):
        """A tidy DataFrame of :meth:`rows`: one row per outcome and event."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    #: Keys of ``spec.describe()`` that name a force or a fleet, carried by the CSV.
    FORCE_KEYS = (
        "attacker",
        "defender",
        "interceptor",
        "mover",
        "pirates",
        "force",
        "besiegers",
        "garrison",
        "units",
        "defenders",
    )

    def _forces(self) -> dict[str, str]:
        described = self.spec.describe()
        return {
            key: str(described[key])
            for key in self.FORCE_KEYS
            if isinstance(described.get(key), str)
        }

    def to_csv(self, header: bool = True, fractions: dict | None = None) -> str:
        """The CSV of :meth:`rows` (the ``--format csv`` output of the command line):
        probabilities written in full, an empty cell for no trials or no seed; then the
        ``engagement`` and its forces (``attacker``, ``defender``, ... as in the JSON's
        ``spec``), the same on every row, so that a CSV says what it answers; last, where
        a combat has them, the expected CP lost by each side (``expected_cp_lost_attacker``,
        ``expected_cp_lost_defender``), then, when ``fractions`` are given, each row's exact
        ``fraction``."""
        buffer = io.StringIO()
        import csv

        writer = csv.writer(buffer, lineterminator="\n")
        forces = self._forces()
        # The expected CP lost by each side, the same on every row, after the forces.
        cp_lost = self.expected_cp_lost() if self._sides() else {}
        spent = {f"expected_cp_lost_{side}": repr(lost["mean"]) for side, lost in cp_lost.items()}
        extra = ["fraction"] if fractions else []
        if header:
            writer.writerow([*self.ROW_COLUMNS, "engagement", *forces, *spent, *extra])
        for row in self.rows():
            writer.writerow(
                [
                    row["outcome"],
                    row["kind"],
                    repr(row["probability"]),
                    repr(row["ci95_low"]),
                    repr(row["ci95_high"]),
                    repr(row["stderr"]),
                    row["method"],
                    "" if row["trials"] is None else row["trials"],
                    "" if row["seed"] is None else row["seed"],
                    self.spec.kind,
                    *forces.values(),
                    *spent.values(),
                    *([str(fractions[row["outcome"]])] if fractions else []),
                ]
            )
        return buffer.getvalue()

    def to_markdown(self) -> str:
        """The result for a forum post in Markdown: the caption in bold (what, the rules,
        the method, as an odds table's), a table of every outcome and event, then the
        expected losses and values."""
        from oddsengine.results.forum import result_markdown

        return result_markdown(self)

    def to_bbcode(self) -> str:
        """The result for BoardGameGeek's forums: the caption in ``[b]``, the outcomes in
        a fixed-width ``[c]`` block."""
        from oddsengine.results.forum import result_bbcode

        return result_bbcode(self)

    def to_dict(self) -> dict:
        """A JSON-ready summary (the ``--format json`` output of the command line); an
        exact result's numbers, and every mean, to 15 significant digits
        (:func:`~oddsengine.results.output.without_float_noise`)."""
        result = {
            "kind": self.spec.kind,
            "spec": self.spec.describe(),
            "method": self.method,
            "trials": self.trials,
            "seed": self.seed,
            "p": self.p,
        }
        if self.notes:
            result["notes"] = list(self.notes)
        if not self.is_exact:
            result["ci95"] = {name: list(bounds) for name, bounds in self.ci95.items()}
            result["stderr"] = self.stderr
            result["half_width"] = self.half_width
        if self.precision_target is not None:
            result["precision_target"] = self.precision_target
        if self.method_reason is not None:
            result["method_reason"] = self.method_reason
        # Means are dot products: their last digits depend on the order of summation (and
        # the BLAS), so they keep the 15 digits they have, for both engines.
        if self._sides():
            result["expected_losses"] = without_float_noise(self.expected_losses())
            cp_lost = self.expected_cp_lost()
            if cp_lost:
                result["expected_cp_lost"] = without_float_noise(cp_lost)
            from oddsengine.results.survivors import survivor_records

            result["survivors"] = survivor_records(self)
        if getattr(self.spec, "reported_columns", None):
            result["expected"] = without_float_noise(self.expected_values())
            for name, value in result["expected"].items():
                result[f"expected_{name}"] = value["mean"]
        # An exact answer to the digits it has: no 0.9999999999999999 for a certain event.
        return without_float_noise(result) if self.is_exact else result

    @property
    def notes(self) -> tuple[str, ...]:
        """What the spec says it passed over in the orders it was given (a ``prefer:``
        retreat space no retreat reaches, and what the move did instead when no retreat
        went to a space listed, RULES.md §9), one line each; the JSON's ``notes`` when
        there are any.

        Examples
        --------
        >>> from oddsengine import FieldBattle, exact
        >>> exact(FieldBattle("3R", "hapsburg: 2R")).notes
        ()
        """
        return tuple(getattr(self.spec, "notes", ()))

    def to_json(self, **options) -> str:
        import json  # imported by the formats that write it, not by every answer

        return json.dumps(self.to_dict(), **options)

    def _method_line(self) -> str:
        reason = "" if self.method_reason is None else f" ({self.method_reason})"
        if self.is_exact:
            return "exact" + reason
        line = f"Monte Carlo{reason}, {self.trials:,} trials, seed {self.seed}"
        if self.precision_target is not None:
            line += (
                f", precision target ±{self.precision_target:.4%} (reached ±{self.half_width:.4%})"
            )
        return line

    def summary(self, fractions: dict | None = None) -> str:
        """A plain-text table for a terminal; ``fractions`` (outcome to
        :class:`~fractions.Fraction`, :func:`oddsengine.results.fractions.exact_fractions`)
        adds a column of exact fractions."""
        lines = [
            self.spec.title(),
            *self.spec.describe_lines(),
            *(f"Note: {note}" for note in self.notes),
            f"Method: {self._method_line()}",
            "",
        ]
        p, intervals, errors = self.p, self.ci95, self.stderr
        width = max(len(name) for name in p) + 2
        header = f"{'outcome':<{width}}{'probability':>12}"
        if not self.is_exact:
            header += f"{'95% interval':>24}{'std. error':>12}"
        fraction_width = max((len(str(value)) for value in (fractions or {}).values()), default=0)
        fraction_width = max(fraction_width, len("fraction"))
        if fractions:
            header += f"  {'fraction':>{fraction_width}}"
        lines.append(header)
        for name in p:
            if name in self.event_names and name == self.event_names[0]:
                lines.append("")
            # Exact: EXACT_DECIMALS; Monte Carlo: rounded to the standard error.
            places = percent_decimals(None if self.is_exact else errors[name])
            row = f"{name:<{width}}{p[name]:>12.{places}%}"
            if not self.is_exact:
                low, high = intervals[name]
                interval = f"[{low:.{places}%}, {high:.{places}%}]"
                row += f"{interval:>24}{errors[name]:>12.{places}%}"
            if fractions:
                row += f"  {str(fractions[name]):>{fraction_width}}"
            lines.append(row)
        if self._sides():
            lines.append("")
            for side, loss in self.expected_losses().items():
                error = "" if self.is_exact else f" ± {Z95 * loss['stderr']:.3f}"
                unit = getattr(self.spec, "unit_word", "land units")
                lines.append(f"Expected {side} losses: {loss['mean']:.3f}{error} {unit}")
            cp_lost = self.expected_cp_lost()
            if cp_lost:
                spent = ", ".join(
                    f"{side} {lost['mean']:.3f}"
                    + ("" if self.is_exact else f" ± {Z95 * lost['stderr']:.3f}")
                    for side, lost in cp_lost.items()
                )
                lines.append(f"Expected CP lost (units at their build cost): {spent}")
        if getattr(self.spec, "reported_columns", None):
            lines.append("")
            for name, value in self.expected_values().items():
                stderr = None if self.is_exact else value["stderr"]
                shown = mean_and_error(value["mean"], stderr, Z95)
                words = getattr(self.spec, "reported_words", {}).get(name) or value_words(name)
                lines.append(f"Expected {words}: {shown}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        headline = ", ".join(f"{name}={self.p[name]:.4f}" for name in self.outcome_names)
        return f"<Result {self.spec.kind} {self.method}: {headline}>"

    def _repr_html_(self) -> str:
        from html import escape

        frame = self.to_frame()
        columns = ["outcome", "probability"]
        if not self.is_exact:
            columns += ["ci95_low", "ci95_high", "stderr"]
        table = frame[columns].to_html(
            index=False,
            float_format=lambda value: f"{value:.4%}",
            border=0,
        )
        caption = "<br>".join(
            escape(line)
            for line in (
                self.spec.title(),
                *self.spec.describe_lines(),
                *(f"Note: {note}" for note in self.notes),
            )
        )
        return f"<div><p><b>{caption}</b><br><i>{escape(self._method_line())}</i></p>{table}</div>"

"""What-if sweeps: many scenarios of one kind, answered together, as one tidy table.

A sweep is a grid (or an explicit list) over any parameter of a spec: the forces (written
as templates with ranges, ``"2..16R L0..2"``), the cards, the policies, the rule options
and any other field of the spec. :class:`Sweep` describes it, :meth:`Sweep.run` answers
it and returns a tidy :class:`pandas.DataFrame` with one row per scenario and outcome.

How a scenario is answered
    ``method="auto"`` (the default) uses the exact engine whenever the spec has one (every
    combat spec of the package does) and Monte Carlo otherwise, to the ``precision``
    target. ``"exact"`` and ``"monte-carlo"`` force one engine. Monte Carlo streams are
    keyed by (seed, spec, block), so a scenario's numbers are identical whether it runs
    alone (:func:`oddsengine.simulate` with the same seed, trials and precision) or inside
    any sweep, batch or cluster.

Refused scenarios
    A grid often contains scenarios the rules forbid (an assault whose besiegers do not
    outnumber the garrison, a garrison of more than 4 land units). With
    ``on_refused="report"`` (the default) such a scenario gets one row with
    ``status == "refused"``, the refusal in ``reason`` and no probability; ``"skip"``
    leaves it out; ``"raise"`` stops the sweep with the refusal.

Output, progress and resuming
    With ``out=`` the table is written to Parquet (``.parquet``) or CSV (``.csv``) as the
    sweep goes: each scenario is kept as soon as it is answered, even in the middle of a
    batch, and the file is rewritten every ``checkpoint_seconds`` of work (2 s by default;
    longer only when writing the table takes more than a tenth of that). Building a
    scenario's spec is work too (a naval move's spec holds its whole tree): locally the
    specs are built as the sweep runs, batch by batch, and a batch whose building takes
    more than half a second ends early when a checkpoint is due. Until one scenario is
    legal or two are refused for different reasons nothing is written (a sweep every
    scenario of which is refused for one reason is refused as a whole); with
    ``on_refused="raise"``, or on a cluster, every spec is built before any work. Whole
    scenarios only, through a temporary file in the same folder that replaces the output
    atomically, so the file is never half-written. Ctrl-C stops a sweep within about a
    second, after saving the scenarios answered so far (:class:`SweepInterrupted`). An
    interrupted sweep is resumed with ``resume=True`` (``--resume``): scenarios already in
    the file are not run again, a scenario whose rows are incomplete is run again, and no
    row is lost or duplicated. A sweep without a seed resumes with the seed stored in its
    file. A progress bar (tqdm) shows the time left.

Seeds
    Seeds are exact 64-bit integers from end to end: the ``seed`` and ``trials`` columns
    are nullable ``Int64`` (missing for exact and refused rows), in the frame, in Parquet,
    and when a CSV file is read back with :func:`read_table`. A stored seed reproduces its
    row: :func:`oddsengine.simulate` with that seed, the sweep's ``precision`` and its
    ``trials`` gives the same numbers; without ``trials`` both start a precision target
    with the same first round (:data:`oddsengine.engines.montecarlo.FIRST_ROUND_TRIALS`) and stop
    by the same rule.

Repeated scenarios and size
    A scenario that a sweep lists twice (a value repeated in a list, or an explicit
    scenario equal to one of the grid's) is answered once, in its first place. A sweep
    of more than :data:`MAX_SCENARIOS` scenarios (a million) is refused before any work,
    and so is a value of the wrong type.

Scale-out
    ``client=`` (a :class:`distributed.Client`) or ``scheduler="tcp://host:8786"`` sends
    batches of scenarios to a Dask cluster; each batch runs the Numba kernel on a worker.
    Dask is the optional extra ``oddsengine[distributed]``.

Naval moves
    ``kind = "naval-move-scenario"`` sweeps a scenario file's naval move (RULES.md §14):
    ``scenario`` names the file, ``fleet_location`` and ``fleet`` (a template) vary one fleet
    of the board, and the policies, cards and moving ``units`` are parameters
    (:class:`~oddsengine.moves.naval_move_scenario.NavalMoveScenario`;
    ``oddsengine/examples/barbary_coast_sweep.toml``).

Religious boards
    ``kind = "reformation-scenario"`` and ``"counter-reformation-scenario"`` sweep one
    attempt on a scenario file's religious board (RULES.md §17, §18: ``scenario``,
    ``space``, ``source``, ``debater``), ``kind = "attempts-scenario"`` a run of attempts
    under one policy (§19: ``scenario``, ``source``, ``policy``, ``objective``,
    ``debater``); each takes the what-ifs ``protestant``, ``unrest``, ``reformers`` and
    ``this_turn`` (:mod:`oddsengine.religion.attempt_scenarios`;
    ``oddsengine/examples/religion_sweep.toml``). A run's rows are ``expected.flips`` (kind
    ``expected``: the expected number in ``probability``), ``p.flips:K``,
    ``p.protestant:SPACE`` and ``policy.first_target:SPACE``, as the ``attempts`` JSON names
    them.

Other kinds of spec
    :func:`register_kind` adds a spec class under a name usable in sweep files. Any spec
    with ``draw_plan()`` and ``outcome_columns()`` can be swept, and so can a spec with an
    exact engine of its own and no draw plan (``exact_available = True``, answered through
    :func:`oddsengine.exact` one by one; a refusal its engine meets is a refused row); a
    spec whose ``exact_available`` attribute is False is answered by Monte Carlo under
    ``"auto"``.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

from oddsengine.engines.run_arguments import MAX_TRIALS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.kinds import SPEC_KINDS, register_kind
from oddsengine.sweeps._grid import (
    MAX_SCENARIOS,
    build_spec,
    candidates,
    check_parameters,
    check_required,
    count_scenarios,
    describe,
    format_count,
)
from oddsengine.sweeps._output import (
    OutputFile,
    read_table,
    usable_rows,
    with_parameters,
)
from oddsengine.sweeps._runner import DISTRIBUTED_HINT, Runner, method_for
from oddsengine.sweeps._settings import (
    METHODS,
    ON_REFUSED,
    Candidate,
    Scenario,
    SweepInterrupted,
    check_choice,
    check_counts,
    check_precision,
    kind_name,
    new_seed,
    spec_class_of,
)
from oddsengine.sweeps.batches import run_batch
from oddsengine.sweeps.refusals import (
    RefusedScenariosWarning,
    every_scenario_refused,
    warn_refused,
)
from oddsengine.sweeps.sweep_file import read_sweep_file, sweep_arguments

__all__ = [
    "Sweep",
    "Scenario",
    "SweepInterrupted",
    "sweep",
    "read_table",
    "register_kind",
    "SPEC_KINDS",
    "METHODS",
    "MAX_SCENARIOS",
    "DISTRIBUTED_HINT",
]


@dataclass(frozen=True)
class Sweep:
    """A grid or a list of what-ifs of one kind.

    Parameters
    ----------
    kind : str or type
        ``"battle"``, ``"assault"``, ``"intercept"``, ``"avoid"``, a name added with
        :func:`register_kind`, or a spec class.
    grid : dict
        Parameter name to value. A list is an axis (one scenario per value); a force
        written with ranges (``"2..16R L0..2"``) is one axis per range; anything else is
        the same in every scenario. Axes vary in the order given, the last fastest.
    scenarios : list of dict
        Explicit scenarios, each expanded like ``grid`` (after the grid's scenarios).
    fixed : dict
        Parameters shared by every scenario (a scenario's own value wins).
    method : {"auto", "exact", "monte-carlo"}
    precision : float or None
        Monte Carlo target: the 95% half-width of every headline probability. None runs
        exactly ``trials`` trials.
    trials : int, optional
        Monte Carlo trials (the first round under a precision target).
    seed : int, optional
        Monte Carlo seed; a fresh one is drawn (and stored in every row) when None.
    max_trials : int
        Cap on the trials a precision target may spend per scenario.
    on_refused : {"report", "skip", "raise"}
        What happens to scenarios the rules refuse (see the module notes).

    Parameter names are the fields of the spec (``attacker``, ``defender``,
    ``attacker_cards``, ``responses``, ``siege_laid_this_impulse``...), the fields of
    :class:`~oddsengine.RuleOptions` (``cards_as_printed``), the casualty orders
    (``attacker_casualty_order``, ``defender_casualty_order``) and post-roll policies
    (``janissaries_policy``, ``siege_artillery_policy``).

    Examples
    --------
    >>> from oddsengine.sweeps.sweep import Sweep
    >>> frame = Sweep("assault", grid={"attacker": "3..4R L0..1", "defender": "2R"}).run(
    ...     progress=False
    ... )
    >>> success = frame[frame["outcome"] == "success"]
    >>> print(success[["attacker", "probability"]].round(4).to_string(index=False))
    attacker  probability
       3R L0       0.1070
       3R L1       0.2497
       4R L0       0.1111
       4R L1       0.2593
    """

    kind: object = None
    grid: dict = field(default_factory=dict)
    scenarios: tuple = ()
    fixed: dict = field(default_factory=dict)
    method: str = "auto"
    precision: float | None = 0.005
    trials: int | None = None
    seed: int | None = None
    max_trials: int = MAX_TRIALS
    on_refused: str = "report"

    def __post_init__(self):
        spec_class = spec_class_of(self.kind)
        kind = kind_name(spec_class)
        if isinstance(self.scenarios, (str, bytes, dict)) or not isinstance(
            self.scenarios, (list, tuple)
        ):
            raise OddsEngineError(
                f"a sweep's scenarios must be a list of tables, not {self.scenarios!r}"
            )
        for number, scenario in enumerate(self.scenarios, start=1):
            if not isinstance(scenario, dict):
                raise OddsEngineError(f"scenario {number} must be a table, not {scenario!r}")
            if not scenario:
                raise OddsEngineError(f"scenario {number} is empty: give it its parameters")
        object.__setattr__(self, "scenarios", tuple(dict(item) for item in self.scenarios))
        object.__setattr__(self, "precision", check_precision(self.precision))
        check_choice("method", self.method, METHODS)
        check_choice("on_refused", self.on_refused, ON_REFUSED)
        trials, max_trials, seed = check_counts(self.trials, self.max_trials, self.seed)
        object.__setattr__(self, "trials", trials)
        object.__setattr__(self, "max_trials", max_trials)
        object.__setattr__(self, "seed", seed)
        check_parameters(spec_class, self.grid, "grid")
        check_parameters(spec_class, self.fixed, "fixed")
        for number, scenario in enumerate(self.scenarios, start=1):
            check_parameters(spec_class, scenario, f"scenario {number}")
        if not self.grid and not self.scenarios:
            raise OddsEngineError("a sweep needs a grid or a list of scenarios")
        own = [mapping for mapping in (self.grid, *self.scenarios) if mapping]
        for name in self.fixed:  # a scenario's own value wins: one every scenario gives...
            if all(name in mapping for mapping in own):  # ...leaves the fixed one unused
                raise OddsEngineError(
                    f"fixed {name} is never used: the grid and every scenario give their own "
                    f"{name}; leave it out of [fixed]"
                )
        total = 0
        for where, mapping in self._mappings():
            check_required(spec_class, mapping, f"every {kind} needs its forces: {where}")
            total += count_scenarios(spec_class, mapping)
        if total > MAX_SCENARIOS:
            raise OddsEngineError(
                f"this sweep has {format_count(total)} scenarios, more than the "
                f"{MAX_SCENARIOS:,} a sweep may hold: split it into smaller sweeps"
            )

    def _mappings(self) -> list[tuple[str, dict]]:
        """``(name, parameters)`` of the grid and of each explicit scenario, with ``fixed``."""
        mappings = []
        if self.grid:
            mappings.append(("the grid", {**self.fixed, **self.grid}))
        for number, scenario in enumerate(self.scenarios, start=1):
            mappings.append((f"scenario {number}", {**self.fixed, **scenario}))
        return mappings

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, mapping: dict) -> Sweep:
        """Build a sweep from the contents of a sweep file (see :meth:`from_toml`)."""
        return cls(**sweep_arguments(mapping))

    @classmethod
    def from_toml(cls, path) -> Sweep:
        """Read a sweep file.

        The file holds the settings at the top (``kind``, ``method``, ``precision``,
        ``trials``, ``seed``, ``max_trials``, ``on_refused``), a ``[grid]`` table, a
        ``[fixed]`` table and ``[[scenarios]]`` entries; see
        ``oddsengine/examples/assault_sweep.toml``. Only a small regular UTF-8 file is
        read (see :func:`oddsengine.toml_file.read_toml`). A bare name that is not a file
        names a sweep file shipped in ``oddsengine/examples`` (``"assault_sweep"``), as
        scenario files do.

        Examples
        --------
        >>> Sweep.from_toml("assault_sweep").kind
        'assault'
        """
        return cls.from_mapping(read_sweep_file(path))

    # -- scenarios ----------------------------------------------------------------------

    @property
    def spec_class(self) -> type:
        return spec_class_of(self.kind)

    def _settings(self, seed) -> dict:
        return {
            "method": self.method,
            "precision": self.precision,
            "trials": self.trials,
            "seed": seed,
            "max_trials": self.max_trials,
        }

    def expand(self, seed=None) -> list[Scenario]:
        """Every scenario of the sweep, in order, built (or refused) by the rules.

        ``seed`` is the one the scenario keys are made with (default: the sweep's). A
        scenario listed twice is kept once, in its first place.
        """
        spec_class = self.spec_class
        built = (self._scenario(spec_class, item) for item in self._candidates(seed))
        return [scenario for scenario in built if scenario is not None]

    def _candidates(self, seed=None) -> list[Candidate]:
        """Every scenario of the sweep, in order, before its spec is built (once each)."""
        seed = self.seed if seed is None else seed
        mappings = [mapping for _, mapping in self._mappings()]
        return candidates(self.spec_class, mappings, self._settings(None), seed)

    def _scenario(self, spec_class, candidate) -> Scenario | None:
        """The scenario of ``candidate``, its spec built now (None: refused and skipped)."""
        if isinstance(candidate, Scenario):
            return candidate
        spec, refusal = self._build(spec_class, candidate.parameters)
        if spec is None and self.on_refused == "skip":
            return None
        sampled = spec is not None and method_for(spec, self.method) == "monte-carlo"
        key = candidate.sampled_key if sampled else candidate.key
        return Scenario(candidate.parameters, candidate.columns, key, spec, refusal)

    def _build(self, spec_class, parameters):
        """``(spec, None)``, or ``(None, refusal)`` for a scenario the rules refuse."""
        try:
            return build_spec(spec_class, parameters), None
        except OddsEngineTypeError as error:
            # A value of the wrong type is an error of the file, not a scenario the rules
            # refuse.
            raise OddsEngineTypeError(f"{describe(parameters)}: {error}") from None
        except OddsEngineError as error:
            if self.on_refused == "raise":
                raise OddsEngineError(f"{describe(parameters)}: {error}") from None
            return None, str(error)
        except (TypeError, AttributeError, KeyError, OverflowError) as error:
            # A value the checks above let through but the spec cannot take.
            raise OddsEngineError(
                f"{describe(parameters)}: not a valid {kind_name(spec_class)} ({error})"
            ) from None

    # -- running ------------------------------------------------------------------------

    def run(
        self,
        out=None,
        *,
        resume: bool = False,
        overwrite: bool = False,
        progress: bool = True,
        client=None,
        scheduler: str | None = None,
        batch_size: int | None = None,
        checkpoint_seconds: float = 2.0,
    ):
        """Answer every scenario; return the tidy table.

        Parameters
        ----------
        out : str or Path, optional
            ``.parquet`` or ``.csv`` file written as the sweep goes. Its folder must exist;
            it is checked before any work.
        resume : bool
            Continue the sweep already in ``out``: its whole scenarios are kept, not re-run
            (a scenario with missing rows is run again).
        overwrite : bool
            Replace an existing ``out`` (otherwise an existing file is refused unless
            ``resume``).
        progress : bool
            Show a progress bar with the time left.
        client : distributed.Client, optional
            Run the batches on this Dask cluster.
        scheduler : str, optional
            Address of a Dask scheduler (``"tcp://host:8786"``) to connect to.
        batch_size : int, optional
            Scenarios per batch (a Dask task, a step of the progress bar). Default: 256 on
            a cluster; locally, as many as take about half a second.
        checkpoint_seconds : float
            The output is rewritten after at most this many seconds of work (or ten
            times as long as writing it takes, if that is longer), and always at the end
            or on an interruption.

        Returns
        -------
        pandas.DataFrame
            One row per scenario and outcome (or event): the parameter columns, then
            ``engagement``, ``status`` (``ok`` or ``refused``), ``reason``, ``outcome``,
            ``kind`` (``outcome`` or ``event``), ``probability``, ``ci95_low``,
            ``ci95_high``, ``stderr``, ``trials`` and ``seed`` (nullable ``Int64``),
            ``method``, ``precision_target``, ``version`` and ``scenario_key``.

        Raises
        ------
        SweepInterrupted
            On Ctrl-C, after saving the scenarios answered so far.
        """
        if (
            isinstance(checkpoint_seconds, bool)
            or not isinstance(checkpoint_seconds, (int, float))
            or not checkpoint_seconds >= 0
        ):
            raise OddsEngineError(
                f"checkpoint_seconds must be a number of seconds, not {checkpoint_seconds!r}"
            )
        if batch_size is not None and (
            isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0
        ):
            raise OddsEngineError(f"batch_size must be a positive whole number, not {batch_size!r}")
        if resume and overwrite:
            raise OddsEngineError("--resume keeps the file that --overwrite replaces: pass one")
        if out is None and (resume or overwrite):
            raise OddsEngineError("resume and overwrite need an output file (out=)")
        output = OutputFile(out) if out is not None else None
        existing = None
        if output is not None and output.path.exists():
            if resume:
                existing = output.read()
            elif not overwrite:
                raise OddsEngineError(
                    f"{output.path} exists: pass --resume to continue that sweep or "
                    "--overwrite to replace it"
                )
        seed = self.seed
        if seed is None and existing is not None and "seed" in existing.columns:
            stored = existing["seed"].dropna()
            if len(stored):
                seed = int(stored.iloc[0])  # a sweep without a seed resumes with its own
        if seed is None:
            seed = new_seed()
        spec_class = self.spec_class
        entries = self._candidates(seed)  # built as they run
        # Locally each spec is built as the sweep runs, and saved on time (building a naval
        # move's spec is most of its work); a sweep that stops at the first refusal, or
        # runs on a cluster, builds them all first.
        built_first = self.on_refused == "raise" or client is not None or scheduler is not None
        if built_first:
            entries = [self._scenario(spec_class, item) for item in entries]
            entries = [scenario for scenario in entries if scenario is not None]
            _refuse_a_sweep_no_scenario_of_which_is_legal(entries)
        order = {}
        for index, item in enumerate(entries):
            order[item.key] = index
            order.setdefault(getattr(item, "sampled_key", item.key), index)
        rows: list[dict] = []
        done: set[str] = set()
        if existing is not None and len(existing):
            # The scenarios in the file are built now: their rows must be whole.
            stored = set(existing["scenario_key"].dropna().astype(str))
            entries = [
                self._scenario(spec_class, item)
                if {item.key, getattr(item, "sampled_key", item.key)} & stored
                else item
                for item in entries
            ]
            entries = [item for item in entries if item is not None]
            expected = {
                item.key: None
                if item.spec is None
                else set(item.spec.outcome_names) | set(getattr(item.spec, "event_names", ()))
                for item in entries
                if isinstance(item, Scenario)
            }
            rows, done = usable_rows(existing, expected)
            rows = with_parameters(rows, entries)  # as the sweep gives them, not as read
            if done - set(order):
                raise OddsEngineError(
                    f"{output.path} holds scenarios of another sweep (a different grid or "
                    "different settings): write to a new file or pass --overwrite"
                )
        if output is not None:
            output.remove_leftovers()
            output.check_writable()
        pending = [item for item in entries if item.key not in done]
        from oddsengine import __version__

        settings = {
            "trials": self.trials,
            "seed": seed,
            "precision": self.precision,
            "max_trials": self.max_trials,
            "version": __version__,
        }
        kind = kind_name(spec_class)
        # run_batch as this module holds it now (tests stand in for it here).
        runner = Runner(
            kind, self.method, settings, run_batch, order, output, rows, checkpoint_seconds
        )
        runner.build = lambda item: self._scenario(spec_class, item)
        # Nothing is written while every scenario so far is refused: such a sweep is
        # refused at the end (see below), with nothing written.
        runner.hold = not built_first and self.on_refused == "report" and len(entries) > 1
        runner.reasons = dict.fromkeys(
            item.refusal for item in entries if isinstance(item, Scenario)
        )
        if len(rows) != (0 if existing is None else len(existing)):
            runner.saved_rows = -1  # fragments or repeats were dropped: rewrite the file
        try:
            runner.run(pending, progress, client, scheduler, batch_size)
        except KeyboardInterrupt:
            runner.save(final=True)
            saved = len({row["scenario_key"] for row in runner.rows})
            if runner.held and output is not None:
                saved = 0  # every scenario so far refused for one reason: nothing written
            raise SweepInterrupted(
                None if output is None else output.path, saved, len(entries), runner.frame()
            ) from None
        if runner.held:
            raise every_scenario_refused(runner.reasons)
        runner.save(final=True)
        frame = runner.frame()
        if "status" in frame.columns:
            refused = frame[frame["status"] == "refused"].drop_duplicates("scenario_key")
            warn_refused(refused["reason"], len(entries))
        return frame


def _refuse_a_sweep_no_scenario_of_which_is_legal(scenarios) -> None:
    """Refuse, before anything is written, a sweep of several scenarios each refused (for
    one same reason, such as a [fixed] scenario file that does not exist or a card the side
    may not play, or for several): the file is wrong, and a table of refusals would say so
    only row by row."""
    reasons = list(dict.fromkeys(scenario.refusal for scenario in scenarios))
    if len(scenarios) > 1 and None not in reasons:
        # Reasons that differ (by a number: '1R', '2R' ...) leave no row answered either.
        raise every_scenario_refused(reasons)


def sweep(kind, grid=None, *, scenarios=(), fixed=None, out=None, resume=False, **options):
    """Run a sweep in one call: :class:`Sweep` and :meth:`Sweep.run` together.

    Keyword arguments go to :class:`Sweep` (``method``, ``precision``, ``trials``,
    ``seed``, ``max_trials``, ``on_refused``) or to :meth:`Sweep.run` (``overwrite``,
    ``progress``, ``client``, ``scheduler``, ``batch_size``, ``checkpoint_seconds``).

    Examples
    --------
    >>> from oddsengine.sweeps.sweep import sweep
    >>> frame = sweep("intercept", {"interceptor": "4R L0..2", "mover": "4R"}, progress=False)
    >>> (frame.loc[frame["outcome"] == "success", "probability"] * 36).round().tolist()
    [10.0, 15.0, 21.0]
    """
    run_names = {"overwrite", "progress", "client", "scheduler", "batch_size", "checkpoint_seconds"}
    run_options = {name: options.pop(name) for name in list(options) if name in run_names}
    plan = Sweep(kind, grid or {}, tuple(scenarios), fixed or {}, **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = plan.run(out, resume=resume, **run_options)
    for item in caught:
        if issubclass(item.category, RefusedScenariosWarning):
            # Said at the caller's line, not inside this module.
            warnings.warn(item.message, item.category, stacklevel=2)
        else:
            warnings.warn_explicit(item.message, item.category, item.filename, item.lineno)
    return frame

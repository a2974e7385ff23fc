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
    sweep goes: whole scenarios only, through a temporary file in the same directory that
    replaces the output atomically, so the file is never half-written. An interrupted
    sweep is resumed with ``resume=True`` (``--resume``): scenarios already in the file are
    not run again and no row is lost or duplicated. A progress bar (tqdm) shows the time
    left.

Scale-out
    ``client=`` (a :class:`distributed.Client`) or ``scheduler="tcp://host:8786"`` sends
    batches of scenarios to a Dask cluster; each batch runs the Numba kernel on a worker.
    Dask is the optional extra ``oddsengine[distributed]``.

Other kinds of spec
    :func:`register_kind` adds a spec class under a name usable in sweep files. Any spec
    with ``draw_plan()`` and ``outcome_columns()`` can be swept; a spec whose
    ``exact_available`` attribute is False is answered by Monte Carlo under ``"auto"``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .engagements import Assault, FieldBattle
from .errors import OddsEngineError
from .montecarlo import BLOCK_TRIALS, DEFAULT_TRIALS, MAX_TRIALS
from .options import Policies, RuleOptions
from .rolls import AvoidBattle, Interception
from .templates import is_template, parse_template

__all__ = [
    "Sweep",
    "Scenario",
    "sweep",
    "register_kind",
    "SPEC_KINDS",
    "METHODS",
    "DISTRIBUTED_HINT",
]

#: Spec classes by the name a sweep file uses for them.
SPEC_KINDS: dict[str, type] = {
    "battle": FieldBattle,
    "assault": Assault,
    "intercept": Interception,
    "avoid": AvoidBattle,
}

#: How a sweep answers its scenarios.
METHODS = ("auto", "exact", "monte-carlo")

#: Where Dask comes from.
DISTRIBUTED_HINT = "pip install oddsengine[distributed]"

_ON_REFUSED = ("report", "skip", "raise")
_POLICY_PARAMETERS = ("attacker_casualty_order", "defender_casualty_order")
_POST_ROLL_SUFFIX = "_policy"
_SWEEP_FILE_KEYS = (
    "kind",
    "method",
    "precision",
    "trials",
    "seed",
    "max_trials",
    "on_refused",
    "grid",
    "fixed",
    "scenarios",
)
_RESULT_COLUMNS = (
    "engagement",
    "status",
    "reason",
    "outcome",
    "kind",
    "probability",
    "ci95_low",
    "ci95_high",
    "stderr",
    "trials",
    "method",
    "seed",
    "precision_target",
    "version",
    "scenario_key",
)
_LOCAL_BATCH = 256
_LARGEST_SEED = 2**63 - 1  # seeds are stored in a 64-bit column


def register_kind(name: str, spec_class: type) -> None:
    """Make ``spec_class`` available to sweeps under ``name`` (e.g. ``"move"``).

    The class must be a dataclass whose instances have ``draw_plan()``,
    ``outcome_columns()``, ``outcome_names`` and ``event_names``.

    Examples
    --------
    >>> from oddsengine import Assault
    >>> register_kind("siege-assault", Assault)
    >>> SPEC_KINDS["siege-assault"] is Assault
    True
    >>> del SPEC_KINDS["siege-assault"]
    """
    if not dataclasses.is_dataclass(spec_class):
        raise OddsEngineError(f"{spec_class!r} is not a spec dataclass")
    SPEC_KINDS[str(name)] = spec_class


def _spec_class(kind) -> type:
    if isinstance(kind, type):
        return kind
    spec_class = SPEC_KINDS.get(str(kind))
    if spec_class is None:
        raise OddsEngineError(
            f"unknown sweep kind {kind!r}; use one of " + ", ".join(sorted(SPEC_KINDS))
        )
    return spec_class


def _kind_name(spec_class) -> str:
    return str(getattr(spec_class, "kind", spec_class.__name__))


def _force_fields(spec_class) -> set[str]:
    return {item.name for item in dataclasses.fields(spec_class) if "Force" in str(item.type)}


def _has_exact_path(spec) -> bool:
    """The hook for specs without an exact engine: ``exact_available = False``."""
    available = getattr(spec, "exact_available", None)
    if available is not None:
        return bool(available)
    return hasattr(spec, "draw_plan") and hasattr(spec, "outcome_columns")


def _column_value(value):
    """A parameter value as stored in a table column (lists become comma lists)."""
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return value


def _new_seed() -> int:
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 1)


def _check_precision(value):
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    if not 0 < float(value) < 0.5:
        raise OddsEngineError(f"precision must be between 0 and 0.5, not {value}")
    return float(value)


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
    >>> from oddsengine.sweep import Sweep
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

    kind: object
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
        spec_class = _spec_class(self.kind)
        object.__setattr__(self, "scenarios", tuple(dict(item) for item in self.scenarios))
        object.__setattr__(self, "precision", _check_precision(self.precision))
        if self.method not in METHODS:
            raise OddsEngineError(
                f"unknown method {self.method!r}; use one of " + ", ".join(METHODS)
            )
        if self.on_refused not in _ON_REFUSED:
            raise OddsEngineError(
                f"on_refused must be one of {', '.join(_ON_REFUSED)}, not {self.on_refused!r}"
            )
        for name in ("trials", "max_trials"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0
            ):
                raise OddsEngineError(f"{name} must be a positive whole number, not {value!r}")
        if self.seed is not None and (
            isinstance(self.seed, bool)
            or not isinstance(self.seed, (int, np.integer))
            or not 0 <= self.seed <= _LARGEST_SEED
        ):
            raise OddsEngineError(
                f"a sweep's seed must be a whole number in 0..2**63-1, not {self.seed!r}"
            )
        if not self.grid and not self.scenarios:
            raise OddsEngineError("a sweep needs a grid or a list of scenarios")
        known = _known_parameters(spec_class)
        for mapping in (self.grid, self.fixed, *self.scenarios):
            for name in mapping:
                if name not in known:
                    raise OddsEngineError(
                        f"unknown {_kind_name(spec_class)} parameter {name!r}; known: "
                        + ", ".join(sorted(known))
                    )

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, mapping: dict) -> Sweep:
        """Build a sweep from the contents of a sweep file (see :meth:`from_toml`)."""
        unknown = set(mapping) - set(_SWEEP_FILE_KEYS)
        if unknown:
            raise OddsEngineError(
                f"unknown key(s) {', '.join(sorted(unknown))} in sweep file; known: "
                + ", ".join(_SWEEP_FILE_KEYS)
            )
        if "kind" not in mapping:
            raise OddsEngineError("a sweep file needs a kind (battle, assault, intercept...)")
        arguments = dict(mapping)
        arguments["scenarios"] = tuple(arguments.get("scenarios", ()))
        return cls(**arguments)

    @classmethod
    def from_toml(cls, path) -> Sweep:
        """Read a sweep file.

        The file holds the settings at the top (``kind``, ``method``, ``precision``,
        ``trials``, ``seed``, ``max_trials``, ``on_refused``), a ``[grid]`` table, a
        ``[fixed]`` table and ``[[scenarios]]`` entries; see
        ``oddsengine/examples/assault_sweep.toml``.
        """
        import tomllib

        try:
            with open(path, "rb") as handle:
                contents = tomllib.load(handle)
        except FileNotFoundError:
            raise OddsEngineError(f"no sweep file {str(path)!r}") from None
        except tomllib.TOMLDecodeError as error:
            raise OddsEngineError(f"sweep file {str(path)!r} is not valid TOML: {error}") from None
        return cls.from_mapping(contents)

    # -- scenarios ----------------------------------------------------------------------

    @property
    def spec_class(self) -> type:
        return _spec_class(self.kind)

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

        ``seed`` is the one the scenario keys are made with (default: the sweep's).
        """
        spec_class = self.spec_class
        forces = _force_fields(spec_class)
        seed = self.seed if seed is None else seed
        kind = _kind_name(spec_class)
        mappings = []
        if self.grid:
            mappings.append({**self.fixed, **self.grid})
        mappings.extend({**self.fixed, **scenario} for scenario in self.scenarios)
        scenarios = []
        for mapping in mappings:
            for parameters, columns in _expand_mapping(mapping, forces):
                try:
                    spec, refusal = _build_spec(spec_class, parameters), None
                except OddsEngineError as error:
                    if self.on_refused == "raise":
                        raise OddsEngineError(f"{_describe(parameters)}: {error}") from None
                    spec, refusal = None, str(error)
                # The key holds what decides the numbers: the seed only for Monte Carlo.
                settings = self._settings(None)
                if spec is not None and _method_for(spec, self.method) == "monte-carlo":
                    settings["seed"] = seed
                identity = json.dumps(
                    {"kind": kind, "parameters": parameters, "settings": settings},
                    sort_keys=True,
                    default=str,
                )
                key = hashlib.blake2b(identity.encode(), digest_size=10).hexdigest()
                scenarios.append(Scenario(parameters, columns, key, spec, refusal))
        if self.on_refused == "skip":
            scenarios = [scenario for scenario in scenarios if scenario.spec is not None]
        return scenarios

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
        checkpoint_seconds: float = 10.0,
    ):
        """Answer every scenario; return the tidy table.

        Parameters
        ----------
        out : str or Path, optional
            ``.parquet`` or ``.csv`` file written as the sweep goes.
        resume : bool
            Continue the sweep already in ``out``: its scenarios are kept, not re-run.
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
            Scenarios per batch (a Dask task, a step of the progress bar). Default 256.
        checkpoint_seconds : float
            The output is rewritten at most this often (and always at the end or on an
            interruption).

        Returns
        -------
        pandas.DataFrame
            One row per scenario and outcome (or event): the parameter columns, then
            ``engagement``, ``status`` (``ok`` or ``refused``), ``reason``, ``outcome``,
            ``kind`` (``outcome`` or ``event``), ``probability``, ``ci95_low``,
            ``ci95_high``, ``stderr``, ``trials``, ``method``, ``seed``,
            ``precision_target``, ``version`` and ``scenario_key``.
        """
        output = _OutputFile(out) if out is not None else None
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
        if seed is None and existing is not None and existing["seed"].notna().any():
            seed = int(existing["seed"].dropna().iloc[0])
        if seed is None:
            seed = _new_seed()
        scenarios = self.expand(seed)
        order = {scenario.key: index for index, scenario in enumerate(scenarios)}
        rows: list[dict] = []
        done: set[str] = set()
        if existing is not None and len(existing):
            strangers = set(existing["scenario_key"]) - set(order)
            if strangers:
                raise OddsEngineError(
                    f"{output.path} holds scenarios of another sweep (a different grid or "
                    "different settings): write to a new file or pass --overwrite"
                )
            rows = existing.to_dict("records")
            done = set(existing["scenario_key"])
        pending = [scenario for scenario in scenarios if scenario.key not in done]
        runner = _Runner(self, seed, order, output, rows, checkpoint_seconds)
        try:
            runner.run(pending, progress, client, scheduler, batch_size)
        finally:
            runner.save(final=True)
        return runner.frame()


def sweep(kind, grid=None, *, scenarios=(), fixed=None, out=None, resume=False, **options):
    """Run a sweep in one call: :class:`Sweep` and :meth:`Sweep.run` together.

    Keyword arguments go to :class:`Sweep` (``method``, ``precision``, ``trials``,
    ``seed``, ``max_trials``, ``on_refused``) or to :meth:`Sweep.run` (``overwrite``,
    ``progress``, ``client``, ``scheduler``, ``batch_size``, ``checkpoint_seconds``).

    Examples
    --------
    >>> from oddsengine.sweep import sweep
    >>> frame = sweep("intercept", {"interceptor": "4R L0..2", "mover": "4R"}, progress=False)
    >>> (frame.loc[frame["outcome"] == "success", "probability"] * 36).round().tolist()
    [10.0, 15.0, 21.0]
    """
    run_names = {"overwrite", "progress", "client", "scheduler", "batch_size", "checkpoint_seconds"}
    run_options = {name: options.pop(name) for name in list(options) if name in run_names}
    plan = Sweep(kind, grid or {}, tuple(scenarios), fixed or {}, **options)
    return plan.run(out, resume=resume, **run_options)


# -- expanding and building -------------------------------------------------------------


def _known_parameters(spec_class) -> set[str]:
    names = {item.name for item in dataclasses.fields(spec_class)}
    if "options" in names:
        names |= {item.name for item in dataclasses.fields(RuleOptions)}
    if "policies" in names:
        names |= set(_POLICY_PARAMETERS)
        names |= {"janissaries_policy", "siege_artillery_policy"}
    return names


def _expand_mapping(mapping: dict, forces: set[str]):
    """Yield ``(parameters, columns)`` for every combination of the mapping's axes."""
    axes = []
    for name, value in mapping.items():
        if name in forces and is_template(value):
            template = parse_template(value)
            options = []
            for label, values in template.combinations():
                columns = {name: label, **{f"{name}_{axis}": v for axis, v in values.items()}}
                options.append(({name: label}, columns))
        elif isinstance(value, list):
            if not value:
                raise OddsEngineError(f"the list of values of {name!r} is empty")
            options = [({name: _column_value(item)}, {name: _column_value(item)}) for item in value]
        else:
            options = [({name: _column_value(value)}, {name: _column_value(value)})]
        axes.append(options)
    for combination in itertools.product(*axes):
        parameters, columns = {}, {}
        for part_parameters, part_columns in combination:
            parameters.update(part_parameters)
            columns.update(part_columns)
        yield parameters, columns


def _build_spec(spec_class, parameters: dict):
    spec_fields = {item.name for item in dataclasses.fields(spec_class)}
    option_fields = {item.name for item in dataclasses.fields(RuleOptions)}
    arguments, options, orders, post_roll = {}, {}, {}, {}
    for name, value in parameters.items():
        if name in spec_fields:
            arguments[name] = value
        elif name in option_fields:
            options[name] = value
        elif name in _POLICY_PARAMETERS:
            if value not in ("", None):
                orders[name] = value
        elif name.endswith(_POST_ROLL_SUFFIX):
            if value not in ("", None):
                post_roll[name[: -len(_POST_ROLL_SUFFIX)].replace("_", "-")] = value
    if options:
        arguments["options"] = RuleOptions(**options)
    if orders or post_roll:
        arguments["policies"] = Policies(post_roll=post_roll, **orders)
    return spec_class(**arguments)


def _describe(parameters: dict) -> str:
    return ", ".join(f"{name}={value!r}" for name, value in parameters.items())


# -- answering ---------------------------------------------------------------------------


def _method_for(spec, method: str) -> str:
    if method == "monte-carlo":
        return "monte-carlo"
    if _has_exact_path(spec):
        return "exact"
    if method == "exact":
        raise OddsEngineError(f"{type(spec).__name__} has no exact engine: use method='auto'")
    return "monte-carlo"


def _result_rows(scenario_columns, key, kind, result, version) -> list[dict]:
    probabilities, intervals, errors = result.p, result.ci95, result.stderr
    outcomes = set(result.outcome_names)
    rows = []
    for name, probability in probabilities.items():
        row = dict(scenario_columns)
        row.update(
            engagement=kind,
            status="ok",
            reason=None,
            outcome=name,
            kind="outcome" if name in outcomes else "event",
            probability=probability,
            ci95_low=intervals[name][0],
            ci95_high=intervals[name][1],
            stderr=errors[name],
            trials=result.trials,
            method=result.method,
            seed=result.seed,
            precision_target=result.precision_target,
            version=version,
            scenario_key=key,
        )
        rows.append(row)
    return rows


def _refused_row(scenario: Scenario, kind, version) -> dict:
    row = dict(scenario.columns)
    row.update({name: None for name in _RESULT_COLUMNS})
    row.update(
        engagement=kind,
        status="refused",
        reason=scenario.refusal,
        probability=math.nan,
        version=version,
        scenario_key=scenario.key,
    )
    return row


def run_batch(items, settings) -> list[dict]:
    """Answer one batch of scenarios; the unit of work sent to a Dask worker.

    Parameters
    ----------
    items : list of (columns, key, kind, spec, method)
    settings : dict
        ``trials``, ``seed``, ``precision``, ``max_trials`` and ``version``.

    Returns
    -------
    list of dict
        The table rows of the batch.
    """
    from .exact import exact
    from .montecarlo import simulate_many

    rows = []
    sampled = [item for item in items if item[4] == "monte-carlo"]
    for columns, key, kind, spec, method in items:
        if method == "exact":
            rows.extend(_result_rows(columns, key, kind, exact(spec), settings["version"]))
    if sampled:
        precision = settings["precision"]
        trials = settings["trials"] or (BLOCK_TRIALS if precision else DEFAULT_TRIALS)
        results = simulate_many(
            [item[3] for item in sampled],
            trials,
            settings["seed"],
            precision=precision,
            max_trials=settings["max_trials"],
        )
        for (columns, key, kind, _, _), result in zip(sampled, results, strict=True):
            rows.extend(_result_rows(columns, key, kind, result, settings["version"]))
    return rows


def _connect(scheduler):
    try:
        from distributed import Client
    except ImportError:
        raise OddsEngineError(
            f"running on a Dask scheduler needs dask.distributed: {DISTRIBUTED_HINT}"
        ) from None
    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise OddsEngineError(f"cannot reach the Dask scheduler {scheduler}: {error}") from None


class _Runner:
    """Runs the pending scenarios in batches and keeps the output file up to date."""

    def __init__(self, plan: Sweep, seed, order, output, rows, checkpoint_seconds):
        from . import __version__

        self.plan = plan
        self.kind = _kind_name(plan.spec_class)
        self.settings = {
            "trials": plan.trials,
            "seed": seed,
            "precision": plan.precision,
            "max_trials": plan.max_trials,
            "version": __version__,
        }
        self.order = order
        self.output = output
        self.rows = rows
        self.checkpoint_seconds = checkpoint_seconds
        self.saved_rows = len(rows)
        self.last_save = time.monotonic()

    def _batches(self, pending, batch_size):
        items = {"exact": [], "monte-carlo": []}
        for scenario in pending:
            if scenario.spec is None:
                self.rows.append(_refused_row(scenario, self.kind, self.settings["version"]))
                continue
            method = _method_for(scenario.spec, self.plan.method)
            items[method].append((scenario.columns, scenario.key, self.kind, scenario.spec, method))
        size = batch_size or _LOCAL_BATCH
        batches = []
        for group in items.values():
            batches.extend(group[start : start + size] for start in range(0, len(group), size))
        return batches

    def run(self, pending, progress, client, scheduler, batch_size):
        if progress:
            from tqdm.auto import tqdm  # a notebook widget in Jupyter, text elsewhere
        else:
            from tqdm import tqdm  # disabled below; no widget machinery needed

        if batch_size is not None and (not isinstance(batch_size, int) or batch_size <= 0):
            raise OddsEngineError(f"batch_size must be a positive whole number, not {batch_size!r}")
        own_client = None
        if scheduler is not None and client is None:
            client = own_client = _connect(scheduler)
        batches = self._batches(pending, batch_size)
        bar = tqdm(
            total=len(pending),
            initial=0,
            unit="scenario",
            desc=f"{self.kind} sweep",
            disable=not progress,
            smoothing=0.1,
        )
        bar.update(sum(1 for scenario in pending if scenario.spec is None))
        try:
            if client is None:
                for batch in batches:
                    self.rows.extend(run_batch(batch, self.settings))
                    bar.update(len(batch))
                    self.save()
            else:
                from distributed import as_completed

                futures = client.map(run_batch, batches, settings=self.settings, pure=False)
                sizes = {
                    future.key: len(batch) for future, batch in zip(futures, batches, strict=True)
                }
                for future in as_completed(futures):
                    self.rows.extend(future.result())
                    bar.update(sizes[future.key])
                    self.save()
        finally:
            bar.close()
            if own_client is not None:
                own_client.close()

    def frame(self):
        import pandas as pd

        rows = sorted(self.rows, key=lambda row: self.order.get(row["scenario_key"], -1))
        frame = pd.DataFrame.from_records(rows)
        if frame.empty:
            return frame
        parameters = [name for name in frame.columns if name not in _RESULT_COLUMNS]
        for name in _RESULT_COLUMNS:
            if name not in frame.columns:
                frame[name] = None
        frame = frame[parameters + list(_RESULT_COLUMNS)]
        for name in ("trials", "seed"):
            frame[name] = pd.array(
                [None if _missing(value) else int(value) for value in frame[name]], dtype="Int64"
            )
        for name in ("probability", "ci95_low", "ci95_high", "stderr", "precision_target"):
            frame[name] = pd.to_numeric(frame[name], errors="coerce").astype(float)
        for name in ("reason", "outcome", "kind", "method"):
            frame[name] = frame[name].astype(object).where(frame[name].notna(), None)
        return frame.reset_index(drop=True)

    def save(self, final=False):
        if self.output is None or len(self.rows) == self.saved_rows:
            return
        if not final and time.monotonic() - self.last_save < self.checkpoint_seconds:
            return
        self.output.write(self.frame())
        self.saved_rows = len(self.rows)
        self.last_save = time.monotonic()


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


class _OutputFile:
    """A Parquet or CSV file replaced atomically on every write."""

    def __init__(self, path):
        self.path = Path(path)
        suffix = self.path.suffix.lower()
        if suffix in (".parquet", ".pq"):
            self.format = "parquet"
        elif suffix == ".csv":
            self.format = "csv"
        else:
            raise OddsEngineError(
                f"cannot tell the format of {str(path)!r}: name it .parquet or .csv"
            )
        if self.format == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise OddsEngineError(
                    "writing Parquet needs pyarrow (pip install pyarrow); or write .csv"
                ) from None

    def read(self):
        import pandas as pd

        try:
            if self.format == "parquet":
                return pd.read_parquet(self.path)
            return pd.read_csv(self.path, keep_default_na=False, na_values=[""])
        except Exception as error:  # a damaged file cannot be resumed
            raise OddsEngineError(f"cannot resume from {self.path}: {error}") from None

    def write(self, frame) -> None:
        directory = self.path.parent if str(self.path.parent) else Path(".")
        handle, temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".partial", dir=directory
        )
        os.close(handle)
        try:
            if self.format == "parquet":
                frame.to_parquet(temporary, index=False)
            else:
                frame.to_csv(temporary, index=False)
            os.replace(temporary, self.path)
        except BaseException:
            if os.path.exists(temporary):
                os.remove(temporary)
            raise

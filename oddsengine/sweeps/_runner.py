"""Running a sweep's scenarios: batches, the engines, progress, checkpoints and Dask.

Locally, batches are sized to take about :data:`BATCH_SECONDS` each, the building of
their specs included (a pending scenario may be a
:class:`~oddsengine.sweeps._settings.Candidate` whose spec is built in its batch); a batch
whose building takes more than :data:`BATCH_SECONDS` ends early when a checkpoint is due;
and every scenario's rows are kept (and saved, when a checkpoint is due) as soon as it is
answered, even in the middle of a batch. On a Dask cluster each batch is a task. The
output is rewritten every ``checkpoint_seconds`` of work, or ten times as long as a write
takes if that is longer.
"""

from __future__ import annotations

import time

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.sweeps._output import refused_row, table_frame

__all__ = ["Runner", "connect", "method_for", "has_exact_path", "DISTRIBUTED_HINT"]

#: Where Dask comes from.
DISTRIBUTED_HINT = 'pip install "oddsengine[distributed]"'
#: Scenarios per batch on a cluster, and at most locally.
LOCAL_BATCH = 256
#: Local batches are sized to take about this long.
BATCH_SECONDS = 0.5


def has_exact_path(spec) -> bool:
    """The hook for specs without an exact engine: ``exact_available = False``."""
    available = getattr(spec, "exact_available", None)
    if available is not None:
        return bool(available)
    return hasattr(spec, "draw_plan") and hasattr(spec, "outcome_columns")


def method_for(spec, method: str) -> str:
    """The engine that answers ``spec`` in a sweep of ``method``."""
    if method == "monte-carlo":
        return "monte-carlo"
    if has_exact_path(spec):
        return "exact"
    if method == "exact":
        raise OddsEngineError(f"{type(spec).__name__} has no exact engine: use method='auto'")
    return "monte-carlo"


def connect(scheduler):
    """A Dask client of the scheduler at ``scheduler``."""
    try:
        from distributed import Client
    except ImportError:
        raise OddsEngineError(
            f"running on a Dask scheduler needs dask.distributed: {DISTRIBUTED_HINT}"
        ) from None
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise OddsEngineTypeError(
            f"scheduler must be an address such as tcp://host:8786, not {shown(scheduler)}"
        )
    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as error:  # ValueError: no port
        raise OddsEngineError(f"cannot reach the Dask scheduler {scheduler}: {error}") from None


class Runner:
    """Runs the pending scenarios in batches and keeps the output file up to date.

    Parameters
    ----------
    kind : str
        The engagement column of every row.
    method : str
        The sweep's method (``auto``, ``exact``, ``monte-carlo``).
    settings : dict
        What :func:`oddsengine.sweeps.batches.run_batch` takes.
    answer : callable
        ``answer(items, settings)``: :func:`oddsengine.sweeps.batches.run_batch`.
    order : dict
        Scenario key to its place in the sweep.
    output : OutputFile or None
    rows : list of dict
        The rows already answered (from the file being resumed); new rows are added.
    checkpoint_seconds : float
        The output is rewritten after at most this many seconds of work.
    """

    def __init__(self, kind, method, settings, answer, order, output, rows, checkpoint_seconds=2.0):
        self.kind = kind
        self.method = method
        self.settings = settings
        self.answer = answer
        self.order = order
        self.output = output
        self.rows = rows
        self.checkpoint_seconds = float(checkpoint_seconds)
        self.saved_rows = len(rows)
        self.last_save = time.monotonic()
        self.write_seconds = 0.0
        #: Builds the scenario of a pending item that is not built yet (None: skipped).
        self.build = None
        #: Whether nothing is written while every scenario built is refused
        #: (:attr:`held`), and the refusals (None: answered) met so far, in order.
        self.hold = False
        self.reasons: dict = {}

    @property
    def held(self) -> bool:
        """Whether the output waits: every scenario built so far is refused (for one
        reason or several), and a sweep that stays so is refused with nothing written."""
        return self.hold and None not in self.reasons

    def _built(self, items) -> list:
        """The scenarios of ``items``, each spec built now if it is not yet."""
        scenarios = []
        for item in items:
            scenario = item if self.build is None else self.build(item)
            if scenario is not None:
                self.reasons.setdefault(scenario.refusal)
                scenarios.append(scenario)
        return scenarios

    def _groups(self, pending):
        """The scenarios to answer, by method (refused ones go straight into the rows)."""
        items = {"exact": [], "monte-carlo": []}
        for scenario in pending:
            if scenario.spec is None:
                self.rows.append(
                    refused_row(
                        scenario.columns,
                        scenario.key,
                        scenario.refusal,
                        self.kind,
                        self.settings["version"],
                    )
                )
                continue
            method = method_for(scenario.spec, self.method)
            items[method].append((scenario.columns, scenario.key, self.kind, scenario.spec, method))
        return [group for group in items.values() if group]

    def _batches(self, pending, batch_size):
        size = batch_size or LOCAL_BATCH
        batches = []
        for group in self._groups(pending):
            batches.extend(group[start : start + size] for start in range(0, len(group), size))
        return batches

    def _run_local(self, pending, batch_size, bar):
        """Batches of ``batch_size``, or sized to take about :data:`BATCH_SECONDS` each
        (the building of their specs included); each scenario's rows are kept (and saved,
        on time) as soon as it is answered."""
        taken = set()

        def report(rows):
            taken.add(rows[0]["scenario_key"])
            self.rows.extend(rows)
            bar.update(1)
            self.save()

        settings = {**self.settings, "report": report}
        size = batch_size or 16
        start = 0
        while start < len(pending):
            began = time.monotonic()
            groups: dict[str, list] = {}  # a batch: ``size`` scenarios to answer, by method
            # Building specs is work too: a batch whose building has taken more than
            # BATCH_SECONDS ends early when a checkpoint is due, to be answered and saved.
            while start < len(pending) and sum(map(len, groups.values())) < size:
                slow = time.monotonic() - began >= BATCH_SECONDS
                if groups and slow and self.due():
                    break
                rows = len(self.rows)
                answerable = self._groups(self._built(pending[start : start + 1]))
                start += 1
                for group in answerable:
                    groups.setdefault(group[0][4], []).extend(group)
                if not answerable:
                    bar.update(1)  # refused (its row is kept) or skipped
                    if len(self.rows) > rows:
                        self.save()
            for group in groups.values():
                returned = self.answer(group, settings)
                missing = [row for row in returned if row["scenario_key"] not in taken]
                self.rows.extend(missing)
                bar.update(len({row["scenario_key"] for row in missing}))
            self.save()
            elapsed = time.monotonic() - began
            if batch_size is None:
                # At most four times larger at each step, never above LOCAL_BATCH.
                scale = BATCH_SECONDS / max(elapsed, 1e-3)
                size = max(1, min(LOCAL_BATCH, 4 * size, int(size * scale)))

    def run(self, pending, progress, client, scheduler, batch_size):
        if progress:
            try:
                # tqdm's notebook bar needs ipywidgets: without it, plain text and no warning.
                import ipywidgets  # noqa: F401
                from tqdm.auto import tqdm  # a notebook widget in Jupyter, text elsewhere
            except ImportError:
                from tqdm import tqdm
        else:
            from tqdm import tqdm  # disabled below; no widget machinery needed

        own_client = None
        if scheduler is not None and client is None:
            client = own_client = connect(scheduler)

        def new_bar(initial=0):
            return tqdm(
                total=len(pending),
                initial=initial,
                unit="scenario",
                desc=f"{self.kind} sweep",
                disable=not progress,
                smoothing=0.1,
            )

        # While every scenario so far is refused, the sweep may yet be refused whole in one
        # line: its bar appears with the first scenario answered.
        bar = _HeldBar(new_bar, self) if self.hold else new_bar()
        try:
            if client is None:
                self._run_local(pending, batch_size, bar)
            else:
                from distributed import as_completed

                batches = self._batches(self._built(pending), batch_size)
                bar.update(len(pending) - sum(map(len, batches)))  # refused or skipped
                futures = client.map(self.answer, batches, settings=self.settings, pure=False)
                sizes = {
                    future.key: len(batch) for future, batch in zip(futures, batches, strict=True)
                }
                try:
                    for future in as_completed(futures):
                        self.rows.extend(future.result())
                        bar.update(sizes[future.key])
                        self.save()
                except KeyboardInterrupt:
                    client.cancel(futures)  # the cluster stops too, not only this process
                    raise
        finally:
            bar.close()
            if own_client is not None:
                own_client.close()

    def frame(self):
        return table_frame(self.rows, self.order)

    def due(self) -> bool:
        """Whether a checkpoint is due: every checkpoint_seconds of work, or ten times the
        time a write takes if that is longer, so that writing a large table never takes
        most of the time."""
        if self.output is None or self.held:
            return False
        interval = max(self.checkpoint_seconds, 10 * self.write_seconds)
        return time.monotonic() - self.last_save >= interval

    def save(self, final=False):
        if self.output is None or len(self.rows) == self.saved_rows or self.held:
            return
        if not final and not self.due():
            return
        began = time.monotonic()
        self.output.write(self.frame())
        self.saved_rows = len(self.rows)
        self.last_save = time.monotonic()
        self.write_seconds = self.last_save - began


class _HeldBar:
    """A progress bar that is drawn only once its runner's output stops being held (a
    scenario is answered): a sweep refused whole prints one line, not a bar."""

    def __init__(self, new_bar, runner):
        self._new_bar, self._runner = new_bar, runner
        self._bar = None
        self._count = 0

    def update(self, count: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(count)
        elif self._runner.held:
            self._count += count
        else:
            self._bar = self._new_bar(initial=self._count + count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()

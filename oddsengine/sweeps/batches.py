"""One batch of a sweep's scenarios answered: the unit of work of a sweep.

:func:`run_batch` answers the exact scenarios of a batch together
(:func:`oddsengine.engines.exact_grid.exact_results`) and the Monte Carlo ones on their
own streams (:func:`oddsengine.engines.montecarlo.simulate_many`), and turns each result
into the rows of the sweep's table. :class:`~oddsengine.sweeps.sweep.Sweep` sends it to
each batch, locally or to a Dask worker; :mod:`oddsengine.sweeps.sweep` gives it too.
"""

from __future__ import annotations

from oddsengine.engines.montecarlo import default_trials
from oddsengine.errors import OddsEngineError
from oddsengine.sweeps._output import refused_row, result_rows

__all__ = ["run_batch"]


def run_batch(items, settings) -> list[dict]:
    """Answer one batch of scenarios; the unit of work sent to a Dask worker.

    Parameters
    ----------
    items : list of (columns, key, kind, spec, method)
    settings : dict
        ``trials``, ``seed``, ``precision``, ``max_trials`` and ``version``; and, for a
        local run, ``report``: a function called with the rows of each scenario as soon as
        it is answered (so that a long batch is saved scenario by scenario).

    Returns
    -------
    list of dict
        The table rows of the batch, in the order of ``items``.
    """
    from oddsengine.engines.exact import exact
    from oddsengine.engines.exact_grid import exact_results
    from oddsengine.engines.montecarlo import simulate_many

    report = settings.get("report")
    answered = {}

    def take(item, result):
        columns, key, kind, _, _ = item
        answered[key] = result_rows(columns, key, kind, result, settings["version"])
        if report is not None:
            report(answered[key])

    sampled = [item for item in items if item[4] == "monte-carlo"]
    # A kind with an exact engine of its own and no draw plan (a run of attempts) is
    # answered through the door, one by one; a refusal its engine meets while answering
    # (a search that grows past its limit) is a refused row, as the spec's own refusals.
    own = [item for item in items if item[4] == "exact" and not hasattr(item[3], "draw_plan")]
    for item in own:
        try:
            take(item, exact(item[3]))
        except OddsEngineError as error:
            columns, key, kind, _, _ = item
            answered[key] = [refused_row(columns, key, str(error), kind, settings["version"])]
            if report is not None:
                report(answered[key])
    # The exact scenarios of the batch at once: the same results as exact() one by one.
    answered_alone = {id(item) for item in own}
    computed = [item for item in items if item[4] == "exact" and id(item) not in answered_alone]
    for item, result in zip(computed, exact_results([item[3] for item in computed]), strict=True):
        take(item, result)
    if sampled:
        precision = settings["precision"]
        # The same first round as simulate() alone, so that the numbers are the same.
        trials = default_trials(settings["trials"], precision)
        simulate_many(
            [item[3] for item in sampled],
            trials,
            settings["seed"],
            precision=precision,
            max_trials=settings["max_trials"],
            on_result=lambda index, result: take(sampled[index], result),
        )
    return [row for item in items for row in answered[item[1]]]

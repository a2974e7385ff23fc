"""The exact engine: outcome distributions computed, not sampled."""

from __future__ import annotations

import numpy as np

from oddsengine.draws import draw_plan_of
from oddsengine.engines.campaigns import campaign_engines
from oddsengine.results.end_states import (
    EndStateMap,
    end_state_map,
    merge_cells,
    state_digits_map,
)
from oddsengine.results.result import Result

__all__ = ["exact"]

#: How many engagements' cell maps are kept, and the largest draw plan kept (in cells):
#: single combats, asked again and again in a search, a sweep or the explorer.
MAPS_KEPT = 4096
MAP_CELLS = 20_000

# The end-state map of each spec answered lately: the rules of a spec decide which end
# state each of its cells is, so an equal spec reuses it and only weighs its cells.
_cell_maps: dict = {}


def exact(spec) -> Result:
    """Exact probabilities of every outcome of ``spec``.

    Every engagement of the combat core reduces to a few independent or chained discrete
    draws (hit counts, 2d6 totals), whose joint distribution is multiplied out exactly
    (up to floating-point rounding); the rules then turn each combination into an
    outcome, exactly as for Monte Carlo.

    A campaign (a :class:`~oddsengine.SiegeCampaign`, a :class:`~oddsengine.ForeignWar`,
    a :class:`~oddsengine.questions.plans.Plan`) is answered by its own exact engine (see
    :mod:`oddsengine.engines.campaigns`).

    Parameters
    ----------
    spec : an engagement, a move or a campaign

    Raises
    ------
    OddsEngineTypeError
        If ``spec`` is not an engagement, a move or a campaign.

    Returns
    -------
    Result
        With ``method == "exact"``, standard errors of 0 and point intervals (a
        :class:`~oddsengine.results.campaign_result.CampaignResult` for a siege campaign,
        a :class:`~oddsengine.questions.plan_comparison.PlanComparison` for a plan).

    Examples
    --------
    >>> from oddsengine import Interception, exact
    >>> round(exact(Interception("hapsburg: 2R Charles-V", "france: 4R")).p["success"] * 36)
    21
    """
    engines = campaign_engines(spec)
    if engines is not None and engines.exact is not None:
        return engines.exact(spec)
    plan = draw_plan_of(spec)
    weights = plan.cell_probabilities()
    key = _map_key(spec, weights.size)
    mapping = None if key is None else _cell_maps.get(key)
    if mapping is None:
        # A plain field battle's states come straight from its draws; any other spec's
        # from merging its outcome columns.
        mapping = _direct_map(spec, plan, weights)
        if mapping is None:
            columns = spec.outcome_columns(plan.cell_values())
            if key is None or not columns:
                ((states, summed),) = merge_cells(columns, weights)
                return Result(spec, "exact", states, summed)
            mapping = end_state_map(columns, weights)
        if key is not None:
            if len(_cell_maps) >= MAPS_KEPT:
                del _cell_maps[next(iter(_cell_maps))]  # the oldest kept
            _cell_maps[key] = mapping
    result = Result(spec, "exact", dict(mapping.states), mapping.weigh(weights))
    masks = mapping.label_masks
    return result.knowing_outcomes(masks["outcome"]) if masks and "outcome" in masks else result


def _direct_map(spec, plan, weights) -> EndStateMap | None:
    """The end-state map of a spec whose rules say what decides each cell's state
    (``spec.state_digits``, a plain field battle's), when every cell has a weight: the map
    :func:`end_state_map` makes of its outcome columns, without them. None otherwise."""
    state_digits = getattr(spec, "state_digits", None)
    if state_digits is None or not np.minimum.reduce(weights) > 0:
        return None  # a cell of no weight is dropped by the merge: let it drop it
    found = state_digits(plan)
    return None if found is None else state_digits_map(found)


def forget_end_states() -> None:
    """Forget every kept end-state map: the next answer to any spec merges its cells
    anew (what a benchmark of specs asked the first time, or a test that counts the
    resolutions, needs)."""
    _cell_maps.clear()


def _map_key(spec, cells: int):
    """What keys ``spec``'s end-state map: the spec itself (its value), or None when no
    map is kept (a spec that cannot be hashed, a draw plan of more than MAP_CELLS)."""
    if cells > MAP_CELLS:
        return None
    try:
        return _SpecKey(spec)
    except TypeError:
        return None


class _SpecKey:
    """A spec as a key of the kept maps, its hash computed once (a spec's hash reads
    every field, its forces and cards: the look-up and the keeping would each read it
    again)."""

    __slots__ = ("spec", "hash")

    def __init__(self, spec):
        self.spec = spec
        self.hash = hash(spec)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other) -> bool:
        # Equal to an equal key, and to an equal spec (``spec in _cell_maps``).
        if isinstance(other, _SpecKey):
            return self.hash == other.hash and self.spec == other.spec
        return self.spec == other

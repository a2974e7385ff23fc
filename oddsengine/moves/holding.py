"""Holding a besieged space: the chance that a garrison still holds after K impulses.

The ``best`` defender policy of a :class:`~oddsengine.moves.move.Move` is judged, by default, at
the end of the move: a siege laid counts as the space held. With a horizon, each end state
where the mover lays a siege counts only the chance that the garrison survives that many
impulses of assaults (15.1, one per impulse), computed exactly by
:func:`oddsengine.moves.siege_chain.campaign_chain` (the campaign's Markov chain).

Examples
--------
>>> round(garrison_holds("9R Suleiman", "hapsburg: 4R Ferdinand", 2), 4)
0.3412
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "campaign_after_move",
    "garrison_holds",
    "garrison_holds_after",
    "check_horizon",
    "MAX_HORIZON",
]

#: The longest horizon, in impulses (as for siege campaigns).
MAX_HORIZON = 50


def check_horizon(impulses) -> int:
    """Refuse a horizon that is not a whole number of impulses from 1 to 50."""
    if isinstance(impulses, bool) or not isinstance(impulses, int):
        raise OddsEngineTypeError(
            f"the horizon must be a whole number of impulses, not {shown(impulses)}"
        )
    if not 1 <= impulses <= MAX_HORIZON:
        raise OddsEngineError(f"the horizon must be from 1 to {MAX_HORIZON} impulses")
    return impulses


@lru_cache(maxsize=4096)
def garrison_holds(besiegers, garrison, impulses: int, garrison_ally=None) -> float:
    """Exact chance that ``garrison`` still holds after ``impulses`` impulses in which
    ``besiegers`` assault once each (15.1), the siege breaking included (15.3).

    Parameters
    ----------
    besiegers, garrison : Force or str
    impulses : int
    garrison_ally : Force or str, optional
        Units of an allied power inside with the garrison.

    Returns
    -------
    float
    """
    from oddsengine.moves.siege_campaign import SiegeCampaign
    from oddsengine.moves.siege_chain import campaign_chain

    campaign = SiegeCampaign(
        besiegers, garrison, horizon=check_horizon(impulses), garrison_ally=garrison_ally
    )
    taken, _broken, _expectations = campaign_chain(campaign)
    return 1.0 - float(taken[-1])


def garrison_holds_after(state, impulses: int | None) -> float:
    """The weight of a move's end state in which the defenders control the space: 1 at
    the end of the move (``impulses`` None) or when no siege is laid; otherwise the chance
    that the garrison still holds after ``impulses`` impulses of assaults."""
    if impulses is None or state.outcome != "besieging" or state.garrison is None:
        return 1.0
    return garrison_holds(state.besiegers, state.garrison, impulses, state.garrison_ally)


def campaign_after_move(move, horizon: int, **parameters):
    """The siege campaign that follows ``move``, its identical starting sieges merged.

    :meth:`~oddsengine.moves.siege_campaign.SiegeCampaign.from_move` keeps one start per end
    state of the move; many end states lay the same siege (the same besiegers and
    garrison), and the exact chain is run once per start. Merging them gives the same
    answer, much faster.

    Parameters
    ----------
    move : Move
    horizon : int
    **parameters
        Other parameters of :class:`~oddsengine.moves.siege_campaign.SiegeCampaign`.

    Examples
    --------
    >>> from oddsengine.moves.scenario_file import load_move
    >>> campaign = campaign_after_move(load_move("vienna"), 2)
    >>> round(campaign.siege_probability, 4)
    0.6631
    """
    from dataclasses import replace

    from oddsengine.moves.siege_campaign import SiegeCampaign

    campaign = SiegeCampaign.from_move(move, horizon=horizon, **parameters)
    weights: dict = defaultdict(float)
    for weight, *siege in campaign.start:
        weights[tuple(siege)] += weight
    start = tuple((weight, *siege) for siege, weight in weights.items())
    return replace(campaign, start=start)

"""The courses of a plan that starts from a land move or from a siege.

Each course is played out over the plan's horizon - the move with :func:`oddsengine.exact`
(or :func:`oddsengine.simulate_move`), then the siege it may lay with
:func:`oddsengine.exact_campaign` (or :func:`oddsengine.simulate_campaign`) - into one row
of :class:`~oddsengine.questions.plan_comparison.PlanComparison`: the chance that the space is taken
by each impulse, its standard error, the CP spent and the land units lost on each side.
A plan that starts from a naval move has its own rows
(:mod:`oddsengine.questions._naval_plans`).
"""

from __future__ import annotations

import math

import numpy as np

from oddsengine.draws import weighted_mean
from oddsengine.errors import OddsEngineError
from oddsengine.questions._naval_plans import NAVAL_COURSE_KEYS

__all__ = ["MOVE_CP", "move_row", "siege_row"]

#: CP to move a formation (13.1).
MOVE_CP = 1


def _siege_losses(campaign, result) -> tuple[float, float, float]:
    """Given a siege: expected land units lost by the besiegers and by the garrison, and
    the probability the siege stands at the start."""
    sieges = campaign.siege_probability
    besiegers = sum(w * b.land_units for w, b, _, _ in campaign.sieges) / sieges
    garrison = (
        sum(w * (g.land_units + (a.land_units if a else 0)) for w, _, g, a in campaign.sieges)
        / sieges
    )
    arrived = 0.0
    for impulse in range(1, campaign.horizon + 1):
        ended = 0.0
        if impulse > 1:
            ended = result.taken_by[impulse - 2] + result.broken_by[impulse - 2]
        alive = (sieges - ended) / sieges
        arrived += alive * sum(units.land_units for units in campaign.arrivals(impulse))
    return (
        besiegers + arrived - result.besiegers_left,
        garrison - result.garrison_left,
        sieges,
    )


def _play_campaign(campaign, method, trials, seed):
    from oddsengine.engines.siege import exact_campaign, simulate_campaign

    if method == "exact":
        return exact_campaign(campaign)
    return simulate_campaign(campaign, trials=trials, seed=seed)


def move_row(plan, course, method, trials, seed) -> dict:
    """A course of a plan that starts from a land move (or a naval transport): the move,
    then the siege it may lay, played over the plan's horizon, as one row of the ranking."""
    from oddsengine.engines.exact import exact
    from oddsengine.engines.move_montecarlo import simulate_move
    from oddsengine.moves.holding import campaign_after_move
    from oddsengine.moves.option_use import check_options_used
    from oddsengine.moves.scenario_file import load_move, move_with_options
    from oddsengine.moves.transport import NavalTransport

    overrides = dict(course.move)
    naval_only = set(overrides) & set(NAVAL_COURSE_KEYS.values())
    if "responses" in naval_only and isinstance(load_move(plan.scenario), NavalTransport):
        naval_only.discard("responses")  # §15: Foul Weather stops a transport too
    if naval_only:
        raise OddsEngineError(f"{sorted(naval_only)[0]} applies to a naval move, not to this move")
    judged = (overrides.get("defender_policy", "best"), overrides.get("leaders_inside", "best"))
    if "best" in judged:
        # The best response, and the best choice of the leaders that may go inside after
        # a lost battle (14.1), are judged over the plan's horizon (move --horizon).
        overrides["defender_horizon"] = plan.horizon
    move, given = move_with_options(plan.scenario, **overrides)
    # The plan's horizon is the plan's, set where a best choice is judged, not an option
    # of the course; the course's own options are refused where they apply to nothing.
    given.pop("defender_horizon", None)
    check_options_used(move, given)
    if method == "exact":
        result = exact(move)
    else:
        result = simulate_move(move, trials=trials, seed=seed)
    p = result.p
    states = result.states
    weights = result.probabilities
    # Survivors count every unit that may fight the mover: the destination's and every
    # interceptor's (Move.defender_units), so losses are those units less the survivors.
    attacker_losses = move.units.land_units - weighted_mean(weights, states["attacker_survivors"])
    defender_losses = move.defender_units - weighted_mean(weights, states["defender_survivors"])
    row = {
        "course": course.name,
        "choice": move.program.choices.get("defender"),
        "intercepted": p["intercepted"],
        "field_battle": p["field_battle"],
        "attacker_wins": p["attacker_wins"],
        "withdrew": p["withdrew"],
        "avoided_battle": p["avoided_battle"],
        "siege": p["besieging"],
    }
    in_control = p["mover_in_control"]
    taken = np.full(plan.horizon + 1, in_control)
    broken = 0.0
    # RULES.md §15: a naval transport spends 1 CP per sea zone crossed and 1 to land.
    cp = move.cp_spent if move.is_transport else MOVE_CP
    variance = np.zeros(plan.horizon + 1)
    if method != "exact":
        variance += in_control * (1 - in_control) / trials
    if p["besieging"] > 0:
        campaign = campaign_after_move(move, plan.horizon, **course.siege)
        siege = _play_campaign(campaign, method, trials, seed)
        taken[1:] += siege.taken_by
        broken = float(siege.broken_by[-1])
        besieger_lost, garrison_lost, sieges = _siege_losses(campaign, siege)
        cp += sieges * siege.expected_cp
        attacker_losses += sieges * besieger_lost
        defender_losses += sieges * garrison_lost
        if method != "exact":
            variance[1:] += siege.taken_by * (1 - siege.taken_by) / trials
    row = _finish_row(row, taken, broken, cp, attacker_losses, defender_losses, variance)
    # RULES.md §9: what the course's orders name that the move passes over, for the plan's
    # notes (compare_plans takes it off the row).
    return {**row, "notes": move.notes} if move.notes else row


def siege_row(plan, course, method, trials, seed) -> dict:
    """A course of a plan that starts from a siege already laid, played over the plan's
    horizon, as one row of the ranking."""
    from oddsengine.moves.siege_campaign import SiegeCampaign

    campaign = SiegeCampaign(plan.besiegers, plan.garrison, plan.horizon, **course.siege)
    siege = _play_campaign(campaign, method, trials, seed)
    besieger_lost, garrison_lost, _ = _siege_losses(campaign, siege)
    taken = np.concatenate([[0.0], siege.taken_by])
    variance = np.zeros(plan.horizon + 1)
    if method != "exact":
        variance[1:] = siege.taken_by * (1 - siege.taken_by) / trials
    row = {"course": course.name, "choice": None}
    broken = float(siege.broken_by[-1])
    return _finish_row(
        row, taken, broken, siege.expected_cp, besieger_lost, garrison_lost, variance
    )


def _finish_row(row, taken, broken, cp, attacker_losses, defender_losses, variance) -> dict:
    for impulse, value in enumerate(taken):
        row[f"taken_by_impulse_{impulse}"] = float(value)
    for impulse, value in enumerate(variance):
        row[f"taken_by_impulse_{impulse}_stderr"] = math.sqrt(float(value))
    row.update(
        held=1.0 - float(taken[-1]),
        broken=broken,
        expected_cp=float(cp),
        attacker_losses=float(attacker_losses),
        defender_losses=float(defender_losses),
        taken_stderr=math.sqrt(float(variance[-1])),
    )
    return row

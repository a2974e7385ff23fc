"""The engines of siege campaigns (15, 15.1, 15.3): the exact answer from the campaign's
Markov chain (:func:`oddsengine.moves.siege_chain.campaign_chain`) and the Monte Carlo,
every assault sampled from its spec's draw plan by the project's one sampler, on the
counter-based streams. Both give a :class:`~oddsengine.results.campaign_result.CampaignResult`
and are reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate`.

Trial ``t`` of block ``b`` draws from the stream keyed by (seed, campaign, b): its
starting siege at position ``t * (horizon + 1)``, the assault of impulse ``k`` at position
``t * (horizon + 1) + k`` (see :func:`oddsengine.engines._numpy_kernel.sample_values`). A trial's
draws therefore do not depend on which other trials share its state in an impulse; the
trials of a block are summed before the next block runs.
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES
from oddsengine.draws import DrawPlan
from oddsengine.engines._random import CAMPAIGN_BLOCK
from oddsengine.engines.run_arguments import CAMPAIGN_TRIALS, MAX_TRIALS, check_run
from oddsengine.moves.siege_campaign import (
    SIEGE_STANDS,
    SiegeCampaign,
    check_campaign,
    force_with,
    garrison_counts,
    garrison_counts_after,
    unit_counts,
)
from oddsengine.moves.siege_chain import campaign_chain
from oddsengine.results.campaign_result import CampaignResult

__all__ = ["CAMPAIGN_BLOCK", "CAMPAIGN_TRIALS", "exact_campaign", "simulate_campaign"]


def exact_campaign(campaign: SiegeCampaign) -> CampaignResult:
    """Exact results of a campaign (its Markov chain); the same as ``exact(campaign)``.

    Examples
    --------
    >>> campaign = SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=2)
    >>> round(float(exact_campaign(campaign).taken_by[-1]), 4)
    0.9642
    """
    taken, broken, expectations = campaign_chain(campaign)
    return CampaignResult.of(campaign, "exact", taken, broken, expectations)


def simulate_campaign(campaign: SiegeCampaign, trials=CAMPAIGN_TRIALS, seed=None) -> CampaignResult:
    """Monte Carlo results of a campaign: every assault sampled from its spec's plan.

    Trials run in blocks of ``CAMPAIGN_BLOCK`` (2**16 trials); block ``b`` draws from the stream
    keyed by (seed, campaign, b).

    Examples
    --------
    >>> from oddsengine import exact_campaign
    >>> campaign = SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3)
    >>> result = simulate_campaign(campaign, trials=50_000, seed=1)
    >>> bool(abs(result.taken_by[-1] - exact_campaign(campaign).taken_by[-1]) < 0.01)
    True
    """
    # The streams and the sampler are the Monte Carlo's alone: an exact answer (a search
    # over many campaigns) does not load them.
    from oddsengine.engines._random import scenario_id, trial_blocks

    check_campaign(campaign)
    trials, _, seed = check_run(trials, MAX_TRIALS, seed, None)
    keys, sizes = trial_blocks(seed, scenario_id(campaign), 0, trials, CAMPAIGN_BLOCK)
    totals = defaultdict(float)
    taken_counts = np.zeros(campaign.horizon)
    broken_counts = np.zeros(campaign.horizon)
    for key, size in zip(keys, sizes.tolist(), strict=True):
        _simulate_block(campaign, size, key, totals, taken_counts, broken_counts)
    taken = np.cumsum(taken_counts) / trials
    broken = np.cumsum(broken_counts) / trials
    sieges = max(totals["sieges"], 1.0)
    errors = {
        "expected_cp": math.sqrt(
            max(totals["cp2"] / sieges - (totals["cp"] / sieges) ** 2, 0) / sieges
        ),
    }
    expectations = (
        totals["cp"] / sieges,
        totals["besiegers"] / sieges,
        totals["garrison"] / sieges,
        totals["besiegers_taken"] / taken_counts.sum() if taken_counts.sum() else 0.0,
    )
    taken_trials, broken_trials = taken_counts.sum(), broken_counts.sum()
    end_weights = (
        taken_trials,
        broken_trials,
        totals["sieges"] - taken_trials - broken_trials,
        trials - totals["sieges"],
    )
    return CampaignResult.of(
        campaign,
        "monte-carlo",
        taken,
        broken,
        expectations,
        trials=trials,
        seed=seed,
        errors=errors,
        end_weights=end_weights,
    )


def _sample(plan: DrawPlan, key, positions) -> tuple[np.ndarray, ...]:
    from oddsengine.engines._numpy_kernel import sample_values

    thresholds, layout = plan.thresholds()
    return sample_values(thresholds, layout, key, positions)


def _codes(states: np.ndarray) -> np.ndarray:
    """One integer per row of ``states`` (equal rows, equal codes): the rows read as digits
    of a number, or, for counts too large for 64 bits, the rows' ranks."""
    radix = int(states.max()) + 1
    if radix ** states.shape[1] < 2**62:
        # Integers: exact in any order (an integer product is no BLAS call either).
        digits = radix ** np.arange(states.shape[1] - 1, -1, -1, dtype=np.int64)
        return (states * digits).sum(axis=1)
    return np.unique(states, axis=0, return_inverse=True)[1].ravel()


def _simulate_block(campaign, size, key, totals, taken_counts, broken_counts):
    stride = np.uint64(campaign.horizon + 1)
    positions = np.arange(size, dtype=np.uint64) * stride
    weights = np.array([entry[0] for entry in campaign.start])
    no_siege = max(1.0 - weights.sum(), 0.0)
    # The siege each trial starts from; the last value (when possible) is no siege.
    starts = np.append(weights, no_siege) if no_siege > 0 else weights
    start = _sample(DrawPlan(starts, [1.0]), key, positions)[0]
    alive = start < weights.size
    attacker = np.zeros((size, 3), dtype=np.int64)
    # The garrison's counts, then its ally's (6 columns) when a start has an ally.
    width = 6 if any(ally is not None for *_, ally in campaign.sieges) else 3
    defender = np.zeros((size, width), dtype=np.int64)
    for index, (_, besiegers, garrison, ally) in enumerate(campaign.sieges):
        attacker[start == index] = unit_counts(besiegers)
        counts = garrison_counts(garrison, ally)
        defender[start == index] = counts + (0,) * (width - len(counts))
    cp = np.zeros(size)
    for impulse in range(1, campaign.horizon + 1):
        live = np.flatnonzero(alive)
        if live.size == 0:
            break
        # Trials in the same state share an assault: group them by (start, counts).
        states = np.concatenate([start[live, None], attacker[live], defender[live]], axis=1)
        _, first_of, inverse = np.unique(_codes(states), return_index=True, return_inverse=True)
        for group_index, group in enumerate(states[first_of]):
            members = live[inverse == group_index]
            index = int(group[0])
            template_besiegers = campaign.sieges[index][1]
            besiegers = campaign.reinforced(force_with(group[1:4], template_besiegers), impulse)
            garrison, ally = campaign.garrison_forces(index, group[4:])
            cp[members] += campaign.cp_before_assault(impulse)
            if not campaign.assaults_in(impulse):
                attacker[members] = unit_counts(besiegers)
                continue
            first = impulse == campaign.assault_from
            assault = campaign.assault(besiegers, garrison, first, ally)
            values = _sample(assault.draw_plan(), key, positions[members] + np.uint64(impulse))
            columns = assault.outcome_columns(values)
            outcome = columns["outcome"]
            attacker[members] = np.stack([columns[f"besieger_{k}"] for k in UNIT_TYPES], axis=1)
            after = garrison_counts_after(assault, columns)
            defender[members, : after.shape[1]] = after
            success = outcome == "success"
            ended = ~np.isin(outcome, SIEGE_STANDS)
            taken_counts[impulse - 1] += success.sum()
            broken_counts[impulse - 1] += (ended & ~success).sum()
            totals["besiegers_taken"] += attacker[members[success]].sum()
            defender[members[success]] = 0
            alive[members[ended]] = False
    started = start < weights.size
    totals["sieges"] += started.sum()
    totals["cp"] += cp.sum()
    totals["cp2"] += (cp**2).sum()
    totals["besiegers"] += attacker[started].sum()
    totals["garrison"] += defender[started].sum()

"""The exact course of a siege campaign (15, 15.1, 15.3): a Markov chain over the unit
counts of both sides (leaders never change until the end), each impulse's assault resolved
from its :class:`~oddsengine.Assault` draw plan.

It is what the campaign's exact answer is made of (:func:`oddsengine.exact`, in
:mod:`oddsengine.engines.siege`) and what a move's defenders weigh when they choose their
best response (:mod:`oddsengine.moves.holding`): plain numbers, no result type.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from oddsengine.combat.forces import UNIT_TYPES
from oddsengine.moves.siege_campaign import (
    SIEGE_STANDS,
    SiegeCampaign,
    check_campaign,
    force_with,
    garrison_counts,
    garrison_counts_after,
    unit_counts,
)

__all__ = ["campaign_chain"]


def campaign_chain(campaign: SiegeCampaign):
    """The exact course of a campaign: a Markov chain over the unit counts of both sides.

    Returns
    -------
    taken, broken : ndarray, shape (horizon,)
        The chance that the space has fallen, or the siege broken, by each impulse.
    expectations : tuple of float
        Expected CP, besiegers and garrison left (given a siege), and besiegers left when
        the space falls.
    """
    check_campaign(campaign)
    taken = np.zeros(campaign.horizon)
    broken = np.zeros(campaign.horizon)
    expected_cp = 0.0
    besiegers_left = garrison_left = left_if_taken = 0.0
    # state: (start index, besieger counts, garrison counts) -> probability
    states = defaultdict(float)
    for index, (weight, besiegers, garrison, ally) in enumerate(campaign.sieges):
        states[(index, unit_counts(besiegers), garrison_counts(garrison, ally))] += weight
    taken_mass = 0.0
    for impulse in range(1, campaign.horizon + 1):
        following = defaultdict(float)
        for (index, attacker, defender), weight in states.items():
            template_besiegers = campaign.sieges[index][1]
            besiegers = campaign.reinforced(force_with(attacker, template_besiegers), impulse)
            garrison, ally = campaign.garrison_forces(index, defender)
            expected_cp += weight * campaign.cp_before_assault(impulse)
            if not campaign.assaults_in(impulse):
                following[(index, unit_counts(besiegers), defender)] += weight
                continue
            first = impulse == campaign.assault_from
            assault = campaign.assault(besiegers, garrison, first, ally)
            plan = assault.draw_plan()
            columns = assault.outcome_columns(plan.cell_values())
            garrison_after = garrison_counts_after(assault, columns)
            probabilities = plan.cell_probabilities()
            for cell in np.flatnonzero(probabilities > 0):
                mass = weight * probabilities[cell]
                outcome = columns["outcome"][cell]
                # Every besieger stays for the next impulse: the assaulting formation's
                # survivors and the units that stood by (15.1, 15.3).
                attacker_after = tuple(int(columns[f"besieger_{k}"][cell]) for k in UNIT_TYPES)
                defender_after = tuple(int(count) for count in garrison_after[cell])
                if outcome == "success":
                    taken[impulse - 1 :] += mass
                    taken_mass += mass
                    besiegers_left += mass * sum(attacker_after)
                    left_if_taken += mass * sum(attacker_after)
                elif outcome in SIEGE_STANDS:
                    following[(index, attacker_after, defender_after)] += mass
                else:
                    broken[impulse - 1 :] += mass
                    besiegers_left += mass * sum(attacker_after)
                    garrison_left += mass * sum(defender_after)
        states = following
    for (_, attacker, defender), weight in states.items():
        besiegers_left += weight * sum(attacker)
        garrison_left += weight * sum(defender)
    sieges = campaign.siege_probability
    expectations = (
        expected_cp / sieges,
        besiegers_left / sieges,
        garrison_left / sieges,
        left_if_taken / taken_mass if taken_mass else 0.0,
    )
    return taken, broken, expectations

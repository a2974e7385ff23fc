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
from oddsengine.kept import Kept
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
    horizon = campaign.horizon
    taken = np.zeros(horizon)
    broken = np.zeros(horizon)
    # P(taken by impulse k) and P(broken by k): every slot from an impulse on receives
    # the same additions in the same order, so one running sum per curve, read at the end
    # of each impulse, gives each slot's value to the last bit.
    sums = _Sums()
    # states: start index -> (besieger counts, garrison counts) -> probability, the pair of
    # counts by its number (see _Steps.number). A start's states never mix with another's,
    # and each impulse plays the starts one after the other, in their order, so every sum
    # below takes its terms in the order it always did.
    steps = _Steps(campaign)
    states = {
        index: {steps.number((unit_counts(besiegers), garrison_counts(garrison, ally))): weight}
        for index, (weight, besiegers, garrison, ally) in enumerate(campaign.sieges)
    }
    for impulse in range(1, horizon + 1):
        states = _play_impulse(campaign, impulse, states, steps, sums)
        taken[impulse - 1] = sums.taken
        broken[impulse - 1] = sums.broken
    for counts in states.values():
        for state, weight in counts.items():
            attacker, defender = steps.pairs[state]
            sums.besiegers_left += weight * sum(attacker)
            sums.garrison_left += weight * sum(defender)
    sieges = campaign.siege_probability
    # As NumPy floats, as they were when the cells' probabilities were NumPy's.
    expectations = (
        np.float64(sums.expected_cp / sieges),
        np.float64(sums.besiegers_left / sieges),
        np.float64(sums.garrison_left / sieges),
        np.float64(sums.left_if_taken / sums.taken_mass) if sums.taken_mass else 0.0,
    )
    return taken, broken, expectations


class _Sums:
    """The running sums of a chain: P(taken) and P(broken) so far, expected CP, units
    left on both sides, besiegers left when the space falls, and the mass taken."""

    def __init__(self):
        self.taken = self.broken = self.expected_cp = 0.0
        self.besiegers_left = self.garrison_left = self.left_if_taken = self.taken_mass = 0.0


class _Steps:
    """The steps of one chain (see :func:`_step`), found by start and counts.

    A state's forces are its counts with its start's leaders and powers: starts that
    share them, and impulses that bring the same reinforcements, share their steps - and
    so do campaigns alike (the candidates of a search, a plan's courses), through
    :data:`_CHAIN_STEPS`.
    """

    def __init__(self, campaign):
        self.campaign = campaign
        alike: dict = {}
        self.shapes = [
            (b.leaders, b.power, g.leaders, g.power, getattr(a, "leaders", None), a and a.power)
            for _, b, g, a in campaign.sieges
        ]
        self.template = [alike.setdefault(shape, index) for index, shape in enumerate(self.shapes)]
        self.found: dict = {}
        rules = _rules_of(campaign)
        shared = _CHAIN_STEPS.get(rules)
        if shared is None or len(shared[0]) >= _MOST_STEPS:
            shared = _CHAIN_STEPS.keep(rules, ({}, {}, []))
        self.shared, self.numbers, self.pairs = shared

    def number(self, pair) -> int:
        """The number of a pair of counts (besiegers, garrison): a state's key, quicker
        to find than the pair itself."""
        found = self.numbers.get(pair)
        if found is None:
            found = self.numbers[pair] = len(self.pairs)
            self.pairs.append(pair)
        return found

    def get(self, index, state, impulse, assaulting, arriving, first):
        key = (self.template[index], state, assaulting, arriving, first)
        step = self.found.get(key)
        if step is None:
            shared_key = (self.shapes[index], *key[1:])
            step = self.shared.get(shared_key)
            if step is None:
                attacker, defender = self.pairs[state]
                step = _step(self, self.template[index], attacker, defender, impulse)
                self.shared[shared_key] = step
            self.found[key] = step
        return step


def _play_impulse(campaign, impulse, states, steps, sums) -> dict:
    """One impulse of the chain: every state's assault (or wait), its mass passed on to
    the states of the next impulse or added to the sums; returns the next states."""
    cp = campaign.cp_before_assault(impulse)
    first = impulse == campaign.assault_from
    assaulting = campaign.assaults_in(impulse)
    arriving = tuple(unit_counts(units) for units in campaign.arrivals(impulse))
    taken, broken, expected_cp = sums.taken, sums.broken, sums.expected_cp
    besiegers_left, garrison_left = sums.besiegers_left, sums.garrison_left
    left_if_taken, taken_mass = sums.left_if_taken, sums.taken_mass
    following: dict = {}
    for index, counts in states.items():
        after = following.setdefault(index, defaultdict(float))
        for state, weight in counts.items():
            expected_cp += weight * cp
            step = steps.get(index, state, impulse, assaulting, arriving, first)
            if not assaulting:
                after[step] += weight
                continue
            standing, ending = step
            for probability, counts_after in standing:
                after[counts_after] += weight * probability
            for probability, is_taken, besieging, inside in ending:
                mass = weight * probability
                if is_taken:
                    taken += mass
                    taken_mass += mass
                    besiegers_left += mass * besieging
                    left_if_taken += mass * besieging
                else:
                    broken += mass
                    besiegers_left += mass * besieging
                    garrison_left += mass * inside
    sums.taken, sums.broken, sums.expected_cp = taken, broken, expected_cp
    sums.besiegers_left, sums.garrison_left = besiegers_left, garrison_left
    sums.left_if_taken, sums.taken_mass = left_if_taken, taken_mass
    return following


def _step(steps: _Steps, start: int, attacker, defender, impulse: int):
    """One impulse of the chain from unit counts ``attacker`` and ``defender`` with the
    leaders and powers of starting siege ``start``: the cells of the assault
    (:func:`_assault_cells`) as ``(standing, ending)``, or the state (its number) when
    the besiegers wait, reinforced."""
    campaign = steps.campaign
    template_besiegers = campaign.sieges[start][1]
    besiegers = campaign.reinforced(force_with(attacker, template_besiegers), impulse)
    if not campaign.assaults_in(impulse):
        return steps.number((unit_counts(besiegers), defender))
    garrison, ally = campaign.garrison_forces(start, defender)
    cells = _assault_cells(campaign, besiegers, garrison, impulse == campaign.assault_from, ally)
    # The cells where the siege stands, in their order, and those that end it, in theirs:
    # each sum of the chain takes terms from one kind only, so their order is kept.
    standing = tuple(
        (probability, steps.number((attacker_after, defender_after)))
        for probability, end, attacker_after, defender_after, _, _ in cells
        if end is _STANDS
    )
    ending = tuple(
        (probability, end is _TAKEN, besieging, inside)
        for probability, end, _, _, besieging, inside in cells
        if end is not _STANDS
    )
    return standing, ending


def _rules_of(campaign) -> tuple:
    """What decides a campaign's assaults besides the forces: the cards of the first
    assault and when it comes, the rules, the naval counts and a blockade (15.1)."""
    return (
        campaign.attacker_cards,
        campaign.defender_cards,
        campaign.assault_from,
        campaign.policies,
        campaign.options,
        campaign.naval,
        campaign.blockade,
    )


#: The steps of chains resolved so far, by the campaign's rules (:func:`_rules_of`): each
#: ``(steps, numbers, pairs)``, the steps by the starting siege's leaders and powers, the
#: state (the number of its pair of counts), whether the besiegers assault, the units
#: arriving and whether it is the first assault; the numbers of the pairs, and the pairs.
#: Kept for at most 8 campaigns' rules, each with at most _MOST_STEPS steps of about 4 kB
#: (64 MB at most in all).
_CHAIN_STEPS: Kept = Kept(8)
_MOST_STEPS = 2048

#: How an assault's cell ends the impulse: the space taken, the siege standing, or broken.
_TAKEN, _STANDS, _BROKEN = "taken", "stands", "broken"


def _assault_cells(campaign, besiegers, garrison, first: bool, ally=None) -> tuple:
    """Every cell of positive probability of one assault of the chain, in the draw plan's
    cell order: its probability, how it ends the impulse (:data:`_TAKEN`, :data:`_STANDS`
    or :data:`_BROKEN`), both sides' unit counts after it (the garrison's, then its
    ally's) and their totals.

    The same assault comes back again and again (every impulse, every start of a
    campaign after a move, every campaign of a plan or a search), so each is resolved once
    and shared: a spec, its draw plan and its columns cost far more than reading them.
    """
    cards = (campaign.attacker_cards, campaign.defender_cards) if first else ((), ())
    key = (besiegers, garrison, ally, *cards, campaign.policies, campaign.options, campaign.naval)
    cells = _ASSAULT_CELLS.get(key)
    if cells is None:
        assault = campaign.assault(besiegers, garrison, first, ally)
        plan = assault.draw_plan()
        columns = assault.outcome_columns(plan.cell_values())
        probabilities = plan.cell_probabilities()
        # Every besieger stays for the next impulse: the assaulting formation's survivors
        # and the units that stood by (15.1, 15.3).
        attackers = np.stack([columns[f"besieger_{kind}"] for kind in UNIT_TYPES], axis=1)
        defenders = np.asarray(garrison_counts_after(assault, columns))
        kept = np.flatnonzero(probabilities > 0)
        ends = [
            _TAKEN if outcome == "success" else _STANDS if outcome in SIEGE_STANDS else _BROKEN
            for outcome in columns["outcome"][kept].tolist()
        ]
        attackers_after = attackers[kept].tolist()
        defenders_after = defenders[kept].tolist()
        cells = tuple(
            zip(
                # Python floats: the chain's sums take the same IEEE products and sums as
                # NumPy's scalars would, without a NumPy scalar per operation.
                probabilities[kept].tolist(),
                ends,
                map(tuple, attackers_after),
                map(tuple, defenders_after),
                map(sum, attackers_after),
                map(sum, defenders_after),
                strict=True,
            )
        )
        _ASSAULT_CELLS.keep(key, cells)
    return cells


#: The assaults resolved so far, by what decides them (see :func:`_assault_cells`).
_ASSAULT_CELLS: Kept = Kept(8192)

"""Siege campaigns (15, 15.1, 15.3): exact Markov chain, Monte Carlo, and hand values."""

from math import comb

import numpy as np
import pytest
from conftest import within_sigmas

from oddsengine.engines.siege import exact_campaign, simulate_campaign
from oddsengine.errors import OddsEngineError
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.siege_campaign import SiegeCampaign


def at_least(dice, hits):
    return sum(comb(dice, k) * (1 / 3) ** k * (2 / 3) ** (dice - k) for k in range(hits, dice + 1))


def test_first_assault_by_hand():
    # 15.1: 9 regulars against a garrison: ceil(9 / 2) = 5 dice + Suleiman 2 = 7; the
    # space falls with at least 2 hits (no defender left) - 3 defender dice cannot kill 9.
    result = exact_campaign(SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=1))
    assert result.taken_by[0] == pytest.approx(at_least(7, 2))
    assert result.expected_cp == pytest.approx(1.0)


def test_taken_by_is_cumulative_and_cp_counts_assaults():
    result = exact_campaign(SiegeCampaign("6R Suleiman", "hapsburg: 3R Ferdinand", horizon=5))
    assert np.all(np.diff(result.taken_by) >= 0)
    assert np.all(result.taken_by + result.broken_by <= 1 + 1e-12)
    # An assault in impulse k happens while the siege still stands after k - 1.
    still = 1.0 - np.concatenate([[0.0], (result.taken_by + result.broken_by)[:-1]])
    assert result.expected_cp == pytest.approx(still.sum())


@pytest.mark.rule("5", cites="15.1 step 11, 15.3: after a failure the siege holds")
def test_siege_breaks_when_besiegers_no_longer_outnumber():
    # 15.3: 3 besiegers against 2: one attacker loss breaks the siege.
    result = exact_campaign(SiegeCampaign("3R", "hapsburg: 2R", horizon=1))
    assert result.broken_by[0] > 0
    assert result.taken_by[0] + result.broken_by[0] <= 1


def test_reinforcements_cost_a_move_and_help():
    plain = exact_campaign(SiegeCampaign("5R L1", "hapsburg: 3R", horizon=4))
    helped = exact_campaign(SiegeCampaign("5R L1", "hapsburg: 3R", horizon=4, reinforcements="2R"))
    assert helped.taken_by[-1] > plain.taken_by[-1]
    assert helped.taken_by[0] == pytest.approx(plain.taken_by[0])


def test_a_siege_needs_more_besiegers():
    with pytest.raises(OddsEngineError, match="not under siege"):
        SiegeCampaign("2R", "hapsburg: 2R")
    with pytest.raises(OddsEngineError, match="horizon"):
        SiegeCampaign("5R", "hapsburg: 2R", horizon=0)


@pytest.mark.slow
def test_campaign_after_the_vienna_move():
    move = load_move("vienna")
    campaign = SiegeCampaign.from_move(move, horizon=3)
    from oddsengine import exact

    assert campaign.siege_probability == pytest.approx(exact(move).p["siege"])
    result = exact_campaign(campaign)
    assert result.taken_by[-1] <= campaign.siege_probability


@pytest.mark.slow
@pytest.mark.parametrize(
    "campaign",
    [
        SiegeCampaign("6R Suleiman", "hapsburg: 3R Ferdinand", horizon=4),
        SiegeCampaign(
            "5R L1", "hapsburg: 3R", horizon=3, reinforcements="1R", attacker_cards=["siege-mining"]
        ),
        # RULES.md §7: a stack larger than one formation; 6 assault, the rest stand by.
        SiegeCampaign("9R Ibrahim", "hapsburg: 3R Ferdinand", horizon=3),
    ],
)
def test_monte_carlo_agrees_with_exact_within_5_standard_errors(campaign):
    trials = 60_000
    exact_result = exact_campaign(campaign)
    sampled = simulate_campaign(campaign, trials=trials, seed=77)
    for exact_p, sampled_p in zip(exact_result.taken_by, sampled.taken_by, strict=True):
        assert within_sigmas(sampled_p, exact_p, (exact_p * (1 - exact_p) / trials) ** 0.5)
    stderr = sampled.errors["expected_cp"]
    assert within_sigmas(sampled.expected_cp, exact_result.expected_cp, stderr)


def test_campaign_monte_carlo_is_reproducible():
    campaign = SiegeCampaign("6R Suleiman", "hapsburg: 3R", horizon=2)
    first = simulate_campaign(campaign, trials=5_000, seed=4)
    second = simulate_campaign(campaign, trials=5_000, seed=4)
    assert np.array_equal(first.taken_by, second.taken_by)
    assert first.to_dict()["p"]["taken_by_impulse_2"] == pytest.approx(first.taken_by[1])

"""A positive control for ``compare``: tests that check Monte Carlo against exact by
finding no disagreement (naval, piracy, foreign wars, moves...) are only worth something if
``compare`` does flag a result that is off. Here it must flag a sampled result whose
headline outcome is moved by a few percent, and keep quiet about the true one."""

from dataclasses import replace

import numpy as np
import pytest
from conftest import assert_within_sigmas

import oddsengine as oe

pytestmark = pytest.mark.slow

KINDS = [
    oe.FieldBattle("5R L1", "hapsburg: 4R"),
    oe.NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria"),
    oe.Piracy("ottoman: 2Co 1Sq Barbarossa", zone_squadrons=1, adjacent_squadrons=1),
    oe.ForeignWar("egypt", "3R Ibrahim", horizon=3),
]


def _shifted(result, outcome: str, factor: float):
    """``result`` with the weight of every end state ending in ``outcome`` scaled."""
    ending = np.asarray(result.states["outcome"]) == outcome
    return replace(result, weights=np.where(ending, result.weights * factor, result.weights))


@pytest.mark.parametrize("spec", KINDS, ids=lambda spec: spec.kind)
def test_compare_flags_a_shifted_result_and_passes_the_true_one(spec):
    exact = oe.exact(spec)
    sampled = oe.simulate(spec, trials=200_000, seed=11)
    headline = spec.outcome_names[0]
    assert not oe.compare(exact, sampled)["disagrees"].any()
    assert_within_sigmas(sampled, exact)
    table = oe.compare(exact, _shifted(sampled, headline, 1.05)).set_index("outcome")
    assert table.loc[headline, "disagrees"]
    with pytest.raises(AssertionError):
        assert_within_sigmas(_shifted(sampled, headline, 1.05), exact, [headline])


def test_one_standard_error_is_not_a_disagreement_ten_are():
    # The headline moved by 1 and by 10 standard errors of the run.
    spec = KINDS[0]
    exact = oe.exact(spec)
    p = exact.p["attacker_wins"]
    sampled = oe.simulate(spec, trials=200_000, seed=11)
    sigma = np.sqrt(p * (1 - p) / sampled.trials)
    for sigmas, flagged in ((1, False), (10, True)):
        target = sampled.p["attacker_wins"] + sigmas * sigma
        factor = (
            target * (1 - sampled.p["attacker_wins"]) / (sampled.p["attacker_wins"] * (1 - target))
        )
        table = oe.compare(exact, _shifted(sampled, "attacker_wins", factor))
        row = table.set_index("outcome").loc["attacker_wins"]
        assert bool(row["disagrees"]) is flagged

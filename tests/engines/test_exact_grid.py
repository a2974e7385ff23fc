"""The grid path of the exact engine gives the one-by-one numbers on every kind and card."""

import itertools

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.engines.exact_grid import (
    exact_outcome_table,
    exact_probabilities,
    exact_probability,
)
from oddsengine.errors import OddsEngineError

ATTACKERS = ["1R", "3R L1", "2R 2M L2", "4R", "5R 1M L1", "8R L2"]
DEFENDERS = ["1R", "2R", "4R L1", "3M 2R", "7R L2"]


def _battles(power_a, power_d, **cards):
    specs = []
    for attacker, defender in itertools.product(ATTACKERS, DEFENDERS):
        try:
            specs.append(
                oe.FieldBattle(f"{power_a}: {attacker}", f"{power_d}: {defender}", **cards)
            )
        except OddsEngineError:
            pass
    return specs


def _assaults(power_a, power_d, **cards):
    specs = []
    for attacker, defender in itertools.product(ATTACKERS, ["0R", "1R", "2R L1", "1M 1R"]):
        try:
            specs.append(oe.Assault(f"{power_a}: {attacker}", f"{power_d}: {defender}", **cards))
        except OddsEngineError:
            pass
    return specs


ALWAYS = oe.Policies(post_roll={"janissaries": "always", "siege-artillery": "always"})

CASES = {
    "battle": _battles("france", "hapsburg"),
    "battle, field artillery and arquebusiers": _battles(
        "france", "hapsburg", attacker_cards=["field-artillery"], defender_cards=["arquebusiers"]
    ),
    "battle, Hapsburg Tercios": _battles("hapsburg", "france", attacker_cards=["tercios"]),
    "battle, Tercios against the Hapsburgs": _battles(
        "france", "hapsburg", attacker_cards=["tercios"]
    ),
    "battle, attacker's Surprise Attack": _battles(
        "france", "hapsburg", attacker_cards=["surprise-attack"]
    ),
    "battle, defender's Surprise Attack and Tercios": _battles(
        "france", "hapsburg", defender_cards=["surprise-attack", "tercios"]
    ),
    "battle, Janissaries if it changes the outcome": _battles(
        "ottoman", "hapsburg", attacker_cards=["janissaries"]
    ),
    "battle, Janissaries always, defending": _battles(
        "hapsburg", "ottoman", defender_cards=["janissaries"], policies=ALWAYS
    ),
    "battle, mercenaries cards": _battles(
        "hapsburg",
        "france",
        attacker_cards=["landsknechts"],
        defender_cards=["swiss-mercenaries", "mercenaries-bribed"],
    ),
    "battle, Gout and Foul Weather (one by one)": _battles(
        "france", "hapsburg", defender_cards=["gout"]
    )
    + _battles("france", "hapsburg", defender_cards=["foul-weather"]),
    "assault": _assaults("france", "hapsburg"),
    "assault, Siege Artillery if it changes the outcome": _assaults(
        "france", "hapsburg", attacker_cards=["siege-artillery"]
    ),
    "assault, Siege Artillery always": _assaults(
        "france", "hapsburg", attacker_cards=["siege-artillery"], policies=ALWAYS
    ),
    "assault, Siege Mining and Siege Artillery": _assaults(
        "hapsburg", "france", attacker_cards=["siege-mining", "siege-artillery"]
    ),
    "assault, Treachery": _assaults("france", "hapsburg", attacker_cards=["treachery"]),
    "assault, Surprise Attack": _assaults("france", "hapsburg", attacker_cards=["surprise-attack"]),
    "assault, Mercenaries Grow Restless (one by one)": _assaults(
        "france", "hapsburg", defender_cards=["mercenaries-grow-restless"]
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_grid_equals_one_by_one_on_every_outcome(case):
    specs = CASES[case]
    assert len(specs) >= 5, "the case must hold enough legal combats"
    outcomes = sorted({name for spec in specs for name in spec.outcome_names} | {"cancelled"})
    for outcome in outcomes:
        grid = exact_probabilities(specs, outcome)
        one_by_one = np.array([exact_probability(spec, outcome) for spec in specs])
        assert np.array_equal(grid, one_by_one), outcome  # the same sums, bit for bit
        engine = np.array([oe.exact(spec).p.get(outcome, 0.0) for spec in specs])
        np.testing.assert_allclose(grid, engine, rtol=0, atol=1e-12)


def test_mixed_kinds_keep_their_order():
    specs = [
        oe.Assault("4R", "hapsburg: 1R"),
        oe.FieldBattle("3R L1", "hapsburg: 2R"),
        oe.FieldBattle("3R L1", "hapsburg: 2R", defender_ally="england: 1R"),
        oe.Interception("hapsburg: 2R Charles-V", "france: 4R"),
        oe.FieldBattle("2R", "hapsburg: 1R", attacker_cards=["surprise-attack"]),
    ]
    grid = exact_probabilities(specs, "success")
    assert grid.tolist() == [exact_probability(spec, "success") for spec in specs]
    # 2d6 + 2 (Charles V's intercept rating) >= 9: 21 of 36 rolls.
    assert grid[3] == pytest.approx(21 / 36, abs=1e-15)


def test_a_plain_battle_by_hand():
    # 2 attacker dice against 2 (1R + 1 as defender): P(A > D) = 4/9*4/9 + 1/9*8/9 = 24/81.
    specs = [oe.FieldBattle("2R", "1R"), oe.FieldBattle("1R", "1R")]
    grid = exact_probabilities(specs, "attacker_wins")
    assert grid == pytest.approx([24 / 81, 4 / 27], abs=1e-15)


def test_a_surprise_attack_by_hand():
    # 2R with Surprise Attack against 1R: the attacker fires 2 dice first; the defender
    # answers with 2 dice only if its unit survived (29). The attacker wins on more hits:
    # 1 or 2 hits kill the defender, who then rolls nothing (5/9); on 0 hits (4/9) the
    # attacker cannot win.
    spec = oe.FieldBattle("2R", "1R", attacker_cards=["surprise-attack"])
    assert exact_probabilities([spec], "attacker_wins")[0] == pytest.approx(5 / 9, abs=1e-15)


def test_several_outcomes_at_once_are_the_single_outcome_numbers():
    specs = CASES["assault, Treachery"] + CASES["battle, attacker's Surprise Attack"]
    outcomes = ["success", "siege_continues", "siege_broken", "attacker_wins", "defender_wins"]
    table = exact_outcome_table(specs, outcomes)
    for column, outcome in enumerate(outcomes):
        assert np.array_equal(table[:, column], exact_probabilities(specs, outcome))
    # Each engagement's own outcomes add up to one.
    np.testing.assert_allclose(table.sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_unknown_cards_and_fields_take_the_one_by_one_path(monkeypatch):
    from dataclasses import replace

    from oddsengine.combat import cards
    from oddsengine.engines import exact_grid

    specs = CASES["battle, field artillery and arquebusiers"]
    stacked = exact_probabilities(specs, "attacker_wins")
    calls = []
    original = exact_grid._one_by_one
    monkeypatch.setattr(
        exact_grid, "_one_by_one", lambda spec, names: calls.append(spec) or original(spec, names)
    )
    rule = cards.CARD_RULES["field-artillery"]
    monkeypatch.setitem(cards.CARD_RULES, "field-artillery", replace(rule, grid_path=False))
    assert np.array_equal(exact_probabilities(specs, "attacker_wins"), stacked)
    assert len(calls) == len(specs)  # Field Artillery is no longer known: one by one

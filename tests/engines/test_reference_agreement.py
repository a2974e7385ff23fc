"""The exact engine against a brute-force enumeration of the naive reference.

``naive_reference`` writes the rules out again, die by die; ``enumerate_exactly`` runs it
under every possible sequence of die results. For small forces the two must agree to
rounding, outcome by outcome and survivor count by survivor count, card by card.
"""

from collections import defaultdict

import numpy as np
import pytest
from naive_reference import assault, enumerate_exactly, field_battle, two_dice_roll

from oddsengine import Assault, AvoidBattle, FieldBattle, Interception, Policies, exact


def _engine_distribution(spec, spent_column=None):
    result = exact(spec)
    distribution = defaultdict(float)
    states = result.states
    for index, probability in enumerate(result.probabilities):
        spent = bool(states[spent_column][index]) if spent_column else False
        key = (
            states["outcome"][index],
            int(states["attacker_survivors"][index]),
            int(states["defender_survivors"][index]),
            spent,
        )
        distribution[key] += probability
    return distribution


def _assert_same(engine, reference):
    keys = set(engine) | set(reference)
    for key in keys:
        assert engine.get(key, 0.0) == pytest.approx(reference.get(key, 0.0), abs=1e-12), key


BATTLES = [
    ("1R", "hapsburg: 1R", (), ()),
    ("2R L1", "hapsburg: 1R", (), ()),
    ("1R L2", "hapsburg: 1R", (), ()),  # both wiped out: the attacker rolled more dice
    ("2R 1M L1", "hapsburg: 2R Ferdinand", (), ()),
    ("france: 2R", "hapsburg: 2R", ("field-artillery",), ()),
    ("france: 2R", "hapsburg: 1R", (), ("arquebusiers",)),
    ("france: 1R", "hapsburg: 2R", (), ("tercios",)),  # Hapsburg Tercios: 3 dice on 4-6
    ("france: 2R", "hapsburg: 3R", ("tercios",), ()),  # against 3 Hapsburg regulars
    ("france: 2R", "hapsburg: 2R", ("surprise-attack",), ()),
    ("france: 2R L1", "hapsburg: 2R", (), ("surprise-attack",)),
    ("ottoman: 2R", "hapsburg: 2R", ("janissaries",), ()),
    ("france: 2R", "ottoman: 1R", (), ("janissaries",)),
    ("france: 2R 2M", "hapsburg: 1R 3M", ("mercenaries-bribed",), ()),
    ("ottoman: 1R", "hapsburg: 1R", ("field-artillery", "surprise-attack"), ()),
]


@pytest.mark.rule("10", cites="Distribution of the total of 2d6")
@pytest.mark.parametrize(("attacker", "defender", "attacker_cards", "defender_cards"), BATTLES)
def test_field_battle_matches_brute_force(attacker, defender, attacker_cards, defender_cards):
    spec = FieldBattle(attacker, defender, attacker_cards, defender_cards)
    janissaries = "janissaries" in attacker_cards + defender_cards
    engine = _engine_distribution(spec, "card_spent:janissaries" if janissaries else None)
    reference = enumerate_exactly(
        field_battle,
        spec.attacker,
        spec.defender,
        attacker_cards=attacker_cards,
        defender_cards=defender_cards,
    )
    _assert_same(engine, reference)


def test_janissaries_always_policy_matches_brute_force():
    spec = FieldBattle(
        "ottoman: 2R",
        "hapsburg: 2R",
        ["janissaries"],
        policies=Policies(post_roll={"janissaries": "always"}),
    )
    engine = _engine_distribution(spec, "card_spent:janissaries")
    reference = enumerate_exactly(
        field_battle,
        spec.attacker,
        spec.defender,
        attacker_cards=("janissaries",),
        janissaries_policy="always",
    )
    _assert_same(engine, reference)


ASSAULTS = [
    ("3R", "hapsburg: 0R", (), ()),  # empty fortress: 1 die per unit, defender 1 die
    ("3R L1", "hapsburg: 1R", (), ()),
    ("5R 1M L2", "hapsburg: 2R Ferdinand", (), ()),
    ("ottoman: 2R 2C", "hapsburg: 1R", (), ()),  # cavalry gives no dice but can be lost
    ("hapsburg: 3R", "ottoman: 1C", (), ()),  # cavalry-only garrison still halves dice
    ("4R", "hapsburg: 2R", ("siege-mining",), ()),
    ("4R", "hapsburg: 2R", ("siege-artillery",), ()),
    ("4R L1", "hapsburg: 1R", ("surprise-attack",), ()),
    ("4R", "hapsburg: 2R", (), ("surprise-attack",)),
    ("3R 2M L0", "hapsburg: 2R", (), ("mercenaries-grow-restless",)),
    ("2R 2M", "hapsburg: 2R", (), ("mercenaries-grow-restless",)),  # siege breaks
    # RULES.md §7: stacks larger than one formation; one formation assaults.
    ("8R Ibrahim", "hapsburg: 2R", (), ()),
    ("6R", "hapsburg: 3R", (), ()),  # 4 assault, 2 stand by and keep the siege
    ("hapsburg: 2R", "france: 1R", ("landsknechts",), ()),  # 2 of 4 mercenaries fit
    ("france: 3R Montmorency", "hapsburg: 1R", ("swiss-mercenaries",), ()),
    ("4R 4M Ibrahim", "hapsburg: 2R", (), ("mercenaries-grow-restless",)),
    ("5M 1C", "hapsburg: 1R", (), ("mercenaries-grow-restless",)),  # no one left to assault
    ("4R", "hapsburg: 2R", ("treachery",), ()),
    ("6R", "hapsburg: 3R", ("treachery",), ()),
]


@pytest.mark.rule("8", cites="field of its :class:`CardRule` in :data:`CARD_RULES`")
@pytest.mark.parametrize(("attacker", "defender", "attacker_cards", "defender_cards"), ASSAULTS)
def test_assault_matches_brute_force(attacker, defender, attacker_cards, defender_cards):
    spec = Assault(attacker, defender, attacker_cards, defender_cards)
    artillery = "siege-artillery" in attacker_cards
    engine = _engine_distribution(spec, "card_spent:siege-artillery" if artillery else None)
    reference = enumerate_exactly(
        assault,
        spec.attacker,
        spec.defender,
        attacker_cards=attacker_cards,
        defender_cards=defender_cards,
    )
    _assert_same(engine, reference)


@pytest.mark.rule("10", cites="Distribution of the total of 2d6")
@pytest.mark.parametrize(
    "spec",
    [
        Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim"),
        Interception("ottoman: 2R 1C Ibrahim", "hapsburg: 4R"),
        AvoidBattle("france: 2R", "hapsburg: 4R Charles-V"),
    ],
)
def test_two_dice_rolls_match_brute_force(spec):
    reference = enumerate_exactly(two_dice_roll, spec.modifier)
    assert exact(spec).p["success"] == pytest.approx(reference[True], abs=1e-12)


def test_brute_force_enumerator_is_itself_right():
    # One die hitting on 5-6, written out: 1/3.
    from naive_reference import roll

    distribution = enumerate_exactly(lambda dice: roll(dice, 2))
    assert distribution[0] == pytest.approx(4 / 9)
    assert distribution[2] == pytest.approx(1 / 9)
    assert np.isclose(sum(distribution.values()), 1.0)

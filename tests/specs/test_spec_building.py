"""Building combat specs: the dice tables, and the caches that make building fast.

The caches (parsed force strings, card lists, dice tables, the besiegers standing by)
must give exactly what a fresh computation gives, share no mutable state between specs,
and never remember a refusal.
"""

from __future__ import annotations

import dataclasses
import itertools
from math import ceil

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.combat.card_types import Card
from oddsengine.combat.forces import UNIT_TYPES, Force, _read_force, parse_force
from oddsengine.errors import OddsEngineError


def dice_tables(spec):
    return tuple(side.dice_after_losses for side in spec.sides)


# -- dice tables, counted by hand ---------------------------------------------------------


def test_assault_dice_tables_follow_15_1_steps_3_and_4():
    # 15.1 step 3: ceil(infantry / 2) + rating (Suleiman 2); step 4: infantry + rating
    # (Ferdinand 1) + 1.
    attacker, defender = dice_tables(oe.Assault("9R Suleiman", "4R Ferdinand"))
    assert attacker == tuple(ceil((9 - lost) / 2) + 2 for lost in range(10))
    assert attacker == (7, 6, 6, 5, 5, 4, 4, 3, 3, 2)
    assert defender == tuple(4 - lost + 1 + 1 for lost in range(5))
    assert defender == (6, 5, 4, 3, 2)


def test_assault_on_an_empty_space_rolls_a_die_per_infantry_unit():
    # 15.1 step 3: one die per regular or mercenary against an empty space, + rating.
    attacker, defender = dice_tables(oe.Assault("3R L1", "0R"))
    assert attacker == (4, 3, 2, 1)
    assert defender == (1,)  # no unit, no rating: the +1 of the defender only


def test_assault_cavalry_rolls_no_dice_and_the_casualty_order_decides_what_is_left():
    # Default order (mercenaries, regulars, cavalry): the regulars go first.
    attacker, defender = dice_tables(oe.Assault("ottoman: 2R 2C L1", "hapsburg: 1R"))
    assert attacker == tuple(ceil(infantry / 2) + 1 for infantry in (2, 1, 0, 0, 0))
    assert defender == (2, 1)
    # Cavalry first: the regulars keep rolling until the cavalry is gone.
    cavalry_first = oe.Policies(attacker_casualty_order="cavalry")
    attacker, _ = dice_tables(
        oe.Assault("ottoman: 2R 2C L1", "hapsburg: 1R", policies=cavalry_first)
    )
    assert attacker == tuple(ceil(infantry / 2) + 1 for infantry in (2, 2, 2, 1, 0))


def test_assault_card_dice_are_added_after_every_loss_count():
    plain, _ = dice_tables(oe.Assault("9R Suleiman", "4R Ferdinand"))
    mining, _ = dice_tables(
        oe.Assault("9R Suleiman", "4R Ferdinand", attacker_cards=["siege-mining"])
    )
    assert mining == tuple(dice + 3 for dice in plain)


def test_field_battle_dice_tables_follow_14_steps_2_and_3():
    # Land units (cavalry included) + best rating, + 1 for the defender.
    battle = oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    attacker, defender = dice_tables(battle)
    assert attacker == tuple(8 - lost + 2 for lost in range(9))
    assert defender == tuple(10 - lost + 2 + 1 for lost in range(11))
    attacker, defender = dice_tables(oe.FieldBattle("2R 1C L0", "hapsburg: 1R"))
    assert attacker == (3, 2, 1, 0)
    assert defender == (2, 1)
    # Field Artillery gives the Ottomans 3 dice more.
    artillery = oe.FieldBattle("ottoman: 3R L1", "hapsburg: 2R", attacker_cards="field-artillery")
    assert dice_tables(artillery) == ((7, 6, 5, 4), (3, 2, 1))


@pytest.mark.parametrize("counts", [(0, 0, 0), (3, 0, 0), (2, 3, 1), (0, 2, 4), (5, 1, 2)])
def test_units_after_each_loss_matches_units_after_losses(counts):
    force = Force(*counts)
    orders = list(itertools.permutations(UNIT_TYPES)) + [("cavalry",), ()]
    for order in orders:
        table = force.units_after_each_loss(order)
        assert len(table) == force.land_units + 1
        for lost, row in enumerate(table):
            left = force.units_after_losses(lost, order)
            assert row == tuple(left[kind] for kind in UNIT_TYPES)


# -- caches -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["4R", " 4r  l1 ", "hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim", "0R"]
)
def test_a_remembered_force_equals_a_fresh_parse(text):
    remembered = parse_force(text)
    assert parse_force(text) is remembered
    fresh = _read_force(text, None)
    assert fresh is not remembered
    assert fresh == remembered and repr(fresh) == repr(remembered)
    with pytest.raises(dataclasses.FrozenInstanceError):
        remembered.regulars = 99


def test_a_power_given_apart_is_part_of_what_is_remembered():
    assert parse_force("2R", power="hapsburg").power == "hapsburg"
    assert parse_force("2R", power="france").power == "france"
    assert parse_force("2R").power is None


@pytest.mark.parametrize(
    "text", ["3R 2X", "2R 2R", "1000R", "foo", "L3", "ottoman: 2R Charles-V", "-1R"]
)
def test_a_refused_force_is_refused_the_same_way_every_time(text):
    messages = []
    for _ in range(3):
        with pytest.raises(OddsEngineError) as caught:
            parse_force(text)
        messages.append(str(caught.value))
    assert len(set(messages)) == 1


def test_refused_specs_are_refused_the_same_way_every_time():
    for arguments in (
        {"attacker": "3R 2X", "defender": "2R"},
        {
            "attacker": "9R Suleiman",
            "defender": "2R",
            "attacker_cards": "siege-mining,siege-mining",
        },
        {"attacker": "9R Suleiman", "defender": "2R", "attacker_cards": "no-such-card"},
        {"attacker": "2R", "defender": "hapsburg: 2R"},
        {"attacker": "9R Suleiman", "defender": "2R", "attacker_cards": "tercios"},
    ):
        messages = set()
        for _ in range(3):
            with pytest.raises(OddsEngineError) as caught:
                oe.Assault(**arguments)
            messages.add(str(caught.value))
        assert len(messages) == 1, arguments


def _mutable_values(spec):
    return {
        name: value
        for name, value in vars(spec).items()
        if isinstance(value, (dict, list, set, bytearray))
        or (isinstance(value, np.ndarray) and value.flags.writeable)
    }


@pytest.mark.parametrize(
    "kind, attacker, defender, cards",
    [
        (oe.Assault, "9R Suleiman", "4R Ferdinand", "siege-mining"),
        (oe.Assault, "14R Ibrahim", "hapsburg: 2R", ""),
        (oe.FieldBattle, "7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V", "janissaries"),
    ],
)
def test_specs_built_from_the_same_strings_share_no_mutable_state(kind, attacker, defender, cards):
    first = kind(attacker, defender, attacker_cards=cards)
    second = kind(attacker, defender, attacker_cards=cards)
    for spec in (first, second):  # fill the lazily computed parts
        spec.describe()
        if kind is oe.Assault:
            spec.besiegers_standing_by  # noqa: B018
    assert first == second and repr(first) == repr(second)
    assert first.attacker == parse_force(attacker)
    for name, value in _mutable_values(first).items():
        assert _mutable_values(second)[name] is not value, name
    # What they do share is immutable.
    for first_side, second_side in zip(first.sides, second.sides, strict=True):
        assert isinstance(first_side.dice_after_losses, tuple)
        assert first_side.dice_after_losses == second_side.dice_after_losses
        assert first_side.force == second_side.force


def test_the_default_policies_are_the_same_as_fresh_ones():
    spec = oe.Assault("9R Suleiman", "4R Ferdinand")
    assert spec.policies == oe.Policies()
    assert repr(spec.policies) == repr(oe.Policies())
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.policies.gout_target = "Ibrahim"


def test_cards_written_as_text_are_read_the_same_as_a_list():
    text = oe.Assault("9R Suleiman", "4R Ferdinand", attacker_cards="siege-mining, treachery")
    listed = oe.Assault("9R Suleiman", "4R Ferdinand", attacker_cards=["siege-mining", "treachery"])
    assert text.attacker_cards == listed.attacker_cards
    assert all(isinstance(card, Card) for card in text.attacker_cards)
    assert text == listed and repr(text) == repr(listed)


def test_besiegers_standing_by_with_cards_that_overflow_the_formation():
    # Ferdinand commands 6: 6R assault and 8R stand by; Landsknechts (33) places 4
    # mercenaries, which find no room in the formation and stand by too (RULES.md §7).
    arguments = ("hapsburg: 14R Ferdinand", "france: 2R")
    spec = oe.Assault(*arguments, attacker_cards="landsknechts")
    assert spec.assaulting_formation.notation() == "hapsburg: 6R Ferdinand"
    assert spec.besiegers_standing_by.notation() == "hapsburg: 8R 4M"
    again = oe.Assault(*arguments, attacker_cards="landsknechts")
    assert again.besiegers_standing_by == spec.besiegers_standing_by
    assert oe.Assault(*arguments).besiegers_standing_by.notation() == "hapsburg: 8R"
    assert oe.Assault("14R Ibrahim", "hapsburg: 2R").besiegers_standing_by.notation() == (
        "ottoman: 8R"
    )

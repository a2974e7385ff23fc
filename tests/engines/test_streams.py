"""Random streams that cannot collide (GUIDE: Randomness): a scenario's stream is keyed by
a 64-bit digest of its spec's canonical fields, not by its ``repr``."""

import dataclasses
import itertools

import oddsengine as oe
from oddsengine.engines._random import canonical_fields, scenario_id


def test_the_key_is_64_bits_and_the_same_for_equal_specs():
    key = scenario_id(oe.FieldBattle("4R L1", "hapsburg: 3R"))
    assert key == scenario_id(oe.FieldBattle("4R L1", "hapsburg: 3R"))
    keys = [scenario_id(oe.FieldBattle(f"{units}R", "hapsburg: 3R")) for units in range(1, 5)]
    assert all(key.bit_length() <= 64 for key in keys)
    assert any(key >= 2**32 for key in keys)  # wider than the 32-bit hash it replaces


def test_a_grid_of_specs_has_as_many_keys_as_specs():
    specs = [
        oe.FieldBattle(f"{attacker}R L{rating}", f"hapsburg: {defender}R", attacker_cards=cards)
        for attacker, defender, rating, cards in itertools.product(
            range(1, 5), range(1, 9), range(3), ((), ("field-artillery",))
        )
    ]
    assert len({scenario_id(spec) for spec in specs}) == len(specs)


def test_the_key_reads_the_fields_not_the_repr(monkeypatch):
    battle = oe.FieldBattle("4R L1", "hapsburg: 3R")
    key = scenario_id(battle)
    monkeypatch.setattr(oe.FieldBattle, "__repr__", lambda self: "printed another way")
    assert scenario_id(battle) == key


def test_a_field_at_its_default_is_left_out():
    # A field added later with a default moves no seeded figure: at its default it is not
    # part of the key.
    battle = oe.FieldBattle("4R L1", "hapsburg: 3R")
    names = [name for name, _ in canonical_fields(battle)[1]]
    assert "attacker_cards" not in names and "policies" not in names
    with_card = dataclasses.replace(battle, attacker_cards=("field-artillery",))
    assert scenario_id(with_card) != scenario_id(battle)


def test_the_same_seed_and_spec_give_the_same_numbers_alone_or_in_a_batch():
    specs = [oe.FieldBattle(f"{units}R", "hapsburg: 3R") for units in range(1, 5)]
    alone = oe.simulate(specs[2], trials=30_000, seed=5)
    batch = oe.simulate_many(specs, trials=30_000, seed=5)
    assert batch[2].p == alone.p

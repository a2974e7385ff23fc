"""A spec's JSON ``spec`` is written from the declaration of its inputs (issue 39):
:func:`~oddsengine.option_field.declared_values`, and the specs that read it (the card
rolls, New World riches, a debate, the Diet of Worms, a naval roll) keep every key, its
order and its value."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest
from kind_examples import EXAMPLES

from oddsengine.card_rolls.card_roll import CardRollSpec
from oddsengine.combat.naval_rolls import NavalAvoidBattle
from oddsengine.kinds import KINDS
from oddsengine.option_field import OPTION, declared_values, option
from oddsengine.religion.diet import DietOfWorms


@dataclass(frozen=True)
class _Roll:
    """A spec with declared inputs, one undeclared field between them."""

    faces: tuple = option("the faces that hit", default=(5, 6))
    seed: int = 0
    dice: int = option("the dice rolled", default=2)
    lucky: bool = option("a 4 hits too", default=False)


def test_declared_inputs_in_the_order_of_their_fields_tuples_as_lists():
    assert declared_values(_Roll(dice=3)) == {"faces": [5, 6], "dice": 3, "lucky": False}
    assert list(declared_values(_Roll())) == ["faces", "dice", "lucky"]


def test_an_input_left_out_and_entries_written_after_an_input():
    written = declared_values(_Roll(), leave=("lucky",), after={"faces": {"hits": 2}})
    assert list(written.items()) == [("faces", [5, 6]), ("hits", 2), ("dice", 2)]


def test_an_input_left_out_writes_nothing_after_it():
    assert declared_values(_Roll(), leave=("faces",), after={"faces": {"hits": 2}}) == {
        "dice": 2,
        "lucky": False,
    }


def test_rough_wooing_spec_as_the_json_writes_it():
    spec = KINDS["rough-wooing"].spec(english_units=3, french_units=1)
    assert list(spec.describe().items()) == [
        ("card", "Rough Wooing"),
        ("number", 116),
        ("turn", None),
        ("english_units", 3),
        ("french_units", 1),
        ("margin", 2),
        ("edward_born", True),
        ("scotland_allied_with_france", True),
    ]


#: The card rolls asked, each with its example question (Book of Common Prayer on turn 4,
#: the first it is in play: §24, §28.1).
_CARD_ROLLS = {
    kind: EXAMPLES[kind]
    for kind in ("book-of-common-prayer", "michelangelo", "threat-to-power", "rough-wooing",
                 "chateaux", "city-state-rebels", "council-of-trent", "andrea-doria")
}  # fmt: skip
#: What each card roll writes after its inputs, worked out from them.
_WORKED_OUT = {
    "chateaux": ["total_modifier"],
    "city-state-rebels": ["dice"],
    "council-of-trent": ["papal_dice_rolled", "protestant_dice_rolled"],
    "andrea-doria": ["dice"],
}


@pytest.mark.parametrize("kind", sorted(_CARD_ROLLS))
def test_a_card_roll_writes_the_card_then_each_declared_input(kind):
    spec_class = KINDS[kind].spec
    assert issubclass(spec_class, CardRollSpec)
    declared = [item.name for item in fields(spec_class) if OPTION in item.metadata]
    inputs = [name for name in declared if name != "turn"]
    described = spec_class(**_CARD_ROLLS[kind]).describe()
    assert list(described) == ["card", "number", "turn", *inputs, *_WORKED_OUT.get(kind, [])]


def test_the_diet_writes_each_side_s_cap_where_it_differs_after_the_cap_on_either():
    spec = DietOfWorms(
        protestant_cp=4, papal_cp=3, hapsburg_cp=2, eligible_spaces=3, eligible_protestant=2
    )
    # 23.14: the Protestant winner's own cap 2, the Catholic winner's the cap on either, 3;
    # dice: Protestant 4 CP + 4 = 8, Catholic 3 + 2 = 5 (RULES.md §21).
    assert list(spec.describe().items()) == [
        ("protestant_cp", 4),
        ("papal_cp", 3),
        ("hapsburg_cp", 2),
        ("eligible_spaces", 3),
        ("eligible_protestant", 2),
        ("eligible_catholic", 3),
        ("protestant_dice", 8),
        ("catholic_dice", 5),
    ]


def test_a_naval_avoid_battle_writes_its_fleet_by_notation_then_what_it_needs():
    spec = NavalAvoidBattle("ottoman: 2Sq Barbarossa", rowers="roller")
    # 16.1: Barbarossa's naval battle rating 2; 2d6 + 2 >= 9 needs a 7.
    assert list(spec.describe().items()) == [
        ("defender", "ottoman: 2Sq Barbarossa"),
        ("modifier", 2),
        ("needed", 7),
        ("rowers", "roller"),
        ("rowers_policy", "if-it-changes-the-outcome"),
    ]

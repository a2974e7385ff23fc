"""Cards as data: every card's rules are one record in oddsengine/combat/cards.py, read by
the rest.
"""

from fractions import Fraction

import pytest
from code_strings import fields_not_read, modules_naming
from conftest import ROOT

from oddsengine import Assault, FieldBattle, exact
from oddsengine.combat.card_types import Card, CardRule
from oddsengine.combat.cards import (
    CARD_RULES,
    CARDS,
    POST_ROLL_CARDS,
    RESPONSE_CARDS,
    find_card,
    find_sea_card,
    post_roll_slugs,
)
from oddsengine.errors import OddsEngineError

#: Names that are already a contract (parameters, options, JSON keys): they stay.
CONTRACT_NAMES = {
    "gout_target",
    "--gout-target",
    "siege_artillery_supply",
    "--no-siege-artillery-supply",
    "janissaries_policy",
    "siege_artillery_policy",
    "taken_by_treachery",
}

#: Besides the records, the command line's help texts may give cards as examples.
#: The records, and the combat kinds' own options (their command-line words, which were the
#: command line's: a card's policy, the reading of the printed cards, Gout's target).
ALLOWED = {"oddsengine/combat/cards.py", "oddsengine/combat/kind_options.py"}


@pytest.mark.slow
def test_a_card_is_named_in_code_only_by_its_record():
    names = set()
    for rule in CARD_RULES.values():
        names |= {rule.slug, rule.card.name.lower().rstrip("!")}
    found = modules_naming(names, ROOT, but=CONTRACT_NAMES)
    outside = {name: modules - ALLOWED for name, modules in found.items() if modules - ALLOWED}
    assert outside == {}


def test_every_land_card_has_a_record_and_the_lists_come_from_them():
    assert set(CARDS) <= set(CARD_RULES)
    assert RESPONSE_CARDS == ("foul-weather", "gout", "siege-artillery")
    assert POST_ROLL_CARDS == ("janissaries", "siege-artillery")
    assert post_roll_slugs("naval-battle") == ("janissaries", "professional-rowers")
    assert post_roll_slugs("foreign-war") == ("janissaries",)
    assert find_sea_card("rowers").number == 34 and find_sea_card("#34").number == 34
    assert find_sea_card("tercios") is None
    with pytest.raises(OddsEngineError, match="unknown card"):
        find_card("professional rowers")  # not a land-combat card


def _with_record(monkeypatch, rule: CardRule) -> Card:
    monkeypatch.setitem(CARD_RULES, rule.slug, rule)
    return rule.card


def test_a_new_card_is_one_record(monkeypatch):
    # A card adding one die before the roll in field battles only.
    drill = _with_record(
        monkeypatch, CardRule(Card(900, "Drill", "combat"), "test", engagements=("battle",), dice=1)
    )
    battle = FieldBattle("france: 1R", "hapsburg: 1R", attacker_cards=[drill])
    # 14 steps 2-3: 1 unit + 1 die of the card against 1 unit + 1 as defender.
    assert (battle.attacker_dice, battle.defender_dice) == (2, 2)
    # Each side rolls 2 dice hitting on 5-6: P(0, 1, 2 hits) = 4/9, 4/9, 1/9. More hits
    # wins: 4/9 * 4/9 + 1/9 * (4/9 + 4/9) = 24/81.
    assert exact(battle).p["attacker_wins"] == pytest.approx(float(Fraction(24, 81)), abs=1e-12)
    with pytest.raises(OddsEngineError, match=r"Drill cannot be played in an assault"):
        Assault("france: 4R", "hapsburg: 1R", attacker_cards=[drill])


def test_a_new_post_roll_card_is_one_record(monkeypatch):
    # A card of the defender adding one die, hitting on 5-6, after seeing both rolls.
    rally = _with_record(
        monkeypatch,
        CardRule(
            Card(901, "Rally", "post-roll"), "test", engagements=("battle",), post_roll_dice=1
        ),
    )
    battle = FieldBattle("france: 1R", "hapsburg: 1R", defender_cards=[rally])
    assert battle.post_roll_cards == ("rally",)
    # 1 attacker die against 2 defender dice; the defender wins ties. The attacker wins
    # only with 1 hit against 0: 1/3 * 4/9 = 4/27, and the card (if it changes the
    # outcome) then turns a third of those: 4/27 * 2/3 = 8/81.
    result = exact(battle)
    assert result.p["attacker_wins"] == pytest.approx(8 / 81, abs=1e-12)
    assert "card_spent:rally" in result.event_names


def test_every_field_of_a_card_record_says_where_it_acts():
    import dataclasses

    from oddsengine.combat.card_types import WHERE_IT_ACTS, CardRule

    # The card, where its rule is written and what it does in words describe it: no rule
    # reads them.
    described = {f.name for f in dataclasses.fields(CardRule)} - {"card", "rule", "does"}
    assert described == set(WHERE_IT_ACTS)
    # Each function named reads its field: rule.<field>, self.<field> or "<field>".
    assert fields_not_read(WHERE_IT_ACTS) == []


def test_a_card_record_lists_where_each_of_its_effects_acts():
    from oddsengine.combat.cards import CARD_RULES

    acts = CARD_RULES["siege-artillery"].where_it_acts()
    assert "post_roll_dice" in acts and "post_roll_chance" in acts
    assert "keeps_leader_out" not in acts

"""Part III's rules as data: every religious card is one record in
oddsengine/religion/cards.py and every modelled debater's bonus one record in
oddsengine/religion/debater_bonuses.py, read by the rest; one attempt resolution
(oddsengine/religion/attempt_odds.py:resolve_attempt) read by the exact sum, an attempt's
cell columns and the die-by-die run sampler.
"""

import ast
import dataclasses
import inspect
from fractions import Fraction

import numpy as np
import pytest
from code_strings import fields_not_read, modules_naming
from conftest import ROOT

from oddsengine import exact
from oddsengine.religion import attempt_sources
from oddsengine.religion.attempt_odds import resolve_attempt, success_chance
from oddsengine.religion.cards import RELIGIOUS_CARDS, ReligiousCard
from oddsengine.religion.debater_bonuses import DEBATER_BONUSES, DebaterBonus, bonus_of
from oddsengine.religion.record_types import WHERE_IT_ACTS, AttemptsGiven
from oddsengine.religion.records import religion_facts

#: Names that are already a contract (spec fields, JSON keys, options, table columns): a
#: card's name may be one of them (Smallpox's ``smallpox``), and stays.
CONTRACT_NAMES = {"smallpox", "mercator", "augsburg", "printing_press", "ninety_five_theses"}

#: A card's name that is also something else, so that only its slug is guarded: Here I
#: Stand is the game's title too ("Rules: Here I Stand, ...").
SHARED_NAMES = {"here i stand": "the title of the game"}

#: Besides the records, the modules that may name a religious card, and why.
ALLOWED = {
    "oddsengine/religion/cards.py": "the records",
    "oddsengine/card_rolls/records.py": (
        "Book of Common Prayer's other record: its unrest roll (RULES.md §28.1), a card-roll "
        "kind of its own"
    ),
    "oddsengine/faces/book/contents.py": (
        "the odds book's contents list the card-roll kinds by kind name (book-of-common-prayer)"
    ),
    "oddsengine/kinds/card_rolls.py": (
        "the registry of kinds: the card-roll kind of Book of Common Prayer (RULES.md §28.1)"
    ),
    "oddsengine/kinds/religion.py": (
        "the words of the Placards' option: the registry is read by every command and does "
        "not import the records (tests/project/test_light_imports.py)"
    ),
}


def _guarded_names() -> set[str]:
    names = set()
    for card in RELIGIOUS_CARDS.values():
        names |= {card.slug, card.name.lower(), card.words.lower()}
        names |= {given.source for given in card.attempts}
    return names - set(SHARED_NAMES)


def _allowed(module: str) -> bool:
    return any(module == place or module.startswith(place + "/") or module == place + ".py"
               for place in ALLOWED)  # fmt: skip


@pytest.mark.slow
def test_a_religious_card_is_named_in_code_only_by_its_record():
    names = _guarded_names()
    found = modules_naming(names, ROOT, but=CONTRACT_NAMES)
    outside = {
        name: {module for module in modules if not _allowed(module)}
        for name, modules in found.items()
    }
    assert {name: modules for name, modules in outside.items() if modules} == {}


def test_the_guard_sees_a_card_named_outside_its_record():
    # The scan of one module's strings, as the guard reads them: a docstring is words, a
    # string in code a branch.
    source = 'def f(cards):\n    """Leipzig Debate."""\n    return "leipzig-debate" in cards\n'
    tree_strings = [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    assert "leipzig-debate" in tree_strings and "leipzig-debate" in _guarded_names()
    assert "here i stand" not in _guarded_names() and "here-i-stand" in _guarded_names()


def test_every_card_and_bonus_has_one_record_and_the_lists_come_from_them():
    from oddsengine.questions.attempt_cards import ATTEMPT_CARDS
    from oddsengine.religion.debate import CALLING_CARDS, DEBATE_BONUSES, DEBATE_CARDS
    from oddsengine.religion.religious_board import THIS_TURN_CARDS
    from oddsengine.religion.voyage import Conquest, Voyage

    numbers = [card.number for card in RELIGIOUS_CARDS.values()]
    assert len(set(numbers)) == len(numbers)
    assert RELIGIOUS_CARDS["printing-press"].number == 90
    assert DEBATE_CARDS == ("leipzig-debate", "papal-inquisition", "thomas-more", "here-i-stand")
    assert CALLING_CARDS == DEBATE_CARDS[:3]
    assert THIS_TURN_CARDS == ("printing-press", "augsburg-confession")
    assert DEBATE_BONUSES == ("eck", "gardiner", "aleander", "campeggio", "bullinger")
    assert ATTEMPT_CARDS == {
        "reformation": (("Printing Press", "printing_press", "protestant"),),
        "counter-reformation": (("Augsburg Confession", "augsburg", "protestant"),),
    }
    assert Voyage.card_switches == (("mercator", "Mercator's Map"),)
    assert Conquest.card_switches == (("smallpox", "Smallpox"),)
    # RULES.md §19's table, in its order: the zoned sources, "as the card", the fixed ones,
    # then the two whose count a rule option or the named debaters decide.
    assert attempt_sources.SOURCE_NAMES[:3] == ("treatise:ZONE", "new-testament:ZONE",
                                                "full-bible:ZONE")  # fmt: skip
    assert attempt_sources.SOURCE_NAMES[-2:] == (
        "affair-of-the-placards",
        "marburg-colloquy:DEBATER,DEBATER",
    )
    assert attempt_sources.PLACARDS_ATTEMPTS == (3, 4)


def test_every_modelled_bonus_agrees_with_the_debaters_data():
    # The data says how a bonus is used (debaters.csv: bonus_use); the record says what it
    # does: each record's effect is of its debater's use.
    uses = {
        "reformation_die": lambda b: b.attempt_kind == "reformation" and b.attempt_dice,
        "counter_reformation_die": lambda b: (
            b.attempt_kind == "counter-reformation" and b.attempt_dice
        ),
        "treatise_attempts": lambda b: b.attempts is not None and b.attempts.side == "protestant",
        "burn_books_attempts": lambda b: b.attempts is not None and b.attempts.side == "papacy",
        "debate": lambda b: b.acts_in_debate,
    }
    facts = religion_facts()
    for name, bonus in DEBATER_BONUSES.items():
        assert uses[facts.debater(name).bonus_use](bonus), name
    for name, debater in facts.debaters.items():
        if debater.bonus_use in ("reformation_die", "counter_reformation_die"):
            assert name in DEBATER_BONUSES, name
    # 20 step 7: Campeggio's 5-6 on a die.
    assert bonus_of("Campeggio").cancel_chance == Fraction(2, 6)
    assert bonus_of("Tetzel") == DebaterBonus("Tetzel")  # not modelled: no effect


def test_every_field_of_a_religious_record_says_where_it_acts():
    # The number, name, slug, rule, whom it is played for, when, its label and the
    # debater's name describe it: no rule reads them.
    described = {"number", "name", "slug", "rule", "played_by", "when", "label", "debater"}
    record_fields = {
        item.name for record in (ReligiousCard, DebaterBonus) for item in dataclasses.fields(record)
    }
    assert record_fields - described == set(WHERE_IT_ACTS)
    # Each function named reads its field: record.<field>, self.<field> or "<field>".
    assert fields_not_read(WHERE_IT_ACTS) == []


def test_a_record_lists_where_each_of_its_effects_acts():
    acts = RELIGIOUS_CARDS["thomas-more"].where_it_acts()
    assert set(acts) == {"calls_debate", "initiator_dice", "initiator_dice_in"}
    assert "within_two_of" in bonus_of("Bucer").where_it_acts()


@pytest.fixture
def new_card(monkeypatch):
    """Add a card record for the test, and forget the sources read before and after."""

    def add(card: ReligiousCard) -> ReligiousCard:
        monkeypatch.setitem(RELIGIOUS_CARDS, card.slug, card)
        attempt_sources._given_sources.cache_clear()
        return card

    yield add
    attempt_sources._given_sources.cache_clear()


def test_a_new_card_of_attempts_is_one_record(new_card):
    from oddsengine.religion.board_attempt import board_attempt
    from oddsengine.religion.religion_scenario import load_religious_board

    # A card whose event makes 2 Reformation attempts in the German zone, +1 die each.
    new_card(
        ReligiousCard(
            900, "Wittenberg Bible", "wittenberg-bible", "test", ("protestant",), "event",
            attempts=(AttemptsGiven("wittenberg-bible", "protestant", 2, ("german",), 4,
                                    bonus_dice=1),),
        )
    )  # fmt: skip
    source = attempt_sources.attempt_source("wittenberg-bible")
    assert (source.attempts, source.bonus_dice, source.card) == (2, 1, "wittenberg-bible")
    # RULES.md §17's check: Magdeburg 5 v 3 on the board, +1 die: 6 v 3, the Protestant wins
    # ties in the German zone: P = 8377769/10077696.
    attempt = board_attempt(load_religious_board("religion_example"), "Magdeburg", source)
    assert (attempt.protestant_dice, attempt.papal_dice) == (6, 3)
    assert attempt.success_fraction == Fraction(8377769, 10077696)


def test_a_new_die_giving_bonus_is_one_record(monkeypatch):
    from oddsengine.religion.attempts import CounterReformationAttempt

    # Loyola's bonus made a die to Counter-Reformation attempts (a test's reading).
    monkeypatch.setitem(
        DEBATER_BONUSES,
        "Loyola",
        DebaterBonus("Loyola", "counter-reformation", 1, within_two_of="Rome"),
    )
    attempt = CounterReformationAttempt(protestant_dice=1, papal_dice=1, debater="Loyola")
    assert attempt.dice_rolled("papal") == 2
    # The Papacy's highest of 2 dice above the Protestant's 1 die (the Protestant wins
    # ties): 1 - sum over x of (1/6)(x/6)**2 = 1 - 91/216 = 125/216.
    assert attempt.success_chance(fraction=True) == Fraction(125, 216)
    assert exact(attempt).p["success"] == pytest.approx(125 / 216, abs=1e-12)


@pytest.mark.rule(
    "17", cites="§17 step 7 / §18: higher wins; a tie goes to the side that wins ties"
)
@pytest.mark.rule("23", cites="made 0 by Augsburg is not raised (§23 reading 2)")
def test_the_one_resolution_of_an_attempt_by_hand():
    faces = np.arange(1, 7)
    # §17 step 7: the Protestant in its target zone wins ties: success when a >= b.
    zone = resolve_attempt(faces[:, None], faces[None, :], 0, True).success
    assert (zone == (faces[:, None] >= faces[None, :])).all()
    # §18, §23 reading 2: Augsburg's -1, the Protestant wins ties: success when a - 1 > b,
    # a Papal 1 made 0 never raised.
    augsburg = resolve_attempt(faces[:, None], faces[None, :], -1, False)
    assert (augsburg.success == (faces[:, None] - 1 > faces[None, :])).all()
    assert augsburg.modified[0, 0] == 0
    # §17 step 5: a modified 6 or more succeeds at once where the attempting side wins
    # ties (Calvin's Institutes' +1 makes a 5 a 6).
    assert resolve_attempt(5, 6, 1, True).automatic
    assert not resolve_attempt(5, 6, 1, False).automatic
    # The exact sum weighs the same pairs: 1 die each, +1, ties to the attempting side:
    # success when a + 1 >= b; for a = 1..6 that many b: 2, 3, 4, 5, 6, 6 -> 26 of 36.
    assert success_chance("protestant", 1, 1, "protestant", 1, fraction=True) == Fraction(26, 36)


def test_the_exact_sum_the_cells_and_the_run_sampler_read_the_one_resolution():
    from oddsengine.engines import attempt_runs_montecarlo
    from oddsengine.religion import attempt_odds
    from oddsengine.religion.attempt_spec import Attempt

    for reader in (
        attempt_odds._winning_pairs,
        Attempt.outcome_columns,
        attempt_runs_montecarlo._roll,
    ):
        assert "resolve_attempt(" in inspect.getsource(reader), reader.__qualname__

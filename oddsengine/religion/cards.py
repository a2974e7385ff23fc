"""The religious cards and what each does: one record per card (RULES.md §17-§22).

Every rule a religious card brings (the attempts its event makes, a die it adds to a side's
attempts or a modifier on a side's dice for the rest of the turn, what it does in a debate,
the modifier it gives a voyage) is a field of its
:class:`~oddsengine.religion.record_types.ReligiousCard` in :data:`RELIGIOUS_CARDS`; the
attempts, the runs, the debates, the voyages and the card questions read these records and
name no card (:data:`~oddsengine.religion.record_types.WHERE_IT_ACTS` says which function
reads each field).

The records are listed by what they do: the events that make attempts (by number), the
cards in effect for the rest of a turn, the debate cards, the voyage cards. The order is
the order the faces list them in.

Examples
--------
>>> RELIGIOUS_CARDS["thomas-more"].initiator_dice_at("english")
3
>>> [str(card) for card in cards_in_effect_named(("leipzig-debate",))]
['Leipzig Debate (card #6)']
>>> lasting_cards()
('printing-press', 'augsburg-confession')
"""

from __future__ import annotations

from dataclasses import fields

from oddsengine.errors import unknown_name
from oddsengine.religion.record_types import (
    LANGUAGE_ZONES,
    NEW_WORLD_POWERS,
    ZONE_AS_THE_CARD,
    AttemptsGiven,
    ReligiousCard,
)

__all__ = [
    "RELIGIOUS_CARDS",
    "ReligiousCard",
    "NINETY_FIVE_THESES",
    "AFFAIR_OF_THE_PLACARDS",
    "CALVINS_INSTITUTES",
    "PRINTING_PRESS",
    "AUGSBURG_CONFESSION",
    "MERCATORS_MAP",
    "SMALLPOX",
    "religious_card",
    "lasting_cards",
    "cards_in_effect",
    "cards_in_effect_named",
    "fields_played",
    "valued_cards",
    "calling_card_slugs",
    "debate_card_slugs",
    "card_putting_in",
    "barring_card",
    "card_switches",
    "card_of_source",
]

#: "All zones" (§19): each language zone.
_ALL = LANGUAGE_ZONES
_PROTESTANT, _PAPACY = ("protestant",), ("papacy",)
_VOYAGERS = NEW_WORLD_POWERS


def _attempts(source, side, attempts, zones, row, **fields) -> tuple[AttemptsGiven, ...]:
    return (AttemptsGiven(source, side, attempts, zones, row, **fields),)


_RECORDS = (
    # -- the events that make attempts (RULES.md §19), by number -------------------------
    ReligiousCard(
        8, "Luther's 95 Theses", "95-theses", "§17 step 3, §19", _PROTESTANT,
        "Mandatory Event of turn 1: 5 Reformation attempts in the German zone, each with "
        "1 die more", label="95 Theses", mandatory=True,
        spec_fields=(("reformation", "ninety_five_theses"),),
        attempts=_attempts("95-theses", "protestant", 5, ("german",), 1, bonus_dice=1, turn=1),
    ),
    ReligiousCard(
        11, "Defender of the Faith", "defender-of-the-faith", "§19", _PAPACY,
        "Mandatory Event: 3 Counter-Reformation attempts, their zone as the card",
        mandatory=True,
        attempts=_attempts("defender-of-the-faith", "papacy", 3, ZONE_AS_THE_CARD, 14),
    ),
    ReligiousCard(
        41, "Marburg Colloquy", "marburg-colloquy", "§19", _PROTESTANT,
        "event: commits two German debaters, as many Reformation attempts as their values, "
        "all zones",
        attempts=_attempts("marburg-colloquy", "protestant", None, _ALL, 11,
                           named_debaters=2, debaters_zone="german"),  # fmt: skip
    ),
    ReligiousCard(
        44, "Affair of the Placards", "affair-of-the-placards", "§19", _PROTESTANT,
        "event: 3 Reformation attempts in the French zone (the card text: 4)",
        attempts=_attempts("affair-of-the-placards", "protestant", 3, ("french",), 7,
                           printed_attempts=4),  # fmt: skip
    ),
    ReligiousCard(
        46, "Calvin's Institutes", "calvins-institutes", "§17 step 4, §19", _PROTESTANT,
        "event: 5 Reformation attempts in the French zone, +1 on every Protestant die there",
        attempts=_attempts("calvins-institutes", "protestant", 5, ("french",), 8, modifier=1),
    ),
    ReligiousCard(
        61, "Mary Defies Council", "mary-defies-council", "§19", _PAPACY,
        "event: 3 Counter-Reformation attempts, their zone as the card",
        attempts=_attempts("mary-defies-council", "papacy", 3, ZONE_AS_THE_CARD, 14),
    ),
    ReligiousCard(
        62, "Book of Common Prayer", "book-of-common-prayer", "§19, §23 reading 1", _PROTESTANT,
        "event: 4 Reformation attempts in the English home spaces and Calais",
        attempts=_attempts("book-of-common-prayer", "protestant", 4, ("english",), 9,
                           home_spaces_of="england", also_spaces=("Calais",),
                           commits="Cranmer"),  # 28.1: needs Cranmer uncommitted  # fmt: skip
    ),
    ReligiousCard(
        63, "Dissolution of the Monasteries", "dissolution-of-the-monasteries", "§19",
        _PROTESTANT, "event: 3 Reformation attempts in the English zone",
        attempts=_attempts("dissolution-of-the-monasteries", "protestant", 3, ("english",), 10),
    ),
    ReligiousCard(
        65, "A Mighty Fortress", "a-mighty-fortress", "§19", _PROTESTANT,
        "event: 6 Reformation attempts in the German zone",
        attempts=_attempts("a-mighty-fortress", "protestant", 6, ("german",), 6),
    ),
    ReligiousCard(
        75, "Erasmus", "erasmus", "§19", ("protestant", "papacy"),
        "event: 4 Reformation attempts in all zones (turns 1-2), or 4 Counter-Reformation "
        "attempts, their zone as the card (turn 3 on)",
        attempts=(
            AttemptsGiven("erasmus", "protestant", 4, _ALL, 12),
            AttemptsGiven("erasmus-papal", "papacy", 4, ZONE_AS_THE_CARD, 14),
        ),
    ),
    ReligiousCard(
        85, "Katherina Bora", "katherina-bora", "§19", _PROTESTANT,
        "event: 5 Reformation attempts in all zones",
        attempts=_attempts("katherina-bora", "protestant", 5, _ALL, 12),
    ),
    ReligiousCard(
        90, "Printing Press", "printing-press", "§17 step 3, §19", _PROTESTANT,
        "event: 3 Reformation attempts in all zones; +1 die to every Reformation attempt "
        "for the rest of the turn, these included",
        spec_fields=(("reformation", "printing_press"),),
        attempts=_attempts("printing-press", "protestant", 3, _ALL, 12),
        lasts_the_turn=True, reformation_dice=1,
    ),
    # -- in effect for the rest of the turn ------------------------------------------------
    ReligiousCard(
        39, "Augsburg Confession", "augsburg-confession", "§18, §20 step 4, §23 readings 2 "
        "and 11", _PROTESTANT,
        "event: for the rest of the turn -1 on every Papal die of a Counter-Reformation "
        "attempt, and 1 die less for a Papal initiator of a debate",
        spec_fields=(("counter-reformation", "augsburg"), ("debate", "augsburg")),
        lasts_the_turn=True, counter_reformation_modifier=-1, initiator_dice=-1,
    ),
    # -- the debate cards (RULES.md §20 steps 3-4, §23 reading 11) -------------------------
    ReligiousCard(
        6, "Leipzig Debate", "leipzig-debate", "§20 step 3", _PAPACY,
        "Papal home card: calls a debate; the Papacy picks its attacker or bars one "
        "Protestant debater", calls_debate=True, picks_attacker=True, bars_debater=True,
        debate_option="bar", debate_option_words="Leipzig Debate's bar",
    ),
    ReligiousCard(
        56, "Papal Inquisition", "papal-inquisition", "§20 step 4, §23 reading 11", _PAPACY,
        "event: commits an uncommitted Caraffa and calls a debate with 2 extra attack dice",
        calls_debate=True, initiator_dice=2, commits="Caraffa",
    ),
    ReligiousCard(
        112, "Thomas More", "thomas-more", "§20 step 4, §23 reading 11", _PAPACY,
        "event (not by England or the Protestant): the Papacy calls a debate with 1 extra "
        "attack die a round, 3 in the English zone",
        calls_debate=True, initiator_dice=1, initiator_dice_in=(("english", 3),),
    ),
    ReligiousCard(
        7, "Here I Stand", "here-i-stand", "§20 steps 3 and 6", _PROTESTANT,
        "Protestant home card: puts Luther, committed or not, in for the drawn debater of a "
        "German debate, in either round", puts_in="Luther", debate_zones=("german",),
        debate_option="luther_policy", debate_option_words="the policy of Here I Stand",
    ),
    # -- the voyage cards (RULES.md §22) ---------------------------------------------------
    ReligiousCard(
        50, "Mercator's Map", "mercators-map", "§22", _VOYAGERS,
        "event: a voyage of exploration at no CP; +2 on its roll and its circumnavigation "
        "roll", spec_fields=(("voyage", "mercator"),), voyage_modifier=2,
        voyage_rolls=("exploration", "circumnavigation"),
    ),
    ReligiousCard(
        101, "Smallpox", "smallpox", "§22", _VOYAGERS,
        "event: a voyage of conquest at no CP; +2 on its roll",
        spec_fields=(("conquest", "smallpox"),), voyage_modifier=2, voyage_rolls=("conquest",),
    ),
)  # fmt: skip

#: Every religious card, by its slug, in the order of :data:`_RECORDS`.
RELIGIOUS_CARDS: dict[str, ReligiousCard] = {card.slug: card for card in _RECORDS}

#: The cards some code must name by itself: the default source on turn 1, the words of
#: the spec fields and rule options a card's effect fills (the records are their spelling).
NINETY_FIVE_THESES = RELIGIOUS_CARDS["95-theses"]
AFFAIR_OF_THE_PLACARDS = RELIGIOUS_CARDS["affair-of-the-placards"]
CALVINS_INSTITUTES = RELIGIOUS_CARDS["calvins-institutes"]
PRINTING_PRESS = RELIGIOUS_CARDS["printing-press"]
AUGSBURG_CONFESSION = RELIGIOUS_CARDS["augsburg-confession"]
MERCATORS_MAP = RELIGIOUS_CARDS["mercators-map"]
SMALLPOX = RELIGIOUS_CARDS["smallpox"]


def religious_card(slug: str) -> ReligiousCard:
    """The card of that slug (``printing-press``).

    Raises
    ------
    OddsEngineError
        For a slug that is no religious card's, naming the slugs.
    """
    try:
        return RELIGIOUS_CARDS[slug]
    except (KeyError, TypeError):
        raise unknown_name("religious card", slug, RELIGIOUS_CARDS) from None


def lasting_cards() -> tuple[str, ...]:
    """The slugs of the cards whose effect lasts the rest of the turn: what a board's
    ``this_turn`` may list (§17 step 3, §18)."""
    return tuple(card.slug for card in RELIGIOUS_CARDS.values() if card.lasts_the_turn)


def cards_in_effect_named(slugs) -> tuple[ReligiousCard, ...]:
    """The records of ``slugs`` (a board's ``this_turn``, a debate's ``cards``), in the
    records' order."""
    named = set(slugs)
    return tuple(card for card in RELIGIOUS_CARDS.values() if card.slug in named)


def cards_in_effect(spec) -> tuple[ReligiousCard, ...]:
    """The cards in effect in ``spec``: those whose field of its kind is set
    (:meth:`ReligiousCard.field_of`: ``printing_press=True``), in the order of the spec's
    fields, then those its ``cards`` name (a debate's), in the records' order."""
    kind, named = spec.kind, set(getattr(spec, "cards", ()) or ())
    order = [item.name for item in fields(spec)]
    switched = sorted(
        (
            card
            for card in RELIGIOUS_CARDS.values()
            if card.field_of(kind) and getattr(spec, card.field_of(kind))
        ),
        key=lambda card: order.index(card.field_of(kind)),
    )
    return (*switched, *(card for card in RELIGIOUS_CARDS.values() if card.slug in named))


def fields_played(kind: str, slugs) -> dict[str, bool]:
    """``{field: True}`` for each card among ``slugs`` (a board's ``this_turn``, a source's
    own card) that ``kind``'s spec has a field for: the spec as those cards make it.

    Examples
    --------
    >>> fields_played("counter-reformation", ("printing-press", "augsburg-confession"))
    {'augsburg': True}
    """
    return {
        card.field_of(kind): True for card in cards_in_effect_named(slugs) if card.field_of(kind)
    }


def valued_cards(kind: str) -> tuple[tuple[ReligiousCard, str], ...]:
    """The cards a side may choose to play in ``kind``'s question, with the spec field each
    sets: ``((card, field), ...)``; a Mandatory Event is played when drawn, never chosen."""
    return tuple(
        (card, card.field_of(kind))
        for card in RELIGIOUS_CARDS.values()
        if card.field_of(kind) and not card.mandatory
    )


def calling_card_slugs() -> tuple[str, ...]:
    """The slugs of the Papal events that call a debate (one of them at most)."""
    return tuple(card.slug for card in RELIGIOUS_CARDS.values() if card.calls_debate)


def debate_card_slugs() -> tuple[str, ...]:
    """The slugs of the cards a debate's ``cards`` takes: the events that call it and the
    cards that put a debater in (§20 steps 3-4)."""
    return tuple(
        card.slug for card in RELIGIOUS_CARDS.values() if card.calls_debate or card.puts_in
    )


def card_putting_in() -> ReligiousCard:
    """The card that puts a debater in for the drawn one (§20 steps 3 and 6)."""
    return next(card for card in RELIGIOUS_CARDS.values() if card.puts_in)


def barring_card() -> ReligiousCard:
    """The card that may bar a Protestant debater from a debate (§20 step 3)."""
    return next(card for card in RELIGIOUS_CARDS.values() if card.bars_debater)


def card_switches(kind: str) -> tuple[tuple[str, str], ...]:
    """``((field, card name), ...)``: the cards that switch a field of ``kind``'s spec on,
    for the generic card question (:mod:`oddsengine.questions.switch_value`)."""
    return tuple((field, card.name) for card, field in valued_cards(kind))


def card_of_source(source: str) -> ReligiousCard | None:
    """The card whose event gives the source of attempts named ``source``
    (``printing-press``, ``erasmus-papal:all``), or None for an action or a debater's
    bonus.

    Examples
    --------
    >>> card_of_source("erasmus-papal:all").number, card_of_source("treatise:german")
    (75, None)
    """
    name = source.partition(":")[0]
    for card in RELIGIOUS_CARDS.values():
        if any(given.source == name for given in card.attempts):
            return card
    return None

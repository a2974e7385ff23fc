"""A theological debate's inputs read as the rules name them (RULES.md §20, 23.11-12):
debaters by the records' spelling, each named once and in play, the cards by their slugs
(one Papal event at most), the debater bonuses that can act.
:class:`~oddsengine.religion.debate.Debate` reads its fields through them.

Examples
--------
>>> names_of("Eck, Carlstadt", "committed")
('Eck', 'Carlstadt')
>>> debater_name("eck", "attacker")
'Eck'
"""

from __future__ import annotations

from oddsengine.errors import shown, unknown_name
from oddsengine.religion.cards import calling_card_slugs, cards_in_effect_named, debate_card_slugs
from oddsengine.religion.debate_rules import DebateError, check_named_bonuses
from oddsengine.religion.debater_bonuses import DEBATER_BONUSES, debate_bonus_slugs
from oddsengine.religion.records import religion_facts

__all__ = [
    "DEBATE_CARDS",
    "CALLING_CARDS",
    "DEBATE_BONUSES",
    "names_of",
    "named_once",
    "debater_name",
    "one_of",
    "debaters_in_play",
    "debate_cards",
    "debate_bonuses",
    "ignored_by_records",
]

#: The cards of a debate (20 steps 3–4, 23.11), by their records.
DEBATE_CARDS = debate_card_slugs()
#: The Papal events that call the debate (one of them at most).
CALLING_CARDS = calling_card_slugs()
#: The debaters whose debate bonus the engine applies (23.12), by the name ``--bonuses``
#: takes, from their bonuses' records.
DEBATE_BONUSES = debate_bonus_slugs()


def names_of(value, argument: str) -> tuple[str, ...]:
    """A comma-separated string or a sequence of names, as a tuple of stripped names."""
    if value is None:
        return ()
    if isinstance(value, str):
        parts = value.split(",")
    else:
        try:
            parts = list(value)
        except TypeError:
            raise DebateError(f"{argument} must be names, not {shown(value)}") from None
    names = []
    for part in parts:
        if not isinstance(part, str) or not part.strip():
            raise DebateError(f"{argument}: {shown(part)} is not a debater's name")
        names.append(part.strip())
    return tuple(names)


def named_once(names: tuple[str, ...], argument: str) -> tuple[str, ...]:
    """``names``, each debater once: one named twice is refused (a debater is committed,
    or in play, once)."""
    from oddsengine.religion.board_fields import each_once

    return each_once(names, argument, str, twice="is named twice", error=DebateError)


def debater_name(name: str, argument: str) -> str:
    """The record's spelling of a debater's name, or the refusal of an unknown one."""
    return religion_facts().named_debater(name, argument).name


def one_of(value, argument: str, valid, plural: str | None = None) -> str:
    """``value`` if it is one of ``valid``, else the refusal naming ``argument`` (its
    ``plural`` as :func:`~oddsengine.errors.unknown_name` takes it)."""
    if not isinstance(value, str) or value not in valid:
        raise unknown_name(argument.lstrip("-").replace("-", " "), value, valid, plural=plural)
    return value


def debaters_in_play(debate) -> tuple[str, ...]:
    """The debaters in play (20 step 2): those named (each once, none entered after the
    turn), else every one entered by the turn."""
    facts = religion_facts()
    if debate.debaters is None:
        return tuple(d.name for d in facts.debaters.values() if d.in_play(debate.turn))
    names = tuple(debater_name(name, "debaters") for name in names_of(debate.debaters, "debaters"))
    for name in names:
        entry = facts.debater(name).entry_turn
        if entry is not None and entry > debate.turn:
            raise DebateError(
                f"debaters: {name} enters on turn {entry}, not in play on turn {debate.turn}"
            )
    return named_once(names, "debaters")


def debate_cards(debate) -> tuple[str, ...]:
    """The cards given, by their slugs, each once, one Papal event at most."""
    from oddsengine.religion.board_fields import each_once

    def slug_of(card: str) -> str:
        slug = card.strip().casefold().replace(" ", "-").replace("_", "-")
        if slug not in DEBATE_CARDS:
            raise unknown_name("debate card", card, DEBATE_CARDS)
        return slug

    cards = each_once(
        names_of(debate.cards, "cards"), "cards", slug_of, twice="is given twice", error=DebateError
    )
    calling = [card for card in cards if card in CALLING_CARDS]
    if len(calling) > 1:
        raise DebateError(
            f"cards: {calling[0]} and {calling[1]} each call the debate: give one of them"
        )
    return cards


def debate_bonuses(debate):
    """``all``, ``none`` or the bonuses named (23.12), each one that can act here."""
    value = debate.bonuses
    if isinstance(value, (tuple, list)) and len(value) == 1:  # ("all",): one word
        value = value[0] if isinstance(value[0], str) else value
    if isinstance(value, str) and value.strip().casefold() in ("all", "none"):
        return value.strip().casefold()
    named = []
    for name in names_of(value, "bonuses"):
        slug = name.casefold()
        if slug not in DEBATE_BONUSES:
            raise unknown_name("debate bonus", name, DEBATE_BONUSES, plural="debate bonuses")
        named.append(slug)
    check_named_bonuses(debate, named)
    return tuple(sorted(set(named), key=DEBATE_BONUSES.index))


def ignored_by_records(debate) -> dict:
    """The inputs ``debate`` would ignore by its cards' and bonuses' records, in the order of
    its fields, with why: a card's dice on a Papal initiator when the Protestant calls it
    (Augsburg Confession's, 23.11), a card's input without the card (Leipzig Debate's
    ``bar``, Here I Stand's ``luther_policy``), a bonus's policy when the bonus cannot act
    (Bullinger's)."""
    from dataclasses import fields

    from oddsengine.religion.cards import RELIGIOUS_CARDS

    found = {}
    for card in RELIGIOUS_CARDS.values():
        field = card.field_of(debate.kind)
        if field and card.initiator_dice < 0 and not debate.papal_initiates:
            found[field] = (
                "takes a die from a Papal initiator only (23.11): the Protestant calls this"
            )
    for card in cards_in_effect_named(DEBATE_CARDS):
        if card.debate_option and card.slug not in debate.cards:
            found[card.debate_option] = f"is {card.debate_option_words}: give --card {card.slug}"
    for bonus in DEBATER_BONUSES.values():
        name = bonus.debater
        if bonus.policy_option and (
            name not in debate.debaters or bonus.slug not in debate.active_bonuses
        ):
            found[bonus.policy_option] = (
                f"is the policy of {name}'s bonus, and he is not in play on turn "
                f"{debate.turn} (or his bonus is off)"
            )
    order = [item.name for item in fields(debate)]
    return dict(sorted(found.items(), key=lambda item: order.index(item[0])))

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
from oddsengine.religion.debate_rules import DebateError, check_named_bonuses
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
]

#: The cards of a debate (20 steps 3–4, 23.11).
DEBATE_CARDS = ("leipzig-debate", "papal-inquisition", "thomas-more", "here-i-stand")
#: The Papal events that call the debate (one of them at most).
CALLING_CARDS = ("leipzig-debate", "papal-inquisition", "thomas-more")
#: The debaters whose debate bonus the engine applies (23.12), by the name ``--bonuses``
#: takes.
DEBATE_BONUSES = ("eck", "gardiner", "aleander", "campeggio", "bullinger")


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
    for index, name in enumerate(names):
        if name in names[:index]:
            raise DebateError(f"{argument}: {name} is named twice")
    return names


def debater_name(name: str, argument: str) -> str:
    """The record's spelling of a debater's name, or the refusal of an unknown one."""
    facts = religion_facts()
    try:
        return facts.debater(name).name
    except KeyError:
        raise unknown_name("debater", name, facts.debaters, where=argument) from None


def one_of(value, argument: str, valid) -> str:
    """``value`` if it is one of ``valid``, else the refusal naming ``argument``."""
    if not isinstance(value, str) or value not in valid:
        raise unknown_name(argument.lstrip("-").replace("-", " "), value, valid)
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
    cards = []
    for card in names_of(debate.cards, "cards"):
        slug = card.strip().casefold().replace(" ", "-").replace("_", "-")
        if slug not in DEBATE_CARDS:
            raise unknown_name("debate card", card, DEBATE_CARDS)
        if slug in cards:
            raise DebateError(f"cards: {slug} is given twice")
        cards.append(slug)
    calling = [card for card in cards if card in CALLING_CARDS]
    if len(calling) > 1:
        raise DebateError(
            f"cards: {calling[0]} and {calling[1]} each call the debate: give one of them"
        )
    return tuple(cards)


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
            raise unknown_name("debate bonus", name, DEBATE_BONUSES)
        named.append(slug)
    check_named_bonuses(debate, named)
    return tuple(sorted(set(named), key=DEBATE_BONUSES.index))

"""The cards whose events roll dice (RULES.md §28): one record per card.

A :class:`CardRollRecord` says what the card is (number, printed name, the name its kind
goes by), when it is in play (its entry turn, or the event that brings it), who plays it,
the roll it makes and the conditions it needs, each a :class:`Condition` on a field of
the card's spec. The specs of :mod:`oddsengine.card_rolls` read their record and name no
card; a card asked for on a turn before it enters, or without one of its conditions, is
refused by :func:`check_in_play` in the record's words.

Examples
--------
>>> record = CARD_ROLLS["rough-wooing"]
>>> record.number, record.entry_turn, [condition.field for condition in record.conditions]
(116, 5, ['edward_born', 'scotland_allied_with_france'])
>>> card_roll(71).name
'City State Rebels'
"""

from __future__ import annotations

from dataclasses import dataclass

from oddsengine.deck_card import DeckCard
from oddsengine.errors import OddsEngineError, shown, unknown_name

__all__ = ["CARD_ROLLS", "CardRollRecord", "Condition", "card_roll", "check_in_play"]


@dataclass(frozen=True)
class Condition:
    """What a card needs to be played, as the value of a field of its spec.

    Parameters
    ----------
    field : str
        The spec field that states it (``"edward_born"``).
    words : str
        The condition in words, as a refusal quotes it (``"Edward VI born and alive"``).
    required : object
        The value the field must hold (True, or False for a condition that must not hold).
    below : int, optional
        Instead of ``required``: the field must be less than this (fewer than 6 chateau VP).

    Examples
    --------
    >>> Condition("chateau_vp", "fewer than 6 chateau VP", below=6).holds(5)
    True
    """

    field: str
    words: str
    required: object = True
    below: int | None = None

    def holds(self, value) -> bool:
        """Whether ``value`` of the field meets the condition."""
        if self.below is not None:
            return value < self.below
        return value == self.required


@dataclass(frozen=True)
class CardRollRecord(DeckCard):
    """One card whose event rolls dice (RULES.md §28): a
    :class:`~oddsengine.deck_card.DeckCard` (its number and printed title first).

    Parameters
    ----------
    slug : str
        The name of its kind (on the command line, in sweep files and JSON).
    rule : str
        The section of RULES.md that states its roll (``"28.5"``).
    entry_turn : int or None
        The turn it enters the deck (RULES.md §28); None when RULES.md gives none or an
        event brings it (``entry_words``): no turn is then refused.
    played_by : str
        Who plays it, in words.
    roll : str
        The dice it rolls and what they give, in words.
    conditions : tuple of Condition
        What it needs to be played, each on a field of its spec.
    entry_words : str
        The event that brings it into the deck, when it enters by one.
    earliest_turn : int or None
        For a card an event brings: the first turn the rules let it be in play, where they
        bound it (``earliest_words`` says why); a turn before it is refused.
    earliest_words : str
        Why no earlier turn is possible, in words.
    edition : str
        The edition that brought the card or this use of it (``"2017"``), if not both.
    targets : tuple of str
        The names it may target, where the card lists them (Threat to Power's leaders).
    """

    slug: str
    rule: str
    entry_turn: int | None
    played_by: str
    roll: str
    conditions: tuple[Condition, ...] = ()
    entry_words: str = ""
    edition: str = ""
    targets: tuple[str, ...] = ()
    earliest_turn: int | None = None
    earliest_words: str = ""

    @property
    def section(self) -> str:
        """Its rule section as cited in messages (``"RULES.md §28.5"``)."""
        return f"RULES.md §{self.rule}"


#: Every card of §28 whose event rolls dice, by the name of its kind.
CARD_ROLLS: dict[str, CardRollRecord] = {
    record.slug: record
    for record in (
        CardRollRecord(
            62,
            "Book of Common Prayer",
            "book-of-common-prayer",
            "28.1",
            None,
            "the player of the event (who picks the spaces put in unrest)",
            "four Reformation attempts in English home spaces, Calais included, then one "
            "die: 1-2 nothing, 3-4 unrest on one Catholic English home space, 5 on two, 6 "
            "on all of them",
            (
                Condition("anne_boleyn_married", "Henry VIII married to Anne Boleyn"),
                Condition("cranmer_committed", "Cranmer uncommitted", required=False),
            ),
            entry_words="enters the deck after Henry VIII marries Anne Boleyn",
            # RULES.md §24: Six Wives from turn 2 first reaches Ask for Divorce, so Anne
            # Boleyn is married on turn 3 at the earliest; Cranmer enters the turn after.
            earliest_turn=4,
            earliest_words="by RULES.md §24 Anne Boleyn is married on turn 3 at the earliest, "
            "and Cranmer, whom it needs, enters the turn after that marriage",
        ),
        CardRollRecord(
            52,
            "Michelangelo",
            "michelangelo",
            "28.2",
            4,
            "as the event: the Papacy adds the CP to St Peter's",
            "2d6 CP added to St Peter's at once",
        ),
        CardRollRecord(
            77,
            "Fountain of Youth",
            "fountain-of-youth",
            "28.3",
            None,
            "against a power's exploration underway",
            "the exploration is cancelled; then one die: 4-6 removes one of that power's "
            "explorers, picked at random, from the game",
            (Condition("exploration_underway", "an exploration of the power underway"),),
        ),
        CardRollRecord(
            103,
            "Threat to Power",
            "threat-to-power",
            "28.4",
            None,
            "against one of the leaders it names, if not captured",
            "one die: 1-3 the leader is out for the rest of the turn, 4-6 for the rest of the game",
            (Condition("captured", "the leader not captured", required=False),),
            targets=("Charles Brandon", "Duke of Alva", "Montmorency", "Ibrahim Pasha"),
        ),
        CardRollRecord(
            116,
            "Rough Wooing",
            "rough-wooing",
            "28.5",
            5,
            "England",
            "England and France each roll a die and add the land and naval units they "
            "control in Scottish home spaces; England wins by 2 or more (RULES.md §30.13)",
            (
                Condition("edward_born", "Edward VI born and alive"),
                Condition("scotland_allied_with_france", "Scotland allied with France"),
            ),
            edition="2017",
        ),
        CardRollRecord(
            4,
            "Patron of the Arts",
            "chateaux",
            "28.6",
            1,
            "France (its Home card), for a roll on the Chateau Table",
            "one die plus modifiers on the Chateau Table: 8+ 1 VP, draw 2 then discard 1; "
            "5-7 1 VP, draw 1; 3-4 1 VP, draw 1 then discard 1; 2 or less no VP, draw 2 "
            "then discard 1",
            (
                Condition("francis_rules", "Francis I ruling France"),
                Condition("francis_captured", "Francis I not captured", required=False),
                Condition("francis_besieged", "Francis I not besieged", required=False),
                Condition("chateau_vp", "fewer than 6 chateau VP", below=6),
            ),
            edition="2017",
        ),
        CardRollRecord(
            49,
            "Huguenot Raiders",
            "huguenot-raiders",
            "28.7",
            4,
            "a Raider (French, English or Protestant) put in play against the Hapsburgs' "
            "New World riches",
            "each Raider in play rolls a die against each card the Hapsburgs receive from "
            "the New World: 1 eliminated, 2 eliminated if the Hapsburgs have Galleons, 3-4 "
            "nothing, 5 the card is stolen and the Raider retires, 6 stolen and it stays",
        ),
        CardRollRecord(
            95,
            "Sack of Rome",
            "sack-of-rome",
            "28.8",
            None,
            "the owner of a single non-Papal stack in an Italian-zone space holding more "
            "mercenaries than the Papal regulars in Rome",
            "a field battle in Rome of the whole stack, formation limit ignored, against the "
            "Papal regulars only (regulars + 1 dice, ties to the Papacy)",
        ),
        CardRollRecord(
            71,
            "City State Rebels",
            "city-state-rebels",
            "28.9",
            None,
            "against a captured key not under siege",
            "the rebels roll 5 dice, hits on 5-6; each hit eliminates one land or naval "
            "unit at the key; with none left, control passes back to the home power",
            (
                Condition(
                    "captured_key",
                    "a captured key (an independent key held by a major power, or a home "
                    "key held by a major power not allied to its home power)",
                ),
                Condition("under_siege", "the key not under siege", required=False),
            ),
        ),
        CardRollRecord(
            17,
            "Council of Trent",
            "council-of-trent",
            "28.10",
            6,
            "Mandatory Event: the Papacy commits up to 4 uncommitted debaters, then the "
            "Protestant up to 2",
            "each side rolls its debaters' total value in dice, hits on 5-6; more hits "
            "converts the difference in spaces, equal hits nothing",
        ),
        CardRollRecord(
            68,
            "Andrea Doria",
            "andrea-doria",
            "28.11",
            None,
            "its second use, against the Ottoman piracy VP",
            "3 dice, each 5-6 takes 1 off the Ottoman piracy VP (not below 0)",
        ),
    )
}


def card_roll(which) -> CardRollRecord:
    """The record of a card of §28, by number (``116``) or by the name of its kind
    (``"rough-wooing"``).

    Raises
    ------
    OddsEngineError
        On a card that has no record here, with the cards that have.

    Examples
    --------
    >>> str(card_roll("sack-of-rome"))
    'Sack of Rome (card #95)'
    """
    if isinstance(which, int) and not isinstance(which, bool):
        for record in CARD_ROLLS.values():
            if record.number == which:
                return record
        raise OddsEngineError(
            f"no card #{which} rolls dice in RULES.md §28; the cards are "
            + ", ".join(f"#{record.number}" for record in CARD_ROLLS.values())
        )
    if not isinstance(which, str):
        raise OddsEngineError(f"a card is named by its number or its name, not {shown(which)}")
    key = which.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in CARD_ROLLS:
        raise unknown_name("card roll", which, CARD_ROLLS)
    return CARD_ROLLS[key]


def check_in_play(record: CardRollRecord, spec, turn: int | None) -> None:
    """Refuse ``spec`` when its card is not in play on ``turn`` (None: any turn) or one of
    the card's conditions does not hold on the spec's fields, in the record's words.

    Raises
    ------
    OddsEngineError
        Naming the card, the turn it enters (or the condition that fails) and the rule.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> wooing = CARD_ROLLS["rough-wooing"]
    >>> check_in_play(wooing, SimpleNamespace(edward_born=True,
    ...               scotland_allied_with_france=True), 4)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: Rough Wooing (card #116) is not in play on turn 4: it ...
    """
    if turn is not None and record.entry_turn is not None and turn < record.entry_turn:
        raise OddsEngineError(
            f"{record} is not in play on turn {turn}: it enters the deck on turn "
            f"{record.entry_turn} ({record.section})"
        )
    if turn is not None and record.earliest_turn is not None and turn < record.earliest_turn:
        raise OddsEngineError(
            f"{record} is not in play on turn {turn}: it {record.entry_words}; "
            f"{record.earliest_words}: turn {record.earliest_turn} at the earliest "
            f"({record.section})"
        )
    for condition in record.conditions:
        if not condition.holds(getattr(spec, condition.field)):
            raise OddsEngineError(
                f"{record} cannot be played: it needs {condition.words} "
                f"({condition.field} is {getattr(spec, condition.field)!r}; {record.section})"
            )

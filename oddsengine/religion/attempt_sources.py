"""What gives a run of Reformation or Counter-Reformation attempts (RULES.md §19): each
action, event and debater bonus as a record (how many attempts, by whom, in which target
zone, with which dice), read by the run engine (:mod:`oddsengine.religion.attempt_runs`).

The actions' records are here; an event's are its card's
(:mod:`oddsengine.religion.cards`), a debater bonus's his
(:mod:`oddsengine.religion.debater_bonuses`): each an
:class:`~oddsengine.religion.record_types.AttemptsGiven`, listed in the order of §19's
table.

A source is named as on the command line: ``95-theses``, ``treatise:german``,
``carlstadt``, ``calvin``, ``english-treatise``, ``new-testament:french``,
``full-bible:english``, the events in lower case with hyphens (``printing-press``,
``calvins-institutes``, ``a-mighty-fortress``...), ``burn-books:german``,
``cajetan:german``, ``caraffa``, and the Papal events whose zone is "as the card"
(``defender-of-the-faith:english``, ``mary-defies-council:english``,
``erasmus-papal:all``: RULES.md does not give their cards' text, so the zone is named,
``all`` for all zones).

Examples
--------
>>> source = attempt_source("95-theses")
>>> source.attempts, source.target_zones, source.bonus_dice
(5, ('german',), 1)
>>> attempt_source("full-bible:english").modifier
1
>>> attempt_source("carlstadt").unrest_on_failure
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from oddsengine.combat.limits import check_count
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.religion.record_types import (
    LANGUAGE_ZONES,
    ZONE_AS_THE_CARD,
    ZONE_NAMED,
    AttemptsGiven,
)

__all__ = [
    "AttemptSource",
    "SOURCE_NAMES",
    "attempt_source",
    "source_texts",
    "PLACARDS_ATTEMPTS",
    "MAX_RUN_ATTEMPTS",
    "MAX_SOURCE_BONUS_DICE",
]

#: A source of "all zones", and a treatise, may target each language zone.
_ALL_ZONES = _TREATISE_ZONES = LANGUAGE_ZONES
#: Most attempts one source gives: the rules give at most 7 (Marburg Colloquy, Luther's 4
#: and Melanchthon's 3); the bound leaves room for a source built by hand while a fixed
#: policy's outcomes (at most ``2 ** attempts``) stay quick to enumerate.
MAX_RUN_ATTEMPTS = 12
#: Most bonus dice a source adds to every attempt: the rules give +1 (the 95 Theses,
#: Printing Press's own attempts, §17 step 3).
MAX_SOURCE_BONUS_DICE = 3
_SIDES = ("protestant", "papacy")


def _names(value, what: str) -> tuple[str, ...]:
    """The names a list gives, each once (as written: the callers spell them)."""
    from oddsengine.religion.board_fields import each_once

    def text(name: str) -> str:
        if not name.strip():
            raise OddsEngineTypeError(f"{what}: a name is text, not {shown(name)}")
        return name

    return each_once(value, what, text)


@dataclass(frozen=True)
class AttemptSource:
    """One source of attempts (RULES.md §19).

    Parameters
    ----------
    name : str
        As given (``"treatise:german"``).
    side : {"protestant", "papacy"}
        Who attempts: Reformation (Protestant) or Counter-Reformation (Papal) attempts.
    attempts : int
    target_zones : tuple of str
        The zones whose spaces give the attempting power ties, the +1 modifier and the
        automatic success (17 step 1; "all zones" is all five, 23.1: never a space in none).
    only_in_zone : bool
        Every target must lie in the target zone (Carlstadt, Calvin: 23.8).
    only_spaces : tuple of str
        The only spaces it may target (Book of Common Prayer: the English home spaces and
        Calais); empty: any.
    bonus_dice : int
        Dice added to every attempt (the 95 Theses, Printing Press's own: +1).
    modifier : int
        Added to every Protestant die in the target zone (Full Bible, Calvin's Institutes).
    unrest_on_failure : bool
        A failed attempt puts its target in unrest (Carlstadt, 17 step 7).
    english_bonuses_only : bool
        Only English debaters' bonuses apply (the English treatise, 19).
    debaters : tuple of str
        The debaters it commits, each in play and uncommitted on the board (Carlstadt,
        Calvin, Cajetan, Caraffa; Marburg Colloquy's two).
    reformer : str
        A reformer who must be on the map (the English treatise: Cranmer, 19); ``""``:
        none.
    turn : int or None
        The only turn it is played on (the 95 Theses: 1); None: any.
    card : str
        The slug of the card whose event makes it (``printing-press``); ``""`` for an action
        or a debater's bonus. Not part of the question: it follows from the name.

    Every field is checked when the source is built: ``attempts`` 1..
    :data:`MAX_RUN_ATTEMPTS`, ``bonus_dice`` 0..:data:`MAX_SOURCE_BONUS_DICE`, the
    modifier 0 or +1 (Protestant sources only: Augsburg Confession's -1 is the board's),
    zones among the five, ``only_spaces`` land spaces of the board that may convert. Whether
    the board allows it is :func:`~oddsengine.religion.board_checks.why_source_not_on`.
    """

    name: str
    side: str
    attempts: int
    target_zones: tuple[str, ...]
    only_in_zone: bool = False
    only_spaces: tuple[str, ...] = ()
    bonus_dice: int = 0
    modifier: int = 0
    unrest_on_failure: bool = False
    english_bonuses_only: bool = False
    debaters: tuple[str, ...] = ()
    reformer: str = ""
    turn: int | None = None
    card: str = field(default="", compare=False, repr=False)

    def __post_init__(self):
        put = object.__setattr__
        if not isinstance(self.name, str) or not self.name.strip():
            raise OddsEngineTypeError(f"name must be the source's name, not {shown(self.name)}")
        if not isinstance(self.side, str) or self.side not in _SIDES:
            raise OddsEngineError(
                f"side is 'protestant' (Reformation) or 'papacy' (Counter-Reformation), not "
                f"{shown(self.side)}"
            )
        put(self, "attempts", check_count("attempts", self.attempts, MAX_RUN_ATTEMPTS, 1))
        zones = _names(self.target_zones, "target_zones")
        if not zones:
            raise OddsEngineError("target_zones: name at least one zone (all five: all zones)")
        for zone in zones:
            if zone not in _ALL_ZONES:
                raise OddsEngineError(
                    f"target_zones: unknown zone {shown(zone)}; the zones are "
                    + ", ".join(_ALL_ZONES)
                )
        put(self, "target_zones", zones)
        for name in ("only_in_zone", "unrest_on_failure", "english_bonuses_only"):
            put(self, name, checked_flag(getattr(self, name), name))
        put(self, "only_spaces", _land_spaces(self.only_spaces))
        put(
            self,
            "bonus_dice",
            check_count("bonus_dice", self.bonus_dice, MAX_SOURCE_BONUS_DICE),
        )
        put(self, "modifier", check_count("modifier", self.modifier, 1))
        if self.modifier and self.side != "protestant":
            from oddsengine.religion.cards import AUGSBURG_CONFESSION, CALVINS_INSTITUTES

            raise OddsEngineError(
                "modifier: +1 on every Protestant die is a Reformation source's "
                f"({CALVINS_INSTITUTES.name}, Full Bible); a Papal one's -1 is "
                f"{AUGSBURG_CONFESSION.name}, on the board"
            )
        put(self, "debaters", _debaters(self.debaters))
        if not isinstance(self.reformer, str):
            raise OddsEngineTypeError(
                f"reformer must be a reformer's name, not {shown(self.reformer)}"
            )
        if self.reformer:
            from oddsengine.religion.religious_board import REFORMERS

            if self.reformer not in REFORMERS:
                raise OddsEngineError(
                    f"unknown reformer {shown(self.reformer)}; the reformers are "
                    + ", ".join(REFORMERS)
                )
        if self.turn is not None:
            from oddsengine.religion.records import LAST_TURN

            put(self, "turn", check_count("turn", self.turn, LAST_TURN, 1))

    def describe(self) -> dict:
        return {
            "name": self.name,
            "side": self.side,
            "attempts": self.attempts,
            "target_zones": list(self.target_zones),
            "only_in_zone": self.only_in_zone,
            "bonus_dice": self.bonus_dice,
            "modifier": self.modifier,
            "unrest_on_failure": self.unrest_on_failure,
        }


def _land_spaces(values) -> tuple[str, ...]:
    """``only_spaces``: land spaces of the board that may convert, in the board's spelling."""
    from oddsengine.moves.board import load_board
    from oddsengine.religion.records import religion_facts

    board, never, names = load_board(), religion_facts().never_convert, []
    for value in _names(values, "only_spaces"):
        space = board.space(value)
        if space.is_sea or space.name in never:
            raise OddsEngineError(f"only_spaces: {space.name} holds no religious influence (16)")
        names.append(space.name)
    return tuple(names)


def _debaters(values) -> tuple[str, ...]:
    from oddsengine.religion.records import religion_facts

    facts = religion_facts()
    return tuple(
        facts.named_debater(value, "debaters").name for value in _names(values, "debaters")
    )


def _home_spaces(power: str, also: tuple[str, ...]) -> tuple[str, ...]:
    """A power's home spaces and the spaces ``also`` (Book of Common Prayer: England's and
    Calais, §19), by name."""
    from oddsengine.moves.board import load_board

    spaces = [space.name for space in load_board() if power in space.home_powers]
    return tuple(sorted({*spaces, *also}))


#: 19: the actions that make attempts: a Publish Treatise (its zone named), the English
#: treatise, the translations, Burn Books. An event's attempts are its card's record, a
#: debater's bonus's are his.
_ACTIONS = (
    AttemptsGiven("treatise", "protestant", 2, ZONE_NAMED, 2),
    AttemptsGiven(
        "english-treatise",
        "protestant",
        2,
        ("english",),
        3,
        english_bonuses_only=True,
        reformer="Cranmer",
    ),  # fmt: skip
    AttemptsGiven("new-testament", "protestant", 6, ZONE_NAMED, 4),
    AttemptsGiven("full-bible", "protestant", 6, ZONE_NAMED, 5, modifier=1),
    AttemptsGiven("burn-books", "papacy", 2, ZONE_NAMED, 13),
)


def _group(given: AttemptsGiven) -> int:
    """Where a source is listed: those whose zone is named with them, then "as the card",
    then those of fixed zones, then the one whose count a rule option chooses and the one
    whose named debaters decide it."""
    if given.zones == ZONE_NAMED:
        return 0
    if given.zones == ZONE_AS_THE_CARD:
        return 1
    if given.printed_attempts is not None:
        return 3
    return 4 if given.named_debaters else 2


@lru_cache(maxsize=1)
def _given_sources() -> dict:
    """Every source by name: ``{name: (AttemptsGiven, card slug, debater)}``, listed by
    :func:`_group` and then by the row of §19's table (the actions, the debaters' bonuses
    and the cards in turn within a row)."""
    from oddsengine.religion.cards import RELIGIOUS_CARDS
    from oddsengine.religion.debater_bonuses import source_bonuses

    found = [(given, "", "") for given in _ACTIONS]
    found += [(bonus.attempts, "", bonus.debater) for bonus in source_bonuses()]
    found += [
        (given, card.slug, "") for card in RELIGIOUS_CARDS.values() for given in card.attempts
    ]
    found.sort(key=lambda entry: (_group(entry[0]), entry[0].row))
    return {given.source: (given, card, debater) for given, card, debater in found}


def _source_name(given: AttemptsGiven) -> str:
    """How ``--source`` writes it in the list of names."""
    if given.zones == ZONE_NAMED:
        return f"{given.source}:ZONE"
    if given.zones == ZONE_AS_THE_CARD:
        return f"{given.source}:ZONE|all"
    if given.named_debaters:
        return f"{given.source}:" + ",".join(["DEBATER"] * given.named_debaters)
    return given.source


#: Every source name the command line takes (a zoned one as ``NAME:ZONE``).
SOURCE_NAMES = tuple(_source_name(given) for given, _, _ in _given_sources().values())
#: The reading of Affair of the Placards' count (19: the table's 3, the card text's 4).
PLACARDS_ATTEMPTS = next(
    (given.attempts, given.printed_attempts)
    for given, _, _ in _given_sources().values()
    if given.printed_attempts is not None
)


def attempt_source(text: str, *, placards_attempts: int = 3) -> AttemptSource:
    """The source of attempts ``text`` names.

    Parameters
    ----------
    text : str
        ``95-theses``, ``treatise:german``, ``marburg-colloquy:Luther,Melanchthon`` ...
    placards_attempts : {3, 4}
        Affair of the Placards' attempts: 3 (RULES.md §19's table, the default) or 4 (the
        card text), a rule option.

    Raises
    ------
    OddsEngineError
        For an unknown source, a zone it does not take, or a bad Marburg pair.
    """
    from oddsengine.religion.cards import AFFAIR_OF_THE_PLACARDS

    if not isinstance(text, str):
        raise OddsEngineTypeError(f"a source of attempts is a name, not {shown(text)}")
    if isinstance(placards_attempts, bool) or placards_attempts not in PLACARDS_ATTEMPTS:
        raise OddsEngineError(
            f"placards_attempts: {AFFAIR_OF_THE_PLACARDS.name} makes {PLACARDS_ATTEMPTS[0]} "
            f"attempts (§19) or {PLACARDS_ATTEMPTS[1]} (the card text), not "
            f"{shown(placards_attempts)}"
        )
    name, _, argument = text.strip().lower().partition(":")
    name = name.replace(" ", "-").replace("_", "-")
    found = _given_sources().get(name)
    if found is None:
        _unknown(text, name)
    given, card, debater = found
    made = dict(
        only_in_zone=given.only_in_zone,
        unrest_on_failure=given.unrest_on_failure,
        english_bonuses_only=given.english_bonuses_only,
        reformer=given.reformer,
        turn=given.turn,
        modifier=given.modifier,
        bonus_dice=given.bonus_dice + _lasting_dice(card, given.side),
        # 19, 28.1: the debater it commits (its own, or one its card names: Cranmer).
        debaters=(debater,) if debater else ((given.commits,) if given.commits else ()),
        card=card,
    )
    if given.home_spaces_of:
        made["only_spaces"] = _home_spaces(given.home_spaces_of, given.also_spaces)
    if given.zones == ZONE_NAMED:
        if argument not in _TREATISE_ZONES:
            raise OddsEngineError(
                f"the source {name} names its zone: {name}:ZONE with ZONE one of "
                + ", ".join(_TREATISE_ZONES)
                + (f", not {shown(argument)}" if argument else "")
            )
        return AttemptSource(f"{name}:{argument}", given.side, given.attempts, (argument,), **made)
    if given.zones == ZONE_AS_THE_CARD:
        if argument == "all":
            # 19: "all zones" makes every zone a target zone (23.1: never a space in none).
            return AttemptSource(f"{name}:all", given.side, given.attempts, _ALL_ZONES, **made)
        if argument not in _ALL_ZONES:
            raise OddsEngineError(
                f"the source {name} names its zone as its card does (§19: 'as the card'): "
                f"{name}:ZONE with ZONE one of "
                + ", ".join(_ALL_ZONES)
                + ", or all"
                + (f", not {shown(argument)}" if argument else "")
            )
        return AttemptSource(f"{name}:{argument}", given.side, given.attempts, (argument,), **made)
    attempts = given.attempts
    if given.printed_attempts is not None:
        attempts = placards_attempts  # 19: the table's count, or the card text's
    elif given.named_debaters:
        made["debaters"], attempts = _named_debaters(given, argument)
    elif argument:
        raise OddsEngineError(f"the source {name} takes no zone (its zone is fixed, §19)")
    # 19: the sources with no zone of their own: their record's zones
    return AttemptSource(name, given.side, attempts, given.zones, **made)


def _lasting_dice(card: str, side: str) -> int:
    """Dice a card's effect gives every attempt of ``side`` while it lasts: its own event's
    attempts have them too (Printing Press, §17 step 3)."""
    if not card or side != "protestant":
        return 0
    from oddsengine.religion.cards import RELIGIOUS_CARDS

    return RELIGIOUS_CARDS[card].reformation_dice


def _unknown(text: str, name: str):
    import difflib

    from oddsengine.religion.cards import NINETY_FIVE_THESES

    close = difflib.get_close_matches(name, list(_given_sources()), n=2, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    named = next(given for given, _, _ in _given_sources().values() if given.named_debaters)
    raise OddsEngineError(
        f"unknown source of attempts {shown(text, 40)}; {hint}a source is named as RULES.md "
        f"§19's action, event or debater: {NINETY_FIVE_THESES.slug}, treatise:german, "
        f"carlstadt, burn-books:german, {named.source}:Luther,Melanchthon ... (all of them: "
        "SOURCE_NAMES, or oddsengine attempts --help)"
    )


_COUNT_WORDS = ("no", "one", "two", "three", "four")


def _named_debaters(given: AttemptsGiven, argument: str) -> tuple[tuple[str, ...], int]:
    """19: a source that commits ``given.named_debaters`` debaters of its zone, named with
    it, and makes as many attempts as their values (Marburg Colloquy):
    ``(debaters, attempts)``."""
    from oddsengine.religion.records import religion_facts

    count, zone, source = given.named_debaters, given.debaters_zone, given.source
    names = [part.strip() for part in argument.split(",") if part.strip()]
    if len(names) != count or len({name.casefold() for name in names}) != count:
        raise OddsEngineError(
            f"{source} names its {_COUNT_WORDS[count]} {zone.title()} debaters: "
            f"{source}:" + ",".join(["NAME"] * count)
        )
    total, debaters = 0, []
    for name in names:
        try:
            debater = religion_facts().debater(name)
        except KeyError:
            raise OddsEngineError(f"{source}: unknown debater {shown(name)}") from None
        side = "protestant" if given.side == "protestant" else "papal"
        if debater.side != side or debater.zone != zone:
            raise OddsEngineError(
                f"{source}: {debater.name} is not a {zone.title()} {side.title()} debater"
            )
        total += debater.value
        debaters.append(debater.name)
    return tuple(debaters), total


def source_texts(board=None) -> list[str]:
    """Every source of attempts as ``--source`` names it, each zone of a zoned source
    written out (``treatise:german`` ... ``treatise:spanish``); Marburg Colloquy with each
    pair of German Protestant debaters (in play on ``board``, when given).

    Examples
    --------
    >>> texts = source_texts()
    >>> texts[:2], "marburg-colloquy:Luther,Melanchthon" in texts
    (['treatise:german', 'treatise:french'], True)
    """
    from itertools import combinations

    from oddsengine.religion.records import religion_facts
    from oddsengine.religion.religious_board import ReligiousBoard

    if board is not None and not isinstance(board, ReligiousBoard):
        raise OddsEngineTypeError(f"board must be a ReligiousBoard or None, not {shown(board)}")
    texts = []
    for given, _, _ in _given_sources().values():
        name = given.source
        if given.zones == ZONE_NAMED:
            texts += [f"{name}:{zone}" for zone in _TREATISE_ZONES]
        elif given.zones == ZONE_AS_THE_CARD:
            texts += [f"{name}:{zone}" for zone in (*_ALL_ZONES, "all")]
        elif given.named_debaters:
            debaters = [
                debater.name
                for debater in religion_facts().debaters_of(given.side)
                if debater.zone == given.debaters_zone
                and (board is None or board.why_not_in_play(debater.name) is None)
            ]
            texts += [
                f"{name}:{','.join(chosen)}"
                for chosen in combinations(debaters, given.named_debaters)
            ]
        else:
            texts.append(name)
    return texts

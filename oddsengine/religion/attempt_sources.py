"""What gives a run of Reformation or Counter-Reformation attempts (RULES.md §19): each
action, event and debater bonus as a record (how many attempts, by whom, in which target
zone, with which dice), read by the run engine (:mod:`oddsengine.religion.attempt_runs`).

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

from dataclasses import dataclass

from oddsengine.combat.limits import check_count
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "AttemptSource",
    "SOURCE_NAMES",
    "attempt_source",
    "source_texts",
    "PLACARDS_ATTEMPTS",
    "MAX_RUN_ATTEMPTS",
    "MAX_SOURCE_BONUS_DICE",
]

_ALL_ZONES = ("german", "french", "english", "italian", "spanish")
_TREATISE_ZONES = ("german", "french", "english", "italian", "spanish")
#: The reading of Affair of the Placards' count (19: the table's 3, the card text's 4).
PLACARDS_ATTEMPTS = (3, 4)
#: Most attempts one source gives: the rules give at most 7 (Marburg Colloquy, Luther's 4
#: and Melanchthon's 3); the bound leaves room for a source built by hand while a fixed
#: policy's outcomes (at most ``2 ** attempts``) stay quick to enumerate.
MAX_RUN_ATTEMPTS = 12
#: Most bonus dice a source adds to every attempt: the rules give +1 (the 95 Theses,
#: Printing Press's own attempts, §17 step 3).
MAX_SOURCE_BONUS_DICE = 3
_SIDES = ("protestant", "papacy")


def _flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise OddsEngineTypeError(f"{name} must be True or False, not {shown(value)}")
    return value


def _names(value, what: str) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise OddsEngineTypeError(f"{what} must be a list of names, not {shown(value)}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise OddsEngineTypeError(f"{what}: a name is text, not {shown(name)}")
    if len(set(names)) != len(names):
        raise OddsEngineError(f"{what}: a name is listed twice in {shown(names)}")
    return names


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
            _flag(name, getattr(self, name))
        put(self, "only_spaces", _land_spaces(self.only_spaces))
        put(
            self,
            "bonus_dice",
            check_count("bonus_dice", self.bonus_dice, MAX_SOURCE_BONUS_DICE),
        )
        put(self, "modifier", check_count("modifier", self.modifier, 1))
        if self.modifier and self.side != "protestant":
            raise OddsEngineError(
                "modifier: +1 on every Protestant die is a Reformation source's (Calvin's "
                "Institutes, Full Bible); a Papal one's -1 is Augsburg Confession, on the board"
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
    from oddsengine.errors import unknown_name
    from oddsengine.religion.records import religion_facts

    facts, names = religion_facts(), []
    for value in _names(values, "debaters"):
        try:
            names.append(facts.debater(value).name)
        except KeyError:
            raise unknown_name("debater", value, facts.debaters, where="debaters") from None
    return tuple(names)


def _english_home_and_calais() -> tuple[str, ...]:
    from oddsengine.moves.board import load_board

    spaces = [space.name for space in load_board() if "england" in space.home_powers]
    return tuple(sorted({*spaces, "Calais"}))


#: 19: the sources with no zone of their own, by name: (side, attempts, zones, extras).
_FIXED = {
    "95-theses": ("protestant", 5, ("german",), {"bonus_dice": 1, "turn": 1}),
    "carlstadt": (
        "protestant",
        3,
        ("german",),
        {"only_in_zone": True, "unrest_on_failure": True, "debaters": ("Carlstadt",)},
    ),
    "calvin": ("protestant", 3, ("french",), {"only_in_zone": True, "debaters": ("Calvin",)}),
    "english-treatise": (
        "protestant",
        2,
        ("english",),
        {"english_bonuses_only": True, "reformer": "Cranmer"},
    ),
    "a-mighty-fortress": ("protestant", 6, ("german",), {}),
    "calvins-institutes": ("protestant", 5, ("french",), {"modifier": 1}),
    "book-of-common-prayer": ("protestant", 4, ("english",), {}),
    "dissolution-of-the-monasteries": ("protestant", 3, ("english",), {}),
    "erasmus": ("protestant", 4, _ALL_ZONES, {}),
    "katherina-bora": ("protestant", 5, _ALL_ZONES, {}),
    "printing-press": ("protestant", 3, _ALL_ZONES, {"bonus_dice": 1}),
    "caraffa": ("papacy", 3, _ALL_ZONES, {"debaters": ("Caraffa",)}),
}
#: 19: the sources that name their zone (``treatise:german``).
_ZONED = {
    "treatise": ("protestant", 2, {}),
    "new-testament": ("protestant", 6, {}),
    "full-bible": ("protestant", 6, {"modifier": 1}),
    "burn-books": ("papacy", 2, {}),
    "cajetan": ("papacy", 3, {"debaters": ("Cajetan",)}),
}
#: 19: the Papal events whose target zone is "as the card": the card's text is not in the
#: rules, so the zone is named (``defender-of-the-faith:english``), or ``all``.
_AS_THE_CARD = {
    "defender-of-the-faith": ("papacy", 3),
    "mary-defies-council": ("papacy", 3),
    "erasmus-papal": ("papacy", 4),
}
#: Every source name the command line takes (a zoned one as ``NAME:ZONE``).
SOURCE_NAMES = (
    *(f"{name}:ZONE" for name in _ZONED),
    *(f"{name}:ZONE|all" for name in _AS_THE_CARD),
    *_FIXED,
    "affair-of-the-placards",
    "marburg-colloquy:DEBATER,DEBATER",
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
    if not isinstance(text, str):
        raise OddsEngineTypeError(f"a source of attempts is a name, not {shown(text)}")
    if isinstance(placards_attempts, bool) or placards_attempts not in PLACARDS_ATTEMPTS:
        raise OddsEngineError(
            "placards_attempts: Affair of the Placards makes 3 attempts (§19) or 4 (the card "
            f"text), not {shown(placards_attempts)}"
        )
    name, _, argument = text.strip().lower().partition(":")
    name = name.replace(" ", "-").replace("_", "-")
    if name in _FIXED:
        if argument:
            raise OddsEngineError(f"the source {name} takes no zone (its zone is fixed, §19)")
        side, attempts, zones, extras = _FIXED[name]
        if name == "book-of-common-prayer":
            extras = {**extras, "only_spaces": _english_home_and_calais()}
        return AttemptSource(name, side, attempts, zones, **extras)
    if name in _ZONED:
        side, attempts, extras = _ZONED[name]
        if argument not in _TREATISE_ZONES:
            raise OddsEngineError(
                f"the source {name} names its zone: {name}:ZONE with ZONE one of "
                + ", ".join(_TREATISE_ZONES)
                + (f", not {shown(argument)}" if argument else "")
            )
        return AttemptSource(f"{name}:{argument}", side, attempts, (argument,), **extras)
    if name in _AS_THE_CARD:
        side, attempts = _AS_THE_CARD[name]
        if argument == "all":
            # 19: "all zones" makes every zone a target zone (23.1: never a space in none).
            return AttemptSource(f"{name}:all", side, attempts, _ALL_ZONES)
        if argument not in _ALL_ZONES:
            raise OddsEngineError(
                f"the source {name} names its zone as its card does (§19: 'as the card'): "
                f"{name}:ZONE with ZONE one of "
                + ", ".join(_ALL_ZONES)
                + ", or all"
                + (f", not {shown(argument)}" if argument else "")
            )
        return AttemptSource(f"{name}:{argument}", side, attempts, (argument,))
    if name == "affair-of-the-placards":
        return AttemptSource(name, "protestant", placards_attempts, ("french",))
    if name == "marburg-colloquy":
        debaters, attempts = _marburg(argument)
        return AttemptSource(name, "protestant", attempts, _ALL_ZONES, debaters=debaters)
    import difflib

    known = [*_FIXED, "affair-of-the-placards", "marburg-colloquy", *_ZONED, *_AS_THE_CARD]
    close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    raise OddsEngineError(
        f"unknown source of attempts {shown(text, 40)}; {hint}a source is named as RULES.md "
        "§19's action, event or debater: 95-theses, treatise:german, carlstadt, "
        "burn-books:german, marburg-colloquy:Luther,Melanchthon ... (all of them: "
        "SOURCE_NAMES, or oddsengine attempts --help)"
    )


def _marburg(argument: str) -> tuple[tuple[str, str], int]:
    """19: Marburg Colloquy commits two German debaters and makes as many attempts as
    their values: ``((first, second), attempts)``."""
    from oddsengine.religion.records import religion_facts

    names = [part.strip() for part in argument.split(",") if part.strip()]
    if len(names) != 2 or names[0].casefold() == names[1].casefold():
        raise OddsEngineError(
            "marburg-colloquy names its two German debaters: marburg-colloquy:NAME,NAME"
        )
    total, debaters = 0, []
    for name in names:
        try:
            debater = religion_facts().debater(name)
        except KeyError:
            raise OddsEngineError(f"marburg-colloquy: unknown debater {shown(name)}") from None
        if debater.side != "protestant" or debater.zone != "german":
            raise OddsEngineError(
                f"marburg-colloquy: {debater.name} is not a German Protestant debater"
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
    for name in _ZONED:
        texts += [f"{name}:{zone}" for zone in _TREATISE_ZONES]
    for name in _AS_THE_CARD:
        texts += [f"{name}:{zone}" for zone in (*_ALL_ZONES, "all")]
    texts += [*_FIXED, "affair-of-the-placards"]
    german = [
        debater.name
        for debater in religion_facts().debaters_of("protestant")
        if debater.zone == "german"
        and (board is None or board.why_not_in_play(debater.name) is None)
    ]
    texts += [f"marburg-colloquy:{a},{b}" for a, b in combinations(german, 2)]
    return texts

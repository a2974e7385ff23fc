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

from oddsengine.errors import OddsEngineError, shown

__all__ = ["AttemptSource", "SOURCE_NAMES", "attempt_source", "PLACARDS_ATTEMPTS"]

_ALL_ZONES = ("german", "french", "english", "italian", "spanish")
_TREATISE_ZONES = ("german", "french", "english", "italian", "spanish")
#: The reading of Affair of the Placards' count (19: the table's 3, the card text's 4).
PLACARDS_ATTEMPTS = (3, 4)


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


def _english_home_and_calais() -> tuple[str, ...]:
    from oddsengine.moves.board import load_board

    spaces = [space.name for space in load_board() if "england" in space.home_powers]
    return tuple(sorted({*spaces, "Calais"}))


#: 19: the sources with no zone of their own, by name: (side, attempts, zones, extras).
_FIXED = {
    "95-theses": ("protestant", 5, ("german",), {"bonus_dice": 1}),
    "carlstadt": ("protestant", 3, ("german",), {"only_in_zone": True, "unrest_on_failure": True}),
    "calvin": ("protestant", 3, ("french",), {"only_in_zone": True}),
    "english-treatise": ("protestant", 2, ("english",), {"english_bonuses_only": True}),
    "a-mighty-fortress": ("protestant", 6, ("german",), {}),
    "calvins-institutes": ("protestant", 5, ("french",), {"modifier": 1}),
    "book-of-common-prayer": ("protestant", 4, ("english",), {}),
    "dissolution-of-the-monasteries": ("protestant", 3, ("english",), {}),
    "erasmus": ("protestant", 4, _ALL_ZONES, {}),
    "katherina-bora": ("protestant", 5, _ALL_ZONES, {}),
    "printing-press": ("protestant", 3, _ALL_ZONES, {"bonus_dice": 1}),
    "caraffa": ("papacy", 3, _ALL_ZONES, {}),
}
#: 19: the sources that name their zone (``treatise:german``).
_ZONED = {
    "treatise": ("protestant", 2, {}),
    "new-testament": ("protestant", 6, {}),
    "full-bible": ("protestant", 6, {"modifier": 1}),
    "burn-books": ("papacy", 2, {}),
    "cajetan": ("papacy", 3, {}),
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
        raise OddsEngineError(f"a source of attempts is a name, not {shown(text)}")
    name, _, argument = text.strip().lower().partition(":")
    name = name.replace(" ", "-").replace("_", "-")
    if name in _FIXED:
        if argument:
            raise OddsEngineError(f"the source {name} takes no zone (its zone is fixed, §19)")
        side, attempts, zones, extras = _FIXED[name]
        if name == "book-of-common-prayer":
            extras = {"only_spaces": _english_home_and_calais()}
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
        if placards_attempts not in PLACARDS_ATTEMPTS:
            raise OddsEngineError("Affair of the Placards makes 3 attempts (§19) or 4 (card)")
        return AttemptSource(name, "protestant", placards_attempts, ("french",))
    if name == "marburg-colloquy":
        return AttemptSource(name, "protestant", _marburg_attempts(argument), _ALL_ZONES)
    raise OddsEngineError(
        f"unknown source of attempts {shown(text)}; use one of " + ", ".join(SOURCE_NAMES)
    )


def _marburg_attempts(argument: str) -> int:
    """19: Marburg Colloquy makes as many attempts as two German debaters' values."""
    from oddsengine.religion.records import religion_facts

    names = [part.strip() for part in argument.split(",") if part.strip()]
    if len(names) != 2 or names[0].casefold() == names[1].casefold():
        raise OddsEngineError(
            "marburg-colloquy names its two German debaters: marburg-colloquy:NAME,NAME"
        )
    total = 0
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
    return total

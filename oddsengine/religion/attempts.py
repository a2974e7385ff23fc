"""Odds of one Reformation or Counter-Reformation attempt (RULES.md §17, §18, §23 readings
2–4), from dice counts or counted from a scenario's board: each side keeps its highest die;
higher wins, ties as the tie side says. Outcomes: success (the space turns Protestant, or
Catholic), failure; events: the automatic success and each side's highest die.

These are the specs both engines read: each kind's modifiers and bonus dice on what both
share (:class:`~oddsengine.religion.attempt_spec.Attempt`: the dice, the tie side, the
dice sources, the draw plan, the attempt on a board).

Examples
--------
>>> from oddsengine import exact
>>> from oddsengine.religion.attempts import ReformationAttempt
>>> lubeck = ReformationAttempt(protestant_dice=2, papal_dice=3, ninety_five_theses=True)
>>> lubeck.dice_rolled("protestant"), round(exact(lubeck).p["success"] * 15552)
(3, 10073)
"""

from __future__ import annotations

from dataclasses import dataclass

from oddsengine.combat.limits import check_count
from oddsengine.declaration import BOARD_GIVES, option
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.attempt_spec import (
    DICE_SIDES,
    MAX_ATTEMPT_DICE,
    Attempt,
    debater_option,
    flag,
    highest_die_pmf,
    source_option,
    tie_option,
)
from oddsengine.religion.cards import (
    AUGSBURG_CONFESSION,
    CALVINS_INSTITUTES,
    NINETY_FIVE_THESES,
    PRINTING_PRESS,
    cards_in_effect,
)

__all__ = [
    "MAX_ATTEMPT_DICE",
    "DICE_SIDES",
    "ReformationAttempt",
    "CounterReformationAttempt",
    "highest_die_pmf",
]

#: The headings the inputs of each kind of attempt are listed under.
_REFORMATION = "ties, modifier and bonus dice (§17 steps 3-7)"
_COUNTER_REFORMATION = f"ties, {AUGSBURG_CONFESSION.name} and bonus dice (§18)"


def _debater_bonus(attempt, words: str) -> None:
    """Keep an attempt's ``debater`` (when one is named) as his record spells him, and the
    dice his bonus adds to this kind of attempt (``_debater_dice``, his record's
    :attr:`~oddsengine.religion.record_types.DebaterBonus.attempt_dice`); a debater whose
    bonus adds none (:attr:`~oddsengine.religion.record_types.DebaterBonus.attempt_kind`)
    is refused, ``words`` naming the attempt."""
    name, kind = attempt.debater, attempt.kind
    if not name:
        return
    if not isinstance(name, str):
        raise OddsEngineTypeError(f"debater must be a debater's name, not {shown(name)}")
    from oddsengine.religion.debater_bonuses import bonus_of, die_givers
    from oddsengine.religion.records import religion_facts

    debater = religion_facts().named_debater(name)
    bonus = bonus_of(debater.name)
    if bonus.attempt_kind != kind:
        raise OddsEngineError(
            f"{debater.name}'s bonus adds no die to a {words} attempt ({debater.bonus}); "
            f"the debaters whose bonus does: {', '.join(die_givers(kind))}"
        )
    object.__setattr__(attempt, "debater", debater.name)
    object.__setattr__(attempt, "_debater_dice", bonus.attempt_dice)


@dataclass(frozen=True)
class ReformationAttempt(Attempt):
    """A Reformation attempt (RULES.md §17) from dice counts.

    Parameters
    ----------
    protestant_dice, papal_dice : int
        Each side's dice from the board (§17 steps 2 and 6): 0 rolls the rule's minimum
        of 1 (stated in the output); at most :data:`MAX_ATTEMPT_DICE`.
    ties : {"protestant", "papacy"}
        Who wins ties: the Protestant in its target zone (default), the Papacy elsewhere
        (a space in no zone, §23 reading 1).
    dice_sources : sequence of (side, dice, source)
        What makes up each count (from a board); each side's must add up to its count.
    modifier : {0, 1}
        +1 on every Protestant die (Calvin's Institutes, a Full Bible translation; in the
        target zone only, so only with ``ties="protestant"``).
    printing_press, ninety_five_theses : bool
        A bonus Protestant die each (§17 step 3): Printing Press played this turn; an
        attempt of Luther's 95 Theses.
    debater : str
        A Protestant debater whose bonus adds a die here (Bucer, Zwingli, Cranmer...;
        §17 step 3: one debater's bonus per attempt).

    Examples
    --------
    >>> from oddsengine import exact
    >>> prague = ReformationAttempt(protestant_dice=4, papal_dice=5, ties="papacy")
    >>> round(exact(prague).p["success"], 3)
    0.25
    """

    ties: str = tie_option(
        "who wins ties (protestant in the attempt's target zone; papacy outside it, or on a "
        "space in no zone)",
        _REFORMATION,
    )
    source: str = source_option(
        f"{NINETY_FIVE_THESES.slug} on a turn-1 board, treatise:german on a later one (the "
        "output says so)"
    )
    modifier: int = option(
        f"+1 on every Protestant die: {CALVINS_INSTITUTES.name} or a Full Bible translation "
        "(target zone only: with --ties protestant)",
        rule="§17 step 4",
        default=0,
        low=0,
        high=1,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label="+1 modifier",
    )
    printing_press: bool = option(
        f"{PRINTING_PRESS.name} was played this turn: +{PRINTING_PRESS.reformation_dice} "
        "Protestant die",
        default=False,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label=PRINTING_PRESS.words,
    )
    ninety_five_theses: bool = option(
        f"an attempt of {NINETY_FIVE_THESES.name}: "
        f"+{NINETY_FIVE_THESES.attempt_dice('protestant')} Protestant die",
        default=False,
        board=BOARD_GIVES,
        group=_REFORMATION,
        label=NINETY_FIVE_THESES.words,
    )
    debater: str = debater_option(
        "a Protestant debater whose bonus adds a die here (Bucer, Zwingli, Cranmer...)",
        _REFORMATION,
    )

    kind = "reformation"
    attempting = "protestant"
    _title_word = "Reformation attempt"

    def __post_init__(self):
        super().__post_init__()
        modifier = check_count("modifier", self.modifier, 1)
        object.__setattr__(self, "modifier", modifier)
        if modifier and self.ties != "protestant":
            # §17 step 1: only a space in the target zone gives the +1 modifier, and there
            # the Protestant wins ties.
            raise OddsEngineError(
                f"the +1 modifier ({CALVINS_INSTITUTES.name}, Full Bible) applies only in the "
                "target zone, where the Protestant wins ties (§17 step 1): give "
                "ties='protestant'"
            )
        for name in ("printing_press", "ninety_five_theses"):
            object.__setattr__(self, name, flag(name, getattr(self, name)))
        _debater_bonus(self, "Reformation")

    def bonus_dice(self, side: str) -> tuple[tuple[str, int], ...]:
        """§17 step 3: Printing Press, the 95 Theses and one debater's bonus, each +1
        Protestant die: the dice of the cards in effect, as their records give them."""
        if side != "protestant":
            return ()
        bonus = [(card.words, card.attempt_dice(self.attempting)) for card in cards_in_effect(self)]
        if self.debater:
            bonus.append((self.debater, self._debater_dice))
        return tuple(bonus)

    def _tie_words(self) -> str:
        if self.ties == "protestant":
            return "the target is in the attempt's target zone, §17 step 7"
        return "the target is outside the attempt's target zone, §17 step 7 and §23 reading 1"

    def _modifier_lines(self) -> list[str]:
        if not self.modifier:
            return []
        return [
            f"Modifier: +1 on every Protestant die ({CALVINS_INSTITUTES.name} or a Full Bible "
            "translation, in the target zone; a 6 becomes 7, §17 step 4)"
        ]

    def _automatic_words(self) -> str:
        if not self.automatic_success_applies:
            return "does not apply (outside the target zone, §17 step 5)"
        return (
            "a modified 6 or more succeeds at once, without a Papal roll (§17 step 5); it "
            "never changes the chance: in the target zone the Protestant wins ties, and a "
            "6 or more ties or beats any Papal die"
        )

    def describe(self) -> dict:
        return {
            **super().describe(),
            "printing_press": self.printing_press,
            "ninety_five_theses": self.ninety_five_theses,
            "debater": self.debater or None,
        }


@dataclass(frozen=True)
class CounterReformationAttempt(Attempt):
    """A Counter-Reformation attempt (RULES.md §18) from dice counts.

    Parameters
    ----------
    protestant_dice, papal_dice : int
        Each side's dice from the board: 0 rolls the minimum of 1 (stated in the output).
    ties : {"protestant", "papacy"}
        Who wins ties: the Protestant (default), or the Papacy in its target zone under
        Paul III or Julius III (§18, §23 reading 3).
    dice_sources : sequence of (side, dice, source)
        What makes up each count (from a board).
    augsburg : bool
        Augsburg Confession played this turn: −1 on every Papal die, a 1 becomes 0 (§18,
        §23 reading 2).
    debater : str
        A Papal debater whose bonus adds dice here (Contarini, Canisius: 1; Faber: 2,
        against an electorate).

    Examples
    --------
    >>> from oddsengine import exact
    >>> attempt = CounterReformationAttempt(protestant_dice=1, papal_dice=1, augsburg=True)
    >>> round(exact(attempt).p["success"] * 36)  # a Papal d6 - 1 above a Protestant d6
    10
    """

    ties: str = tie_option(
        "who wins ties (papacy in its target zone under Paul III or Julius III, where the "
        "automatic success on a modified 6 applies too; protestant elsewhere)",
        _COUNTER_REFORMATION,
    )
    source: str = source_option("burn-books:german (the output says so)")
    augsburg: bool = option(
        f"{AUGSBURG_CONFESSION.name} played this turn: "
        f"{AUGSBURG_CONFESSION.counter_reformation_modifier} on every Papal die (a 1 becomes 0)",
        default=False,
        board=BOARD_GIVES,
        group=_COUNTER_REFORMATION,
        label="Augsburg",
    )
    debater: str = debater_option(
        "a Papal debater whose bonus adds dice here (Contarini, Canisius: 1; Faber: 2)",
        _COUNTER_REFORMATION,
    )

    kind = "counter-reformation"
    attempting = "papacy"
    _title_word = "Counter-Reformation attempt"

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "augsburg", flag("augsburg", self.augsburg))
        _debater_bonus(self, "Counter-Reformation")

    @property
    def modifier(self) -> int:
        """What the cards in effect add to every Papal die, as their records give it:
        −1 on every Papal die with Augsburg Confession (§18), else 0."""
        return sum(card.counter_reformation_modifier for card in cards_in_effect(self))

    def bonus_dice(self, side: str) -> tuple[tuple[str, int], ...]:
        """§18: 1 or 2 Papal dice where a debater's bonus applies."""
        if side != "papal" or not self.debater:
            return ()
        return ((self.debater, self._debater_dice),)

    def _tie_words(self) -> str:
        if self.ties == "papacy":
            return "in the target zone under Paul III or Julius III, §18 and §23 reading 3"
        return "§18: the Papacy wins ties only in its target zone under Paul III or Julius III"

    def _modifier_lines(self) -> list[str]:
        return [
            f"{card.name}: {card.counter_reformation_modifier} on every Papal die, a 1 becomes "
            "0 (§18, §23 reading 2)"
            for card in cards_in_effect(self)
            if card.counter_reformation_modifier
        ]

    def _automatic_words(self) -> str:
        if not self.automatic_success_applies:
            return "does not apply (only in the target zone under Paul III or Julius III, §18)"
        if self.modifier < 0:
            return (
                f"out of reach: with {AUGSBURG_CONFESSION.name} no Papal die reaches a "
                "modified 6 (§23 reading 2)"
            )
        return (
            "a modified 6 succeeds at once, without a Protestant roll (§18, under Paul III "
            "or Julius III); it never changes the chance: there the Papacy wins ties, and a "
            "6 ties or beats any Protestant die"
        )

    def describe(self) -> dict:
        return {**super().describe(), "augsburg": self.augsburg, "debater": self.debater or None}

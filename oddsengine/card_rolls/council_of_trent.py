"""The Council of Trent (card #17, a Mandatory Event from turn 6; RULES.md §28.10, §30.18):
the Papacy commits up to 4 uncommitted debaters, then the Protestant up to 2 (any zone);
each side rolls dice equal to its debaters' total value, hits on 5-6; the side with more
hits converts as many spaces as the difference, each eligible for its side's attempt
(RULES.md §17, §18 step 1); equal hits convert nothing.

The debaters are given by name (their values and bonuses are the data of
``oddsengine/data/religion/debaters.csv``: a debater whose bonus is used at the Council
adds its die there) or the dice counts directly.

Examples
--------
>>> from oddsengine import exact
>>> answer = exact(CouncilOfTrent(papal_dice=10, protestant_dice=7))
>>> round(answer.p["papal_wins"], 4), round(answer.p["protestant_wins"], 4)
(0.5996, 0.2203)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.card_rolls.card_roll import CardRollSpec, names, turn_option, whole_number
from oddsengine.card_rolls.records import card_roll
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError, checked_arguments, unknown_name

__all__ = ["CouncilOfTrent", "COUNCIL_DEBATERS", "COUNCIL_OUTCOMES"]

#: RULES.md §28.10: the Papacy commits up to 4 debaters, the Protestant up to 2.
COUNCIL_DEBATERS = {"papal": 4, "protestant": 2}
#: The outcomes: the side with more hits converts; equal hits, nothing (RULES.md §30.18).
COUNCIL_OUTCOMES = ("papal_wins", "protestant_wins", "draw")
#: The bonus use of a debater who adds a die for his side at the Council (debaters.csv).
COUNCIL_BONUS = "council_of_trent"
#: The most spaces a cap on the conversions may name (a bound on input).
MOST_ELIGIBLE = 99
#: The rule of the Council, and the headings of its options.
_RULE = "RULES.md §28.10"
_DEBATERS, _DICE = "the debaters committed", "or the dice (instead of the debaters)"
_CAPS = "the spaces eligible (a board's caps)"
#: The rules of a cap on the spaces a side converts.
_CAP_RULE = "RULES.md §30.18, §23.14"


def _debaters_option(words: str, label: str):
    """A side's debaters committed, by name, declared (RULES.md §28.10)."""
    return option(words, rule=_RULE, default=(), group=_DEBATERS, label=label)


def _dice_option(words: str):
    """A side's dice, instead of its debaters, declared (RULES.md §28.10)."""
    return option(words, rule=_RULE, low=0, default=None, group=_DICE)


def _cap_option(words: str, label: str):
    """A cap on the spaces a side converts, the spaces eligible for its attempts, declared
    (RULES.md §30.18, §23.14)."""
    return option(
        words, rule=_CAP_RULE, low=0, high=MOST_ELIGIBLE, default=None, group=_CAPS, label=label
    )


def _most_dice(side: str) -> int:
    """The most dice a side may roll: its best debaters' values, and the bonus dice."""
    from oddsengine.religion.records import religion_facts

    debaters = religion_facts().debaters_of(side)
    values = sorted((debater.value for debater in debaters), reverse=True)
    bonus = sum(debater.bonus_use == COUNCIL_BONUS for debater in debaters)
    return sum(values[: COUNCIL_DEBATERS[side]]) + bonus


@dataclass(frozen=True)
class CouncilOfTrent(CardRollSpec):
    """The Council of Trent (RULES.md §28.10, §30.18).

    Parameters
    ----------
    papal_debaters : sequence of str or str
        The Papal debaters committed, up to 4, by name (comma-separated in text). Default
        none: give ``papal_dice`` instead, or the Papacy commits none.
    protestant_debaters : sequence of str or str
        The Protestant debaters committed, up to 2, of any zone, by name. Default none.
    papal_dice, protestant_dice : int, optional
        A side's dice, instead of its debaters (0 up to what its best debaters roll).
        Default None: the dice of the debaters named (0 with none).
    papal_eligible, protestant_eligible : int, optional
        A cap on the spaces the side converts, the spaces eligible for its attempts on the
        board (RULES.md §30.18, §23.14). Default None: the hit difference.
    turn : int, optional
        The turn it is played (1..9); the card enters the deck on turn 6. The debaters
        named must have entered by then. Default None, any turn.

    Examples
    --------
    >>> council = CouncilOfTrent(["Loyola", "Pole", "Eck"], ["Calvin", "Knox"], turn=6)
    >>> council.dice  # Pole adds a die at the Council: 4 + 3 + 3 + 1; 4 + 3
    (11, 7)
    """

    papal_debaters: tuple = _debaters_option(
        "the Papal debaters committed, up to 4 uncommitted, by name: each rolls his value in "
        "dice (oddsengine debaters --side papal lists them)",
        "Papal",
    )
    protestant_debaters: tuple = _debaters_option(
        "the Protestant debaters committed, up to 2 of any zone, by name", "Protestant"
    )
    papal_dice: int | None = _dice_option(
        "the Papacy's dice, instead of its debaters (default: the dice of the debaters named)"
    )
    protestant_dice: int | None = _dice_option("the Protestant's dice, instead of its debaters")
    papal_eligible: int | None = _cap_option(
        "a cap on the spaces the Papacy converts: the spaces eligible for its attempts "
        "(default: the hit difference)",
        "Papal cap",
    )
    protestant_eligible: int | None = _cap_option(
        "a cap on the spaces the Protestant converts", "Protestant cap"
    )
    turn: int | None = turn_option(card_roll(17), "; the debaters named must have entered")

    record = card_roll(17)
    outcome_names = COUNCIL_OUTCOMES

    def __post_init__(self):
        self.check_card()
        for side in COUNCIL_DEBATERS:
            self._check_side(side)
        for name in ("papal_eligible", "protestant_eligible"):
            cap = getattr(self, name)
            if cap is not None:
                cap = whole_number(cap, name, 0, MOST_ELIGIBLE, _CAP_RULE)
                object.__setattr__(self, name, cap)

    def _check_side(self, side: str) -> None:
        from oddsengine.religion.records import religion_facts

        section = self.record.section
        listed = names(getattr(self, f"{side}_debaters"), f"{side}_debaters")
        facts = religion_facts()
        found = []
        for name in listed:
            try:
                debater = facts.debater(name)
            except KeyError:
                pool = [debater.name for debater in facts.debaters_of(side)]
                raise unknown_name(f"{side} debater", name, pool) from None
            if debater.side != side:
                raise OddsEngineError(
                    f"{debater.name} is a {debater.side} debater, not a {side} one ({section})"
                )
            if self.turn is not None and debater.entry_turn is not None:
                if debater.entry_turn > self.turn:
                    raise OddsEngineError(
                        f"{debater.name} is not in play on turn {self.turn}: he enters on "
                        f"turn {debater.entry_turn}"
                    )
            if debater.name in found:
                raise OddsEngineError(f"{debater.name} is listed twice: each commits once")
            found.append(debater.name)
        most = COUNCIL_DEBATERS[side]
        if len(found) > most:
            raise OddsEngineError(
                f"the {side} side commits at most {most} debaters, not {len(found)} ({section})"
            )
        object.__setattr__(self, f"{side}_debaters", tuple(found))
        dice = getattr(self, f"{side}_dice")
        if dice is not None:
            if found:
                raise OddsEngineError(
                    f"give the {side} debaters or the {side} dice, not both ({section})"
                )
            dice = whole_number(dice, f"{side}_dice", 0, _most_dice(side), section)
            object.__setattr__(self, f"{side}_dice", dice)

    def _dice_of(self, side: str) -> int:
        from oddsengine.religion.records import religion_facts

        dice = getattr(self, f"{side}_dice")
        if dice is not None:
            return dice
        debaters = [religion_facts().debater(name) for name in getattr(self, f"{side}_debaters")]
        # RULES.md §28.10: the debaters' total value; a Council bonus (Pole) adds a die.
        return sum(debater.value + (debater.bonus_use == COUNCIL_BONUS) for debater in debaters)

    @property
    def dice(self) -> tuple[int, int]:
        """The Papacy's dice and the Protestant's."""
        return self._dice_of("papal"), self._dice_of("protestant")

    def draw_plan(self) -> DrawPlan:
        """The Papacy's hits and the Protestant's (1/3 a die)."""
        papal, protestant = self.dice
        return DrawPlan(binomial_pmf(papal), binomial_pmf(protestant)[None, :])

    def _most_flips(self, side: str) -> int:
        most = self.dice[0 if side == "papal" else 1]
        cap = getattr(self, f"{side}_eligible")
        return most if cap is None else min(most, cap)

    @property
    def event_names(self) -> tuple[str, ...]:
        most = max(self._most_flips("papal"), self._most_flips("protestant"))
        flips = tuple(f"flips:{k}" for k in range(most + 1))
        papal = tuple(f"papal_flips:{k}" for k in range(1, self._most_flips("papal") + 1))
        protestant = tuple(
            f"protestant_flips:{k}" for k in range(1, self._most_flips("protestant") + 1)
        )
        return flips + papal + protestant

    @property
    def reported_columns(self) -> dict:
        """Each side's hits and conversions, and the Papacy's net conversions."""
        return {
            name: (name, 1.0)
            for name in (
                "papal_hits",
                "protestant_hits",
                "papal_flips",
                "protestant_flips",
                "net_papal_flips",
            )
        }

    def outcome_columns(self, values) -> dict:
        papal, protestant = (np.asarray(value) for value in values[:2])
        difference = papal - protestant
        # RULES.md §28.10, §30.18: more hits converts the difference, capped by the
        # eligible spaces where given; equal hits convert nothing.
        papal_flips = np.where(difference > 0, difference, 0)
        protestant_flips = np.where(difference < 0, -difference, 0)
        if self.papal_eligible is not None:
            papal_flips = np.minimum(papal_flips, self.papal_eligible)
        if self.protestant_eligible is not None:
            protestant_flips = np.minimum(protestant_flips, self.protestant_eligible)
        outcome = np.where(
            difference > 0, "papal_wins", np.where(difference < 0, "protestant_wins", "draw")
        ).astype(object)
        flips = papal_flips + protestant_flips
        columns = {
            "outcome": outcome,
            "papal_hits": papal,
            "protestant_hits": protestant,
            "papal_flips": papal_flips,
            "protestant_flips": protestant_flips,
            "net_papal_flips": papal_flips - protestant_flips,
        }
        for k in range(max(self._most_flips("papal"), self._most_flips("protestant")) + 1):
            columns[f"flips:{k}"] = flips == k
        for side, side_flips in (("papal", papal_flips), ("protestant", protestant_flips)):
            for k in range(1, self._most_flips(side) + 1):
                columns[f"{side}_flips:{k}"] = side_flips == k
        return columns

    def worked_out(self) -> dict:
        # The dice each side rolls, after the inputs as given (a side's dice None where its
        # debaters give them).
        papal, protestant = self.dice
        return {"papal_dice_rolled": papal, "protestant_dice_rolled": protestant}

    def title(self) -> str:
        papal, protestant = self.dice
        return f"{self.record.name}: Papacy {papal} dice against Protestant {protestant}"

    def describe_lines(self) -> list[str]:
        lines = [self.card_line()]
        for side in COUNCIL_DEBATERS:
            debaters = getattr(self, f"{side}_debaters")
            given = ", ".join(debaters) if debaters else "dice given"
            cap = getattr(self, f"{side}_eligible")
            capped = "" if cap is None else f"; at most {cap} eligible spaces"
            lines.append(f"{side.capitalize()}: {self._dice_of(side)} dice ({given}){capped}")
        return lines


# A call with an argument a spec does not take is refused naming it, as any bad input.
CouncilOfTrent.__init__ = checked_arguments(CouncilOfTrent.__init__)

"""The Diet of Worms (RULES.md §21; rulebook 18.1, turn 1): the Protestant, the Hapsburgs
and the Papacy each commit a card; the Protestant rolls its card's CP + 4 dice, the
Hapsburgs and the Papacy their cards' CP each, their hits added. Hits on 5–6. More hits
flips that many German-zone spaces to the winner's influence; equal hits, nothing.

:class:`DietOfWorms` is a frozen spec read by both engines like the combat specs: its
draw plan is three binomials (the Protestant's hits, the Hapsburgs', the Papacy's). The
card records carry no CP, so the cards are given by their CP.

Examples
--------
>>> from oddsengine import exact
>>> diet = DietOfWorms(protestant_cp=1, papal_cp=1, hapsburg_cp=1)
>>> diet.protestant_dice, diet.catholic_dice
(5, 2)
>>> round(exact(diet).p["draw"] * 3**7)  # 528/2187, worked out in the tests
528
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.option_field import declared_values
from oddsengine.religion.board_flips import (
    FLIP_FIELDS,
    flip_cap_option,
    flip_description,
    flip_order_option,
    side_cap_option,
)
from oddsengine.religion.religion_scenario import RELIGIOUS_BOARD

__all__ = ["DietOfWorms", "DIET_OUTCOMES", "MAX_CARD_CP", "PROTESTANT_BONUS_DICE"]

#: 21: the Protestant rolls its card's CP + 4 dice.
PROTESTANT_BONUS_DICE = 4
#: The most CP a card of the deck gives (the cards run from 1 to 6 CP).
MAX_CARD_CP = 6
#: The most spaces a cap on the flips may name (the German zone's spaces are fewer).
MAX_ELIGIBLE = 99
#: The heading of the three cards' options.
_CARDS = "the three cards committed (their CP, 1..6)"
#: The outcomes of the Diet, exclusive (21).
DIET_OUTCOMES = ("protestant_wins", "catholic_wins", "draw")
#: The columns whose expectations an answer reports, each as it is.
_REPORTED = (
    "protestant_hits",
    "catholic_hits",
    "flips",
    "protestant_flips",
    "catholic_flips",
    "net_protestant_flips",
)


def _cp(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"{name} must be a card's CP, a whole number, not {shown(value)}")
    if not 1 <= value <= MAX_CARD_CP:
        raise OddsEngineError(
            f"{name} must be a card's CP, 1..{MAX_CARD_CP} (21: each power commits one "
            f"card), not {value}"
        )
    return int(value)


def _card_cp(words: str, label: str):
    """The option of the CP of the card a power commits (21: 1..6, each power one card)."""
    return option(
        words, default=1, required=True, low=1, high=MAX_CARD_CP, group=_CARDS, label=label
    )


def _flip_cap(words: str, label: str):
    """The option of a cap on a winner's flips (23.14), at most :data:`MAX_ELIGIBLE`."""
    return flip_cap_option(words, label, high=MAX_ELIGIBLE)


def _side_cap(side: str):
    """The option of a cap on one side's winner's flips, the Catholic one so named."""
    return side_cap_option(side, "Catholic", high=MAX_ELIGIBLE)


@dataclass(frozen=True)
class DietOfWorms:
    """The Diet of Worms (21).

    Parameters
    ----------
    protestant_cp, papal_cp, hapsburg_cp : int
        The CP of the card each power commits (1..6; not a Mandatory Event).
    eligible_spaces : int, optional
        A cap on the spaces either winner may flip (23.14: the German-zone spaces
        eligible on the board); None, the flips are the hit difference.
    eligible_protestant, eligible_catholic : int, optional
        A cap on a Protestant winner's flips and on a Catholic winner's, each on its own
        (23.14); every cap given applies.
    protestant_spaces, catholic_spaces : sequence of str, optional
        The German-zone spaces a Protestant (a Catholic) winner flips, in the order he
        flips them (from the board: :meth:`on_board`); their number caps that side's
        flips, and the chance each ends flipped is reported (``protestant:SPACE``,
        ``catholic:SPACE``).
    flip_order : str, optional
        The policy that ordered the spaces
        (:data:`~oddsengine.religion.board_flips.FLIP_ORDERS`), for the record; given with
        the spaces only.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(DietOfWorms(4, 2, 3))
    >>> round(answer.p["protestant_wins"], 4), round(answer.p["catholic_wins"], 4)
    (0.6129, 0.1884)
    """

    protestant_cp: int = _card_cp(
        "the CP of the Protestant's card (it rolls CP + 4 dice)", "Prot. CP"
    )
    papal_cp: int = _card_cp("the CP of the Papacy's card", "Papal CP")
    hapsburg_cp: int = _card_cp("the CP of the Hapsburgs' card", "Haps. CP")
    eligible_spaces: int | None = _flip_cap(
        "a cap on the spaces the winner may flip (the German-zone spaces eligible on the "
        "board) for either winner; default: the hit difference",
        "cap (either)",
    )
    eligible_protestant: int | None = _side_cap("protestant")
    eligible_catholic: int | None = _side_cap("catholic")
    protestant_spaces: tuple | None = None
    catholic_spaces: tuple | None = None
    flip_order: str | None = flip_order_option("")

    kind = "diet"
    outcome_names = DIET_OUTCOMES
    #: The board it is asked on (:meth:`on_board`): a religious scenario and its what-ifs.
    scenario_board = RELIGIOUS_BOARD

    def __post_init__(self):
        for name in ("protestant_cp", "papal_cp", "hapsburg_cp"):
            object.__setattr__(self, name, _cp(getattr(self, name), name))
        from oddsengine.religion.board_flips import check_flip_caps, check_flip_spaces

        check_flip_caps(self, "eligible_spaces", MAX_ELIGIBLE, OddsEngineError)
        check_flip_spaces(self, OddsEngineError)

    @classmethod
    def on_board(
        cls,
        board,
        protestant_cp: int = 1,
        papal_cp: int = 1,
        hapsburg_cp: int = 1,
        *,
        flip_order: str = "board",
    ) -> DietOfWorms:
        """The Diet on a religious board
        (:class:`~oddsengine.religion.religious_board.ReligiousBoard`, turn 1): each winner's flips
        land on the German-zone spaces the board lets him flip, each adjacent to a space of his
        influence, the spaces just flipped counting (21, 23.14), ordered by ``flip_order``
        (:mod:`oddsengine.religion.board_flips`).

        Examples
        --------
        >>> from oddsengine import exact
        >>> from oddsengine.religion.religion_scenario import load_religious_board
        >>> diet = DietOfWorms.on_board(load_religious_board("religion_example"), 1, 3, 3)
        >>> diet.catholic_spaces
        ('Brandenburg', 'Wittenberg')
        >>> round(exact(diet).p["catholic:Wittenberg"], 4)
        0.2266
        """
        from oddsengine.religion.board_flips import flip_sequence
        from oddsengine.religion.religious_board import ReligiousBoard

        if not isinstance(board, ReligiousBoard):
            raise OddsEngineTypeError(f"board must be a ReligiousBoard, not {shown(board)}")
        if board.turn != 1:
            raise OddsEngineError(
                f"the Diet of Worms is held on turn 1 (21); the board is at turn {board.turn}"
            )
        diet = cls(protestant_cp, papal_cp, hapsburg_cp)
        protestant, catholic = (  # a side flips at most as many spaces as it rolls dice
            flip_sequence(board, to, zone="german", diet=True, order=flip_order, limit=most)
            for to, most in (("protestant", diet.protestant_dice), ("catholic", diet.catholic_dice))
        )
        return cls(
            protestant_cp,
            papal_cp,
            hapsburg_cp,
            protestant_spaces=protestant,
            catholic_spaces=catholic,
            flip_order=flip_order,
        )

    @property
    def flip_caps(self) -> tuple[int | None, int | None]:
        """The most spaces a Catholic winner and a Protestant winner may flip: the least
        of the caps given, None for none (23.14)."""
        from oddsengine.religion.board_flips import side_caps

        return side_caps(self, self.eligible_spaces)

    def _cap(self, side: str) -> int | None:
        return self.flip_caps[0 if side == "catholic" else 1]

    @property
    def protestant_dice(self) -> int:
        """21: the card's CP + 4."""
        return self.protestant_cp + PROTESTANT_BONUS_DICE

    @property
    def catholic_dice(self) -> int:
        """21: the Hapsburgs' and the Papacy's CP, their hits added."""
        return self.papal_cp + self.hapsburg_cp

    @property
    def _most_flips(self) -> int:
        return max(self._flips_of("protestant").stop, self._flips_of("catholic").stop) - 1

    def draw_plan(self) -> DrawPlan:
        """The Protestant's hits, the Hapsburgs' hits and the Papacy's hits (1/3 a die)."""
        return DrawPlan(
            binomial_pmf(self.protestant_dice),
            binomial_pmf(self.hapsburg_cp)[None, :],
            binomial_pmf(self.papal_cp),
        )

    @property
    def event_names(self) -> tuple[str, ...]:
        flips = tuple(f"flips:{k}" for k in range(self._most_flips + 1))
        protestant = tuple(f"protestant_flips:{k}" for k in self._flips_of("protestant"))
        catholic = tuple(f"catholic_flips:{k}" for k in self._flips_of("catholic"))
        from oddsengine.religion.board_flips import space_event_names

        return flips + protestant + catholic + space_event_names(self, self.flip_caps[::-1])

    def _flips_of(self, side: str) -> range:
        """The flips a side's win may give: 1 up to its dice (or the cap)."""
        most = self.protestant_dice if side == "protestant" else self.catholic_dice
        cap = self._cap(side)
        if cap is not None:
            most = min(most, cap)
        return range(1, most + 1)

    @property
    def reported_columns(self) -> dict:
        """Expected hits and flips: the Protestant's, the Catholics', either winner's, and
        the net flips to the Protestant."""
        return {name: (name, 1.0) for name in _REPORTED}

    def outcome_columns(self, values) -> dict:
        protestant, hapsburg, papal = (np.asarray(value) for value in values[:3])
        catholic = hapsburg + papal  # 21: the Hapsburgs' and the Papacy's hits added
        difference = protestant - catholic
        # 21: more hits flips that many spaces; 23.14: no more than are eligible.
        flips = np.abs(difference)
        for side, won in (("protestant", difference > 0), ("catholic", difference < 0)):
            cap = self._cap(side)
            if cap is not None:
                flips = np.where(won, np.minimum(flips, cap), flips)
        outcome = np.where(
            difference > 0, "protestant_wins", np.where(difference < 0, "catholic_wins", "draw")
        ).astype(object)
        protestant_flips = np.where(difference > 0, flips, 0)
        catholic_flips = np.where(difference < 0, flips, 0)
        columns = {
            "outcome": outcome,
            "protestant_hits": protestant,
            "catholic_hits": catholic,
            "flips": flips,
            "protestant_flips": protestant_flips,
            "catholic_flips": catholic_flips,
            "net_protestant_flips": protestant_flips - catholic_flips,
        }
        for k in range(self._most_flips + 1):
            columns[f"flips:{k}"] = flips == k
        for k in self._flips_of("protestant"):
            columns[f"protestant_flips:{k}"] = protestant_flips == k
        for k in self._flips_of("catholic"):
            columns[f"catholic_flips:{k}"] = catholic_flips == k
        from oddsengine.religion.board_flips import add_space_columns

        return add_space_columns(self, columns, protestant_flips, catholic_flips)

    def describe(self) -> dict:
        """The Diet as plain data: its inputs, in the order of their fields, with each
        side's own cap where it differs from the cap on either winner's and the spaces each
        flips where they are given (:func:`flip_description`), then the dice each side
        rolls."""
        return {
            **declared_values(self, leave=FLIP_FIELDS),
            **flip_description(self, self.eligible_spaces),
            "protestant_dice": self.protestant_dice,
            "catholic_dice": self.catholic_dice,
        }

    def title(self) -> str:
        return (
            f"Diet of Worms: Protestant {self.protestant_cp} CP against Papacy "
            f"{self.papal_cp} + Hapsburgs {self.hapsburg_cp} CP"
        )

    def describe_lines(self) -> list[str]:
        from oddsengine.religion.board_flips import flip_lines

        cap = (
            "the hit difference"
            if self.eligible_spaces is None
            else f"the hit difference, at most {self.eligible_spaces} eligible spaces"
        )
        return [
            f"Dice: Protestant {self.protestant_dice} (CP + 4), Catholic "
            f"{self.catholic_dice} (Papal {self.papal_cp} + Hapsburg {self.hapsburg_cp}); "
            f"hits on 5-6; flips: {cap}",
            *flip_lines(self, self.flip_caps[::-1], "Catholic"),
        ]

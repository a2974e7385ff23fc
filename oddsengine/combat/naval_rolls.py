"""The naval interception and avoid-battle rolls (16.1): 2d6 + the best naval battle
rating, 9 or more, with Professional Rowers.

:class:`NavalInterception` and :class:`NavalAvoidBattle` are frozen specs read by both
engines through the same methods as the other engagements (:meth:`draw_plan`,
:meth:`outcome_columns`, the outcome and event names). They have a module of their own,
apart from the naval battle (:mod:`oddsengine.combat.naval`): a roll needs none of it, and
a naval battle none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.combat.battle import POST_ROLL_POLICIES
from oddsengine.combat.combat_inputs import AT_SEA
from oddsengine.combat.fleets import FLEET_NOTATION, Fleet, as_fleet
from oddsengine.combat.naval_cards import roll_card_effect
from oddsengine.draws import DrawPlan, two_dice_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.option_field import declared_values, option

__all__ = ["NavalInterception", "NavalAvoidBattle", "TARGET"]

#: 16.1: 2d6 + the best naval battle rating of 9 or more succeeds.
TARGET = 9

#: The card played on a naval interception or avoid-battle roll (Professional Rowers, 34).
_ROLL_CARD = roll_card_effect()


def _fleet_option():
    """The field of the fleet that rolls, as each roll names it."""
    return option(FLEET_NOTATION, default=None, required=True, value="force", metavar="FLEET")


def _rowers():
    """The field of who plays the card on the roll, as each roll declares it."""
    return option(
        f"who plays {_ROLL_CARD.card.name} (+{_ROLL_CARD.dice} for the roller, "
        f"-{_ROLL_CARD.dice} by the opponent)",
        default=None,
        value="choice",
        choices=("roller", "opponent"),
        group=AT_SEA,
    )


def _rowers_policy():
    """The field of when the card is played on the roll."""
    return option(
        "with --rowers: always, or only when it turns the result",
        default=POST_ROLL_POLICIES[0],
        value="choice",
        choices=POST_ROLL_POLICIES,
        group=AT_SEA,
    )


class _NavalRoll:
    """2d6 + the best naval battle rating, 9 or more (16.1), with Professional Rowers.

    A plain class, not a dataclass: it has no fields, and each roll is a frozen dataclass
    of its own."""

    kind = "naval-roll"
    outcome_names = ("success", "failure")
    _role = "fleet"

    def _check_given(self) -> None:
        """Refuse the roll without its fleet."""
        if self._fleet is None:
            raise OddsEngineError(f"{self._what}: give the {self._role}'s fleet")

    def _check(self, fleet_name: str) -> None:
        fleet = as_fleet(getattr(self, fleet_name), fleet_name)
        object.__setattr__(self, fleet_name, fleet)
        if fleet.ships == 0:
            raise OddsEngineError(f"{self._what}: the {fleet_name} has no ships")
        if self.rowers is not None and not isinstance(self.rowers, str):
            raise OddsEngineTypeError(
                f"rowers must be None, 'roller' or 'opponent', not {shown(self.rowers)}"
            )
        if self.rowers not in (None, "roller", "opponent"):
            raise OddsEngineError(
                f"rowers must be None, 'roller' or 'opponent' (who plays {_ROLL_CARD.card.name}"
                f"), not {self.rowers!r}"
            )
        if not isinstance(self.rowers_policy, str):
            raise OddsEngineTypeError(
                f"rowers_policy must be a policy name, not {shown(self.rowers_policy)}"
            )
        if self.rowers is None and self.rowers_policy != POST_ROLL_POLICIES[0]:
            raise OddsEngineError(  # the policy of a card nobody plays would be ignored
                f"rowers_policy {self.rowers_policy!r} is given but {_ROLL_CARD.card.name} is "
                "not played: give rowers"
            )
        if self.rowers_policy not in POST_ROLL_POLICIES:
            raise OddsEngineError(
                f"unknown policy {self.rowers_policy!r} for {_ROLL_CARD.slug}; use one of "
                + ", ".join(POST_ROLL_POLICIES)
            )

    def ignored_options(self) -> dict:
        """The inputs this roll would ignore, by name, with why: the card's policy
        without the card."""
        if self.rowers is None:
            return {"rowers_policy": "is the policy of --rowers: give --rowers"}
        return {}

    @property
    def _fleet(self) -> Fleet:
        return getattr(self, self._role)

    @property
    def modifier(self) -> int:
        """What is added to 2d6 before any card: the best naval battle rating."""
        return self._fleet.battle_rating

    @property
    def needed(self) -> int:
        """The 2d6 total needed to succeed without the card."""
        return TARGET - self.modifier

    @property
    def event_names(self) -> tuple[str, ...]:
        return (f"card_spent:{_ROLL_CARD.slug}",) if self.rowers else ()

    def draw_plan(self) -> DrawPlan:
        """One value: the 2d6 total (0..12)."""
        return DrawPlan(two_dice_pmf(), np.ones((1, 1)))

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        total = np.asarray(values[0])
        score = total + self.modifier
        succeeds = score >= TARGET
        played = np.zeros(total.shape, dtype=bool)
        # 16.1 / Professional Rowers (#34): after the dice, +2 by the roller or -2 by its
        # opponent; by default played only when it turns the result.
        swing = _ROLL_CARD.dice
        if self.rowers == "roller":
            played = (
                np.full(total.shape, True)
                if self.rowers_policy == "always"
                else ~succeeds & (score + swing >= TARGET)
            )
            score = score + np.where(played, swing, 0)
        elif self.rowers == "opponent":
            played = (
                np.full(total.shape, True)
                if self.rowers_policy == "always"
                else succeeds & (score - swing < TARGET)
            )
            score = score - np.where(played, swing, 0)
        success = score >= TARGET
        columns = {
            "outcome": np.where(success, "success", "failure").astype(object),
            "roll": total,
        }
        if self.rowers:
            columns[f"card_spent:{_ROLL_CARD.slug}"] = played
        return columns

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables): its inputs, the fleet
        in its notation followed by the modifier and the 2d6 total it needs (``in_port``,
        False in every roll asked, is not written)."""
        rolled = {"modifier": self.modifier, "needed": self.needed}
        described = declared_values(self, leave=("in_port",), after={self._role: rolled})
        described[self._role] = self._fleet.notation()
        return described

    def title(self) -> str:
        return f"{self._what.capitalize()}: {self._fleet.notation()}"

    def describe_lines(self) -> list[str]:
        line = (
            f"Roll 2d6 + {self.modifier} (naval battle rating) >= {TARGET}: "
            f"needs {self.needed}+ on 2d6"
        )
        if self.rowers:
            swing = _ROLL_CARD.dice
            by_roller = self.rowers == "roller"
            sign = f"+{swing} by the roller" if by_roller else f"-{swing} by the opponent"
            line += f"; {_ROLL_CARD.card.name} {sign} ({self.rowers_policy})"
        return [line]


@dataclass(frozen=True)
class NavalInterception(_NavalRoll):
    """A naval interception (16.1 step 4): 2d6 + the best naval battle rating, 9 or more.

    Parameters
    ----------
    interceptor : Fleet or str
        The intercepting stack, from a location adjacent to the sea zone.
    rowers : {None, "roller", "opponent"}
        Who plays Professional Rowers (#34): the interceptor (+2) or the mover (-2).
    rowers_policy : str
        ``if-it-changes-the-outcome`` (default) or ``always``.

    Examples
    --------
    Doria intercepts Barbarossa (rulebook 16.2): 2d6 + 2 >= 9 needs a 7, 21/36.

    >>> from oddsengine import NavalInterception, exact
    >>> round(exact(NavalInterception("hapsburg: 2Sq Doria")).p["success"] * 36)
    21
    >>> round(exact(NavalInterception("hapsburg: 2Sq Doria", rowers="roller")).p["success"] * 36)
    30
    """

    interceptor: Fleet = _fleet_option()
    rowers: str | None = _rowers()
    rowers_policy: str = _rowers_policy()

    kind = "naval-intercept"
    _role = "interceptor"
    _what = "naval interception"

    def __post_init__(self):
        self._check_given()
        self._check("interceptor")


@dataclass(frozen=True)
class NavalAvoidBattle(_NavalRoll):
    """A naval avoid battle (16.1 step 5): all the power's ships in the sea zone leave
    together on 2d6 + the best naval battle rating of 9 or more; never from a port.

    Parameters
    ----------
    defender : Fleet or str
        All the ships of that power in the sea zone.
    in_port : bool
        True refuses the spec: ships in a port cannot avoid battle.
    rowers : {None, "roller", "opponent"}
        Who plays Professional Rowers (#34): the avoiding power (+2) or the mover (-2).
    rowers_policy : str

    Examples
    --------
    >>> from oddsengine import NavalAvoidBattle, exact
    >>> round(exact(NavalAvoidBattle("ottoman: 3Co Dragut")).p["success"] * 36)
    15
    """

    defender: Fleet = _fleet_option()
    in_port: bool = option("the ships are in a port (refused: they cannot avoid battle)",
                           default=False, group=AT_SEA)  # fmt: skip
    rowers: str | None = _rowers()
    rowers_policy: str = _rowers_policy()

    kind = "naval-avoid"
    _role = "defender"
    _what = "naval avoid battle"

    def __post_init__(self):
        self._check_given()
        object.__setattr__(self, "in_port", checked_flag(self.in_port, "in_port"))
        if self.in_port:
            # 16.1 step 5: only in a sea zone, never in a port.
            raise OddsEngineError("naval avoid battle: ships in a port cannot avoid battle")
        self._check("defender")

"""Interception (13.2) and avoid battle (13.3): one roll of 2d6 + the best battle rating,
+1 for Ottoman cavalry, -1 against Ottoman cavalry, 9 or more."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.combat.forces import FORCE_NOTATION, Force, as_force
from oddsengine.draws import DrawPlan, two_dice_pmf
from oddsengine.errors import OddsEngineError
from oddsengine.option_field import option

__all__ = ["Interception", "AvoidBattle", "TARGET"]

#: 13.2 step 2 / 13.3: 2d6 + modifiers of 9 or more succeeds.
TARGET = 9


def cavalry_modifier(rolling: Force, opponent: Force) -> int:
    """The Ottoman cavalry modifier of 13.2 step 2 (and 13.3).

    +1 if the Ottomans roll with at least one cavalry; -1 for a non-Ottoman power rolling
    against a formation that contains Ottoman cavalry.
    """
    if rolling.is_ottoman:
        return 1 if rolling.cavalry > 0 else 0
    return -1 if opponent.cavalry > 0 else 0


class _Roll:
    """What the interception and avoid-battle rolls share (13.2, 13.3). A plain class, not
    a dataclass: it has no fields, and each roll is a frozen dataclass of its own (a
    dataclass with nothing to hold would only cost every start its generated methods)."""

    kind = "roll"
    outcome_names = ("success", "failure")
    event_names = ()

    def _rolling_and_opponent(self) -> tuple[Force, Force]:
        raise NotImplementedError

    def _read_forces(self, what: str, present: tuple[str, ...]) -> None:
        """Read the forces of both roles, refusing one of the roles ``present`` names that
        has neither units nor leaders (``what``: the roll, for the refusal)."""
        for role in self._roles:
            object.__setattr__(self, role, as_force(getattr(self, role), role))
        for role in present:
            force = getattr(self, role)
            if force.land_units == 0 and not force.leaders:
                raise OddsEngineError(f"{what}: the {role} has no units or leaders")

    @property
    def automatic(self) -> bool:
        return False

    @property
    def modifier(self) -> int:
        """Everything added to 2d6: the best battle rating and the cavalry modifier."""
        rolling, opponent = self._rolling_and_opponent()
        return rolling.battle_rating + cavalry_modifier(rolling, opponent)

    @property
    def needed(self) -> int:
        """The 2d6 total needed to succeed."""
        return TARGET - self.modifier

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        rolling, opponent = self._rolling_and_opponent()
        return {
            self._roles[0]: rolling.notation(),
            self._roles[1]: opponent.notation(),
            "modifier": self.modifier,
            "needed": None if self.automatic else self.needed,
            "automatic": self.automatic,
        }

    def title(self) -> str:
        rolling, opponent = self._rolling_and_opponent()
        name = "Interception" if self.kind == "intercept" else "Avoid battle"
        return f"{name}: {rolling.notation()}  against  {opponent.notation()}"

    def describe_lines(self) -> list[str]:
        if self.automatic:
            return ["Automatic success: every unit trying lost a field battle this impulse"]
        rolling, opponent = self._rolling_and_opponent()
        cavalry = cavalry_modifier(rolling, opponent)
        return [
            f"Roll 2d6 + {rolling.battle_rating} (battle rating)"
            + (f" {cavalry:+d} (Ottoman cavalry)" if cavalry else "")
            + f" >= {TARGET}: needs {self.needed}+ on 2d6"
        ]

    def draw_plan(self) -> DrawPlan:
        """One value: the 2d6 total (0..12)."""
        if self.automatic:
            return DrawPlan(np.ones(1), np.ones((1, 1)))
        return DrawPlan(two_dice_pmf(), np.ones((1, 1)))

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        total = values[0]
        if self.automatic:
            success = np.ones(total.size, dtype=bool)
        else:
            success = total + self.modifier >= TARGET
        return {
            "outcome": np.where(success, "success", "failure").astype(object),
            "roll": total,
        }


@dataclass(frozen=True)
class Interception(_Roll):
    """An attempt to intercept a moving formation (13.2; original 001).

    Parameters
    ----------
    interceptor : Force or str
        The intercepting force, declared from one space; it must be able to move as one
        formation.
    mover : Force or str
        The moving formation (only its Ottoman cavalry matters to the roll).

    Examples
    --------
    The Vienna example of the rulebook: Charles V intercepts Suleiman's army, which has a
    cavalry unit: 2d6 + 2 - 1 >= 9, so 2d6 >= 8, which is 15/36.

    >>> from oddsengine import Interception, exact
    >>> attempt = Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman Ibrahim")
    >>> attempt.needed
    8
    >>> round(exact(attempt).p["success"] * 36)
    15
    """

    interceptor: Force = option(FORCE_NOTATION, default=None, required=True, value="force")
    mover: Force = option(
        "the moving formation (on land)", default=None, required=True, value="force"
    )

    kind = "intercept"
    _roles = ("interceptor", "mover")

    def __post_init__(self):
        self._read_forces("interception", present=self._roles)
        if self.interceptor.power is not None and self.interceptor.power == self.mover.power:
            raise OddsEngineError(
                f"interception: both forces are {self.interceptor.power}; only a power at war "
                "with the mover may intercept (13.2)"
            )
        self.interceptor.check_formation("interceptor")

    def _rolling_and_opponent(self):
        return self.interceptor, self.mover


@dataclass(frozen=True)
class AvoidBattle(_Roll):
    """An attempt by units in the destination to avoid battle (13.3).

    Parameters
    ----------
    defender : Force or str
        The units trying to leave.
    attacker : Force or str
        The moving formation.
    lost_battle_this_impulse : bool
        Every unit trying already lost a field battle this impulse: automatic success.

    Examples
    --------
    Ferdinand (1) avoiding a formation with Ottoman cavalry (-1) needs 9 on 2d6: 10/36.

    >>> from oddsengine import AvoidBattle, exact
    >>> round(exact(AvoidBattle("2R Ferdinand", "7R 1C Suleiman")).p["success"] * 36)
    10
    """

    defender: Force = option(FORCE_NOTATION, default=None, required=True, value="force")
    attacker: Force = option(
        "the moving formation (on land)", default=None, required=True, value="force"
    )
    lost_battle_this_impulse: bool = option(
        "every unit trying lost a field battle this impulse (automatic)", default=False
    )

    kind = "avoid"
    _roles = ("defender", "attacker")

    def __post_init__(self):
        self._read_forces("avoid battle", present=("defender",))
        if self.defender.land_units == 0:
            # 13.3: a leader alone may not avoid battle.
            raise OddsEngineError(
                "avoid battle: a leader alone (no land units with him) may not avoid battle "
                "(13.3); in a fortified space he withdraws inside, elsewhere he is captured"
            )
        if self.defender.power is not None and self.defender.power == self.attacker.power:
            raise OddsEngineError(
                f"avoid battle: both forces are {self.defender.power}; a power does not avoid "
                "its own units"
            )

    @property
    def automatic(self) -> bool:
        """13.3: automatic success if every unit trying lost a field battle this impulse."""
        return bool(self.lost_battle_this_impulse)

    def _rolling_and_opponent(self):
        return self.defender, self.attacker

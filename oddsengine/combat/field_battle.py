"""Field battles (rule 14): the active power's formation attacks the units in a space."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from oddsengine.combat.combat_spec import CombatSpec, survivor_columns
from oddsengine.combat.forces import UNIT_TYPES, Force, as_force
from oddsengine.combat.formations import standing_by
from oddsengine.draws import OutcomeColumns, StateDigits
from oddsengine.errors import OddsEngineError

__all__ = ["FieldBattle"]

#: A fought battle's outcomes in the sorted order of their labels, and as a column's values.
_OUTCOME_LABELS = ("attacker_wins", "defender_wins")
_OUTCOMES = np.array(_OUTCOME_LABELS, dtype=object)


@dataclass(frozen=True)
class FieldBattle(CombatSpec):
    """A field battle (rule 14): the active power's formation attacks the defenders.

    Parameters
    ----------
    attacker, defender : Force or str
        The moving formation (the active power) and the units in the space.
    attacker_cards, defender_cards : sequence of Card or str
        Cards each side plays: combat cards and its own response cards.
    responses : sequence of Card or str
        Cards played by other powers (Foul Weather, Gout).
    policies : Policies
    options : RuleOptions
    joined_garrison : Force, optional
        15.2: the part of ``attacker`` that is a besieged garrison joining a relief force's
        battle. It does not move, so it does not count against the formation limit.

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact
    >>> battle = FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    >>> battle.attacker_dice, battle.defender_dice
    (10, 13)
    >>> round(exact(battle).p["attacker_wins"], 4)
    0.2539
    """

    # Left out of the repr: it only changes a check.
    joined_garrison: Force | None = field(default=None, repr=False)

    mode = "battle"
    kind = "battle"
    outcome_names = ("attacker_wins", "defender_wins")

    def _check_forces(self):
        for role, force in (("attacker", self.attacker), ("defender", self.defending_force)):
            if force.land_units == 0:
                raise OddsEngineError(f"field battle: the {role} has no land units")
        moving = self.attacker
        if self.joined_garrison is not None:
            garrison = as_force(self.joined_garrison, "joined_garrison")
            object.__setattr__(self, "joined_garrison", garrison)
            for kind in UNIT_TYPES:
                if getattr(garrison, kind) > getattr(moving, kind):
                    raise OddsEngineError(
                        f"joined_garrison ({garrison.notation()}) is not part of the attacker "
                        f"({moving.notation()}): the garrison joins the relief force (15.2)"
                    )
            # 15.2: the garrison joins where it stands; only the relief force moved.
            moving = moving.with_units(
                **{
                    kind: getattr(moving, kind) - getattr(self.joined_garrison, kind)
                    for kind in UNIT_TYPES
                }
            ).without_leaders(leader.name for leader in self.joined_garrison.leaders)
        moving.check_formation("attacker")

    def _dice_after_losses(self, role, force, other, order) -> tuple[int, ...]:
        # 14 steps 2-3: land units (cavalry included) + best battle rating, +1 for the
        # defender; cards before the roll. Each land unit lost first takes one die.
        dice = force.land_units + self._rating(role, force) + self._card_dice(role, force)
        if role == "defender":
            dice += 1
        return tuple(max(dice - losses, 0) for losses in range(force.land_units + 1))

    def _rating(self, role, force) -> int:
        """The battle rating a side adds to its dice: its best leader's."""
        return force.battle_rating

    @property
    def attacker_dice(self) -> int:
        """Dice the attacker rolls (before any post-roll card)."""
        side = self._sides[0]
        return side.dice_after_losses[0] + side.bonus_dice

    @property
    def defender_dice(self) -> int:
        """Dice the defender rolls (before any post-roll card)."""
        side = self._sides[1]
        return side.dice_after_losses[0] + side.bonus_dice

    def describe_lines(self) -> list[str]:
        lines = super().describe_lines()
        acting = self._acting_attacker()
        left = standing_by(self.attacker, acting)
        if left.land_units:
            # RULES.md §7, 32: after Gout only one legal formation moves on.
            card = self._rule_with("defender", "keeps_leader_out").card
            lines.insert(
                0,
                f"{card.name}: without {self.gout_victim.name} only {acting.notation()} fit one "
                f"formation (command capacity {acting.command_capacity}); "
                f"{left.notation()} stay behind",
            )
        return lines

    @property
    def event_names(self) -> tuple[str, ...]:
        spent = tuple(f"card_spent:{slug}" for slug in self.post_roll_cards)
        return ("attacker_leaders_captured", "defender_leaders_captured") + spent

    def outcome_masks(self, columns) -> dict[str, np.ndarray]:
        """The cells of each outcome, from the resolved combat (``resolve_hits``), for a
        battle that is fought (not cancelled)."""
        # 14 step 8: the attacker wins on more hits; ties go to the defender.
        wins = np.asarray(columns["attacker_prevails"], dtype=bool)
        return {"attacker_wins": wins, "defender_wins": ~wins}

    def outcome_columns(self, values) -> OutcomeColumns:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        columns = self._base_columns(values)
        codes = {}
        if self._deterministic_outcome is not None:
            outcome = np.full(values[0].size, self._deterministic_outcome, dtype=object)
        else:
            # The labels' codes in their sorted order: the merge of cells reads the codes.
            code = (~self.outcome_masks(columns)["attacker_wins"]).astype(np.int64)
            outcome = _OUTCOMES[code]
            codes["outcome"] = (code, _OUTCOME_LABELS)
        result = {"outcome": outcome}
        result.update(survivor_columns(columns))
        self._add_leaders_captured(result)
        result.update(self._card_spent_columns(columns))
        return OutcomeColumns(result, derived=self._derived_columns(), codes=codes)

    def _add_leaders_captured(self, result) -> None:
        """14 step 10: leaders of a side with no land units left are captured."""
        attacker, defender = self._sides
        result["attacker_leaders_captured"] = attacker.has_leaders & (
            result["attacker_survivors"] == 0
        )
        result["defender_leaders_captured"] = defender.has_leaders & (
            result["defender_survivors"] == 0
        )

    def state_digits(self, plan) -> StateDigits | None:
        """What decides the end state of every cell of ``plan`` (this battle's
        :meth:`draw_plan`): the outcome and both sides' survivors, resolved on the two
        sides' hits alone (one row of cells per attacker hit count, one column per
        defender hit count) instead of on every cell; every other column follows from the
        survivors (:meth:`_derived_columns`).

        Only for a plain battle: fought (not cancelled), both sides rolling at once (no
        first fire), no post-roll card and no ally; None otherwise (the engines then
        merge the outcome columns).
        """
        columns = self._hits_resolved(plan)
        if columns is None:
            return None
        # Code 1 (the second of the sorted labels) where the defender wins.
        defender_wins = ~self.outcome_masks(columns)["attacker_wins"]
        return self._digits_of(columns, defender_wins, _OUTCOMES)

    def _complete_state(self, deciding) -> dict[str, np.ndarray]:
        """Every column of the states of :meth:`state_digits` from their deciding ones, in
        the order of :meth:`outcome_columns`."""
        states = self._with_units_by_type(deciding)
        self._add_leaders_captured(states)
        return states

    def _derived_columns(self) -> tuple[str, ...]:
        """The columns that follow from the survivors before them: a side's units by type
        (its casualty order) and its leaders' capture (14 step 10). With allies the
        defender's units by type follow from each power's losses instead."""
        derived = self._units_by_type_derived()
        return (*derived, "attacker_leaders_captured", "defender_leaders_captured")

    def hits(self, values) -> tuple[np.ndarray, np.ndarray]:
        """Each side's hits in every cell of :meth:`draw_plan`, post-roll cards included.

        A whole move needs them for the relief of a siege, where a tie in hits lets the
        losing relief force go inside (15.2).
        """
        columns = self._base_columns(values)
        zero = np.zeros(np.asarray(values[0]).size, dtype=np.int64)
        return columns.get("attacker_hits", zero), columns.get("defender_hits", zero)

"""Many combats of one kind, cards and policies, resolved by their rules in one pass.

A sweep or a search asks the exact engine about hundreds of field battles or assaults
that differ only in counts and ratings. One by one, each combat turns its cells into
outcomes with a few dozen NumPy operations on a few dozen cells, and the fixed cost of
each operation is most of the time. A :class:`CombatStack` lays the cells of all of them
end to end and presents itself to the kind's own ``outcome_columns`` as one combat does:

- what may differ between the combats is read for the combat of each cell: the prepared
  sides (:class:`~oddsengine.combat._combat.StackedSide`: land units, dice, unit types,
  leaders) and the forces that stand by (:class:`UnitsByCell`);
- what the combats share (:data:`SHARED`: the kind, the cards, the policies, who fires
  first) is read once from the first of them.

The rules are not restated here: ``FieldBattle.outcome_columns`` and
``Assault.outcome_columns`` run unchanged over the stack, so every column equals, cell for
cell, the one each combat gives alone. Which combats may share a stack is decided by the
caller (:func:`oddsengine.engines.exact_grid.exact_results`), which keys them on
everything listed in :data:`SHARED`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.combat._combat import StackedSide
from oddsengine.combat.combat_spec import CombatSpec
from oddsengine.combat.forces import UNIT_TYPES

__all__ = ["CombatStack", "UnitsByCell", "SHARED", "FORCES_BY_CELL"]

#: Attributes ``outcome_columns`` reads that every combat of a stack shares (the caller's
#: key guarantees it); read from the first combat.
SHARED = (
    "mode",
    "first_to_fire",
    "policies",
    "_held",
    "defender_ally",
    "_deterministic_outcome",
    "defender_squadrons_in_port",
    "assault_prevented",
)

#: Forces ``outcome_columns`` reads that differ between combats: read per cell.
FORCES_BY_CELL = ("besiegers_standing_by",)


@dataclass(frozen=True, eq=False)
class UnitsByCell:
    """A force's land units by type, for the combat of each cell (leaders are not read)."""

    regulars: np.ndarray
    mercenaries: np.ndarray
    cavalry: np.ndarray

    @classmethod
    def of(cls, forces, row: np.ndarray) -> UnitsByCell:
        counts = {kind: np.array([getattr(force, kind) for force in forces]) for kind in UNIT_TYPES}
        return cls(**{kind: values[row] for kind, values in counts.items()})

    @property
    def land_units(self) -> np.ndarray:
        return self.regulars + self.mercenaries + self.cavalry


class CombatStack:
    """Combats laid end to end, as their kind's ``outcome_columns`` reads one combat.

    Parameters
    ----------
    specs : sequence of FieldBattle or Assault
        Of one class, sharing every attribute of :data:`SHARED`, none cancelled or
        decided without a roll.
    cells : sequence of int
        The number of cells of each combat's draw plan, in order.

    Examples
    --------
    >>> import numpy as np
    >>> from oddsengine import FieldBattle, exact
    >>> battles = [FieldBattle("1R", "1R"), FieldBattle("3R L1", "2R")]
    >>> plans = [battle.draw_plan() for battle in battles]
    >>> values = [np.concatenate(parts) for parts in zip(*(p.cell_values() for p in plans))]
    >>> stacked = CombatStack(battles, [plan.cells for plan in plans]).outcome_columns(values)
    >>> alone = battles[1].outcome_columns(plans[1].cell_values())
    >>> bool((stacked["outcome"][plans[0].cells:] == alone["outcome"]).all())
    True
    """

    # The parts of a combat spec that resolve its cells, run on the stack.
    _rule_with = CombatSpec._rule_with
    _base_columns = CombatSpec._base_columns
    _card_spent_columns = CombatSpec._card_spent_columns

    def __init__(self, specs, cells):
        specs = list(specs)
        first = specs[0]
        self.spec_class = type(first)
        row = np.repeat(np.arange(len(specs)), cells)
        attackers, defenders = zip(*(spec.sides for spec in specs), strict=True)
        self._sides = (
            StackedSide.laid_end_to_end(attackers, cells),
            StackedSide.laid_end_to_end(defenders, cells),
        )
        for name in SHARED:
            if hasattr(first, name):
                setattr(self, name, getattr(first, name))
        for name in FORCES_BY_CELL:
            if hasattr(first, name):
                setattr(self, name, UnitsByCell.of([getattr(spec, name) for spec in specs], row))

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The kind's ``outcome_columns`` over every cell of the stack."""
        return self.spec_class.outcome_columns(self, values)

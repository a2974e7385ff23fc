"""Many combats of one kind, cards and policies, resolved by their rules in one pass.

A sweep or a search asks the exact engine about hundreds of field battles or assaults
that differ only in counts and ratings. One by one, each combat turns its cells into
outcomes with a few dozen NumPy operations on a few dozen cells, and the fixed cost of
each operation is most of the time. A :class:`CombatStack` lays the cells of all of them
end to end (or on one padded grid) and presents itself to the kind's own methods
(``outcome_columns``, ``outcome_masks``) as one combat does:

- what may differ between the combats is read for the combat of each cell: the prepared
  sides (:class:`~oddsengine.combat._combat.StackedSide`: land units, dice, unit types,
  leaders) and the forces that stand by (:class:`UnitsByCell`);
- what the combats share (:data:`SHARED`: the kind, the cards, the policies, who fires
  first) is read once from the first of them.

The rules are not restated here: the kinds' methods run unchanged over the stack, so
every column equals, cell for cell, the one each combat gives alone. Which combats may
share a stack is decided by the caller (:mod:`oddsengine.engines.exact_grid`), which keys
them on everything listed in :data:`SHARED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import FunctionType, MethodType

import numpy as np

from oddsengine.combat._combat import StackedSide
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
    "defender_allies",
    "_odd_loss_faces",
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
    """Combats of one kind resolved together, as their kind's methods read one combat.

    Built with :meth:`laid_end_to_end` (each combat's own cells one after the other) or
    :meth:`padded` (one grid of cells for every combat). The kind's methods (its
    ``outcome_columns``, ``outcome_masks`` and what they call) run on the stack itself;
    the attributes they read are the per-cell values of :data:`FORCES_BY_CELL` and the
    sides, and the shared values of :data:`SHARED`. Reading any other attribute of a
    combat is an error, not a silent read of the first combat.

    Parameters
    ----------
    specs : sequence of FieldBattle or Assault
        Of one class, sharing every attribute of :data:`SHARED`, none cancelled or
        decided without a roll.
    row : int array
        The combat of each cell (see :class:`~oddsengine.combat._combat.StackedSide`).

    Examples
    --------
    >>> import numpy as np
    >>> from oddsengine import FieldBattle
    >>> battles = [FieldBattle("1R", "1R"), FieldBattle("3R L1", "2R")]
    >>> plans = [battle.draw_plan() for battle in battles]
    >>> grids = zip(*(plan.cell_values() for plan in plans))
    >>> values = [np.concatenate(parts) for parts in grids]
    >>> stack = CombatStack.laid_end_to_end(battles, [plan.cells for plan in plans])
    >>> stacked = stack.outcome_columns(values)
    >>> alone = battles[1].outcome_columns(plans[1].cell_values())
    >>> bool((stacked["outcome"][plans[0].cells :] == alone["outcome"]).all())
    True
    """

    def __init__(self, specs, row: np.ndarray):
        specs = list(specs)
        first = specs[0]
        self.spec_class = type(first)
        attackers, defenders = zip(*(spec.sides for spec in specs), strict=True)
        self._sides = (StackedSide.stack(attackers, row), StackedSide.stack(defenders, row))
        for name in SHARED:
            if hasattr(first, name):
                setattr(self, name, getattr(first, name))
        for name in FORCES_BY_CELL:
            if hasattr(first, name):
                setattr(self, name, UnitsByCell.of([getattr(spec, name) for spec in specs], row))

    @classmethod
    def laid_end_to_end(cls, specs, cells) -> CombatStack:
        """The stack of ``specs`` whose cells are laid end to end, ``cells[c]`` of them
        for combat ``c`` (values of shape ``(cells,)``)."""
        return cls(specs, np.repeat(np.arange(len(cells)), cells))

    @classmethod
    def padded(cls, specs) -> CombatStack:
        """The stack of ``specs`` on one padded grid of cells (values of shape
        ``(1, cells)``, every column of shape ``(combats, cells)``)."""
        return cls(specs, np.arange(len(specs))[:, None])

    @property
    def sides(self) -> tuple[StackedSide, StackedSide]:
        """The attacker's and the defender's sides, for the combat of each cell."""
        return self._sides

    def __getattr__(self, name):
        # The kind's methods, run on the stack; its constants. Its properties read one
        # combat's values: only those set above (shared or per cell) may be read.
        if name.startswith("__") or name == "spec_class":
            raise AttributeError(name)
        value = getattr(self.spec_class, name)
        if isinstance(value, FunctionType):
            return MethodType(value, self)
        if isinstance(value, (property, cached_property)):
            raise AttributeError(
                f"{name} is not known for a stack of {self.spec_class.__name__} combats: "
                "list it in SHARED or FORCES_BY_CELL"
            )
        return value

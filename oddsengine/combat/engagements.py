"""Field battles and assaults: what is fought, with which cards, under which rules.

:class:`FieldBattle` (rule 14) and :class:`Assault` (15.1) are frozen specs: every check
of the rules happens when one is built, so an invalid one cannot exist. Both engines read
them through the same three methods: :meth:`draw_plan`, :meth:`outcome_columns` and the
outcome names. They live in :mod:`oddsengine.combat.field_battle` and
:mod:`oddsengine.combat.assault`, on the shared
:class:`~oddsengine.combat.combat_spec.CombatSpec`; this module gathers them.
"""

from __future__ import annotations

from oddsengine.combat.assault import Assault
from oddsengine.combat.combat_spec import CombatSpec, split_losses
from oddsengine.combat.field_battle import FieldBattle

__all__ = ["FieldBattle", "Assault", "CombatSpec", "split_losses"]

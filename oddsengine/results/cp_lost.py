"""The expected CP lost by each side of a combat: its units lost at their build cost.

A unit lost is worth what it costs to build (:attr:`~oddsengine.combat.unit_types.UnitType.cp_cost`:
a regular or a squadron 2 CP, a mercenary, a cavalry unit or a corsair 1), the game's own
measure of a combat's value swing. Losses are counted in the combat, from the forces that
fight it (after the cards played before the roll: a mercenary that Landsknechts adds and
that survives is not a gain, one that Mercenaries Bribed moves is not a loss).
"""

from __future__ import annotations

import math

import numpy as np

from oddsengine.combat.unit_types import UNIT_TYPE_RECORDS

__all__ = ["expected_cp_lost"]


def expected_cp_lost(result) -> dict[str, dict[str, float]]:
    """Mean CP lost by each side of ``result`` (its units lost at their build cost), with
    its standard error: ``{"attacker": {"mean": ..., "stderr": ...}, "defender": ...}``;
    empty for a result whose states do not count each side's units by type (a roll, a
    campaign).

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact
    >>> lost = expected_cp_lost(exact(FieldBattle("1R", "hapsburg: 1M")))
    >>> # 1 die against 2 (14): the regular (2 CP) is lost when the defender hits, 5/9;
    >>> # the mercenary (1 CP) only when the attacker hits and the defender does not,
    >>> # 1/3 * 4/9 (both hit: the side with more dice keeps a unit, 14 step 9).
    >>> round(lost["attacker"]["mean"] * 9, 12), round(lost["defender"]["mean"] * 27, 12)
    (10.0, 4.0)
    """
    from oddsengine.draws import weighted_mean

    spent = {}
    for side, force in _fighting_forces(result.spec).items():
        columns = [
            (unit, f"{side}_{unit.name}")
            for unit in UNIT_TYPE_RECORDS.values()
            if f"{side}_{unit.name}" in result.states
        ]
        if not columns or force is None:
            continue
        lost = sum(
            unit.cp_cost * (getattr(force, unit.name, 0) - np.asarray(result.states[column]))
            for unit, column in columns
        )
        mean = weighted_mean(result.probabilities, lost)
        variance = weighted_mean(result.probabilities, (lost - mean) ** 2)
        stderr = 0.0 if result.is_exact else math.sqrt(variance / result.trials)
        spent[side] = {"mean": mean, "stderr": stderr}
    return spent


def _fighting_forces(spec) -> dict:
    """The attacker's and the defender's forces (or fleets) as they fight: a land combat's
    after the cards played before the roll (``prepared_forces``), a naval battle's as
    given."""
    prepared = getattr(spec, "prepared_forces", None)
    if callable(prepared):
        attacker, defender = prepared()[:2]
    else:
        attacker, defender = getattr(spec, "attacker", None), getattr(spec, "defender", None)
    return {"attacker": attacker, "defender": defender}

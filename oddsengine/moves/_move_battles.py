"""The field battles of moves, resolved once and shared (RULES.md §6, 14).

A move meets the same field battle in several defender responses (fight, and every avoid
battle that fails, 13.3), and moves that differ only in the moving formation's unit
counts - the candidates of ``needed move`` - end their battles alike: from the battle
on, the formation is its survivors with its leaders, and the units it brought are read
nowhere after. So :func:`battle_outcomes` resolves each battle once, and
:meth:`~oddsengine.moves._move_tree.MoveBuilder.shared_aftermath` plays the aftermath of
each of its outcomes once, keyed by :func:`aftermath_key`.

The end state of an aftermath is deterministic given that key: retreats (14.1), going
inside (14.1, 15.2) and the best leaders' choice follow the move's policies, which are in
:func:`rules_key`.
"""

from __future__ import annotations

import numpy as np

from oddsengine.combat.field_battle import FieldBattle
from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.kept import Kept
from oddsengine.moves._move_program import MOVER
from oddsengine.moves._move_rules import Placed

__all__ = [
    "AFTERMATH_STATES",
    "aftermath_key",
    "battle_outcomes",
    "placed_with_force",
    "rules_key",
    "survivors_force",
]

#: The end states of the aftermaths played so far, by :func:`aftermath_key`.
#: How many of each are kept (all are forgotten past this, as the chain's assaults are):
#: an end state weighs about 0.4 kB with its key, a battle's cells about 25 kB.
AFTERMATH_STATES: Kept = Kept(32768)
#: The battles resolved so far, by what decides them (see :func:`battle_outcomes`).
_BATTLE_OUTCOMES: Kept = Kept(1024)


def rules_key(move, situation, is_relief: bool) -> tuple:
    """Everything of ``move`` that the aftermath of a field battle reads besides the
    branch: the rules it is played by (retreat, going back, going inside, the horizon of
    the best choices) and the relations between the powers in ``situation`` (the move's
    effective one, 13.1). Moves that differ only in the moving formation's unit counts
    share it."""
    return (
        type(move),
        move.power,
        move.destination,
        move.came_from,
        move.retreat_policy,
        move.after_withdrawal,
        move.may_move_on,
        move.garrison_joins_relief,
        move.relief_goes_inside_on_tie,
        move.defender_horizon,
        move.leaders_inside,
        move.defender_units,
        is_relief,
        situation.control,
        situation.unrest,
        situation.wars,
        situation.alliances,
        situation.impulse_order,
        situation.fleets,
    )


def aftermath_key(rules: tuple, branch, outcome: tuple) -> tuple:
    """What decides the aftermath of ``outcome`` (see :func:`battle_outcomes`) on
    ``branch``: the move's ``rules`` (:func:`rules_key`), and the board with the moving
    formation reduced to its leaders (its units are the outcome's survivors)."""
    placement = tuple(
        (group.label, group.space, group.inside, group.force.leaders, group.power)
        if group.label == MOVER
        else group
        for group in branch.placement
    )
    return (
        rules,
        placement,
        branch.events,
        branch.captured,
        branch.controller,
        branch.defender_lost,
        branch.leaders_inside,
        branch.attacker_captured,
        branch.retreats,
        outcome,
    )


def battle_outcomes(move, attacker, main, allies, garrison) -> tuple:
    """The field battle of ``attacker`` against the groups ``main`` and ``allies`` (with
    the ``garrison`` that joined a relief, 15.2) under ``move``'s cards and rules, its
    draw plan, and what each cell leaves: ``(attacker_wins, tied, attacker units left,
    main defender's units left, each ally's units left)``, units by type, and the
    ``card_spent:<slug>`` events of the post-roll cards played in that cell (RULES.md §9:
    how often a post-roll card is actually spent is reported).

    Returns
    -------
    battle : FieldBattle
    plan : DrawPlan
    outcomes : tuple of tuple, one per cell of ``plan``: the five above, then the
        tuple of ``card_spent:<slug>`` events
    """
    key = (
        attacker,
        main.force,
        tuple(ally.force for ally in allies),
        None if garrison is None else garrison.force,
        move.attacker_cards,
        move.defender_cards,
        move.policies,
        move.options,
    )
    found = _BATTLE_OUTCOMES.get(key)
    if found is not None:
        return found
    battle = FieldBattle(
        attacker,
        main.force,
        attacker_cards=move.attacker_cards,
        defender_cards=move.defender_cards,
        policies=move.policies,
        options=move.options,
        defender_ally=tuple(ally.force for ally in allies) or None,
        joined_garrison=None if garrison is None else garrison.force,
    )
    plan = battle.draw_plan()
    columns = battle.outcome_columns(plan.cell_values())
    wins = (columns["outcome"] == "attacker_wins").tolist()
    attacker_hits, defender_hits = battle.hits(plan.cell_values())
    tied = (attacker_hits == defender_hits).tolist()
    attackers = [columns[f"attacker_{kind}"].tolist() for kind in UNIT_TYPES]
    defenders = [columns[f"defender_{kind}"].tolist() for kind in UNIT_TYPES]
    survivors = [columns[f"{ally.power}_survivors"].tolist() for ally in allies]
    # RULES.md §9: the post-roll cards (Janissaries) report whether each cell spent them.
    spent_names = [name for name in battle.event_names if name.startswith("card_spent:")]
    spent_flags = [np.asarray(columns[name], dtype=bool).tolist() for name in spent_names]
    order = move.policies.defender_casualty_order
    outcomes = []
    for cell in range(plan.cells):
        attacker_left = tuple(int(counts[cell]) for counts in attackers)
        total = [int(counts[cell]) for counts in defenders]
        allies_left = []
        for ally, left in zip(allies, survivors, strict=True):
            # 14 step 9: each allied power's survivors, in its casualty order.
            counts = ally.force.units_after_losses(ally.force.land_units - int(left[cell]), order)
            ally_left = tuple(counts[kind] for kind in UNIT_TYPES)
            total = [units - part for units, part in zip(total, ally_left, strict=True)]
            allies_left.append(ally_left)
        spent = tuple(
            name for name, flags in zip(spent_names, spent_flags, strict=True) if flags[cell]
        )
        outcomes.append(
            (wins[cell], tied[cell], attacker_left, tuple(total), tuple(allies_left), spent)
        )
    found = (battle, plan, tuple(outcomes))
    _BATTLE_OUTCOMES.keep(key, found)
    return found


def placed_with_force(group: Placed, force: Force) -> Placed:
    """``group`` with ``force`` (as ``dataclasses.replace`` would give it, built directly:
    an aftermath places every side's survivors).

    Examples
    --------
    >>> from oddsengine.combat.forces import parse_force
    >>> group = Placed("mover", "Vienna", parse_force("ottoman: 7R"))
    >>> placed_with_force(group, parse_force("ottoman: 5R")).force.notation()
    'ottoman: 5R'
    """
    return Placed(group.label, group.space, force, group.inside)


def survivors_force(units, leaders, power) -> Force:
    """The force of ``units`` (regulars, mercenaries, cavalry) left after a battle, with
    ``leaders``, of ``power``: one instance for every outcome that leaves the same (a
    Vienna move builds about 280 survivors' forces, 29 of them different).

    Examples
    --------
    >>> survivors_force((3, 0, 1), (), "ottoman") is survivors_force((3, 0, 1), (), "ottoman")
    True
    """
    key = (*units, leaders, power)
    force = _SURVIVORS.get(key)
    if force is None:
        force = _SURVIVORS.keep(key, Force(*units, leaders=leaders, power=power))
    return force


#: The survivors' forces built so far (Force is immutable: one instance serves every
#: branch), by their unit counts, leaders and power.
_SURVIVORS: Kept = Kept(4096)

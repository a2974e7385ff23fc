"""Exact answers for many combats at once.

Odds tables, sweeps and searches ask the exact engine the same question about many
engagements that differ only in counts and ratings. One by one, each combat resolves its
cells in a few dozen small NumPy operations, whose fixed cost is most of the time. Here
field battles and assaults that share their kind, cards and policies are resolved as one
:class:`~oddsengine.combat.combat_stack.CombatStack`, in one of two layouts:

- whole results (:func:`exact_results`: sweeps, the force-needed search): each combat's
  own draw plan gives its cells and their probabilities, the cells of all of them are
  laid end to end, the kind's own ``outcome_columns`` runs once over them, and the end
  states of the whole batch are merged at once;
- the probability of a few outcomes (:func:`exact_outcome_table`: odds tables): the hit
  distributions and cell probabilities of every combat are computed on one padded grid,
  and the kind's own ``outcome_masks`` names the outcome of every cell.

No rule is restated here. The numbers are those of the one-by-one path to the last bit:
each combat's cells keep their own values and probabilities, and are summed in the same
order. Engagements this module does not stack (interceptions, avoid battle, naval combat,
allied defenders, cancelled or prevented combats, cards whose record does not set
``grid_path``) are resolved one by one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache, lru_cache

import numpy as np

from oddsengine.draws import binomial_pmf, draw_plan_of
from oddsengine.errors import CANCELLED, OddsEngineTypeError, shown, unknown_name
from oddsengine.results.end_states import merge_cells
from oddsengine.results.result import Result

__all__ = ["exact_outcome_table", "exact_probabilities", "exact_probability", "exact_results"]

#: Cells resolved together at most, to bound memory.
_CELLS_PER_PASS = 2**18


def exact_probability(spec, outcome: str) -> float:
    """The exact probability of one outcome of one engagement, one by one.

    The mass of the draw-plan cells that end in ``outcome``: the sum
    :func:`oddsengine.exact` makes for it, without building the other outcomes.

    Examples
    --------
    >>> from oddsengine import FieldBattle
    >>> round(exact_probability(FieldBattle("1R", "1R"), "attacker_wins") * 27)  # 1/3 * 4/9
    4
    """
    return float(_one_by_one(spec, (outcome,))[0])


def _one_by_one(spec, outcomes) -> np.ndarray:
    plan = spec.draw_plan()
    ends = spec.outcome_columns(plan.cell_values())["outcome"]
    cells = np.asarray(plan.cell_probabilities())
    return np.array([cells[ends == outcome].sum() for outcome in outcomes])


def exact_probabilities(specs, outcome: str) -> np.ndarray:
    """The exact probability of ``outcome`` for every engagement of a grid.

    Parameters
    ----------
    specs : sequence of engagements
        Any mix of kinds; field battles and assaults that share their cards and policies
        are computed together.
    outcome : str
        An outcome name (``"attacker_wins"``, ``"success"``...). An engagement without
        that outcome gets 0.

    Returns
    -------
    ndarray of float, shape (len(specs),)
        Equal to :func:`exact_probability` of each spec (to the last bit).

    Examples
    --------
    >>> from oddsengine import FieldBattle
    >>> battles = [FieldBattle(f"{units}R", "1R") for units in (1, 2)]
    >>> (exact_probabilities(battles, "attacker_wins") * 27).round().tolist()
    [4.0, 8.0]
    """
    return exact_outcome_table(specs, (outcome,))[:, 0]


def exact_outcome_table(specs, outcomes) -> np.ndarray:
    """The exact probability of each of ``outcomes`` for every engagement of a grid.

    As :func:`exact_probabilities`, several outcomes at once: the grid is resolved once.

    Parameters
    ----------
    specs : sequence of engagements
    outcomes : sequence of str

    Returns
    -------
    ndarray of float, shape (len(specs), len(outcomes))

    Examples
    --------
    >>> from oddsengine import Assault
    >>> table = exact_outcome_table([Assault("3R L1", "1R")], ["success", "siege_broken"])
    >>> (table * 243).round().tolist()  # 15.1: 3 dice (2 + leader) against 2 (1 + 1)
    [[171.0, 8.0]]

    Success needs one hit of three dice (1 - 8/27 = 171/243); the siege breaks when the
    attacker misses and the garrison's 2 hits leave 1 besieger, not more than its 1 unit
    (8/27 * 1/9 = 8/243).
    """
    specs, outcomes = _as_list(specs), tuple(outcomes)
    _check_outcomes(specs, outcomes)
    probabilities = np.empty((len(specs), len(outcomes)))
    groups, alone = _groups(specs)
    for index in alone:
        probabilities[index] = _one_by_one(specs[index], outcomes)
    for indices in groups:
        for chunk in _passes(indices, [specs[index] for index in indices]):
            probabilities[chunk] = _stacked_probabilities(
                [specs[index] for index in chunk], outcomes
            )
    return probabilities


def _check_outcomes(specs, outcomes) -> None:
    """Refuse an outcome no engagement of the grid has (a misspelt name would give a grid
    of zeros); events are answered by :func:`exact_results`, not here."""
    known = {CANCELLED: None}
    for spec in {type(spec): spec for spec in specs}.values():  # one of each kind
        known.update(dict.fromkeys(spec.outcome_names))
    if not specs:
        return
    for name in outcomes:
        if name not in known:
            raise unknown_name("outcome", name, known, where="exact grid")


def _as_list(specs) -> list:
    if isinstance(specs, str) or not isinstance(specs, Iterable):
        raise OddsEngineTypeError(f"give a list of engagements, not {shown(specs)}")
    return list(specs)


# -- grouping ----------------------------------------------------------------------------


#: The modules of the classes a stack resolves (:func:`_stacked_fields`): a spec of any
#: other module is resolved alone without importing them, so that a batch of naval
#: combats or foreign wars (a force-needed search at sea) loads no land combat.
_STACKED_MODULES = frozenset({"oddsengine.combat.field_battle", "oddsengine.combat.assault"})


@cache
def _stacked_fields() -> dict:
    """The fields of each class a stack resolves: those of the combat, and those that only
    decide whether the combat may happen, or add events."""
    from oddsengine.combat.engagements import Assault, CombatSpec, FieldBattle

    combat = frozenset(item.name for item in dataclasses.fields(CombatSpec))
    return {
        FieldBattle: combat | {"joined_garrison"},
        Assault: combat
        | {
            "siege_laid_this_impulse",
            "assaulted_this_impulse",
            "line_of_communication",
            "defender_squadrons_adjacent",
            "defender_squadrons_in_port",
            "attacker_squadrons_adjacent",
            "siege_artillery_supply",
        },
    }


def _side_key(side) -> tuple:
    # What a padded grid's hit tables and post-roll draws share.
    return (
        side.bonus_dice,
        side.bonus_chance,
        side.post_roll_dice,
        side.post_roll_chance,
        side.post_roll_policy,
    )


@cache
def _stackable_class(spec_class) -> bool:
    if spec_class.__module__ not in _STACKED_MODULES:
        return False
    stacked = _stacked_fields()
    fields = {item.name for item in dataclasses.fields(spec_class)}
    return spec_class in stacked and fields <= stacked[spec_class]


def _stack_key(spec) -> tuple | None:
    """What combats must share to be resolved in one :class:`CombatStack` (everything
    :data:`~oddsengine.combat.combat_stack.SHARED` reads); None for one by one."""
    if not _stackable_class(type(spec)) or spec.defender_ally is not None:
        return None
    from oddsengine.combat.cards import card_rule

    # A card's effect is known to the stack when its record says so (``grid_path``): it
    # lies in the prepared sides, the post-roll draws or the outcome columns, or it
    # decides the combat without a roll (then the combat is resolved alone). A new card is
    # resolved alone until its record sets ``grid_path``, with a case in the tests.
    cards = (*spec.attacker_cards, *spec.defender_cards, *spec.responses)
    if not all(card_rule(card).grid_path for card in cards):
        return None
    if spec._deterministic_outcome is not None or getattr(spec, "assault_prevented", False):
        return None
    attacker, defender = spec.sides
    return (
        type(spec),
        _side_key(attacker),
        _side_key(defender),
        spec.attacker_cards,
        spec.defender_cards,
        spec.responses,
        spec.policies,
        spec.options,
        bool(getattr(spec, "defender_squadrons_in_port", 0)),
    )


def _groups(specs) -> tuple[list[list[int]], list[int]]:
    """The positions of ``specs`` that share a stack key, and those resolved alone."""
    groups: dict[tuple, list[int]] = {}
    alone = []
    for index, spec in enumerate(specs):
        key = _stack_key(spec)
        if key is None:
            alone.append(index)
        else:
            groups.setdefault(key, []).append(index)
    return list(groups.values()), alone


def _chunks(indices: list[int], cells: list[int]) -> list[list[int]]:
    """Consecutive parts of a group of at most :data:`_CELLS_PER_PASS` cells laid end to
    end (to bound memory), each of at least one combat."""
    chunks, current, total = [], [], 0
    for index, count in zip(indices, cells, strict=True):
        if current and total + count > _CELLS_PER_PASS:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += count
    return chunks + [current]


def _stacked_columns(specs, plans, weights) -> tuple[dict, list[int]]:
    """The outcome columns of every cell of ``specs``, laid end to end, and the number of
    cells of each."""
    cells = [weight.size for weight in weights]
    values = [
        np.concatenate(parts) for parts in zip(*(plan.cell_values() for plan in plans), strict=True)
    ]
    from oddsengine.combat.combat_stack import CombatStack

    return CombatStack.laid_end_to_end(specs, cells).outcome_columns(values), cells


# -- a padded grid of one group -----------------------------------------------------


def _passes(indices: list[int], specs) -> list[list[int]]:
    """Split a group into passes of combats of similar size (so that little of a pass is
    padding), each resolving at most :data:`_CELLS_PER_PASS` cells."""
    sizes = []
    for attacker, defender in (spec.sides for spec in specs):
        sizes.append(
            (max(attacker.dice_after_losses) + attacker.bonus_dice + 1)
            * (max(defender.dice_after_losses) + defender.bonus_dice + 1)
        )
    attacker, defender = specs[0].sides
    extras = (attacker.post_roll_dice + 1) * (defender.post_roll_dice + 1)
    passes, current = [], []
    for position in sorted(range(len(indices)), key=sizes.__getitem__):
        if current and (len(current) + 1) * sizes[position] * extras > _CELLS_PER_PASS:
            passes.append(current)
            current = []
        current.append(indices[position])
    return passes + [current]


# -- one pass ----------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _hits_table(most_dice: int, bonus_dice: int, bonus_chance: float) -> np.ndarray:
    """Row ``n``: :func:`hits_pmf` ``(n, bonus_dice, bonus_chance)``, zero-padded."""
    from oddsengine.combat._combat import hits_pmf

    table = np.zeros((most_dice + 1, most_dice + bonus_dice + 1))
    for dice in range(most_dice + 1):
        table[dice, : dice + bonus_dice + 1] = hits_pmf(dice, bonus_dice, bonus_chance)
    table.setflags(write=False)
    return table


def _hit_rows(side, draws, losses: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each combat's hit distribution for ``side`` (a padded
    :class:`~oddsengine.combat._combat.StackedSide`) after ``losses[c, i]`` losses before
    rolling; ``draws`` is a :class:`CombatSide` of the group (the bonus dice it shares).

    Returns the rows, shape ``(combats, len(i), width)``, and their sizes (the length of
    each side's own pmf, as :meth:`CombatSide.hits_pmf` returns it).
    """
    bonus_dice, bonus_chance = draws.bonus_dice, draws.bonus_chance
    # The stacked table counts the bonus dice too; the hit tables take them apart.
    dice = np.take_along_axis(side.dice_table, losses, axis=1) - bonus_dice
    table = _hits_table(int(side.dice_table.max()) - bonus_dice, bonus_dice, bonus_chance)
    rows = table[dice]
    sizes = dice + bonus_dice + 1
    # 29: a side that lost every unit to the first fire rolls nothing.
    wiped_out = (losses > 0) & (losses >= side.land_units)
    if wiped_out.any():
        rows = np.where(wiped_out[:, :, None], np.eye(1, table.shape[1]), rows)
        sizes = np.where(wiped_out, 1, sizes)
    return rows, sizes


def _stacked_probabilities(specs, outcomes: tuple[str, ...]) -> np.ndarray:
    """The probability of each outcome of combats of one group, on one padded grid."""
    from oddsengine.combat._combat import resolve_hits
    from oddsengine.combat.combat_stack import CombatStack

    first_to_fire = specs[0].first_to_fire
    stack = CombatStack.padded(specs)
    shared = specs[0].sides  # what the group shares: bonus and post-roll dice
    firing, answering = (0, 1) if first_to_fire != "defender" else (1, 0)
    combats = len(specs)
    none_lost = np.zeros((combats, 1), dtype=np.int64)

    # The plan of every combat (see combat_plan), padded to the largest sizes.
    first, first_sizes = _hit_rows(stack.sides[firing], shared[firing], none_lost)
    first, first_sizes = first[:, 0, :], first_sizes[:, 0]
    first_width = first.shape[1]
    if first_to_fire is None:
        second, second_sizes = _hit_rows(stack.sides[1], shared[1], none_lost)
        second_sizes = second_sizes[:, 0]
    else:
        # One row per hit count of the side that fired first, capped at the answering
        # side's land units (the plan's row min(first, rows - 1)).
        land_units = stack.sides[answering].land_units
        losses = np.minimum(np.arange(first_width)[None, :], land_units)
        second, row_sizes = _hit_rows(stack.sides[answering], shared[answering], losses)
        # The plan's second table is as wide as its widest row (over real rows only).
        real = np.arange(first_width)[None, :] <= land_units
        second_sizes = np.where(real, row_sizes, 0).max(axis=1)
    attacker_extra = binomial_pmf(shared[0].post_roll_dice, shared[0].post_roll_chance)
    defender_extra = binomial_pmf(shared[1].post_roll_dice, shared[1].post_roll_chance)
    shape = (first_width, second.shape[2], attacker_extra.size, defender_extra.size)

    # The same products as DrawPlan.cell_probabilities, combat by combat.
    joint = first[:, :, None] * second
    joint = joint[:, :, :, None, None] * attacker_extra[None, None, None, :, None]
    joint = joint * defender_extra[None, None, None, None, :]

    values = tuple(grid.reshape(1, -1) for grid in np.indices(shape, dtype=np.int32))
    # The kind's own rules name the outcome of every cell.
    masks = stack.outcome_masks(resolve_hits(values, *stack.sides, stack.mode, first_to_fire))
    # Only each combat's own cells (not the padding), in its own order: the selected
    # probabilities of a combat come out contiguous, and their sum is the one-by-one sum.
    own_first = np.arange(shape[0])[None, :] < first_sizes[:, None]
    own_second = np.arange(shape[1])[None, :] < second_sizes[:, None]
    own = own_first[:, :, None, None, None] & own_second[:, None, :, None, None]
    probabilities = np.empty((combats, len(outcomes)))
    nowhere = np.zeros((1, int(np.prod(shape))), dtype=bool)
    for column, outcome in enumerate(outcomes):
        chosen = masks.get(outcome, nowhere)
        chosen = np.broadcast_to(chosen, (combats, chosen.shape[1])).reshape(combats, *shape)
        chosen = chosen & own
        selected = joint[chosen]
        ends = np.cumsum(chosen.reshape(combats, -1).sum(axis=1)).tolist()
        starts = [0, *ends[:-1]]
        probabilities[:, column] = [
            selected[start:end].sum() for start, end in zip(starts, ends, strict=True)
        ]
    return probabilities


# -- whole results -----------------------------------------------------------------------


def exact_results(specs) -> list[Result]:
    """:func:`oddsengine.exact` of every engagement of a batch, the end states merged at once.

    Field battles and assaults that share their kind, cards and policies are resolved
    together: their cells laid end to end, their kind's own ``outcome_columns`` run once
    over all of them (:class:`~oddsengine.combat.combat_stack.CombatStack`). Other
    engagements are resolved one by one. The cells of all of them are then merged into
    end states in one pass (one sort, one sum).

    Parameters
    ----------
    specs : sequence of engagements

    Returns
    -------
    list of Result
        Equal to ``exact(spec)`` for each spec: the same states, in the same order, with
        the same weights to the last bit (each state's cells are summed in the same order).

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact
    >>> battles = [FieldBattle(f"{units}R", "1R") for units in (1, 2)]
    >>> [result.p == exact(battle).p for result, battle in zip(exact_results(battles), battles)]
    [True, True]
    """
    specs = _as_list(specs)
    results: list[Result | None] = [None] * len(specs)
    plans = [draw_plan_of(spec) for spec in specs]
    weights = [np.asarray(plan.cell_probabilities(), dtype=float) for plan in plans]
    groups, alone = _groups(specs)
    stacks = [
        chunk
        for indices in groups
        for chunk in _chunks(indices, [weights[index].size for index in indices])
    ]
    batches: dict[tuple, list] = {}
    for index in alone:
        plan = plans[index]
        columns = specs[index].outcome_columns(plan.cell_values())
        if not columns:
            results[index] = Result.from_cells(
                specs[index], "exact", plan.cell_values(), weights[index]
            )
            continue
        batches.setdefault(_layout(columns), []).append(([index], [weights[index].size], columns))
    for chunk in stacks:
        columns, cells = _stacked_columns(
            [specs[index] for index in chunk],
            [plans[index] for index in chunk],
            [weights[index] for index in chunk],
        )
        batches.setdefault(_layout(columns), []).append((chunk, cells, columns))
    for layout, batch in batches.items():
        indices = [index for chunk, _, _ in batch for index in chunk]
        cells = [count for _, counts, _ in batch for count in counts]
        columns = {
            name: np.concatenate([np.asarray(part[name]) for _, _, part in batch])
            for name, _ in layout
        }
        merged = merge_cells(columns, np.concatenate([weights[index] for index in indices]), cells)
        for index, (states, summed) in zip(indices, merged, strict=True):
            results[index] = Result(specs[index], "exact", states, summed)
    return results


def _layout(columns) -> tuple:
    return tuple((name, _column_kind(column)) for name, column in columns.items())


def _column_kind(column) -> str:
    return {"O": "object", "b": "bool"}.get(np.asarray(column).dtype.kind, "number")

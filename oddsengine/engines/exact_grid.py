"""Exact probabilities for a whole grid of combats, as array operations.

Odds tables, sweeps and searches ask the exact engine the same question about many
engagements that differ only in counts and ratings. One by one, each combat builds its
draw plan and resolves its cells in a few dozen small NumPy operations. Here the combats
of a grid that share their kind, cards and policies are stacked: the hit distributions are
rows of one table per kind of die (built once from the shared :func:`hits_pmf`), every
combat's cells are laid out on one padded grid of cell values, and the rules of
:func:`oddsengine.combat._combat.resolve_hits` run once over all of them.

The numbers are those of the one-by-one path to the last bit: each combat's cells keep
their own values, their probabilities are the same products and the selected cells are
summed in the same order. Engagements this module does not stack (interceptions, avoid
battle, allied defenders, cancelled or prevented combats) take the one-by-one path.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache

import numpy as np

from oddsengine.combat._combat import StackedSide, hits_pmf, resolve_hits
from oddsengine.combat.cards import card_rule
from oddsengine.combat.combat_stack import CombatStack
from oddsengine.combat.engagements import Assault, FieldBattle
from oddsengine.engines._draws import binomial_pmf, draw_plan_of
from oddsengine.results.result import Result

__all__ = ["exact_outcome_table", "exact_probabilities", "exact_probability", "exact_results"]

#: Cells resolved together at most (combats x padded cells), to bound memory.
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
    specs, outcomes = list(specs), tuple(outcomes)
    probabilities = np.empty((len(specs), len(outcomes)))
    groups: dict[tuple, list[int]] = {}
    for index, spec in enumerate(specs):
        key = _group_key(spec)
        if key is None:
            probabilities[index] = _one_by_one(spec, outcomes)
        else:
            groups.setdefault(key, []).append(index)
    for key, indices in groups.items():
        for chunk in _passes(indices, [specs[index] for index in indices]):
            probabilities[chunk] = _stacked_probabilities(
                [specs[index] for index in chunk], outcomes, key
            )
    return probabilities


# -- grouping ----------------------------------------------------------------------------


def _sides(spec):
    # The prepared sides the spec hands to resolve_combat (cached on the spec).
    return spec.sides


def _side_key(side) -> tuple:
    return (
        side.bonus_dice,
        side.bonus_chance,
        side.post_roll_dice,
        side.post_roll_chance,
        side.post_roll_policy,
    )


_COMBAT_FIELDS = frozenset(
    {
        "attacker",
        "defender",
        "attacker_cards",
        "defender_cards",
        "responses",
        "policies",
        "options",
        "defender_ally",
    }
)
#: Fields that only decide whether the combat may happen, or add events.
_STACKED_FIELDS = {
    FieldBattle: _COMBAT_FIELDS | {"joined_garrison"},
    Assault: _COMBAT_FIELDS
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


@cache
def _stackable_class(spec_class) -> bool:
    fields = {item.name for item in dataclasses.fields(spec_class)}
    return spec_class in _STACKED_FIELDS and fields <= _STACKED_FIELDS[spec_class]


def _group_key(spec) -> tuple | None:
    """What combats must share to be stacked; None for the one-by-one path."""
    if not _stackable_class(type(spec)) or spec.defender_ally is not None:
        return None
    cards = (*spec.attacker_cards, *spec.defender_cards, *spec.responses)
    # The stacked path knows a card's effect when its record says so: the effect lies in
    # the prepared sides, the post-roll draws or the outcome naming of :func:`_outcome_mask`
    # (a card taking the space, Treachery), or it cancels or prevents the combat (then the
    # one-by-one path answers). A new card takes the one-by-one path until its record sets
    # ``grid_path``, with a case in the tests.
    if not all(card_rule(card).grid_path for card in cards):
        return None
    if spec.cancelled or getattr(spec, "restless_breaks_siege", False):
        return None
    attacker, defender = _sides(spec)
    taken_by_card = any(card_rule(card).outcome is not None for card in spec.attacker_cards)
    return (type(spec), spec.first_to_fire, taken_by_card, _side_key(attacker), _side_key(defender))


def _passes(indices: list[int], specs) -> list[list[int]]:
    """Split a group into passes of combats of similar size (so that little of a pass is
    padding), each resolving at most :data:`_CELLS_PER_PASS` cells."""
    sizes = []
    for attacker, defender in map(_sides, specs):
        sizes.append(
            (max(attacker.dice_after_losses) + attacker.bonus_dice + 1)
            * (max(defender.dice_after_losses) + defender.bonus_dice + 1)
        )
    attacker, defender = _sides(specs[0])
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
    table = np.zeros((most_dice + 1, most_dice + bonus_dice + 1))
    for dice in range(most_dice + 1):
        table[dice, : dice + bonus_dice + 1] = hits_pmf(dice, bonus_dice, bonus_chance)
    table.setflags(write=False)
    return table


def _hit_rows(sides, losses: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each side's hit distribution after ``losses[c, i]`` losses before rolling.

    Returns the rows, shape ``(combats, len(i), width)``, and their sizes (the length of
    each side's own pmf, as :meth:`CombatSide.hits_pmf` returns it).
    """
    bonus_dice, bonus_chance = sides[0].bonus_dice, sides[0].bonus_chance
    land_units = np.array([side.land_units for side in sides])[:, None]
    dice_table = np.zeros((len(sides), land_units.max() + 1), dtype=np.int64)
    for row, side in enumerate(sides):
        dice_table[row, : side.land_units + 1] = side.dice_after_losses
    dice = np.take_along_axis(dice_table, losses, axis=1)
    table = _hits_table(int(dice_table.max()), bonus_dice, bonus_chance)
    rows = table[dice]
    sizes = dice + bonus_dice + 1
    # 29: a side that lost every unit to the first fire rolls nothing.
    wiped_out = (losses > 0) & (losses >= land_units)
    if wiped_out.any():
        rows = np.where(wiped_out[:, :, None], np.eye(1, table.shape[1]), rows)
        sizes = np.where(wiped_out, 1, sizes)
    return rows, sizes


def _stacked_probabilities(specs, outcomes: tuple[str, ...], key: tuple) -> np.ndarray:
    spec_class, first_to_fire, taken_by_card = key[:3]
    attackers, defenders = zip(*map(_sides, specs), strict=True)
    firing, answering = (attackers, defenders)
    if first_to_fire == "defender":
        firing, answering = defenders, attackers
    combats = len(specs)

    # The plan of every combat (see combat_plan), padded to the largest sizes.
    first, first_sizes = _hit_rows(firing, np.zeros((combats, 1), dtype=np.int64))
    first, first_sizes = first[:, 0, :], first_sizes[:, 0]
    first_width = first.shape[1]
    if first_to_fire is None:
        second, second_sizes = _hit_rows(answering, np.zeros((combats, 1), dtype=np.int64))
        second_sizes = second_sizes[:, 0]
    else:
        # One row per hit count of the side that fired first, capped at the answering
        # side's land units (the plan's row min(first, rows - 1)).
        land_units = np.array([side.land_units for side in answering])[:, None]
        losses = np.minimum(np.arange(first_width)[None, :], land_units)
        second, row_sizes = _hit_rows(answering, losses)
        # The plan's second table is as wide as its widest row (over real rows only).
        real = np.arange(first_width)[None, :] <= land_units
        second_sizes = np.where(real, row_sizes, 0).max(axis=1)
    attacker_extra = binomial_pmf(attackers[0].post_roll_dice, attackers[0].post_roll_chance)
    defender_extra = binomial_pmf(defenders[0].post_roll_dice, defenders[0].post_roll_chance)
    shape = (first_width, second.shape[2], attacker_extra.size, defender_extra.size)

    # The same products as DrawPlan.cell_probabilities, combat by combat.
    joint = first[:, :, None] * second
    joint = joint[:, :, :, None, None] * attacker_extra[None, None, None, :, None]
    joint = joint * defender_extra[None, None, None, None, :]

    values = tuple(grid.reshape(1, -1) for grid in np.indices(shape, dtype=np.int32))
    columns = resolve_hits(
        values,
        StackedSide.stack(attackers),
        StackedSide.stack(defenders),
        spec_class.mode,
        first_to_fire,
    )
    # Only each combat's own cells (not the padding), in its own order: the selected
    # probabilities of a combat come out contiguous, and their sum is the one-by-one sum.
    own_first = np.arange(shape[0])[None, :] < first_sizes[:, None]
    own_second = np.arange(shape[1])[None, :] < second_sizes[:, None]
    own = own_first[:, :, None, None, None] & own_second[:, None, :, None, None]
    probabilities = np.empty((combats, len(outcomes)))
    for column, outcome in enumerate(outcomes):
        chosen = _outcome_mask(spec_class, columns, taken_by_card, outcome)
        chosen = np.broadcast_to(chosen, (combats, chosen.shape[1])).reshape(combats, *shape)
        chosen = chosen & own
        selected = joint[chosen]
        ends = np.cumsum(chosen.reshape(combats, -1).sum(axis=1)).tolist()
        starts = [0, *ends[:-1]]
        probabilities[:, column] = [
            selected[start:end].sum() for start, end in zip(starts, ends, strict=True)
        ]
    return probabilities


def _outcome_mask(spec_class, columns, taken_by_card: bool, outcome: str) -> np.ndarray:
    """The cells that end in ``outcome``, as :meth:`outcome_columns` names them."""
    success = columns["attacker_prevails"]
    if spec_class is FieldBattle:
        # 14 step 8: the attacker wins on more hits; ties go to the defender.
        masks = {"attacker_wins": success, "defender_wins": ~success}
    else:
        # 15.1 step 11: on failure the siege goes on while the besiegers still outnumber
        # the garrison; 105 (Treachery): then the space falls instead.
        continues = ~success & (columns["attacker_survivors"] > columns["defender_survivors"])
        if taken_by_card:
            success, continues = success | continues, np.zeros_like(continues)
        masks = {
            "success": success,
            "siege_continues": continues,
            "siege_broken": ~success & ~continues,
        }
    return masks.get(outcome, np.zeros_like(success))


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
    specs = list(specs)
    results: list[Result | None] = [None] * len(specs)
    plans = [draw_plan_of(spec) for spec in specs]
    weights = [np.asarray(plan.cell_probabilities(), dtype=float) for plan in plans]
    stacks: dict[tuple, list[int]] = {}
    alone = []
    for index, spec in enumerate(specs):
        key = _stack_key(spec)
        if key is None:
            alone.append(index)
        else:
            stacks.setdefault(key, []).append(index)
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
    for indices in stacks.values():
        for chunk in _chunks(indices, [weights[index].size for index in indices]):
            cells = [weights[index].size for index in chunk]
            values = [
                np.concatenate(parts)
                for parts in zip(*(plans[index].cell_values() for index in chunk), strict=True)
            ]
            stack = CombatStack([specs[index] for index in chunk], cells)
            columns = stack.outcome_columns(values)
            batches.setdefault(_layout(columns), []).append((chunk, cells, columns))
    for layout, batch in batches.items():
        indices = [index for chunk, _, _ in batch for index in chunk]
        cells = [count for _, counts, _ in batch for count in counts]
        columns = {
            name: np.concatenate([np.asarray(part[name]) for _, _, part in batch])
            for name, _ in layout
        }
        merged = _merge_states(
            layout, columns, np.concatenate([weights[index] for index in indices]), cells
        )
        for index, (states, summed) in zip(indices, merged, strict=True):
            results[index] = Result(specs[index], "exact", states, summed)
    return results


def _stack_key(spec) -> tuple | None:
    """What combats must share to be resolved in one :class:`CombatStack` (everything
    :data:`~oddsengine.combat.combat_stack.SHARED` reads); None for one by one."""
    grid_key = _group_key(spec)
    if grid_key is None or spec._deterministic_outcome is not None:
        return None
    if getattr(spec, "assault_prevented", False):
        return None
    return (
        grid_key,
        spec.attacker_cards,
        spec.defender_cards,
        spec.responses,
        spec.policies,
        spec.options,
        bool(getattr(spec, "defender_squadrons_in_port", 0)),
    )


def _chunks(indices: list[int], cells: list[int]) -> list[list[int]]:
    """Consecutive parts of a stack of at most :data:`_CELLS_PER_PASS` cells (to bound
    memory), each of at least one combat."""
    chunks, current, total = [], [], 0
    for index, count in zip(indices, cells, strict=True):
        if current and total + count > _CELLS_PER_PASS:
            chunks.append(current)
            current, total = [], 0
        current.append(index)
        total += count
    return chunks + [current]


def _layout(columns) -> tuple:
    return tuple((name, _column_kind(column)) for name, column in columns.items())


def _column_kind(column) -> str:
    return {"O": "object", "b": "bool"}.get(np.asarray(column).dtype.kind, "number")


def _merge_states(layout, columns, weights, cells) -> list[tuple[dict, np.ndarray]]:
    """The end states and summed weights of each engagement of a batch, as
    :meth:`Result.from_cells` makes them: cells of zero weight dropped, cells with equal
    columns merged, states in the lexicographic order of their columns.

    ``columns`` and ``weights`` hold the cells of every engagement end to end,
    ``cells[e]`` of them for engagement ``e``.
    """
    keep = weights > 0
    kept_weights = weights[keep]
    # The first column is the engagement, so that no two engagements share a state and
    # each one's states come out together, in their own lexicographic order.
    matrix = np.empty((kept_weights.size, len(layout) + 1), dtype=np.int64)
    matrix[:, 0] = np.repeat(np.arange(len(cells)), cells)[keep]
    labels = {}
    for position, (name, kind) in enumerate(layout, start=1):
        values = columns[name][keep]
        if kind == "object":
            # Codes in the order of the labels (a few names: a lookup, not a sort of every
            # cell's string): the order of states is that of each engagement's own labels.
            texts = values.tolist()
            if not all(type(text) is str for text in set(texts)):
                texts = [str(text) for text in texts]
            names = sorted(set(texts))
            code_of = {text: code for code, text in enumerate(names)}
            labels[name] = np.array(names)
            matrix[:, position] = list(map(code_of.__getitem__, texts))
        else:
            matrix[:, position] = values
    unique_rows, inverse = _sorted_unique_rows(matrix)
    summed = np.bincount(inverse, weights=kept_weights, minlength=len(unique_rows))
    ends = np.cumsum(np.bincount(unique_rows[:, 0], minlength=len(cells))).tolist()
    cuts = list(zip([0, *ends[:-1]], ends, strict=True))
    # Each column for the whole batch, then cut at each engagement's states.
    states = {}
    for position, (name, kind) in enumerate(layout, start=1):
        column = unique_rows[:, position]
        if kind == "object":
            column = labels[name][column].astype(object)
        elif kind == "bool":
            column = column.astype(bool)
        states[name] = [column[start:end] for start, end in cuts]
    return [
        ({name: parts[index] for name, parts in states.items()}, summed[start:end])
        for index, (start, end) in enumerate(cuts)
    ]


def _sorted_unique_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``matrix`` in lexicographic order, and each row's place."""
    if not matrix.size:
        unique_rows, inverse = np.unique(matrix, axis=0, return_inverse=True)
        return unique_rows, inverse.ravel()
    low = matrix.min(axis=0)
    strides, total = [], 1
    for span in reversed((matrix.max(axis=0) - low + 1).tolist()):
        strides.append(total)
        total *= span
    if total >= 2**62:
        unique_rows, inverse = np.unique(matrix, axis=0, return_inverse=True)
        return unique_rows, inverse.ravel()
    # Each row read as one number in a mixed radix, the first column most significant.
    keys = (matrix - low) @ np.array(strides[::-1], dtype=np.int64)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return matrix[first], inverse.ravel()

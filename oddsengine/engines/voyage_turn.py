"""The engines of a turn's explorations (RULES.md §22): the exact end states of a
:class:`~oddsengine.religion.voyage_turn.VoyageTurn` (its chain over what has been claimed,
the spec's draw plan) and its Monte Carlo on the Numba kernel of
:mod:`oddsengine.engines._voyage_kernel`.

Both are reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate`. The
kernel looks the rules up rather than applying them: :func:`kernel_tables` tabulates, with
the rules' one resolution (:func:`~oddsengine.religion.new_world.explore`) and the turn's
order (:func:`~oddsengine.religion.voyage_turn.voyage_order`), what every voyage gives for
every explorer, roll and set of claims, and the kernel counts the results of each block of
trials (never one record per trial).
"""

from __future__ import annotations

import numpy as np

from oddsengine.engines._random import CAMPAIGN_BLOCK, block_pieces, scenario_id
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run, check_spec
from oddsengine.religion.new_world import EXPLORATION_CODES, discoveries, explore
from oddsengine.religion.voyage_turn import VoyageTurn, voyage_order
from oddsengine.results.result import Result

__all__ = [
    "TURN_BLOCK",
    "TURN_TRIALS",
    "exact_voyage_turn",
    "kernel_tables",
    "simulate_voyage_turn",
]

#: Trials per block of the Monte Carlo (the unit of random streams): a campaign's.
TURN_BLOCK = CAMPAIGN_BLOCK
#: Trials of a turn's Monte Carlo when none are asked for (as for every other kind).
TURN_TRIALS = DEFAULT_TRIALS
#: Trials per piece of work handed to a thread (a split of the blocks: it moves no number).
PIECE_TRIALS = TURN_BLOCK
#: Pieces per call of the kernel, so that Ctrl-C is seen between two calls.
CALL_PIECES = 64
#: The circumnavigation's codes (EXPLORATION_CODES): the voyage rolls its second 2d6.
_CIRCLING = (
    EXPLORATION_CODES.index("circumnavigation"),
    EXPLORATION_CODES.index("circumnavigation_failed"),
)


def exact_voyage_turn(turn: VoyageTurn) -> Result:
    """Exact end states of a turn's explorations (the chain); the same as ``exact(turn)``.

    Examples
    --------
    >>> turn = VoyageTurn(("france", "hapsburg"), explorers=("Verrazano", "Narvaez"))
    >>> # 2d6 + 2 of 7-9 (2d6 of 5-7: 15/36); at 10+ Verrazano tries to circumnavigate
    >>> round(exact_voyage_turn(turn).p["france:discovery"] * 36)
    15
    """
    plan = check_spec(turn, VoyageTurn, "voyage-turn").draw_plan()
    return Result.from_cells(turn, "exact", plan.cell_values(), plan.cell_probabilities())


def kernel_tables(turn: VoyageTurn) -> dict:
    """The plain arrays the kernel reads (see
    :func:`oddsengine.engines._voyage_kernel.count_turn_cells`), and ``results``: the
    (code, claims gained, VP, card) of each result a cell is made of.

    Every power's voyage is resolved by :func:`~oddsengine.religion.new_world.explore`
    for every explorer of its pool, every set of claims, every 2d6 and every
    circumnavigation 2d6 (22, 23.15), and the order of the turn by
    :func:`~oddsengine.religion.voyage_turn.voyage_order` for every draw of the explorers
    (22: best explorer first, ties England, France, the Hapsburgs).

    Examples
    --------
    >>> tables = kernel_tables(VoyageTurn(("france", "hapsburg"),
    ...                                   explorers=("Cartier", "Magellan")))
    >>> tables["order"].tolist()  # Magellan (4) sails before Cartier (3)
    [[1, 0]]
    """
    from oddsengine.engines._inverse_cdf import fill_buckets
    from oddsengine.engines._voyage_kernel import CIRCLES

    check_spec(turn, VoyageTurn, "voyage-turn")
    count = len(turn.powers)
    masks = np.arange(1 << len(discoveries()), dtype=np.int64)
    totals = np.arange(13, dtype=np.int64)  # a 2d6 total, indexed as the draw plan's
    most = max(len(voyage.pool) for voyage in turn.voyages)
    shape = (count, most, masks.size, totals.size, totals.size)
    fields = np.zeros((4, *shape), dtype=np.int64)  # code, gained, VP, card
    circling = np.zeros(shape[:-1], dtype=bool)
    for column, voyage in enumerate(turn.voyages):
        size = len(voyage.pool)
        done = explore(
            voyage.explorer_values[:, None, None, None],
            totals[None, None, :, None],
            totals[None, None, None, :],
            masks[None, :, None, None],
            mercator=voyage.mercator,
            uncharted=voyage.uncharted,
            choice=voyage.choice,
        )
        for row, value in enumerate((done.code, done.gained, done.vp, done.card)):
            fields[row, column, :size] = np.broadcast_to(value, (size, *shape[2:]))
        # Whether the voyage rolls for the circumnavigation does not depend on that roll.
        circling[column, :size] = np.isin(fields[0, column, :size, :, :, 0], _CIRCLING)
    # The distinct results, by one key of the four fields (a sort of plain integers).
    spans = [int(field.max()) + 1 for field in fields]
    key = np.zeros(shape, dtype=np.int64)
    for field, span in zip(fields, spans, strict=True):
        key = key * span + field
    keys, inverse = np.unique(key.ravel(), return_inverse=True)
    results = np.empty((keys.size, 4), dtype=np.int64)
    for column in range(3, -1, -1):
        keys, results[:, column] = np.divmod(keys, spans[column])
    outcome = inverse.reshape(shape).astype(np.int8)
    outcome[..., 0] = np.where(circling, CIRCLES, outcome[..., 0])
    plans = [voyage.draw_plan().thresholds() for voyage in turn.voyages]
    width = max(table.shape[1] for table, _ in plans)
    cuts = np.full((count, 3, width), np.iinfo(np.uint32).max, dtype=np.uint32)
    layouts = np.empty((count, 3), dtype=np.int64)
    for column, (table, layout) in enumerate(plans):
        # The pool, the 2d6 and the circumnavigation's 2d6 (DrawPlan.thresholds' rows).
        cuts[column, :, : table.shape[1]] = table[:3]
        layouts[column] = layout[0], layout[2], layout[3]
    buckets = np.stack(
        [
            [
                fill_buckets(cuts[column, row, : size - 1])
                for row, size in enumerate(layouts[column])
            ]
            for column in range(count)
        ]
    )
    grids = np.meshgrid(*(np.arange(len(voyage.pool)) for voyage in turn.voyages), indexing="ij")
    draws = np.stack([grid.ravel() for grid in grids], axis=1).astype(np.int64)
    return {
        "cuts": cuts,
        "buckets": buckets,
        "layouts": layouts,
        "outcome": outcome,
        "gained": np.ascontiguousarray(results[:, 1]),
        "order": np.ascontiguousarray(voyage_order(turn.explorer_values(draws), turn.powers)),
        "results": results,
    }


def _end_states(turn: VoyageTurn, results: np.ndarray, cells: np.ndarray) -> tuple:
    """The end fields (:attr:`VoyageTurn.end_fields`) of each cell: the claims after the
    turn, then each power's code, VP and card."""
    count = len(turn.powers)
    radix = len(results)
    claimed = np.full(cells.size, turn.voyages[0].claimed_mask, dtype=np.int64)
    per_power = []
    for column in range(count):
        result = results[(cells // radix ** (count - 1 - column)) % radix]
        claimed |= result[:, 1]
        per_power += [result[:, 0], result[:, 2], result[:, 3]]
    return (claimed, *per_power)


def _count(turn: VoyageTurn, tables: dict, seed: int, first_block: int, trials: int):
    """The counts of each cell of trials ``[first_block * TURN_BLOCK, ... + trials)``."""
    from oddsengine.engines._voyage_kernel import count_turn_cells

    # The pieces of work: each block cut into runs of PIECE_TRIALS trials.
    piece_keys, firsts, sizes = block_pieces(
        seed, scenario_id(turn), first_block, trials, TURN_BLOCK, PIECE_TRIALS
    )
    radix = len(tables["results"])
    weights = np.zeros(radix ** len(turn.powers), dtype=np.int64)
    claimed = np.int64(turn.voyages[0].claimed_mask)
    # Short calls, so that Ctrl-C is seen between two of them.
    for start in range(0, len(piece_keys), CALL_PIECES):
        part = slice(start, start + CALL_PIECES)
        counts = np.zeros((len(piece_keys[part]), weights.size), dtype=np.int64)
        count_turn_cells(
            tables["cuts"],
            tables["buckets"],
            tables["layouts"],
            tables["outcome"],
            tables["gained"],
            tables["order"],
            np.int64(radix),
            claimed,
            piece_keys[part],
            firsts[part],
            sizes[part],
            counts,
        )
        weights += counts.sum(axis=0)
    return weights


def simulate_voyage_turn(
    turn: VoyageTurn, trials=TURN_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo end states of a turn's explorations; ``simulate(turn)``.

    Each power's voyage (the draw from its pool, its 2d6, its circumnavigation 2d6) is
    drawn as the one sampler draws its :class:`~oddsengine.religion.voyage.Voyage`'s draw
    plan: block ``b`` of :data:`TURN_BLOCK` trials draws from the stream keyed by (seed,
    turn, b), power ``p`` of trial ``t`` at position ``t * powers + p``, so a result does
    not depend on anything else run, on the thread count or on how the blocks are split
    into work. The Numba kernel resolves the voyages in the rules' order and counts each
    cell (one result per power).

    Parameters
    ----------
    turn : VoyageTurn
    trials, seed, precision, max_trials
        As :func:`oddsengine.simulate` takes them.

    Examples
    --------
    >>> turn = VoyageTurn(("france", "hapsburg"), explorers=("Verrazano", "Narvaez"))
    >>> result = simulate_voyage_turn(turn, trials=40_000, seed=2)
    >>> bool(abs(result.p["france:discovery"] - 15 / 36) < 0.01)
    True
    """
    from oddsengine.engines.montecarlo import rounds_to_precision

    check_spec(turn, VoyageTurn, "voyage-turn")
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    tables = kernel_tables(turn)
    weights = np.zeros(len(tables["results"]) ** len(turn.powers), dtype=np.int64)

    def count(first, more):
        weights[:] += _count(turn, tables, seed, first // TURN_BLOCK, more)
        seen = np.flatnonzero(weights)
        return _end_states(turn, tables["results"], seen), weights[seen].astype(float)

    return rounds_to_precision(turn, count, trials, seed, precision, max_trials)

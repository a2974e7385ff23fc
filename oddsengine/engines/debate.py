"""The engines of theological debates (RULES.md §20): the exact weights of every cell of a
:class:`~oddsengine.religion.debate.Debate`'s tree (in floats, or in fractions for tests)
and its Monte Carlo on the Numba kernel of :mod:`oddsengine.engines._debate_kernel`.

Both are reached through :func:`oddsengine.exact` and :func:`oddsengine.simulate` and give
the same :class:`~oddsengine.results.result.Result` shape (cells turned into outcomes by
the spec). A cell is ``(node, hit difference + max dice, Campeggio's die)``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from oddsengine.engines.run_arguments import MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.religion.debate_tree import (
    CAMPEGGIO_CHANCE,
    difference_fractions,
    difference_pmf,
)
from oddsengine.results.result import Result

__all__ = [
    "DEBATE_BLOCK",
    "DEBATE_TRIALS",
    "exact_debate",
    "exact_debate_fractions",
    "simulate_debate",
    "debate_cell_weights",
]

#: Trials per block of the Monte Carlo (the unit of random streams).
DEBATE_BLOCK = 1 << 20
#: Trials of a debate's Monte Carlo when none are asked for.
DEBATE_TRIALS = 1_000_000


def _check(debate):
    from oddsengine.religion.debate import Debate

    if not isinstance(debate, Debate):
        raise OddsEngineTypeError(f"a debate engine takes a Debate, not {shown(debate)}")
    return debate


def debate_cell_weights(debate, fractions: bool = False) -> list | np.ndarray:
    """The exact probability of every cell of ``debate``'s tree, in cell order.

    Round 1's matchup is drawn with its chance, then each side's hits (Binomial(dice,
    1/3), 20 step 5); a tie passes the mass to round 2's matchups (23.10); a round-2 tie is
    the inconclusive end. Campeggio's die splits a lost result 2/3 to 1/3 (20 step 7).

    Parameters
    ----------
    debate : Debate
    fractions : bool
        Weights as :class:`fractions.Fraction` (a list) instead of floats (an array).

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> debate = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
    ...                 committed="Carlstadt")
    >>> sum(debate_cell_weights(debate, fractions=True))
    Fraction(1, 1)
    """
    tree = _check(debate).tree
    if not fractions:
        return _float_cell_weights(debate)
    arrays = tree.arrays
    width = tree.differences
    offset = tree.max_dice
    papal_initiates = debate.initiator == "papacy"
    zero = Fraction(0) if fractions else 0.0
    weights = [zero] * tree.cells if fractions else np.zeros(tree.cells)
    pmf_of = difference_fractions if fractions else difference_pmf
    campeggio = CAMPEGGIO_CHANCE if fractions else float(CAMPEGGIO_CHANCE)
    reach = [None] * len(tree.nodes)
    for index, matchup in enumerate(tree.nodes):
        chance = matchup.probability if fractions else float(matchup.probability)
        parent = int(arrays["parent"][index])
        if parent >= 0:
            chance = chance * reach[parent]
        pmf = pmf_of(matchup.initiator_dice, matchup.other_dice)
        if matchup.round == 1:
            reach[index] = chance * pmf[matchup.other_dice]  # a tie goes to round 2
        for position, mass in enumerate(pmf):
            difference = position - matchup.other_dice
            if difference == 0 and matchup.round == 1:
                continue
            weight = chance * mass
            cell = (index * width + difference + offset) * 2
            papal_lost = difference != 0 and (difference > 0) != papal_initiates
            if matchup.campeggio and papal_lost:
                weights[cell + 1] += weight * campeggio
                weight = weight * (1 - campeggio)
            weights[cell] += weight
    return weights


def _float_cell_weights(debate) -> np.ndarray:
    """:func:`debate_cell_weights` in floats, every node at once (the same sums)."""
    tree = debate.tree
    arrays = tree.arrays
    width, offset = tree.differences, tree.max_dice
    attack, defence = arrays["initiator_dice"], arrays["other_dice"]
    # Each node's difference distribution, placed at its offset in a row of the cells.
    pairs, inverse = np.unique(np.stack([attack, defence], axis=1), axis=0,
                               return_inverse=True)
    table = np.zeros((len(pairs), width))
    for row, (dice, other) in enumerate(pairs.tolist()):
        pmf = difference_pmf(dice, other)
        table[row, offset - other: offset - other + pmf.size] = pmf
    pmfs = table[inverse.ravel()]
    chance = np.array([float(p) for p in arrays["probability"]])
    first = len(tree.round_one)
    parent = arrays["parent"]
    reach = chance[:first] * pmfs[np.arange(first), offset]  # a tie goes to round 2
    chance[first:] *= reach[parent[first:]]
    weights = chance[:, None] * pmfs
    weights[:first, offset] = 0.0
    difference = np.arange(width) - offset
    papal_lost = (difference != 0) & ((difference > 0) != (debate.initiator == "papacy"))
    rolls = (arrays["campeggio"] == 1)[:, None] & papal_lost[None, :]
    cells = np.zeros((len(tree.nodes), width, 2))
    cells[:, :, 1] = np.where(rolls, weights * float(CAMPEGGIO_CHANCE), 0.0)
    cells[:, :, 0] = np.where(rolls, weights * (1 - float(CAMPEGGIO_CHANCE)), weights)
    return cells.ravel()


def exact_debate(debate) -> Result:
    """The exact answer of a debate; the same as ``exact(debate)``.

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> result = exact_debate(Debate("german", "papacy", turn=1, attacker="Eck",
    ...                              defender="Carlstadt", committed="Carlstadt"))
    >>> round(result.p["round_1:papal_wins"], 4), round(result.p["second_round"], 4)
    (0.7935, 0.1512)
    """
    weights = debate_cell_weights(debate)
    return Result.from_cells(debate, "exact", debate.tree.cell_values(), weights)


def exact_debate_fractions(debate) -> dict[str, Fraction]:
    """Every outcome's and event's probability, and every expectation (``expected_NAME``),
    as exact fractions (for tests: the figures worked by hand).

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> answer = exact_debate_fractions(Debate("german", "papacy", turn=1, attacker="Eck",
    ...                                        defender="Carlstadt", committed="Carlstadt"))
    >>> answer["burnt:Carlstadt"]
    Fraction(10579, 19683)
    """
    weights = debate_cell_weights(debate, fractions=True)
    live = [index for index, weight in enumerate(weights) if weight]
    values = [value[live] for value in debate.tree.cell_values()]
    columns = debate.outcome_columns(values)
    chances = [weights[index] for index in live]
    answer: dict[str, Fraction] = {}
    for name in debate.outcome_names:
        answer[name] = sum((c for c, o in zip(chances, columns["outcome"], strict=True)
                            if o == name), Fraction(0))
    for name in debate.event_names:
        answer[name] = sum((c for c, hit in zip(chances, columns[name], strict=True) if hit),
                           Fraction(0))
    for name, (column, scale) in debate.reported_columns.items():
        answer[f"expected_{name}"] = sum(
            (c * int(v) * scale for c, v in zip(chances, columns[column], strict=True)),
            Fraction(0))
    return answer


def kernel_tables(debate) -> dict:
    """The plain arrays the kernel reads (see
    :func:`oddsengine.engines._debate_kernel.count_debate_cells`)."""
    tree = debate.tree
    arrays = tree.arrays
    top = 2.0**32
    most = tree.max_dice
    binomial = np.full((most + 1, most + 1), np.iinfo(np.uint32).max, dtype=np.uint32)
    from oddsengine.draws import binomial_pmf

    for dice in range(most + 1):
        cumulative = np.cumsum(binomial_pmf(dice))[:-1]
        binomial[dice, : cumulative.size] = np.minimum(np.round(cumulative * top), top - 1)
    nodes = len(tree.nodes)
    first_count = len(tree.round_one)
    # The categorical draws: round 1 over its nodes, round 2 over each node's children.
    cut = np.full(nodes, np.iinfo(np.uint32).max, dtype=np.uint32)
    groups = [(0, first_count)] + [
        (int(arrays["first"][i]), int(arrays["count"][i])) for i in range(first_count)
    ]
    for start, count in groups:
        chances = np.array([float(p) for p in arrays["probability"][start: start + count]])
        if count:
            cumulative = np.cumsum(chances / chances.sum())[:-1]
            cut[start: start + count - 1] = np.minimum(np.round(cumulative * top), top - 1)
    from oddsengine.engines._debate_kernel import fill_buckets

    hit_buckets = np.stack([fill_buckets(binomial[dice, :dice]) for dice in range(most + 1)])
    node_buckets = np.stack([fill_buckets(cut[start: start + max(count - 1, 0)])
                             for start, count in groups])
    papal_initiates = debate.initiator == "papacy"
    return {
        "binomial": binomial,
        "hit_buckets": hit_buckets,
        "cut": cut,
        "node_buckets": node_buckets,
        "dice": np.stack([arrays["initiator_dice"], arrays["other_dice"]], axis=1),
        "campeggio": arrays["campeggio"],
        "children": np.stack([arrays["first"], arrays["count"]], axis=1),
        "layout": np.array([first_count, tree.differences, most, int(papal_initiates),
                            int(np.round(float(CAMPEGGIO_CHANCE) * top))], dtype=np.int64),
    }


def simulate_debate(debate, trials=DEBATE_TRIALS, seed=None) -> Result:
    """Monte Carlo of a debate; ``simulate(debate)``.

    Each trial draws round 1's matchup, both sides' hits and Campeggio's die, and on a tie
    round 2's, on at most four outputs of the project's counter-based stream (positions
    ``4 t .. 4 t + 3`` of block ``b``'s stream, keyed by (seed, debate, b)): the same
    numbers whatever the thread count. Each block's cells are counted in the kernel.

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> debate = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
    ...                 committed="Carlstadt")
    >>> result = simulate_debate(debate, trials=200_000, seed=1)
    >>> bool(abs(result.p["papal_wins"] - exact_debate(debate).p["papal_wins"]) < 0.005)
    True
    """
    from oddsengine.engines._debate_kernel import count_debate_cells
    from oddsengine.engines._random import block_keys, scenario_id

    _check(debate)
    trials, _, seed = check_run(trials, MAX_TRIALS, seed, None)
    blocks = -(-trials // DEBATE_BLOCK)
    keys = block_keys(seed, scenario_id(debate), blocks)
    sizes = np.full(blocks, DEBATE_BLOCK, dtype=np.int64)
    sizes[-1] = trials - DEBATE_BLOCK * (blocks - 1)
    tables = kernel_tables(debate)
    cells = debate.tree.cells
    # Blocks run in batches, so that the counts in memory stay small for a big tree.
    batch = max(2, min(64, (1 << 22) // max(cells, 1)))
    weights = np.zeros(cells, dtype=np.int64)
    for start in range(0, blocks, batch):
        stop = min(start + batch, blocks)
        counts = np.zeros((stop - start, cells), dtype=np.int64)
        count_debate_cells(tables["binomial"], tables["hit_buckets"], tables["cut"],
                           tables["node_buckets"], tables["dice"], tables["campeggio"],
                           tables["children"], tables["layout"], keys[start:stop],
                           sizes[start:stop], counts)
        weights += counts.sum(axis=0)
    weights = weights.astype(float)
    return Result.from_cells(debate, "monte-carlo", debate.tree.cell_values(), weights,
                             trials=trials, seed=seed)

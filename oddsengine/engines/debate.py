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

from oddsengine.engines._random import BLOCK_TRIALS
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run, check_spec
from oddsengine.religion.debate_dice import CAMPEGGIO_CHANCE, cell_fractions, difference_pmf
from oddsengine.results.result import Result

__all__ = [
    "DEBATE_BLOCK",
    "DEBATE_TRIALS",
    "exact_debate",
    "exact_debate_fractions",
    "simulate_debate",
    "debate_cell_weights",
]

#: Trials per block of the Monte Carlo (the unit of random streams), the rounds' unit
#: under a precision target: every kernel's.
DEBATE_BLOCK = BLOCK_TRIALS
#: Trials of a debate's Monte Carlo when none are asked for (as for every other kind).
DEBATE_TRIALS = DEFAULT_TRIALS


def _check(debate):
    from oddsengine.religion.debate import Debate

    return check_spec(debate, Debate, "debate")


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
    _check(debate)
    return cell_fractions(debate) if fractions else _float_cell_weights(debate)


def _float_cell_weights(debate) -> np.ndarray:
    """:func:`debate_cell_weights` in floats, every node at once (the same sums)."""
    tree = debate.tree
    arrays = tree.arrays
    width, offset = tree.differences, tree.max_dice
    attack, defence = arrays["initiator_dice"], arrays["other_dice"]
    # Each node's difference distribution, placed at its offset in a row of the cells.
    pairs, inverse = np.unique(np.stack([attack, defence], axis=1), axis=0, return_inverse=True)
    table = np.zeros((len(pairs), width))
    for row, (dice, other) in enumerate(pairs.tolist()):
        pmf = difference_pmf(dice, other)
        table[row, offset - other : offset - other + pmf.size] = pmf
    pmfs = table[inverse.ravel()]
    chance = np.array([float(p) for p in arrays["probability"]])
    first = len(tree.round_one)
    parent = arrays["parent"]
    reach = chance[:first] * pmfs[np.arange(first), offset]  # a tie goes to round 2
    chance[first:] *= reach[parent[first:]]
    weights = chance[:, None] * pmfs
    weights[:first, offset] = 0.0
    difference = np.arange(width) - offset
    papal_lost = (difference != 0) & ((difference > 0) != debate.papal_initiates)
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
    return _from_cells(debate, "exact", debate_cell_weights(debate))


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
        answer[name] = sum(
            (c for c, o in zip(chances, columns["outcome"], strict=True) if o == name), Fraction(0)
        )
    for name in debate.event_names:
        answer[name] = sum(
            (c for c, hit in zip(chances, columns[name], strict=True) if hit), Fraction(0)
        )
    for name, (column, scale) in debate.reported_columns.items():
        answer[f"expected_{name}"] = sum(
            (c * int(v) * scale for c, v in zip(chances, columns[column], strict=True)), Fraction(0)
        )
    return answer


def _bits(size: int) -> int:
    """The bits of an alias table of at least ``size`` columns (two at least)."""
    return max(1, (size - 1).bit_length())


def _dice_masses(tree, papal_initiates: bool) -> np.ndarray:
    """Each node's chance of each of its cells given its matchup, shape (nodes,
    2 * differences): the hit difference (20 step 5: each side's Binomial(dice, 1/3)
    hits) and Campeggio's die (20 step 7: when he rolls on a lost result, 5-6 of a d6
    ignores it), independent of the hits."""
    arrays = tree.arrays
    most, width = tree.max_dice, tree.differences
    difference = np.arange(width) - most
    papal_lost = (difference != 0) & ((difference > 0) != papal_initiates)
    # The distinct (initiator's dice, other's dice, Campeggio rolls), as one number each.
    dice = (arrays["initiator_dice"] * (most + 1) + arrays["other_dice"]) * 2 + arrays["campeggio"]
    pairs, row = np.unique(dice, return_inverse=True)
    masses = np.zeros((len(pairs), width, 2))
    for index, number in enumerate(pairs.tolist()):
        attack, defence, campeggio = (
            number // 2 // (most + 1),
            number // 2 % (most + 1),
            (number % 2),
        )
        pmf = difference_pmf(attack, defence)
        masses[index, most - defence : most - defence + pmf.size, 0] = pmf
        if campeggio:
            masses[index, papal_lost, 1] = masses[index, papal_lost, 0] * float(CAMPEGGIO_CHANCE)
            masses[index, papal_lost, 0] *= 1 - float(CAMPEGGIO_CHANCE)
    return masses.reshape(len(pairs), 2 * width)[row.ravel()]


def _cell_masses(debate) -> np.ndarray:
    """Each cell's chance given the draw it belongs to, shape (nodes, cells per node):
    a round-1 node's cells their chance (the matchup's times the dice's), a round-2
    node's their chance once its round-1 node tied (23.10)."""
    tree = debate.tree
    chances = np.array([float(p) for p in tree.arrays["probability"]])
    return chances[:, None] * _dice_masses(tree, debate.papal_initiates)


def _tie_cells(debate) -> np.ndarray:
    """The round-1 nodes whose tie goes on to round 2 (all of them: round 2 draws from
    the uncommitted debaters, else from the committed ones)."""
    tree = debate.tree
    return np.flatnonzero(tree.arrays["count"][: len(tree.round_one)] > 0)


#: The fields of :attr:`DebateTree.arrays <oddsengine.religion.debate_nodes.DebateTree.arrays>`
#: that place a node in the tree rather than say who debates with what.
_PLACE_FIELDS = ("parent", "first", "count", "probability")


def end_labels(debate) -> tuple[dict, np.ndarray]:
    """The end states of ``debate``'s cells that can happen (as :func:`merge_cells
    <oddsengine.results.end_states.merge_cells>` gives them) and each cell's state (-1 for
    a cell that cannot end the debate).

    A cell's outcomes follow from its node's debaters, dice and round and its own hit
    difference and die, not from the node's place in the tree: they are worked out once
    for each kind of node (many round-2 nodes repeat a matchup under every round-1 node).
    """
    from oddsengine.results.end_states import end_state_map

    tree = debate.tree
    arrays = tree.arrays
    live = _dice_masses(tree, debate.papal_initiates) > 0
    node_cells = live.shape[1]
    goes_on = np.zeros(len(tree.nodes), dtype=bool)
    goes_on[_tie_cells(debate)] = True
    live[goes_on, 2 * tree.max_dice] = False  # a tie that goes on ends nothing
    fields = [arrays[name].tolist() for name in arrays if name not in _PLACE_FIELDS]
    kinds: dict = {}
    kind_of = np.array(
        [kinds.setdefault(key, len(kinds)) for key in zip(*fields, goes_on.tolist(), strict=True)]
    )
    first_of_kind = np.zeros(len(kinds), dtype=np.int64)
    first_of_kind[kind_of[::-1]] = np.arange(len(kind_of))[::-1]
    cell_node, cell_index, cell_die = tree.cell_values()
    shown = live[first_of_kind].ravel()
    node = np.repeat(first_of_kind, node_cells)[shown]
    values = (
        node,
        np.tile(cell_index[:node_cells], len(kinds))[shown],
        np.tile(cell_die[:node_cells], len(kinds))[shown],
    )
    mapping = end_state_map(debate.outcome_columns(values), np.ones(node.size))
    kind_labels = np.full(len(kinds) * node_cells, -1, dtype=np.int64)
    kind_labels[shown] = mapping.inverse
    labels = kind_labels.reshape(len(kinds), node_cells)[kind_of]
    return mapping.states, labels.ravel()


def kernel_tables(debate, labels: np.ndarray, ends: int) -> dict:
    """The plain arrays the kernel reads (see
    :func:`oddsengine.engines._debate_kernel.count_debate_labels`): the alias table of
    round 1's draw (its matchup and dice together) and, for each round-1 node, that of
    round 2's draw after it tied (23.10), recording the cells' ``labels`` (each below
    ``ends``; a round-1 tie's label is ``ends`` plus its node)."""
    from oddsengine.engines._debate_kernel import LANE_CELLS, LANES, alias_table, alias_tables

    tree = debate.tree
    arrays = tree.arrays
    masses = _cell_masses(debate)
    first_count = len(tree.round_one)
    labels = np.array(labels, dtype=np.int64).reshape(masses.shape)
    ties = _tie_cells(debate)
    labels[ties, 2 * tree.max_dice] = ends + ties

    def entries(rows):
        mass, label = masses[rows].ravel(), labels[rows].ravel()
        drawn = mass > 0
        return mass[drawn], label[drawn]

    first = entries(slice(0, first_count))
    first_bits = _bits(first[0].size)
    groups = [
        entries(slice(start, start + count)) if count else (np.ones(1), np.zeros(1))
        for start, count in zip(
            arrays["first"][:first_count].tolist(),
            arrays["count"][:first_count].tolist(),
            strict=True,
        )
    ]
    longest = max(group[0].size for group in groups)
    child_bits = _bits(longest)
    group_masses = np.zeros((len(groups), longest))
    group_labels = np.zeros((len(groups), longest), dtype=np.int64)
    for row, (mass, label) in enumerate(groups):
        group_masses[row, : mass.size], group_labels[row, : mass.size] = mass, label
    width = ends + first_count
    return {
        "first_table": alias_table(*first, first_bits),
        "child_table": alias_tables(group_masses, group_labels, child_bits).ravel(),
        "layout": np.array(
            [first_bits, child_bits, ends, width, LANES if width <= LANE_CELLS else 1],
            dtype=np.int64,
        ),
    }


def count_labels(debate, labels, ends: int, keys, sizes) -> np.ndarray:
    """The kernel's count of each label (``labels``: each cell's, below ``ends``) over the
    blocks ``keys`` (``sizes[b]`` trials each), int64."""
    return _count(kernel_tables(debate, labels, ends), keys, sizes)


def _count(tables, keys, sizes) -> np.ndarray:
    """The kernel's counts over the blocks ``keys``, handed to the threads one block at a
    time (a thread that the machine slows down takes fewer)."""
    from numba import get_num_threads, parallel_chunksize

    from oddsengine.engines._debate_kernel import count_debate_labels

    layout = tables["layout"]
    counts = np.zeros((get_num_threads(), int(layout[3])), dtype=np.int64)
    with parallel_chunksize(1):
        count_debate_labels(
            tables["first_table"],
            tables["child_table"],
            layout,
            np.asarray(keys, dtype=np.uint64),
            np.asarray(sizes, dtype=np.int64),
            counts,
        )
    return counts.sum(axis=0)[: int(layout[2])]


def _from_cells(debate, method, weights, **metadata) -> Result:
    """The result of the cells' weights: each cell of non-zero weight in the end state
    :func:`end_labels` gives it (its outcomes worked out once for each kind of node, not
    for each cell), the states' weights summed in cell order as :func:`merge_cells
    <oddsengine.results.end_states.merge_cells>` sums them (the same states and sums, bit
    for bit), the states no cell holds left out."""
    states, labels = end_labels(debate)
    live = np.flatnonzero(weights)
    ends = len(next(iter(states.values())))
    summed = np.bincount(labels[live], weights=weights[live], minlength=ends)
    seen = summed > 0
    return Result(
        debate,
        method,
        {name: column[seen] for name, column in states.items()},
        summed[seen],
        **metadata,
    )


def simulate_debate(
    debate, trials=DEBATE_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo of a debate; ``simulate(debate)``.

    Each trial draws round 1's matchup and dice (the hit difference with Campeggio's die)
    and on a tie round 2's, on one output of the project's counter-based stream (position
    ``t`` of block ``b``'s stream, keyed by (seed, debate, b); see
    :mod:`oddsengine.engines._debate_kernel`): the same numbers whatever the thread
    count. The kernel counts each trial's end state, in parallel. Under a ``precision``
    target the run goes on in whole blocks, on the same streams, until every headline
    probability's 95% half-width is at most the target (the rounds of every kind:
    :func:`oddsengine.engines.montecarlo.next_round`), at most ``max_trials``.

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> debate = Debate("german", "papacy", turn=1, attacker="Eck", defender="Carlstadt",
    ...                 committed="Carlstadt")
    >>> result = simulate_debate(debate, trials=200_000, seed=1)
    >>> bool(abs(result.p["papal_wins"] - exact_debate(debate).p["papal_wins"]) < 0.005)
    True
    """
    from oddsengine.engines._random import scenario_id, trial_blocks
    from oddsengine.engines.montecarlo import first_round, next_round

    _check(debate)
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    states, labels = end_labels(debate)
    ends = len(next(iter(states.values())))
    tables = kernel_tables(debate, labels, ends)
    scenario = scenario_id(debate)
    counts = np.zeros(ends, dtype=np.int64)
    done, wanted = 0, first_round(trials, max_trials, precision)
    while wanted > done:
        # Rounds are whole blocks (or the run's last): each continues the streams.
        keys, sizes = trial_blocks(
            seed, scenario, done // DEBATE_BLOCK, wanted - done, DEBATE_BLOCK
        )
        counts += _count(tables, keys, sizes)
        done = wanted
        seen = counts > 0  # as merge_cells keeps them: the states some trial ended in
        result = Result(
            debate,
            "monte-carlo",
            {name: column[seen] for name, column in states.items()},
            counts[seen].astype(float),
            trials=done,
            seed=seed,
            precision_target=precision,
        )
        wanted = next_round(result, precision, max_trials)
    return result

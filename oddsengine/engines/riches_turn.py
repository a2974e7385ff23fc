"""The Monte Carlo of a turn's New World riches (RULES.md §28.7, §30.14): a
:class:`~oddsengine.card_rolls.riches_turn.RichesTurn` sampled holding by holding, on the
Numba kernel of :mod:`oddsengine.engines._riches_kernel` (or, for a short run, its NumPy
twin :func:`count_piece_numpy`, which gives the very same counts without loading Numba).

A turn is a chain over the Raiders' statuses: a holding's roll, its 2d6 and each Raider's
die against the card it gives, takes the turn from the statuses before it to a step (the
statuses after, the thief, the card's fate, the holding lost) with a law that depends on
those statuses only. :func:`holding_laws` works each law out in whole numbers (out of
``36 * 6 ** raiders``) with the rules' own functions
(:func:`~oddsengine.card_rolls.riches.riches_result`,
:func:`~oddsengine.card_rolls.riches.raid`, the ones the exact chain uses), every 2d6
total and every face of the Raiders' dice counted; :func:`kernel_tables` turns them into
inverse-CDF tables and numbers the states the chain reaches after each holding. A trial
draws one step a holding (one 32-bit uniform each) and the kernel counts its end state:
never one record per trial. :func:`resolve_turns` resolves turns from given dice with the
same functions; the tests check it against a die-by-die reference, and the sampler
against the exact chain.

Block ``b`` of :data:`RICHES_BLOCK` trials draws from the stream keyed by (seed, turn, b);
trial ``t`` of a block reads the outputs ``t * W`` to ``t * W + W - 1`` (``W = ceil(holdings
/ 2)``, two holdings an output; see :mod:`oddsengine.engines._riches_kernel`), so a result
does not depend on anything else run, on the thread count or on how the blocks are split
into work. The exact answer is the spec's draw plan (:func:`oddsengine.exact`).
"""

from __future__ import annotations

import numpy as np

from oddsengine.card_rolls.riches import GIVES_CARD, RAIDER_STATUSES, holding_lost, raid
from oddsengine.card_rolls.riches_turn import TWO_DICE_COUNTS, RichesTurn
from oddsengine.engines._random import CAMPAIGN_BLOCK, block_pieces, scenario_id
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run, check_spec
from oddsengine.results.result import Result

__all__ = [
    "RICHES_BLOCK",
    "RICHES_TRIALS",
    "count_end_states",
    "count_piece_numpy",
    "end_spans",
    "holding_laws",
    "kernel_tables",
    "resolve_turns",
    "simulate_riches_turn",
    "work_pieces",
]

#: Trials per block of the Monte Carlo (the unit of random streams): a campaign's.
RICHES_BLOCK = CAMPAIGN_BLOCK
#: Trials when none are asked for (as for every other kind).
RICHES_TRIALS = DEFAULT_TRIALS
#: Trials per piece of work handed to a thread (a split of the blocks: it moves no number).
PIECE_TRIALS = RICHES_BLOCK
#: Pieces per call of the kernel, so that Ctrl-C is seen between two calls.
CALL_PIECES = 64
#: The low bits of a ``nexts`` entry that hold the Raiders' statuses (their number, below
#: 3**3 = 27 tuples).
STATUS_BITS = 5
_LOW_32 = np.uint64(0xFFFFFFFF)


def resolve_turns(turn: RichesTurn, totals, dice) -> np.ndarray:
    """The end state (:attr:`RichesTurn.end_fields`) of each turn resolved from given
    draws, holding by holding in order.

    Parameters
    ----------
    turn : RichesTurn
    totals, dice : int arrays, shape (turns, holdings)
        Each holding's 2d6 total (2..12) and its Raiders' dice as its draw plan's second
        value (:meth:`~oddsengine.card_rolls.riches.RichesRoll.raider_faces`).

    Returns
    -------
    int array, shape (turns, fields)

    Examples
    --------
    >>> turn = RichesTurn("inca,colony", raiders="france", turn=4)
    >>> # The inca's card: France rolls a 6, steals it and stays; the colony's: a 1, France
    >>> # is eliminated and the card kept.
    >>> resolve_turns(turn, np.array([[12, 12]]), np.array([[5, 0]])).tolist()
    [[1, 1, 2, 1, 0]]
    """
    totals, dice = np.asarray(totals), np.asarray(dice)
    trials, count = len(totals), len(turn.raiders)
    statuses = np.zeros((trials, count), dtype=np.int64)
    steals = np.zeros((trials, count), dtype=np.int64)
    fates = np.zeros((trials, len(turn.rolls)), dtype=np.int64)
    lost = np.zeros(trials, dtype=np.int64)
    for holding, roll in enumerate(turn.rolls):
        result = roll.result_codes(totals[:, holding])
        card = GIVES_CARD[turn.galleons][result]
        faces = roll.raider_faces(dice[:, holding])
        thief, statuses = raid(faces, statuses, card, turn.galleons)
        for raider in range(count):
            steals[:, raider] += thief == raider
        fates[:, holding] = np.where(card, np.where(thief < 0, 1, 2), 0)
        lost += holding_lost(roll.column, result)
    return np.concatenate([statuses, steals, fates, lost[:, None]], axis=1)


def end_spans(turn: RichesTurn) -> tuple[int, ...]:
    """How many values each end field takes: a status 3, the cards a Raider stole and the
    holdings lost 0..holdings, a holding's card 3."""
    holdings, count = len(turn.rolls), len(turn.raiders)
    return (3,) * count + (holdings + 1,) * count + (3,) * holdings + (holdings + 1,)


def _places(turn: RichesTurn) -> np.ndarray:
    """The place value of each end field in an end state's number (its fields in the mixed
    radix of :func:`end_spans`, the last the fastest)."""
    spans = np.array(end_spans(turn), dtype=np.int64)
    return np.concatenate([np.cumprod(spans[::-1])[::-1][1:], [1]]).astype(np.int64)


def _raids(turn: RichesTurn, statuses: np.ndarray) -> list[tuple[np.ndarray, ...]]:
    """What a card does against the Raiders, for each tuple of their statuses before it:
    the distinct numbers it adds to an end state (the statuses after less before, a theft
    for the thief), whether the card is stolen, and how many faces of the Raiders' dice
    (out of ``6 ** raiders``) give each. Every face is rolled by :func:`raid` (RULES.md
    §28.7, §30.14): a Raider out of play rolls nothing, a card stolen faces no later
    Raider."""
    count = len(turn.raiders)
    places = _places(turn)
    faces = 6**count
    dice = turn.rolls[0].raider_faces(np.arange(faces))
    dice = np.broadcast_to(dice, (len(statuses), faces, count))
    before = np.broadcast_to(statuses[:, None, :], dice.shape)
    thief, after = raid(dice, before, np.ones(dice.shape[:2], dtype=bool), turn.galleons)
    added = ((after - before) * places[:count]).sum(axis=-1)
    if count:
        added += np.where(thief >= 0, places[count : 2 * count][np.maximum(thief, 0)], 0)
    found = []
    for row in range(len(statuses)):
        numbers, first, ways = np.unique(added[row], return_index=True, return_counts=True)
        found.append((numbers, thief[row, first] >= 0, ways.astype(np.int64)))
    return found


def holding_laws(turn: RichesTurn) -> dict:
    """Each holding's law, given the Raiders' statuses before its roll: the steps its roll
    may take and their weights, whole numbers out of ``36 * 6 ** raiders``.

    The Raiders' statuses are numbered as an end state writes them (the first Raider's
    status the most significant digit, base 3: ``s``). A step is the number it adds to an
    end state's number (:func:`end_spans`): the holding's card (none, kept, stolen), the
    holding lost and, for a card, what it does against the Raiders (their statuses after
    less before, a theft for the thief). Every 2d6 total is read on the holding's column
    with its modifiers (:meth:`~oddsengine.card_rolls.riches.RichesRoll.result_codes`,
    RULES.md §28.7, §30.16) and every face of the Raiders' dice is rolled against a card
    by :func:`raid` (§28.7, §30.14); a holding with no card leaves the Raiders' dice
    unrolled (all their faces give the same step).

    Returns
    -------
    dict
        ``steps`` (int64, shape (holdings, statuses, width)), ``weights`` (the same
        shape; 0 past a row's steps) and ``sizes`` (int64, shape (holdings, statuses)):
        each row's steps in ascending order of the number they add.

    Examples
    --------
    >>> laws = holding_laws(RichesTurn("inca", raiders="france", turn=4))
    >>> # France in play: no card on a 7; else a card, Depleted (2-5, the Inca lost) or not,
    >>> # and France's die: eliminated on a 1, nothing on 2-4, a theft on a 5 (France
    >>> # retires) or a 6: 1 + 2 * 4 steps. France out of play: no card, or a card kept.
    >>> laws["sizes"][0].tolist()
    [9, 3, 3]
    >>> int(laws["weights"][0, 0].sum())  # 36 ways of the 2d6 times France's 6 faces
    216
    """
    count = len(turn.raiders)
    places = _places(turn)
    every = list(np.ndindex(*(len(RAIDER_STATUSES),) * count))
    statuses = np.array(every, dtype=np.int64).reshape(len(every), count)
    raids = _raids(turn, statuses)
    faces = 6**count
    totals = np.arange(2, 13)
    rows = []
    for holding, roll in enumerate(turn.rolls):
        result = roll.result_codes(totals)
        card = GIVES_CARD[turn.galleons][result].astype(np.int64)
        lost = holding_lost(roll.column, result).astype(np.int64)
        # The 2d6's ways (of 36) to each (card, holding lost): all a roll's step needs of it.
        ways = np.bincount(card * 2 + lost, weights=TWO_DICE_COUNTS[2:], minlength=4)
        fate_place, lost_place = places[2 * count + holding], places[-1]
        for numbers, stolen, dice in raids:
            steps, weights = [], []
            for given in (0, 1):
                for holding_lost_now in (0, 1):
                    number = int(ways[given * 2 + holding_lost_now])
                    if not number:
                        continue
                    base = holding_lost_now * lost_place
                    if not given:
                        steps.append(np.array([base]))
                        weights.append(np.array([number * faces]))
                        continue
                    steps.append(base + numbers + np.where(stolen, 2, 1) * fate_place)
                    weights.append(number * dice)
            steps, weights = np.concatenate(steps), np.concatenate(weights)
            order = np.argsort(steps, kind="stable")
            rows.append((steps[order], weights[order]))
    width = max(row_steps.size for row_steps, _ in rows)
    shape = (len(turn.rolls), len(statuses), width)
    steps = np.zeros(shape, dtype=np.int64)
    weights = np.zeros(shape, dtype=np.int64)
    sizes = np.zeros(shape[:2], dtype=np.int64)
    for index, (row_steps, row_weights) in enumerate(rows):
        holding, status = divmod(index, len(statuses))
        steps[holding, status, : row_steps.size] = row_steps
        weights[holding, status, : row_steps.size] = row_weights
        sizes[holding, status] = row_steps.size
    return {"steps": steps, "weights": weights, "sizes": sizes}


def kernel_tables(turn: RichesTurn) -> dict:
    """The plain arrays the kernel reads (see
    :func:`oddsengine.engines._riches_kernel.count_riches_states`), and ``ends``: the
    number of each end state the kernel counts, ascending.

    Each holding's law given the Raiders' statuses (:func:`holding_laws`) becomes an
    inverse-CDF table (row ``h * statuses + s``, its cut points exact to 2**-32:
    :func:`~oddsengine.engines._inverse_cdf.cut_points`). The states the chain reaches are
    numbered holding by holding: from each state reached before holding ``h``, each step
    of its row leads to a state reached after it (``nexts``: its index, shifted left by
    :data:`STATUS_BITS`, with the Raiders' statuses in the low bits).

    Examples
    --------
    >>> tables = kernel_tables(RichesTurn("inca,colony", raiders="france", turn=4))
    >>> # The Inca's 9 steps from the start, then up to 6 of the colony's from each of the
    >>> # 9 states they reach (no card, lost or not, or a card and France's 4 kinds of roll)
    >>> tables["layers"].tolist()
    [[0, 9], [9, 6]]
    >>> len(tables["ends"])  # the exact chain's 36 end states
    36
    """
    from oddsengine.engines._inverse_cdf import BUCKET_BITS, PAD, cut_points, fill_buckets

    laws = holding_laws(check_spec(turn, RichesTurn, "riches"))
    steps, weights, sizes = laws["steps"], laws["weights"], laws["sizes"]
    holdings, statuses, width = steps.shape
    # At most three Raiders (27 tuples of statuses) and 46 steps a row (a bucket's int8).
    assert statuses <= 1 << STATUS_BITS and width <= np.iinfo(np.int8).max
    rows = holdings * statuses
    cuts = np.full((rows, max(width - 1, 1)), PAD, dtype=np.uint32)
    buckets = np.zeros((rows, 1 << BUCKET_BITS), dtype=np.int8)
    for holding in range(holdings):
        for status in range(statuses):
            size = sizes[holding, status]
            row = holding * statuses + status
            cuts[row, : size - 1] = cut_points(weights[holding, status, :size])
            buckets[row] = fill_buckets(cuts[row, : size - 1])
    # The Raiders' statuses are the most significant digits of an end state's number.
    status_place = int(_places(turn)[len(turn.raiders) - 1]) if turn.raiders else None
    reached = np.zeros(1, dtype=np.int64)
    status_of = np.zeros(1, dtype=np.int64)
    nexts, layers, offset = [], [], 0
    for holding in range(holdings):
        most = int(sizes[holding].max())
        found = reached[:, None] + steps[holding, status_of, :most]
        taken = np.arange(most) < sizes[holding, status_of][:, None]
        reached, inverse = np.unique(found[taken], return_inverse=True)
        status_of = reached // status_place if status_place else np.zeros_like(reached)
        entries = np.full(found.shape, -1, dtype=np.int64)
        entries[taken] = inverse.ravel() << STATUS_BITS | status_of[inverse.ravel()]
        nexts.append(entries.ravel())
        layers.append((offset, most))
        offset += entries.size
    return {
        "cuts": cuts,
        "buckets": buckets,
        "sizes": sizes.ravel().copy(),
        "nexts": np.concatenate(nexts).astype(np.int32),
        "layers": np.array(layers, dtype=np.int64),
        "statuses": np.int64(statuses),
        "ends": reached,
    }


def count_piece_numpy(tables: dict, key, first: int, trials: int) -> np.ndarray:
    """The NumPy twin of the kernel: the end states of trials ``first .. first + trials -
    1`` of the block whose stream is ``key``, counted (int64, one count per entry of
    ``tables["ends"]``), drawn from the same outputs of the stream as the kernel's.

    Examples
    --------
    >>> tables = kernel_tables(RichesTurn("inca", raiders="france", turn=4))
    >>> int(count_piece_numpy(tables, np.uint64(7), 0, 1000).sum())
    1000
    """
    from oddsengine.engines._inverse_cdf import draw_rows
    from oddsengine.engines._numpy_kernel import splitmix64

    layers = tables["layers"]
    holdings = len(layers)
    outputs = np.uint64((holdings + 1) // 2)
    trial = np.arange(first, first + trials, dtype=np.uint64)
    entry = np.zeros(trials, dtype=np.int64)
    mask = (1 << STATUS_BITS) - 1
    for holding, (offset, width) in enumerate(layers.tolist()):
        if holding % 2 == 0:
            bits = splitmix64(np.uint64(key), trial * outputs + np.uint64(holding // 2))
            uniform = bits & _LOW_32
        else:
            uniform = bits >> np.uint64(32)
        row = holding * int(tables["statuses"]) + (entry & mask)
        step = draw_rows(tables["cuts"], tables["buckets"], tables["sizes"], row, uniform)
        entry = tables["nexts"][offset + (entry >> STATUS_BITS) * width + step]
    return np.bincount(entry >> STATUS_BITS, minlength=len(tables["ends"]))


def work_pieces(seed: int, scenario: int, first_block: int, trials: int):
    """The pieces of work of trials ``[first_block * RICHES_BLOCK, ... + trials)``: each
    block cut into runs of :data:`PIECE_TRIALS` trials, as (keys, firsts, sizes)."""
    return block_pieces(seed, scenario, first_block, trials, RICHES_BLOCK, PIECE_TRIALS)


def count_end_states(tables: dict, keys, firsts, sizes, compiled: bool) -> np.ndarray:
    """The counts of each end state over the pieces of work, by the kernel (``compiled``)
    or its NumPy twin: the same numbers."""
    ends = len(tables["ends"])
    if not compiled:
        counts = np.zeros(ends, dtype=np.int64)
        for key, first, size in zip(keys, firsts.tolist(), sizes.tolist(), strict=True):
            counts += count_piece_numpy(tables, key, first, size)
        return counts
    from numba import get_num_threads, parallel_chunksize

    from oddsengine.engines._riches_kernel import count_riches_states

    counts = np.zeros((get_num_threads(), ends), dtype=np.int64)
    # Short calls, so that Ctrl-C is seen between two of them; pieces handed to the
    # threads one at a time (a thread that the machine slows down takes fewer).
    with parallel_chunksize(1):
        for start in range(0, len(keys), CALL_PIECES):
            part = slice(start, start + CALL_PIECES)
            count_riches_states(
                tables["cuts"],
                tables["buckets"],
                tables["sizes"],
                tables["nexts"],
                tables["layers"],
                tables["statuses"],
                np.int64(STATUS_BITS),
                keys[part],
                firsts[part],
                sizes[part],
                counts,
            )
    return counts.sum(axis=0)


def simulate_riches_turn(
    turn: RichesTurn, trials=RICHES_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo end states of a turn's New World riches; ``simulate(turn)``.

    Each holding's roll is drawn from its exact law given the Raiders' statuses (one
    32-bit uniform a holding, see the module's notes) and the end state of each trial is
    counted, on the Numba kernel, or on its NumPy twin for a run of at most
    :data:`~oddsengine.engines.montecarlo.NUMPY_TRIALS` trials (the same counts, without
    loading Numba).

    Parameters
    ----------
    turn : RichesTurn
    trials, seed, precision, max_trials
        As :func:`oddsengine.simulate` takes them.

    Examples
    --------
    >>> turn = RichesTurn("inca", raiders="france", turn=4)
    >>> result = simulate_riches_turn(turn, trials=40_000, seed=3)
    >>> bool(abs(result.p["stolen:inca"] - 5 / 18) < 0.01)  # 5/6 a card, 1/3 stolen
    True
    """
    from oddsengine.engines.montecarlo import NUMPY_TRIALS, rounds_to_precision

    check_spec(turn, RichesTurn, "riches")
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    tables = kernel_tables(turn)
    scenario = scenario_id(turn)
    counts = np.zeros(len(tables["ends"]), dtype=np.int64)

    def count(first, more):
        pieces = work_pieces(seed, scenario, first // RICHES_BLOCK, more)
        counts[:] += count_end_states(tables, *pieces, compiled=first + more > NUMPY_TRIALS)
        seen = np.flatnonzero(counts)
        values = np.unravel_index(tables["ends"][seen], end_spans(turn))
        return values, counts[seen].astype(float)

    return rounds_to_precision(turn, count, trials, seed, precision, max_trials)

"""The Monte Carlo of a turn's New World riches (RULES.md §28.7, §30.14): a
:class:`~oddsengine.card_rolls.riches_turn.RichesTurn` sampled holding by holding.

Each holding's roll (its 2d6 and the Raiders' dice) is drawn as the one sampler draws its
:class:`~oddsengine.card_rolls.riches.RichesRoll`'s draw plan
(:func:`~oddsengine.engines._numpy_kernel.sample_values`): block ``b`` of
:data:`RICHES_BLOCK` trials draws from the stream keyed by (seed, turn, b), holding ``h``
of trial ``t`` at position ``t * holdings + h``, so a result does not depend on anything
else run. :func:`resolve_turns` resolves the turns with the rules' functions
(:func:`~oddsengine.card_rolls.riches.riches_result`,
:func:`~oddsengine.card_rolls.riches.raid`), the ones the exact chain uses; the tests check
it against a die-by-die reference. The exact answer is the spec's draw plan
(:func:`oddsengine.exact`).
"""

from __future__ import annotations

import numpy as np

from oddsengine.card_rolls.riches import GIVES_CARD, holding_lost, raid
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.engines._random import block_keys, scenario_id
from oddsengine.engines.run_arguments import MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.results.result import Result

__all__ = ["RICHES_BLOCK", "RICHES_TRIALS", "resolve_turns", "simulate_riches_turn"]

#: Trials per block of the Monte Carlo (the unit of random streams).
RICHES_BLOCK = 1 << 16
#: Trials when none are asked for (as for every other kind).
RICHES_TRIALS = 1_000_000


def _check_turn(turn) -> RichesTurn:
    if not isinstance(turn, RichesTurn):
        raise OddsEngineTypeError(f"the riches engine takes a RichesTurn, not {shown(turn)}")
    return turn


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


def _spans(turn: RichesTurn) -> tuple[int, ...]:
    """How many values each end field takes: a status 3, the cards a Raider stole and the
    holdings lost 0..holdings, a holding's card 3."""
    holdings, count = len(turn.rolls), len(turn.raiders)
    return (3,) * count + (holdings + 1,) * count + (3,) * holdings + (holdings + 1,)


def _counted(keys: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys, ascending, with their summed counts."""
    unique, inverse = np.unique(keys, return_inverse=True)
    return unique, np.bincount(inverse.ravel(), weights=counts, minlength=len(unique))


def _count(turn: RichesTurn, seed: int, first_block: int, trials: int):
    """The end states of trials ``[first_block * RICHES_BLOCK, ... + trials)``, each as one
    number (its fields in a mixed radix, :func:`_spans`), and how many trials ended in
    each."""
    from oddsengine.engines._numpy_kernel import sample_values

    holdings = len(turn.rolls)
    plans = [roll.draw_plan().thresholds() for roll in turn.rolls]
    spans = _spans(turn)
    blocks = -(-trials // RICHES_BLOCK)
    keys = block_keys(seed, scenario_id(turn), first_block + blocks)[first_block:]
    found_keys, found_counts = [], []
    for block in range(blocks):
        size = min(RICHES_BLOCK, trials - block * RICHES_BLOCK)
        first = np.arange(size, dtype=np.uint64) * np.uint64(holdings)
        totals = np.empty((size, holdings), dtype=np.int64)
        dice = np.empty((size, holdings), dtype=np.int64)
        for holding, (thresholds, layout) in enumerate(plans):
            drawn = sample_values(thresholds, layout, keys[block], first + np.uint64(holding))
            totals[:, holding], dice[:, holding] = drawn[0], drawn[1]
        ends = resolve_turns(turn, totals, dice)
        found = np.ravel_multi_index(tuple(ends.T), spans)
        block_keys_found, block_counts = _counted(found, np.ones(size))
        found_keys.append(block_keys_found)
        found_counts.append(block_counts)
    return _counted(np.concatenate(found_keys), np.concatenate(found_counts))


def simulate_riches_turn(
    turn: RichesTurn, trials=RICHES_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo end states of a turn's New World riches; ``simulate(turn)``.

    Parameters
    ----------
    turn : RichesTurn
    trials : int
        Trials (the first round, when ``precision`` is given).
    seed : int, numpy.random.SeedSequence or None
    precision : float, optional
        Target 95% half-width of every headline probability; whole blocks of trials are
        added (the same streams continued) until it is reached or ``max_trials`` is spent,
        by the one precision loop of :mod:`oddsengine.engines.montecarlo`.
    max_trials : int

    Examples
    --------
    >>> turn = RichesTurn("inca", raiders="france", turn=4)
    >>> result = simulate_riches_turn(turn, trials=40_000, seed=3)
    >>> bool(abs(result.p["stolen:inca"] - 5 / 18) < 0.01)  # 5/6 a card, 1/3 stolen
    True
    """
    from oddsengine.engines.montecarlo import first_round, next_round

    _check_turn(turn)
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    done = 0
    wanted = first_round(trials, max_trials, precision)
    keys = np.zeros(0, dtype=np.int64)
    counts = np.zeros(0)
    while True:
        # A later round starts on a whole block (first_round, next_round): the same streams.
        new_keys, new_counts = _count(turn, seed, done // RICHES_BLOCK, wanted - done)
        keys, counts = _counted(
            np.concatenate([keys, new_keys]), np.concatenate([counts, new_counts])
        )
        done = wanted
        result = Result.from_cells(
            turn,
            "monte-carlo",
            np.unravel_index(keys, _spans(turn)),
            counts,
            trials=done,
            seed=seed,
            precision_target=precision,
        )
        wanted = next_round(result, precision, max_trials)
        if wanted <= done:
            return result

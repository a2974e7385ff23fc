"""The engines of Henry VIII's heirs (RULES.md §24–§26): the exact end states of a
:class:`~oddsengine.england.heirs.Heirs` (its chain walked in fractions, the spec's draw
plan) and its Monte Carlo, both reached through :func:`oddsengine.exact` and
:func:`oddsengine.simulate`.

The Monte Carlo draws what the rules roll, step by step, with the laws the exact chain
multiplies out: each marriage's result from the wife's roll on the chart
(:func:`~oddsengine.england.marital_chain.marriage_step`), then, with the timeline, the
turn each heir's card is played (:func:`~oddsengine.england.succession.card_turn_law`).
Trials that stand in the same state share the draw (a multinomial split of their count),
so a block costs a few dozen draws whatever its size; the laws are turned into floats once
a run (:class:`_Laws`), not once a block. Block ``b`` draws from the generator keyed by
(seed, the question, b), its states in ascending order: the same seed gives the same
numbers, alone or in a sweep, in one run or in the rounds of a precision target, on any
number of threads (the sampler runs on one).
"""

from __future__ import annotations

import numpy as np

from oddsengine.engines._random import scenario_id, trial_blocks
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineTypeError, shown
from oddsengine.results.result import Result

__all__ = ["HEIRS_TRIALS", "count_end_states", "exact_heirs", "simulate_heirs"]

#: Trials of the Monte Carlo when none are asked for (as for every other kind).
HEIRS_TRIALS = DEFAULT_TRIALS


def _check(heirs):
    from oddsengine.england.heirs import Heirs

    if not isinstance(heirs, Heirs):
        raise OddsEngineTypeError(f"the heirs' engines take Heirs, not {shown(heirs)}")
    return heirs


def exact_heirs(heirs) -> Result:
    """The exact end states of the chain; the same as ``exact(heirs)``.

    Examples
    --------
    >>> from oddsengine.england.heirs import Heirs
    >>> round(exact_heirs(Heirs(marriages=1)).p["result:6"] * 6)  # Anne Boleyn: 1/6 a line
    1
    """
    plan = _check(heirs).draw_plan()
    return Result.from_cells(heirs, "exact", plan.cell_values(), plan.cell_probabilities())


#: A law not yet worked out (a chain's step may be None: the chain stops there).
_UNSEEN = object()


class _Laws:
    """The laws a run draws from, in floats, each worked out once (the exact chain's
    fractions, :func:`~oddsengine.england.marital_chain.marriage_step` and
    :func:`~oddsengine.england.succession.card_turn_law`, turned into floats as the
    multinomial draws read them): a block then costs only its draws."""

    def __init__(self, heirs):
        self.heirs = heirs
        self._steps: dict = {}
        self._orders: dict = {}
        self._cards: dict = {}
        self._entries: dict = {}

    def step(self, state):
        """None where the chain stops at ``state``; else the chances of the next
        marriage's results and the state each leaves."""
        found = self._steps.get(state, _UNSEEN)
        if found is _UNSEEN:
            from oddsengine.england.marital_chain import marriage_step

            steps = marriage_step(state, self.heirs.walk, flirt_bonus=self.heirs.timeline)
            found = self._steps[state] = (
                None
                if steps is None
                else (
                    np.array([float(chance) for _, chance, _ in steps]),
                    [after for _, _, after in steps],
                )
            )
        return found

    def order(self, chart: int) -> list[tuple[str, int]]:
        """The heirs who follow Henry on ``chart`` (§26), each with its end field's place."""
        found = self._orders.get(chart)
        if found is None:
            from oddsengine.england.succession import HEIRS, heirs_in_order

            found = self._orders[chart] = [
                (heir, HEIRS.index(heir)) for heir in heirs_in_order(chart)
            ]
        return found

    def card(self, heir: str, previous) -> tuple[list[int], np.ndarray]:
        """The turns ``heir``'s card may be played (§26, §30.9) after the ruler before took
        the throne on ``previous`` (None for the first heir), with their chances: one law
        for each turn a card enters the deck."""
        found = self._cards.get((heir, previous))
        if found is None:
            from oddsengine.england.succession import card_turn_law, entry_turn

            entry = entry_turn(heir, previous)
            if entry not in self._entries:
                law = card_turn_law(entry, self.heirs.draw_chance)
                self._entries[entry] = (
                    [turn for turn, _ in law],
                    np.array([float(chance) for _, chance in law]),
                )
            found = self._cards[heir, previous] = self._entries[entry]
        return found


def _block_counts(laws: _Laws, generator, size: int) -> dict[tuple[int, ...], int]:
    """End state -> trials, for ``size`` trials drawn from ``generator``."""
    from oddsengine.england.succession import HEIRS, NEVER

    heirs = laws.heirs
    charts: dict[int, int] = {}
    states = {heirs.start: size}
    while states:
        following: dict = {}
        for state in sorted(states):
            count = states[state]
            steps = laws.step(state)
            if steps is None:
                charts[state.chart] = charts.get(state.chart, 0) + count
                continue
            chances, afters = steps
            drawn = generator.multinomial(count, chances)
            for after, arrived in zip(afters, drawn.tolist(), strict=True):
                if arrived:
                    following[after] = following.get(after, 0) + arrived
        states = following
    ends: dict[tuple[int, ...], int] = {}
    for chart in sorted(charts):
        if not heirs.timeline:
            ends[(chart, NEVER, NEVER, NEVER)] = charts[chart]
            continue
        # Each heir's card in turn: the turn it is played, given the one before (§26).
        groups = [((NEVER,) * len(HEIRS), None, charts[chart])]
        for heir, place in laws.order(chart):
            split = []
            for turns, previous, count in groups:
                if previous == NEVER:  # the game ended before the heir before ruled
                    split.append((turns, NEVER, count))
                    continue
                played, chances = laws.card(heir, previous)
                drawn = generator.multinomial(count, chances)
                for turn, arrived in zip(played, drawn.tolist(), strict=True):
                    if arrived:
                        taken = turns[:place] + (turn,) + turns[place + 1 :]
                        split.append((taken, turn, arrived))
            groups = split
        for turns, _, count in groups:
            key = (chart, *turns)
            ends[key] = ends.get(key, 0) + count
    return ends


def count_end_states(
    heirs, seed: int, first_block: int, trials: int, laws: _Laws | None = None
) -> dict[tuple[int, ...], int]:
    """End state -> trials, for trials ``[first_block * BLOCK_TRIALS, ... + trials)``: block
    ``b`` drawn from the generator keyed by (seed, the question, b), whichever run or round
    counts it; ``laws`` the run's (worked out here when not given).

    Examples
    --------
    >>> from oddsengine.england.heirs import Heirs
    >>> counted = count_end_states(Heirs(marriages=1), seed=1, first_block=0, trials=600)
    >>> sum(counted.values()), len(counted)  # Anne Boleyn's roll: six charts
    (600, 6)
    """
    from oddsengine.engines.montecarlo import BLOCK_TRIALS

    laws = laws or _Laws(heirs)

    keys, sizes = trial_blocks(seed, scenario_id(heirs), first_block, trials, BLOCK_TRIALS)
    totals: dict[tuple[int, ...], int] = {}
    for key, size in zip(keys.tolist(), sizes.tolist(), strict=True):
        generator = np.random.Generator(np.random.PCG64(int(key)))
        for state, count in _block_counts(laws, generator, size).items():
            totals[state] = totals.get(state, 0) + count
    return totals


def simulate_heirs(
    heirs, trials=HEIRS_TRIALS, seed=None, *, precision=None, max_trials=MAX_TRIALS
) -> Result:
    """Monte Carlo of Henry's marriages and the succession; ``simulate(heirs)``.

    Parameters
    ----------
    heirs : Heirs
    trials, seed, precision, max_trials
        As :func:`oddsengine.simulate` takes them.

    Examples
    --------
    >>> from oddsengine.england.heirs import Heirs
    >>> sample = simulate_heirs(Heirs(marriages=2), trials=40_000, seed=3)
    >>> bool(abs(sample.p["healthy_edward"] - 17 / 36) < 0.015)
    True
    """
    from oddsengine.engines.montecarlo import BLOCK_TRIALS, rounds_to_precision
    from oddsengine.england.heirs import END_FIELDS

    _check(heirs)
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    totals = {}
    laws = _Laws(heirs)

    def count(first, more):
        for state, counted in count_end_states(
            heirs, seed, first // BLOCK_TRIALS, more, laws
        ).items():
            totals[state] = totals.get(state, 0) + counted
        keys = sorted(totals)
        values = tuple(
            np.array([key[index] for key in keys], dtype=np.int64)
            for index in range(len(END_FIELDS))
        )
        return values, np.array([totals[key] for key in keys], dtype=float)

    return rounds_to_precision(heirs, count, trials, seed, precision, max_trials)

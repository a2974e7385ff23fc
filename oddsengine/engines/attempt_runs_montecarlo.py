"""Monte Carlo of a run of attempts under a fixed policy (RULES.md §19): the dice rolled
one by one, as the rulebook has them (every die of each side, the highest kept, §17 steps
4-7), for runs whose optimal policy is too large to search, and as a check of the exact
enumeration where both run.

Trials that reach the same state (spaces targeted, spaces flipped) take the same next
target under a fixed policy, so they are rolled together: a run of ``k`` attempts meets at
most ``2 ** k`` states. Each block of trials draws from its own stream keyed by (seed, the
run, block), so the answer is the same however the blocks are run. The run is keyed as a
question, without the policy played (:func:`stream_key`): ``oe.simulate(run)``, the
command line, a sweep and the explorer draw the same numbers for the same seed, whatever
the policy field of the run they were handed says.

Examples
--------
>>> from oddsengine.religion.religion_scenario import load_religious_board
>>> from oddsengine.religion.attempt_runs import AttemptRun
>>> run = AttemptRun(load_religious_board("religion_example"), "treatise:german")
>>> from oddsengine.engines.attempt_runs_exact import solve_run
>>> sample = simulate_run(run, trials=20_000, seed=1, policy="greedy")
>>> abs(sample.expected_flips - solve_run(run).greedy.expected_flips) < 5 * sample.flips_error
True
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from oddsengine.engines._random import BLOCK_TRIALS, trial_blocks
from oddsengine.engines.run_arguments import DEFAULT_TRIALS, MAX_TRIALS, check_run
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_odds import resolve_attempt
from oddsengine.results.run_answer import RunSample

__all__ = ["simulate_run", "simulate_scenario", "stream_key", "BLOCK_TRIALS", "RUN_TRIALS"]

#: Trials when none are asked for (as for every other kind).
RUN_TRIALS = DEFAULT_TRIALS


def stream_key(run) -> int:
    """The identity of ``run``'s random streams: the run as a question, its policy left at
    the default (the policy chooses the targets, not the dice). Every door keys a run so:
    ``oe.simulate(AttemptRun(board, "95-theses", policy="greedy"), seed=1)`` draws what
    ``oddsengine attempts ... --policy greedy --monte-carlo --seed 1`` draws.

    Examples
    --------
    >>> from oddsengine.religion.attempt_runs import AttemptRun
    >>> from oddsengine.religion.religious_board import religion_1517_board
    >>> board = religion_1517_board()
    >>> stream_key(AttemptRun(board, "95-theses", policy="greedy")) == stream_key(
    ...     AttemptRun(board, "95-theses"))
    True
    """
    from oddsengine.engines._random import scenario_id

    return scenario_id(replace(run, policy="optimal"))


def simulate_run(
    run,
    trials: int = RUN_TRIALS,
    seed=None,
    *,
    policy: str | None = None,
    precision: float | None = None,
    max_trials: int = MAX_TRIALS,
) -> RunSample:
    """Play ``run`` under a fixed policy ``trials`` times, every die rolled: the Monte
    Carlo behind :func:`oddsengine.simulate` for an
    :class:`~oddsengine.religion.attempt_runs.AttemptRun`.

    Parameters
    ----------
    run : AttemptRun
    trials : int
        At most :data:`~oddsengine.engines.run_arguments.MAX_TRIALS` (10^9); the first
        round's under a precision target.
    seed : int, SeedSequence or None
    policy : {"greedy", "optimal", "order"}, optional
        The policy played (default: the run's own). ``optimal`` plays the exact search's
        policy, so the run must be small enough to search; ``order`` the run's order.
    precision : float, optional
        The trials grow (to whole blocks, four times as many each round, the rounds drawn
        afresh from the same stream: a stable prefix) until the widest 95% half-width of
        the ``p.flips:K`` is at most ``precision`` or ``max_trials`` is reached.
    max_trials : int

    Returns
    -------
    RunSample
    """
    # The one check of every sampler: at most MAX_TRIALS, a seed NumPy takes (issue 38).
    trials, max_trials, seed = check_run(trials, max_trials, seed, precision)
    while True:
        sample = _sample_run(run, trials, seed, policy)
        if precision is None or trials >= max_trials or sample.half_width <= precision:
            return replace(sample, precision_target=precision)
        blocks = -(-4 * trials // BLOCK_TRIALS)
        trials = min(max_trials, blocks * BLOCK_TRIALS)


def _sample_run(run, trials: int, seed: int, policy: str | None) -> RunSample:
    """One round of :func:`simulate_run`, its arguments checked."""
    policy = run.policy if policy is None else policy
    choose = _policy(run, policy)
    model = run.model
    attempts = run.source.attempts
    keys, sizes = trial_blocks(seed, stream_key(run), 0, trials, BLOCK_TRIALS)
    flip_counts = np.zeros(attempts + 1, dtype=np.int64)
    space_counts: dict[str, int] = {}
    for key, size in zip(keys, sizes.tolist(), strict=True):
        generator = np.random.Generator(np.random.PCG64(int(key)))
        states = {(0, 0): size}
        for _ in range(attempts):
            following: dict = {}
            for (targeted, flipped), count in sorted(states.items()):
                target = choose(targeted, flipped)
                if target is None:
                    following[(targeted, flipped)] = following.get((targeted, flipped), 0) + count
                    continue
                successes = _roll(generator, model, target, targeted, flipped, count)
                bit = 1 << target
                for state, arrived in (
                    ((targeted | bit, flipped | bit), successes),
                    ((targeted | bit, flipped), count - successes),
                ):
                    if arrived:
                        following[state] = following.get(state, 0) + arrived
            states = following
        for (_, flipped), count in states.items():
            flip_counts[flipped.bit_count()] += count
            for i in range(len(model.names)):
                if flipped >> i & 1:
                    name = model.names[i]
                    space_counts[name] = space_counts.get(name, 0) + count
    ordered = dict(sorted(space_counts.items(), key=lambda item: (-item[1], item[0])))
    first = choose(0, 0) if attempts else None
    notes = ()
    if policy == "order":
        from oddsengine.engines.attempt_runs_exact import order_notes

        notes = order_notes(run)  # a standing order: what it passes over, what it does then
    return RunSample(
        policy,
        trials,
        seed,
        tuple(int(c) for c in flip_counts),
        ordered,
        side=model.side,
        first_target=None if first is None else model.names[first],
        run=run,
        notes=tuple(notes),
    )


def simulate_scenario(
    scenario,
    trials: int = RUN_TRIALS,
    seed=None,
    *,
    precision: float | None = None,
    max_trials: int = MAX_TRIALS,
) -> RunSample:
    """Play an :class:`~oddsengine.religion.attempt_scenarios.AttemptsScenario` under its
    policy, every die rolled: the Monte Carlo behind :func:`oddsengine.simulate` (and a
    sweep) for it.

    With ``precision`` the trials grow (to whole blocks, four times as many each round,
    the rounds drawn afresh from the same stream: a stable prefix) until the widest 95%
    half-width of the ``p.flips:K`` is at most ``precision`` or ``max_trials`` is
    reached; the same seed and trials give the same numbers alone or in a sweep, and as
    ``oddsengine attempts --monte-carlo`` with that seed and trials.

    Examples
    --------
    >>> from oddsengine.religion.attempt_scenarios import AttemptsScenario
    >>> scenario = AttemptsScenario("religion_example", "treatise:german", policy="greedy")
    >>> sample = simulate_scenario(scenario, trials=4000, seed=2, precision=0.01)
    >>> sample.trials, sample.half_width <= 0.01
    (262144, True)
    """
    # The run keyed as every door keys it (stream_key): the same streams, the same numbers.
    return simulate_run(scenario.run, trials, seed, precision=precision, max_trials=max_trials)


def _roll(generator, model, target, targeted, flipped, count) -> int:
    """How many of ``count`` attempts on ``target`` succeed, every die rolled (§17 steps
    4-7, §18)."""
    _, protestant_dice, papal_dice, ties = model.chance(target, targeted, flipped)
    protestant = generator.integers(1, 7, size=(count, protestant_dice)).max(axis=1)
    papal = generator.integers(1, 7, size=(count, papal_dice)).max(axis=1)
    attacker, defender = (protestant, papal) if model.side == "protestant" else (papal, protestant)
    # §17 steps 4-7, §18: the one rule of an attempt, as the exact sum and the cells read it
    roll = resolve_attempt(attacker, defender, model.modifier_at(target), ties == model.side)
    return int(roll.success.sum())


def _policy(run, policy: str):
    from oddsengine.engines.attempt_runs_exact import policy_of

    if policy not in ("greedy", "order", "optimal"):
        raise OddsEngineError(f"unknown policy {policy!r}; use greedy, order or optimal")
    if policy == "order" and not run.order:
        raise OddsEngineError("policy 'order' needs the run's order")
    return policy_of(run, policy)

"""The Monte Carlo of Henry VIII's heirs (RULES.md §24–§26, §30.9): its laws worked out once
a run, not once a block; each block drawn from its own generator as worked out here by
hand; the same numbers on 1 and 2 threads and however the run is split into rounds; and
the counts pass a chi-square test and 5σ against the exact chain at a fixed seed."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from conftest import assert_within_sigmas
from scipy import stats

import oddsengine as oe
from oddsengine.engines import heirs as engine
from oddsengine.engines._random import block_keys, scenario_id
from oddsengine.engines.montecarlo import BLOCK_TRIALS
from oddsengine.england import succession
from oddsengine.england.heirs import END_FIELDS, Heirs
from oddsengine.england.pregnancy_chart import chart_of

#: The timeline with the heir card drawn with q = 1/2 (the benchmark's question), with
#: three plays and q = 1/4, at once, and the five wives without the timeline.
QUESTIONS = {
    "timeline, q 1/2": Heirs(timeline=True, heir_draw=0.5),
    "timeline, 3 plays, q 1/4": Heirs(timeline=True, marriages_before_heir=3, heir_draw=0.25),
    "timeline, at once": Heirs(timeline=True),
    "five wives": Heirs(),
}


def _states(result) -> dict:
    return dict(
        zip(
            zip(*(result.states[field].tolist() for field in END_FIELDS), strict=True),
            result.weights.tolist(),
            strict=True,
        )
    )


def _chi_square_p_value(observed, expected_probabilities) -> float:
    expected = expected_probabilities * observed.sum()
    keep = expected > 5  # the sparse tail pooled into one cell
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.rule("24", "25", "26", "30.9")
@pytest.mark.parametrize("name", list(QUESTIONS))
def test_the_end_states_pass_chi_square_and_5_sigma_against_exact(name):
    question = QUESTIONS[name]
    exact = oe.exact(question)
    sampled = oe.simulate(question, trials=20_000_000, seed=20261207)
    chances = {state: float(chance) for state, chance in question.end_states.items()}
    seen = _states(sampled)
    assert set(seen) <= set(chances) and sum(seen.values()) == 20_000_000
    states = sorted(chances)
    observed = np.array([seen.get(state, 0.0) for state in states])
    assert _chi_square_p_value(observed, np.array([chances[s] for s in states])) > 1e-4
    assert_within_sigmas(sampled, exact)


def test_the_laws_are_worked_out_once_a_run(monkeypatch):
    # Ten blocks with the heir card drawn with q = 1/2: a card's law is worked out once for
    # each turn a card enters the deck, not once a block.
    calls = []
    law = succession.card_turn_law
    monkeypatch.setattr(
        succession, "card_turn_law", lambda *given: calls.append(given) or law(*given)
    )
    oe.simulate(QUESTIONS["timeline, q 1/2"], trials=10 * BLOCK_TRIALS, seed=3)
    # §26: the first heir's card enters on turn 6, a later one the turn after the ruler
    # before took the throne (6..9): turns 6..10, at most five laws.
    assert 0 < len(calls) == len(set(calls)) <= 5
    assert {entry for entry, _ in calls} <= set(range(6, 11))


@pytest.mark.rule("25")
def test_each_block_draws_from_its_own_generator_as_worked_out_by_hand():
    # Anne Boleyn's roll alone (§25: 1/6 a line, nothing on the chart): block b's trials are
    # split over the six charts by one multinomial draw from the generator PCG64 keyed by
    # block b's key of the stream (seed, the question, b).
    question = Heirs(marriages=1)
    keys = block_keys(7, scenario_id(question), 3)
    counted = engine.count_end_states(question, 7, 2, 1000)  # the third block, alone
    generator = np.random.Generator(np.random.PCG64(int(keys[2])))
    drawn = generator.multinomial(1000, [1 / 6] * 6)
    assert counted == {(chart_of((line,)), 0, 0, 0): int(drawn[line - 1]) for line in range(1, 7)}


def test_the_same_numbers_for_one_and_two_threads_and_a_run_split_into_rounds():
    question = QUESTIONS["timeline, 3 plays, q 1/4"]
    trials = 3 * BLOCK_TRIALS + 321
    before = numba.get_num_threads()
    try:
        runs = []
        for threads in (1, 2):
            numba.set_num_threads(min(threads, before))
            runs.append(oe.simulate(question, trials=trials, seed=12))
    finally:
        numba.set_num_threads(before)
    assert _states(runs[0]) == _states(runs[1])
    whole = engine.count_end_states(question, 12, 0, trials)
    head = engine.count_end_states(question, 12, 0, BLOCK_TRIALS)
    tail = engine.count_end_states(question, 12, 1, trials - BLOCK_TRIALS)
    joined = {state: head.get(state, 0) + tail.get(state, 0) for state in {*head, *tail}}
    assert whole == joined == _states(runs[0])

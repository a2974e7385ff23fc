"""The Monte Carlo of a turn's New World riches (RULES.md §28.7, §30.14, §30.16) on its
kernel: each holding's law given the Raiders' statuses, and the chain the kernel walks,
multiplied out in whole numbers, are the die-by-die reference's; the draws follow the
stream layout worked out here by hand; the kernel and its NumPy twin count the same, on 1
and 2 threads and however the work is split; and the counts pass a chi-square test and 5σ
against the exact chain at a fixed seed."""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import numba
import numpy as np
import pytest
from conftest import assert_within_sigmas
from naive_riches_reference import turn as naive_turn
from scipy import stats

import oddsengine as oe
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.engines import riches_turn as engine
from oddsengine.engines._numpy_kernel import splitmix64
from oddsengine.engines._random import block_keys, scenario_id

#: The turns checked: the benchmark's four holdings against the three Raiders (with and
#: without Galleons), two colonies with Plantations and a governed one, a conquest lost to
#: a Native Uprising, and no Raider at all.
TURNS = {
    "four holdings, three Raiders": RichesTurn(
        "aztec,inca,potosi,colony", raiders="france,england,protestant", turn=5
    ),
    "the same with Galleons": RichesTurn(
        "aztec,inca,potosi,colony", raiders="france,england,protestant", galleons=True, turn=5
    ),
    "colonies with Plantations and a Governor": RichesTurn(
        "colony,colony,maya",
        raiders="england",
        plantations=True,
        colonial_governor="colony:2",
        turn=4,
    ),
    "an uprising, no Raider": RichesTurn("inca,potosi", native_uprising="inca"),
}


def _naive(turn: RichesTurn) -> dict:
    return naive_turn(
        turn.holdings,
        turn.raiders,
        turn.galleons,
        turn.plantations,
        turn.colonial_governor,
        turn.native_uprising,
    )


def _walked(turn: RichesTurn) -> dict:
    """End state -> exact chance: the kernel's chain multiplied out, each reached state's
    weight (a whole number) times each step's, layer by layer through ``nexts``."""
    tables = engine.kernel_tables(turn)
    laws = engine.holding_laws(turn)
    statuses = int(tables["statuses"])
    weight = {0: 1}  # entry (index << STATUS_BITS | statuses) -> whole-number weight
    for holding, (offset, width) in enumerate(tables["layers"].tolist()):
        after: dict = {}
        for entry, mass in weight.items():
            state, status = entry >> engine.STATUS_BITS, entry & (2**engine.STATUS_BITS - 1)
            for step in range(int(tables["sizes"][holding * statuses + status])):
                following = int(tables["nexts"][offset + state * width + step])
                after[following] = after.get(following, 0) + mass * int(
                    laws["weights"][holding, status, step]
                )
        weight = after
    total = (36 * 6 ** len(turn.raiders)) ** len(turn.holdings)
    spans = engine.end_spans(turn)
    found = {}
    for entry, mass in weight.items():
        number = int(tables["ends"][entry >> engine.STATUS_BITS])
        state = tuple(int(value) for value in np.unravel_index(number, spans))
        found[state] = Fraction(mass, total)
    return found


#: Turns small enough for the die-by-die reference to roll every die of (the four holdings
#: against three Raiders take it a minute).
SMALL_TURNS = {
    "three Raiders with Galleons": RichesTurn(
        "maya,colony", raiders="france,england,protestant", galleons=True, turn=6
    ),
    "colonies with Plantations and a Governor": TURNS["colonies with Plantations and a Governor"],
    "an uprising, no Raider": TURNS["an uprising, no Raider"],
}


@pytest.mark.rule("28.7", "30.14", "30.16")
@pytest.mark.parametrize("name", list(SMALL_TURNS))
def test_the_chain_the_kernel_walks_is_the_die_by_die_reference(name):
    # Every 2d6 and every Raider's die rolled one by one (tests/naive_riches_reference.py)
    # against the kernel's tables multiplied out in whole numbers: the very same fractions.
    turn = SMALL_TURNS[name]
    assert _walked(turn) == _naive(turn)


@pytest.mark.rule("28.7", "30.14")
@pytest.mark.parametrize("name", list(TURNS))
def test_the_chain_the_kernel_walks_is_the_exact_chain(name):
    # The exact chain is the reference's (tests/test_riches.py); the kernel's tables,
    # multiplied out, give its very fractions.
    turn = TURNS[name]
    assert _walked(turn) == turn.exact_states()


@pytest.mark.rule("28.7", "30.14")
def test_a_holdings_law_by_hand():
    # The Inca against the French Raider, no Galleons (RULES.md §28.7): 2-5 Depleted (a card,
    # the Inca lost: 10 ways of 36), 6 and 8-12 a card (20 ways), 7 a Galleon result (no
    # card without Galleons: 6 ways). France rolls 1 (eliminated), 2-4 (nothing), 5 (steals,
    # retires), 6 (steals, stays).
    laws = engine.holding_laws(RichesTurn("inca", raiders="france", turn=4))
    size = int(laws["sizes"][0, 0])
    weights = sorted(laws["weights"][0, 0, :size].tolist())
    # no card: 6 * 6 faces; Depleted: 10 ways * (1, 3, 1, 1) faces; Card: 20 * (1, 3, 1, 1)
    assert weights == sorted([36] + [10, 30, 10, 10] + [20, 60, 20, 20])
    # France out of play (eliminated, or retired): no card 36, a card kept 60 and 120.
    for status in (1, 2):
        size = int(laws["sizes"][0, status])
        assert sorted(laws["weights"][0, status, :size].tolist()) == [36, 60, 120]


def _step_by_hand(tables, laws, holding, status, uniform) -> int:
    """The step a uniform draws: the number of the row's cut points at or below it, each
    cut its running weight over the total times 2**32, rounded."""
    size = int(laws["sizes"][holding, status])
    weights = laws["weights"][holding, status, :size].tolist()
    total = sum(weights)
    cuts = [round(Fraction(sum(weights[: k + 1]) * 2**32, total)) for k in range(size - 1)]
    return sum(cut <= uniform for cut in cuts)


@pytest.mark.parametrize("name", ["four holdings, three Raiders", "an uprising, no Raider"])
def test_each_trial_draws_the_stream_layout_worked_out_by_hand(name):
    # Trial t of a block reads outputs t * W .. t * W + W - 1 of the block's SplitMix64
    # stream (W = ceil(holdings / 2)): holding 2j the low 32 bits of output t * W + j,
    # holding 2j + 1 its high 32 bits.
    turn = TURNS[name]
    tables, laws = engine.kernel_tables(turn), engine.holding_laws(turn)
    key = block_keys(11, scenario_id(turn), 2)[1]
    outputs = -(-len(turn.holdings) // 2)
    for trial in (0, 1, 2, 777, 65535):
        bits = splitmix64(key, np.arange(trial * outputs, (trial + 1) * outputs, dtype=np.uint64))
        entry = 0
        for holding, (offset, width) in enumerate(tables["layers"].tolist()):
            word = int(bits[holding // 2])
            uniform = word >> 32 if holding % 2 else word & 0xFFFFFFFF
            status = entry & (2**engine.STATUS_BITS - 1)
            step = _step_by_hand(tables, laws, holding, status, uniform)
            entry = int(tables["nexts"][offset + (entry >> engine.STATUS_BITS) * width + step])
        counted = engine.count_piece_numpy(tables, key, trial, 1)
        assert counted.sum() == counted[entry >> engine.STATUS_BITS] == 1
        one = (np.array([key]), np.array([trial]), np.array([1]))
        assert np.array_equal(engine.count_end_states(tables, *one, compiled=True), counted)


def test_the_kernel_and_its_numpy_twin_count_the_same_block_for_block():
    turn = TURNS["the same with Galleons"]
    tables = engine.kernel_tables(turn)
    keys, firsts, sizes = engine.work_pieces(3, scenario_id(turn), 2, 2 * engine.RICHES_BLOCK + 99)
    assert len(keys) == 3 and sizes.tolist() == [engine.RICHES_BLOCK] * 2 + [99]
    for piece in range(len(keys)):
        part = slice(piece, piece + 1)
        twin = engine.count_end_states(
            tables, keys[part], firsts[part], sizes[part], compiled=False
        )
        kernel = engine.count_end_states(
            tables, keys[part], firsts[part], sizes[part], compiled=True
        )
        assert np.array_equal(twin, kernel) and twin.sum() == sizes[piece]


def test_the_same_numbers_for_one_and_two_threads_and_any_split(monkeypatch):
    from oddsengine.engines import montecarlo

    turn = TURNS["four holdings, three Raiders"]
    trials = 3 * engine.RICHES_BLOCK + 123
    first = oe.simulate(turn, trials=trials, seed=8)  # the NumPy twin: a short run
    monkeypatch.setattr(montecarlo, "NUMPY_TRIALS", 0)  # every run on the kernel
    before = numba.get_num_threads()
    try:
        # (threads, trials per piece of work, pieces per call of the kernel)
        for threads, piece, calls in ((1, engine.RICHES_BLOCK, 64), (2, 1000, 3), (2, 7777, 1)):
            numba.set_num_threads(min(threads, before))
            monkeypatch.setattr(engine, "PIECE_TRIALS", piece)
            monkeypatch.setattr(engine, "CALL_PIECES", calls)
            result = oe.simulate(turn, trials=trials, seed=8)
            assert np.array_equal(result.weights, first.weights), (threads, piece, calls)
            for field in turn.end_fields:
                assert np.array_equal(result.states[field], first.states[field]), field
    finally:
        numba.set_num_threads(before)
    assert oe.simulate(turn, trials=3000, seed=9).p != oe.simulate(turn, trials=3000, seed=8).p


def test_a_run_split_into_rounds_continues_the_same_streams():
    # Whole blocks first, then the rest (as the rounds of a precision target run them):
    # the counts of the whole run.
    turn = TURNS["colonies with Plantations and a Governor"]
    tables, scenario = engine.kernel_tables(turn), scenario_id(turn)
    block = engine.RICHES_BLOCK

    def counted(first_block, trials, compiled):
        pieces = engine.work_pieces(4, scenario, first_block, trials)
        return engine.count_end_states(tables, *pieces, compiled=compiled)

    whole = counted(0, 5 * block + 5, compiled=False)
    assert np.array_equal(whole, counted(0, 2 * block, False) + counted(2, 3 * block + 5, True))


def test_a_precision_run_continues_the_streams_past_the_numpy_twin():
    # Its first round on the NumPy twin, later ones on the kernel: the counts of one run of
    # as many trials.
    from oddsengine.engines.montecarlo import NUMPY_TRIALS

    turn = RichesTurn("aztec,inca", raiders="france,england", turn=5)
    aimed = oe.simulate(turn, seed=4, precision=0.0005)
    assert aimed.trials > NUMPY_TRIALS and aimed.half_width <= 0.0005
    fixed = oe.simulate(turn, trials=aimed.trials, seed=4)
    assert np.array_equal(aimed.weights, fixed.weights) and aimed.p == fixed.p


def _chi_square_p_value(observed, expected_probabilities) -> float:
    expected = expected_probabilities * observed.sum()
    keep = expected > 5  # the sparse tail pooled into one cell
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.rule("28.7", "30.14")
@pytest.mark.parametrize("name", list(TURNS))
def test_the_end_states_pass_chi_square_and_5_sigma_against_exact(name):
    # On the kernel (more trials than the NumPy twin runs), at a fixed seed: the whole
    # histogram of end states, then every outcome, event and expectation within 5σ.
    turn = TURNS[name]
    exact = oe.exact(turn)
    sampled = oe.simulate(turn, trials=5_000_000, seed=20261207)
    assert sampled.trials == 5_000_000 and sampled.method == "monte-carlo"
    chances = {
        state: float(chance)
        for state, chance in zip(
            zip(*(exact.states[field].tolist() for field in turn.end_fields), strict=True),
            exact.probabilities.tolist(),
            strict=True,
        )
    }
    seen = dict(
        zip(
            zip(*(sampled.states[field].tolist() for field in turn.end_fields), strict=True),
            sampled.weights.tolist(),
            strict=True,
        )
    )
    assert set(seen) <= set(chances)
    states = sorted(chances)
    observed = np.array([seen.get(state, 0.0) for state in states])
    assert _chi_square_p_value(observed, np.array([chances[s] for s in states])) > 1e-4
    assert_within_sigmas(sampled, exact)
    for column, value in exact.expected_values().items():
        estimate = sampled.expected_values()[column]
        assert abs(estimate["mean"] - value["mean"]) <= 5 * estimate["stderr"] + 1e-12, column


@pytest.mark.rule("28.7")
def test_a_cards_chance_of_being_stolen_by_hand_at_5_sigma():
    # One colony against the French Raider: a card on 8 (Galleon: not without Galleons) or
    # 9-12, 10/36; France steals on a 5 or 6, 1/3: 10/108. On the kernel.
    sampled = oe.simulate(RichesTurn("colony", raiders="france", turn=4), trials=5_000_000, seed=5)
    chance = 10 / 108
    sigma = math.sqrt(chance * (1 - chance) / sampled.trials)
    assert abs(sampled.p["stolen:colony:1"] - chance) <= 5 * sigma


def test_a_default_run_loads_no_numba():
    # A million trials (the command line's default) run on the NumPy twin.
    code = (
        "import sys\n"
        "import oddsengine as oe\n"
        "from oddsengine.card_rolls.riches_turn import RichesTurn\n"
        "turn = RichesTurn('aztec,inca,potosi,colony', raiders='france,england,protestant',"
        " turn=5)\n"
        "assert oe.simulate(turn, seed=1).trials == 1_000_000\n"
        "print('numba' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["False"]

"""The exact answer of a debate reads each cell's end state from ``end_labels`` (its
outcomes worked out once for each kind of node) and sums the states' weights in cell
order: the same states and weights, bit for bit, as merging the outcome columns of every
cell (``Result.from_cells``); and round 2's matchups are made once for each status of the
debaters drawn, shared between the round-1 nodes that lead to them."""

from __future__ import annotations

import numpy as np
import pytest

from oddsengine.engines.debate import debate_cell_weights, exact_debate
from oddsengine.religion.debate import Debate
from oddsengine.religion.religion_scenario import load_religious_board
from oddsengine.results.result import Result

DEBATES = {
    "Here I Stand, German, turn 3": lambda: Debate(
        "german", "papacy", turn=3, cards=("here-i-stand",)
    ),
    "Leipzig Debate, German, turn 4": lambda: Debate(
        "german", "papacy", turn=4, cards=("leipzig-debate",)
    ),
    "Protestant initiator, chance of winning": lambda: Debate(
        "german", "protestant", turn=6, objective="wins"
    ),
    "English, Thomas More, turn 4": lambda: Debate(
        "english", "papacy", turn=4, cards=("thomas-more",)
    ),
    "on a board, flips capped per side": lambda: Debate.on_board(
        load_religious_board("religion_example"), "german", "papacy"
    ),
}


@pytest.mark.parametrize("make", DEBATES.values(), ids=DEBATES.keys())
def test_exact_states_match_every_cell_merged(make):
    debate = make()
    weights = debate_cell_weights(debate)
    live = np.flatnonzero(weights)
    values = tuple(value[live] for value in debate.tree.cell_values())
    merged = Result.from_cells(debate, "exact", values, weights[live])
    answer = exact_debate(debate)
    assert list(answer.states) == list(merged.states)
    for name, column in merged.states.items():
        assert answer.states[name].dtype == column.dtype
        assert answer.states[name].tolist() == column.tolist(), name
    assert answer.weights.tobytes() == merged.weights.tobytes()


def test_round_two_choices_are_shared_between_round_one_nodes():
    # Here I Stand's German debate on turn 3: 42 round-1 draws, each followed by 42 or so
    # round-2 draws; the round-2 nodes repeat a few hundred matchups.
    tree = DEBATES["Here I Stand, German, turn 3"]().tree
    second = [node for node in tree.nodes if node.round == 2]
    assert len(tree.round_one) == 42
    assert len(second) == 1260
    assert len({id(node) for node in second}) < len(second) // 3

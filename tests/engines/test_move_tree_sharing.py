"""Moves that differ only in the moving formation's unit counts share the aftermaths of
their field battles, and the battles themselves (the candidates of ``needed move``): every
program must be the one a move played out alone gives, node for node and end state for
end state."""

import pytest

from oddsengine.moves import _move_battles, _move_tree
from oddsengine.moves.move import Move
from oddsengine.moves.scenario_file import load_move
from oddsengine.moves.situation import Situation, Stack
from oddsengine.moves.what_if import with_what_ifs

pytestmark = pytest.mark.slow


def program_parts(move):
    program = move.program
    return (
        program.root,
        list(program.nodes),
        list(program.leaf_map),
        list(program.end_states),
        dict(program.choices),
        [repr(battle) for battle, _ in program.battles],
    )


def alone(build):
    """What ``build()`` gives with every aftermath played out (no end state shared) and
    every battle resolved afresh."""
    original = _move_tree.MoveBuilder.shared_aftermath
    _move_battles._BATTLE_OUTCOMES.clear()

    def played_out(self, branch, battle, garrison, main, allies, outcome):
        return self.aftermath(branch, battle, garrison, main, allies, *outcome)

    _move_tree.MoveBuilder.shared_aftermath = played_out
    try:
        return program_parts(build())
    finally:
        _move_tree.MoveBuilder.shared_aftermath = original


def vienna_candidate(regulars, **policies):
    move = load_move("vienna")
    if policies:
        from dataclasses import replace

        move = replace(move, **policies)
    return with_what_ifs(move, stacks={"Pressburg": f"{regulars}R 1C Suleiman Ibrahim"})


def relief_candidate(regulars, garrison_joins_relief):
    situation = Situation(
        [
            Stack("Vienna", "ottoman: 5R Ibrahim"),
            Stack("Vienna", "hapsburg: 2R", besieged=True),
            Stack("Linz", f"hapsburg: {regulars}R Charles-V"),
        ],
        control={"Pressburg": "ottoman"},
        wars=[("ottoman", "hapsburg")],
    )
    return Move(
        situation, "Linz", "Vienna", defender_policy="fight",
        garrison_joins_relief=garrison_joins_relief,
    )  # fmt: skip


POLICIES = [
    {},
    {"defender_policy": "fight"},
    {"defender_policy": "withdraw"},
    {"defender_policy": "avoid:Brunn"},
    {"defender_horizon": 2},
    {"retreat_policy": "prefer:Graz"},
]


@pytest.mark.parametrize("policies", POLICIES, ids=lambda p: ",".join(p) or "as-written")
def test_the_candidates_of_a_search_build_the_programs_of_moves_played_alone(policies):
    _move_battles.AFTERMATH_STATES.clear()
    # Ascending and then descending, so that each candidate meets aftermaths that
    # smaller and larger formations played first.
    for regulars in [*range(1, 18, 3), *range(17, 0, -4)]:
        shared = program_parts(vienna_candidate(regulars, **policies))
        assert shared == alone(lambda r=regulars: vienna_candidate(r, **policies))


@pytest.mark.parametrize("joins", [False, True])
def test_relief_battles_share_their_aftermaths_exactly(joins):
    _move_battles.AFTERMATH_STATES.clear()
    for regulars in (1, 2, 3, 4, 6, 2):
        shared = program_parts(relief_candidate(regulars, joins))
        assert shared == alone(lambda r=regulars: relief_candidate(r, joins))


def test_moves_of_another_board_do_not_share_end_states():
    # Same formation, another controller of Brunn: the retreats differ, so must the keys.
    _move_battles.AFTERMATH_STATES.clear()
    first = vienna_candidate(6)
    other = with_what_ifs(first, control={"Brunn": "ottoman"})
    assert program_parts(other) == alone(lambda: with_what_ifs(first, control={"Brunn": "ottoman"}))
    assert program_parts(first) == alone(lambda: vienna_candidate(6))

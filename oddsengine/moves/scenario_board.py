"""The board a move or a naval move is asked on, as every face gives it: a scenario file
(a ``.toml`` file, or the name of a shipped example) and the what-ifs on its board
(``--stack``, ``--control``, ``--besieged`` for a move, ``--fleet`` for a naval move),
declared once
(:class:`~oddsengine.declaration.Board`): the ``scenario_board`` of
:class:`~oddsengine.moves.move.Move` and :class:`~oddsengine.moves.naval_move.NavalMove`,
and the moves their ``on_board`` builds on it. A siege campaign may start from a move's
scenario too (:data:`AFTER_MOVE`).

The three policies that both kinds of move take over their file's (``--defender``,
``--interception``, ``--retreat``) are declared here too, each kind giving its own words.

Only :mod:`oddsengine.declaration` is imported here: the registry and the command line
name these options, and the scenario is read when a move is built.

Examples
--------
>>> board = load_scenario_board("vienna", control=("Linz=hapsburg",))
>>> board.scenario, board.control
('vienna', {'Linz': 'hapsburg'})
>>> move_on_board(board, defender_policy="fight").defender_policy
'fight'
"""

from __future__ import annotations

from typing import NamedTuple

from oddsengine.declaration import NEEDS_BOARD, Board, Option
from oddsengine.option_field import option

__all__ = [
    "AFTER_MOVE",
    "FLEETS",
    "MOVE_BOARD",
    "NAVAL_MOVE_BOARD",
    "OVER_THE_FILE",
    "SCENARIO",
    "WHAT_IFS",
    "ScenarioBoard",
    "defender_policy_option",
    "interception_policy_option",
    "load_scenario_board",
    "move_on_board",
    "naval_move_on_board",
    "retreat_policy_option",
]

#: The scenario file of a move or a naval move.
SCENARIO = Option(
    "scenario",
    "a .toml file or the name of a shipped example",
    positional=True,
    required=True,
    flag="SCENARIO",
)
_WHAT_IFS = "what-ifs (change the board of the file)"
#: The what-ifs on a move's board: stacks placed, who controls a space, who is besieged.
WHAT_IFS = (
    Option("stacks", "add a stack, or replace the stack of that power in SPACE, e.g. "
           "'Linz=hapsburg: 4R Charles V' (repeatable; the moving stack replaced moves whole)",
           flag="--stack", repeat=True, metavar="SPACE=FORCE", group=_WHAT_IFS,
           board=NEEDS_BOARD, label="stacks (;)"),
    Option("control", "the power that controls SPACE, e.g. Linz=hapsburg (repeatable)",
           repeat=True, metavar="SPACE=POWER", group=_WHAT_IFS, board=NEEDS_BOARD,
           label="control (;)"),
    Option("besieged", "the controlling power's stack in SPACE stands besieged inside "
           "(repeatable)", rule="15", repeat=True, metavar="SPACE", group=_WHAT_IFS,
           board=NEEDS_BOARD),
)  # fmt: skip
#: The what-if on a naval move's board: a power's ships in a location.
FLEETS = Option(
    "fleets",
    "a power's ships in LOCATION in place of its ships there, e.g. 'Tyrrhenian "
    "Sea=hapsburg: 3Sq Andrea Doria' (repeatable; the moving stack replaced moves whole)",
    rule="§14",
    flag="--fleet",
    repeat=True,
    metavar="LOCATION=FLEET",
    group=_WHAT_IFS,
    board=NEEDS_BOARD,
    label="fleets (;)",
)
#: A siege campaign that starts from the sieges a move may lay: the move's scenario.
AFTER_MOVE = Option(
    "after_move", "start from the sieges a move may lay: its scenario", metavar="SCENARIO"
)


#: The heading of the inputs a face gives over a scenario file's: a move's policies.
OVER_THE_FILE = "policies (override the file)"


def defender_policy_option(words: str, **declared):
    """The field of what the defenders in the destination do (``--defender``, default
    ``best``; RULES.md §9), in a move's or a naval move's words."""
    return option(words, flag="--defender", metavar="POLICY", group=OVER_THE_FILE,
                  default="best", **declared)  # fmt: skip


def interception_policy_option(words: str):
    """The field of who tries to intercept (``--interception``: ``all``, the default, or
    ``none``), in a move's or a naval move's words."""
    return option(words, flag="--interception", metavar="{all,none}", group=OVER_THE_FILE,
                  default="all")  # fmt: skip


def retreat_policy_option(words: str, **declared):
    """The field of where the losers retreat (``--retreat``, default ``most-friendly``;
    RULES.md §9), in a move's or a naval move's words."""
    return option(words, flag="--retreat", metavar="POLICY", group=OVER_THE_FILE,
                  default="most-friendly", **declared)  # fmt: skip


class ScenarioBoard(NamedTuple):
    """A scenario file with the what-ifs on its board, read when the move is built.

    Parameters
    ----------
    scenario : str or path
        A file, or the name of a shipped example.
    stacks, control : dict
        A force by space, a power by space (:func:`oddsengine.moves.what_if.with_what_ifs`).
    besieged : tuple of str
        The spaces whose controlling power's stack stands besieged.
    fleets : dict
        A fleet by location (:func:`oddsengine.moves.what_if.with_fleets_placed`).
    """

    scenario: object
    stacks: dict
    control: dict
    besieged: tuple
    fleets: dict


def load_scenario_board(
    scenario, *, stacks=(), control=(), besieged=(), fleets=()
) -> ScenarioBoard:
    """The board of ``scenario`` with the what-ifs given as the faces give them
    (``"SPACE=FORCE"``, ``"SPACE=POWER"`` and ``"LOCATION=FLEET"`` texts, spaces), each
    read and refused in the words of its option."""
    from oddsengine.moves.what_if import read_pairs

    stack, power, _ = WHAT_IFS
    return ScenarioBoard(
        scenario,
        read_pairs(stacks, stack.flag_name, "FORCE"),
        read_pairs(control, power.flag_name, "POWER"),
        tuple(besieged),
        read_pairs(fleets, FLEETS.flag_name, "FLEET"),
    )


#: The board of a move: its scenario and the what-ifs.
MOVE_BOARD = Board((SCENARIO, *WHAT_IFS), load_scenario_board)
#: The board of a naval move: its scenario and the fleets placed.
NAVAL_MOVE_BOARD = Board((SCENARIO, FLEETS), load_scenario_board)


def move_on_board(board: ScenarioBoard, *, policy=(), attacker_casualty_order=None,
                  defender_casualty_order=None, **inputs):  # fmt: skip
    """The move of ``board``'s scenario with its what-ifs, the ``inputs`` (a move's
    keywords) and the field battle's policies replacing the file's
    (:func:`~oddsengine.moves.battle_policies.with_battle_policies`). An input that
    applies to nothing in the move asked is refused naming it
    (:mod:`oddsengine.moves.option_use`), as the file's are."""
    from oddsengine.moves.battle_policies import with_battle_policies
    from oddsengine.moves.scenario_file import load_move

    what_ifs = {"stacks": board.stacks, "control": board.control, "besieged": board.besieged}
    move = load_move(board.scenario, **what_ifs, **inputs)
    return with_battle_policies(
        move,
        policy=policy,
        attacker_casualty_order=attacker_casualty_order,
        defender_casualty_order=defender_casualty_order,
    )


def naval_move_on_board(board: ScenarioBoard, **inputs):
    """The naval move of ``board``'s scenario with its fleets placed, the ``inputs`` (a
    naval move's keywords) replacing the file's."""
    from oddsengine.moves.scenario_file import load_naval_move

    return load_naval_move(board.scenario, fleets=board.fleets, **inputs)

"""The what-ifs of a religious board that the Part III commands written by hand take
(``reformation`` and ``counter-reformation`` with a scenario, ``debate``). The run of
attempts, ``attempts``, is built from its declaration
(:class:`~oddsengine.religion.attempt_runs.AttemptRun`'s fields), with the board's options
declared once (:data:`~oddsengine.religion.religion_scenario.BOARD_OPTIONS`)."""

from __future__ import annotations

from oddsengine.cli._religion_names import a_name


def board_of(arguments):
    """The religious board of the command's scenario, with its what-ifs."""
    from oddsengine.religion.religion_scenario import load_religious_board

    return load_religious_board(
        arguments.scenario,
        protestant=arguments.protestant or (),
        unrest=arguments.unrest or (),
        reformers=arguments.reformer or (),
    )


def add_board_options(parser) -> None:
    """The what-ifs of a religious board (like ``move --stack``)."""
    parser.add_argument(
        "--protestant",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this space is Protestant too (repeatable)",
    )
    parser.add_argument(
        "--unrest",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this space is in unrest too (repeatable)",
    )
    parser.add_argument(
        "--reformer",
        type=a_name,
        action="append",
        metavar="SPACE",
        help="what-if: this reformer (or his space) is on the map (repeatable)",
    )


def add_flip_options(parser, zone_first: str) -> None:
    """``--flip-order`` and the board's what-ifs, for a debate's or the Diet's flips on a
    scenario's board; ``zone_first`` says what the default order puts first."""
    parser.add_argument(
        "--flip-order",
        type=a_name,
        default="board",
        metavar="POLICY",
        help="which eligible space a winner flips next: board (default: the "
        f"first by name{zone_first}), electorates (an electorate first) or "
        "order:SPACE,SPACE (the first listed still eligible)",
    )
    add_board_options(parser)

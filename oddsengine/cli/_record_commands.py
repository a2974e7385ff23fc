"""``leaders`` and ``cards``: the leader tables and the card records, as they are read;
``debaters`` and ``explorers``: the religion data's debaters, explorers and conquistadors
(RULES.md §20, §22)."""

from __future__ import annotations

import sys

_FORMATS = ("table", "json", "csv")


def _print_records(records, columns, format: str, legend: str = "", table_columns=None):
    """Print ``records`` in ``format``; a table shows ``table_columns`` (default
    ``columns``) and its ``legend`` below."""
    from oddsengine.faces.records import render_records

    if format == "table":
        text = render_records(records, table_columns or columns, "table")
        text += f"\n\n{legend}" if legend else ""
    else:
        text = render_records(records, columns, format)
    sys.stdout.write(text.rstrip("\n") + "\n")


def _run_leaders(arguments):
    from oddsengine.faces.records import LEADER_COLUMNS, leader_records

    legend = (
        "battle_rating: the side's best counts in a land roll (5.1); command_rating: "
        "land units a formation of its two best leaders moves (RULES.md §1); "
        "naval_rating and piracy_rating: at sea (RULES.md Part II); —: none"
    )
    _print_records(leader_records(arguments.power), LEADER_COLUMNS, arguments.format, legend)


def _run_cards(arguments):
    from oddsengine.faces.records import (
        CARD_COLUMNS,
        CARD_TABLE_COLUMNS,
        card_records,
        timing_legend,
    )

    records = card_records(arguments.kind)
    legend = "\n".join(timing_legend(records))
    _print_records(records, CARD_COLUMNS, arguments.format, legend, CARD_TABLE_COLUMNS)


def _run_debaters(arguments):
    from oddsengine.faces.religion_records import (
        DEBATER_COLUMNS,
        DEBATERS_LEGEND,
        debater_records,
    )

    side = {"papacy": "papal"}.get(arguments.side, arguments.side)
    records = debater_records(side, arguments.turn, arguments.zone)
    _print_records(records, DEBATER_COLUMNS, arguments.format, DEBATERS_LEGEND)


def _run_explorers(arguments):
    from oddsengine.faces.religion_records import (
        EXPLORER_COLUMNS,
        EXPLORERS_LEGEND,
        explorer_records,
    )

    records = explorer_records(arguments.power)
    _print_records(records, EXPLORER_COLUMNS, arguments.format, EXPLORERS_LEGEND)


def _format_and_run(parser, run) -> None:
    """A records command's ``--format`` (after its own options) and what it runs."""
    parser.add_argument("--format", choices=_FORMATS, default="table", help="output format")
    parser.set_defaults(run=run)


def _register_religion(commands) -> None:
    from oddsengine.cli._engine_options import positive_int

    debaters = commands.add_parser(
        "debaters",
        help="the theological debaters with their values, zones and bonuses (RULES.md §20)",
        description="List the debaters (side, debate value, zone, entry turn, bonus) as "
        "the engine reads them from the religion data.",
    )
    debaters.add_argument(
        "--side",
        choices=("protestant", "papal", "papacy"),
        help="only one side's debaters (papal and papacy are the same)",
    )
    debaters.add_argument(
        "--turn", type=positive_int, metavar="T", help="only those in play by turn T (1..9)"
    )
    debaters.add_argument(
        "--zone",
        metavar="Z",
        help="only those who debate in zone Z (german, french, english...): its Protestant "
        "debaters and every Papal one",
    )
    _format_and_run(debaters, _run_debaters)

    explorers = commands.add_parser(
        "explorers",
        help="the explorers and conquistadors with their values (RULES.md §22)",
        description="List the explorers and the conquistadors (power, value, entry turn, "
        "whether they are in the random pool) as the engine reads them.",
    )
    explorers.add_argument(
        "--power", metavar="P", help="only one power's (england, france, hapsburg)"
    )
    _format_and_run(explorers, _run_explorers)


def register(commands) -> None:
    """Add ``leaders``, ``cards``, ``debaters`` and ``explorers``."""
    from oddsengine.faces.records import CARD_KINDS

    leaders = commands.add_parser(
        "leaders",
        help="the army and naval leaders with their ratings",
        description="List the army leaders (battle and command ratings, RULES.md §1) and "
        "the naval leaders (naval and piracy ratings, Part II), as the engine reads them.",
    )
    leaders.add_argument(
        "--power", metavar="POWER", help="only the leaders who serve this power (hapsburg)"
    )
    _format_and_run(leaders, _run_leaders)

    cards = commands.add_parser(
        "cards",
        help="the cards that change a combat: what they do, who plays them, when and where",
        description="List the card records: number, name, when a card is played, what it "
        "does, the engagements it acts in and who may play it there (asked of the card's own "
        "checks).",
    )
    cards.add_argument(
        "--kind",
        choices=CARD_KINDS,
        metavar="KIND",
        help="only the cards that act in this engagement: " + ", ".join(CARD_KINDS),
    )
    _format_and_run(cards, _run_cards)
    _register_religion(commands)

"""``leaders`` and ``cards``: the leader tables and the card records, as they are read;
``debaters`` and ``explorers``: the religion data's debaters, explorers and conquistadors
(RULES.md §20, §22)."""

from __future__ import annotations

import sys

_FORMATS = ("table", "json", "csv")


def _run_leaders(arguments):
    from oddsengine.faces.records import LEADER_COLUMNS, leader_records, render_records

    records = leader_records(arguments.power)
    text = render_records(records, LEADER_COLUMNS, arguments.format)
    if arguments.format == "table":
        text += (
            "\n\nbattle_rating: the side's best counts in a land roll (5.1); command_rating: "
            "land units a formation of its two best leaders moves (RULES.md §1); "
            "naval_rating and piracy_rating: at sea (RULES.md Part II); —: none"
        )
    sys.stdout.write(text.rstrip("\n") + "\n")


def _run_cards(arguments):
    from oddsengine.faces.records import (
        CARD_COLUMNS,
        CARD_TABLE_COLUMNS,
        card_records,
        render_records,
        timing_legend,
    )

    records = card_records(arguments.kind)
    if arguments.format == "table":
        text = render_records(records, CARD_TABLE_COLUMNS, "table")
        text += "\n\n" + "\n".join(timing_legend(records))
    else:
        text = render_records(records, CARD_COLUMNS, arguments.format)
    sys.stdout.write(text.rstrip("\n") + "\n")


def _run_debaters(arguments):
    from oddsengine.faces.records import render_records
    from oddsengine.faces.religion_records import (
        DEBATER_COLUMNS,
        DEBATERS_LEGEND,
        debater_records,
    )

    side = {"papacy": "papal"}.get(arguments.side, arguments.side)
    records = debater_records(side, arguments.turn, arguments.zone)
    text = render_records(records, DEBATER_COLUMNS, arguments.format)
    if arguments.format == "table":
        text += "\n\n" + DEBATERS_LEGEND
    sys.stdout.write(text.rstrip("\n") + "\n")


def _run_explorers(arguments):
    from oddsengine.faces.records import render_records
    from oddsengine.faces.religion_records import (
        EXPLORER_COLUMNS,
        EXPLORERS_LEGEND,
        explorer_records,
    )

    records = explorer_records(arguments.power)
    text = render_records(records, EXPLORER_COLUMNS, arguments.format)
    if arguments.format == "table":
        text += "\n\n" + EXPLORERS_LEGEND
    sys.stdout.write(text.rstrip("\n") + "\n")


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
    debaters.add_argument("--format", choices=_FORMATS, default="table", help="output format")
    debaters.set_defaults(run=_run_debaters)

    explorers = commands.add_parser(
        "explorers",
        help="the explorers and conquistadors with their values (RULES.md §22)",
        description="List the explorers and the conquistadors (power, value, entry turn, "
        "whether they are in the random pool) as the engine reads them.",
    )
    explorers.add_argument(
        "--power", metavar="P", help="only one power's (england, france, hapsburg)"
    )
    explorers.add_argument("--format", choices=_FORMATS, default="table", help="output format")
    explorers.set_defaults(run=_run_explorers)


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
    leaders.add_argument("--format", choices=_FORMATS, default="table", help="output format")
    leaders.set_defaults(run=_run_leaders)

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
    cards.add_argument("--format", choices=_FORMATS, default="table", help="output format")
    cards.set_defaults(run=_run_cards)
    _register_religion(commands)

"""``diet``, ``voyage`` and ``conquest``: the Diet of Worms (RULES.md §21) and the voyages
to the New World (§22), exact or sampled, with ``--table`` for the odds book's tables and
``--card-value`` for Mercator's Map and Smallpox."""

from __future__ import annotations

import argparse
import sys

from oddsengine.cli._engine_options import (
    add_engine_arguments,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.cli._religion_names import a_name, names
from oddsengine.errors import OddsEngineError

_TABLE_FORMATS = ("table", "markdown", "csv", "json")
_CHOICES = ("best", "circumnavigate", "amazon", "discovery")


def _whole(text: str) -> int:
    """A whole number, negative ones included: the spec names the range it takes."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _table_options(arguments, options) -> None:
    """Refuse the options a ``--table`` would ignore."""
    refuse_given(arguments, options, "is not read by --table (the table covers them all)")
    engine = (
        "--trials",
        "--seed",
        "--precision",
        "--max-trials",
        "--compare",
        "--method",
        "--exact",
        "--card-value",
    )
    refuse_given(arguments, engine, "is not read by --table (its cells are exact)")


def _print_table(frame, arguments, title: str) -> None:
    from oddsengine.faces.new_world_tables import table_text

    if arguments.format not in _TABLE_FORMATS:
        raise OddsEngineError(
            f"--table is written as {', '.join(_TABLE_FORMATS)}, not {arguments.format}"
        )
    sys.stdout.write(table_text(frame, arguments.format, title))


def _split(text):
    return [part.strip() for part in text.split(",") if part.strip()] if text else []


def _flag_powers(value, powers):
    """``--uncharted`` / ``--mercator``: alone, every power sailing; else the powers named."""
    if value is None:
        return ()
    if value is True:
        return tuple(powers)
    return tuple(_split(value))


def _run_voyage(arguments):
    powers = _split(arguments.power)
    if arguments.table:
        from oddsengine.faces.new_world_tables import voyage_table

        _table_options(
            arguments, ["--explorer", "--uncharted", "--mercator", "--removed", "--turn"]
        )
        frame = voyage_table(
            powers or None, claimed=arguments.claimed or (), choice=arguments.choice
        )
        _print_table(
            frame,
            arguments,
            "Explorations: each explorer's outcomes, plain, with "
            "Mercator's Map, Uncharted and both, exact (RULES.md §22)",
        )
        return
    if not powers:
        raise OddsEngineError(
            "give --power (england, france, hapsburg, or several: "
            "england,france,hapsburg), or --table"
        )
    explorers = _split(arguments.explorer) or ["random"] * len(powers)
    if len(powers) > 1:
        from oddsengine.religion.voyage_turn import VoyageTurn

        if arguments.card_value:
            raise OddsEngineError("--card-value takes one power's voyage, not a turn's")
        spec = VoyageTurn(
            powers,
            explorers=explorers,
            uncharted=_flag_powers(arguments.uncharted, powers),
            mercator=_flag_powers(arguments.mercator, powers),
            claimed=arguments.claimed or (),
            removed=arguments.removed or (),
            turn=arguments.turn,
            choice=arguments.choice,
        )
        print_results(run_engines(spec, arguments), arguments)
        return
    from oddsengine.religion.voyage import Voyage

    if len(explorers) != 1:
        raise OddsEngineError(f"give one explorer for {powers[0]}, not {', '.join(explorers)}")
    for name in ("uncharted", "mercator"):
        value = getattr(arguments, name)
        if isinstance(value, str) and [p.lower() for p in _split(value)] != [powers[0].lower()]:
            raise OddsEngineError(
                f"--{name} names {value}: only {powers[0]} sails (give --{name} alone)"
            )
    spec = Voyage(
        powers[0],
        explorers[0],
        uncharted=arguments.uncharted is not None,
        mercator=arguments.mercator is not None,
        claimed=arguments.claimed or (),
        removed=arguments.removed or (),
        turn=arguments.turn,
        choice=arguments.choice,
    )
    _answer(spec, arguments)


def _answer(spec, arguments) -> None:
    if arguments.card_value:
        from oddsengine.cli._card_value import check_card_value_options, write_card_table
        from oddsengine.questions.switch_value import card_switch_text, card_switch_value

        check_card_value_options(arguments)
        write_card_table(
            card_switch_value(spec), lambda table: card_switch_text(spec, table), arguments
        )
        return
    print_results(run_engines(spec, arguments), arguments)


def _run_conquest(arguments):
    if arguments.table:
        from oddsengine.faces.new_world_tables import conquest_table

        _table_options(
            arguments, ["--power", "--conquistador", "--smallpox", "--removed", "--turn"]
        )
        frame = conquest_table(claimed=arguments.claimed or ())
        _print_table(
            frame,
            arguments,
            "Conquests: each conquistador's outcomes, with and "
            "without Smallpox, exact (RULES.md §22)",
        )
        return
    if arguments.power is None:
        raise OddsEngineError("give --power (england, france or hapsburg), or --table")
    from oddsengine.religion.voyage import Conquest

    spec = Conquest(
        arguments.power,
        arguments.conquistador,
        smallpox=arguments.smallpox,
        claimed=arguments.claimed or (),
        removed=arguments.removed or (),
        turn=arguments.turn,
    )
    _answer(spec, arguments)


def _add_card_value(parser, card: str) -> None:
    parser.add_argument(
        "--card-value",
        action="store_true",
        help=f"instead of the odds, what {card} is worth here (exact): the expected VP and "
        "each outcome's chance without it, with it, and the difference",
    )


def _add_table(parser, what: str) -> None:
    parser.add_argument(
        "--table",
        action="store_true",
        help=f"instead of one answer, the odds book's table of {what} "
        "(exact; --format table, markdown, csv or json)",
    )


def register(commands) -> None:
    """Add ``diet``, ``voyage`` and ``conquest``."""
    voyage = commands.add_parser(
        "voyage",
        help="odds of a voyage of exploration, or of a turn's voyages (20.2, RULES.md §22)",
        description="An exploration (2 CP): 2d6 + the explorer's value, +2 with Mercator's "
        "Map, -1 on the power's first exploration (Uncharted). 4 or less lost, 5-6 nothing, "
        "7-9 that discovery (or the next unclaimed one below), 10+ a choice: circumnavigate, "
        "the Amazon, or a 1-VP discovery. Several powers (--power england,france,hapsburg) "
        "are resolved best explorer first, ties England, France, Hapsburg.",
    )
    voyage.add_argument(
        "--power",
        type=names,
        default=None,
        metavar="POWER[,POWER...]",
        help="england, france or hapsburg; several, comma-separated, for a turn's voyages",
    )
    voyage.add_argument(
        "--explorer",
        type=names,
        default=None,
        metavar="NAME|random",
        help="the explorer by name, or random: drawn from the power's pool "
        "(default random; one per power for several)",
    )
    voyage.add_argument(
        "--uncharted",
        type=names,
        nargs="?",
        const=True,
        default=None,
        metavar="POWERS",
        help="the power's first exploration (-1); for "
        "several powers, alone: all of them, or the powers named",
    )
    voyage.add_argument(
        "--mercator",
        type=names,
        nargs="?",
        const=True,
        default=None,
        metavar="POWERS",
        help="Mercator's Map played for the voyage (+2); for several powers, the powers named",
    )
    voyage.add_argument(
        "--claimed",
        type=names,
        default=None,
        metavar="NAME,...",
        help="discoveries already claimed: st-lawrence-river, great-lakes, "
        "mississippi-river, amazon-river, pacific-strait, circumnavigation",
    )
    voyage.add_argument(
        "--removed",
        type=names,
        default=None,
        metavar="NAME,...",
        help="explorers no longer in the pool (lost at sea, or placed on a discovery)",
    )
    voyage.add_argument(
        "--turn",
        type=_whole,
        default=None,
        metavar="T",
        help="the pool holds the explorers entered by this turn",
    )
    voyage.add_argument(
        "--choice",
        choices=_CHOICES,
        default="best",
        help="the choice at 10+: best (default: the most expected VP of "
        "this voyage, the Pacific Strait's 1 VP counted when unclaimed; "
        "ties to the sure VP), or circumnavigate, amazon, discovery "
        "whenever open",
    )
    _add_table(
        voyage,
        "every explorer's outcomes (with and without Mercator's Map and "
        "Uncharted; --power to choose the powers)",
    )
    _add_card_value(voyage, "Mercator's Map")
    add_engine_arguments(voyage, survivors=False)
    voyage.set_defaults(run=_run_voyage)

    conquest = commands.add_parser(
        "conquest",
        help="odds of a conquest (20.3, RULES.md §22)",
        description="A conquest (4 CP): 2d6 + the conquistador's value, +2 with Smallpox. "
        "6 or less killed, 7-8 nothing, 9 or more the conquest of that number (9 Maya, 10 "
        "Aztecs, 11+ Inca) or the next unclaimed one below it.",
    )
    conquest.add_argument(
        "--power",
        type=a_name,
        default=None,
        metavar="POWER",
        help="hapsburg (conquistadors), england or france (markers)",
    )
    conquest.add_argument(
        "--conquistador",
        type=a_name,
        default="random",
        metavar="NAME|random",
        help="the conquistador by name, or random: drawn from the pool (default)",
    )
    conquest.add_argument("--smallpox", action="store_true", help="Smallpox played (+2)")
    conquest.add_argument(
        "--claimed",
        type=names,
        default=None,
        metavar="NAME,...",
        help="conquests already made: maya, aztecs, inca",
    )
    conquest.add_argument(
        "--removed",
        type=names,
        default=None,
        metavar="NAME,...",
        help="conquistadors (or markers, once each) no longer in the pool",
    )
    conquest.add_argument(
        "--turn",
        type=_whole,
        default=None,
        metavar="T",
        help="the pool holds the conquistadors entered by this turn",
    )
    _add_table(conquest, "every conquistador's outcomes, with and without Smallpox")
    _add_card_value(conquest, "Smallpox")
    add_engine_arguments(conquest, survivors=False)
    conquest.set_defaults(run=_run_conquest)

"""``reformation`` and ``counter-reformation``: one attempt of the religious struggle from
dice counts (RULES.md §17, §18), exact or sampled, or ``--card-value`` for the cards that
change its dice."""

from __future__ import annotations

from oddsengine.cli._engine_options import (
    add_engine_arguments,
    non_negative_int,
    print_results,
    run_engines,
)
from oddsengine.cli._religion_names import a_name
from oddsengine.errors import OddsEngineError

_TIES = ("protestant", "papacy")


#: The options a board gives instead (its dice, ties, modifier and bonus dice).
_FROM_THE_BOARD = (
    "--protestant-dice",
    "--papal-dice",
    "--ties",
    "--modifier",
    "--printing-press",
    "--ninety-five-theses",
    "--augsburg",
)


def _board_attempt(arguments):
    """The attempt on ``--space`` of a scenario's board (RULES.md §17, §18)."""
    from oddsengine.cli._attempt_run_commands import board_of
    from oddsengine.religion.attempt_sources import attempt_source
    from oddsengine.religion.board_attempt import board_attempt_spec
    from oddsengine.religion.board_checks import default_source

    given = [
        option
        for option in _FROM_THE_BOARD
        if option[2:].replace("-", "_") in getattr(arguments, "given", ())
    ]
    if given:
        raise OddsEngineError(
            f"{given[0]} comes from the board with a scenario: drop it (or the scenario)"
        )
    if arguments.space is None:
        raise OddsEngineError("name the target of the attempt on the board: --space SPACE")
    attempting = "protestant" if arguments.command == "reformation" else "papacy"
    board = board_of(arguments)
    named = arguments.source is not None
    source = attempt_source(
        arguments.source if named else default_source(board, attempting),
        placards_attempts=arguments.placards_attempts,
    )
    if "placards_attempts" in getattr(arguments, "given", ()) and (
        source.name != "affair-of-the-placards"
    ):
        raise OddsEngineError("--placards-attempts is for --source affair-of-the-placards only")
    if source.side != attempting:
        command = "reformation" if source.side == "protestant" else "counter-reformation"
        raise OddsEngineError(f"{source.name} makes {command} attempts: use {command}")
    return board_attempt_spec(
        board, arguments.space, source, debater=arguments.debater, default_source=not named
    )


def _attempt(arguments):
    """The spec the arguments describe."""
    if arguments.scenario is not None:
        return _board_attempt(arguments)
    for option in (
        "--space",
        "--source",
        "--protestant",
        "--unrest",
        "--reformer",
        "--placards-attempts",
    ):
        if option[2:].replace("-", "_") in getattr(arguments, "given", ()):
            raise OddsEngineError(f"{option} reads a board: give a scenario first")
    for name in ("protestant_dice", "papal_dice"):
        if getattr(arguments, name) is None:
            raise OddsEngineError(
                f"give --{name.replace('_', '-')} (or a scenario and --space to count the "
                "dice from its board)"
            )
    if arguments.command == "reformation":
        from oddsengine.religion.attempts import ReformationAttempt

        return ReformationAttempt(
            protestant_dice=arguments.protestant_dice,
            papal_dice=arguments.papal_dice,
            ties=arguments.ties,
            modifier=arguments.modifier,
            printing_press=arguments.printing_press,
            ninety_five_theses=arguments.ninety_five_theses,
            debater=arguments.debater or "",  # an empty name is refused by the parser
        )
    from oddsengine.religion.attempts import CounterReformationAttempt

    return CounterReformationAttempt(
        protestant_dice=arguments.protestant_dice,
        papal_dice=arguments.papal_dice,
        ties=arguments.ties,
        augsburg=arguments.augsburg,
        debater=arguments.debater or "",
    )


def _run_attempt(arguments):
    spec = _attempt(arguments)
    if arguments.card_value:
        _print_card_values(spec, arguments)
    else:
        print_results(run_engines(spec, arguments), arguments)


def _print_card_values(spec, arguments) -> None:
    from oddsengine.cli._card_value import check_card_value_options, write_card_table
    from oddsengine.questions.attempt_cards import attempt_card_value, attempt_card_value_text

    check_card_value_options(arguments)  # refuses a format other than table, json, csv
    write_card_table(
        attempt_card_value(spec), lambda table: attempt_card_value_text(spec, table), arguments
    )


def _add_board(parser, default: str) -> None:
    from oddsengine.cli._attempt_run_commands import add_board_options
    from oddsengine.religion.attempt_sources import SOURCE_NAMES

    parser.add_argument(
        "scenario",
        nargs="?",
        default=None,
        help="a scenario file with a [religion] table (religion_1517, religion_example): "
        "the dice are counted from its board, with where every die comes from",
    )
    board = parser.add_argument_group("on a scenario's board (RULES.md §16, §19)")
    board.add_argument("--space", metavar="SPACE", type=a_name, help="the target of the attempt")
    board.add_argument(
        "--source",
        metavar="SOURCE",
        type=a_name,
        help="what makes the attempt (its target zone, bonus dice), one the board allows "
        f"(its turn, reformers, debaters): {', '.join(SOURCE_NAMES)}; default {default}",
    )
    board.add_argument(
        "--placards-attempts",
        type=int,
        default=3,
        choices=(3, 4),
        help="Affair of the Placards' attempts: 3 (default) or 4 (card text)",
    )
    add_board_options(board)


def _add_dice(parser, default: str) -> None:
    _add_board(parser, default)
    dice = parser.add_argument_group("the dice (RULES.md §17 steps 2 and 6)")
    dice.add_argument(
        "--protestant-dice",
        type=non_negative_int,
        metavar="N",
        help="the Protestant's dice from the board, before bonus dice (0: the rule's minimum "
        "of 1 applies, and the output says so)",
    )
    dice.add_argument(
        "--papal-dice",
        type=non_negative_int,
        metavar="N",
        help="the Papacy's dice from the board, before bonus dice (0: the minimum of 1)",
    )


def register(commands) -> None:
    """Add ``reformation`` and ``counter-reformation``."""
    reformation = commands.add_parser(
        "reformation",
        help="odds of a Reformation attempt from dice counts (RULES.md §17)",
        description="Odds of one Reformation attempt (RULES.md §17): each side keeps its "
        "highest die; higher wins, ties as --ties says. Outcomes: success (the space turns "
        "Protestant), failure; events: the automatic success and each side's highest die.",
    )
    _add_dice(
        reformation,
        "95-theses on a turn-1 board, treatise:german on a later one (the output says so)",
    )
    rules = reformation.add_argument_group("ties, modifier and bonus dice (§17 steps 3-7)")
    rules.add_argument(
        "--ties",
        choices=_TIES,
        default="protestant",
        help="who wins ties: protestant (default: the target is in the attempt's target "
        "zone) or papacy (outside it, or a space in no zone)",
    )
    rules.add_argument(
        "--modifier",
        type=int,
        choices=(0, 1),
        default=0,
        help="+1 on every Protestant die: Calvin's Institutes or a Full Bible translation "
        "(target zone only: with --ties protestant)",
    )
    rules.add_argument(
        "--printing-press",
        action="store_true",
        help="Printing Press was played this turn: +1 Protestant die",
    )
    rules.add_argument(
        "--ninety-five-theses",
        action="store_true",
        help="an attempt of Luther's 95 Theses: +1 Protestant die",
    )
    rules.add_argument(
        "--debater",
        metavar="NAME",
        type=a_name,
        help="a Protestant debater whose bonus adds a die here (Bucer, Zwingli, Cranmer...)",
    )
    _add_card_value(rules, "Printing Press")
    add_engine_arguments(reformation, survivors=False, fractions=True)
    reformation.set_defaults(run=_run_attempt)

    counter = commands.add_parser(
        "counter-reformation",
        help="odds of a Counter-Reformation attempt from dice counts (RULES.md §18)",
        description="Odds of one Counter-Reformation attempt (RULES.md §18), the mirror of "
        "a Reformation attempt: the Papacy attempts. Outcomes: success (the space turns "
        "Catholic), failure.",
    )
    _add_dice(counter, "burn-books:german (the output says so)")
    rules = counter.add_argument_group("ties, Augsburg Confession and bonus dice (§18)")
    rules.add_argument(
        "--ties",
        choices=_TIES,
        default="protestant",
        help="who wins ties: protestant (default) or papacy (its target zone under Paul III "
        "or Julius III; the automatic success on a modified 6 applies there too)",
    )
    rules.add_argument(
        "--augsburg",
        action="store_true",
        help="Augsburg Confession played this turn: -1 on every Papal die (a 1 becomes 0)",
    )
    rules.add_argument(
        "--debater",
        metavar="NAME",
        type=a_name,
        help="a Papal debater whose bonus adds dice here (Contarini, Canisius: 1; Faber: 2)",
    )
    _add_card_value(rules, "Augsburg Confession")
    add_engine_arguments(counter, survivors=False, fractions=True)
    counter.set_defaults(run=_run_attempt)


def _add_card_value(group, card: str) -> None:
    group.add_argument(
        "--card-value",
        action="store_true",
        help=f"instead of the odds, what {card} is worth here (exact): the chance of "
        "the side that plays it without the card, with it, and the difference",
    )

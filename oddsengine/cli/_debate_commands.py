"""``debate``: the odds of a theological debate (RULES.md §20, readings §23.10–14), exact
or by Monte Carlo, or with ``--card-value`` what each debate card is worth."""

from __future__ import annotations

from oddsengine.cli._card_value import check_card_value_options
from oddsengine.cli._engine_options import (
    add_engine_arguments,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.cli._religion_names import a_name, names


def _whole_number(text: str) -> int:
    """A whole number as written (the spec refuses one out of range, naming it)."""
    from oddsengine.errors import OddsEngineError

    try:
        return int(text)
    except ValueError:
        raise OddsEngineError(f"{text!r} is not a whole number") from None


_whole_number.__name__ = "whole number"  # argparse's refusal: "invalid whole number value"


#: The options a scenario's board gives instead (its England, its cards, its caps).
_FROM_THE_BOARD = (
    "--eligible",
    "--eligible-protestant",
    "--eligible-catholic",
    "--augsburg",
    "--england-ruler",
)
#: The options that read a board.
_ON_A_BOARD = ("--flip-order", "--protestant", "--unrest", "--reformer")


def _spec(arguments):
    from oddsengine.religion.debate import Debate

    options = dict(
        attacker=arguments.attacker,
        defender=arguments.defender,
        committed=arguments.committed,
        debaters=arguments.debaters,
        cards=arguments.card,
        bonuses=arguments.bonuses,
        objective=arguments.objective,
        luther_policy=arguments.luther_policy,
        bullinger_policy=arguments.bullinger_policy,
        bar=arguments.bar,
    )
    if arguments.scenario is not None:
        return _board_spec(arguments, options)
    refuse_given(arguments, _ON_A_BOARD, "reads a board: give a scenario first")
    if arguments.turn is None:
        from oddsengine.errors import OddsEngineError

        raise OddsEngineError("give --turn (or a scenario, whose [religion] turn gives it)")
    return Debate(
        arguments.zone,
        arguments.initiator,
        turn=arguments.turn,
        augsburg=arguments.augsburg,
        england_ruler=arguments.england_ruler,
        eligible=arguments.eligible,
        eligible_protestant=arguments.eligible_protestant,
        eligible_catholic=arguments.eligible_catholic,
        **options,
    )


def _board_spec(arguments, options):
    """The debate on a scenario's board (RULES.md §20 step 7, 23.14): the turn, the
    committed debaters, England's ruler, Augsburg Confession and each winner's spaces come
    from the board; ``--turn`` must agree with it, ``--committed`` adds to its list."""
    from oddsengine.cli._attempt_run_commands import board_of
    from oddsengine.errors import OddsEngineError
    from oddsengine.religion.debate import Debate

    refuse_given(
        arguments,
        _FROM_THE_BOARD,
        "comes from the board with a scenario: drop it (or the scenario)",
    )
    board = board_of(arguments)
    if arguments.turn is not None and arguments.turn != board.turn:
        raise OddsEngineError(
            f"--turn {arguments.turn} contradicts the scenario's turn "
            f"{board.turn} ([religion] turn): drop one"
        )
    return Debate.on_board(
        board, arguments.zone, arguments.initiator, flip_order=arguments.flip_order, **options
    )


def _refuse_unused(arguments, spec) -> None:
    """Refuse an option this debate would ignore (one the rules make act elsewhere)."""
    if spec.zone != "english" or spec.initiator != "papacy":
        refuse_given(
            arguments,
            ["--england-ruler"],
            "acts only in an English debate the Papacy calls (Mary I, 23.11)",
        )
    if spec.initiator != "papacy":
        refuse_given(
            arguments,
            ["--augsburg"],
            "takes a die from a Papal initiator only (23.11): the Protestant calls this",
        )
    if "here-i-stand" not in spec.cards:
        refuse_given(
            arguments,
            ["--luther-policy"],
            "is the policy of Here I Stand: give --card here-i-stand",
        )
    if "Bullinger" not in spec.debaters or "bullinger" not in spec.active_bonuses:
        refuse_given(
            arguments,
            ["--bullinger-policy"],
            f"is the policy of Bullinger's bonus, and he is not in play on turn "
            f"{spec.turn} (or his bonus is off)",
        )


def _run_debate(arguments):
    check_card_value_options(arguments)
    spec = _spec(arguments)
    _refuse_unused(arguments, spec)
    if arguments.card_value:
        from oddsengine.cli._card_value import write_card_table
        from oddsengine.questions.debate_cards import debate_card_value, debate_card_value_text

        write_card_table(
            debate_card_value(spec), lambda table: debate_card_value_text(spec, table), arguments
        )
        return
    print_results(run_engines(spec, arguments), arguments)


def register(commands) -> None:
    """Add ``debate``."""
    from oddsengine.cli._attempt_run_commands import add_flip_options
    from oddsengine.religion.debate import (
        DEBATE_CARDS,
        DEFENDER_CHOICES,
        ENGLAND_RULERS,
        OBJECTIVES,
        PROTESTANT_POLICIES,
    )

    debate = commands.add_parser(
        "debate",
        help="odds of a theological debate (RULES.md §20)",
        description="Odds of a theological debate (RULES.md §20, readings §23.10-14): the "
        "initiator's debater rolls value + 3 dice, the defender value + 1 (committed) or + 2 "
        "(uncommitted), hits on 5-6; a tie goes to a second round; the winner flips the "
        "difference in spaces and burns or disgraces a loser whose value it exceeds.",
    )
    debate.add_argument(
        "scenario",
        nargs="?",
        default=None,
        help="a scenario file with a [religion] table (religion_1517, religion_example): the "
        "turn, the committed debaters, England's ruler and Augsburg Confession come from its "
        "board, and each winner's flips land on the spaces it lets him flip (zone first, "
        "then elsewhere), with the chance each space ends flipped",
    )
    who = debate.add_argument_group("the debate")
    who.add_argument("--zone", type=a_name, required=True, help="german, french or english")
    who.add_argument("--initiator", type=a_name, required=True, help="papacy or protestant")
    who.add_argument(
        "--turn",
        default=None,
        type=_whole_number,
        help="the turn (1-9): the debaters in play are those entered by it "
        "(with a scenario: its turn; a different one is refused)",
    )
    who.add_argument(
        "--attacker",
        type=a_name,
        default="random",
        help="the initiator's debater (uncommitted), or random (default)",
    )
    who.add_argument(
        "--defender",
        type=a_name,
        default="best",
        help=f"the other side's debater, or the pool it is drawn from: "
        f"{', '.join(DEFENDER_CHOICES)} (default best: the pool that maximises "
        "the initiator's --objective)",
    )
    who.add_argument(
        "--committed",
        type=names,
        default=None,
        metavar="NAME[,NAME]",
        help="the debaters already committed (with a scenario: added to its committed ones)",
    )
    who.add_argument(
        "--debaters",
        type=names,
        default=None,
        metavar="NAME,...",
        help="the debaters in play, both sides (default: all entered by --turn)",
    )
    who.add_argument(
        "--eligible",
        default=None,
        type=_whole_number,
        metavar="N",
        help="spaces eligible for flipping: a cap on either winner's flips (23.14)",
    )
    for side, word in (("protestant", "a Protestant"), ("catholic", "a Papal")):
        who.add_argument(
            f"--eligible-{side}",
            default=None,
            type=_whole_number,
            metavar="N",
            help=f"a cap on {word} winner's flips alone (23.14)",
        )
    board = debate.add_argument_group("on a scenario's board (RULES.md §20 step 7, 23.14)")
    add_flip_options(board, ", the debate's zone first")
    cards = debate.add_argument_group("cards, bonuses and policies")
    cards.add_argument(
        "--card",
        type=names,
        default=None,
        metavar="CARD[,CARD]",
        help=f"{', '.join(DEBATE_CARDS)}: one Papal event and/or Here I Stand",
    )
    cards.add_argument(
        "--augsburg",
        action="store_true",
        help="Augsburg Confession played this turn (-1 die, Papal initiator)",
    )
    cards.add_argument(
        "--england-ruler",
        type=a_name,
        default="henry-viii",
        help=f"{', '.join(ENGLAND_RULERS)} (mary-i doubles the Papal debater's "
        "value in an English debate the Papacy calls)",
    )
    cards.add_argument(
        "--bar",
        type=a_name,
        default=None,
        metavar="NAME",
        help="with Leipzig Debate: the Protestant debater barred (default: "
        "the card's best use, a pick or a bar)",
    )
    cards.add_argument(
        "--bonuses",
        type=names,
        default="all",
        help="the debater bonuses applied: all (default), none, or names "
        "(eck, gardiner, aleander, campeggio, bullinger)",
    )
    cards.add_argument(
        "--objective",
        type=a_name,
        default="net",
        help=f"what every best choice maximises for its side: "
        f"{', '.join(OBJECTIVES)} (default net: expected spaces flipped its "
        "way less against it, plus VP gained less VP conceded)",
    )
    for name, what in (("luther", "Luther by Here I Stand"), ("bullinger", "Bullinger")):
        cards.add_argument(
            f"--{name}-policy",
            type=a_name,
            default="best",
            help=f"when the Protestant puts in {what}: "
            f"{', '.join(PROTESTANT_POLICIES)} (default best)",
        )
    cards.add_argument(
        "--card-value",
        action="store_true",
        help="instead of the odds, what each debate card a side could still "
        "play is worth here (exact)",
    )
    add_engine_arguments(debate, survivors=False)
    debate.set_defaults(run=_run_debate)

"""``debate``: the odds of a theological debate (RULES.md §20, readings §23.10–14), exact
or by Monte Carlo, or with ``--card-value`` what each debate card is worth."""

from __future__ import annotations

import sys

from oddsengine.cli._card_value import check_card_value_options
from oddsengine.cli._engine_options import (
    add_engine_arguments,
    print_results,
    refuse_given,
    run_engines,
)


def _whole_number(text: str) -> int:
    """A whole number as written (the spec refuses one out of range, naming it)."""
    from oddsengine.errors import OddsEngineError

    try:
        return int(text)
    except ValueError:
        raise OddsEngineError(f"{text!r} is not a whole number") from None


_whole_number.__name__ = "whole number"  # argparse's refusal: "invalid whole number value"


def _spec(arguments):
    from oddsengine.religion.debate import Debate

    return Debate(
        arguments.zone,
        arguments.initiator,
        turn=arguments.turn,
        attacker=arguments.attacker,
        defender=arguments.defender,
        committed=arguments.committed,
        debaters=arguments.debaters,
        cards=arguments.card,
        augsburg=arguments.augsburg,
        england_ruler=arguments.england_ruler,
        eligible=arguments.eligible,
        bonuses=arguments.bonuses,
        objective=arguments.objective,
        luther_policy=arguments.luther_policy,
        bullinger_policy=arguments.bullinger_policy,
        bar=arguments.bar,
    )


def _refuse_unused(arguments, spec) -> None:
    """Refuse an option this debate would ignore (one the rules make act elsewhere)."""
    if spec.zone != "english" or spec.initiator != "papacy":
        refuse_given(arguments, ["--england-ruler"],
                     "acts only in an English debate the Papacy calls (Mary I, 23.11)")
    if spec.initiator != "papacy":
        refuse_given(arguments, ["--augsburg"],
                     "takes a die from a Papal initiator only (23.11): the Protestant calls this")
    if "here-i-stand" not in spec.cards:
        refuse_given(arguments, ["--luther-policy"],
                     "is the policy of Here I Stand: give --card here-i-stand")
    if "Bullinger" not in spec.debaters or "bullinger" not in spec.active_bonuses:
        refuse_given(arguments, ["--bullinger-policy"],
                     f"is the policy of Bullinger's bonus, and he is not in play on turn "
                     f"{spec.turn} (or his bonus is off)")


def _run_debate(arguments):
    check_card_value_options(arguments)
    spec = _spec(arguments)
    _refuse_unused(arguments, spec)
    if arguments.card_value:
        from oddsengine.questions.debate_cards import debate_card_value, debate_card_value_text

        table = debate_card_value(spec)
        if arguments.format == "json":
            sys.stdout.write(table.to_json(orient="records", indent=2) + "\n")
        elif arguments.format == "csv":
            sys.stdout.write(table.to_csv(index=False))
        else:
            sys.stdout.write(debate_card_value_text(spec, table) + "\n")
        return
    print_results(run_engines(spec, arguments), arguments)


def register(commands) -> None:
    """Add ``debate``."""
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
    who = debate.add_argument_group("the debate")
    who.add_argument("--zone", required=True, help="german, french or english")
    who.add_argument("--initiator", required=True, help="papacy or protestant")
    who.add_argument("--turn", required=True, type=_whole_number,
                     help="the turn (1-9): the debaters in play are those entered by it")
    who.add_argument("--attacker", default="random",
                     help="the initiator's debater (uncommitted), or random (default)")
    who.add_argument("--defender", default="best",
                     help=f"the other side's debater, or the pool it is drawn from: "
                     f"{', '.join(DEFENDER_CHOICES)} (default best: the pool that maximises "
                     "the initiator's --objective)")
    who.add_argument("--committed", default=None, metavar="NAME[,NAME]",
                     help="the debaters already committed")
    who.add_argument("--debaters", default=None, metavar="NAME,...",
                     help="the debaters in play, both sides (default: all entered by --turn)")
    who.add_argument("--eligible", default=None, type=_whole_number, metavar="N",
                     help="spaces eligible for flipping: a cap on the flips (23.14)")
    cards = debate.add_argument_group("cards, bonuses and policies")
    cards.add_argument("--card", default=None, metavar="CARD[,CARD]",
                       help=f"{', '.join(DEBATE_CARDS)}: one Papal event and/or Here I Stand")
    cards.add_argument("--augsburg", action="store_true",
                       help="Augsburg Confession played this turn (-1 die, Papal initiator)")
    cards.add_argument("--england-ruler", default="henry-viii",
                       help=f"{', '.join(ENGLAND_RULERS)} (mary-i doubles the Papal debater's "
                       "value in an English debate the Papacy calls)")
    cards.add_argument("--bar", default=None, metavar="NAME",
                       help="with Leipzig Debate: the Protestant debater barred (default: "
                       "the card's best use, a pick or a bar)")
    cards.add_argument("--bonuses", default="all",
                       help="the debater bonuses applied: all (default), none, or names "
                       "(eck, gardiner, aleander, campeggio, bullinger)")
    cards.add_argument("--objective", default="net",
                       help=f"what every best choice maximises for its side: "
                       f"{', '.join(OBJECTIVES)} (default net: expected spaces flipped its "
                       "way less against it, plus VP gained less VP conceded)")
    for name, what in (("luther", "Luther by Here I Stand"), ("bullinger", "Bullinger")):
        cards.add_argument(f"--{name}-policy", default="best",
                           help=f"when the Protestant puts in {what}: "
                           f"{', '.join(PROTESTANT_POLICIES)} (default best)")
    cards.add_argument("--card-value", action="store_true",
                       help="instead of the odds, what each debate card a side could still "
                       "play is worth here (exact)")
    add_engine_arguments(debate, survivors=False)
    debate.set_defaults(run=_run_debate)

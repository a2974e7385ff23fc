"""``table debate``: each attacker against each defender of a theological debate (RULES.md
§20), the options it adds to ``table`` and how it runs (see
:func:`oddsengine.faces.debate_tables.debate_table`)."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError

#: The options ``table debate`` adds, with their defaults (no other kind takes them).
DEBATE_TABLE_OPTIONS = {
    "zone": None, "initiator": None, "turn": None, "committed": None, "debaters": None,
    "card": None, "augsburg": False, "england_ruler": None, "bonuses": None,
    "objective": None, "luther_policy": None, "bullinger_policy": None,
    "defender_status": None, "outcome": None,
}  # fmt: skip
#: The options of the combat kinds' tables that a debate has no use for.
_COMBAT_ONLY = {
    "attacker_cards": "",
    "defender_cards": "",
    "responses": "",
    "cards_as_printed": False,
}


def add_debate_table_arguments(parser) -> None:
    """The ``table`` options of ``table debate``."""
    from oddsengine.faces.debate_tables import DEFENDER_STATUSES

    group = parser.add_argument_group("table debate (RULES.md §20)")
    group.add_argument("--zone", help="the debate's zone: german, french or english")
    group.add_argument("--initiator", help="papacy or protestant")
    group.add_argument("--turn", type=int, help="the turn (1-9): the debaters in play")
    group.add_argument("--committed", metavar="NAME[,NAME]", help="debaters already committed")
    group.add_argument(
        "--debaters",
        metavar="NAME,...",
        help="the debaters in play (default: all entered by --turn)",
    )
    group.add_argument(
        "--card",
        metavar="CARD[,CARD]",
        help="leipzig-debate, papal-inquisition, thomas-more, here-i-stand",
    )
    group.add_argument(
        "--augsburg", action="store_true", help="Augsburg Confession played this turn"
    )
    group.add_argument("--england-ruler", help="england's ruler (mary-i: 23.11)")
    group.add_argument("--bonuses", help="all (default), none, or debater bonuses by name")
    group.add_argument("--objective", help="what every best choice maximises: net or wins")
    group.add_argument("--luther-policy", help="Here I Stand: best, first-chance or never")
    group.add_argument("--bullinger-policy", help="Bullinger: best, first-chance or never")
    group.add_argument(
        "--defender-status",
        choices=DEFENDER_STATUSES,
        help="a named defender uncommitted, committed, both (one section "
        "each) or as --committed says (given, the default)",
    )
    group.add_argument(
        "--outcome",
        help="the outcome shown (default papal_wins; "
        "protestant_wins, second_round, burnt:NAME, flips:K ...)",
    )


def refuse_debate_options(arguments) -> None:
    """A kind other than ``debate``: refuse the options only a debate table takes."""
    for name, default in DEBATE_TABLE_OPTIONS.items():
        if getattr(arguments, name, default) != default:
            raise OddsEngineError(
                f"table {arguments.kind} takes no --{name.replace('_', '-')}: it is an "
                "option of table debate"
            )


def debate_table_of(arguments, method: str, precision: float):
    """The :class:`~oddsengine.faces.debate_tables.DebateTable` the arguments ask for."""
    from oddsengine.faces.debate_tables import debate_table

    for name, default in _COMBAT_ONLY.items():
        if getattr(arguments, name, default) != default:
            raise OddsEngineError(
                f"table debate takes no --{name.replace('_', '-')}: a debate's cards are --card"
            )
    for name in ("zone", "initiator", "turn"):
        if getattr(arguments, name) is None:
            raise OddsEngineError(f"table debate needs --{name}")
    fixed = {}
    for name, field in (
        ("card", "cards"),
        ("debaters", "debaters"),
        ("england_ruler", "england_ruler"),
        ("bonuses", "bonuses"),
        ("objective", "objective"),
        ("luther_policy", "luther_policy"),
        ("bullinger_policy", "bullinger_policy"),
    ):
        if getattr(arguments, name) is not None:
            fixed[field] = getattr(arguments, name)
    if arguments.augsburg:
        fixed["augsburg"] = True
    return debate_table(
        arguments.zone,
        arguments.initiator,
        arguments.turn,
        attackers=arguments.attacker,
        defenders=arguments.defender,
        defender_status=arguments.defender_status or "given",
        committed=arguments.committed or (),
        outcome=arguments.outcome,
        method=method,
        precision=precision,
        seed=arguments.seed,
        **fixed,
    )

"""``battle``, ``assault``, ``intercept`` and ``avoid``: one engagement, exact or sampled."""

from __future__ import annotations

from oddsengine.cli._card_value import (
    add_card_value_arguments,
    check_card_value_options,
    print_card_values,
)
from oddsengine.cli._engine_options import (
    add_engine_arguments,
    non_negative_int,
    parse_cards,
    print_results,
    refuse_given,
    run_engines,
)
from oddsengine.combat.forces import parse_force
from oddsengine.combat.options import Policies, RuleOptions
from oddsengine.errors import OddsEngineError


def _card_records():
    from oddsengine.combat.cards import CARD_RULES

    return CARD_RULES


def _responses_help(mode: str):
    """``--responses``' help for a ``mode`` (battle or assault) command, written when the
    help is shown: the response cards whose records act in that combat."""

    def words() -> str:
        from oddsengine.combat.cards import CARD_RULES, RESPONSE_CARDS

        here = [slug for slug in RESPONSE_CARDS if mode in CARD_RULES[slug].engagements]
        return f"response cards played by other powers ({', '.join(here)})"

    return words


def _parse_policies(arguments) -> Policies:
    post_roll = {}
    for text in arguments.policy or ():
        if "=" not in text:
            from oddsengine.combat.cards import POST_ROLL_CARDS

            raise OddsEngineError(
                f"--policy takes CARD=POLICY (e.g. {POST_ROLL_CARDS[0]}=always), not {text!r}"
            )
        card, policy = text.split("=", 1)
        if card.strip() in post_roll:  # the last would win: say so instead, as naval does
            raise OddsEngineError(f"--policy gives {card.strip()} twice")
        post_roll[card.strip()] = policy.strip()
    orders = {}
    for side in ("attacker", "defender"):
        order = getattr(arguments, f"{side}_casualty_order")
        if order is not None:  # an empty one is refused by the policies, not ignored
            orders[f"{side}_casualty_order"] = order
    formation = getattr(arguments, "assault_formation", None)
    if formation is not None:  # an empty one is refused by the policies, not ignored
        orders["assault_formation"] = formation
    return Policies(post_roll=post_roll, gout_target=arguments.gout_target, **orders)


CARDS_AS_PRINTED_HELP = (
    "rule option: Mercenaries Bribed and Surprise Attack in field battles only, as printed "
    "(default: also in assaults, as original 000 allows)"
)


def _add_card_arguments(parser, mode: str) -> None:
    group = parser.add_argument_group("cards and policies")
    group.add_argument(
        "--attacker-cards",
        default="",
        metavar="CARDS",
        help="cards the attacker plays, by name or number (e.g. tercios,field-artillery or 30,25)",
    )
    group.add_argument(
        "--defender-cards", default="", metavar="CARDS", help="cards the defender plays"
    )
    group.add_argument(
        "--responses",
        default="",
        metavar="CARDS",
        help=_responses_help(mode),
    )
    group.add_argument(
        "--policy",
        action="append",
        metavar="CARD=POLICY",
        help="post-roll card policy: always or if-it-changes-the-outcome (default)",
    )
    group.add_argument(
        "--attacker-casualty-order",
        metavar="ORDER",
        help="order of losses, e.g. regulars,mercenaries,cavalry or RMC "
        "(default mercenaries, regulars, cavalry)",
    )
    group.add_argument(
        "--defender-casualty-order",
        metavar="ORDER",
        help="order of the defender's losses, as above",
    )
    group.add_argument(
        "--cards-as-printed",
        action="store_true",
        help=CARDS_AS_PRINTED_HELP,
    )
    group.add_argument(
        "--gout-target",
        metavar="LEADER",
        help="the attacking leader Gout is played against (default: the best-rated)",
    )
    add_card_value_arguments(group)


def _combat_kwargs(arguments) -> dict:
    check_card_value_options(arguments)
    return {
        "attacker": parse_force(arguments.attacker),
        "defender": parse_force(arguments.defender),
        "attacker_cards": parse_cards(arguments.attacker_cards),
        "defender_cards": parse_cards(arguments.defender_cards),
        "responses": parse_cards(arguments.responses),
        "policies": _parse_policies(arguments),
        "options": RuleOptions(cards_as_printed=arguments.cards_as_printed),
        # 14 step 9: one allied power or several (the option repeated).
        "defender_ally": tuple(parse_force(ally) for ally in arguments.defender_ally or ()) or None,
    }


def _check_policies_are_used(spec, arguments) -> None:
    """Refuse a policy for a card nobody plays here: it would be ignored."""
    if arguments.gout_target is not None and spec.gout_victim is None:
        raise OddsEngineError(  # 32: the target is chosen only when Gout is played
            f"--gout-target {arguments.gout_target} is given but Gout (#32) is not played"
        )
    played = {card.slug for card in spec.attacker_cards + spec.defender_cards + spec.responses}
    for card in (card for card, _ in spec.policies.post_roll if card not in played):
        raise OddsEngineError(f"--policy {card}=... is given but {card} is not played")
    if arguments.cards_as_printed and not (spec.kind == "assault" and arguments.card_value):
        # The option only refuses a few cards (their records' printed_engagements): once
        # the combat is built, it changed nothing, unless it narrows the cards valued.
        records = _card_records().values()
        narrowed = [rule.card.name for rule in records if rule.printed_engagements]
        raise OddsEngineError(
            f"--cards-as-printed keeps {' and '.join(narrowed)} out of assaults: "
            + (
                "a field battle is the same with or without it"
                if spec.kind == "battle"
                else "neither is played here, so it changes nothing"
            )
        )


def _answer(spec, arguments):
    _check_policies_are_used(spec, arguments)
    if arguments.card_value:
        print_card_values(spec, arguments)
    else:
        print_results(run_engines(spec, arguments), arguments)


def _run_battle(arguments):
    from oddsengine.combat.field_battle import FieldBattle

    _answer(FieldBattle(**_combat_kwargs(arguments)), arguments)


def _run_registered(arguments):
    """A registered kind's command with the options of ``battle``: its spec class called
    with the forces, cards and policies (its record's ``arguments``)."""
    from oddsengine.kinds import kind_of

    _answer(kind_of(arguments.kind).spec(**_combat_kwargs(arguments)), arguments)


def _run_assault(arguments):
    from oddsengine.combat.assault import Assault

    # 15.1: these only lift or impose a requirement; refused where they would change nothing.
    if not arguments.defender_squadrons_in_port:
        refuse_given(
            arguments,
            ["--attacker-squadrons-adjacent"],
            "counts only against defending squadrons in port: give --defender-squadrons-in-port",
        )
    # RULES.md §8: any power may play Siege Artillery for the attacker, as a response too.
    played = parse_cards(arguments.attacker_cards) + parse_cards(arguments.responses)
    needs_supply = (
        [rule.card.slug for rule in _card_records().values() if rule.needs_supply]
        if played or arguments.no_siege_artillery_supply
        else []
    )
    if not set(needs_supply) & {card.slug for card in played}:
        refuse_given(
            arguments,
            ["--no-siege-artillery-supply"],
            f"matters only to a card that needs the supply ({', '.join(needs_supply)}), "
            "and none is played",
        )

    spec = Assault(
        **_combat_kwargs(arguments),
        siege_laid_this_impulse=arguments.siege_laid_this_impulse,
        assaulted_this_impulse=arguments.assaulted_this_impulse,
        line_of_communication=not arguments.no_line_of_communication,
        defender_squadrons_adjacent=arguments.defender_squadrons_adjacent,
        defender_squadrons_in_port=arguments.defender_squadrons_in_port,
        attacker_squadrons_adjacent=arguments.attacker_squadrons_adjacent,
        siege_artillery_supply=not arguments.no_siege_artillery_supply,
    )
    _answer(spec, arguments)


def _run_intercept(arguments):
    from oddsengine.combat.rolls import Interception

    spec = Interception(parse_force(arguments.interceptor), parse_force(arguments.mover))
    print_results(run_engines(spec, arguments), arguments)


def _run_avoid(arguments):
    from oddsengine.combat.rolls import AvoidBattle

    spec = AvoidBattle(
        parse_force(arguments.defender),
        parse_force(arguments.attacker),
        lost_battle_this_impulse=arguments.lost_battle_this_impulse,
    )
    print_results(run_engines(spec, arguments), arguments)


FORCE_HELP = (
    'a force such as "7R 1C Suleiman Ibrahim", "4M L2" or "ottoman: 7R 1C" '
    "(R regulars, M mercenaries, C cavalry, L0-L2 an anonymous leader)"
)


def _add_combat_arguments(parser, mode: str) -> None:
    """The forces, cards and policies of a field battle or an assault."""
    parser.add_argument("--attacker", required=True, metavar="FORCE", help=FORCE_HELP)
    parser.add_argument(
        "--defender",
        required=True,
        metavar="FORCE",
        help="the defending force, written the same way",
    )
    parser.add_argument(
        "--defender-ally",
        metavar="FORCE",
        action="append",
        help="an allied major power defending with the defender (losses split evenly); "
        "repeat it for each ally",
    )
    _add_card_arguments(parser, mode)


def register(commands) -> None:
    """Add the four engagement commands."""
    battle = commands.add_parser(
        "battle",
        help="odds of a field battle (rule 14)",
        description="Odds of a field battle (rule 14): the attacker is the active power.",
    )
    _add_combat_arguments(battle, "battle")
    add_engine_arguments(battle, fractions=True)
    battle.set_defaults(run=_run_battle)

    assault = commands.add_parser(
        "assault",
        help="odds of an assault on a besieged space (rule 15.1)",
        description="Odds of an assault (15.1). The attacker is the besieging stack, which "
        "may be larger than one formation: one formation of it assaults, the rest stand by "
        "and still count for the siege. The defender is the garrison; an empty fortress is "
        "--defender 0R.",
    )
    _add_combat_arguments(assault, "assault")
    assault.add_argument(
        "--assault-formation",
        metavar="POLICY",
        help="which part of the besieging stack assaults: strongest (default: every leader, "
        "then regulars, mercenaries, cavalry up to the command capacity) or a declared "
        'formation such as "6R Ibrahim"; the rest stand by and still besiege',
    )
    requirements = assault.add_argument_group("assault requirements (15.1)")
    requirements.add_argument(
        "--siege-laid-this-impulse",
        action="store_true",
        help="the siege began this impulse (needs Roxelana)",
    )
    requirements.add_argument(
        "--assaulted-this-impulse",
        action="store_true",
        help="the space was already assaulted this impulse",
    )
    requirements.add_argument(
        "--no-line-of-communication",
        action="store_true",
        help="the attacker has no LOC to the space",
    )
    requirements.add_argument(
        "--defender-squadrons-adjacent",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="defending squadrons in an adjacent sea zone (any refuses the assault; 15.1)",
    )
    requirements.add_argument(
        "--defender-squadrons-in-port",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="defending squadrons in the port (the attacker needs more adjacent; 15.1)",
    )
    requirements.add_argument(
        "--attacker-squadrons-adjacent",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="attacking squadrons in the adjacent sea zones (corsairs do not count)",
    )
    requirements.add_argument(
        "--no-siege-artillery-supply",
        action="store_true",
        help="no LOC of at most 4 land spaces to a fortified home space",
    )
    add_engine_arguments(assault, fractions=True)
    assault.set_defaults(run=_run_assault)

    intercept = commands.add_parser(
        "intercept",
        help="chance of an interception (13.2)",
        description="Chance of an interception (13.2): 2d6 + best battle rating, +1 for "
        "Ottoman cavalry, -1 against Ottoman cavalry, 9 or more.",
    )
    intercept.add_argument("--interceptor", required=True, metavar="FORCE", help=FORCE_HELP)
    # Required on land; the --naval form (cli/_naval_commands.py) takes none, and checks.
    intercept.add_argument("--mover", metavar="FORCE", help="the moving formation (on land)")
    add_engine_arguments(intercept, survivors=False, fractions=True)  # a roll has no survivors
    intercept.set_defaults(run=_run_intercept)

    avoid = commands.add_parser(
        "avoid",
        help="chance of avoiding battle (13.3)",
        description="Chance of avoiding battle (13.3), with the same modifiers.",
    )
    avoid.add_argument("--defender", required=True, metavar="FORCE", help=FORCE_HELP)
    # Required on land; the --naval form (cli/_naval_commands.py) takes none, and checks.
    avoid.add_argument("--attacker", metavar="FORCE", help="the moving formation (on land)")
    avoid.add_argument(
        "--lost-battle-this-impulse",
        action="store_true",
        help="every unit trying lost a field battle this impulse (automatic)",
    )
    add_engine_arguments(avoid, survivors=False, fractions=True)  # a roll has no survivors
    avoid.set_defaults(run=_run_avoid)

    # A kind registered with the options of battle (its record's ``arguments``) and no
    # command of its own gets one, named after it.
    from oddsengine.kinds import KINDS

    for kind in KINDS.values():
        if kind.arguments == "battle" and kind.command not in commands.choices:
            registered = commands.add_parser(
                kind.command,
                help=f"odds of a {kind.title.lower()} ({kind.rule})",
                description=f"Odds of a {kind.title.lower()} ({kind.rule}).",
            )
            _add_combat_arguments(registered, kind.card_engagement or "battle")
            add_engine_arguments(registered, fractions=True)
            registered.set_defaults(run=_run_registered, kind=kind.name)

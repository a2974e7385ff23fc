"""``naval``, ``piracy`` and ``foreign-war``, and ``--naval`` for ``intercept`` and
``avoid``: the combats of RULES.md Part II, exact or sampled."""

from __future__ import annotations

from oddsengine.cli._card_value import (
    add_card_value_arguments,
    check_card_value_options,
    print_card_values,
)
from oddsengine.cli._engine_options import (
    add_engine_arguments,
    check_engine_arguments,
    non_negative_int,
    print_results,
    refuse_given,
    run_engines,
    with_reason,
)
from oddsengine.combat.naval_cards import effects_text, post_roll_slugs, roll_card_effect
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.errors import OddsEngineError

#: Monte Carlo trials of a foreign war when none are asked for (it is sampled attempt by
#: attempt, slower than a single roll).
WAR_TRIALS = 200_000

FLEET_HELP = (
    'a fleet such as "ottoman: 3Sq 2Co Dragut" or "hapsburg: 2Sq Doria" '
    "(Sq squadrons, Co corsairs (Ottoman only), naval leaders Andrea Doria, Barbarossa, Dragut)"
)


def _parse_post_roll(arguments) -> dict:
    post_roll = {}
    for text in arguments.policy or ():
        if "=" not in text:
            raise OddsEngineError(
                f"--policy takes CARD=POLICY (e.g. {post_roll_slugs('naval-battle')[0]}=always), "
                f"not {text!r}"
            )
        card, policy = text.split("=", 1)
        if card.strip() in post_roll:  # the last would win: say so instead
            raise OddsEngineError(f"--policy gives {card.strip()} twice")
        post_roll[card.strip()] = policy.strip()
    return post_roll


def _run_naval(arguments):
    from oddsengine.combat.naval import NavalBattle

    check_card_value_options(arguments)
    spec = NavalBattle(
        arguments.attacker,
        arguments.defender,
        in_port=arguments.in_port,
        attacker_cards=arguments.attacker_cards,
        defender_cards=arguments.defender_cards,
        post_roll=_parse_post_roll(arguments),
        attacker_can_retreat=not arguments.attacker_no_retreat,
        defender_can_retreat=not arguments.defender_no_retreat,
    )
    if arguments.card_value:
        print_card_values(spec, arguments)
    else:
        print_results(run_engines(spec, arguments), arguments)


def _run_piracy(arguments):
    from oddsengine.combat.piracy import Piracy

    spec = Piracy(
        arguments.pirates,
        zone_squadrons=arguments.zone_squadrons,
        adjacent_squadrons=arguments.adjacent_squadrons,
        adjacent_fortresses=arguments.adjacent_fortresses,
        target_ports=arguments.target_ports,
        target_hand=arguments.target_hand,
        target_squadrons=arguments.target_squadrons,
        piracy_vp=arguments.piracy_vp,
        award_policy=arguments.award_policy,
        award_order=arguments.award_order,
        responses=arguments.responses,
    )
    print_results(run_engines(spec, arguments), arguments)


def _run_foreign_war(arguments):
    from oddsengine.combat.foreign_war import ForeignWar
    from oddsengine.engines.foreign_war import exact_foreign_war, simulate_foreign_war

    check_card_value_options(arguments)
    if arguments.precision is not None:
        raise OddsEngineError("--precision is not available for a foreign war: give --trials")
    _, reason = check_engine_arguments(arguments)
    (card,) = post_roll_slugs("foreign-war")  # one post-roll card in a foreign war
    policy = _parse_post_roll(arguments).get(card, "if-it-changes-the-outcome")
    unknown = set(_parse_post_roll(arguments)) - {card}
    if unknown:
        raise OddsEngineError(f"no post-roll policy for {unknown.pop()!r} in a foreign war")
    if arguments.policy and card not in _played(arguments.cards):
        raise OddsEngineError(f"--policy {card}=... is given but {card} is not played")
    if arguments.horizon == 1:  # 21.7: built before each later attempt; there is none
        refuse_given(arguments, ["--reinforcements"], "with --horizon 1: there is no later attempt")
    spec = ForeignWar(
        arguments.war,
        arguments.force,
        foreign=arguments.foreign,
        horizon=arguments.horizon,
        cards=arguments.cards,
        post_roll_policy=policy,
        reinforcements=arguments.reinforcements,
        casualty_order="MRC" if arguments.casualty_order is None else arguments.casualty_order,
    )
    if arguments.card_value:
        print_card_values(spec, arguments)
        return
    results = []
    if arguments.exact or arguments.compare:
        results.append(with_reason(exact_foreign_war(spec), reason))
    if not arguments.exact or arguments.compare:
        trials = arguments.trials or WAR_TRIALS
        simulated = simulate_foreign_war(spec, trials=trials, seed=arguments.seed)
        results.append(with_reason(simulated, reason))
    print_results(results, arguments)


def _played(cards: str) -> set:
    """The slugs of the cards in ``cards`` (refused later, by the spec, when unknown)."""
    from oddsengine.combat.cards import find_card

    played = set()
    for name in cards.split(","):
        try:
            played.add(find_card(name.strip()).slug)
        except OddsEngineError:
            continue
    return played


def _rowers(arguments):
    if arguments.rowers is None:
        refuse_given(arguments, ["--rowers-policy"], "is the policy of --rowers: give --rowers")
    return {"rowers": arguments.rowers, "rowers_policy": arguments.rowers_policy}


def _run_naval_intercept(arguments):
    from oddsengine.combat.naval_rolls import NavalInterception

    spec = NavalInterception(arguments.interceptor, **_rowers(arguments))
    print_results(run_engines(spec, arguments), arguments)


def _run_naval_avoid(arguments):
    from oddsengine.combat.naval_rolls import NavalAvoidBattle

    spec = NavalAvoidBattle(arguments.defender, in_port=arguments.in_port, **_rowers(arguments))
    print_results(run_engines(spec, arguments), arguments)


def _add_naval_to_roll(parser, naval_run, land_only: str) -> None:
    """Give a land roll command (``intercept``, ``avoid``) a ``--naval`` form.

    The land command's own options stay as they are; with ``--naval`` its FORCE options
    are read as fleets and ``land_only`` (the opponent, which does not change a naval
    roll) is not needed.
    """
    land_run = parser.get_default("run")
    group = parser.add_argument_group("at sea (16.1)")
    group.add_argument(
        "--naval",
        action="store_true",
        help="a naval roll: 2d6 + the best naval battle rating >= 9; forces are fleets",
    )
    group.add_argument(
        "--rowers",
        choices=("roller", "opponent"),
        default=None,
        help=f"with --naval: who plays {roll_card_effect().card.name} (+{roll_card_effect().dice} "
        f"for the roller, -{roll_card_effect().dice} by the opponent)",
    )
    group.add_argument(
        "--rowers-policy",
        choices=POST_ROLL_POLICIES,
        default=POST_ROLL_POLICIES[0],
        help="with --rowers: play it only when it turns the result (default) or always",
    )
    if land_only == "attacker":
        group.add_argument(
            "--in-port",
            action="store_true",
            help="with --naval: the ships are in a port (refused: they cannot avoid battle)",
        )
    # The opponent is needed on land only: argparse cannot express "required unless
    # --naval", so the land command declares it optional and the check is made here.

    def run(arguments):
        if arguments.naval:
            if getattr(arguments, land_only) is not None:
                raise OddsEngineError(
                    f"--{land_only} does not change a naval roll (16.1): leave it out"
                )
            if getattr(arguments, "lost_battle_this_impulse", False):
                raise OddsEngineError("--lost-battle-this-impulse is a land rule (13.3)")
            return naval_run(arguments)
        if arguments.rowers:
            raise OddsEngineError("--rowers is for a naval roll: add --naval")
        refuse_given(
            arguments, ["--rowers-policy", "--in-port"], "is for a naval roll: add --naval"
        )
        if getattr(arguments, land_only) is None:
            raise OddsEngineError(f"the following argument is required: --{land_only}")
        return land_run(arguments)

    parser.set_defaults(run=run)


def register(commands) -> None:
    """Add ``naval`` (and later ``piracy``, ``foreign-war``); give ``intercept`` and
    ``avoid`` their ``--naval`` form when they are registered."""
    from oddsengine.combat.war_cards import WAR_CHOICES

    naval = commands.add_parser(
        "naval",
        help="odds of a naval battle (16.2)",
        description="Odds of a naval battle (16.2): the attacker is the active power; 2 dice "
        "per squadron, 1 per corsair, + the best naval battle rating, +1 for the defender "
        "in a port.",
    )
    naval.add_argument("--attacker", required=True, metavar="FLEET", help=FLEET_HELP)
    naval.add_argument(
        "--defender",
        required=True,
        metavar="FLEET",
        help="the defending fleet, written the same way",
    )
    naval.add_argument(
        "--in-port", action="store_true", help="the battle is in a port (the defender +1 die)"
    )
    for role in ("attacker", "defender"):
        naval.add_argument(
            f"--{role}-no-retreat",
            action="store_true",
            help=f"the {role} has no port or sea zone to retreat to: its ships are lost if it "
            "must leave (in a port the attacker always leaves; at sea the loser does)",
        )
    cards = naval.add_argument_group("cards and policies")
    cards.add_argument(
        "--attacker-cards",
        default="",
        metavar="CARDS",
        help=effects_text("naval-battle"),
    )
    cards.add_argument(
        "--defender-cards", default="", metavar="CARDS", help="cards the defender plays"
    )
    cards.add_argument(
        "--policy",
        action="append",
        metavar="CARD=POLICY",
        help=f"post-roll card policy ({', '.join(post_roll_slugs('naval-battle'))}): always or "
        "if-it-changes-the-outcome (default)",
    )
    add_card_value_arguments(cards)
    add_engine_arguments(naval, fractions=True)
    naval.set_defaults(run=_run_naval)

    piracy = commands.add_parser(
        "piracy",
        help="odds of a piracy action (16.4)",
        description="Odds of a piracy action (16.4): anti-piracy dice sink corsairs, then "
        "each piracy hit gives the Ottomans a VP, a target squadron or a card, as the "
        "target chooses (the award policy).",
    )
    piracy.add_argument(
        "--pirates", required=True, metavar="FLEET", help="the Ottoman ships in the sea zone"
    )
    zone = piracy.add_argument_group("the sea zone and the target")
    for name, text in (
        ("zone-squadrons", "target squadrons in the zone (2 anti-piracy dice each)"),
        (
            "adjacent-squadrons",
            "squadrons of the target or of powers at war with the "
            "Ottomans in adjacent ports and sea zones (1 die each)",
        ),
        (
            "adjacent-fortresses",
            "adjacent fortresses of the target, of powers at war with "
            "the Ottomans or of the Knights of St. John (1 die each)",
        ),
    ):
        zone.add_argument(f"--{name}", type=non_negative_int, default=0, metavar="N", help=text)
    zone.add_argument(
        "--target-ports",
        type=non_negative_int,
        required=True,
        metavar="N",
        help="ports the target controls on the zone (1 means 1 piracy die)",
    )
    zone.add_argument(
        "--target-hand",
        type=non_negative_int,
        default=None,
        metavar="N",
        help="cards in the target's hand (default: enough for every hit)",
    )
    zone.add_argument(
        "--target-squadrons",
        type=non_negative_int,
        default=None,
        metavar="N",
        help="target squadrons in or adjacent to the zone a hit may sink "
        "(default --zone-squadrons)",
    )
    zone.add_argument(
        "--piracy-vp",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="piracy VP the Ottomans already have (at most 10 in a game)",
    )
    awards = piracy.add_argument_group("the target's award policy (RULES §12)")
    awards.add_argument(
        "--award-policy",
        choices=("even", "in-order"),
        default="even",
        help="spread the hits evenly over the possible awards (default) or give each to "
        "the first possible one of --award-order",
    )
    awards.add_argument(
        "--award-order",
        default="vp,squadrons,cards",
        metavar="ORDER",
        help="the target's preference (default vp,squadrons,cards): with even, which "
        "award takes a hit when the spread leaves a choice",
    )
    piracy.add_argument(
        "--responses",
        default="",
        metavar="CARDS",
        help=_piracy_responses_help,
    )
    # No land units: no survivor table.
    add_engine_arguments(piracy, survivors=False, fractions=True)
    piracy.set_defaults(run=_run_piracy)

    war = commands.add_parser(
        "foreign-war",
        help="odds of a foreign war, attempt by attempt (21.7)",
        description="A foreign war (21.7): each attempt (1 CP) is a field battle without the "
        "defender's die and without retreat, until no foreign unit is left.",
    )
    war.add_argument(
        "--war",
        required=True,
        choices=WAR_CHOICES,
        help="the foreign war card fought",
    )
    war.add_argument(
        "--force",
        required=True,
        metavar="FORCE",
        help='the major power\'s units and army leaders on the card, e.g. "5R Ibrahim"',
    )
    war.add_argument(
        "--foreign",
        type=non_negative_int,
        default=None,
        metavar="N",
        help="foreign units (default the card's: Persia 4, Egypt 3, Ireland 3)",
    )
    war.add_argument(
        "--horizon", type=non_negative_int, default=6, metavar="K", help="attempts (default 6)"
    )
    war.add_argument(
        "--cards",
        default="",
        metavar="CARDS",
        help="combat cards in the first attempt: " + effects_text("foreign-war"),
    )
    war.add_argument(
        "--policy",
        action="append",
        metavar=f"{post_roll_slugs('foreign-war')[0]}=POLICY",
        help="post-roll card policy: always or if-it-changes-the-outcome (default)",
    )
    war.add_argument(
        "--reinforcements",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="regulars built on the card before each later attempt (2 CP each), up to the "
        "card's number",
    )
    war.add_argument(
        "--casualty-order",
        metavar="ORDER",
        default=None,
        help="order of the major power's losses, e.g. regulars,mercenaries,cavalry",
    )
    add_card_value_arguments(war, sides=False)
    # The survivors are in the outcome table.
    # Sampled attempt by attempt, without a precision loop: --precision is refused.
    add_engine_arguments(war, survivors=False, trials=WAR_TRIALS, precision=False)
    war.set_defaults(run=_run_foreign_war)

    # A command line of naval, piracy or foreign-war builds no land command's parser.
    if "intercept" in commands.choices:
        _add_naval_to_roll(commands.choices["intercept"], _run_naval_intercept, "mover")
        _add_naval_to_roll(commands.choices["avoid"], _run_naval_avoid, "attacker")


def _piracy_responses_help() -> str:
    from oddsengine.combat.cards import CARD_RULES

    stopping = (rule.slug for rule in CARD_RULES.values() if rule.stops_piracy)
    return f"cards other powers play against the action: {', '.join(stopping)} stops it (RULES §12)"

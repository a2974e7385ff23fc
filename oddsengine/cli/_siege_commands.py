"""``siege``: a siege campaign, an assault each impulse up to a horizon (15, 15.1, 15.3).

A command of its own module, so that a siege's command line imports none of the move
machinery (``--after-move`` imports the scenario reader when it is given).
"""

from __future__ import annotations

import sys

from oddsengine.cli._battle_policies import (
    add_policy_arguments,
    policies_given,
    policies_with_options,
    refuse_policies_of_cards_not_played,
)
from oddsengine.cli._engine_options import (
    add_method_argument,
    choose_method,
    non_negative_int,
    parse_cards,
    positive_int,
    trial_count,
    with_reason,
)
from oddsengine.errors import OddsEngineError
from oddsengine.results.output import FORMATS


def _schedule(entries) -> tuple:
    """``["2=3R", "3=2M"]`` -> ``((2, "3R"), (3, "2M"))``."""
    schedule = []
    for text in entries or ():
        impulse, equals, force = text.partition("=")
        if not equals or not impulse.strip().isdigit() or not force.strip():
            raise OddsEngineError(f"--schedule takes IMPULSE=FORCE (e.g. 2=3R), not {text!r}")
        schedule.append((int(impulse), force.strip()))
    return tuple(schedule)


def _run_siege(arguments):
    from oddsengine.engines.siege import exact_campaign, simulate_campaign
    from oddsengine.moves.siege_campaign import SiegeCampaign

    parameters = {
        "horizon": arguments.horizon,
        "reinforcements": arguments.reinforcements,
        "attacker_cards": parse_cards(arguments.attacker_cards),
        "defender_cards": parse_cards(arguments.defender_cards),
        "schedule": _schedule(arguments.schedule),
        "assault_from": arguments.assault_from,
    }
    if arguments.after_move is not None:  # an empty name is refused by load_move
        from oddsengine.moves.scenario_file import load_move

        if arguments.besiegers is not None or arguments.garrison is not None:
            raise OddsEngineError("--after-move takes the siege from the move: no --besiegers")
        move = load_move(arguments.after_move)
        # The assaults' policies (RULES.md §9): the move's, with those given here over them.
        if policies_given(arguments):
            parameters["policies"] = policies_with_options(arguments, move.policies, "assault")
        campaign = SiegeCampaign.from_move(move, **parameters)
    else:
        if not (arguments.besiegers and arguments.garrison):
            raise OddsEngineError("give --besiegers and --garrison, or --after-move SCENARIO")
        if policies_given(arguments):
            parameters["policies"] = policies_with_options(arguments, None, "assault")
        campaign = SiegeCampaign(arguments.besiegers, arguments.garrison, **parameters)
    played = {card.slug for card in parameters["attacker_cards"] + parameters["defender_cards"]}
    given = {text.partition("=")[0].strip() for text in arguments.policy or ()}
    refuse_policies_of_cards_not_played(
        (card for card, _ in campaign.policies.post_roll if card in given), played
    )
    _, reason = choose_method(arguments)
    if arguments.exact:
        result = exact_campaign(campaign)
    else:
        result = simulate_campaign(
            campaign, trials=arguments.trials or 100_000, seed=arguments.seed
        )
    result = with_reason(result, reason)
    sys.stdout.write(result.render(arguments.format))


def register(commands) -> None:
    """Add ``siege``."""
    siege = commands.add_parser(
        "siege",
        help="a siege campaign: an assault each impulse up to a horizon",
        description="Assault a besieged space each impulse until it falls, the siege breaks "
        "or the horizon is reached (15, 15.1, 15.3).",
    )
    siege.add_argument("--besiegers", metavar="FORCE", help='e.g. "9R Suleiman"')
    siege.add_argument("--garrison", metavar="FORCE", help='e.g. "hapsburg: 2R Ferdinand"')
    siege.add_argument(
        "--after-move", metavar="SCENARIO", help="start from the sieges a move may lay"
    )
    siege.add_argument("--horizon", type=positive_int, default=6, help="impulses (default 6)")
    siege.add_argument(
        "--reinforcements", metavar="FORCE", help="units joining before each later assault"
    )
    siege.add_argument(
        "--schedule",
        action="append",
        metavar="IMPULSE=FORCE",
        help="reinforcements arriving once, before that impulse's assault (e.g. 2=3R); "
        "repeat for several",
    )
    siege.add_argument(
        "--assault-from",
        type=positive_int,
        default=1,
        metavar="K",
        help="the first impulse with an assault; the besiegers wait before it (default 1)",
    )
    siege.add_argument(
        "--attacker-cards", default="", metavar="CARDS", help="cards the besiegers play"
    )
    siege.add_argument(
        "--defender-cards", default="", metavar="CARDS", help="cards the garrison plays"
    )
    add_policy_arguments(
        siege, after="an assault's roll", attacker="the besiegers'", defender="the garrison's"
    )
    engine = siege.add_argument_group("engine")
    add_method_argument(engine, asking=("--trials", "--seed"))
    engine.add_argument(
        "--trials", type=trial_count, default=None, help="Monte Carlo trials (default 100,000)"
    )
    engine.add_argument(
        "--seed", type=non_negative_int, default=None, help="random seed (Monte Carlo)"
    )
    engine.add_argument(
        "--format", choices=FORMATS, default="table", help="output format (default table)"
    )
    siege.set_defaults(run=_run_siege)

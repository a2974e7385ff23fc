"""The RULES.md §9 policies of the battles on the command line, inside a move or a siege:
``--policy CARD=POLICY`` for the card played after the roll, and each side's casualty
order, given over the policies of the scenario (``move``, ``siege``)."""

from __future__ import annotations

from oddsengine.errors import OddsEngineError

__all__ = [
    "add_policy_arguments",
    "policies_given",
    "policies_with_options",
    "refuse_policies_of_cards_not_played",
]


def add_policy_arguments(parser, *, after: str, attacker: str, defender: str) -> None:
    """Add ``--policy`` and both casualty orders; ``after`` names the roll the card
    follows, ``attacker`` and ``defender`` whose losses each order gives."""
    parser.add_argument(
        "--policy",
        action="append",
        metavar="CARD=POLICY",
        help=f"the policy of a card played after {after}: always or "
        "if-it-changes-the-outcome (default)",
    )
    parser.add_argument(
        "--attacker-casualty-order",
        metavar="ORDER",
        help=f"order of {attacker} losses, e.g. regulars,mercenaries,cavalry or RMC "
        "(default mercenaries, regulars, cavalry)",
    )
    parser.add_argument(
        "--defender-casualty-order",
        metavar="ORDER",
        help=f"order of {defender} losses, as above",
    )


def policies_given(arguments) -> bool:
    """Whether the command line gives any of these policies."""
    return bool(
        arguments.policy or arguments.attacker_casualty_order or arguments.defender_casualty_order
    )


def policies_with_options(arguments, base, mode: str):
    """``base`` (a :class:`~oddsengine.combat.options.Policies`, or None for the defaults)
    with the policies given on the command line; ``mode`` (``"battle"``, ``"assault"``)
    names the combat whose post-roll card a refused ``--policy`` is shown with."""
    from oddsengine.combat.options import Policies

    base = base or Policies()
    post_roll = dict(base.post_roll)
    given = set()  # a card given twice: the last would win without a word
    for text in arguments.policy or ():
        if "=" not in text:
            from oddsengine.combat.cards import land_post_roll_card

            raise OddsEngineError(
                f"--policy takes CARD=POLICY (e.g. {land_post_roll_card(mode)}=always), "
                f"not {text!r}"
            )
        card, policy = (part.strip() for part in text.split("=", 1))
        if card in given:
            raise OddsEngineError(f"--policy gives {card} twice")
        given.add(card)
        post_roll[card] = policy
    return Policies(
        attacker_casualty_order=arguments.attacker_casualty_order or base.attacker_casualty_order,
        defender_casualty_order=arguments.defender_casualty_order or base.defender_casualty_order,
        post_roll=post_roll,
        gout_target=base.gout_target,
        assault_formation=base.assault_formation,
    )


def refuse_policies_of_cards_not_played(cards, played) -> None:
    """Refuse a ``--policy`` for any of ``cards`` (slugs) that is not ``played``: it would
    be ignored."""
    for card in cards:
        if card not in played:
            raise OddsEngineError(f"--policy {card}=... is given but {card} is not played")

"""The RULES.md §9 policies of the battles inside a move or a siege, as every face gives
them: ``policy`` (``CARD=POLICY`` for a card played after the roll) and each side's
casualty order, given over the policies of the scenario. They fill one field together
(the spec's :class:`~oddsengine.combat.options.Policies`), so they are the inputs of the
kinds' records (``Kind.options``), declared once per kind here: the words name the roll
the card follows and whose losses each order gives.

Only :mod:`oddsengine.declaration` is imported here: the registry names these options
for the command line, and the policies they fill are read when a spec is built.

Examples
--------
>>> [option.flag_name for option in MOVE_POLICIES]
['--policy', '--attacker-casualty-order', '--defender-casualty-order']
>>> policies_over(None, "battle", attacker_casualty_order="RMC").attacker_casualty_order
('regulars', 'mercenaries', 'cavalry')
"""

from __future__ import annotations

from oddsengine.declaration import Option
from oddsengine.errors import OddsEngineError
from oddsengine.moves.scenario_board import OVER_THE_FILE

__all__ = [
    "MOVE_POLICIES",
    "POLICY_INPUTS",
    "SIEGE_POLICIES",
    "policies_given",
    "policies_over",
    "refuse_cards_not_played",
    "with_battle_policies",
]


def _policy_options(*, after: str, attacker: str, defender: str, group: str = "") -> tuple:
    return (
        Option("policy", f"the policy of a card played after {after}: always or "
               "if-it-changes-the-outcome (default)", rule="RULES.md §9", repeat=True,
               metavar="CARD=POLICY", group=group),
        Option("attacker_casualty_order", f"order of {attacker} losses, e.g. "
               "regulars,mercenaries,cavalry or RMC (default mercenaries, regulars, cavalry)",
               metavar="ORDER", group=group),
        Option("defender_casualty_order", f"order of {defender} losses, as above",
               metavar="ORDER", group=group),
    )  # fmt: skip


#: The policies of a move's field battle (and of the assaults on the siege it lays).
MOVE_POLICIES = _policy_options(
    after="the roll of the field battle",
    attacker="the mover's",
    defender="the defenders'",
    group=OVER_THE_FILE,
)
#: The policies of a siege campaign's assaults.
SIEGE_POLICIES = _policy_options(
    after="an assault's roll", attacker="the besiegers'", defender="the garrison's"
)
#: The names of the policy inputs (a move's and a siege's alike), which fill ``policies``
#: together.
POLICY_INPUTS = tuple(option.name for option in MOVE_POLICIES)


def _refused(name: str, reason: str) -> OddsEngineError:
    """The refusal of input ``name``, which a face names in its own words (its
    ``argument`` and ``reason``, as :func:`~oddsengine.moves.option_use.check_options_used`
    gives them)."""
    error = OddsEngineError(f"{name} {reason}")
    error.argument, error.reason = name, reason
    return error


def policies_given(policy=(), attacker_casualty_order=None, defender_casualty_order=None):
    """The names of the policies given (an empty order is given, and refused later)."""
    given = {
        "policy": policy,
        "attacker_casualty_order": attacker_casualty_order,
        "defender_casualty_order": defender_casualty_order,
    }
    return [name for name, value in given.items() if value or value == ""]


def policies_over(base, mode: str, *, policy=(), attacker_casualty_order=None,
                  defender_casualty_order=None):  # fmt: skip
    """``base`` (a :class:`~oddsengine.combat.options.Policies`, or None for the
    defaults) with the policies given over it; ``mode`` (``"battle"``, ``"assault"``)
    names the combat whose post-roll card a refused ``policy`` is shown with.

    Raises
    ------
    OddsEngineError
        A ``policy`` that is not ``CARD=POLICY``, or that gives a card twice (the last
        would win without a word), naming ``policy``.
    """
    from oddsengine.combat.options import Policies

    base = base or Policies()
    post_roll = dict(base.post_roll)
    given = set()
    for text in policy or ():
        if "=" not in text:
            from oddsengine.combat.cards import land_post_roll_card

            example = land_post_roll_card(mode)
            raise _refused("policy", f"takes CARD=POLICY (e.g. {example}=always), not {text!r}")
        card, chosen = (part.strip() for part in text.split("=", 1))
        if card in given:
            raise _refused("policy", f"gives {card} twice")
        given.add(card)
        post_roll[card] = chosen
    # An order given replaces the base's; an empty one is refused by the policies.
    if attacker_casualty_order is None:
        attacker_casualty_order = base.attacker_casualty_order
    if defender_casualty_order is None:
        defender_casualty_order = base.defender_casualty_order
    return Policies(
        attacker_casualty_order=attacker_casualty_order,
        defender_casualty_order=defender_casualty_order,
        post_roll=post_roll,
        gout_target=base.gout_target,
        assault_formation=base.assault_formation,
    )


def refuse_cards_not_played(cards, played) -> None:
    """Refuse a ``policy`` for any of ``cards`` (slugs) not ``played``: it would be
    ignored."""
    for card in cards:
        if card not in played:
            raise _refused("policy", f"{card}=... is given but {card} is not played")


def with_battle_policies(move, **given):
    """``move`` with the field battle's policies ``given`` (:func:`policies_over`'s
    keywords) over its own (RULES.md §9); refused, naming the first given, where a card's
    policy is for a card not played, or where the move fights no battle nor lays a siege
    whose assaults keep them (:mod:`oddsengine.moves.option_use`)."""
    names = policies_given(**given)
    if not names:
        return move
    from dataclasses import replace

    from oddsengine.moves.option_use import check_options_used

    # The field battle's policies given by a face over the move's own (RULES.md §9).
    policies = policies_over(move.policies, "battle", **given)
    played = {card.slug for card in move.attacker_cards + move.defender_cards}
    refuse_cards_not_played((card for card, _ in policies.post_roll), played)
    move = replace(move, policies=policies)
    try:
        check_options_used(move, {"policies": names[0]})
    except OddsEngineError as refusal:
        refusal.argument = names[0]  # the input given, not the field it fills
        raise
    return move

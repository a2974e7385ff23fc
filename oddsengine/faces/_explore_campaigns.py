"""The explorer's campaigns and move: the kinds whose spec the control values do not build
field by field (a siege campaign's reinforcements, a foreign war's war card, a move's
scenario file).

Each kind's :class:`~oddsengine.kinds.ExplorerEntry` names its builder here (``build``)
and the function that writes its own command-line options (``words``); every other kind
is built and written from its record alone
(:func:`~oddsengine.faces._explore_questions.build_spec`).
"""

from __future__ import annotations

from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.combat.war_cards import DEFAULT_WAR
from oddsengine.errors import OddsEngineError
from oddsengine.faces._explore_questions import casualty_policies, control_text

__all__ = [
    "foreign_war",
    "foreign_war_words",
    "move",
    "move_words",
    "siege_campaign",
    "siege_campaign_words",
]


def siege_campaign(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.siege_campaign.SiegeCampaign`: assaults impulse after
    impulse (rules 15, 15.1, 15.3), ``horizon`` of them at most."""
    from oddsengine.moves.siege_campaign import SiegeCampaign

    reinforcements = control_text(values, "reinforcements").strip() or None
    return SiegeCampaign(
        *forces,
        horizon=int(values.get("horizon", 3)),
        reinforcements=reinforcements,
        policies=casualty_policies(values, post_roll),
        **cards,
    )


def siege_campaign_words(values) -> list[str]:
    """The siege campaign's own options: ``--horizon`` and ``--reinforcements``."""
    words = ["--horizon", str(int(values.get("horizon", 3)))]
    reinforcements = control_text(values, "reinforcements").strip()
    if reinforcements:
        words += ["--reinforcements", reinforcements]
    return words


def foreign_war(values, forces, cards, post_roll):
    """A :class:`~oddsengine.combat.foreign_war.ForeignWar` of the chosen war card (rule
    21.7): the major power's force only, its cards the attacker's."""
    foreign = int(values.get("foreign", 0)) or None  # 0: the number the card gives
    return ForeignWar(
        values.get("war") or DEFAULT_WAR,
        forces[0],
        foreign=foreign,
        horizon=int(values.get("horizon", 3)),
        cards=cards["attacker_cards"],
        post_roll_policy=next(iter(post_roll.values()), POST_ROLL_POLICIES[0]),
        reinforcements=int(values.get("reinforcements_per_attempt", 0)),
    )


def foreign_war_words(values) -> list[str]:
    """The foreign war's own options: ``--war``, ``--foreign``, ``--horizon`` and
    ``--reinforcements``."""
    words = ["--war", values.get("war") or DEFAULT_WAR]
    if int(values.get("foreign", 0)):
        words += ["--foreign", str(int(values["foreign"]))]
    words += ["--horizon", str(int(values.get("horizon", 3)))]
    if int(values.get("reinforcements_per_attempt", 0)):
        words += ["--reinforcements", str(int(values["reinforcements_per_attempt"]))]
    return words


def move(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.move.Move` read from a shipped example or a scenario
    file (rules 13-15), the defender playing ``defender_policy``."""
    from oddsengine.moves.scenario_file import load_move

    scenario = control_text(values, "scenario").strip()
    if not scenario:
        raise OddsEngineError("give a scenario: a shipped example such as 'vienna' or a file")
    policy = control_text(values, "defender_policy").strip() or "best"
    return load_move(scenario, defender_policy=policy)


def move_words(values) -> list[str]:
    """The move's scenario (the command's argument) and ``--defender`` unless ``best``."""
    words = [control_text(values, "scenario").strip()]
    policy = control_text(values, "defender_policy").strip()
    if policy and policy != "best":
        words += ["--defender", policy]
    return words

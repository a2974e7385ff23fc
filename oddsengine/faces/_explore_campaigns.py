"""The explorer's campaigns and move: the kinds whose spec the control values do not build
field by field (a siege campaign's reinforcements, a foreign war's war card, a move's or
a naval move's scenario file and its what-ifs).

Each kind's :class:`~oddsengine.kinds.ExplorerEntry` names its builder here (``build``)
and the function that writes its own command-line options (``words``); every other kind
is built and written from its record alone
(:func:`~oddsengine.faces._explore_questions.build_spec`).
"""

from __future__ import annotations

from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.options import POST_ROLL_POLICIES
from oddsengine.combat.war_cards import DEFAULT_WAR
from oddsengine.errors import OddsEngineError, shown
from oddsengine.faces._explore_questions import casualty_policies, control_text

__all__ = [
    "examples",
    "foreign_war",
    "foreign_war_words",
    "move",
    "move_words",
    "naval_move",
    "naval_move_words",
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


def _pairs(values, key: str, option: str, what: str) -> dict:
    """The what-ifs of the text control ``key``, ``SPACE=VALUE`` pairs separated by ``;``
    (``"Linz=hapsburg: 4R; Graz=hapsburg: 2R"``), read as the command line reads each
    ``option``."""
    from oddsengine.moves.what_if import read_pairs

    texts = [part.strip() for part in control_text(values, key).split(";")]
    return read_pairs([text for text in texts if text], option, what)


def examples(table: str) -> list[str]:
    """The shipped scenarios that hold ``table`` (``"move"``, ``"naval_move"``): those a
    kind's :attr:`~oddsengine.kinds.ExplorerEntry.scenarios` names."""
    from oddsengine.moves.scenario_reader import example_names, find_scenario

    names = []
    for name in example_names():
        _, data = find_scenario(name)
        if f"[{table}]".encode() in data:
            names.append(name)
    return names


def _scenario(values, table: str) -> str:
    """The scenario typed: a file, or a shipped example of ``table``; refused naming the
    examples of that table only (not the sweeps, plans or other kinds' files)."""
    from pathlib import Path

    scenario = control_text(values, "scenario").strip()
    if not scenario:
        raise OddsEngineError("give a scenario: a shipped example such as 'vienna' or a file")
    offered = examples(table)
    name = scenario.removesuffix(".toml")
    if name not in offered and not Path(scenario).is_file():
        raise OddsEngineError(
            f"no scenario {shown(scenario)} of a {table.replace('_', ' ')}: a file, or one of "
            + ", ".join(offered)
        )
    return scenario


def _defender_policy(values) -> dict:
    """The defender policy typed, as a move's keyword; none for ``best`` (the control's
    default), which leaves the file's policy, as the command line shown does (its
    ``--defender`` is left out for ``best``). A policy given where no enemy waits in the
    destination is refused by the loader (oddsengine.moves.option_use)."""
    policy = control_text(values, "defender_policy").strip() or "best"
    return {} if policy == "best" else {"defender_policy": policy}


def move(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.move.Move` read from a shipped example or a scenario
    file (rules 13-15), the defender playing ``defender_policy``, with the board's
    what-ifs of ``stacks`` and ``control`` (the command line's ``--stack`` and
    ``--control``)."""
    from oddsengine.moves.scenario_file import load_move

    stacks = _pairs(values, "stacks", "--stack", "FORCE")
    control = _pairs(values, "control", "--control", "POWER")
    scenario = _scenario(values, "move")
    return load_move(scenario, stacks=stacks, control=control, **_defender_policy(values))


def _policy_words(values) -> list[str]:
    policy = control_text(values, "defender_policy").strip()
    return ["--defender", policy] if policy and policy != "best" else []


def move_words(values) -> list[str]:
    """The move's scenario (the command's argument), ``--defender`` unless ``best``, and a
    ``--stack`` or ``--control`` per what-if."""
    words = [control_text(values, "scenario").strip(), *_policy_words(values)]
    for key, option, what in (("stacks", "--stack", "FORCE"), ("control", "--control", "POWER")):
        for space, value in _pairs(values, key, option, what).items():
            words += [option, f"{space}={value}"]
    return words


def naval_move(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.naval_move.NavalMove` read from a shipped example or a
    scenario file (rules 16.1-16.2), the defender playing ``defender_policy``; a policy
    other than ``best`` is refused where no enemy ships wait in the destination, as
    ``naval-move --defender`` is (oddsengine.moves.option_use)."""
    from oddsengine.moves.scenario_file import load_naval_move

    return load_naval_move(_scenario(values, "naval_move"), **_defender_policy(values))


def naval_move_words(values) -> list[str]:
    """The naval move's scenario (the command's argument) and ``--defender`` unless
    ``best``."""
    return [control_text(values, "scenario").strip(), *_policy_words(values)]

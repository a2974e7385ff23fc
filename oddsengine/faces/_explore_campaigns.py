"""The explorer's campaigns and move: the kinds whose spec the control values do not build
field by field (a siege campaign's reinforcements, a foreign war's war card, a move's or
a naval move's scenario file and its what-ifs). A siege campaign, a move and a naval move
are built from their declarations as their commands build them, and their command-line
words written from the same declarations.

The explorer's layout of each of these kinds (:mod:`oddsengine.faces.explore_layouts`)
names its builder here (``build``) and the function that writes its own command-line
options (``words``); every other kind is built and written from its declaration
(:func:`~oddsengine.faces._explore_questions.build_spec`).
"""

from __future__ import annotations

from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.war_cards import DEFAULT_WAR
from oddsengine.declaration import spec_of
from oddsengine.errors import OddsEngineError, shown
from oddsengine.faces._explore_questions import control_text, inputs_of

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
    impulse (rules 15, 15.1, 15.3), ``horizon`` of them at most, built from its
    declaration as its command builds it (its ``from_options``)."""
    from oddsengine.moves.siege_campaign import SiegeCampaign

    return SiegeCampaign.from_options(**_siege_inputs(values, forces, cards, post_roll))


def _siege_inputs(values, forces, cards, post_roll) -> dict:
    """The siege campaign's inputs (by option name) that the controls give: the forces,
    the cards and their post-roll policy, the casualty orders, ``horizon`` and
    ``reinforcements``."""
    inputs = {"besiegers": forces[0], "garrison": forces[1], **cards}
    inputs["horizon"] = int(values.get("horizon", 3))
    reinforcements = control_text(values, "reinforcements").strip()
    if reinforcements:
        inputs["reinforcements"] = reinforcements
    inputs["policy"] = tuple(f"{card}={policy}" for card, policy in post_roll.items())
    for side in ("attacker", "defender"):
        order = values.get(f"{side}_casualty_order")
        if order:
            inputs[f"{side}_casualty_order"] = order
    return inputs


def siege_campaign_words(values) -> list[str]:
    """The siege campaign's own options (``--horizon`` and ``--reinforcements``), as its
    declaration writes them; the forces, cards and policies are the calculator's."""
    from oddsengine.declaration import options_of
    from oddsengine.moves.siege_campaign import SiegeCampaign

    given = {"horizon": int(values.get("horizon", 3)), "reinforcements": None}
    given["reinforcements"] = control_text(values, "reinforcements").strip() or None
    return [
        word
        for item in options_of(SiegeCampaign)
        if item.name in given
        for word in item.words_of(given[item.name])
    ]


def foreign_war(values, forces, cards, post_roll):
    """A :class:`~oddsengine.combat.foreign_war.ForeignWar` of the chosen war card (rule
    21.7), built from its declaration as its command builds it: the major power's force,
    cards and post-roll policy (:func:`~oddsengine.faces._explore_questions.inputs_of`),
    and the war's own controls."""
    foreign = int(values.get("foreign", 0)) or None  # 0: the number the card gives
    inputs = inputs_of("foreign-war", values)
    inputs.update(
        war=values.get("war") or DEFAULT_WAR,
        foreign=foreign,
        horizon=int(values.get("horizon", 3)),
        reinforcements=int(values.get("reinforcements_per_attempt", 0)),
    )
    return spec_of(ForeignWar, inputs)


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


def _what_ifs(values, key: str) -> tuple:
    """The what-ifs of the text control ``key``, ``SPACE=VALUE`` texts separated by ``;``
    (``"Linz=hapsburg: 4R; Graz=hapsburg: 2R"``), one value each of the option that
    gives them (read, and refused, as the command line reads it)."""
    texts = [part.strip() for part in control_text(values, key).split(";")]
    return tuple(text for text in texts if text)


def examples(table: str) -> list[str]:
    """The shipped scenarios that hold ``table`` (``"move"``, ``"naval_move"``): those a
    kind's layout names (:attr:`~oddsengine.kinds.ExplorerEntry.scenarios`)."""
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


def _move_inputs(values, what_ifs=("stacks", "control")) -> dict:
    """The inputs (by option name) of a move or naval move that the controls give: its
    ``what_ifs`` and the defender policy, none for ``best`` (the control's default),
    which leaves the file's policy, as the command line shown does (its ``--defender``
    is left out for ``best``). A policy given where no enemy waits in the destination is
    refused by the loader (oddsengine.moves.option_use)."""
    inputs = {key: _what_ifs(values, key) for key in what_ifs}
    policy = control_text(values, "defender_policy").strip() or "best"
    if policy != "best":
        inputs["defender_policy"] = policy
    return {name: value for name, value in inputs.items() if value}


def _on_board(spec_class, values, table: str, what_ifs=()):
    """The move of ``spec_class`` on the scenario typed (of ``table``), built from its
    declaration as its command builds it (:func:`~oddsengine.declaration.spec_on_board`)."""
    from oddsengine.declaration import spec_on_board

    inputs = _move_inputs(values, what_ifs)
    return spec_on_board(spec_class, _scenario(values, table), inputs)


def _board_words(command: str, spec_class, values, what_ifs=()) -> list[str]:
    """The options after the command that ask the same move: its scenario (the command's
    argument) and the inputs given, as its declaration writes them."""
    from oddsengine.declaration import command_words

    inputs = {
        "scenario": control_text(values, "scenario").strip(),
        **_move_inputs(values, what_ifs),
    }
    return command_words(command, spec_class, inputs, spec_class.scenario_board.options)[1:]


def move(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.move.Move` read from a shipped example or a scenario
    file (rules 13-15), the defender playing ``defender_policy``, with the board's
    what-ifs of ``stacks`` and ``control`` (the command line's ``--stack`` and
    ``--control``)."""
    from oddsengine.moves.move import Move

    return _on_board(Move, values, "move", ("stacks", "control"))


def move_words(values) -> list[str]:
    """The move's scenario (the command's argument), ``--defender`` unless ``best``, and a
    ``--stack`` or ``--control`` per what-if."""
    from oddsengine.moves.move import Move

    return _board_words("move", Move, values, ("stacks", "control"))


def naval_move(values, forces, cards, post_roll):
    """A :class:`~oddsengine.moves.naval_move.NavalMove` read from a shipped example or a
    scenario file (rules 16.1-16.2), with the board's what-ifs of ``fleets`` (the command
    line's ``--fleet``), the defender playing ``defender_policy``; a policy
    other than ``best`` is refused where no enemy ships wait in the destination, as
    ``naval-move --defender`` is (oddsengine.moves.option_use)."""
    from oddsengine.moves.naval_move import NavalMove

    return _on_board(NavalMove, values, "naval_move", ("fleets",))


def naval_move_words(values) -> list[str]:
    """The naval move's scenario (the command's argument), ``--defender`` unless ``best``
    and a ``--fleet`` per what-if."""
    from oddsengine.moves.naval_move import NavalMove

    return _board_words("naval-move", NavalMove, values, ("fleets",))

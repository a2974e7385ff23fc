"""Scenario files: a situation and a move written as TOML.

Files are read with the standard library's :mod:`tomllib`; nothing in a file is ever
executed. A bad file is refused with an :class:`~oddsengine.errors.OddsEngineError` naming
the file, the key and the reason. The layout::

    [situation]
    wars = [["ottoman", "hapsburg"]]      # pairs of powers at war
    alliances = []                        # pairs of allied powers
    unrest = []                           # spaces in unrest
    impulse_order = ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]

    [situation.control]                   # spaces not controlled by their home power
    Pressburg = "ottoman"

    [[stack]]                             # one per power and space
    space = "Pressburg"
    force = "ottoman: 7R 1C Suleiman Ibrahim"
    besieged = false                      # optional, also intercepted_this_impulse,
                                          # lost_battle_this_impulse and
                                          # laid_siege_this_impulse

    [[fleet]]                             # ships: one per power and location (§14)
    space = "Tyrrhenian Sea"              # a port or a sea zone
    fleet = "hapsburg: 2Sq Andrea Doria"
    lost_battle_this_impulse = false      # optional

    [move]
    from = "Pressburg"
    to = "Vienna"
    units = "7R 1C Suleiman Ibrahim"      # optional: default the whole stack
    defender = "best"                     # fight, withdraw, avoid:SPACE[+withdraw];
                                          # or a table, one policy per defending power
    avoiding_units = "2R Ferdinand"       # optional: the part that tries to avoid battle
    after_withdrawal = "go-back"          # or move-on (13.4)
    garrison_joins_relief = false         # 15.2
    relief_goes_inside_on_tie = true      # 15.2
    leaders_inside = "best"               # or with-units, retreat (14.1)
    retreat = "most-friendly"             # or prefer:SPACE[,SPACE]
    attacker_cards = []
    defender_cards = []
    policy = "if-it-changes-the-outcome"  # or always (post-roll cards); or a table by card
    attacker_casualty_order = "MRC"       # optional (RULES.md §9): the default
    defender_casualty_order = "MRC"       # mercenaries, regulars, cavalry
    by_sea = ["Tyrrhenian Sea"]           # optional: a naval transport (§15) across these
                                          # sea zones, in order, from a port to a port
    cp = 3                                # optional: the CP left (default: enough)
    responses = []                        # optional: ["foul-weather"] stops a transport

    [move.interception]                   # optional: only these spaces try
    Graz = "all"

A naval move (RULES.md §14) is a ``[naval_move]`` table instead of ``[move]``::

    [naval_move]
    from = "Tunis"                        # a port or sea zone with the mover's ships
    to = "Barbary Coast"
    units = "2Sq 1Co Barbarossa"          # optional: default the whole fleet there
    defender = "best"                     # fight, avoid, avoid:LOCATION; or a table
                                          # by power
    retreat = "most-friendly"             # or prefer:LOCATION[,LOCATION]
    attacker_cards = []
    defender_cards = []
    responses = []                        # ["foul-weather"] cancels the move
    policy = "if-it-changes-the-outcome"  # or always (post-roll cards)
    rowers = "roller"                     # optional: Professional Rowers on a roll,
    rowers_roll = "intercept:hapsburg@Tyrrhenian Sea"   # or "avoid:POWER"
    fight_order = ["venice", "hapsburg"]  # several enemy powers in the destination

    [naval_move.interception]             # optional: only these locations try
    "Tyrrhenian Sea" = "all"

Examples that ship with the package are found by name: ``load_move("vienna")``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, check_keywords, shown
from oddsengine.moves.situation import Situation, Stack
from oddsengine.shipped import shipped_path
from oddsengine.toml_file import MAX_TOML_BYTES, read_small_file, read_toml

if TYPE_CHECKING:
    from oddsengine.moves.fleet_stack import FleetStack

__all__ = [
    "load_move",
    "move_with_options",
    "scenario_options",
    "load_naval_move",
    "read_naval_move",
    "scenario_action",
    "load_situation",
    "example_names",
    "find_scenario",
    "MAX_SCENARIO_BYTES",
]

#: The largest scenario file read: a scenario is a few kilobytes (the limit of every
#: TOML file a user names).
MAX_SCENARIO_BYTES = MAX_TOML_BYTES

_SITUATION_KEYS = {"wars", "alliances", "unrest", "impulse_order", "control"}
_STACK_KEYS = {
    "space",
    "force",
    "besieged",
    "intercepted_this_impulse",
    "lost_battle_this_impulse",
    "laid_siege_this_impulse",
}
_FLEET_KEYS = {"space", "fleet", "lost_battle_this_impulse"}
#: The tables a scenario file may hold; a command reads the action table it answers.
_FILE_TABLES = {"situation", "stack", "fleet", "move", "naval_move", "religion"}
_MOVE_KEYS = {
    "from",
    "to",
    "units",
    "power",
    "defender",
    "retreat",
    "interception",
    "attacker_cards",
    "defender_cards",
    "avoiding_units",
    "after_withdrawal",
    "garrison_joins_relief",
    "relief_goes_inside_on_tie",
    "leaders_inside",
    "by_sea",
    "cp",
    "responses",
    "policy",
    "attacker_casualty_order",
    "defender_casualty_order",
}


def example_names() -> list[str]:
    """Names of the scenario files shipped in ``oddsengine/examples``.

    Examples
    --------
    >>> "vienna" in example_names()
    True
    """
    folder = shipped_path("examples")
    return sorted(
        entry.name[: -len(".toml")] for entry in folder.iterdir() if entry.name.endswith(".toml")
    )


def find_scenario(name_or_path) -> tuple[str, bytes]:
    """The label and bytes of a scenario: a file path, or the name of a shipped example
    (``vienna``, ``vienna.toml`` or ``examples/vienna.toml``).

    A path must be a regular file of at most :data:`MAX_SCENARIO_BYTES`: a folder, a FIFO
    (which would block), a device (``/dev/zero`` never ends) or a symlink loop is refused
    before anything is read (:func:`oddsengine.toml_file.read_small_file`).
    """
    label, source = _locate(name_or_path)
    if isinstance(source, Path):
        return label, read_small_file(source, "scenario file")
    return label, source.read_bytes()


def _locate(name_or_path, actions=("move", "naval_move")) -> tuple[str, object]:
    """The label of a scenario and where it is: a :class:`~pathlib.Path` the user gave, or
    the resource of a shipped example."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise OddsEngineTypeError(
            f"a scenario is a file path or an example name, not {shown(name_or_path)}"
        )
    if not str(name_or_path).strip():  # Path("") is ".", the current folder
        raise OddsEngineError(
            "no scenario named: give a .toml file or an example name, e.g. vienna"
        )
    path = Path(name_or_path)
    if os.path.lexists(path):  # a file, a folder, a device or a link (a loop included)
        return str(path), path
    stem = path.name[: -len(".toml")] if path.name.endswith(".toml") else path.name
    if stem in example_names():
        return f"examples/{stem}.toml", shipped_path("examples", f"{stem}.toml")
    import difflib

    names = scenario_names(actions)
    close = difflib.get_close_matches(stem, names, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ";"
    raise OddsEngineError(
        f"no scenario file {shown(str(name_or_path))}{hint} shipped scenarios: " + ", ".join(names)
    )


def scenario_names(actions=("move", "naval_move")) -> list[str]:
    """The shipped examples that are scenarios of one of ``actions`` (a ``[move]`` or a
    ``[naval_move]`` table), not sweeps or plans: what a misspelt scenario is offered.

    Examples
    --------
    >>> scenario_names(("naval_move",))
    ['barbary_coast', 'tyrrhenian_sea']
    """
    import re

    headers = [re.compile(rf"^\[{action}\]", re.MULTILINE) for action in actions]
    return [
        name
        for name in example_names()
        if any(
            header.search(shipped_path("examples", f"{name}.toml").read_text(encoding="utf-8"))
            for header in headers
        )
    ]


def _read(name_or_path, actions=("move", "naval_move")) -> tuple[str, dict]:
    """The label and the parsed TOML of a scenario (:func:`~oddsengine.toml_file.read_toml`:
    the one safe reader of the files a user names); a name found nowhere is refused with
    the shipped scenarios of ``actions``."""
    label, source = _locate(name_or_path, actions)
    return label, read_toml(source, "scenario file")


class _Reader:
    def __init__(self, label: str):
        self.label = label

    def refuse(self, key: str, reason: str, kind: type = OddsEngineError):
        raise kind(f"{self.label}: {key}: {reason}")

    def table(self, data, key, allowed):
        if not isinstance(data, dict):
            self.refuse(key, "must be a table")
        for name in data:
            if name not in allowed:
                self.refuse(f"{key}.{name}" if key else name, "unknown key")
        return data

    def text(self, value, key: str, what: str):
        """Refuse ``value`` unless it is a string; ``what`` says what it names."""
        if not isinstance(value, str):
            self.refuse(key, f"must be {what} in quotes, not {shown(value)}")
        return value

    def texts(self, value, key: str, what: str) -> list:
        """Refuse ``value`` unless it is a list of strings; ``what`` is singular."""
        if not isinstance(value, list):
            self.refuse(key, f"must be a list, each {what} in quotes, not {shown(value)}")
        for index, item in enumerate(value, start=1):
            self.text(item, f"{key}[{index}]", what)
        return value

    def build(self, key, builder, *args, **kwargs):
        try:
            return builder(*args, **kwargs)
        except OddsEngineError as error:  # a value of the wrong type stays a TypeError
            wrong_type = isinstance(error, OddsEngineTypeError)
            self.refuse(key, str(error), OddsEngineTypeError if wrong_type else OddsEngineError)


def _situation(reader: _Reader, data: dict) -> Situation:
    reader.table(data, "", _FILE_TABLES)
    settings = reader.table(data.get("situation", {}), "situation", _SITUATION_KEYS)
    stacks = []
    for key, entry in _entries(reader, data, "stack", _STACK_KEYS, "force"):
        reader.text(entry["space"], f"{key}.space", "a space")
        reader.text(entry["force"], f"{key}.force", "a force")
        stacks.append(reader.build(key, Stack, **entry))
    _check_one_place_per_leader(reader, stacks)
    fleets = _fleets(reader, data)
    for name in ("wars", "alliances"):
        if not isinstance(settings.get(name, []), list):
            reader.refuse(f"situation.{name}", "must be a list of pairs of powers")
        for index, pair in enumerate(settings.get(name, []), start=1):
            if not (isinstance(pair, list) and len(pair) == 2):
                reader.refuse(f"situation.{name}[{index}]", "must be a pair of powers")
            reader.texts(pair, f"situation.{name}[{index}]", "a power")
    for name, what in (("unrest", "a space"), ("impulse_order", "a power")):
        if name in settings:
            reader.texts(settings[name], f"situation.{name}", what)
    control = settings.get("control", {})
    reader.table(control, "situation.control", set(control) if isinstance(control, dict) else ())
    for space, power in control.items():
        reader.text(power, f"situation.control.{space}", "a power")
    arguments = {name: settings[name] for name in settings}
    situation = reader.build(
        "situation", Situation, tuple(stacks), fleets=tuple(fleets), **arguments
    )
    reader.build("stack", situation.refuse_enemies_in_the_open)
    return situation


def _fleets(reader: _Reader, data: dict) -> list[FleetStack]:
    """The ``[[fleet]]`` tables: ships in ports and sea zones (RULES.md §14), read like
    the ``[[stack]]`` tables."""
    fleets = []
    for key, entry in _entries(reader, data, "fleet", _FLEET_KEYS, "fleet"):
        reader.text(entry["space"], f"{key}.space", "a port or a sea zone")
        reader.text(entry["fleet"], f"{key}.fleet", "a fleet")
        from oddsengine.moves.fleet_stack import FleetStack  # only a file with fleets

        fleets.append(reader.build(key, FleetStack, **entry))
    return fleets


def _entries(reader: _Reader, data: dict, name: str, keys: set, notation: str):
    """The ``[[name]]`` tables of a file as ``(key, entry)``: the keys checked, ``space``
    and ``notation`` (the force or fleet) required, every other key a true/false flag."""
    entries = data.get(name, [])
    if not isinstance(entries, list):
        reader.refuse(name, f"write each {name} as a [[{name}]] table")
    for index, entry in enumerate(entries, start=1):
        key = f"{name}[{index}]"
        reader.table(entry, key, keys)
        for required in ("space", notation):
            if required not in entry:
                reader.refuse(f"{key}.{required}", "missing")
        for flag in sorted(keys - {"space", notation}):
            if flag in entry and not isinstance(entry[flag], bool):
                reader.refuse(f"{key}.{flag}", "must be true or false")
        yield key, entry


def _check_one_place_per_leader(reader: _Reader, stacks) -> None:
    """A named leader stands in one space only (an anonymous L0-L2 is no one in
    particular)."""
    seen = {}
    for index, stack in enumerate(stacks, start=1):
        for leader in stack.force.leaders:
            if leader.is_anonymous:
                continue
            if leader.name in seen:
                reader.refuse(
                    f"stack[{index}]",
                    f"{leader.name} is already in {seen[leader.name]}: one leader, one place",
                )
            seen[leader.name] = stack.space


def load_situation(name_or_path) -> Situation:
    """Read the situation of a scenario file (or shipped example)."""
    label, data = _read(name_or_path)
    return _situation(_Reader(label), data)


def load_move(name_or_path, *, stacks=None, control=None, besieged=(), **overrides):
    """Read a scenario file (or shipped example) into a :class:`~oddsengine.moves.move.Move`.

    Parameters
    ----------
    name_or_path : str or path
    stacks, control, besieged : optional
        What-ifs on the file's board, as :func:`oddsengine.moves.what_if.with_what_ifs`
        takes them (the command line's ``--stack``, ``--control``, ``--besieged``).
    **overrides
        Move parameters that replace the file's (e.g. ``defender_policy="fight"``).

    An option given, in the file or as a keyword, that applies to nothing in the move
    asked (a defender policy where no enemy waits, a horizon that judges no choice ...)
    is refused naming it (:mod:`oddsengine.moves.option_use`).

    Examples
    --------
    >>> move = load_move("vienna")
    >>> move.origin, move.destination, move.units.notation()
    ('Pressburg', 'Vienna', 'ottoman: 7R 1C Suleiman Ibrahim Pasha')
    """
    from oddsengine.moves.option_use import check_options_used

    move, given = move_with_options(
        name_or_path, stacks=stacks, control=control, besieged=besieged, **overrides
    )
    check_options_used(move, given)
    return move


def move_with_options(name_or_path, *, stacks=None, control=None, besieged=(), **overrides):
    """:func:`load_move`'s move, its options not yet checked, and the options given: a
    mapping from argument name to the words that name it (the file's key, or the
    keyword), for a face that checks them with options of its own
    (:func:`oddsengine.moves.option_use.check_options_used`).

    Examples
    --------
    >>> move, given = move_with_options("vienna", leaders_inside="retreat")
    >>> given
    {'defender_policy': 'examples/vienna.toml: move.defender', 'leaders_inside': 'leaders_inside'}
    """
    label, entry, move = _file_move(name_or_path, overrides)
    if stacks or control or besieged:
        from oddsengine.moves.what_if import with_what_ifs

        move = with_what_ifs(move, stacks=stacks, control=control, besieged=besieged)
    return move, _options_given(label, "move", entry, overrides)


#: The keys of a ``[move]`` and a ``[naval_move]`` that give an option which may apply to
#: nothing (:mod:`oddsengine.moves.option_use`), by the argument they fill.
_OPTION_KEYS = {
    "move": {
        "defender": "defender_policy",
        "interception": "interception_policy",
        "avoiding_units": "avoiding_units",
        "after_withdrawal": "after_withdrawal",
        "garrison_joins_relief": "garrison_joins_relief",
        "relief_goes_inside_on_tie": "relief_goes_inside_on_tie",
        "leaders_inside": "leaders_inside",
        "attacker_cards": "attacker_cards",
        "defender_cards": "defender_cards",
        "policy": "policies",
        "attacker_casualty_order": "policies",
        "defender_casualty_order": "policies",
    },
    "naval_move": {
        "defender": "defender_policy",
        "interception": "interception_policy",
        "attacker_cards": "attacker_cards",
        "defender_cards": "defender_cards",
        "policy": "post_roll_policy",
    },
}


def _options_given(label: str, table: str, entry: dict, overrides: dict) -> dict[str, str]:
    """The options of ``entry`` (the file's ``table``) and the ``overrides``, by argument
    name, each with the words naming it: ``"FILE: move.KEY"``, or the keyword."""
    given = {}
    for key, argument in _OPTION_KEYS[table].items():
        if key in entry and argument not in given:
            given[argument] = f"{label}: {table}.{key}"
    for argument in overrides:
        given[argument] = argument
    return given


def scenario_options(name_or_path, table: str = "naval_move") -> dict[str, str]:
    """The options a scenario file's ``[naval_move]`` (or ``[move]``) gives that may apply
    to nothing, by argument name, each with the words naming its key, for a face that
    builds the move itself (tables and sweeps of naval moves).

    Examples
    --------
    >>> scenario_options("vienna", "move")
    {'defender_policy': 'examples/vienna.toml: move.defender'}
    """
    label, data = _read(name_or_path, (table,))
    entry = data.get(table, {})
    return _options_given(label, table, entry if isinstance(entry, dict) else {}, {})


def _file_move(name_or_path, overrides):
    """The label of a scenario file, its ``[move]`` table and its move, with
    ``overrides``."""
    from oddsengine.moves.move import Move

    label, data = _read(name_or_path, ("move",))
    reader = _Reader(label)
    situation = _situation(reader, data)
    if "move" not in data:
        hint = (
            " (this file holds a [naval_move]: use the naval-move command)"
            if "naval_move" in data
            else ""
        )
        reader.refuse("move", f"missing: say where the formation moves from and to{hint}")
    entry = reader.table(data["move"], "move", _MOVE_KEYS)
    for required in ("from", "to"):
        if required not in entry:
            reader.refuse(f"move.{required}", "missing")
    for name, what in (("from", "a space"), ("to", "a space"), ("units", "a force")):
        if name in entry:
            reader.text(entry[name], f"move.{name}", what)
    policies = (("power", "a power"), ("retreat", "a policy"), ("leaders_inside", "a policy"))
    for name, what in policies:
        if name in entry:
            reader.text(entry[name], f"move.{name}", what)
    for name in ("attacker_cards", "defender_cards"):
        if name in entry and not isinstance(entry[name], list):
            reader.refuse(f"move.{name}", f"must be a list of cards, not {shown(entry[name])}")
    if "interception" in entry:
        interception = entry["interception"]
        if not isinstance(interception, (str, dict)):
            reader.refuse(
                "move.interception",
                f'must be a table such as {{Graz = "all"}}, not {shown(interception)}',
            )
        for space, units in interception.items() if isinstance(interception, dict) else ():
            reader.text(units, f"move.interception.{space}", '"all" or units')
    arguments = {
        "origin": entry["from"],
        "destination": entry["to"],
        "units": entry.get("units"),
        "power": entry.get("power"),
        "defender_policy": entry.get("defender", "best"),
        "retreat_policy": entry.get("retreat", "most-friendly"),
        "interception_policy": entry.get("interception", "all"),
        "attacker_cards": tuple(entry.get("attacker_cards", ())),
        "defender_cards": tuple(entry.get("defender_cards", ())),
        "avoiding_units": entry.get("avoiding_units"),
        "after_withdrawal": entry.get("after_withdrawal", "go-back"),
        "garrison_joins_relief": entry.get("garrison_joins_relief", False),
        "relief_goes_inside_on_tie": entry.get("relief_goes_inside_on_tie", True),
        "leaders_inside": entry.get("leaders_inside", "best"),
    }
    spec = Move
    if "by_sea" in entry:
        # RULES.md §15: a move across the sea zones named, in order, is a naval transport.
        from oddsengine.moves.transport import NavalTransport

        reader.texts(entry["by_sea"], "move.by_sea", "a sea zone")
        if "cp" in entry and (isinstance(entry["cp"], bool) or not isinstance(entry["cp"], int)):
            reader.refuse("move.cp", f"must be a whole number of CP, not {shown(entry['cp'])}")
        if "responses" in entry:
            reader.texts(entry["responses"], "move.responses", "a card")
        spec = NavalTransport
        arguments.update(
            by_sea=tuple(entry["by_sea"]),
            cp=entry.get("cp"),
            responses=tuple(entry.get("responses", ())),
        )
    else:
        for name in ("cp", "responses"):
            if name in entry:
                reader.refuse(f"move.{name}", "applies to a naval transport only: give by_sea too")
    if any(name in entry for name in _COMBAT_POLICY_KEYS):
        arguments["policies"] = reader.build("move", _move_policies, entry)
    move = _build_with_overrides(reader, "move", spec, situation, arguments, overrides)
    return label, entry, move


def _build_with_overrides(reader, key, spec, situation, arguments, overrides):
    """``spec(situation, **arguments)`` with ``overrides`` replacing the file's arguments.
    A refusal that an override alone causes (the file's move builds without it) names
    that argument, not the file: ``defender_policy: unknown defender policy 'fihgt' ...``,
    with the argument's name as the error's ``argument``, so that a command line can name
    its own option for it."""
    try:
        return spec(situation, **{**arguments, **overrides})
    except OddsEngineError as refusal:
        at_fault = _override_at_fault(spec, situation, arguments, overrides)
        if at_fault is None:
            return reader.build(key, spec, situation, **{**arguments, **overrides})
        wrong_type = isinstance(refusal, TypeError)
        error = (OddsEngineTypeError if wrong_type else OddsEngineError)(f"{at_fault}: {refusal}")
        error.argument = at_fault
        raise error from None


def _override_at_fault(spec, situation, arguments, overrides) -> str | None:
    """The first of ``overrides`` that the file's move refuses on its own, or None (the
    file itself, or only overrides together, are refused). Asked only of a refusal."""
    try:
        spec(situation, **arguments)
    except OddsEngineError:
        return None
    for name, value in overrides.items():
        try:
            spec(situation, **{**arguments, name: value})
        except OddsEngineError:
            return name
    return None


#: The [move] keys of the field battle's policies (RULES.md §9).
_COMBAT_POLICY_KEYS = ("policy", "attacker_casualty_order", "defender_casualty_order")


def _move_policies(entry: dict):
    """RULES.md §9: the casualty order of each side and the post-roll card policy of a
    move's field battle. ``policy`` is one policy for every post-roll card the move plays
    (``"always"``), or a table by card (``{janissaries = "always"}``)."""
    from oddsengine.combat.cards import POST_ROLL_CARDS, find_card, land_post_roll_card
    from oddsengine.combat.options import Policies

    example = land_post_roll_card("battle")  # the messages name it from its record
    orders = {
        name: entry[name]
        for name in ("attacker_casualty_order", "defender_casualty_order")
        if name in entry
    }
    policy = entry.get("policy")
    if policy is None or isinstance(policy, dict):
        post_roll = policy or {}
    elif isinstance(policy, str):
        cards = [*entry.get("attacker_cards", ()), *entry.get("defender_cards", ())]
        slugs = {find_card(card).slug for card in cards}
        post_roll = {slug: policy for slug in sorted(slugs) if slug in POST_ROLL_CARDS}
        if not post_roll:
            raise OddsEngineError(
                f"policy {shown(policy)} is for a card played after the roll ({example}), "
                "and the move plays none"
            )
    else:
        raise OddsEngineTypeError(
            'policy must be "always", "if-it-changes-the-outcome" or a table such as '
            f'{{{example} = "always"}}, not {shown(policy)}'
        )
    return Policies(post_roll=post_roll, **orders)


_NAVAL_MOVE_KEYS = {
    "from",
    "to",
    "units",
    "power",
    "defender",
    "retreat",
    "interception",
    "attacker_cards",
    "defender_cards",
    "responses",
    "policy",
    "rowers",
    "rowers_roll",
    "fight_order",
}


def scenario_action(name_or_path) -> str:
    """The action a scenario file asks about: ``"naval_move"`` when it holds a
    ``[naval_move]`` and no land ``[move]``, otherwise ``"move"``.

    Examples
    --------
    >>> scenario_action("barbary_coast"), scenario_action("vienna")
    ('naval_move', 'move')
    """
    _, data = _read(name_or_path)
    return "naval_move" if "naval_move" in data and "move" not in data else "move"


def load_naval_move(name_or_path, **overrides):
    """Read a scenario file's ``[naval_move]`` into a
    :class:`~oddsengine.moves.naval_move.NavalMove` (RULES.md §14).

    Parameters
    ----------
    name_or_path : str or path
        A file, or the name of a shipped example.
    **overrides
        Naval move parameters that replace the file's (e.g. ``defender_policy="fight"``).

    Examples
    --------
    >>> move = load_naval_move("barbary_coast")
    >>> move.origin, move.destination, move.units.notation()
    ('Tunis', 'Barbary Coast', 'ottoman: 2Sq 1Co Barbarossa')
    """
    from oddsengine.moves.naval_move import NAVAL_MOVE_ARGUMENTS, NavalMove
    from oddsengine.moves.option_use import check_options_used

    check_keywords("load_naval_move", overrides, NAVAL_MOVE_ARGUMENTS)
    reader, situation, arguments = _naval_move_parts(name_or_path)
    move = _build_with_overrides(reader, "naval_move", NavalMove, situation, arguments, overrides)
    # An option given that applies to nothing here (a defender policy where no enemy ships
    # wait, a post-roll policy without the card) is refused, in the file or as a keyword.
    given = {**scenario_options(name_or_path), **{name: name for name in overrides}}
    check_options_used(move, given)
    return move


def read_naval_move(name_or_path) -> tuple[Situation, dict]:
    """The situation of a scenario file and the arguments of its ``[naval_move]``, checked
    as :func:`load_naval_move` checks them, for callers that change the board before
    building the :class:`~oddsengine.moves.naval_move.NavalMove` (tables of naval moves
    over fleets).

    Examples
    --------
    >>> situation, arguments = read_naval_move("barbary_coast")
    >>> arguments["origin"], len(situation.fleets)
    ('Tunis', 3)
    """
    _, situation, arguments = _naval_move_parts(name_or_path)
    return situation, arguments


def _naval_move_parts(name_or_path):
    label, data = _read(name_or_path, ("naval_move",))
    reader = _Reader(label)
    situation = _situation(reader, data)
    if "naval_move" not in data:
        hint = " (this file holds a land [move]: use the move command)" if "move" in data else ""
        reader.refuse("naval_move", f"missing: say where the ships move from and to{hint}")
    entry = reader.table(data["naval_move"], "naval_move", _NAVAL_MOVE_KEYS)
    for required in ("from", "to"):
        if required not in entry:
            reader.refuse(f"naval_move.{required}", "missing")
        if isinstance(entry[required], list):
            reader.refuse(
                f"naval_move.{required}",
                "one moving stack per question: name one location, and ask again for "
                "each other stack",
            )
        reader.text(entry[required], f"naval_move.{required}", "a port or a sea zone")
    for name, what in (
        ("units", "a fleet"),
        ("power", "a power"),
        ("retreat", "a policy"),
        ("policy", "a policy"),
        ("rowers", "roller or opponent"),
        ("rowers_roll", "a roll"),
    ):
        if name in entry:
            reader.text(entry[name], f"naval_move.{name}", what)
    for name in ("attacker_cards", "defender_cards", "responses"):
        if name in entry:
            reader.texts(entry[name], f"naval_move.{name}", "a card")
    if "fight_order" in entry:
        reader.texts(entry["fight_order"], "naval_move.fight_order", "a power")
    defender = entry.get("defender", "best")
    if isinstance(defender, dict):
        for power, policy in defender.items():
            reader.text(policy, f"naval_move.defender.{power}", "a policy")
    else:
        reader.text(defender, "naval_move.defender", "a policy")
    interception = entry.get("interception", "all")
    if isinstance(interception, dict):
        for location, ships in interception.items():
            reader.text(ships, f"naval_move.interception.{location}", '"all", "none" or ships')
    else:
        reader.text(interception, "naval_move.interception", '"all", "none" or a table')
    arguments = {
        "origin": entry["from"],
        "destination": entry["to"],
        "units": entry.get("units"),
        "power": entry.get("power"),
        "defender_policy": defender,
        "retreat_policy": entry.get("retreat", "most-friendly"),
        "interception_policy": interception,
        "attacker_cards": tuple(entry.get("attacker_cards", ())),
        "defender_cards": tuple(entry.get("defender_cards", ())),
        "responses": tuple(entry.get("responses", ())),
        "rowers": entry.get("rowers"),
        "rowers_roll": entry.get("rowers_roll"),
        "fight_order": tuple(entry.get("fight_order", ())),
    }
    if "policy" in entry:
        arguments["post_roll_policy"] = entry["policy"]
    return reader, situation, arguments

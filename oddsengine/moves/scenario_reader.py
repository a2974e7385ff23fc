"""Reading scenario files: where a scenario is (a file, or a shipped example by name), its
TOML read safely, and its board (the ``[situation]``, ``[[stack]]`` and ``[[fleet]]``
tables) checked into a :class:`~oddsengine.moves.situation.Situation`.

Files are read with the standard library's :mod:`tomllib`; nothing in a file is ever
executed. A bad file is refused with an :class:`~oddsengine.errors.OddsEngineError` naming
the file, the key and the reason (:class:`ScenarioReader`). The actions a file asks about
(its ``[move]`` or ``[naval_move]``) are read by :mod:`oddsengine.moves.scenario_file`,
where the whole layout is described.

Examples
--------
>>> label, data = read_scenario("vienna")
>>> label, data["move"]["to"]
('examples/vienna.toml', 'Vienna')
>>> len(read_situation(ScenarioReader(label), data).stacks)
3
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.moves.situation import Situation, Stack
from oddsengine.shipped import shipped_path
from oddsengine.toml_file import MAX_TOML_BYTES, read_small_file, read_toml

if TYPE_CHECKING:
    from oddsengine.moves.fleet_stack import FleetStack

__all__ = [
    "MAX_SCENARIO_BYTES",
    "ScenarioReader",
    "example_names",
    "find_scenario",
    "load_situation",
    "read_scenario",
    "read_situation",
    "scenario_names",
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


def read_scenario(name_or_path, actions=("move", "naval_move")) -> tuple[str, dict]:
    """The label and the parsed TOML of a scenario (:func:`~oddsengine.toml_file.read_toml`:
    the one safe reader of the files a user names); a name found nowhere is refused with
    the shipped scenarios of ``actions``."""
    label, source = _locate(name_or_path, actions)
    return label, read_toml(source, "scenario file")


class ScenarioReader:
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

    def text_or_table(self, value, key: str, what: str, each: str):
        """Refuse ``value`` unless it is a string or a table of strings: ``what`` says what
        the string names, ``each`` what a table's entry names."""
        if isinstance(value, dict):
            for name, item in value.items():
                self.text(item, f"{key}.{name}", each)
        else:
            self.text(value, key, what)
        return value

    def build(self, key, builder, *args, **kwargs):
        try:
            return builder(*args, **kwargs)
        except OddsEngineError as error:  # a value of the wrong type stays a TypeError
            wrong_type = isinstance(error, OddsEngineTypeError)
            self.refuse(key, str(error), OddsEngineTypeError if wrong_type else OddsEngineError)


def read_situation(reader: ScenarioReader, data: dict) -> Situation:
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


def _fleets(reader: ScenarioReader, data: dict) -> list[FleetStack]:
    """The ``[[fleet]]`` tables: ships in ports and sea zones (RULES.md §14), read like
    the ``[[stack]]`` tables."""
    fleets = []
    for key, entry in _entries(reader, data, "fleet", _FLEET_KEYS, "fleet"):
        reader.text(entry["space"], f"{key}.space", "a port or a sea zone")
        reader.text(entry["fleet"], f"{key}.fleet", "a fleet")
        from oddsengine.moves.fleet_stack import FleetStack  # only a file with fleets

        fleets.append(reader.build(key, FleetStack, **entry))
    return fleets


def _entries(reader: ScenarioReader, data: dict, name: str, keys: set, notation: str):
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


def _check_one_place_per_leader(reader: ScenarioReader, stacks) -> None:
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
    label, data = read_scenario(name_or_path)
    return read_situation(ScenarioReader(label), data)

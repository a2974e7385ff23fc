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
    retreat = "most-friendly"             # or prefer:SPACE[,SPACE]
    attacker_cards = []
    defender_cards = []

    [move.interception]                   # optional: only these spaces try
    Graz = "all"

Examples that ship with the package are found by name: ``load_move("vienna")``.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from .errors import OddsEngineError
from .situation import Situation, Stack

__all__ = ["load_move", "load_situation", "example_names", "find_scenario"]

_SITUATION_KEYS = {"wars", "alliances", "unrest", "impulse_order", "control"}
_STACK_KEYS = {
    "space",
    "force",
    "besieged",
    "intercepted_this_impulse",
    "lost_battle_this_impulse",
    "laid_siege_this_impulse",
}
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
}


def example_names() -> list[str]:
    """Names of the scenario files shipped in ``oddsengine/examples``.

    Examples
    --------
    >>> "vienna" in example_names()
    True
    """
    folder = resources.files("oddsengine").joinpath("examples")
    return sorted(
        entry.name[: -len(".toml")] for entry in folder.iterdir() if entry.name.endswith(".toml")
    )


def find_scenario(name_or_path) -> tuple[str, bytes]:
    """The label and bytes of a scenario: a file path, or the name of a shipped example
    (``vienna``, ``vienna.toml`` or ``examples/vienna.toml``)."""
    path = Path(name_or_path)
    if path.is_file():
        return str(path), path.read_bytes()
    stem = path.name[: -len(".toml")] if path.name.endswith(".toml") else path.name
    if stem in example_names():
        entry = resources.files("oddsengine").joinpath("examples", f"{stem}.toml")
        return f"examples/{stem}.toml", entry.read_bytes()
    raise OddsEngineError(
        f"no scenario file {str(name_or_path)!r}; shipped examples: {', '.join(example_names())}"
    )


class _Reader:
    def __init__(self, label: str):
        self.label = label

    def refuse(self, key: str, reason: str):
        raise OddsEngineError(f"{self.label}: {key}: {reason}")

    def table(self, data, key, allowed):
        if not isinstance(data, dict):
            self.refuse(key, "must be a table")
        for name in data:
            if name not in allowed:
                self.refuse(f"{key}.{name}" if key else name, "unknown key")
        return data

    def build(self, key, builder, *args, **kwargs):
        try:
            return builder(*args, **kwargs)
        except OddsEngineError as error:
            self.refuse(key, str(error))


def _parse(label: str, content: bytes) -> dict:
    try:
        return tomllib.loads(content.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise OddsEngineError(f"{label}: not a valid TOML file ({error})") from None


def _situation(reader: _Reader, data: dict) -> Situation:
    reader.table(data, "", {"situation", "stack", "move"})
    settings = reader.table(data.get("situation", {}), "situation", _SITUATION_KEYS)
    stacks = []
    entries = data.get("stack", [])
    if not isinstance(entries, list):
        reader.refuse("stack", "write each stack as a [[stack]] table")
    for index, entry in enumerate(entries, start=1):
        key = f"stack[{index}]"
        reader.table(entry, key, _STACK_KEYS)
        for required in ("space", "force"):
            if required not in entry:
                reader.refuse(f"{key}.{required}", "missing")
        for flag in _STACK_KEYS - {"space", "force"}:
            if flag in entry and not isinstance(entry[flag], bool):
                reader.refuse(f"{key}.{flag}", "must be true or false")
        stacks.append(reader.build(key, Stack, **entry))
    for name in ("wars", "alliances"):
        for index, pair in enumerate(settings.get(name, []), start=1):
            if not (isinstance(pair, list) and len(pair) == 2):
                reader.refuse(f"situation.{name}[{index}]", "must be a pair of powers")
    control = settings.get("control", {})
    reader.table(control, "situation.control", set(control))
    arguments = {name: settings[name] for name in settings}
    return reader.build("situation", Situation, tuple(stacks), **arguments)


def load_situation(name_or_path) -> Situation:
    """Read the situation of a scenario file (or shipped example)."""
    label, content = find_scenario(name_or_path)
    reader = _Reader(label)
    return _situation(reader, _parse(label, content))


def load_move(name_or_path, **overrides):
    """Read a scenario file (or shipped example) into a :class:`~oddsengine.move.Move`.

    Parameters
    ----------
    name_or_path : str or path
    **overrides
        Move parameters that replace the file's (e.g. ``defender_policy="fight"``).

    Examples
    --------
    >>> move = load_move("vienna")
    >>> move.origin, move.destination, move.units.notation()
    ('Pressburg', 'Vienna', 'ottoman: 7R 1C Suleiman Ibrahim Pasha')
    """
    from .move import Move

    label, content = find_scenario(name_or_path)
    reader = _Reader(label)
    data = _parse(label, content)
    situation = _situation(reader, data)
    if "move" not in data:
        reader.refuse("move", "missing: say where the formation moves from and to")
    entry = reader.table(data["move"], "move", _MOVE_KEYS)
    for required in ("from", "to"):
        if required not in entry:
            reader.refuse(f"move.{required}", "missing")
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
    }
    arguments.update(overrides)
    return reader.build("move", Move, situation, **arguments)

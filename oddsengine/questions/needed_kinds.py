"""Which kinds the force-needed search (:func:`~oddsengine.questions.needed.needed`) asks,
and how: its own record of each kind the package ships
(:class:`~oddsengine.kinds.NeededKind`, built in
:mod:`oddsengine.questions._needed_kinds`), by the kind's name.

This is the search's own layout, in the questions' layer: the registry of kinds
(:mod:`oddsengine.kinds`) says what a kind is, not how the search asks it. A kind
registered from outside the package may give its record in its own
(:attr:`Kind.needed <oddsengine.kinds.Kind>`); the search reads it beside these.

Examples
--------
>>> sorted(NEEDED_KINDS)
['assault', 'battle', 'foreign-war', 'move', 'naval', 'naval-move', 'siege']
>>> NEEDED_KINDS["siege"].name, NEEDED_KINDS["siege"].rule
('siege', 'siege campaign, rules 15, 15.1, 15.3')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from oddsengine.kind_entries import NeededKind
from oddsengine.kinds import KINDS, Kind, named
from oddsengine.kinds.registry import RegistryView
from oddsengine.questions._needed_kinds import (
    ASSAULT,
    BATTLE,
    FOREIGN_WAR,
    MOVE,
    NAVAL,
    NAVAL_MOVE,
    SIEGE,
)

__all__ = ["NEEDED_KINDS", "SHIPPED", "asked_kinds", "needed_record"]

#: The search's records of the kinds the package ships, by the kind's name (in the order
#: of ``needed --help``'s list: the record's ``needed_help`` gives each its place).
SHIPPED: dict[str, NeededKind] = {
    "battle": BATTLE,
    "assault": ASSAULT,
    "siege-campaign": SIEGE,
    "move": MOVE,
    "naval": NAVAL,
    "naval-move": NAVAL_MOVE,
    "foreign-war": FOREIGN_WAR,
}


def _own_record(kind: Kind):
    """The record the search asks ``kind`` by: its record's own (a kind registered from
    outside), else the search's; None when the search does not ask it."""
    return kind.needed if kind.needed is not None else SHIPPED.get(kind.name)


def needed_record(kind: Kind) -> NeededKind | None:
    """The force-needed record of ``kind``, named by its command (``"siege"``) and, where
    it gives none, captioned by the kind's rule; None when the search does not ask it."""
    record = _own_record(kind)
    if record is None:
        return None
    record = named(record)  # a record registered as "module:NAME", imported now
    return dataclasses.replace(record, name=kind.command, rule=record.rule or kind.rule)


def asked_kinds() -> list[Kind]:
    """The kinds the search asks, in the registry's order."""
    return [kind for kind in KINDS.values() if _own_record(kind) is not None]


class _NeededKinds(RegistryView):
    """The force-needed records by command name: a read view of the registry (a kind
    added with :func:`~oddsengine.kinds.register_kind` is in it)."""

    def __getitem__(self, name):
        return needed_record(super().__getitem__(name))


#: Every kind of question :func:`~oddsengine.needed` answers, by command name.
NEEDED_KINDS: Mapping[str, NeededKind] = _NeededKinds(
    lambda: {kind.command: kind for kind in asked_kinds()}, "needed kinds"
)

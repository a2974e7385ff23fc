"""What a kind of engagement is, said once: the :class:`Engagement` protocol and the
registry of kinds that tables, plots, sweeps, the command line, the explorer, the odds book
and the needed search read.

A spec (:class:`~oddsengine.FieldBattle`, :class:`~oddsengine.combat.naval.NavalBattle`, ...)
meets :class:`Engagement`: the engines read its draw plan and outcome columns, the faces its
names and descriptions. A :class:`Kind` says what a face needs to know of a kind without
building a spec: its headline outcome, the roles that give the rows and the columns of a
table, the rule it applies and its title, its command, its options' words, which card
records apply. It holds facts of the kinds, not pointers into the faces: a face keeps its
own layout in its own layer (the odds book's pages are in
:mod:`oddsengine.faces.book.contents`, the explorer's layouts in
:mod:`oddsengine.faces.explore_layouts`, the force-needed search's records in
:mod:`oddsengine.questions.needed_kinds`); a kind registered from outside may give its
own (:class:`ExplorerEntry`, :class:`NeededKind`, ``book_pages``). Every kind's spec meets
:class:`Engagement` but the siege campaign's, a sequence of assaults with no single draw
plan.

The package has one module a job, as pyhf's ``modifiers/`` registers each modifier in one
set: the record (:mod:`~oddsengine.kinds.record`), the shipped records, one module per
package of specs (:mod:`~oddsengine.kinds.combat`, :mod:`~oddsengine.kinds.religion`,
:mod:`~oddsengine.kinds.england`, :mod:`~oddsengine.kinds.card_rolls`), the registry that
gathers them in one set and adds a kind from outside (:mod:`~oddsengine.kinds.registry`)
and what the faces look up by a kind's name (:mod:`~oddsengine.kinds.lookup`). A new kind
the package ships is its spec module and one record in the module of its package; from
outside, one :func:`register_kind` call.

Examples
--------
>>> KINDS["battle"].headline, KINDS["battle"].roles
('attacker_wins', ('attacker', 'defender'))
>>> KINDS["avoid"].rule
'avoid battle, rule 13.3'
>>> [kind.name for kind in table_kinds()][:8]
['battle', 'assault', 'intercept', 'avoid', 'naval', 'reformation', 'counter-reformation', 'debate']
>>> from oddsengine import FieldBattle
>>> isinstance(FieldBattle("3R", "hapsburg: 2R"), Engagement)
True
"""

from __future__ import annotations

from oddsengine.kind_entries import ExplorerEntry, NeededKind
from oddsengine.kinds.lookup import (
    check_outcome_name,
    headline,
    kind_of,
    outcome_words,
    table_kinds,
    title,
)
from oddsengine.kinds.record import Engagement, Kind, named
from oddsengine.kinds.registry import BUILT_IN, KINDS, SPEC_KINDS, register_kind

__all__ = [
    "Engagement",
    "ExplorerEntry",
    "Kind",
    "KINDS",
    "BUILT_IN",
    "NeededKind",
    "SPEC_KINDS",
    "register_kind",
    "kind_of",
    "named",
    "headline",
    "title",
    "table_kinds",
    "check_outcome_name",
    "outcome_words",
]


def __getattr__(name: str):
    """``NEEDED_KINDS``, first published here: the search's view of the kinds it asks
    lives with the search (:mod:`oddsengine.questions.needed_kinds`), read from there."""
    if name == "NEEDED_KINDS":
        from oddsengine.questions.needed_kinds import NEEDED_KINDS

        return NEEDED_KINDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The entries a face reads in its own terms: :class:`ExplorerEntry`, how the explorer lays
out a kind, and :class:`NeededKind`, how the force-needed search asks it. Each face keeps
those of the shipped kinds in its own layer (:mod:`oddsengine.faces.explore_layouts`,
:mod:`oddsengine.questions.needed_kinds`); a kind registered from outside the package may
give its own in its record (the optional fields ``explorer`` and ``needed`` of
:class:`~oddsengine.kinds.Kind`). Both are named from :mod:`oddsengine.kinds` too.

Examples
--------
>>> from oddsengine.faces.explore_layouts import LAYOUTS
>>> LAYOUTS["naval"].controls
('in_port',)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["ExplorerEntry", "NeededKind"]


class ExplorerEntry(NamedTuple):
    """How the explorer (:func:`oddsengine.faces.explore.explore`) offers a kind.

    Parameters
    ----------
    roles : tuple of str
        The names of its two force boxes (``("attacker", "garrison")``); ``"(none)"``: that
        box takes no force.
    forces : tuple of str
        The forces the boxes start with.
    sides : tuple
        Whose force each box is: ``"active"`` (who moves, attacks or besieges),
        ``"other"``, ``"war"`` (the war card's power) or None; switching the engagement
        keeps a force on its power's side.
    units : str
        ``"land"`` (land units), ``"sea"`` (fleets) or empty (neither, or its own).
    controls : tuple of str
        The explorer's controls it shows besides the forces, leaders and cards
        (``("in_port",)``; the keys of :func:`~oddsengine.faces.explore.build_spec`). With
        no ``build``, each is the input of the same name of the kind's declaration
        (:mod:`oddsengine.declaration`), which builds the spec and writes the command line.
    build : callable or str
        The function that builds its spec from the control values, or where it lives
        (``"module:function"``), for a kind the spec's own fields do not build (a
        campaign's horizon, a war, a move's scenario); it takes ``(values, forces, cards,
        post_roll)``. Empty: its spec is built from its declaration with its forces,
        leaders, cards, policies and ``controls``
        (:func:`~oddsengine.faces._explore_questions.inputs_of`).
    words : callable or str
        The function that writes its own command-line options (taking the control
        values), or where it lives; empty: from its declaration.
    no_losses : str
        What the explorer says when its result has no survivors to show (``"No units are
        lost in this roll."``; empty: nothing).
    scenarios : str
        For a kind read from a scenario file: the table a shipped example must hold for
        the scenario box to offer it (``"move"``, ``"naval_move"``); empty: none.
    """

    roles: tuple[str, str]
    forces: tuple[str, str]
    sides: tuple
    units: str = ""
    controls: tuple[str, ...] = ()
    build: Callable | str = ""
    words: Callable | str = ""
    no_losses: str = ""
    scenarios: str = ""
    widgets: str = ""
    offer: str = ""
    answer: str = ""
    chart: str = ""
    also: tuple = ()


@dataclass(frozen=True)
class NeededKind:
    """What :func:`~oddsengine.needed` must know about one kind of question (the search's
    own, :mod:`oddsengine.questions.needed_kinds`, or the ``needed`` field of a
    :class:`Kind` registered from outside).

    Parameters
    ----------
    roles : tuple of str
        The force arguments, active side first (``("attacker", "defender")``); a kind
        whose forces are given as a mapping (a move's stacks) names that mapping here.
    units : dict
        Unit letters a ``?`` may count, to the word for them (``{"r": "regulars"}``).
    build : callable
        ``build(forces, within, **parameters)`` returns the question for one candidate;
        ``forces`` maps each role to a force string. It raises
        :class:`~oddsengine.errors.OddsEngineError` when the rules refuse it.
    chances : callable
        ``chances(question, method, precision, seed)`` returns the chance of every event
        by name; ``method`` is ``"exact"`` or ``"monte-carlo"``.
    default_event : callable
        ``default_event(question, role, within)``: the event the side holding the ``?``
        wants.
    within : str
        ``"required"``, ``"optional"`` or ``"refused"``: whether ``within`` (impulses or
        attempts) applies.
    within_unit : str
        What ``within`` counts, in words (``"impulse"``; a foreign war's ``"attempt"``).
    exact : bool
        Whether the exact engine answers this kind.
    ratings : bool
        Whether a leader's battle rating may be the ``?`` (``L?``); naval leaders are
        named, not rated.
    exact_batch : callable or None
        ``exact_batch(questions)``: what ``chances(question, "exact", ...)`` returns for
        each question, computed for all the candidates at once; None to ask one by one.
    rule : str
        The rule section answered, for captions (``"assault, rule 15.1"``; empty: the
        rule of its kind).
    name : str
        The kind as the command line writes it (``"siege"``): filled from its kind's
        :attr:`Kind.command` when the search reads the record.
    """

    roles: tuple[str, ...]
    units: dict
    build: Callable
    chances: Callable
    default_event: Callable
    within: str = "refused"
    within_unit: str = "impulse"
    exact: bool = True
    ratings: bool = True
    exact_batch: Callable | None = None
    rule: str = ""
    name: str = ""

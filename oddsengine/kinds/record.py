"""The record of a kind: the :class:`Engagement` protocol (what a spec gives the engines and
the faces) and :class:`Kind` (what a face needs to know of a kind without building a spec),
and :func:`named`, how a record names a class it does not import.

Examples
--------
>>> from oddsengine import FieldBattle
>>> isinstance(FieldBattle("3R", "hapsburg: 2R"), Engagement)
True
>>> Kind("siege", "oddsengine.moves.siege_campaign:SiegeCampaign").spec.__name__
'SiegeCampaign'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from oddsengine.kind_entries import ExplorerEntry

__all__ = ["Engagement", "Kind", "named"]


@runtime_checkable
class Engagement(Protocol):
    """What a spec gives the engines and the faces.

    Attributes
    ----------
    kind : str
        The name of its kind in :data:`KINDS` (``"battle"``).
    outcome_names : tuple of str
        The outcomes, exclusive and exhaustive: their probabilities sum to one.

    Notes
    -----
    A spec may also give, and the faces read when it does: ``exact_available`` (False:
    only Monte Carlo answers it), ``fractions_available`` (False: its exact answer is no
    draw of dice whose fractions :func:`~oddsengine.results.fractions.exact_fractions`
    recovers, a whole move's end states), ``loss_groups`` (the units each side may lose, for
    expected losses), ``reported_columns`` (averages a result reports, by name) and
    ``unit_word`` (``"ships"``; default ``"land units"``).
    """

    kind: str
    outcome_names: tuple[str, ...]

    @property
    def event_names(self) -> tuple[str, ...]:
        """Events reported besides the outcomes (not exclusive)."""

    def draw_plan(self):
        """The dice the engines draw, as a :class:`~oddsengine.draws.DrawPlan`."""

    def outcome_columns(self, values) -> dict:
        """The outcome, event and unit columns of drawn or enumerated dice."""

    def describe(self) -> dict:
        """The spec as plain data, for JSON output."""

    def title(self) -> str:
        """One line naming the engagement."""

    def describe_lines(self) -> list[str]:
        """The lines printed above a result table."""


@dataclass(frozen=True)
class Kind:
    """One kind of engagement, as the faces know it.

    Parameters
    ----------
    name : str
        Its name in sweep files, tables and on the command line (``"battle"``).
    spec_class : type or str
        The spec dataclass, built from flat parameters (``spec(**parameters)``), or where
        it lives (``"oddsengine.combat.engagements:FieldBattle"``): the registry names every
        kind without importing them all, and :attr:`spec` imports one when it is used.
    headline : str or None
        The outcome a table or a chart shows by default (None: the first outcome;
        :func:`register_kind` writes it in when the spec class names its outcomes).
    roles : tuple of str
        The spec fields of the two sides, rows first then columns of an odds table.
    rule : str
        The rule it applies, in words (``"field battle, rule 14"``).
    title : str
        Its name in a chart title (``"Field battle"``).
    sweep : bool
        Whether a sweep file may name it.
    table : bool
        Whether ``oddsengine table`` and ``plot`` offer it.
    success_words : str
        What its ``success`` outcome is, in words, for a chart's axis and title (``"the
        assault takes the space"``; empty: the outcome's name).
    default_sides : tuple of str
        The two templates, rows then columns, that ``oddsengine table`` uses when the
        command line names neither (empty: the command needs both roles).
    fixed_chart : bool
        Whether ``oddsengine plot`` draws it as one fixed chart (by leader rating and
        Ottoman cavalry) that takes no force.
    command : str
        Its name as a command of the command line and a kind of :func:`~oddsengine.needed`
        (``"siege"`` for ``"siege-campaign"``; empty: :attr:`name`). A declared kind
        whose command is another kind's is a form of that command, asked by the flag of
        its :attr:`options` that says so (``Option.form``: ``intercept --naval``).
    needed : NeededKind or str or None
        Optional, for a kind registered from outside the package: how
        :func:`~oddsengine.needed` asks for the force needed in it (a :class:`NeededKind`),
        or where that record lives (``"module:NAME"``), imported on first use. None: the
        search's own record of it, if it asks it (the shipped kinds':
        :mod:`oddsengine.questions.needed_kinds`).
    role_words : dict
        What each force of its command is, in words, by role (``{"attacker": "the
        attacking force"}``): the help of its options (``--attacker``, ...), which the
        command line names after the roles.
    explorer : ExplorerEntry or None
        Optional, for a kind registered from outside the package: how the explorer lays
        it out (its force boxes, their forces and its own controls; its builder and
        words, callables or ``"module:function"``). None: the explorer's own layout of
        it (:mod:`oddsengine.faces.explore_layouts`), else from its declaration when it
        declares its inputs, else it is not offered.
    card_engagement : str
        The engagement the card records name for it (:attr:`CardRule.engagements
        <oddsengine.combat.card_types.CardRule>`: ``"battle"``, ``"assault"``; a siege
        campaign's assaults are ``"assault"``); empty: no land combat card is played in it.
    card_combat : str
        The combat of the card effects played in it (``"naval-battle"``, ``"naval-roll"``,
        ``"foreign-war"``; :data:`~oddsengine.combat.cards.CARD_EFFECTS`), or ``"piracy"``
        for the cards that stop piracy (``CardRule.stops_piracy``); empty: none.
    outcome_words : dict
        What its outcomes other than ``success`` are, in words, by name (``{"won": "the
        war is won"}``), for a chart's axis and title.
    by_step : tuple of str
        A campaign's chance, impulse by impulse (or attempt by attempt): the prefix of
        those outcomes and the word for them (``("taken_by_impulse_", "taken")``); empty:
        not a campaign.
    needed_options : tuple of str
        The options of ``oddsengine needed`` its question takes besides its forces and the
        search's own (``("war", "foreign", "cards", "reinforcements")``, as argparse names
        them); any other kind refuses them.
    needed_help : tuple
        Its place in ``needed --help``'s list of kinds (lower first) and the words that
        follow its name there (``(5, " ('?Sq Doria', '?Co')")``); empty: last, no words.
    book_pages : tuple
        Optional, for a kind registered from outside the package: its own pages in the odds
        book, each ``(place, builder)``, the builder ``build(version, quick)`` or its
        ``"module:function"``, placed after the book's page of that number (the book lists
        its own pages, and the shipped kinds they cover, in
        :mod:`oddsengine.faces.book.contents`). Empty: a kind ``table`` offers that no
        page of the book covers gets a generic page of its odds table, after the others.
    arguments : str
        The shipped kind whose options its command takes besides its spec's declaration
        (``"battle"``: its policies, the rule option and the shared groups of
        :attr:`takes`; the spec is built by its class's ``from_options``, a field
        battle's where it inherits none). Empty: its own.
    options : tuple of Option
        The inputs its command takes that fill no field of its spec
        (:class:`~oddsengine.declaration.Option`); those that do are declared on the
        fields (:func:`~oddsengine.declaration.option`).
    takes : tuple of str
        The shared groups of options its command takes
        (:data:`~oddsengine.declaration.SHARED_GROUPS`; default the engine's).
    distribution : str
        The prefix of the events that give its answer's distribution, one a value
        (``"flips:"``: ``flips:0``, ``flips:1``...), which the faces chart; empty: its
        outcomes are the chart.
    trials : int
        The Monte Carlo trials its command runs when none are asked (a foreign war,
        sampled attempt by attempt: 200,000); 0: the engines' default.
    """

    name: str
    spec_class: type | str
    headline: str | None = None
    roles: tuple[str, ...] = ()
    rule: str = ""
    title: str = ""
    sweep: bool = False
    table: bool = False
    success_words: str = ""
    default_sides: tuple[str, ...] = ()
    fixed_chart: bool = False
    command: str = ""
    needed: object = None
    role_words: dict = field(default_factory=dict, hash=False)
    explorer: ExplorerEntry | None = None
    card_engagement: str = ""
    card_combat: str = ""
    outcome_words: dict = field(default_factory=dict, hash=False)
    by_step: tuple[str, ...] = ()
    needed_options: tuple[str, ...] = ()
    needed_help: tuple = ()
    book_pages: tuple = ()
    arguments: str = ""
    options: tuple = ()
    takes: tuple[str, ...] = ("engine",)
    distribution: str = ""
    trials: int = 0

    def __post_init__(self):
        if not self.command:
            object.__setattr__(self, "command", self.name)

    @property
    def spec(self) -> type:
        """The spec dataclass (imported on first use when the record names its module)."""
        return named(self.spec_class)

    @property
    def declared(self) -> bool:
        """Whether its spec declares its inputs, or takes those of the kind its
        :attr:`arguments` names, so that every face offers it from the declaration
        (:mod:`oddsengine.declaration`)."""
        from oddsengine.declaration import declared
        from oddsengine.kinds.lookup import kind_of

        return declared(self.spec) or bool(self.arguments) and kind_of(self.arguments).declared


def named(where):
    """``where`` itself, or the object it names as ``"module:attribute"`` (imported now):
    how a record names its spec class, its needed record or a face's builder without
    importing them.

    Examples
    --------
    >>> named("oddsengine.combat.engagements:Assault").__name__
    'Assault'
    """
    if not isinstance(where, str):
        return where
    return _imported(where)


@functools.cache
def _imported(where: str):
    """The object ``"module:attribute"`` names, imported once."""
    from importlib import import_module

    module, name = where.split(":")
    return getattr(import_module(module), name)

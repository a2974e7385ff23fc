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
:mod:`oddsengine.faces.explore_layouts`); a kind registered from outside may give its
own (:class:`ExplorerEntry`, ``book_pages``). A new kind is its spec module and one
entry here (or one :func:`register_kind` call). Every kind's spec meets
:class:`Engagement` but the siege campaign's, a sequence of assaults with no single draw
plan.

Examples
--------
>>> KINDS["battle"].headline, KINDS["battle"].roles
('attacker_wins', ('attacker', 'defender'))
>>> KINDS["avoid"].rule
'avoid battle, rule 13.3'
>>> [kind.name for kind in table_kinds()]
['battle', 'assault', 'intercept', 'avoid', 'naval', 'reformation', 'counter-reformation', 'debate']
>>> from oddsengine import FieldBattle
>>> isinstance(FieldBattle("3R", "hapsburg: 2R"), Engagement)
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from oddsengine.combat.kind_options import (
    ASSAULT_OPTIONS,
    BATTLE_OPTIONS,
    FOREIGN_WAR_OPTIONS,
    NAVAL_BATTLE_OPTIONS,
    NAVAL_ROLL_OPTIONS,
)
from oddsengine.errors import CANCELLED, OddsEngineError, unknown_name
from oddsengine.kind_entries import ExplorerEntry, NeededKind
from oddsengine.moves.battle_policies import MOVE_POLICIES, SIEGE_POLICIES
from oddsengine.moves.scenario_board import AFTER_MOVE

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


#: Every kind of engagement, by name.
KINDS: dict[str, Kind] = {}


def _add(kind: Kind) -> None:
    KINDS[kind.name] = kind


_ATTACK = {"attacker": "the attacking force", "defender": "the defending force"}
_WINS = {"attacker_wins": "the attacker wins", "defender_wins": "the defender wins"}
_AT_SEA = {"attacker": "the attacking fleet", "defender": "the defending fleet"}
#: The shared options of a combat whose answer holds both sides' survivors and whose
#: sides play cards.
_COMBAT = ("engine", "survivors", "card-value")
#: What a move or a naval move takes: a scenario's board, survivors and end states listed.
_READ_FROM_A_BOARD = ("engine", "survivors", "board", "end-states")
#: The dice counts of an attempt (RULES.md §17, §18), by role.
_ATTEMPT_DICE = {"protestant_dice": "the Protestant's dice", "papal_dice": "the Papacy's dice"}
#: The explorer's builders of Part III.
_RELIGION = "oddsengine.faces._explore_religion:"


def _religion_entry(
    name: str, controls: tuple, offer: str = "", module: str = _RELIGION, **extra
) -> ExplorerEntry:
    """The explorer entry of a Part III kind: no force boxes, its own controls."""
    return ExplorerEntry(
        ("(none)", "(none)"),
        ("", ""),
        (None, None),
        controls=controls,
        build=module + name,
        words=module + f"{name}_words",
        widgets=_RELIGION + "widgets",
        offer=offer and module + offer,
        **extra,
    )


#: The explorer's builders of the Diet, voyages and conquests.
_NEW_WORLD = "oddsengine.faces._explore_new_world:"


_ATTEMPT_CONTROLS = (
    "board",
    "space",
    "source",
    "protestant_dice",
    "papal_dice",
    "ties",
    "modifier",
    "printing_press",
    "ninety_five_theses",
    "augsburg",
    "bonus_debater",
)
#: A run of attempts on a board (RULES.md §19): offered from the Reformation's record.
_ATTEMPTS = (
    "attempts",
    "Run of attempts (board)",
    "attempts",
    _religion_entry(
        "attempts",
        ("board", "source", "run_policy", "objective", "bonus_debater"),
        "attempts_offer",
        answer=_RELIGION + "run_view",
        chart="flips:",
    ),
)

for _kind in (
    Kind("battle", "oddsengine.combat.engagements:FieldBattle", "attacker_wins",
         ("attacker", "defender"), "field battle, rule 14", "Field battle",
         sweep=True, table=True, needed_help=(1, ""),
         role_words=_ATTACK,
         outcome_words=_WINS,
         card_engagement="battle", options=BATTLE_OPTIONS, takes=_COMBAT),
    Kind("assault", "oddsengine.combat.engagements:Assault", "success",
         ("attacker", "defender"), "assault, rule 15.1", "Assault", sweep=True, table=True,
         success_words="the assault takes the space", needed_help=(2, ""),
         role_words=_ATTACK,
         card_engagement="assault", options=ASSAULT_OPTIONS, takes=_COMBAT),
    Kind("intercept", "oddsengine.combat.rolls:Interception", "success",
         ("interceptor", "mover"), "interception, rule 13.2", "Interception",
         sweep=True, table=True, success_words="the interception succeeds",
         default_sides=("4R L0..2", "ottoman: 3R 0..1C"), fixed_chart=True,
         role_words={"interceptor": "the intercepting force", "mover": "the moving force"}),
    Kind("avoid", "oddsengine.combat.rolls:AvoidBattle", "success",
         ("defender", "attacker"), "avoid battle, rule 13.3", "Avoid battle",
         sweep=True, table=True, success_words="the force avoids battle",
         default_sides=("4R L0..2", "ottoman: 3R 0..1C"), fixed_chart=True,
         role_words=_ATTACK),
    Kind("naval", "oddsengine.combat.naval:NavalBattle", "attacker_wins",
         ("attacker", "defender"), "naval battle, rule 16.2", "Naval battle",
         sweep=True, table=True, role_words=_AT_SEA,
         needed_options=("in_port",), needed_help=(5, " ('?Sq Doria', '?Co')"),
         outcome_words=_WINS,
         card_combat="naval-battle", options=NAVAL_BATTLE_OPTIONS, takes=_COMBAT),
    # The naval rolls are the --naval forms of intercept and avoid (16.1).
    Kind("naval-intercept", "oddsengine.combat.naval_rolls:NavalInterception", "success",
         ("interceptor",), "naval interception, rule 16.1", "Naval interception", sweep=True,
         success_words="the naval interception succeeds", card_combat="naval-roll",
         command="intercept", options=NAVAL_ROLL_OPTIONS),
    Kind("naval-avoid", "oddsengine.combat.naval_rolls:NavalAvoidBattle", "success",
         ("defender",), "naval avoid battle, rule 16.1", "Naval avoid battle", sweep=True,
         success_words="the fleet avoids battle", card_combat="naval-roll", command="avoid",
         options=NAVAL_ROLL_OPTIONS),
    Kind("piracy", "oddsengine.combat.piracy:Piracy", "success", ("pirates",),
         "piracy, rule 16.4", "Piracy", sweep=True, success_words="the piracy succeeds",
         card_combat="piracy"),
    Kind("siege-campaign", "oddsengine.moves.siege_campaign:SiegeCampaign", None,
         ("besiegers", "garrison"), "siege campaign, rules 15, 15.1, 15.3", "Siege campaign",
         command="siege", by_step=("taken_by_impulse_", "taken"),
         needed_help=(3, ""),
         role_words={"besiegers": "the besieging force", "garrison": "the garrison",
                     "reinforcements": "units joining the besiegers"},
         card_engagement="assault", options=(AFTER_MOVE, *SIEGE_POLICIES)),
    Kind("foreign-war", "oddsengine.combat.foreign_war:ForeignWar", "won", ("force",),
         "foreign war, rule 21.7", "Foreign war", sweep=True,
         needed_options=("war", "foreign", "cards", "reinforcements"),
         needed_help=(7, " (--war, --force '?R', --within attempts)"),
         role_words={"force": "the major power's units and leaders"},
         outcome_words={"won": "the war is won"}, by_step=("won_by:", "won"),
         card_combat="foreign-war", options=FOREIGN_WAR_OPTIONS, takes=("engine", "card-value"),
         trials=200_000),
    Kind("move", "oddsengine.moves.move:Move", "mover_in_control", (),
         "a move played out, rules 13-15", "Move",
         needed_options=("scenario", "stack", "control", "besieged", "defender_policy"),
         needed_help=(4, ""),
         outcome_words={"mover_in_control": "the moving force holds the space"},
         takes=_READ_FROM_A_BOARD, options=MOVE_POLICIES),
    Kind("naval-move", "oddsengine.moves.naval_move:NavalMove", "mover_in_destination", (),
         "a naval move played out, rules 16.1-16.2 (RULES.md §14)", "Naval move",
         needed_options=("scenario", "fleet", "defender_policy"),
         needed_help=(6, " (SCENARIO, --fleet)"),
         takes=(*_READ_FROM_A_BOARD, "vary")),
    Kind("naval-move-scenario", "oddsengine.moves.naval_move_scenario:NavalMoveScenario",
         "mover_in_destination", (), "a scenario file's naval move swept, rules 16.1-16.2 "
         "(RULES.md §14)", "Naval move", sweep=True),
    # Part III: the attempts of the religious struggle, from dice counts (RULES.md §17, §18).
    Kind("reformation", "oddsengine.religion.attempts:ReformationAttempt", "success",
         ("protestant_dice", "papal_dice"), "Reformation attempt, RULES.md §17",
         "Reformation attempt", sweep=True, table=True,
         success_words="the space turns Protestant", role_words=_ATTEMPT_DICE,
         explorer=_religion_entry("reformation", _ATTEMPT_CONTROLS, "reformation_offer",
                                  also=(_ATTEMPTS,))),
    Kind("counter-reformation", "oddsengine.religion.attempts:CounterReformationAttempt",
         "success", ("papal_dice", "protestant_dice"),
         "Counter-Reformation attempt, RULES.md §18", "Counter-Reformation attempt",
         sweep=True, table=True, success_words="the space turns Catholic",
         role_words=_ATTEMPT_DICE,
         explorer=_religion_entry("counter_reformation", _ATTEMPT_CONTROLS,
                                  "reformation_offer")._replace(
                                      words=_RELIGION + "reformation_words")),
    Kind("debate", "oddsengine.religion.debate:Debate", "papal_wins", ("attacker", "defender"),
         "theological debate, RULES.md §20", "Theological debate", sweep=True, table=True,
         role_words={"attacker": "the initiator's debater (a name, or random)",
                     "defender": "the other side's debater (a name, or the pool: committed, "
                                 "uncommitted, best)"},
         outcome_words={"papal_wins": "the Papacy wins the debate",
                        "protestant_wins": "the Protestant wins the debate",
                        "inconclusive": "nothing happens"},
         explorer=_religion_entry("debate", ("zone", "initiator", "turn", "debate_attacker",
                                             "debate_defender", "augsburg", "debate_card",
                                             "committed", "mary_i"), "debate_offer")),
):  # fmt: skip
    _add(_kind)

#: Where the sweep kinds of a scenario's religious board live.
_BOARD_SWEEPS = "oddsengine.religion.attempt_scenarios:"
_VOYAGE_WORDS = {
    "lost": "the explorer is lost at sea",
    "nothing": "nothing is discovered",
    "discovery": "a discovery is made",
    "circumnavigation": "the explorer circumnavigates the globe",
    "circumnavigation_failed": "the explorer is lost circumnavigating",
}
for _kind in (
    Kind("diet", "oddsengine.religion.diet:DietOfWorms", "protestant_wins", (),
         "the Diet of Worms, rule 18.1 (RULES.md §21)", "Diet of Worms", sweep=True,
         takes=("engine", "board", "table"),
         outcome_words={"protestant_wins": "the Protestant wins the Diet",
                        "catholic_wins": "the Hapsburgs and the Papacy win the Diet",
                        "draw": "the Diet flips nothing"},
         distribution="flips:"),
    Kind("voyage", "oddsengine.religion.voyage:Voyage", "discovery", (),
         "exploration, rule 20.2 (RULES.md §22)", "Exploration", sweep=True,
         outcome_words=_VOYAGE_WORDS,
         explorer=_religion_entry("voyage", ("power", "voyage_explorer", "uncharted",
                                             "mercator", "claimed"), "voyage_offer",
                                  module=_NEW_WORLD)),
    Kind("conquest", "oddsengine.religion.voyage:Conquest", "conquest", (),
         "conquest, rule 20.3 (RULES.md §22)", "Conquest", sweep=True,
         outcome_words={"killed": "the conquistador is killed",
                        "conquest": "a conquest is made"},
         explorer=_religion_entry("conquest", ("power", "conquistador", "smallpox",
                                               "conquered"), "conquest_offer",
                                  module=_NEW_WORLD)),
    Kind("voyages", "oddsengine.religion.voyage_turn:VoyageTurn", "circumnavigation", (),
         "a turn's explorations, rule 20.2 (RULES.md §22)", "Explorations of a turn",
         sweep=True, command="voyage",
         outcome_words={"no_circumnavigation": "no explorer circumnavigates this turn"}),
    # A scenario file's religious board swept (its what-ifs as parameters, RULES.md §16).
    Kind("reformation-scenario", _BOARD_SWEEPS + "ReformationScenario", "success", (),
         "a scenario's Reformation attempt swept, RULES.md §17", "Reformation attempt",
         sweep=True, success_words="the space turns Protestant"),
    Kind("counter-reformation-scenario", _BOARD_SWEEPS + "CounterReformationScenario",
         "success", (), "a scenario's Counter-Reformation attempt swept, RULES.md §18",
         "Counter-Reformation attempt", sweep=True, success_words="the space turns Catholic"),
    # Its outcomes (p.flips:K) depend on the source's attempts: no headline of its own.
    Kind("attempts-scenario", _BOARD_SWEEPS + "AttemptsScenario", None, (),
         "a scenario's run of attempts swept, RULES.md §19", "Run of attempts", sweep=True,
         outcome_words={"expected.flips": "the expected number of spaces turned"}),
):  # fmt: skip
    _add(_kind)

# Part IV: Henry VIII's heirs and England under Mary I (RULES.md §24-§27).
for _kind in (
    Kind("heirs", "oddsengine.england.heirs:Heirs", "healthy_edward", (),
         "Henry VIII's heirs, RULES.md §24-§26", "Henry VIII's heirs", sweep=True,
         outcome_words={"healthy_edward": "a healthy Edward is born",
                        "sickly_edward": "a sickly Edward is Henry's heir",
                        "mary_elizabeth": "Mary I, then Elizabeth I, follow Henry",
                        "mary_only": "Mary I alone follows Henry"},
         takes=("engine", "table", "card-value")),
    # Its outcomes (p.taken:K) depend on the impulses: no headline of its own.
    Kind("mary-i", "oddsengine.england.mary_i:MaryI", None, (),
         "England under Mary I, RULES.md §27", "England under Mary I", sweep=True,
         outcome_words={"taken:0": "the Papacy takes none of England's impulses"},
         distribution="taken:"),
):  # fmt: skip
    _add(_kind)

# Part IV: the card rolls of RULES.md §28, each card a record in
# oddsengine.card_rolls.records (its number, entry turn, conditions and roll); the Sack of
# Rome is a field battle, played with the land combat cards; the New World riches are one
# column's roll and a turn's income with the Raiders in play.
_CARD_ROLLS = "oddsengine.card_rolls."
_RICHES = {
    "card_kept": "the power keeps a card",
    "card_stolen": "a Raider steals the card",
    "no_card": "the roll gives no card",
}
for _kind in (
    Kind("book-of-common-prayer", _CARD_ROLLS + "die_events:BookOfCommonPrayer", "unrest", (),
         "Book of Common Prayer, card #62 (RULES.md §28.1)", "Book of Common Prayer",
         sweep=True, command="card-roll",
         outcome_words={"unrest": "English home spaces go into unrest",
                        "no_unrest": "no space goes into unrest"}),
    # Its outcomes are the CP added (cp:2 .. cp:12): no one of them is the headline.
    Kind("michelangelo", _CARD_ROLLS + "die_events:Michelangelo", None, (),
         "Michelangelo, card #52 (RULES.md §28.2)", "Michelangelo", sweep=True,
         command="card-roll", outcome_words={"expected.cp": "the CP added to St Peter's"}),
    Kind("fountain-of-youth", _CARD_ROLLS + "die_events:FountainOfYouth", "explorer_removed",
         (), "Fountain of Youth, card #77 (RULES.md §28.3)", "Fountain of Youth", sweep=True,
         command="card-roll",
         outcome_words={"explorer_removed": "an explorer is removed from the game",
                        "no_explorer_removed": "no explorer is removed"}),
    Kind("threat-to-power", _CARD_ROLLS + "die_events:ThreatToPower", "out_for_game", (),
         "Threat to Power, card #103 (RULES.md §28.4)", "Threat to Power", sweep=True,
         command="card-roll",
         outcome_words={"out_for_game": "the leader is out for the rest of the game",
                        "out_for_turn": "the leader is out for the rest of the turn"}),
    Kind("rough-wooing", _CARD_ROLLS + "contests:RoughWooing", "success", (),
         "Rough Wooing, card #116 (RULES.md §28.5, §30.13)", "Rough Wooing", sweep=True,
         command="card-roll", success_words="Scotland becomes England's ally",
         outcome_words={"failure": "Scotland stays France's ally"}),
    Kind("chateaux", _CARD_ROLLS + "contests:Chateaux", "vp", (),
         "Patron of the Arts, card #4: the Chateau Table (RULES.md §28.6, §30.17)",
         "Patron of the Arts", sweep=True, command="card-roll",
         outcome_words={"vp": "France gains a chateau VP", "no_vp": "no chateau VP"}),
    Kind("city-state-rebels", _CARD_ROLLS + "hit_events:CityStateRebels", "key_retaken", (),
         "City State Rebels, card #71 (RULES.md §28.9)", "City State Rebels", sweep=True,
         command="card-roll",
         outcome_words={"key_retaken": "the key returns to its home power",
                        "key_held": "the key stays captured"}),
    Kind("council-of-trent", _CARD_ROLLS + "council_of_trent:CouncilOfTrent", "papal_wins",
         (), "Council of Trent, card #17 (RULES.md §28.10, §30.18)", "Council of Trent",
         sweep=True, command="card-roll",
         outcome_words={"papal_wins": "the Papacy converts spaces",
                        "protestant_wins": "the Protestant converts spaces",
                        "draw": "the Council converts nothing"}),
    Kind("andrea-doria", _CARD_ROLLS + "hit_events:AndreaDoria", "piracy_vp_reduced", (),
         "Andrea Doria's second use, card #68 (RULES.md §28.11)", "Andrea Doria", sweep=True,
         command="card-roll",
         outcome_words={"piracy_vp_reduced": "the Ottoman piracy VP go down",
                        "no_effect": "the piracy VP stay"}),
    Kind("sack-of-rome", _CARD_ROLLS + "sack_of_rome:SackOfRome", "attacker_wins",
         ("attacker",), "Sack of Rome, card #95: a field battle (RULES.md §28.8, §30.15)",
         "Sack of Rome", sweep=True,
         role_words={"attacker": "the whole non-Papal stack, no formation limit"},
         outcome_words={"attacker_wins": "Rome is sacked (the Papacy loses)",
                        "defender_wins": "the Papacy holds Rome"},
         card_engagement="battle"),
    Kind("riches", _CARD_ROLLS + "riches:RichesRoll", "card_kept", (),
         "New World riches, rule 20.4 (RULES.md §28.7, §30.14, §30.16)", "New World riches",
         sweep=True, outcome_words=_RICHES),
    # Its outcomes (kept:K) run up to its holdings: no headline of its own.
    Kind("riches-turn", _CARD_ROLLS + "riches_turn:RichesTurn", None, (),
         "a turn's New World riches, rule 20.4 (RULES.md §28.7, §30.14)",
         "New World riches of a turn", sweep=True, command="riches",
         outcome_words={"expected.cards_kept": "the cards the power keeps"}),
):  # fmt: skip
    _add(_kind)

#: The kinds the package ships: :func:`register_kind` replaces none of them.
BUILT_IN: Mapping[str, Kind] = dict(KINDS)


class _SweepKinds(MutableMapping):
    """The spec classes a sweep file may name, by name: a view of :data:`KINDS`."""

    def __getitem__(self, name):
        kind = KINDS[name]
        if not kind.sweep:
            raise KeyError(name)
        return kind.spec

    def __setitem__(self, name, spec_class):
        register_kind(name, spec_class)

    def __delitem__(self, name):
        self[name]  # noqa: B018 -- a KeyError for a kind a sweep may not name
        del KINDS[name]

    def __iter__(self):
        return (name for name, kind in KINDS.items() if kind.sweep)

    def __len__(self):
        return sum(kind.sweep for kind in KINDS.values())

    def __repr__(self):
        return repr(dict(self))


#: Spec classes by the name a sweep file uses for them (a view of :data:`KINDS`).
SPEC_KINDS: MutableMapping[str, type] = _SweepKinds()


def register_kind(name: str, spec_class: type, **record) -> None:
    """Add the kind ``name`` (e.g. ``"siege-assault"``): the one way to add a kind.

    Its record is all the engines and the faces read: sweeps may name it, and with the
    fields below ``oddsengine table``/``plot`` offer it (and the odds book gives it a page
    of its odds table), :func:`~oddsengine.needed` asks it, the explorer offers it (an
    ``explorer`` entry, or from its declaration) and the command line answers it (from
    its spec's declaration, :mod:`oddsengine.declaration`; ``arguments="battle"`` adds the
    options of a field battle). The class must be a dataclass meeting
    :class:`Engagement` (``draw_plan()``, ``outcome_columns()``, ``outcome_names`` and
    ``event_names``).

    Parameters
    ----------
    name : str
        The name sweep files use.
    spec_class : type
        The spec dataclass.
    **record
        Other fields of its :class:`Kind` (``headline``, ``roles``, ``rule``, ``title``,
        ``table``, ``command``, ``needed``: a :class:`NeededKind` for the force-needed
        search, ``explorer``: an :class:`ExplorerEntry`, ``card_engagement``,
        ``arguments``, ``book_pages``). Without ``headline``, the first of the spec's
        ``outcome_names``.

    Raises
    ------
    OddsEngineError
        On a record the faces could not read, naming the field, when it is registered
        (:func:`oddsengine.kind_checks.check_record`: the record's shape is checked, not
        what the kind means): a name that is not one word, or is a kind the package ships
        or a shipped kind's command; a spec that is not a frozen dataclass meeting
        :class:`Engagement` (the class itself; ``"module:Class"`` is imported when first
        used); an unknown field or a field of the wrong type; roles that are not fields of
        the spec (two of them for ``table``); a headline that is not one of its outcomes.

    Examples
    --------
    >>> from oddsengine import Assault
    >>> register_kind("siege-assault", Assault)
    >>> SPEC_KINDS["siege-assault"] is Assault, KINDS["siege-assault"].headline
    (True, 'success')
    >>> del SPEC_KINDS["siege-assault"]
    >>> register_kind("battle", Assault)
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: 'battle' is a kind the package ships (field battle, ...
    """
    from oddsengine.kind_checks import check_record

    record = check_record(name, spec_class, {"sweep": True, **record}, BUILT_IN)
    _add(Kind(name, spec_class, **record))


def kind_of(name: str) -> Kind:
    """The registered kind called ``name``.

    Examples
    --------
    >>> kind_of("naval").rule
    'naval battle, rule 16.2'
    """
    kind = KINDS.get(name)
    if kind is None:
        raise OddsEngineError(f"unknown kind {name!r}; use one of " + ", ".join(KINDS))
    return kind


def headline(name) -> str | None:
    """The headline outcome of the kind called ``name`` (None if it has none or is not
    registered).

    Examples
    --------
    >>> headline("foreign-war"), headline("unknown")
    ('won', None)
    """
    kind = KINDS.get(name)
    return None if kind is None else kind.headline


def title(name) -> str:
    """The chart title of the kind called ``name`` (empty if it is not registered).

    Examples
    --------
    >>> title("intercept")
    'Interception'
    """
    kind = KINDS.get(name)
    return "" if kind is None else kind.title


#: What the cancelled outcome (any kind's, :data:`~oddsengine.errors.CANCELLED`) is in words.
CANCELLED_WORDS = "the combat is cancelled"


def outcome_words(outcome: str, name=None) -> str:
    """What ``outcome`` is in words, for a chart: the record of the kind called ``name``
    says it, else the first record that words that outcome; empty when none does.

    Examples
    --------
    >>> outcome_words("success", "assault"), outcome_words("attacker_wins")
    ('the assault takes the space', 'the attacker wins')
    >>> outcome_words("success")
    ''
    """
    kind = KINDS.get(name)
    if kind is not None and outcome == "success" and kind.success_words:
        return kind.success_words
    if kind is not None and outcome in kind.outcome_words:
        return kind.outcome_words[outcome]
    if outcome == CANCELLED:
        return CANCELLED_WORDS
    worded = (other.outcome_words for other in KINDS.values() if outcome in other.outcome_words)
    return next((words[outcome] for words in worded), "")


def table_kinds() -> list[Kind]:
    """The kinds ``oddsengine table`` and ``plot`` offer, in registry order."""
    return [kind for kind in KINDS.values() if kind.table]


def check_outcome_name(name, specs, *, where: str = "") -> str:
    """``name`` if it is an outcome or event of the engagements ``specs``; else refuse it
    with the valid names and the closest ones.

    Parameters
    ----------
    name : str
        An outcome (``"success"``) or event (``"defender_leaders_captured"``) name.
    specs : iterable of specs meeting :class:`Engagement`
        The engagements the name must belong to (the cells of a table, say).
    where : str, optional
        What asks, for the message (``"odds table"``).

    Raises
    ------
    OddsEngineError
        On a name no spec reports (``"sucess"``, ``"expected_attacker_losses"``).

    Examples
    --------
    >>> from oddsengine import Assault
    >>> check_outcome_name("success", [Assault("3R L1", "hapsburg: 1R")])
    'success'
    >>> check_outcome_name("sucess", [Assault("3R L1", "hapsburg: 1R")])
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: unknown outcome 'sucess'; did you mean 'success'? The ...
    """
    valid: dict[str, None] = {}
    specs = list(specs)
    for spec in specs:
        for known in (*spec.outcome_names, *spec.event_names):
            valid.setdefault(known, None)
    if name in valid or not valid or name == CANCELLED:
        return name
    raise unknown_name("outcome", name, valid, where=where)

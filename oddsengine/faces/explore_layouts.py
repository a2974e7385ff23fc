"""The explorer's layouts of the combat, campaign and move kinds: for each, its two force
boxes and the forces they start with, whose side each box is, its units, its own controls
and, for the kinds whose spec the controls do not build field by field, its builder and
the writer of its command-line words
(:mod:`oddsengine.faces._explore_campaigns`).

This is the explorer's own layout, in the explorer's layer: the registry of kinds
(:mod:`oddsengine.kinds`) says what a kind is, not how the calculator lays it out. A kind
registered from outside the package may give its layout in its record
(:attr:`Kind.explorer <oddsengine.kinds.Kind>`); a kind that declares its inputs and has
no layout is offered from its declaration (:mod:`oddsengine.faces._explore_declared`).

Examples
--------
>>> LAYOUTS["naval"].controls
('in_port',)
>>> from oddsengine.kinds import kind_of
>>> layout_of(kind_of("assault")).roles
('attacker', 'garrison')
>>> layout_of(kind_of("heirs")) is None  # offered from its declaration
True
"""

from __future__ import annotations

from oddsengine.faces._explore_campaigns import (
    foreign_war,
    foreign_war_words,
    move,
    move_words,
    naval_move,
    naval_move_words,
    siege_campaign,
    siege_campaign_words,
)
from oddsengine.kind_entries import ExplorerEntry

__all__ = ["LAYOUTS", "layout_of"]

#: A land force's boxes: the active power's (who attacks, moves or besieges), then the other.
_LAND = dict(sides=("active", "other"), units="land")
#: What the calculator says of a roll, where no unit is lost.
_ROLL = "No units are lost in this roll."
#: No force box: the kind's own controls give its question (a move's scenario file).
_NO_FORCES = dict(roles=("(none)", "(none)"), forces=("", ""), sides=(None, None))

#: The explorer's layout of each kind it lays out itself, by the kind's name.
LAYOUTS: dict[str, ExplorerEntry] = {
    "battle": ExplorerEntry(
        ("attacker", "defender"), ("ottoman: 6R 2C Suleiman", "hapsburg: 5R Charles V"), **_LAND
    ),
    "assault": ExplorerEntry(
        ("attacker", "garrison"), ("ottoman: 9R Suleiman", "hapsburg: 4R Ferdinand"), **_LAND
    ),
    "intercept": ExplorerEntry(
        ("interceptor", "mover"),
        ("hapsburg: 4R Ferdinand", "ottoman: 5R 1C Ibrahim Pasha"),
        ("other", "active"),
        "land",
        no_losses=_ROLL,
    ),
    "avoid": ExplorerEntry(
        ("avoiding", "attacker"),
        ("france: 3R Montmorency", "hapsburg: 4R Duke of Alva"),
        ("other", "active"),
        "land",
        controls=("lost_battle_this_impulse",),
        no_losses=_ROLL,
    ),
    "naval": ExplorerEntry(
        ("attacker", "defender"),
        ("ottoman: 4Sq Barbarossa", "hapsburg: 3Sq Andrea Doria"),
        ("active", "other"),
        "sea",
        controls=("in_port",),
    ),
    "piracy": ExplorerEntry(
        ("pirates", "(none)"),
        ("ottoman: 3Co Dragut", ""),
        ("active", None),
        "sea",
        controls=("zone_squadrons", "adjacent_squadrons", "adjacent_fortresses", "target_ports"),
    ),
    "siege-campaign": ExplorerEntry(
        ("besiegers", "garrison"),
        ("ottoman: 9R Suleiman", "hapsburg: 2R"),
        **_LAND,
        controls=("horizon", "reinforcements"),
        build=siege_campaign,
        words=siege_campaign_words,
    ),
    "foreign-war": ExplorerEntry(
        ("force", "(none)"),
        ("5R", ""),
        ("war", None),
        controls=("war", "foreign", "horizon", "reinforcements_per_attempt"),
        build=foreign_war,
        words=foreign_war_words,
    ),
    "move": ExplorerEntry(
        **_NO_FORCES,
        controls=("scenario", "defender_policy", "stacks", "control"),
        build=move,
        words=move_words,
        scenarios="move",
    ),
    "naval-move": ExplorerEntry(
        **_NO_FORCES,
        controls=("scenario", "defender_policy", "fleets"),
        build=naval_move,
        words=naval_move_words,
        scenarios="naval_move",
    ),
}


def layout_of(kind) -> ExplorerEntry | None:
    """The explorer's layout of ``kind`` (a :class:`~oddsengine.kinds.Kind`): the one its
    record gives (a kind registered from outside the package), else the explorer's own
    (:data:`LAYOUTS`); None when it has neither (a declared kind is then offered from its
    declaration)."""
    return kind.explorer if kind.explorer is not None else LAYOUTS.get(kind.name)

"""Rule options and player policies: every choice the engine makes on a player's behalf.

Where RULES.md leaves a real choice to a player (which units to lose, whether to spend a
card after the roll), the engine follows a named policy with a documented default; where
it marks a reading of the rules as an option, :class:`RuleOptions` holds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import permutations

from oddsengine.combat.battle import POST_ROLL_POLICIES
from oddsengine.combat.forces import DEFAULT_CASUALTY_ORDER, UNIT_TYPES, parse_force
from oddsengine.combat.formations import ASSAULT_FORMATION_POLICIES
from oddsengine.combat.unit_types import LAND_LETTERS
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown

__all__ = [
    "RuleOptions",
    "Policies",
    "POST_ROLL_POLICIES",
    "parse_casualty_order",
]

#: POST_ROLL_POLICIES (defined with the post-roll cards' play, in
#: :mod:`oddsengine.combat.battle`) is given here too, with the options that name it.

_TYPE_LETTERS = LAND_LETTERS  # the unit-type records' letters
#: Every full casualty order (a permutation of the unit types), as read.
_FULL_ORDERS = {order: order for order in permutations(UNIT_TYPES)}


def parse_casualty_order(order) -> tuple[str, str, str]:
    """Read a casualty order: ``"regulars,mercenaries,cavalry"``, ``"RMC"`` or a tuple.

    Types left out are lost last, in the default order.

    Examples
    --------
    >>> parse_casualty_order("RMC")
    ('regulars', 'mercenaries', 'cavalry')
    >>> parse_casualty_order("cavalry")
    ('cavalry', 'mercenaries', 'regulars')
    """
    if type(order) is tuple and all(type(part) is str for part in order):
        # Every spec's default policies give full orders already read: nothing to do.
        full = _FULL_ORDERS.get(order)
        if full is not None:
            return full
    if isinstance(order, str):
        text = order.strip().lower()
        if "," in text or text in UNIT_TYPES:
            parts = [part.strip() for part in text.split(",") if part.strip()]
        else:
            parts = [_TYPE_LETTERS.get(letter, letter) for letter in text]
    elif isinstance(order, (list, tuple)):
        parts = [str(part).strip().lower() for part in order]
    else:
        raise OddsEngineTypeError(
            "a casualty order is a string such as 'regulars,mercenaries' or 'RMC', or a list "
            f"of unit types, not {shown(order)}"
        )
    if not parts:  # "" or " ": an order that names nothing is a mistake, not the default
        raise OddsEngineError(
            f"empty casualty order {shown(order)}: name the unit types lost first, e.g. 'RMC' "
            "or 'cavalry'"
        )
    parts = [_TYPE_LETTERS.get(part, part) for part in parts]
    for part in parts:
        if part not in UNIT_TYPES:
            raise OddsEngineError(
                f"unknown unit type {shown(part)} in casualty order; use regulars, mercenaries, "
                "cavalry (or R, M, C)"
            )
    if len(set(parts)) != len(parts):
        raise OddsEngineError(f"a unit type appears twice in casualty order {shown(order)}")
    return tuple(parts + [kind for kind in DEFAULT_CASUALTY_ORDER if kind not in parts])


@dataclass(frozen=True)
class RuleOptions:
    """Readings of the rules that RULES.md leaves as options.

    Parameters
    ----------
    cards_as_printed : bool
        False (default): Mercenaries Bribed (#26) and Surprise Attack (#29) may be played
        in an assault, as the assault procedure of original 000 allows, and the dice are
        recounted by the assault rules. True: they are field-battle cards only, as
        printed ("in this field battle").
    """

    cards_as_printed: bool = False

    def __post_init__(self):
        flag = checked_flag(self.cards_as_printed, "cards_as_printed")
        object.__setattr__(self, "cards_as_printed", flag)


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class Policies:
    """The choices a player makes during a combat.

    Parameters
    ----------
    attacker_casualty_order, defender_casualty_order : tuple of str
        The order in which each side gives up its units (RULES.md §9; default
        mercenaries, then regulars, then cavalry).
    post_roll : tuple of (card slug, policy) pairs
        How each post-roll card is played: ``janissaries`` and ``siege-artillery`` take
        one of :data:`POST_ROLL_POLICIES`; default ``if-it-changes-the-outcome``.
    gout_target : str, optional
        The attacking leader Gout (32) is played against; default the one with the best
        battle rating (the first named, on a tie).
    assault_formation : str
        Which part of a besieging stack assaults (15.1: one formation assaults; the rest
        stand by and still count for the siege, 15.3). ``"strongest"`` (the default) is
        :func:`oddsengine.combat.formations.strongest_formation`: every leader, and as many land
        units as their command capacity allows, regulars first, then mercenaries, then
        cavalry, which gives the most assault dice. Anything else is a declared formation
        in force notation, e.g. ``"6R Ibrahim"``, checked against the stack. After Gout
        (32) the strongest legal formation within it acts.

    Examples
    --------
    >>> Policies(post_roll={"janissaries": "always"}).post_roll_policy("janissaries")
    'always'
    """

    attacker_casualty_order: tuple[str, ...] = DEFAULT_CASUALTY_ORDER
    defender_casualty_order: tuple[str, ...] = DEFAULT_CASUALTY_ORDER
    post_roll: tuple[tuple[str, str], ...] = field(default=())
    gout_target: str | None = None
    assault_formation: str = field(default=ASSAULT_FORMATION_POLICIES[0], repr=False)

    def __post_init__(self):
        if not isinstance(self.assault_formation, str) or not self.assault_formation.strip():
            raise OddsEngineError(
                "assault_formation must be 'strongest' or a formation such as '6R Ibrahim'"
            )
        formation = self.assault_formation.strip()
        if formation.lower() in ASSAULT_FORMATION_POLICIES:
            formation = formation.lower()
        else:
            parse_force(formation)  # refuse a formation that cannot be read, now
        object.__setattr__(self, "assault_formation", formation)
        object.__setattr__(
            self, "attacker_casualty_order", parse_casualty_order(self.attacker_casualty_order)
        )
        object.__setattr__(
            self, "defender_casualty_order", parse_casualty_order(self.defender_casualty_order)
        )
        items = self.post_roll.items() if isinstance(self.post_roll, dict) else self.post_roll
        if not isinstance(items, (list, tuple, type({}.items()))) or not all(
            isinstance(item, (list, tuple)) and len(item) == 2 for item in items
        ):
            from oddsengine.combat.cards import POST_ROLL_CARDS

            raise OddsEngineTypeError(
                f"post_roll maps cards to policies, e.g. {{'{POST_ROLL_CARDS[0]}': 'always'}}, not "
                + shown(self.post_roll)
            )
        if self.gout_target is not None and not isinstance(self.gout_target, str):
            raise OddsEngineTypeError(
                f"gout_target is a leader's name, not {shown(self.gout_target)}"
            )
        normalised = []
        if items:  # the post-roll cards' records are read only when a policy names one
            from oddsengine.combat.cards import POST_ROLL_CARDS
        for card, policy in items:
            card = str(card).strip().lower().replace("_", "-").replace(" ", "-")
            if card not in POST_ROLL_CARDS:
                raise OddsEngineError(
                    f"no post-roll policy for {shown(card)}: only "
                    + " and ".join(POST_ROLL_CARDS)
                    + " are played after the roll"
                )
            if policy not in POST_ROLL_POLICIES:
                raise OddsEngineError(
                    f"unknown policy {shown(policy)} for {card}; use one of "
                    + ", ".join(POST_ROLL_POLICIES)
                )
            normalised.append((card, policy))
        object.__setattr__(self, "post_roll", tuple(sorted(normalised)))

    def __repr__(self) -> str:
        # The default assault formation is left out, so that the repr is the same as before
        # the policy existed (the random streams read the fields, not the repr: see
        # oddsengine.engines._random.canonical_fields).
        shown = [
            f"{item.name}={getattr(self, item.name)!r}"
            for item in fields(self)
            if item.repr
            or (item.name == "assault_formation" and self.assault_formation != "strongest")
        ]
        return f"{type(self).__qualname__}({', '.join(shown)})"

    def post_roll_policy(self, card_slug: str) -> str:
        """The policy for a post-roll card (default ``if-it-changes-the-outcome``)."""
        return dict(self.post_roll).get(card_slug, POST_ROLL_POLICIES[0])

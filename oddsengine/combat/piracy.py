"""Piracy (16.4, RULES.md §12): anti-piracy dice against the corsairs, then piracy dice
whose hits the target pays for with VP, squadrons or cards.

:class:`Piracy` is a frozen spec read by both engines like the combat specs: its draw plan
is the anti-piracy hits, then the piracy hits given the corsairs they left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from oddsengine.combat.card_types import Card
from oddsengine.combat.cards import CARD_RULES, find_sea_card, read_stopping_cards
from oddsengine.combat.combat_inputs import check_policy
from oddsengine.combat.fleets import Fleet, as_fleet
from oddsengine.combat.limits import MAX_NAVAL_COUNT, check_count
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.option_field import option
from oddsengine.spec_repr import repr_given

__all__ = ["Piracy", "AWARDS", "AWARD_POLICIES", "award_split"]

#: 16.4: a piracy action costs 2 CP.
PIRACY_CP = 2
#: 16.4: at most 10 piracy VP in a game.
MAX_PIRACY_VP = 10
#: What each piracy hit may give the Ottomans.
AWARDS = ("vp", "squadrons", "cards")
#: How the target spreads its hits: ``even`` over the possible awards (the default of
#: §12), or ``in-order``, each hit to the first possible award of the order.
AWARD_POLICIES = ("even", "in-order")


def award_split(hits: int, limits: dict, order=AWARDS, policy="even") -> dict:
    """How the target pays ``hits`` piracy hits (RULES.md §12 step 3).

    An award that is impossible (``limits`` reached) cannot be chosen while another is
    possible; ``even`` spreads the hits as evenly as possible over the possible awards,
    breaking ties by ``order``; ``in-order`` gives each hit to the first possible award.
    A hit with no possible award is lost.

    Examples
    --------
    >>> award_split(4, {"vp": 10, "squadrons": 3, "cards": 5})
    {'vp': 2, 'squadrons': 1, 'cards': 1}
    >>> award_split(3, {"vp": 10, "squadrons": 0, "cards": 5})
    {'vp': 2, 'squadrons': 0, 'cards': 1}
    >>> award_split(3, {"vp": 1, "squadrons": 2, "cards": 0}, policy="in-order")
    {'vp': 1, 'squadrons': 2, 'cards': 0}
    """
    given = {award: 0 for award in AWARDS}
    for _ in range(hits):
        possible = [award for award in order if given[award] < limits[award]]
        if not possible:
            break
        if policy == "even":
            choice = min(possible, key=lambda award: (given[award], order.index(award)))
        else:
            choice = possible[0]
        given[choice] += 1
    return given


#: The headings of piracy's options.
_ZONE = "the sea zone and the target"
_AWARDS = "the target's award policy (RULES §12)"


def _zone_count(words: str, **declared):
    """An input that counts what is in or around the zone: a number ``N`` under the
    zone's heading."""
    return option(words, metavar="N", group=_ZONE, **declared)


def _responses_words(_) -> str:
    stopping = (rule.slug for rule in CARD_RULES.values() if rule.stops_piracy)
    return f"cards other powers play against the action: {', '.join(stopping)} stops it (RULES §12)"


def _count(value, name, minimum=0):
    # The counts around one sea zone are small on the board: a larger one is a typing
    # mistake, refused before it reaches the dice.
    return check_count(name, value, MAX_NAVAL_COUNT, minimum)


def _stopping_cards(values) -> tuple[Card, ...]:
    """The cards played against a piracy action: only those that stop it (§12)."""
    names = values.split(",") if isinstance(values, str) else values
    if isinstance(names, (list, tuple)):
        for name in names:
            sea_card = None if isinstance(name, Card) else find_sea_card(name)
            if sea_card is not None:  # RULES.md §11: Professional Rowers, not in piracy
                raise OddsEngineError(
                    f"{sea_card.name} (card #{sea_card.number}) cannot be played in a piracy "
                    "action (RULES §11: not in piracy)"
                )
    twice = "a card is listed twice against the piracy action"
    return read_stopping_cards(values, "stops_piracy", "a piracy action", twice, "RULES §12")


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class Piracy:
    """A piracy action (16.4): Ottoman corsairs in a sea zone target a major power that
    controls a port on it.

    Parameters
    ----------
    pirates : Fleet or str
        The Ottoman ships in the zone (only corsairs pirate; the best piracy rating
        counts: Barbarossa 1, Dragut 2).
    zone_squadrons : int
        The target's squadrons in the zone: 2 anti-piracy dice each.
    adjacent_squadrons : int
        Squadrons of the target or of any power at war with the Ottomans in adjacent ports
        and sea zones: 1 die each.
    adjacent_fortresses : int
        Fortresses (not keys) adjacent to the zone controlled by the target, a power at war
        with the Ottomans or the Knights of St. John, not in unrest or under siege: 1 die
        each.
    target_ports : int
        Ports the target controls on the zone (1 limits the piracy dice to 1).
    target_hand : int or None
        Cards in the target's hand; None when it has a card for every hit.
    target_squadrons : int or None
        The target's squadrons in or adjacent to the zone that a hit may sink; default
        ``zone_squadrons``.
    piracy_vp : int
        Piracy VP the Ottomans already have (the award stops at 10).
    award_policy : {"even", "in-order"}
    award_order : tuple of {"vp", "squadrons", "cards"}
        The target's preference (default VP, then squadrons, then cards).
    responses : sequence of Card or str
        Cards other powers play against the action: Foul Weather (31) stops it
        (RULES.md §12), and the outcome is then ``cancelled``.

    Examples
    --------
    The Ionian Sea (rulebook 16.4): 2 anti-piracy dice against 2 corsairs and Barbarossa.

    >>> from oddsengine import Piracy, exact
    >>> raid = Piracy("ottoman: 2Co 1Sq Barbarossa", adjacent_squadrons=1,
    ...               adjacent_fortresses=1, target_ports=2)
    >>> raid.anti_piracy_dice, raid.piracy_dice(corsairs_left=1)
    (2, 2)
    >>> round(exact(raid).p["corsairs_lost:0"] * 9)
    4
    """

    pirates: Fleet = option(
        "the Ottoman ships in the sea zone",
        default=None,
        required=True,
        value="force",
        metavar="FLEET",
    )
    zone_squadrons: int = _zone_count(
        "target squadrons in the zone (2 anti-piracy dice each)",
        default=0,
    )
    adjacent_squadrons: int = _zone_count(
        "squadrons of the target or of powers at war with the Ottomans in adjacent ports and "
        "sea zones (1 die each)",
        default=0,
    )
    adjacent_fortresses: int = _zone_count(
        "adjacent fortresses of the target, of powers at war with the Ottomans or of the "
        "Knights of St. John (1 die each)",
        default=0,
    )
    target_ports: int = _zone_count(
        "ports the target controls on the zone (1 means 1 piracy die)",
        default=1,
        required=True,
    )
    target_hand: int | None = _zone_count(
        "cards in the target's hand (default: enough for every hit)",
        default=None,
    )
    target_squadrons: int | None = _zone_count(
        "target squadrons in or adjacent to the zone a hit may sink (default --zone-squadrons)",
        default=None,
    )
    piracy_vp: int = _zone_count(
        "piracy VP the Ottomans already have (at most 10 in a game)",
        default=0,
    )
    award_policy: str = option(
        "spread the hits evenly over the possible awards, or give each to the first possible "
        "one of --award-order",
        default="even",
        value="choice",
        choices=AWARD_POLICIES,
        group=_AWARDS,
    )
    award_order: tuple[str, ...] = option(
        "the target's preference: with even, which award takes a hit when the spread leaves "
        "a choice",
        default=AWARDS,
        choices=AWARDS,
        metavar="ORDER",
        group=_AWARDS,
    )
    responses: tuple[Card, ...] = option(_responses_words, default=(), value="cards")
    #: True when ``target_squadrons`` was not given and is assumed to be the squadrons in
    #: the zone: the output says so (an assumption that changes the answer is shown).
    target_squadrons_assumed: bool = field(default=False, init=False, repr=False, compare=False)

    kind = "piracy"
    outcome_names = ("success", "failure")

    def __post_init__(self):
        if self.pirates is None:
            raise OddsEngineError("piracy: give the pirates' fleet (e.g. 'ottoman: 2Co')")
        pirates = as_fleet(self.pirates, "pirates")
        object.__setattr__(self, "pirates", pirates)
        if not pirates.is_ottoman:
            raise OddsEngineError(
                f"piracy is an Ottoman action: the {pirates.power or 'unknown'} fleet cannot "
                "pirate (16.4)"
            )
        if pirates.corsairs == 0:
            raise OddsEngineError("piracy needs Ottoman corsairs in the sea zone (16.4)")
        for name in ("zone_squadrons", "adjacent_squadrons", "adjacent_fortresses", "piracy_vp"):
            object.__setattr__(self, name, _count(getattr(self, name), name))
        object.__setattr__(self, "target_ports", _count(self.target_ports, "target_ports", 1))
        if self.piracy_vp > MAX_PIRACY_VP:
            raise OddsEngineError(f"piracy_vp is at most {MAX_PIRACY_VP} in a game")
        if self.target_hand is not None:
            object.__setattr__(self, "target_hand", _count(self.target_hand, "target_hand"))
        if self.target_squadrons is None:
            object.__setattr__(self, "target_squadrons", self.zone_squadrons)
            object.__setattr__(self, "target_squadrons_assumed", True)
        else:
            object.__setattr__(
                self, "target_squadrons", _count(self.target_squadrons, "target_squadrons")
            )
        check_policy(self.award_policy, "award_policy", AWARD_POLICIES, "award policy")
        order = self.award_order
        if isinstance(order, str):
            order = [part.strip() for part in order.split(",") if part.strip()]
        if not isinstance(order, (list, tuple)) or not all(isinstance(p, str) for p in order):
            raise OddsEngineTypeError(
                "award_order must be awards written as text, such as 'vp,squadrons,cards', "
                f"not {shown(self.award_order)}"
            )
        order = [part.lower() for part in order]
        if any(part not in AWARDS for part in order) or len(set(order)) != len(order):
            raise OddsEngineError(
                f"award order {','.join(order)!r}: give vp, squadrons and cards, each once"
            )
        order += [award for award in AWARDS if award not in order]
        object.__setattr__(self, "award_order", tuple(order))
        object.__setattr__(self, "responses", _stopping_cards(self.responses))

    def __repr__(self) -> str:
        # ``responses`` only when given, so that the repr (which keys the random streams) of
        # a spec without them is what it always was.
        return repr_given(self, "responses")

    @property
    def cancelled(self) -> bool:
        """Another power played a card that stops the action (Foul Weather, RULES.md §12)."""
        return bool(self.responses)

    # -- dice --------------------------------------------------------------------------

    @property
    def anti_piracy_dice(self) -> int:
        """16.4 step 1: 2 per target squadron in the zone, 1 per adjacent squadron and 1 per
        adjacent fortress."""
        # 16.4 step 1: 2 dice a target squadron in the zone, 1 an adjacent squadron or fortress.
        return 2 * self.zone_squadrons + self.adjacent_squadrons + self.adjacent_fortresses

    def piracy_dice(self, corsairs_left: int) -> int:
        """16.4 step 2: 1 die with a single corsair left or a single target port, else 2;
        plus the best piracy rating; none without corsairs."""
        if corsairs_left <= 0:
            return 0
        base = 1 if (corsairs_left == 1 or self.target_ports == 1) else 2  # 16.4 step 2
        return base + self.pirates.piracy_rating

    @property
    def _max_piracy_hits(self) -> int:
        return self.piracy_dice(self.pirates.corsairs)

    @property
    def _second_die_possible(self) -> bool:
        """Whether a second base piracy die can ever be rolled (2 corsairs, 2 ports)."""
        return self.pirates.corsairs >= 2 and self.target_ports >= 2

    def draw_plan(self) -> DrawPlan:
        """Anti-piracy hits; the hits of the piracy dice rolled whenever a corsair is left
        (1 base die + the piracy rating); the hit of the second base die.

        The dice are independent, so drawing the second base die always and counting it
        only when 2 corsairs are left (16.4 step 2) is exact, and keeps the plan free of
        rows that depend on the first value.
        """
        if self.cancelled:
            return DrawPlan(np.ones(1), np.ones((1, 1)))  # nothing is rolled
        second_die = binomial_pmf(1) if self._second_die_possible else None
        return DrawPlan(
            binomial_pmf(self.anti_piracy_dice),
            binomial_pmf(1 + self.pirates.piracy_rating)[None, :],
            second_die,
        )

    # -- outcomes ----------------------------------------------------------------------

    @cached_property
    def _award_table(self) -> np.ndarray:
        """Awards (VP, squadrons, cards) for 0..max piracy hits, shape (hits + 1, 3)."""
        hand = self._max_piracy_hits if self.target_hand is None else self.target_hand
        limits = {
            "vp": MAX_PIRACY_VP - self.piracy_vp,
            "squadrons": self.target_squadrons,
            "cards": hand,
        }
        return np.array(
            [
                [
                    award_split(hits, limits, self.award_order, self.award_policy)[award]
                    for award in AWARDS
                ]
                for hits in range(self._max_piracy_hits + 1)
            ],
            dtype=np.int64,
        ).reshape(-1, len(AWARDS))

    @property
    def event_names(self) -> tuple[str, ...]:
        lost = tuple(f"corsairs_lost:{k}" for k in range(self.pirates.corsairs + 1))
        hits = tuple(f"piracy_hits:{h}" for h in range(self._max_piracy_hits + 1))
        return lost + hits

    @property
    def reported_columns(self) -> dict[str, tuple[str, float]]:
        """Expected piracy hits, VP, squadrons sunk, cards drawn, corsairs lost and VP per
        CP (a piracy action costs 2 CP)."""
        return {
            "piracy_hits": ("piracy_hits", 1.0),
            "vp": ("vp", 1.0),
            "squadrons_sunk": ("squadrons_sunk", 1.0),
            "cards_drawn": ("cards_drawn", 1.0),
            "corsairs_lost": ("corsairs_lost", 1.0),
            "vp_per_cp": ("vp", 1.0 / PIRACY_CP),
        }

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        anti_piracy_hits, base_hits, second_die = (np.asarray(value) for value in values[:3])
        corsairs = self.pirates.corsairs
        lost = np.minimum(anti_piracy_hits, corsairs)  # 16.4 step 1: 1 corsair per hit
        left = corsairs - lost
        # 16.4 step 2: no piracy without corsairs; the second base die only with 2 or more
        # corsairs left and more than 1 target port.
        second = np.where((left >= 2) & (self.target_ports >= 2), second_die, 0)
        piracy_hits = np.where(left > 0, base_hits + second, 0)
        awards = self._award_table[piracy_hits]  # 16.4 step 3: the target's award policy
        outcome = np.where(piracy_hits > 0, "success", "failure").astype(object)
        if self.cancelled:
            outcome[:] = "cancelled"  # §12: the action does not happen; values are all 0
        columns = {
            "outcome": outcome,
            "anti_piracy_hits": anti_piracy_hits,
            "corsairs_lost": lost,
            "corsairs_left": corsairs - lost,
            "piracy_hits": piracy_hits,
        }
        for index, award in enumerate(("vp", "squadrons_sunk", "cards_drawn")):
            columns[award] = awards[:, index]
        for k in range(corsairs + 1):
            columns[f"corsairs_lost:{k}"] = lost == k
        for h in range(self._max_piracy_hits + 1):
            columns[f"piracy_hits:{h}"] = piracy_hits == h
        return columns

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        return {
            "pirates": self.pirates.notation(),
            "zone_squadrons": self.zone_squadrons,
            "adjacent_squadrons": self.adjacent_squadrons,
            "adjacent_fortresses": self.adjacent_fortresses,
            "target_ports": self.target_ports,
            "target_hand": self.target_hand,
            "target_squadrons": self.target_squadrons,
            "piracy_vp": self.piracy_vp,
            "award_policy": self.award_policy,
            "award_order": list(self.award_order),
            "anti_piracy_dice": self.anti_piracy_dice,
            "cp": PIRACY_CP,
            **({"responses": [card.slug for card in self.responses]} if self.responses else {}),
        }

    def title(self) -> str:
        return f"Piracy: {self.pirates.notation()}"

    def describe_lines(self) -> list[str]:
        dice = ", ".join(
            f"{self.piracy_dice(left)} with {left} left"
            for left in range(self.pirates.corsairs, 0, -1)
        )
        hand = "enough" if self.target_hand is None else str(self.target_hand)
        if self.cancelled:
            played = ", ".join(card.name for card in self.responses)
            return [f"Cards: other powers: {played} (the action is stopped, RULES §12)"]
        lines = [
            f"Anti-piracy dice: {self.anti_piracy_dice}; piracy dice: {dice}",
            f"Awards: {self.award_policy} over {', '.join(self.award_order)} "
            f"(target squadrons {self.target_squadrons}, cards {hand}, "
            f"VP left {MAX_PIRACY_VP - self.piracy_vp}); cost {PIRACY_CP} CP",
        ]
        if self.target_squadrons_assumed:
            # A default that changes the answer is printed with it.
            lines.append(
                f"Target squadrons: {self.target_squadrons}, assumed to be the squadrons in "
                "the zone (--target-squadrons N sets it)"
            )
        return lines

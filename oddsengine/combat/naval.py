"""Naval combat (16.2): the attacker is the active power; 2 dice per squadron, 1 per
corsair, + the best naval battle rating, +1 for the defender in a port.

:class:`NavalBattle` is a frozen spec read by both engines through the same methods as the
land engagements (:meth:`draw_plan`, :meth:`outcome_columns`, the outcome and event names),
so :func:`~oddsengine.exact`, :func:`~oddsengine.simulate`, :func:`~oddsengine.compare`
and sweeps answer it. Card effects come from :mod:`oddsengine.combat.naval_cards`; the
naval interception and avoid-battle rolls (16.1) are in
:mod:`oddsengine.combat.naval_rolls`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from oddsengine.combat.battle import POST_ROLL_POLICIES, PostRollCard, resolve_battle
from oddsengine.combat.combat_inputs import CARDS_AND_POLICIES, post_roll_of
from oddsengine.combat.fleets import FLEET_NOTATION, Fleet, as_fleet
from oddsengine.combat.naval_cards import (
    CardEffect,
    effects_text,
    parse_effects,
    post_roll_slugs,
)
from oddsengine.draws import DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_flag, shown
from oddsengine.option_field import option

__all__ = ["NavalBattle", "naval_losses"]

#: 16.2: hits needed to sink a squadron.
SQUADRON_HITS = 2


def _check_post_roll(post_roll, allowed) -> tuple[tuple[str, str], ...]:
    items = post_roll.items() if isinstance(post_roll, dict) else post_roll
    pairs = isinstance(items, (list, tuple)) and all(
        isinstance(item, (list, tuple)) and len(item) == 2 for item in items
    )
    if not isinstance(post_roll, dict) and not pairs:
        raise OddsEngineTypeError(
            f"post_roll must be a dict of card to policy, such as {{'{allowed[0]}': 'always'}}, "
            f"not {shown(post_roll)}"
        )
    normalised = []
    for card, policy in items:
        if not isinstance(card, str) or not isinstance(policy, str):
            raise OddsEngineTypeError(
                f"post_roll takes card and policy names, not {shown(card)}: {shown(policy)}"
            )
        card = card.strip().lower().replace("_", "-").replace(" ", "-")
        if card not in allowed:
            raise OddsEngineError(
                f"no post-roll policy for {card!r} here: use one of {', '.join(allowed)}"
            )
        if policy not in POST_ROLL_POLICIES:
            raise OddsEngineError(
                f"unknown policy {policy!r} for {card}; use one of " + ", ".join(POST_ROLL_POLICIES)
            )
        if card in dict(normalised):
            raise OddsEngineError(f"post_roll gives {card} twice")
        normalised.append((card, policy))
    return tuple(sorted(normalised))


def naval_losses(hits, squadrons: int, corsairs: int, loser):
    """Squadrons and corsairs left after ``hits`` (16.2, RULES.md §11). Elementwise.

    (a) each pair of hits sinks a squadron while squadrons last; (b) hits still left sink
    one corsair each; (c) a single hit still left sinks one more squadron of the loser, if
    it has one, and is ignored against the winner.

    Examples
    --------
    The Barbary Coast example: 3 hits on 2 squadrons and 1 corsair (the loser) sink a
    squadron and the corsair; 3 hits on the winner's 2 squadrons sink one.

    >>> naval_losses(3, 2, 1, loser=True)
    (1, 0)
    >>> naval_losses(3, 2, 0, loser=False)
    (1, 0)
    >>> naval_losses(3, 2, 0, loser=True)
    (0, 0)
    """
    hits = np.asarray(hits)
    sunk = np.minimum(hits // SQUADRON_HITS, squadrons)  # 16.2 (a): pairs sink squadrons
    left = hits - SQUADRON_HITS * sunk
    corsairs_sunk = np.minimum(left, corsairs)  # 16.2 (b): then 1 corsair a hit
    left = left - corsairs_sunk
    odd = (left >= 1) & np.asarray(loser) & (sunk < squadrons)  # 16.2 (c): the loser's odd hit
    squadrons_left = squadrons - sunk - odd
    corsairs_left = corsairs - corsairs_sunk
    if squadrons_left.ndim == 0:
        return int(squadrons_left), int(corsairs_left)
    return squadrons_left, corsairs_left


@dataclass(frozen=True, eq=False)
class _PostRoll:
    effect: CardEffect
    dice: int
    policy: str


@dataclass(frozen=True)
class NavalBattle:
    """A naval battle (16.2): the active power's fleet attacks the ships in a sea zone or
    a port.

    Parameters
    ----------
    attacker, defender : Fleet or str
        The attacking fleet (always the active power's) and the defending one, in the fleet
        notation (``"ottoman: 2Sq 1Co Barbarossa"``).
    in_port : bool
        The combat is in a port: the defender rolls one more die (16.2).
    attacker_cards, defender_cards : sequence of cards, or a comma-separated string
        Arquebusiers (+2 dice, before the roll); Janissaries (Ottoman, +4 dice) and
        Professional Rowers (+3 dice) after seeing both rolls. Land-combat cards are
        refused.
    post_roll : dict of card slug to policy
        ``janissaries`` and ``professional-rowers`` take ``if-it-changes-the-outcome``
        (the default: played only when the side is losing and the dice can still turn the
        result) or ``always``. A side holding both plays Janissaries first.

    Examples
    --------
    The Barbary Coast (rulebook 16.2): 7 Ottoman dice against Doria's 6.

    >>> from oddsengine import NavalBattle, exact
    >>> battle = NavalBattle("ottoman: 2Sq 1Co Barbarossa", "hapsburg: 2Sq Doria")
    >>> battle.attacker_dice, battle.defender_dice
    (7, 6)
    >>> round(exact(battle).p["attacker_wins"], 4)
    0.4599
    """

    attacker: Fleet = option(FLEET_NOTATION, value="force", metavar="FLEET")
    defender: Fleet = option(
        "the defending fleet, written the same way", value="force", metavar="FLEET"
    )
    in_port: bool = option("the battle is in a port (the defender +1 die)", default=False)
    attacker_cards: tuple[CardEffect, ...] = option(
        lambda _: effects_text("naval-battle"), default=(), value="cards",
        group=CARDS_AND_POLICIES)  # fmt: skip
    defender_cards: tuple[CardEffect, ...] = option(
        "cards the defender plays", default=(), value="cards", group=CARDS_AND_POLICIES
    )
    post_roll: tuple[tuple[str, str], ...] = field(default=())
    attacker_can_retreat: bool = True
    defender_can_retreat: bool = True

    kind = "naval"
    outcome_names = ("attacker_wins", "defender_wins")
    unit_word = "ships"
    #: The field of each side's cards (what a card's value adds to).
    card_fields = (("attacker", "attacker_cards"), ("defender", "defender_cards"))

    @classmethod
    def from_options(cls, *, policy=(), attacker_no_retreat=False, defender_no_retreat=False,
                     **fields):  # fmt: skip
        """The naval battle of its inputs as the faces give them: its own fields, the
        post-roll policies (``policy``: ``CARD=POLICY`` texts) and each side's retreat
        said by its absence.

        Examples
        --------
        >>> battle = NavalBattle.from_options(attacker="ottoman: 2Sq", defender="1Sq",
        ...                                   defender_no_retreat=True)
        >>> battle.defender_can_retreat
        False
        """
        post_roll = post_roll_of(policy, post_roll_slugs("naval-battle")[0])
        return cls(
            post_roll=post_roll,
            attacker_can_retreat=not attacker_no_retreat,
            defender_can_retreat=not defender_no_retreat,
            **fields,
        )

    def __post_init__(self):
        object.__setattr__(self, "attacker", as_fleet(self.attacker, "attacker"))
        object.__setattr__(self, "defender", as_fleet(self.defender, "defender"))
        for name in ("attacker_cards", "defender_cards"):
            object.__setattr__(self, name, parse_effects(getattr(self, name), "naval-battle"))
        object.__setattr__(
            self,
            "post_roll",
            _check_post_roll(self.post_roll, post_roll_slugs("naval-battle")),
        )
        for name in ("in_port", "attacker_can_retreat", "defender_can_retreat"):
            object.__setattr__(self, name, checked_flag(getattr(self, name), name))
        for role in ("attacker", "defender"):
            fleet = getattr(self, role)
            if fleet.ships == 0:
                raise OddsEngineError(f"naval battle: the {role} has no ships")
            for effect in getattr(self, f"{role}_cards"):
                if effect.powers and fleet.power not in effect.powers:
                    raise OddsEngineError(
                        f"{effect.card} cannot be played by the {role} "
                        f"({fleet.power or 'unknown power'}): only "
                        f"{' or '.join(effect.powers)} may play it at sea"
                    )
        if self.attacker.power is not None and self.attacker.power == self.defender.power:
            raise OddsEngineError(
                f"both fleets are {self.attacker.power}: a power does not fight itself"
            )
        both = {effect.card for effect in self.attacker_cards} & {
            effect.card for effect in self.defender_cards
        }
        if both:
            raise OddsEngineError(f"{both.pop()} exists once: one side only")
        played = {effect.slug for effect in self.attacker_cards + self.defender_cards}
        for card, _ in self.post_roll:
            if card not in played:  # a policy for a card nobody plays would be ignored
                raise OddsEngineError(f"post_roll gives a policy for {card}, which is not played")

    # -- dice --------------------------------------------------------------------------

    def _dice(self, role: str) -> int:
        fleet = getattr(self, role)
        # 16.2: 2 dice per squadron + 1 per corsair + the best naval battle rating,
        # +1 for the defender only in a port.
        dice = SQUADRON_HITS * fleet.squadrons + fleet.corsairs + fleet.battle_rating
        if role == "defender" and self.in_port:
            dice += 1
        for effect in getattr(self, f"{role}_cards"):
            if effect.timing == "before-roll":
                dice += effect.dice_for(fleet.power)
        return dice

    @property
    def attacker_dice(self) -> int:
        """Dice the attacker rolls (before any post-roll card)."""
        return self._dice("attacker")

    @property
    def defender_dice(self) -> int:
        """Dice the defender rolls (before any post-roll card)."""
        return self._dice("defender")

    @cached_property
    def _post_roll_cards(self) -> dict[str, tuple[_PostRoll, ...]]:
        policies = dict(self.post_roll)
        cards = {}
        for role in ("attacker", "defender"):
            effects = [e for e in getattr(self, f"{role}_cards") if e.timing == "post-roll"]
            # 11: a side holding both plays Janissaries first (deck order).
            effects.sort(key=lambda effect: effect.card.number)
            cards[role] = tuple(
                _PostRoll(
                    effect,
                    effect.dice_for(getattr(self, role).power),
                    policies.get(effect.slug, POST_ROLL_POLICIES[0]),
                )
                for effect in effects
            )
        return cards

    @property
    def post_roll_cards(self) -> tuple[str, ...]:
        """Slugs of the post-roll cards in this battle, attacker's first."""
        return tuple(
            card.effect.slug
            for role in ("attacker", "defender")
            for card in self._post_roll_cards[role]
        )

    def post_roll_dice(self, role: str) -> tuple[int, ...]:
        """Dice of each post-roll card of ``role``, in the order they are played."""
        return tuple(card.dice for card in self._post_roll_cards[role])

    def _extra_pmf(self, role) -> np.ndarray:
        # Several post-roll cards of one side: their hit counts in mixed radix, first card
        # lowest (np.kron puts the later card's index in the higher digit).
        pmf = np.ones(1)
        for card in self._post_roll_cards[role]:
            pmf = np.kron(binomial_pmf(card.dice), pmf)
        return pmf

    def draw_plan(self) -> DrawPlan:
        """Attacker hits, defender hits, and the hits of each side's post-roll cards."""
        return DrawPlan(
            binomial_pmf(self.attacker_dice),
            binomial_pmf(self.defender_dice)[None, :],
            self._extra_pmf("attacker"),
            self._extra_pmf("defender"),
        )

    # -- outcomes ----------------------------------------------------------------------

    @property
    def event_names(self) -> tuple[str, ...]:
        spent = tuple(f"card_spent:{slug}" for slug in self.post_roll_cards)
        trapped = tuple(
            f"{role}_sunk_without_retreat"
            for role in ("attacker", "defender")
            if not getattr(self, f"{role}_can_retreat")
        )
        return ("attacker_wiped_out", "defender_wiped_out") + trapped + spent

    @property
    def loss_groups(self) -> list[tuple[str, int, str]]:
        """(label, ships at the start, survivors column) for expected losses."""
        groups = []
        for role in ("attacker", "defender"):
            fleet = getattr(self, role)
            groups.append((role, fleet.ships, f"{role}_survivors"))
            groups.append((f"{role}:squadrons", fleet.squadrons, f"{role}_squadrons"))
            if fleet.corsairs:
                groups.append((f"{role}:corsairs", fleet.corsairs, f"{role}_corsairs"))
        return groups

    @property
    def reported_columns(self) -> dict[str, tuple[str, float]]:
        """Columns whose expectation and distribution results report (ships left)."""
        return {
            f"{role}_{kind}": (f"{role}_{kind}", 1.0)
            for role in ("attacker", "defender")
            for kind in ("squadrons", "corsairs")
            if kind == "squadrons" or getattr(self, role).corsairs
        }

    def _units_left(self, role, hits_against, loses):
        """16.2: squadron pairs first, then corsairs, the loser's odd hit (naval_losses)."""
        fleet = getattr(self, role)
        left = list(naval_losses(hits_against, fleet.squadrons, fleet.corsairs, loses))
        return left, (left[0] + left[1]) == 0

    def _keep_one(self, role, left, keeps):
        """16.2: the side that keeps a unit keeps a squadron if it had one, else a corsair."""
        index = 0 if getattr(self, role).squadrons else 1
        left[index] = np.where(keeps, 1, left[index])
        return left

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns: a battle
        (:func:`~oddsengine.combat.battle.resolve_battle`) whose hits become losses by
        squadron pairs, the defender's extra die only in a port, then the retreat."""
        attacker_hits, defender_hits, attacker_extra, defender_extra = (
            np.asarray(value) for value in values
        )
        cards = tuple(
            tuple(
                PostRollCard(card.dice, card.policy, card.effect.slug)
                for card in self._post_roll_cards[role]
            )
            for role in ("attacker", "defender")
        )
        battle = resolve_battle(
            (attacker_hits, defender_hits),
            (attacker_extra, defender_extra),
            cards,
            (self.attacker_dice, self.defender_dice),
            self._units_left,
            self._keep_one,
        )
        attacker_hits, defender_hits = battle["hits"]
        attacker_wins = battle["attacker_prevails"]  # 16.2: a tie goes to the defender.
        columns = {
            "outcome": np.where(attacker_wins, "attacker_wins", "defender_wins").astype(object),
            "attacker_hits": attacker_hits,
            "defender_hits": defender_hits,
        }
        left = dict(zip(("attacker", "defender"), battle["left"], strict=True))
        for role, lost in (("attacker", ~attacker_wins), ("defender", attacker_wins)):
            # 16.2 retreat: in a port the attacker always leaves and the defender stays; at
            # sea the loser leaves. A side that must leave with nowhere to go loses its ships.
            if self.in_port:
                leaves = np.full(lost.shape, role == "attacker")
            else:
                leaves = lost
            trapped = leaves & (left[role][0] + left[role][1] > 0)
            if getattr(self, f"{role}_can_retreat"):
                trapped = np.zeros(lost.shape, dtype=bool)
            left[role] = [np.where(trapped, 0, count) for count in left[role]]
            columns[f"{role}_sunk_without_retreat"] = trapped
        for role in ("attacker", "defender"):
            squadrons, corsairs = left[role]
            columns[f"{role}_squadrons"] = np.asarray(squadrons)
            columns[f"{role}_corsairs"] = np.asarray(corsairs)
            columns[f"{role}_survivors"] = np.asarray(squadrons + corsairs)
        for role in ("attacker", "defender"):
            # Naval leaders of a side wiped out go to the next turn (not captured).
            columns[f"{role}_wiped_out"] = columns[f"{role}_survivors"] == 0
        columns.update(
            {f"card_spent:{card.slug}": played for _role, card, played in battle["spent"]}
        )
        return columns

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        return {
            "attacker": self.attacker.notation(),
            "defender": self.defender.notation(),
            "in_port": self.in_port,
            "attacker_can_retreat": self.attacker_can_retreat,
            "defender_can_retreat": self.defender_can_retreat,
            "attacker_cards": [effect.slug for effect in self.attacker_cards],
            "defender_cards": [effect.slug for effect in self.defender_cards],
            "attacker_dice": self.attacker_dice,
            "defender_dice": self.defender_dice,
        }

    def title(self) -> str:
        where = "in port" if self.in_port else "at sea"
        return f"Naval battle {where}: {self.attacker.notation()}  vs  {self.defender.notation()}"

    def describe_lines(self) -> list[str]:
        lines = []
        cards = [
            f"{role}: " + ", ".join(effect.card.name for effect in getattr(self, f"{role}_cards"))
            for role in ("attacker", "defender")
            if getattr(self, f"{role}_cards")
        ]
        if cards:
            lines.append("Cards: " + "; ".join(cards))
        lines.append(f"Dice: attacker {self.attacker_dice}, defender {self.defender_dice}")
        trapped = [
            role for role in ("attacker", "defender") if not getattr(self, f"{role}_can_retreat")
        ]
        if trapped:
            who = " and the ".join(trapped)
            lines.append(f"No retreat for the {who}: its ships are lost if it must leave")
        return lines

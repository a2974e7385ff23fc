"""Foreign wars (21.7, RULES.md §13): attempt after attempt against the units on a war card,
each attempt (1 CP) a field battle without the defender's extra die and without retreat,
until no foreign unit is left.

A :class:`ForeignWar` is a campaign: each attempt (1 CP) is a field battle without the
defender's extra die and without retreat (:meth:`ForeignWar.attempt`, resolved by
:func:`~oddsengine.combat.battle.resolve_battle`), until no foreign unit is left, the
horizon is reached, or the major power has no unit left on the card. Its draw plan is the
distribution of the campaign's end states, the Markov chain over the unit counts; one
attempt's dice are :func:`attempt_plan`. The engines (:mod:`oddsengine.engines.foreign_war`)
answer it through :func:`~oddsengine.exact` and :func:`~oddsengine.simulate` with a
:class:`~oddsengine.Result` whose states are the campaign's end states.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from oddsengine.combat.battle import PostRollCard, resolve_battle
from oddsengine.combat.combat_inputs import check_policy, post_roll_of
from oddsengine.combat.forces import (
    DEFAULT_CASUALTY_ORDER,
    UNIT_TYPES,
    Force,
    as_force,
    parse_force,
    take_losses,
)
from oddsengine.combat.naval_cards import CardEffect, effects_text, parse_effects, post_roll_slugs
from oddsengine.combat.options import POST_ROLL_POLICIES, parse_casualty_order
from oddsengine.combat.war_cards import WAR_CHOICES, WARS, WarCard
from oddsengine.draws import CampaignEndStates, DrawPlan, binomial_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.option_field import option

__all__ = ["ForeignWar", "attempt_plan"]

#: 21.7: a Fight Foreign War action costs 1 CP.
ATTEMPT_CP = 1
#: A regular built on the card to restore its units costs 2 CP.
BUILD_CP = 2
_MAX_HORIZON = 50
#: The columns of an end state, in the order the engines hand them over.
END_STATE_FIELDS = ("attempts", "won_at", *UNIT_TYPES, "foreign_left", "cp", "post_roll_spent")


def _whole(value, name, low, high=None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsEngineTypeError(f"{name} must be a whole number, not {shown(value)}")
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise OddsEngineError(f"{name} must be {bound}, not {shown(value)}")
    return int(value)


@dataclass(frozen=True)
class ForeignWar:
    """A foreign war fought attempt after attempt (21.7).

    Parameters
    ----------
    war : {"persia", "egypt", "ireland"}
    force : Force or str
        The major power's land units and army leaders on the card (at most the number the
        card calls for; only the best battle rating counts).
    foreign : int, optional
        Foreign units on the card (default the card's: Egypt 3, Persia 4, Ireland 3; 4 for
        Ireland played by France or the Hapsburgs).
    horizon : int
        Attempts (impulses) to play, 1 to 50.
    cards : sequence of cards, or a comma-separated string
        Combat cards of the major power in the first attempt: Arquebusiers (+2), Field
        Artillery (+2, +3 for France or the Ottomans), Janissaries (+5 after the roll).
    post_roll_policy : str
        Janissaries: ``if-it-changes-the-outcome`` (default: played when foreign units
        would survive the roll and 5 more dice could remove them all) or ``always``.
    reinforcements : int
        Regulars built on the card before each later attempt (2 CP each), up to the number
        the card calls for; 0 (default) lets a war with no unit left stop.
    casualty_order : str or tuple
        The major power's order of losses (default mercenaries, regulars, cavalry).

    Examples
    --------
    >>> from oddsengine import ForeignWar, exact
    >>> war = ForeignWar("egypt", "3R", horizon=2)
    >>> result = exact(war)
    >>> round(result.p["won_by:1"], 4), round(result.expected_values()["cp"]["mean"], 4)
    (0.0357, 1.9273)
    """

    war: str = option("the foreign war card fought", default="persia", required=True,
                      value="choice", choices=WAR_CHOICES)  # fmt: skip
    force: Force | None = option(
        'the major power\'s units and army leaders on the card, e.g. "5R Ibrahim"',
        default=None, required=True, value="force")  # fmt: skip
    foreign: int | None = option(
        "foreign units (default the card's: Persia 4, Egypt 3, Ireland 3)", default=None,
        metavar="N")  # fmt: skip
    horizon: int = option("attempts", default=6, metavar="K")
    cards: tuple[CardEffect, ...] = option(
        lambda _: "combat cards in the first attempt: " + effects_text("foreign-war"),
        default=(), value="cards")  # fmt: skip
    post_roll_policy: str = POST_ROLL_POLICIES[0]
    reinforcements: int = option(
        "regulars built on the card before each later attempt (2 CP each), up to the card's "
        "number", default=0, metavar="N")  # fmt: skip
    casualty_order: tuple[str, ...] = option(
        "order of the major power's losses, e.g. regulars,mercenaries,cavalry",
        default=DEFAULT_CASUALTY_ORDER, value="text", metavar="ORDER")  # fmt: skip

    kind = "foreign-war"
    outcome_names = ("won", "continues", "stalled")
    #: The field of the cards of its one side that plays them, the major power's.
    card_fields = (("attacker", "cards"),)

    @classmethod
    def from_options(cls, *, policy=(), **fields):
        """The war of its inputs as the faces give them: its own fields and the policy of
        its post-roll card (``policy``: ``CARD=POLICY`` texts).

        Examples
        --------
        >>> war = ForeignWar.from_options(war="egypt", force="3R", policy=("janissaries=always",))
        >>> war.post_roll_policy
        'always'
        """
        (card,) = post_roll_slugs("foreign-war")  # one post-roll card in a foreign war
        policies = post_roll_of(policy, card)
        unknown = set(policies) - {card}
        if unknown:
            raise OddsEngineError(f"no post-roll policy for {unknown.pop()!r} in a foreign war")
        return cls(post_roll_policy=policies.get(card, POST_ROLL_POLICIES[0]), **fields)

    def ignored_options(self, card_value: bool = False) -> dict:
        """The inputs this war would ignore, by name, with why: the post-roll card's
        policy without the card, reinforcements with no later attempt (21.7); the same
        when its cards are valued (``card_value``)."""
        ignored = {}
        (card,) = post_roll_slugs("foreign-war")
        if card not in {effect.slug for effect in self.cards}:
            ignored["policy"] = f"{card}=... is given but {card} is not played"
        if self.horizon == 1:  # 21.7: built before each later attempt; there is none
            ignored["reinforcements"] = "with --horizon 1: there is no later attempt"
        return ignored

    def __post_init__(self):
        if not isinstance(self.war, str):
            raise OddsEngineTypeError(f"war must be the name of a war card, not {shown(self.war)}")
        key = self.war.strip().lower()
        if key not in WARS:
            raise OddsEngineError(f"unknown war {self.war!r}; use one of {', '.join(WARS)}")
        object.__setattr__(self, "war", key)
        card = WARS[key]
        # The settings of the war first, then the force: a setting refused is refused
        # whatever the force (a search over forces then refuses the question itself).
        foreign = card.foreign if self.foreign is None else self.foreign
        object.__setattr__(self, "foreign", _whole(foreign, "foreign units", 1, 10))
        object.__setattr__(self, "horizon", _whole(self.horizon, "horizon", 1, _MAX_HORIZON))
        object.__setattr__(
            self, "reinforcements", _whole(self.reinforcements, "reinforcements", 0, card.units)
        )
        cards = parse_effects(self.cards, "foreign-war")
        for effect in cards:  # 21.7: the card's power fights
            if effect.powers and card.power not in effect.powers:
                raise OddsEngineError(
                    f"{effect.card} cannot be played by {card.power} in {card.name}"
                )
        object.__setattr__(self, "cards", cards)
        check_policy(self.post_roll_policy, "post_roll_policy", POST_ROLL_POLICIES)
        object.__setattr__(self, "casualty_order", parse_casualty_order(self.casualty_order))
        if self.force is None:
            raise OddsEngineError(f"give the {card.power} force on {card.name} (e.g. '5R')")
        force = (
            parse_force(self.force, power=card.power)
            if isinstance(self.force, str)
            else as_force(self.force, "force")
        )
        if force.power is None:
            force = Force(
                force.regulars, force.mercenaries, force.cavalry, force.leaders, card.power
            )
        if force.power != card.power:
            raise OddsEngineError(
                f"{card.name} is fought by {card.power}, not {force.power} (21.7)"
            )
        _whole(force.land_units, f"land units on {card.name}", 1, card.units)
        object.__setattr__(self, "force", force)

    @property
    def card(self) -> WarCard:
        return WARS[self.war]

    # -- one attempt -------------------------------------------------------------------

    def major_dice(self, land_units, first: bool):
        """14 step 2 / 21.7: land units + the best battle rating + cards before the roll
        (first attempt only); the major power attacks, so no defender's extra die."""
        dice = land_units + self.force.battle_rating  # 21.7: no defender's extra die here
        if first:
            dice += sum(
                effect.dice_for(self.force.power)
                for effect in self.cards
                if effect.timing == "before-roll"
            )
        return dice

    def post_roll_dice(self, first: bool) -> int:
        """Dice of the post-roll card (Janissaries, +5), first attempt only."""
        if not first:
            return 0
        power = self.force.power
        return sum(effect.dice_for(power) for effect in self.cards if effect.timing == "post-roll")

    def attempt(self, counts, foreign, first, major_hits, foreign_hits, extra_hits):
        """Counts and foreign units after one attempt with these hits, elementwise (the
        first two results of :meth:`attempt_spending`)."""
        counts_left, foreign_left, _ = self.attempt_spending(
            counts, foreign, first, major_hits, foreign_hits, extra_hits
        )
        return counts_left, foreign_left

    def attempt_spending(self, counts, foreign, first, major_hits, foreign_hits, extra_hits):
        """Counts and foreign units after one attempt with these hits, elementwise, and
        whether the post-roll card (Janissaries) was played in it.

        ``counts`` has shape (n, 3) (regulars, mercenaries, cavalry); the other arrays
        shape (n,). An attempt is a field battle (21.7, RULES.md §13), resolved by
        :func:`~oddsengine.combat.battle.resolve_battle` with a foreign war's parameters:
        the major power attacks without the defender's extra die against the foreign
        units (one die each, no leader, no card), each hit removes a unit of the other
        side (the major power's in its casualty order), both sides wiped out leave the side
        that rolled more dice one unit (the foreign side on equal dice), and no retreat
        follows. The major power's post-roll card plays for the attempt's goal: no foreign
        unit left.
        """
        counts = np.atleast_2d(np.asarray(counts, dtype=np.int64))
        foreign = np.asarray(foreign, dtype=np.int64)
        major_hits = np.asarray(major_hits, dtype=np.int64)
        units = counts.sum(axis=1)
        post = self.post_roll_dice(first)
        janissaries = (PostRollCard(post, self.post_roll_policy),) if post else ()

        def units_left(role, hits_against, loses):
            if role == "attacker":
                lost = np.minimum(hits_against, units)
                return take_losses(counts, lost, self.casualty_order), units - lost == 0
            foreign_left = np.maximum(foreign - hits_against, 0)
            return foreign_left, foreign_left == 0

        def keep_one(role, left, keeps):
            if role == "attacker":
                kept = take_losses(counts, np.maximum(units - 1, 0), self.casualty_order)
                return np.where(keeps[:, None], kept, left)
            return np.where(keeps, 1, left)

        major_dice = self.major_dice(units, first)

        def no_foreign_unit_left(major, against_major, post_dice):
            # 21.7, RULES.md §13: the war is won when no foreign unit is left. Both sides
            # wiped out, the foreign side keeps one unless the major power rolled more
            # dice (its post-roll dice included), so Janissaries can win a war that hits
            # alone do not.
            major_wiped_out = np.asarray(against_major) >= units
            return (major >= foreign) & (~major_wiped_out | (major_dice + post_dice[0] > foreign))

        battle = resolve_battle(
            (major_hits, foreign_hits),
            (extra_hits, 0),
            (janissaries, ()),
            (major_dice, foreign),  # the foreign side: 1 die a unit
            units_left,
            keep_one,
            goal=no_foreign_unit_left,
        )
        counts_left, foreign_left = battle["left"]
        # RULES.md §9: how often the post-roll card was actually spent is reported.
        spent = np.zeros(foreign.shape, dtype=bool)
        for _role, _card, played in battle["spent"]:
            spent = spent | np.broadcast_to(played, foreign.shape)
        return counts_left, foreign_left, spent

    def _attempt_table(self, counts, foreign, first):
        """Every result of one attempt: list of (probability, counts, foreign, whether
        the post-roll card was spent)."""
        pmfs = (
            binomial_pmf(self.major_dice(sum(counts), first)),
            binomial_pmf(foreign),
            binomial_pmf(self.post_roll_dice(first)),
        )
        grids = np.meshgrid(*(np.arange(pmf.size) for pmf in pmfs), indexing="ij")
        major_hits, foreign_hits, extra_hits = (grid.ravel() for grid in grids)
        weights = pmfs[0][major_hits] * pmfs[1][foreign_hits] * pmfs[2][extra_hits]
        size = weights.size
        after, left, spent = self.attempt_spending(
            np.tile(np.array(counts, dtype=np.int64), (size, 1)),
            np.full(size, foreign),
            first,
            major_hits,
            foreign_hits,
            extra_hits,
        )
        table = defaultdict(float)
        rows = zip(after.tolist(), left.tolist(), spent.tolist(), weights, strict=True)
        for row, remaining, played, weight in rows:
            table[(tuple(row), remaining, int(played))] += weight
        return [
            (weight, row, remaining, played) for (row, remaining, played), weight in table.items()
        ]

    def reinforced(self, counts) -> tuple[tuple[int, ...], int]:
        """Counts after the regulars built before a later attempt, and their CP."""
        built = min(self.reinforcements, max(self.card.units - sum(counts), 0))
        return (counts[0] + built, *counts[1:]), BUILD_CP * built

    # -- what the engines read ---------------------------------------------------------

    @property
    def event_names(self) -> tuple[str, ...]:
        spent = tuple(f"card_spent:{slug}" for slug in self.post_roll_cards)
        return tuple(f"won_by:{k}" for k in range(1, self.horizon + 1)) + spent

    @property
    def post_roll_cards(self) -> tuple[str, ...]:
        """The slugs of the cards played after the roll (Janissaries), first attempt only."""
        power = self.force.power
        return tuple(
            effect.slug
            for effect in self.cards
            if effect.timing == "post-roll" and effect.dice_for(power)
        )

    @property
    def reported_columns(self) -> dict[str, tuple[str, float]]:
        """Expected CP, attempts, major-power units lost and foreign units left."""
        return {
            "cp": ("cp", 1.0),
            "attempts": ("attempts", 1.0),
            "units_lost": ("units_lost", 1.0),
            "foreign_left": ("foreign_left", 1.0),
        }

    def draw_plan(self):
        """The campaign's end states with their exact probabilities (the Markov chain)."""
        return CampaignEndStates(_chain(self), _SAMPLED_ON_ITS_OWN)

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """Columns of each end state; ``values`` holds :data:`END_STATE_FIELDS`."""
        fields = dict(zip(END_STATE_FIELDS, (np.asarray(v) for v in values), strict=True))
        won_at = fields["won_at"]
        left = sum(fields[kind] for kind in UNIT_TYPES)
        built = (fields["cp"] - ATTEMPT_CP * fields["attempts"]) // BUILD_CP
        # Stalled: no unit left on the card and none to be built (21.7).
        stalled = (left == 0) & (self.reinforcements == 0)
        outcome = np.where(won_at > 0, "won", np.where(stalled, "stalled", "continues"))
        spent = fields.pop("post_roll_spent") > 0
        columns = {"outcome": outcome.astype(object), **fields}
        columns["units_lost"] = self.force.land_units + built - left
        for k in range(1, self.horizon + 1):
            columns[f"won_by:{k}"] = (won_at > 0) & (won_at <= k)
        for slug in self.post_roll_cards:  # each card's spending, as naval battles report it
            columns[f"card_spent:{slug}"] = spent
        return columns

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        return {
            "war": self.war,
            "card": f"{self.card.name} (#{self.card.number})",
            "force": self.force.notation(),
            "foreign": self.foreign,
            "horizon": self.horizon,
            "cards": [effect.slug for effect in self.cards],
            "post_roll_policy": self.post_roll_policy,
            "reinforcements": self.reinforcements,
        }

    def title(self) -> str:
        return f"{self.card.name}: {self.force.notation()}  against  {self.foreign} foreign units"

    def describe_lines(self) -> list[str]:
        lines = [
            f"Dice per attempt: {self.major_dice(self.force.land_units, True)} (first), "
            f"foreign {self.foreign}; no defender's die, no retreat; horizon {self.horizon}"
        ]
        if self.cards:
            lines.append("Cards (first attempt): " + ", ".join(e.card.name for e in self.cards))
        if self.reinforcements:
            lines.append(f"Builds up to {self.reinforcements} regulars before each attempt")
        return lines


#: What the single-roll engine is told when asked to sample the campaign.
_SAMPLED_ON_ITS_OWN = (
    "a foreign war is a campaign, sampled attempt by attempt: give it to "
    "simulate(war, trials, seed) on its own"
)


def _chain(war: ForeignWar) -> dict:
    """End state (attempts, won_at, regulars, mercenaries, cavalry, foreign left, cp,
    post-roll card spent) -> probability, walking the Markov chain over the unit counts."""
    start = tuple(getattr(war.force, kind) for kind in UNIT_TYPES)
    # (counts, foreign, cp, whether the post-roll card was spent) -> probability
    live = {(start, war.foreign, 0, 0): 1.0}
    ended = defaultdict(float)
    for attempt in range(1, war.horizon + 1):
        following = defaultdict(float)
        for (counts, foreign, cp, spent), weight in live.items():
            if attempt > 1:
                counts, build_cp = war.reinforced(counts)
                cp += build_cp
            if sum(counts) == 0:  # 21.7: no unit on the card, no attempt
                ended[(attempt - 1, 0, *counts, foreign, cp, spent)] += weight
                continue
            table = war._attempt_table(counts, foreign, attempt == 1)
            for probability, after, left, played in table:
                state_cp = cp + ATTEMPT_CP
                state_spent = spent | played
                if left == 0:
                    key = (attempt, attempt, *after, 0, state_cp, state_spent)
                    ended[key] += weight * probability
                else:
                    following[(after, left, state_cp, state_spent)] += weight * probability
        live = following
    for (counts, foreign, cp, spent), weight in live.items():
        ended[(war.horizon, 0, *counts, foreign, cp, spent)] += weight
    return dict(ended)


def attempt_plan(war: ForeignWar, major_dice: int, foreign_dice: int, first: bool) -> DrawPlan:
    """The draw plan of one attempt: the major power's hits, the foreign units' hits, then
    the hits of the dice added after the roll."""
    return DrawPlan(
        binomial_pmf(major_dice),
        binomial_pmf(foreign_dice),
        binomial_pmf(war.post_roll_dice(first)),
    )

"""What field battles and assaults share: the forces, the cards played, the two sides.

:class:`CombatSpec` holds the fields of a land combat and reads every card's effect from
its record (:data:`oddsengine.combat.cards.CARD_RULES`);
:class:`~oddsengine.combat.field_battle.FieldBattle` and
:class:`~oddsengine.combat.assault.Assault` add their own dice and outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from math import factorial
from typing import TYPE_CHECKING

import numpy as np

from oddsengine.combat._combat import (
    CombatSide,
    combat_plan,
    resolve_combat,
    resolve_hits,
    survivor_columns,
)
from oddsengine.combat.allied_losses import (
    as_allies,
    check_allies,
    combined_force,
    split_between_allies,
    split_losses,
)
from oddsengine.combat.battle import SIDES
from oddsengine.combat.combat_inputs import (
    CARDS_AND_POLICIES,
    CombatInputs,
    card_slug,
    responses_words,
)
from oddsengine.combat.forces import FORCE_NOTATION, UNIT_TYPES, Force, as_force
from oddsengine.combat.formations import strongest_formation
from oddsengine.combat.leaders import find_leader
from oddsengine.combat.options import Policies, RuleOptions
from oddsengine.draws import DrawPlan, StateDigits
from oddsengine.errors import CardNotPlayedHere, OddsEngineError
from oddsengine.option_field import option

if TYPE_CHECKING:
    from oddsengine.combat.card_types import Card, CardRule, Play

__all__ = ["CombatSpec", "split_losses", "survivor_columns"]


#: The policies of every spec built without any. Policies are immutable: one is shared.
_DEFAULT_POLICIES = Policies()


# The card records (oddsengine.combat.cards) are read only by a combat that names a card:
# a combat without one, and a whole move of them, never build the deck's records.


def _as_cards(values) -> tuple[Card, ...]:
    if type(values) is tuple and not values:
        return values  # no card: what read_cards gives, without reading the deck
    if type(values) is str:
        return _cards_written(values)
    from oddsengine.combat.cards import read_cards

    return read_cards(values)


@lru_cache(maxsize=1024)
def _cards_written(values: str) -> tuple[Card, ...]:
    """read_cards for a comma list written as text, remembered: a sweep gives the same few
    lists for thousands of specs. A list that is refused raises again, with the same
    message."""
    from oddsengine.combat.cards import read_cards

    return read_cards(values)


@lru_cache(maxsize=1024)
def _held_rules(cards, responses, role) -> tuple[CardRule, ...]:
    """held_rules for the tuples of cards of a spec, remembered: a CardRule is immutable,
    and a sweep plays the same few hands in thousands of specs."""
    from oddsengine.combat.cards import held_rules

    return held_rules(cards, responses, role)


# Only a base: FieldBattle and Assault, dataclasses themselves, generate their own
# __init__, __repr__, __eq__ and __hash__ over these fields and theirs, and a CombatSpec
# alone cannot be built (_check_forces is theirs), so it generates none of the four.
# Its inputs as the faces give them (from_options, ignored_options): its base's.
@dataclass(frozen=True, init=False, repr=False, eq=False)
class CombatSpec(CombatInputs):
    """Fields and card handling shared by field battles and assaults."""

    attacker: Force = option(FORCE_NOTATION, value="force")
    defender: Force = option("the defending force, written the same way", value="force")
    attacker_cards: tuple[Card, ...] = option(
        lambda _: "cards the attacker plays, by name or number (e.g. "
        f"{card_slug(30)},{card_slug(25)} or 30,25)",
        default=(), value="cards", group=CARDS_AND_POLICIES)  # fmt: skip
    defender_cards: tuple[Card, ...] = option(
        "cards the defender plays", default=(), value="cards",
        group=CARDS_AND_POLICIES)  # fmt: skip
    responses: tuple[Card, ...] = option(
        responses_words, default=(), value="cards", group=CARDS_AND_POLICIES)  # fmt: skip
    policies: Policies = field(default_factory=lambda: _DEFAULT_POLICIES)
    options: RuleOptions = field(default_factory=RuleOptions)
    defender_ally: Force | tuple[Force, ...] | None = option(
        "an allied major power defending with the defender (losses split evenly); repeat it "
        "for each ally", default=None, value="force", repeat=True, rule="14 step 9")  # fmt: skip

    mode = "battle"
    #: The field of each side's cards (what a card's value adds to).
    card_fields = (("attacker", "attacker_cards"), ("defender", "defender_cards"))

    def __post_init__(self):
        object.__setattr__(self, "attacker", as_force(self.attacker, "attacker"))
        object.__setattr__(self, "defender", as_force(self.defender, "defender"))
        allies = as_allies(self.defender_ally)
        # One ally is held as its force, several as a tuple of forces (14 step 9).
        object.__setattr__(
            self, "defender_ally", None if not allies else allies[0] if len(allies) == 1 else allies
        )
        if allies:
            check_allies(self.attacker, self.defender, allies)
        for name in ("attacker_cards", "defender_cards", "responses"):
            object.__setattr__(self, name, _as_cards(getattr(self, name)))
        if not isinstance(self.policies, Policies):
            raise OddsEngineError("policies must be a Policies instance")
        if not isinstance(self.options, RuleOptions):
            raise OddsEngineError("options must be a RuleOptions instance")
        if self.attacker.power is not None and self.attacker.power == self.defender.power:
            raise OddsEngineError(
                f"both sides are {self.attacker.power}: a power does not fight itself"
            )
        self._check_forces()
        if self._names_cards:
            self._check_cards()
        self._sides  # noqa: B018  (prepare now, so that every refusal happens here)

    # -- allies ------------------------------------------------------------------------

    @property
    def defender_allies(self) -> tuple[Force, ...]:
        """The allied major powers defending with the defender (14 step 9), none, one or
        several, in the order given."""
        return as_allies(self.defender_ally)

    @property
    def defending_force(self) -> Force:
        """Every land unit and leader on the defending side, allies included.

        With an ally, the leaders are summarised by an anonymous leader of the best battle
        rating (5.1: only the best rating counts).
        """
        force = self.defender
        for ally in self.defender_allies:
            force = combined_force(force, ally)
        return force

    # -- cards -------------------------------------------------------------------------

    def _cards(self, role):
        return self.attacker_cards if role == "attacker" else self.defender_cards

    @property
    def _names_cards(self) -> bool:
        """Whether any card is played in this combat (by a side or as a response)."""
        return bool(self.attacker_cards or self.defender_cards or self.responses)

    def _check_cards(self) -> None:
        from oddsengine.combat.cards import card_rule

        for card in self.attacker_cards:
            self._check_card(card, "attacker")
        for card in self.defender_cards:
            self._check_card(card, "defender")
        for card in self.responses:
            self._check_response(card)
        for card in self.attacker_cards:
            if card_rule(card).once and card in self.defender_cards:
                raise OddsEngineError(f"{card} exists once: one side only")

    @cached_property
    def _held(self) -> dict[str, tuple[CardRule, ...]]:
        # The records of the cards acting for each side (its own and the responses other
        # powers play for it); asked for many times per spec, so read once.
        if not self._names_cards:
            return {role: () for role in SIDES}  # what held_rules gives for no card
        return {role: _held_rules(self._cards(role), self.responses, role) for role in SIDES}

    def _rule_with(self, role: str, attribute: str) -> CardRule | None:
        """The first card acting for ``role`` whose record sets ``attribute``."""
        # A plain loop: asked about ten times per spec, mostly of no card at all.
        for rule in self._held[role]:
            if getattr(rule, attribute):
                return rule
        return None

    def _force(self, role) -> Force:
        return self.attacker if role == "attacker" else self.defender

    def _opponent(self, role) -> str:
        return "defender" if role == "attacker" else "attacker"

    def _refuse(self, card, reason, error=OddsEngineError):
        raise error(f"{card.name} cannot be played {reason} (card #{card.number})")

    def _play(self, role: str) -> Play:
        from oddsengine.combat.card_types import Play

        sided = role in SIDES
        return Play(
            role,
            self.mode,
            self._force(role) if sided else None,
            self._force(self._opponent(role)) if sided else None,
            self.attacker,
            self.options.cards_as_printed,
        )

    def _check_card(self, card: Card, role: str) -> None:
        from oddsengine.combat.cards import card_rule

        rule = card_rule(card)
        reason = rule.refusal(self._play(role))
        if reason is not None:
            # RULES.md §8: a card of another kind of combat is refused whatever the forces.
            elsewhere = self.mode not in rule.engagements
            self._refuse(card, reason, CardNotPlayedHere if elsewhere else OddsEngineError)

    def _check_response(self, card: Card) -> None:
        from oddsengine.combat.card_types import RESPONSE
        from oddsengine.combat.cards import card_rule

        if card_rule(card).response_for is None:
            raise OddsEngineError(
                f"{card} is played by a side in the combat: list it with the attacker's or "
                "the defender's cards"
            )
        self._check_card(card, RESPONSE)

    @property
    def cancelled(self) -> bool:
        """A card played for the defender (Foul Weather, 31) stops the move or assault for
        this impulse."""
        return self._rule_with("defender", "cancels") is not None

    @property
    def gout_victim(self):
        """The attacking leader a card played for the defender (Gout, 32) keeps out: the
        policy's ``gout_target``, by default the one with the best battle rating."""
        rule = self._rule_with("defender", "keeps_leader_out")
        if rule is None:
            return None
        card = rule.card
        target = self.policies.gout_target
        candidates = self._declared_attacker().leaders
        if not candidates:
            raise OddsEngineError(
                f"{card.name} cannot be played against a formation without an army leader "
                f"(card #{card.number})"
            )
        if target is None:
            return max(candidates, key=lambda leader: leader.battle_rating)
        wanted = find_leader(target)
        for leader in candidates:
            if leader.name == wanted.name:
                return leader
        raise OddsEngineError(
            f"{card.name} cannot be played against {wanted.name}: not with the attacking force"
        )

    def _declared_attacker(self) -> Force:
        """The attacking formation as declared, before any card."""
        return self.attacker

    def _acting_attacker(self) -> Force:
        """The attacking formation that acts, after Gout (32) keeps a leader out.

        RULES.md §7, 32: without him the rest must still be one legal formation; the
        strongest legal formation of it acts, and the units that do not fit stay behind.
        """
        declared = self._declared_attacker()
        victim = self.gout_victim
        if victim is None:
            return declared
        return strongest_formation(declared.without_leaders([victim.name]))

    def prepared_forces(self, with_ally: bool = True) -> tuple[Force, Force]:
        """The forces that roll, after the cards played before the roll."""
        forces = {"attacker": self._acting_attacker(), "defender": self.defender}
        # 14 step 1 / 15.1 step 2: the cards that place units (Landsknechts, 33; Swiss
        # Mercenaries, 36), then those that move them between the sides (26).
        if self._names_cards:
            from oddsengine.combat.cards import apply_units

            apply_units(forces, self._held, 1)
            apply_units(forces, self._held, 2)
        if with_ally:
            # The cards above change the main defending power's units; the allies join after.
            for ally in self.defender_allies:
                forces["defender"] = combined_force(forces["defender"], ally)
        return forces["attacker"], forces["defender"]

    def _check_forces(self) -> None:
        raise NotImplementedError

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        description = {
            "attacker": self.attacker.notation(),
            "defender": self.defender.notation(),
            "defender_ally": self._allies_notation(),
            "attacker_cards": [card.slug for card in self.attacker_cards],
            "defender_cards": [card.slug for card in self.defender_cards],
            "responses": [card.slug for card in self.responses],
        }
        if self._deterministic_outcome is None:
            description["attacker_dice"] = self.attacker_dice
            description["defender_dice"] = self.defender_dice
        return description

    def title(self) -> str:
        name = "Field battle" if self.mode == "battle" else "Assault"
        defenders = self.defender.notation()
        if self.defender_allies:
            defenders += f" + {self._allies_notation()}"
        return f"{name}: {self.attacker.notation()}  vs  {defenders}"

    def _allies_notation(self) -> str | None:
        """The allies as written in the description: one force, or several joined by
        ``" + "``; None without an ally."""
        if not self.defender_allies:
            return None
        return " + ".join(ally.notation() for ally in self.defender_allies)

    def describe_lines(self) -> list[str]:
        lines = []
        cards = []
        for label, group in (
            ("attacker", self.attacker_cards),
            ("defender", self.defender_cards),
            ("other powers", self.responses),
        ):
            if group:
                cards.append(f"{label}: " + ", ".join(card.name for card in group))
        if cards:
            lines.append("Cards: " + "; ".join(cards))
        if self._deterministic_outcome is None:
            attacker, defender = self._sides
            extra = ""
            if attacker.bonus_dice or defender.bonus_dice:
                rule = self._rule_with("attacker", "before_roll") or self._rule_with(
                    "defender", "before_roll"
                )
                extra = f" (incl. {rule.card.name} dice hitting on {rule.bonus_hits_on})"
            lines.append(
                f"Dice: attacker {self.attacker_dice}, defender {self.defender_dice}{extra}"
            )
        return lines

    # -- what the engines read ---------------------------------------------------------

    @property
    def first_to_fire(self):
        for role in SIDES:
            if self._rule_with(role, "fires_first") is not None:
                return role
        return None

    def _post_roll(self, role) -> tuple[int, float, str]:
        rule = self._rule_with(role, "post_roll_dice")
        if rule is not None:
            policy = self.policies.post_roll_policy(rule.slug)
            return rule.post_roll_dice, rule.post_roll_chance, policy
        return 0, 1.0 / 3.0, "if-it-changes-the-outcome"

    @cached_property
    def _sides(self) -> tuple[CombatSide, CombatSide]:
        attacker, defender = self.prepared_forces()
        self._check_prepared(attacker, defender)
        sides = []
        for role, force, other in (
            ("attacker", attacker, defender),
            ("defender", defender, attacker),
        ):
            order = getattr(self.policies, f"{role}_casualty_order")
            dice = self._dice_after_losses(role, force, other, order)
            bonus = {}
            rule = self._rule_with(role, "before_roll")
            if rule is not None:
                bonus = {
                    "bonus_dice": rule.before_roll(force.power)[0],
                    "bonus_chance": rule.bonus_chance,
                }
            post_dice, post_chance, post_policy = self._post_roll(role)
            sides.append(
                CombatSide(
                    force,
                    order,
                    dice,
                    **bonus,
                    post_roll_dice=post_dice,
                    post_roll_chance=post_chance,
                    post_roll_policy=post_policy,
                )
            )
        return tuple(sides)

    @property
    def sides(self) -> tuple[CombatSide, CombatSide]:
        """The attacker's and the defender's side as they roll, after every card played
        before the roll (what the engines resolve)."""
        return self._sides

    def _check_prepared(self, attacker: Force, defender: Force) -> None:
        """Checks that need the forces after the pre-roll cards."""

    def _dice_after_losses(self, role, force, other, order) -> tuple[int, ...]:
        """The dice ``role`` rolls with ``force`` against ``other`` after losing 0, 1, ...,
        ``force.land_units`` land units first (in casualty ``order``)."""
        raise NotImplementedError

    def _card_dice(self, role, force) -> int:
        """Dice that cards add to (or take from) a side before the roll."""
        dice = sum(rule.dice_for(force.power) for rule in self._held[role])
        other = self._opponent(role)
        for rule in self._held[other]:
            if rule.before_roll is not None:
                # 30, played against the Hapsburgs: they roll fewer dice.
                dice -= rule.before_roll(self._force(other).power)[1]
        return dice

    def draw_plan(self) -> DrawPlan:
        """The random values this combat reduces to (see :mod:`oddsengine.draws`)."""
        if self._deterministic_outcome is not None:
            return DrawPlan(np.ones(1), np.ones((1, 1)))
        attacker, defender = self._sides
        plan = combat_plan(attacker, defender, self.first_to_fire)
        faces = self._odd_loss_faces
        if faces == 1:
            return plan
        # 14 step 9: the odd losses between allies are decided by a die roll (each order of
        # the powers equally likely), carried as the lowest digit of the defender's extra.
        odd_loss_roll = np.kron(plan.defender_extra, np.full(faces, 1.0 / faces))
        return DrawPlan(plan.first, plan.second, plan.attacker_extra, odd_loss_roll)

    @property
    def _odd_loss_faces(self) -> int:
        """Faces of the odd-loss die: every order of the defending powers (1 alone)."""
        if self.defender_ally is None:  # no ally: one power, one order
            return 1
        return factorial(1 + len(self.defender_allies))

    @property
    def _deterministic_outcome(self):
        return "cancelled" if self.cancelled else None

    @property
    def post_roll_cards(self) -> tuple[str, ...]:
        """Slugs of the post-roll cards in this combat, attacker's first."""
        slugs = []
        for role in SIDES:  # a plain loop: read for every answer's events
            rule = self._rule_with(role, "post_roll_dice")
            if rule is not None:
                slugs.append(rule.slug)
        return tuple(slugs)

    def _base_columns(self, values):
        attacker, defender = self._sides
        if self._deterministic_outcome is not None:
            size = values[0].size
            columns = {}
            for role, side in (("attacker", attacker), ("defender", defender)):
                columns[f"{role}_survivors"] = np.full(size, side.land_units)
                for kind in UNIT_TYPES:
                    columns[f"{role}_{kind}"] = np.full(size, getattr(side.force, kind))
                columns[f"{role}_spent_post_roll"] = np.zeros(size, dtype=bool)
            columns["attacker_prevails"] = np.zeros(size, dtype=bool)
        else:
            odd_loss_order = None
            faces = self._odd_loss_faces
            if faces > 1:
                first, second, attacker_extra, defender_extra = values
                odd_loss_order = defender_extra % faces
                values = (first, second, attacker_extra, defender_extra // faces)
            columns = resolve_combat(values, attacker, defender, self.mode, self.first_to_fire)
        if self.defender_ally is not None:
            if self._deterministic_outcome is not None:
                odd_loss_order = np.zeros(values[0].size, dtype=np.int64)
            main = self.prepared_forces(with_ally=False)[1]
            order = self.policies.defender_casualty_order
            split_between_allies(columns, (main, *self.defender_allies), order, odd_loss_order)
        return columns

    def _hits_resolved(self, plan):
        """The combat resolved on the two sides' hits alone (one row per attacker hit
        count of ``plan``, one column per defender hit count), for a plain combat: rolled
        (not cancelled or prevented), both sides rolling at once (no first fire), no
        post-roll card and no ally; None otherwise."""
        attacker, defender = self._sides
        if (
            self._deterministic_outcome is not None
            or attacker.post_roll_dice
            or defender.post_roll_dice
            or self.defender_ally is not None
            or self.first_to_fire is not None
        ):
            return None
        hits = (np.arange(plan.first.size)[:, None], np.arange(plan.second.shape[1]), 0, 0)
        return resolve_hits(hits, attacker, defender, self.mode, None)

    def _digits_of(self, columns, codes, labels) -> StateDigits:
        """The :class:`StateDigits` of a plain combat resolved on its hits: the outcome's
        ``codes`` (places among the sorted ``labels``, an object array) and both sides'
        survivors, completed by :meth:`_complete_state`."""
        attacker, defender = self._sides
        digits = {
            "outcome": codes,
            "attacker_survivors": columns["attacker_survivors"],
            "defender_survivors": columns["defender_survivors"],
        }
        spans = {
            "outcome": labels.size,
            "attacker_survivors": attacker.land_units + 1,
            "defender_survivors": defender.land_units + 1,
        }
        return StateDigits(digits, spans, {"outcome": labels}, self._complete_state)

    def _with_units_by_type(self, deciding) -> dict[str, np.ndarray]:
        """The states' deciding columns followed by each side's units by type (its
        casualty order's table, read at its survivors)."""
        states = dict(deciding)
        for role, side in zip(SIDES, self._sides, strict=True):
            for kind, counts in side.composition_after(deciding[f"{role}_survivors"]).items():
                states[f"{role}_{kind}"] = counts
        return states

    def _units_by_type_derived(self) -> list[str]:
        """The columns of each side's units by type, which follow from its survivors (its
        casualty order); with allies the defender's follow from each power's losses
        instead, and are not among them."""
        derived = [f"attacker_{kind}" for kind in UNIT_TYPES]
        if self.defender_ally is None:
            derived += [f"defender_{kind}" for kind in UNIT_TYPES]
        return derived

    @property
    def loss_groups(self) -> list[tuple[str, int, str]]:
        """(label, land units at the start, survivors column) for expected losses."""
        groups = [
            ("attacker", self.attacker_units, "attacker_survivors"),
            ("defender", self.defender_units, "defender_survivors"),
        ]
        if self.defender_allies and self._deterministic_outcome is None:
            main = self.prepared_forces(with_ally=False)[1]
            for force in (main, *self.defender_allies):
                groups.append(
                    (f"defender:{force.power}", force.land_units, f"{force.power}_survivors")
                )
        return groups

    def _card_spent_columns(self, columns):
        # RULES.md §9: how often each post-roll card was actually spent, by its policy.
        spent = {}
        for role in SIDES:
            rule = self._rule_with(role, "post_roll_dice")
            if rule is not None:
                spent[f"card_spent:{rule.slug}"] = columns[f"{role}_spent_post_roll"]
        return spent

    @property
    def attacker_units(self) -> int:
        """Land units the attacker brings, after the cards played before the roll."""
        return self._sides[0].land_units

    @property
    def defender_units(self) -> int:
        """Land units the defender has, after the cards played before the roll."""
        return self._sides[1].land_units

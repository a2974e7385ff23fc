"""Field battles and assaults: what is fought, with which cards, under which rules.

:class:`FieldBattle` (rule 14) and :class:`Assault` (15.1) are frozen specs: every check
of the rules happens when one is built, so an invalid one cannot exist. Both engines read
them through the same three methods: :meth:`draw_plan`, :meth:`outcome_columns` and the
outcome names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from math import ceil

import numpy as np

from ._combat import CombatSide, combat_plan, resolve_combat
from ._draws import DrawPlan
from .cards import Card, find_card
from .errors import OddsEngineError, OddsEngineTypeError, shown
from .forces import UNIT_TYPES, Force, as_force
from .formations import declared_formation, standing_by, strongest_formation
from .leaders import anonymous_leader, find_leader
from .options import Policies, RuleOptions
from .powers import MAJOR_POWERS

__all__ = ["FieldBattle", "Assault"]

# RULES.md §8: dice added before the roll.
_ARQUEBUSIERS_DICE = 2
_FIELD_ARTILLERY_DICE = 2
_FIELD_ARTILLERY_DICE_FRANCE_OTTOMAN = 3
_SIEGE_MINING_DICE = 3
_TERCIOS_DICE = 3
_TERCIOS_CHANCE = 0.5  # Tercios dice hit on 4-6.
_JANISSARIES_DICE = 5
_SIEGE_ARTILLERY_DICE = 2
_SIEGE_ARTILLERY_CHANCE = 2.0 / 3.0  # Siege Artillery dice hit on 3-6.


def _as_cards(values) -> tuple[Card, ...]:
    if isinstance(values, (str, int, Card)):
        values = [values] if not isinstance(values, str) else values.split(",")
    try:
        values = list(values)
    except TypeError:
        raise OddsEngineTypeError(f"cards must be a list of cards, not {shown(values)}") from None
    cards = tuple(
        find_card(value) for value in values if not isinstance(value, str) or value.strip()
    )
    if len(set(cards)) != len(cards):
        raise OddsEngineError("a card is listed twice on one side")
    return cards


def _combine(main: Force, ally: Force) -> Force:
    """One force holding the units of two allied powers, for counting dice."""
    leaders = main.leaders + ally.leaders
    best = max((leader.battle_rating for leader in leaders), default=None)
    cavalry = main.cavalry + ally.cavalry
    return Force(
        regulars=main.regulars + ally.regulars,
        mercenaries=main.mercenaries + ally.mercenaries,
        cavalry=cavalry,
        leaders=() if best is None else (anonymous_leader(best),),
        power="ottoman" if cavalry else main.power,
    )


def split_losses(losses, main_units, ally_units, odd_loss_to_ally):
    """14 step 9: allied powers defending together split their losses evenly; the odd
    loss goes to the power the die roll picks. A power that runs out of units passes the
    rest to the other. Works elementwise on arrays.

    Examples
    --------
    >>> split_losses(3, 4, 4, odd_loss_to_ally=True)
    (1, 2)
    >>> split_losses(5, 1, 6, odd_loss_to_ally=False)
    (1, 4)
    """
    losses = np.asarray(losses)
    main_loss = losses // 2 + np.where(odd_loss_to_ally, 0, losses % 2)
    main_loss = np.minimum(main_loss, main_units)
    ally_loss = np.minimum(losses - main_loss, ally_units)
    main_loss = losses - ally_loss
    if main_loss.ndim == 0:
        return int(main_loss), int(ally_loss)
    return main_loss, ally_loss


@dataclass(frozen=True)
class _Combat:
    """Fields and card handling shared by field battles and assaults."""

    attacker: Force
    defender: Force
    attacker_cards: tuple[Card, ...] = ()
    defender_cards: tuple[Card, ...] = ()
    responses: tuple[Card, ...] = ()
    policies: Policies = field(default_factory=Policies)
    options: RuleOptions = field(default_factory=RuleOptions)
    defender_ally: Force | None = None

    mode = "battle"

    def __post_init__(self):
        object.__setattr__(self, "attacker", as_force(self.attacker, "attacker"))
        object.__setattr__(self, "defender", as_force(self.defender, "defender"))
        if self.defender_ally is not None:
            object.__setattr__(self, "defender_ally", as_force(self.defender_ally, "ally"))
            self._check_ally()
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
        for card in self.attacker_cards:
            self._check_card(card, "attacker")
        for card in self.defender_cards:
            self._check_card(card, "defender")
        for card in self.responses:
            self._check_response(card)
        if self._has("surprise-attack", "attacker") and self._has("surprise-attack", "defender"):
            raise OddsEngineError("Surprise Attack (card #29) exists once: one side only")
        self._sides  # noqa: B018  (prepare now, so that every refusal happens here)

    # -- allies ------------------------------------------------------------------------

    def _check_ally(self) -> None:
        ally, defender = self.defender_ally, self.defender
        for label, force in (("defender", defender), ("defender_ally", ally)):
            if force.power not in MAJOR_POWERS:
                raise OddsEngineError(
                    f"{label}: allied defenders must each name a major power "
                    f"(e.g. 'france: 2R'), not {force.power or 'no power'}"
                )
        if ally.power == defender.power:
            raise OddsEngineError(f"the ally is {ally.power} too: give one force per power")
        if ally.power == self.attacker.power:
            raise OddsEngineError(f"the ally ({ally.power}) is the attacking power")

    @property
    def defending_force(self) -> Force:
        """Every land unit and leader on the defending side, allies included.

        With an ally, the leaders are summarised by an anonymous leader of the best battle
        rating (5.1: only the best rating counts).
        """
        if self.defender_ally is None:
            return self.defender
        return _combine(self.defender, self.defender_ally)

    # -- cards -------------------------------------------------------------------------

    def _cards(self, role):
        return self.attacker_cards if role == "attacker" else self.defender_cards

    def _has(self, slug, role) -> bool:
        return slug in self._card_slugs["attacker" if role == "attacker" else "defender"]

    @cached_property
    def _card_slugs(self) -> dict[str, frozenset[str]]:
        # Asked for many times per spec (dice after each loss count): read the slugs once.
        roles = ("attacker", "defender")
        return {role: frozenset(card.slug for card in self._cards(role)) for role in roles}

    def _has_response(self, slug) -> bool:
        return any(card.slug == slug for card in self.responses)

    def _force(self, role) -> Force:
        return self.attacker if role == "attacker" else self.defender

    def _opponent(self, role) -> str:
        return "defender" if role == "attacker" else "attacker"

    def _refuse(self, card, reason):
        raise OddsEngineError(f"{card.name} cannot be played {reason} (card #{card.number})")

    def _check_card(self, card: Card, role: str) -> None:
        force, opponent = self._force(role), self._force(self._opponent(role))
        in_assault = self.mode == "assault"
        slug = card.slug
        field_battle_only = {"janissaries", "arquebusiers", "field-artillery", "tercios"}
        if slug in field_battle_only and in_assault:
            self._refuse(card, "in an assault: it is a field-battle card")
        if slug in ("mercenaries-bribed", "surprise-attack") and in_assault:
            if self.options.cards_as_printed:
                self._refuse(card, "in an assault with the option cards_as_printed")
        if (
            slug
            in (
                "siege-mining",
                "siege-artillery",
                "mercenaries-grow-restless",
                "roxelana",
                "treachery",
            )
            and not in_assault
        ):
            self._refuse(card, "in a field battle: it belongs to an assault")
        if slug == "janissaries" and force.power != "ottoman":
            self._refuse(
                card, f"by the {role} ({force.power or 'unknown power'}): only the Ottomans play it"
            )
        if slug == "mercenaries-bribed":
            if force.power == "ottoman":
                self._refuse(card, "by the Ottomans")
            if opponent.power == "ottoman":
                self._refuse(card, "against the Ottomans")
        if slug == "tercios" and force.power != "hapsburg":
            if opponent.power != "hapsburg" or opponent.regulars < 3:
                self._refuse(
                    card,
                    f"by the {role}: it needs Hapsburg units on the playing "
                    "side, or at least 3 Hapsburg regulars on the other",
                )
        if slug in ("siege-mining", "siege-artillery", "roxelana", "treachery") and (
            role != "attacker"
        ):
            self._refuse(card, f"by the {role}: it serves the assaulting power")
        if slug == "mercenaries-grow-restless" and role != "defender":
            self._refuse(card, "by the attacker: only the besieged power plays it")
        if slug in ("foul-weather", "gout") and role == "attacker":
            self._refuse(card, "by the active power: it is played against a move or assault")
        if slug in ("landsknechts", "swiss-mercenaries") and in_assault and role != "attacker":
            self._refuse(card, "by the defender before an assault: only the active power may")
        if slug == "swiss-mercenaries" and force.power == "ottoman":
            self._refuse(
                card, "for an Ottoman force: the Ottomans play it to place French mercenaries"
            )
        if slug == "roxelana" and (
            force.power != "ottoman"
            or not any(leader.name == "Suleiman" for leader in force.leaders)
        ):
            self._refuse(card, "here: it lets Suleiman's formation assault")
        if slug == "gout" and not self.attacker.leaders:
            self._refuse(card, "against a force without an army leader")

    def _check_response(self, card: Card) -> None:
        if card.slug not in ("foul-weather", "gout", "siege-artillery"):
            raise OddsEngineError(
                f"{card} is played by a side in the combat: list it with the attacker's or "
                "the defender's cards"
            )
        if card.slug == "siege-artillery" and self.mode != "assault":
            self._refuse(card, "in a field battle: it belongs to an assault")
        if card.slug == "gout" and not self.attacker.leaders:
            self._refuse(card, "against a force without an army leader")

    @property
    def cancelled(self) -> bool:
        """Foul Weather (31) stops the move or assault for this impulse."""
        return self._has("foul-weather", "defender") or self._has_response("foul-weather")

    @property
    def gout_victim(self):
        """The attacking leader Gout (32) keeps out: the policy's ``gout_target``, by
        default the one with the best battle rating."""
        if not (self._has("gout", "defender") or self._has_response("gout")):
            return None
        target = self.policies.gout_target
        candidates = self._declared_attacker().leaders
        if not candidates:
            raise OddsEngineError(
                "Gout cannot be played against a formation without an army leader (card #32)"
            )
        if target is None:
            return max(candidates, key=lambda leader: leader.battle_rating)
        wanted = find_leader(target)
        for leader in candidates:
            if leader.name == wanted.name:
                return leader
        raise OddsEngineError(
            f"Gout cannot be played against {wanted.name}: not with the attacking force"
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

    def _prepared_forces(self, with_ally: bool = True) -> tuple[Force, Force]:
        """The forces that roll, after the cards played before the roll."""
        forces = {"attacker": self._acting_attacker(), "defender": self.defender}
        # 14 step 1 / 15.1 step 2: Landsknechts (33) and Swiss Mercenaries (36).
        for role in ("attacker", "defender"):
            force, other = forces[role], self._opponent(role)
            if self._has("landsknechts", role):
                if force.power == "ottoman":
                    # The Ottomans eliminate 2 mercenaries instead: here, the enemy's.
                    enemy = forces[other]
                    forces[other] = enemy.with_units(mercenaries=max(enemy.mercenaries - 2, 0))
                else:
                    added = 4 if force.power == "hapsburg" else 2
                    forces[role] = force.with_units(mercenaries=force.mercenaries + added)
            force = forces[role]
            if self._has("swiss-mercenaries", role):
                added = 4 if force.power == "france" else 2
                forces[role] = force.with_units(mercenaries=force.mercenaries + added)
        # 26: half the opponent's mercenaries, rounded up, change sides.
        for role in ("attacker", "defender"):
            if self._has("mercenaries-bribed", role):
                other = self._opponent(role)
                moved = ceil(forces[other].mercenaries / 2)
                forces[other] = forces[other].with_units(
                    mercenaries=forces[other].mercenaries - moved
                )
                forces[role] = forces[role].with_units(mercenaries=forces[role].mercenaries + moved)
        if with_ally and self.defender_ally is not None:
            # The cards above change the main defending power's units; the ally joins after.
            forces["defender"] = _combine(forces["defender"], self.defender_ally)
        return forces["attacker"], forces["defender"]

    def _check_forces(self) -> None:
        raise NotImplementedError

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        """The spec as plain data (for JSON output and sweep tables)."""
        description = {
            "attacker": self.attacker.notation(),
            "defender": self.defender.notation(),
            "defender_ally": None if self.defender_ally is None else self.defender_ally.notation(),
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
        if self.defender_ally is not None:
            defenders += f" + {self.defender_ally.notation()}"
        return f"{name}: {self.attacker.notation()}  vs  {defenders}"

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
                extra = " (incl. Tercios dice hitting on 4-6)"
            lines.append(
                f"Dice: attacker {self.attacker_dice}, defender {self.defender_dice}{extra}"
            )
        return lines

    # -- what the engines read ---------------------------------------------------------

    @property
    def first_to_fire(self):
        for role in ("attacker", "defender"):
            if self._has("surprise-attack", role):
                return role
        return None

    def _post_roll(self, role, force) -> tuple[int, float, str]:
        if self._has("janissaries", role):
            policy = self.policies.post_roll_policy("janissaries")
            return _JANISSARIES_DICE, 1.0 / 3.0, policy
        if role == "attacker" and (
            self._has("siege-artillery", role) or self._has_response("siege-artillery")
        ):
            policy = self.policies.post_roll_policy("siege-artillery")
            return _SIEGE_ARTILLERY_DICE, _SIEGE_ARTILLERY_CHANCE, policy
        return 0, 1.0 / 3.0, "if-it-changes-the-outcome"

    @cached_property
    def _sides(self) -> tuple[CombatSide, CombatSide]:
        attacker, defender = self._prepared_forces()
        self._check_prepared(attacker, defender)
        sides = []
        for role, force, other in (
            ("attacker", attacker, defender),
            ("defender", defender, attacker),
        ):
            order = getattr(self.policies, f"{role}_casualty_order")
            dice = tuple(
                self._dice(role, force, other, losses, order)
                for losses in range(force.land_units + 1)
            )
            bonus = (
                _TERCIOS_DICE if (self._has("tercios", role) and force.power == "hapsburg") else 0
            )
            post_dice, post_chance, post_policy = self._post_roll(role, force)
            sides.append(
                CombatSide(
                    force,
                    order,
                    dice,
                    bonus,
                    _TERCIOS_CHANCE,
                    post_dice,
                    post_chance,
                    post_policy,
                )
            )
        return tuple(sides)

    def _check_prepared(self, attacker: Force, defender: Force) -> None:
        """Checks that need the forces after the pre-roll cards."""

    def _card_dice(self, role, force) -> int:
        """Dice that cards add to (or take from) a side before the roll."""
        dice = 0
        if self._has("arquebusiers", role):
            dice += _ARQUEBUSIERS_DICE
        if self._has("field-artillery", role):
            france_or_ottoman = force.power in ("france", "ottoman")
            dice += (
                _FIELD_ARTILLERY_DICE_FRANCE_OTTOMAN if france_or_ottoman else _FIELD_ARTILLERY_DICE
            )
        if self._has("siege-mining", role):
            dice += _SIEGE_MINING_DICE
        other = self._opponent(role)
        if self._has("tercios", other) and self._force(other).power != "hapsburg":
            dice -= _TERCIOS_DICE  # 30, played against the Hapsburgs: 3 fewer dice.
        return dice

    def draw_plan(self) -> DrawPlan:
        """The random values this combat reduces to (see :mod:`oddsengine._draws`)."""
        if self._deterministic_outcome is not None:
            return DrawPlan(np.ones(1), np.ones((1, 1)))
        attacker, defender = self._sides
        plan = combat_plan(attacker, defender, self.first_to_fire)
        if self.defender_ally is None:
            return plan
        # 14 step 9: the odd loss between allies is decided by a die roll (even chances),
        # carried as the lowest digit of the defender's extra value.
        odd_loss_roll = np.kron(plan.defender_extra, [0.5, 0.5])
        return DrawPlan(plan.first, plan.second, plan.attacker_extra, odd_loss_roll)

    @property
    def _deterministic_outcome(self):
        return "cancelled" if self.cancelled else None

    @property
    def post_roll_cards(self) -> tuple[str, ...]:
        """Slugs of the post-roll cards in this combat, attacker's first."""
        slugs = []
        for role in ("attacker", "defender"):
            if self._has("janissaries", role):
                slugs.append("janissaries")
        if self._has("siege-artillery", "attacker") or self._has_response("siege-artillery"):
            slugs.append("siege-artillery")
        return tuple(slugs)

    def _base_columns(self, values):
        attacker, defender = self._sides
        if self._deterministic_outcome is not None:
            size = values[0].size
            columns = {}
            for role, side in (("attacker", attacker), ("defender", defender)):
                columns[f"{role}_survivors"] = np.full(size, side.land_units)
                for kind in ("regulars", "mercenaries", "cavalry"):
                    columns[f"{role}_{kind}"] = np.full(size, getattr(side.force, kind))
                columns[f"{role}_spent_post_roll"] = np.zeros(size, dtype=bool)
            columns["attacker_prevails"] = np.zeros(size, dtype=bool)
        else:
            odd_loss_to_ally = None
            if self.defender_ally is not None:
                first, second, attacker_extra, defender_extra = values
                odd_loss_to_ally = defender_extra % 2 == 1
                values = (first, second, attacker_extra, defender_extra // 2)
            columns = resolve_combat(values, attacker, defender, self.mode, self.first_to_fire)
        if self.defender_ally is not None:
            if self._deterministic_outcome is not None:
                odd_loss_to_ally = np.zeros(values[0].size, dtype=bool)
            self._split_between_allies(columns, odd_loss_to_ally)
        return columns

    def _split_between_allies(self, columns, odd_loss_to_ally) -> None:
        """Add each allied power's survivors and replace the defender's make-up."""
        main = self._prepared_forces(with_ally=False)[1]
        ally = self.defender_ally
        losses = (main.land_units + ally.land_units) - columns["defender_survivors"]
        main_loss, ally_loss = split_losses(
            losses, main.land_units, ally.land_units, odd_loss_to_ally
        )
        order = self.policies.defender_casualty_order
        totals = {kind: 0 for kind in UNIT_TYPES}
        for force, lost in ((main, main_loss), (ally, ally_loss)):
            table = np.array(
                [
                    [force.units_after_losses(count, order)[kind] for kind in UNIT_TYPES]
                    for count in range(force.land_units + 1)
                ]
            ).reshape(force.land_units + 1, len(UNIT_TYPES))
            rows = table[np.asarray(lost)]
            columns[f"{force.power}_survivors"] = force.land_units - np.asarray(lost)
            for index, kind in enumerate(UNIT_TYPES):
                totals[kind] = totals[kind] + rows[:, index]
        for kind in UNIT_TYPES:
            columns[f"defender_{kind}"] = totals[kind]

    @property
    def loss_groups(self) -> list[tuple[str, int, str]]:
        """(label, land units at the start, survivors column) for expected losses."""
        groups = [
            ("attacker", self.attacker_units, "attacker_survivors"),
            ("defender", self.defender_units, "defender_survivors"),
        ]
        if self.defender_ally is not None and self._deterministic_outcome is None:
            main = self._prepared_forces(with_ally=False)[1]
            for force in (main, self.defender_ally):
                groups.append(
                    (f"defender:{force.power}", force.land_units, f"{force.power}_survivors")
                )
        return groups

    def _card_spent_columns(self, columns):
        spent = {}
        for role in ("attacker", "defender"):
            if self._has("janissaries", role):
                spent["card_spent:janissaries"] = columns[f"{role}_spent_post_roll"]
        if "siege-artillery" in self.post_roll_cards:
            spent["card_spent:siege-artillery"] = columns["attacker_spent_post_roll"]
        return spent

    @property
    def attacker_units(self) -> int:
        """Land units the attacker brings, after the cards played before the roll."""
        return self._sides[0].land_units

    @property
    def defender_units(self) -> int:
        """Land units the defender has, after the cards played before the roll."""
        return self._sides[1].land_units


@dataclass(frozen=True)
class FieldBattle(_Combat):
    """A field battle (rule 14): the active power's formation attacks the defenders.

    Parameters
    ----------
    attacker, defender : Force or str
        The moving formation (the active power) and the units in the space.
    attacker_cards, defender_cards : sequence of Card or str
        Cards each side plays: combat cards and its own response cards.
    responses : sequence of Card or str
        Cards played by other powers (Foul Weather, Gout).
    policies : Policies
    options : RuleOptions
    joined_garrison : Force, optional
        15.2: the part of ``attacker`` that is a besieged garrison joining a relief force's
        battle. It does not move, so it does not count against the formation limit.

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact
    >>> battle = FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    >>> battle.attacker_dice, battle.defender_dice
    (10, 13)
    >>> round(exact(battle).p["attacker_wins"], 4)
    0.2539
    """

    # Left out of the repr, which keys the random streams: it only changes a check.
    joined_garrison: Force | None = field(default=None, repr=False)

    mode = "battle"
    kind = "battle"
    outcome_names = ("attacker_wins", "defender_wins")

    def _check_forces(self):
        for role, force in (("attacker", self.attacker), ("defender", self.defending_force)):
            if force.land_units == 0:
                raise OddsEngineError(f"field battle: the {role} has no land units")
        moving = self.attacker
        if self.joined_garrison is not None:
            # 15.2: the garrison joins where it stands; only the relief force moved.
            moving = moving.with_units(
                **{
                    kind: getattr(moving, kind) - getattr(self.joined_garrison, kind)
                    for kind in ("regulars", "mercenaries", "cavalry")
                }
            ).without_leaders(leader.name for leader in self.joined_garrison.leaders)
        moving.check_formation("attacker")

    def _dice(self, role, force, other, losses, order):
        # 14 steps 2-3: land units (cavalry included) + best battle rating, +1 for the
        # defender; cards before the roll.
        dice = force.land_units - losses + force.battle_rating
        if role == "defender":
            dice += 1
        return max(dice + self._card_dice(role, force), 0)

    @property
    def attacker_dice(self) -> int:
        """Dice the attacker rolls (before any post-roll card)."""
        side = self._sides[0]
        return side.dice_after_losses[0] + side.bonus_dice

    @property
    def defender_dice(self) -> int:
        """Dice the defender rolls (before any post-roll card)."""
        side = self._sides[1]
        return side.dice_after_losses[0] + side.bonus_dice

    def describe_lines(self) -> list[str]:
        lines = super().describe_lines()
        acting = self._acting_attacker()
        left = standing_by(self.attacker, acting)
        if left.land_units:
            # RULES.md §7, 32: after Gout only one legal formation moves on.
            lines.insert(
                0,
                f"Gout: without {self.gout_victim.name} only {acting.notation()} fit one "
                f"formation (command capacity {acting.command_capacity}); "
                f"{left.notation()} stay behind",
            )
        return lines

    @property
    def event_names(self) -> tuple[str, ...]:
        spent = tuple(f"card_spent:{slug}" for slug in self.post_roll_cards)
        return ("attacker_leaders_captured", "defender_leaders_captured") + spent

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        columns = self._base_columns(values)
        if self._deterministic_outcome is not None:
            outcome = np.full(values[0].size, self._deterministic_outcome, dtype=object)
        else:
            outcome = np.where(columns["attacker_prevails"], "attacker_wins", "defender_wins")
        attacker, defender = self._sides
        result = {"outcome": outcome.astype(object)}
        result.update(_survivor_columns(columns))
        # 14 step 10: leaders of a side with no land units left are captured.
        result["attacker_leaders_captured"] = bool(attacker.force.leaders) & (
            columns["attacker_survivors"] == 0
        )
        result["defender_leaders_captured"] = bool(defender.force.leaders) & (
            columns["defender_survivors"] == 0
        )
        result.update(self._card_spent_columns(columns))
        return result

    def hits(self, values) -> tuple[np.ndarray, np.ndarray]:
        """Each side's hits in every cell of :meth:`draw_plan`, post-roll cards included.

        A whole move needs them for the relief of a siege, where a tie in hits lets the
        losing relief force go inside (15.2).
        """
        columns = self._base_columns(values)
        zero = np.zeros(np.asarray(values[0]).size, dtype=np.int64)
        return columns.get("attacker_hits", zero), columns.get("defender_hits", zero)


def _survivor_columns(columns):
    keys = [
        "attacker_survivors",
        "defender_survivors",
        "attacker_regulars",
        "attacker_mercenaries",
        "attacker_cavalry",
        "defender_regulars",
        "defender_mercenaries",
        "defender_cavalry",
    ]
    keys += [key for key in columns if key.endswith("_survivors") and key not in keys]
    return {key: np.asarray(columns[key]) for key in keys}


@dataclass(frozen=True)
class Assault(_Combat):
    """An assault on a besieged fortified space (rule 15.1).

    Parameters
    ----------
    attacker : Force or str
        The besieging stack of the active power. It may be larger than one formation
        (RULES.md §1, §7): every unit of it counts for keeping the siege (15.3), but only
        one formation of it assaults, chosen by ``policies.assault_formation`` (default
        the strongest legal formation, :func:`oddsengine.formations.strongest_formation`).
        The rest stand by: they do not roll and take no losses.
    defender : Force or str
        The garrison: at most 4 land units and any leaders; ``"0R"`` for an empty
        fortress.
    attacker_cards, defender_cards, responses, policies, options
        As for :class:`FieldBattle`.
    siege_laid_this_impulse : bool
        The siege began in this impulse: only Roxelana (42) allows an assault then.
    assaulted_this_impulse : bool
        The space was already assaulted this impulse (one assault per space).
    line_of_communication : bool
        The assaulting power has a line of communication to the space.
    defender_squadrons_adjacent, defender_squadrons_in_port, attacker_squadrons_adjacent
        Naval squadrons (corsairs do not count) for the blockade requirements.
    siege_artillery_supply : bool
        The attacker has an LOC of at most 4 land spaces to a fortified home space, as
        Siege Artillery (35) requires.

    Notes
    -----
    Outcomes: ``success`` whenever the space is taken, by the assault or by Treachery!
    (105), whose event ``taken_by_treachery`` marks the part taken by the card;
    ``siege_continues`` and ``siege_broken`` after a failure (15.1 step 11). The
    ``attacker_*`` columns count the assaulting formation; the ``besieger_*`` columns
    count every besieger left in the space (the formation's survivors and the units that
    stood by).

    Examples
    --------
    >>> from oddsengine import Assault, exact
    >>> assault = Assault("9R Suleiman", "4R Ferdinand")
    >>> assault.attacker_dice, assault.defender_dice
    (7, 6)
    >>> big = Assault("14R Ibrahim", "hapsburg: 2R")
    >>> big.assaulting_formation.notation(), big.besiegers_standing_by.notation()
    ('ottoman: 6R Ibrahim Pasha', 'ottoman: 8R')
    >>> big.attacker_dice
    4
    """

    siege_laid_this_impulse: bool = False
    assaulted_this_impulse: bool = False
    line_of_communication: bool = True
    defender_squadrons_adjacent: int = 0
    defender_squadrons_in_port: int = 0
    attacker_squadrons_adjacent: int = 0
    siege_artillery_supply: bool = True

    mode = "assault"
    kind = "assault"
    outcome_names = ("success", "siege_continues", "siege_broken")

    # -- the formation that assaults ---------------------------------------------------

    def _declared_attacker(self) -> Force:
        """15.1 step 1: the formation declared to assault, out of the besieging stack."""
        policy = self.policies.assault_formation
        if policy == "strongest":
            return strongest_formation(self.attacker)
        return declared_formation(self.attacker, policy, action="assault")

    def _capped(self, attacker: Force) -> tuple[Force, int]:
        """The formation after the cards that add units, and the units left out of it.

        RULES.md §7 (15.1 step 2): units that Landsknechts (33) or Swiss Mercenaries (36)
        add, like mercenaries won by Mercenaries Bribed (26), are placed in the space but
        join the assaulting formation only while it has room under its leaders; the rest
        stand by with the besiegers. Cards add mercenaries only, so the overflow is theirs.
        """
        capacity = self._acting_attacker().command_capacity
        overflow = 0 if capacity is None else max(attacker.land_units - capacity, 0)
        if overflow:
            attacker = attacker.with_units(mercenaries=attacker.mercenaries - overflow)
        return attacker, overflow

    def _prepared_forces(self, with_ally: bool = True):
        attacker, defender = super()._prepared_forces(with_ally)
        attacker, _ = self._capped(attacker)
        if self._has("mercenaries-grow-restless", "defender"):
            # 27: the mercenaries of the assaulting formation are removed.
            attacker = attacker.with_units(mercenaries=0)
        return attacker, defender

    @cached_property
    def besiegers_standing_by(self) -> Force:
        """The besiegers that do not assault: the stack outside the acting formation,
        with any units the cards placed that did not fit in it (RULES.md §7).

        They keep the siege with the formation (15.3) but neither roll nor take losses.
        """
        rest = standing_by(self.attacker, self._acting_attacker())
        _, overflow = self._capped(_Combat._prepared_forces(self)[0])
        return rest.with_units(mercenaries=rest.mercenaries + overflow)

    @property
    def assaulting_formation(self) -> Force:
        """The formation that rolls and takes losses, after every card before the roll."""
        return self._sides[0].force

    # -- requirements ------------------------------------------------------------------

    def _check_forces(self):
        # 15.1 requirements; each refusal names the rule it breaks.
        if self.attacker.infantry + self.attacker.cavalry == 0:
            raise OddsEngineError("assault: the attacker has no land units")
        # RULES.md §1, §7: the besieging stack may exceed one formation; only the declared
        # formation must fit (checked when it is declared).
        formation = self._declared_attacker()
        garrison = self.defending_force
        if garrison.land_units > 4:
            raise OddsEngineError(
                f"assault: a fortified space holds at most 4 land units, not "
                f"{garrison.land_units} (13.4, 15)"
            )
        roxelana = self._has("roxelana", "attacker")
        treachery = self._has("treachery", "attacker")
        if self.siege_laid_this_impulse and not roxelana and not treachery:
            raise OddsEngineError(
                "assault refused: the siege began this impulse; an assault needs a siege laid "
                "in an earlier impulse (15.1), unless Roxelana (card #42) is played"
            )
        if self.assaulted_this_impulse:
            raise OddsEngineError("assault refused: the space was already assaulted this impulse")
        for name in (
            "defender_squadrons_adjacent",
            "defender_squadrons_in_port",
            "attacker_squadrons_adjacent",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OddsEngineError(f"{name} must be a non-negative whole number")
        if not treachery:
            # 105: Treachery! ignores the line-of-communication and naval requirements.
            self._check_supply_and_blockade()
        if treachery and self.cancelled:
            raise OddsEngineError(
                "Foul Weather (card #31) cannot be played against Treachery! (card #105): "
                "it cannot stop that assault"
            )
        # 15: the space is under siege only while the besiegers - the whole stack -
        # outnumber the garrison. 42: Roxelana allows the assault in the impulse the
        # siege was laid, but not on an unbesieged fortress (RULES.md §7).
        if self.attacker.land_units <= garrison.land_units:
            card = " Roxelana (card #42) does not lift this requirement." if roxelana else ""
            raise OddsEngineError(
                f"assault refused: {self.attacker.land_units} besieging land units do not "
                f"outnumber the garrison of {garrison.land_units}, so the space is not "
                f"under siege (15).{card}"
            )
        if roxelana:
            self._check_roxelana(formation)
        if self._has_response("siege-artillery") or self._has("siege-artillery", "attacker"):
            if not self.siege_artillery_supply:
                raise OddsEngineError(
                    "Siege Artillery cannot be played: the attacker has no line of "
                    "communication of at most 4 land spaces to a fortified home space "
                    "(card #35)"
                )

    def _check_supply_and_blockade(self) -> None:
        # 15.1 requirements: a line of communication, and no naval blockade.
        if not self.line_of_communication:
            raise OddsEngineError(
                "assault refused: the assaulting power has no line of communication (15.1)"
            )
        if self.defender_squadrons_adjacent > 0:
            raise OddsEngineError(
                "assault refused: the defender has squadrons in an adjacent sea zone (15.1)"
            )
        if (
            self.defender_squadrons_in_port > 0
            and self.attacker_squadrons_adjacent <= self.defender_squadrons_in_port
        ):
            raise OddsEngineError(
                f"assault refused: the defender has {self.defender_squadrons_in_port} "
                "squadron(s) in port and the attacker needs more in the adjacent sea zones "
                f"(has {self.attacker_squadrons_adjacent}) (15.1)"
            )

    def _check_roxelana(self, formation: Force) -> None:
        # 42: Suleiman's formation assaults; Gout (32) keeping him out leaves none.
        card = find_card("roxelana")
        if not any(leader.name == "Suleiman" for leader in formation.leaders):
            self._refuse(
                card,
                f"here: it lets Suleiman's formation assault, and the formation declared "
                f"({formation.notation()}) is not his",
            )
        victim = self.gout_victim
        if victim is not None and victim.name == "Suleiman":
            self._refuse(card, "here: Gout keeps Suleiman out, and only his formation may assault")

    def _check_prepared(self, attacker, defender):
        if attacker.land_units == 0 and not self._has("mercenaries-grow-restless", "defender"):
            raise OddsEngineError("assault: the attacker has no land units left to assault")

    # -- dice --------------------------------------------------------------------------

    def _dice(self, role, force, other, losses, order):
        left = force.units_after_losses(losses, order)
        infantry = left["regulars"] + left["mercenaries"]  # cavalry gives no dice
        if role == "attacker":
            # 15.1 step 3: one die per regular or mercenary against an empty space; one per
            # two, rounded up, if it holds any defending land unit (even only cavalry).
            dice = infantry if other.land_units == 0 else ceil(infantry / 2)
            dice += force.battle_rating
        else:
            # 15.1 step 4: one die per regular or mercenary, + rating, + 1 as defender.
            dice = infantry + force.battle_rating + 1
        return max(dice + self._card_dice(role, force), 0)

    @property
    def restless_breaks_siege(self) -> bool:
        """Mercenaries Grow Restless (27) left the besiegers without a majority.

        Every besieger counts (15.3): the formation after losing its mercenaries and the
        units standing by.
        """
        if not self._has("mercenaries-grow-restless", "defender"):
            return False
        attacker, defender = self._prepared_forces()
        return attacker.land_units + self.besiegers_standing_by.land_units <= defender.land_units

    @property
    def assault_prevented(self) -> bool:
        """Mercenaries Grow Restless (27) left no assault: the siege broke, or the
        formation lost every land unit (the siege then holds with the units standing by)."""
        if not self._has("mercenaries-grow-restless", "defender"):
            return False
        return self.restless_breaks_siege or self._prepared_forces()[0].land_units == 0

    @property
    def _deterministic_outcome(self):
        if self.cancelled:
            return "cancelled"
        if self.restless_breaks_siege:
            return "siege_broken"  # 27: no assault happens.
        if self.assault_prevented:
            return "siege_continues"  # 27: nobody left to assault; the others besiege.
        return None

    @property
    def attacker_dice(self) -> int:
        """Dice the attacker rolls (before any post-roll card)."""
        return self._sides[0].dice_after_losses[0] + self._sides[0].bonus_dice

    @property
    def defender_dice(self) -> int:
        """Dice the defender rolls (before any post-roll card)."""
        return self._sides[1].dice_after_losses[0] + self._sides[1].bonus_dice

    # -- description -------------------------------------------------------------------

    def describe(self) -> dict:
        description = super().describe()
        description["assault_formation_policy"] = self.policies.assault_formation
        description["assaulting_formation"] = self.assaulting_formation.notation()
        description["besiegers_standing_by"] = self.besiegers_standing_by.notation()
        return description

    def describe_lines(self) -> list[str]:
        lines = super().describe_lines()
        standing = self.besiegers_standing_by
        if standing.land_units or standing.leaders:
            formation = self.assaulting_formation
            capacity = self._acting_attacker().command_capacity
            lines.insert(
                0,
                f"Assaulting formation: {formation.notation()} (command capacity "
                f"{capacity}); standing by, still besieging: {standing.notation()} (15.1, 15.3)",
            )
        return lines

    # -- outcomes ----------------------------------------------------------------------

    @property
    def event_names(self) -> tuple[str, ...]:
        names = [
            "attackers_eliminated",
            "attacker_leaders_displaced",
            "defender_leaders_captured",
        ]
        if self.defender_squadrons_in_port:
            names.append("naval_units_to_turn_track")
        if self._has("treachery", "attacker"):
            names.append("taken_by_treachery")
        if self.assault_prevented:
            names.append("assault_prevented")
        names.extend(f"card_spent:{slug}" for slug in self.post_roll_cards)
        return tuple(names)

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        columns = self._base_columns(values)
        size = values[0].size
        standing = self.besiegers_standing_by
        formation_left = columns["attacker_survivors"]
        besiegers_left = formation_left + standing.land_units
        garrison_left = columns["defender_survivors"]
        deterministic = self._deterministic_outcome
        taken_by_assault = np.asarray(columns["attacker_prevails"], dtype=bool)
        # 15.1 step 11, 15.3: after a failure the siege holds while the besiegers - those
        # that assaulted and those that stood by - outnumber the garrison.
        holds = ~taken_by_assault & (besiegers_left > garrison_left)
        treachery = np.zeros(size, dtype=bool)
        if self._has("treachery", "attacker"):
            # 105: if the besiegers still outnumber the garrison after the assault, the
            # garrison is eliminated and the space changes hands.
            treachery = holds
            holds = np.zeros(size, dtype=bool)
        success = taken_by_assault | treachery
        if deterministic == "cancelled":
            success = treachery = np.zeros(size, dtype=bool)
            outcome = np.full(size, "cancelled", dtype=object)
        else:
            outcome = np.where(
                success, "success", np.where(holds, "siege_continues", "siege_broken")
            ).astype(object)
        attacker, defender = self._sides
        result = {"outcome": outcome}
        survivors = _survivor_columns(columns)
        survivors["defender_survivors"] = np.where(treachery, 0, garrison_left)
        for kind in UNIT_TYPES:
            survivors[f"defender_{kind}"] = np.where(treachery, 0, survivors[f"defender_{kind}"])
        result.update(survivors)
        result["besieger_survivors"] = np.asarray(besiegers_left)
        for kind in UNIT_TYPES:
            result[f"besieger_{kind}"] = survivors[f"attacker_{kind}"] + getattr(standing, kind)
        eliminated = (formation_left == 0) & (deterministic is None)
        result["attackers_eliminated"] = eliminated
        # 15.1 step 11: if every attacking unit died, its leaders are displaced - unless
        # besiegers that stood by are still in the space for them to stay with.
        result["attacker_leaders_displaced"] = (
            eliminated & bool(attacker.force.leaders) & (standing.land_units == 0)
        )
        # 15.1 step 10: when the space is taken, besieged leaders are captured.
        result["defender_leaders_captured"] = success & bool(defender.force.leaders)
        if self.defender_squadrons_in_port:
            result["naval_units_to_turn_track"] = success
        if self._has("treachery", "attacker"):
            result["taken_by_treachery"] = treachery
        if self.assault_prevented:
            result["assault_prevented"] = np.ones(size, dtype=bool)
        result.update(self._card_spent_columns(columns))
        return result

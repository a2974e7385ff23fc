"""Assaults on a besieged fortified space (rule 15.1). The attacker is the besieging stack,
which may be larger than one formation: one formation of it assaults, the rest stand by
and still count for the siege. The defender is the garrison; an empty fortress is ``0R``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import ceil

import numpy as np

from oddsengine.combat.combat_inputs import REQUIREMENTS
from oddsengine.combat.combat_inputs import card_name as _card_name
from oddsengine.combat.combat_spec import CombatSpec, survivor_columns
from oddsengine.combat.forces import UNIT_TYPES, Force
from oddsengine.combat.formations import declared_formation, standing_by, strongest_formation
from oddsengine.draws import OutcomeColumns, StateDigits
from oddsengine.errors import OddsEngineError
from oddsengine.option_field import option

__all__ = ["Assault", "SQUADRON_COUNTS", "naval_requirement_problem"]

#: A rolled assault's outcomes in the sorted order of their labels, and as a column's values.
_OUTCOME_LABELS = ("siege_broken", "siege_continues", "success")
_OUTCOMES = np.array(_OUTCOME_LABELS, dtype=object)
#: The squadrons by the port that an assault's naval requirement counts (15.1).
SQUADRON_COUNTS = (
    "defender_squadrons_adjacent",
    "defender_squadrons_in_port",
    "attacker_squadrons_adjacent",
)


def _squadrons(words: str, **declared):
    """The option of a count of squadrons by the port, one of an assault's requirements
    (``declared``: its rule, where one is cited)."""
    return option(words, default=0, metavar="N", group=REQUIREMENTS, **declared)


def naval_requirement_problem(
    defender_squadrons_adjacent: int,
    defender_squadrons_in_port: int,
    attacker_squadrons_adjacent: int,
) -> str | None:
    """Why 15.1's naval requirement forbids an assault, or None when it is met.

    The defender may have no squadron in an adjacent sea zone; if it has squadrons in the
    port, the attacker needs more in the adjacent sea zones (corsairs do not count).

    Examples
    --------
    >>> naval_requirement_problem(0, 1, 2) is None
    True
    >>> naval_requirement_problem(1, 0, 3)
    'the defender has squadrons in an adjacent sea zone (15.1)'
    """
    if defender_squadrons_adjacent > 0:
        return "the defender has squadrons in an adjacent sea zone (15.1)"
    if defender_squadrons_in_port > 0 and attacker_squadrons_adjacent <= defender_squadrons_in_port:
        return (
            f"the defender has {defender_squadrons_in_port} squadron(s) in port and the "
            "attacker needs more in the adjacent sea zones "
            f"(has {attacker_squadrons_adjacent}) (15.1)"
        )
    return None


@dataclass(frozen=True)
class Assault(CombatSpec):
    """An assault on a besieged fortified space (rule 15.1).

    Parameters
    ----------
    attacker : Force or str
        The besieging stack of the active power. It may be larger than one formation
        (RULES.md §1, §7): every unit of it counts for keeping the siege (15.3), but only
        one formation of it assaults, chosen by ``policies.assault_formation`` (default
        the strongest legal formation, :func:`oddsengine.combat.formations.strongest_formation`).
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

    siege_laid_this_impulse: bool = option(
        lambda _: f"the siege began this impulse (needs {_card_name(42)})",
        default=False,
        group=REQUIREMENTS,
    )
    assaulted_this_impulse: bool = option(
        "the space was already assaulted this impulse", default=False, group=REQUIREMENTS
    )
    line_of_communication: bool = True
    defender_squadrons_adjacent: int = _squadrons(
        "defending squadrons in an adjacent sea zone (any refuses the assault)", rule="15.1"
    )
    defender_squadrons_in_port: int = _squadrons(
        "defending squadrons in the port (the attacker needs more adjacent)", rule="15.1"
    )
    attacker_squadrons_adjacent: int = _squadrons(
        "attacking squadrons in the adjacent sea zones (corsairs do not count)"
    )
    siege_artillery_supply: bool = True

    mode = "assault"
    kind = "assault"
    outcome_names = ("success", "siege_continues", "siege_broken")

    @classmethod
    def from_options(cls, *, no_line_of_communication=False, no_siege_artillery_supply=False,
                     **values):  # fmt: skip
        """The assault of its inputs as the faces give them: a land combat's
        (:meth:`~oddsengine.combat.combat_inputs.CombatInputs.from_options`), and the
        line of communication and Siege Artillery's supply said by their absence."""
        return super().from_options(
            line_of_communication=not no_line_of_communication,
            siege_artillery_supply=not no_siege_artillery_supply,
            **values,
        )

    def ignored_options(self, card_value: bool = False) -> dict:
        """A land combat's (:meth:`~oddsengine.combat.combat_inputs.CombatInputs.
        ignored_options`), and the requirements that would change nothing (15.1): the
        attacker's squadrons without defending squadrons in port, Siege Artillery's
        supply without a card that needs it."""
        ignored = {}
        if not self.defender_squadrons_in_port:
            ignored["attacker_squadrons_adjacent"] = (
                "counts only against defending squadrons in port: give --defender-squadrons-in-port"
            )
        # RULES.md §8: any power may play Siege Artillery for the attacker, as a response too.
        if not self.siege_artillery_supply and self._rule_with("attacker", "needs_supply") is None:
            from oddsengine.combat.cards import CARD_RULES

            needing = [rule.card.slug for rule in CARD_RULES.values() if rule.needs_supply]
            ignored["no_siege_artillery_supply"] = (
                f"matters only to a card that needs the supply ({', '.join(needing)}), and none "
                "is played"
            )
        return {**ignored, **super().ignored_options(card_value)}

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

    def prepared_forces(self, with_ally: bool = True):
        attacker, defender = super().prepared_forces(with_ally)
        attacker, _ = self._capped(attacker)
        # 27: cards that act on the assaulting formation once it is formed.
        forces = {"attacker": attacker, "defender": defender}
        if self._names_cards:  # an assault without cards never reads the deck
            from oddsengine.combat.cards import apply_units

            apply_units(forces, self._held, 3)
        return forces["attacker"], forces["defender"]

    @cached_property
    def besiegers_standing_by(self) -> Force:
        """The besiegers that do not assault: the stack outside the acting formation,
        with any units the cards placed that did not fit in it (RULES.md §7).

        They keep the siege with the formation (15.3) but neither roll nor take losses.
        """
        _, overflow = self._capped(CombatSpec.prepared_forces(self)[0])
        return _standing_by_with_overflow(self.attacker, self._acting_attacker(), overflow)

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
        leading = self._rule_with("attacker", "assaulting_leader")  # Roxelana (42)
        lifts_supply = self._rule_with("attacker", "ignores_supply")  # Treachery! (105)
        if self.siege_laid_this_impulse and self._rule_with("attacker", "assault_now") is None:
            from oddsengine.combat.cards import CARD_RULES

            allowing = next(rule.card for rule in CARD_RULES.values() if rule.assault_now)
            raise OddsEngineError(
                "assault refused: the siege began this impulse; an assault needs a siege laid "
                f"in an earlier impulse (15.1), unless {allowing} is played"
            )
        if self.assaulted_this_impulse:
            raise OddsEngineError("assault refused: the space was already assaulted this impulse")
        for name in SQUADRON_COUNTS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OddsEngineError(f"{name} must be a non-negative whole number")
        if lifts_supply is None:
            # 105: Treachery! ignores the line-of-communication and naval requirements.
            self._check_supply_and_blockade()
        lasting = self._rule_with("attacker", "uncancellable")
        if lasting is not None and self.cancelled:
            cancelling = self._rule_with("defender", "cancels").card
            raise OddsEngineError(
                f"{cancelling} cannot be played against {lasting.card}: it cannot stop that assault"
            )
        # 15: the space is under siege only while the besiegers - the whole stack -
        # outnumber the garrison. 42: Roxelana allows the assault in the impulse the
        # siege was laid, but not on an unbesieged fortress (RULES.md §7).
        if self.attacker.land_units <= garrison.land_units:
            card = f" {leading.card} does not lift this requirement." if leading else ""
            raise OddsEngineError(
                f"assault refused: {self.attacker.land_units} besieging land units do not "
                f"outnumber the garrison of {garrison.land_units}, so the space is not "
                f"under siege (15).{card}"
            )
        if leading is not None:
            self._check_assaulting_leader(leading, formation)
        supplied = self._rule_with("attacker", "needs_supply")
        # 35: an LOC of at most 4 land spaces is an LOC; Treachery! (105) lifts 15.1's
        # LOC requirement of the assault, not the card's own, so no LOC, no Siege Artillery.
        if supplied is not None and not (
            self.siege_artillery_supply and self.line_of_communication
        ):
            raise OddsEngineError(
                f"{supplied.card.name} cannot be played: the attacker has no line of "
                "communication of at most 4 land spaces to a fortified home space "
                f"(card #{supplied.card.number})"
            )

    def _check_supply_and_blockade(self) -> None:
        # 15.1 requirements: a line of communication, and no naval blockade.
        if not self.line_of_communication:
            raise OddsEngineError(
                "assault refused: the assaulting power has no line of communication (15.1)"
            )
        problem = naval_requirement_problem(
            self.defender_squadrons_adjacent,
            self.defender_squadrons_in_port,
            self.attacker_squadrons_adjacent,
        )
        if problem is not None:
            raise OddsEngineError(f"assault refused: {problem}")

    def _check_assaulting_leader(self, rule, formation: Force) -> None:
        # 42: Suleiman's formation assaults; Gout (32) keeping him out leaves none.
        name = rule.assaulting_leader
        if not any(leader.name == name for leader in formation.leaders):
            self._refuse(
                rule.card,
                f"here: it lets {name}'s formation assault, and the formation declared "
                f"({formation.notation()}) is not his",
            )
        victim = self.gout_victim
        if victim is not None and victim.name == name:
            keeping = self._rule_with("defender", "keeps_leader_out").card
            self._refuse(
                rule.card,
                f"here: {keeping.name} keeps {name} out, and only his formation may assault",
            )

    def _check_prepared(self, attacker, defender):
        if attacker.land_units == 0 and self._rule_with("defender", "prevents_assault") is None:
            raise OddsEngineError("assault: the attacker has no land units left to assault")

    # -- dice --------------------------------------------------------------------------

    def _dice_after_losses(self, role, force, other, order) -> tuple[int, ...]:
        # The rating and the cards do not depend on the losses: read them once.
        return _assault_dice(
            role,
            (force.regulars, force.mercenaries, force.cavalry),
            tuple(order),
            force.battle_rating + self._card_dice(role, force),
            other.land_units == 0,
        )

    @property
    def restless_breaks_siege(self) -> bool:
        """Mercenaries Grow Restless (27) left the besiegers without a majority.

        Every besieger counts (15.3): the formation after losing its mercenaries and the
        units standing by.
        """
        if self._rule_with("defender", "prevents_assault") is None:
            return False
        attacker, defender = self.prepared_forces()
        return attacker.land_units + self.besiegers_standing_by.land_units <= defender.land_units

    @property
    def assault_prevented(self) -> bool:
        """Mercenaries Grow Restless (27) left no assault: the siege broke, or the
        formation lost every land unit (the siege then holds with the units standing by)."""
        if self._rule_with("defender", "prevents_assault") is None:
            return False
        return self.restless_breaks_siege or self.prepared_forces()[0].land_units == 0

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
            # A formation the engine picks says what it maximised (a declared one does not).
            picked = (
                "strongest: the most assault dice, regulars first; "
                if self.policies.assault_formation == "strongest"
                else ""
            )
            lines.insert(
                0,
                f"Assaulting formation: {formation.notation()} ({picked}command capacity "
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
        names.extend(rule.outcome_event for rule in self._held["attacker"] if rule.outcome)
        if self.assault_prevented:
            names.append("assault_prevented")
        names.extend(f"card_spent:{slug}" for slug in self.post_roll_cards)
        return tuple(names)

    def _siege_after(self, columns):
        """Where the assault took the space, where the siege holds after a failure, and
        where a card took the space instead (with its events), from the resolved combat."""
        besiegers_left = columns["attacker_survivors"] + self.besiegers_standing_by.land_units
        taken_by_assault = np.asarray(columns["attacker_prevails"], dtype=bool)
        # 15.1 step 11, 15.3: after a failure the siege holds while the besiegers - those
        # that assaulted and those that stood by - outnumber the garrison.
        holds = ~taken_by_assault & (besiegers_left > columns["defender_survivors"])
        # 105: a card may take the space after a failed assault (Treachery!).
        taken_by_card = np.zeros(holds.shape, dtype=bool)
        events = {}
        for rule in self._held["attacker"]:
            if rule.outcome is not None:
                taken = rule.outcome(holds)
                events[rule.outcome_event] = taken
                taken_by_card = taken_by_card | taken
                holds = holds & ~taken
        return taken_by_assault, holds, taken_by_card, events

    def outcome_masks(self, columns) -> dict[str, np.ndarray]:
        """The cells of each outcome, from the resolved combat (``resolve_hits``), for an
        assault that is rolled (not cancelled or prevented)."""
        taken_by_assault, holds, taken_by_card, _ = self._siege_after(columns)
        success = taken_by_assault | taken_by_card
        return {"success": success, "siege_continues": holds, "siege_broken": ~success & ~holds}

    def outcome_columns(self, values) -> dict[str, np.ndarray]:
        """The outcome of every cell of :meth:`draw_plan`, as columns."""
        columns = self._base_columns(values)
        size = values[0].size
        garrison_left = columns["defender_survivors"]
        deterministic = self._deterministic_outcome
        taken_by_assault, holds, taken_by_card, events = self._siege_after(columns)
        success = taken_by_assault | taken_by_card
        codes = {}
        if deterministic == "cancelled":
            success = taken_by_card = np.zeros(size, dtype=bool)
            events = dict.fromkeys(events, taken_by_card)
            outcome = np.full(size, "cancelled", dtype=object)
        else:
            # The labels' codes in their sorted order (a cell succeeds, holds or breaks):
            # the merge of cells reads the codes.
            code = success * 2 + holds
            outcome = _OUTCOMES[code]
            codes["outcome"] = (code, _OUTCOME_LABELS)
        result = {"outcome": outcome}
        survivors = survivor_columns(columns)
        if events:  # only a card (105) takes the space with the garrison in it
            survivors["defender_survivors"] = np.where(taken_by_card, 0, garrison_left)
            for kind in UNIT_TYPES:
                survivors[f"defender_{kind}"] = np.where(
                    taken_by_card, 0, survivors[f"defender_{kind}"]
                )
        result.update(survivors)
        self._add_siege_columns(result, success, rolled=deterministic is None)
        result.update(events)
        if self.assault_prevented:
            result["assault_prevented"] = np.ones(size, dtype=bool)
        result.update(self._card_spent_columns(columns))
        return OutcomeColumns(result, derived=self._derived_columns(), codes=codes)

    def _add_siege_columns(self, result, success, rolled=True) -> None:
        """The besiegers' units, the formation's elimination, the leaders' fates and the
        squadrons in port, from the survivors in ``result`` and where the space was taken
        (``success``); ``rolled`` is False where no assault was rolled."""
        standing = self.besiegers_standing_by
        attacker, defender = self._sides
        formation_left = result["attacker_survivors"]
        result["besieger_survivors"] = np.asarray(formation_left + standing.land_units)
        for kind in UNIT_TYPES:
            result[f"besieger_{kind}"] = result[f"attacker_{kind}"] + getattr(standing, kind)
        eliminated = (formation_left == 0) & rolled
        result["attackers_eliminated"] = eliminated
        # 15.1 step 11: if every attacking unit died, its leaders are displaced - unless
        # besiegers that stood by are still in the space for them to stay with.
        result["attacker_leaders_displaced"] = (
            eliminated & attacker.has_leaders & (standing.land_units == 0)
        )
        # 15.1 step 10: when the space is taken, besieged leaders are captured.
        result["defender_leaders_captured"] = success & defender.has_leaders
        if self.defender_squadrons_in_port:
            result["naval_units_to_turn_track"] = success

    def state_digits(self, plan) -> StateDigits | None:
        """What decides the end state of every cell of ``plan`` (this assault's
        :meth:`draw_plan`): the outcome and both sides' survivors, resolved on the two
        sides' hits alone (one row of cells per attacker hit count, one column per
        defender hit count) instead of on every cell; every other column follows from
        the outcome and the survivors (:meth:`_derived_columns`).

        Only for a plain assault: rolled (not cancelled or prevented), both sides rolling
        at once (no first fire), no post-roll card, no card that takes the space after a
        failure and no ally; None otherwise (the engines then merge the outcome columns).
        """
        if any(rule.outcome is not None for rule in self._held["attacker"]):
            return None
        columns = self._hits_resolved(plan)
        if columns is None:
            return None
        taken_by_assault, holds, _, _ = self._siege_after(columns)
        # The codes of outcome_columns: success 2, the siege holding 1, broken 0.
        return self._digits_of(columns, taken_by_assault * 2 + holds, _OUTCOMES)

    def _complete_state(self, deciding) -> dict[str, np.ndarray]:
        """Every column of the states of :meth:`state_digits` from their deciding ones, in
        the order of :meth:`outcome_columns`."""
        states = self._with_units_by_type(deciding)
        self._add_siege_columns(states, deciding["outcome"] == "success")
        return states

    def _derived_columns(self) -> tuple[str, ...]:
        """The columns that follow from the outcome and the survivors before them: a
        side's units by type (its casualty order; a garrison taken by a card has none
        left), the besiegers' (the formation's and those standing by), the formation's
        elimination and its leaders' displacement (15.1 step 11), the besieged leaders'
        capture and the squadrons in port (15.1 step 10: when the space is taken). With
        allies the garrison's units by type follow from each power's losses instead."""
        derived = self._units_by_type_derived()
        derived += ["besieger_survivors", *(f"besieger_{kind}" for kind in UNIT_TYPES)]
        derived += ["attackers_eliminated", "attacker_leaders_displaced"]
        derived += ["defender_leaders_captured", "naval_units_to_turn_track"]
        return tuple(derived)


@lru_cache(maxsize=4096)
def _standing_by_with_overflow(stack: Force, formation: Force, overflow: int) -> Force:
    """The units of ``stack`` outside ``formation``, and the ``overflow`` mercenaries that
    cards placed but the formation had no room for (RULES.md §7).

    A pure function of immutable values, remembered: a sweep asks it of the same few
    stacks thousands of times.
    """
    rest = standing_by(stack, formation)
    if not overflow:
        return rest
    return rest.with_units(mercenaries=rest.mercenaries + overflow)


@lru_cache(maxsize=4096)
def _assault_dice(
    role: str,
    units: tuple[int, int, int],
    order: tuple[str, ...],
    rating_and_cards: int,
    against_empty_space: bool,
) -> tuple[int, ...]:
    """The dice ``role`` rolls in an assault after losing 0, 1, ... of its ``units``
    (regulars, mercenaries, cavalry) first, in casualty ``order``.

    A pure function of small values, remembered: a sweep asks for the same few tables
    thousands of times.
    """
    dice = []
    for regulars, mercenaries, _ in Force(*units).units_after_each_loss(order):
        infantry = regulars + mercenaries  # cavalry gives no dice
        if role == "attacker":
            # 15.1 step 3: one die per regular or mercenary against an empty space; one
            # per two, rounded up, if it holds any defending land unit (even only
            # cavalry); + rating.
            rolled = infantry if against_empty_space else ceil(infantry / 2)
        else:
            # 15.1 step 4: one die per regular or mercenary, + rating, + 1 as defender.
            rolled = infantry + 1
        dice.append(max(rolled + rating_and_cards, 0))
    return tuple(dice)

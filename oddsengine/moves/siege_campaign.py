"""A siege campaign: an assault every impulse until the space falls, the siege breaks or
the horizon is reached (15, 15.1, 15.3).

A :class:`SiegeCampaign` starts from a siege (besiegers and garrison) or from a
:class:`~oddsengine.moves.move.Move` that may lay one. Impulse ``k`` is the ``k``-th impulse of
the besieging power after the siege was laid; 15.1 allows one assault per impulse, never
in the impulse the siege began. Before each assault from the second on, optional
reinforcements join the besiegers. Its exact course is a Markov chain over the unit
counts of both sides (leaders never change until the end), in
:mod:`oddsengine.moves.siege_chain`; the engines (:mod:`oddsengine.engines.siege`, reached
through :func:`oddsengine.exact` and :func:`oddsengine.simulate`) answer it from that chain
and by Monte Carlo, every assault sampled from the same :class:`~oddsengine.Assault` spec's
draw plan on the project's counter-based streams.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from oddsengine.combat.assault import SQUADRON_COUNTS, Assault, naval_requirement_problem
from oddsengine.combat.forces import UNIT_TYPES, Force, parse_force
from oddsengine.combat.options import Policies, RuleOptions
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.kept import Kept
from oddsengine.option_field import option
from oddsengine.spec_repr import repr_given

if TYPE_CHECKING:
    from oddsengine.combat.card_types import Card

__all__ = [
    "SiegeCampaign",
    "SIEGE_STANDS",
    "unit_counts",
    "force_with",
    "garrison_counts",
    "garrison_counts_after",
    "check_campaign",
]

#: CP an assault costs (15.1: an Assault/Foreign War action, 1 CP); moving a formation
#: of reinforcements costs 1 CP too (13.1).
ASSAULT_CP = 1
MOVE_CP = 1
_MAX_HORIZON = 50
#: Starting sieges a campaign's description lists (the likeliest first is not promised:
#: in the order the move laid them); ``sieges_total`` says how many there are.
SIEGES_LISTED = 10
#: Outcomes after which the siege still stands for the next impulse: a failed assault
#: while the besiegers outnumber the garrison (15.1 step 11), or one Foul Weather (31)
#: cancelled for the impulse.
SIEGE_STANDS = ("siege_continues", "cancelled")


def _as_force(value, role, power=None) -> Force:
    if isinstance(value, Force):
        return value
    if isinstance(value, str):
        return parse_force(value, power=power)
    raise OddsEngineTypeError(f"{role} must be a Force or a force string, not {shown(value)}")


def unit_counts(force: Force) -> tuple[int, int, int]:
    """The (regulars, mercenaries, cavalry) of ``force``."""
    return tuple(getattr(force, kind) for kind in UNIT_TYPES)


#: The starting sieges whose first assault a campaign has accepted, with its rules (see
#: SiegeCampaign.__post_init__), each with that assault, and how many are kept: the
#: campaign's exact chain plays the same assault first (SiegeCampaign.assault).
_ACCEPTED_SIEGES: Kept = Kept(8192)


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class SiegeCampaign:
    """Assault a besieged space impulse after impulse.

    Parameters
    ----------
    besiegers, garrison : Force or str
        The besieging stack and the units inside (at most 4). The stack may be larger
        than one formation (RULES.md §1, §7): in each impulse the strongest legal
        formation of it assaults (``policies.assault_formation``, which must be
        ``"strongest"`` here, since a declared formation would not survive the losses),
        and the units that stood by besiege on with the survivors (15.3).
    horizon : int
        Impulses to play (1 to 50).
    reinforcements : Force or str, optional
        Units that join the besiegers before each assault from the second on.
    schedule : sequence of (int, Force or str), optional
        Reinforcements arriving once, at a given impulse (before that impulse's assault):
        ``((3, "4R"),)`` brings 4 regulars at impulse 3 (1 CP to move them, 13.1).
    assault_from : int
        The first impulse with an assault (default 1); the besiegers wait before it
        (no assault, no CP), for instance for scheduled reinforcements.
    attacker_cards, defender_cards : sequence of Card or str
        Cards played in the first assault.
    policies : Policies
    options : RuleOptions
    start : tuple of (probability, besiegers, garrison), optional
        A distribution of starting sieges (set by :meth:`from_move`); the probability
        left over is that of no siege at all. A siege of a garrison of two allied powers
        is ``(probability, besiegers, garrison, garrison_ally)``.
    garrison_ally : Force or str, optional
        Units of a second power allied to the garrison's, inside with it (a move whose
        allied defenders withdrew together, 13.4); both count against the 4 inside and
        split their losses (14 step 9, as :class:`~oddsengine.Assault`'s
        ``defender_ally``).
    naval : mapping or sequence of (name, count), optional
        15.1's naval requirement: ``defender_squadrons_adjacent``,
        ``defender_squadrons_in_port`` and ``attacker_squadrons_adjacent``, passed to every
        assault (:meth:`from_move` reads them from the board when the scenario has
        fleets, :func:`oddsengine.moves.sea.naval_requirement`). A blockade the attacker
        cannot lift forbids every assault: the siege stands, nobody assaults.

    Examples
    --------
    >>> from oddsengine import exact_campaign
    >>> campaign = SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=3)
    >>> result = exact_campaign(campaign)
    >>> [round(float(value), 4) for value in result.taken_by]
    [0.7366, 0.9642, 0.9951]
    """

    besiegers: Force | None = option(
        "the besieging stack, e.g. '9R Suleiman'", value="force", metavar="FORCE", default=None
    )
    garrison: Force | None = option(
        "the units inside (at most 4), e.g. 'hapsburg: 2R Ferdinand'", value="force",
        metavar="FORCE", default=None)  # fmt: skip
    horizon: int = option("impulses", rule="15.1", low=1, high=_MAX_HORIZON, default=6)
    reinforcements: Force | None = option(
        "units joining before each later assault", value="force", metavar="FORCE",
        default=None)  # fmt: skip
    attacker_cards: tuple[Card, ...] = option(
        "cards the besiegers play", value="cards", metavar="CARDS", default=()
    )
    defender_cards: tuple[Card, ...] = option(
        "cards the garrison plays", value="cards", metavar="CARDS", default=()
    )
    policies: Policies = field(default_factory=Policies)
    options: RuleOptions = field(default_factory=RuleOptions)
    start: tuple = ()
    schedule: tuple = option(
        "reinforcements arriving once, before that impulse's assault (e.g. 2=3R); repeat "
        "for several", rule="13.1", value="text", repeat=True, metavar="IMPULSE=FORCE",
        default=())  # fmt: skip
    assault_from: int = option(
        "the first impulse with an assault; the besiegers wait before it", low=1,
        metavar="K", default=1)  # fmt: skip
    garrison_ally: Force | None = field(default=None, repr=False)
    naval: tuple = ()

    kind = "siege-campaign"

    @classmethod
    def from_options(cls, **inputs) -> SiegeCampaign:
        """The campaign of its inputs as the faces give them
        (:func:`~oddsengine.moves.siege_inputs.siege_of_inputs`: the besiegers and the
        garrison or a move's scenario, the schedule as ``IMPULSE=FORCE`` texts, the
        assaults' policies).

        Examples
        --------
        >>> SiegeCampaign.from_options(besiegers="9R", garrison="2R", schedule=("2=3R",)
        ...                            ).schedule[0][1].notation()
        '3R'
        """
        from oddsengine.moves.siege_inputs import siege_of_inputs

        return siege_of_inputs(cls, **inputs)

    def __repr__(self) -> str:
        # The dataclass's own form; garrison_ally and naval only when given, so that the
        # repr of a campaign without them is what it always was.
        return repr_given(self, "garrison_ally", "naval")

    def __post_init__(self):
        if isinstance(self.horizon, bool) or not isinstance(self.horizon, int):
            raise OddsEngineTypeError(f"horizon must be a whole number, not {shown(self.horizon)}")
        if not 1 <= self.horizon <= _MAX_HORIZON:
            raise OddsEngineError(f"horizon must be between 1 and {_MAX_HORIZON} impulses")
        if not isinstance(self.policies, Policies):
            raise OddsEngineTypeError("policies must be a Policies instance")
        if not isinstance(self.options, RuleOptions):
            raise OddsEngineTypeError(
                f"options must be a RuleOptions instance, not {shown(self.options)}"
            )
        if not isinstance(self.start, tuple | list) or not isinstance(self.schedule, tuple | list):
            name = "start" if not isinstance(self.start, tuple | list) else "schedule"
            raise OddsEngineTypeError(
                f"{name} must be a list of entries, not {shown(getattr(self, name))}"
            )
        if self.policies.assault_formation != "strongest":
            raise OddsEngineError(
                "a siege campaign assaults with the strongest formation of the stack each "
                "impulse: a declared formation (assault_formation="
                f"{self.policies.assault_formation!r}) would not survive the losses"
            )
        for name in ("attacker_cards", "defender_cards"):
            cards = getattr(self, name)
            if isinstance(cards, str):
                cards = cards.split(",")
            if not isinstance(cards, (list, tuple)):
                raise OddsEngineTypeError(f"{name} must be a list of cards, not {shown(cards)}")
            cards = [card for card in cards if not isinstance(card, str) or card.strip()]
            if cards:  # a campaign without cards never reads the deck
                from oddsengine.combat.cards import find_card

                object.__setattr__(self, name, tuple(find_card(card) for card in cards))
            else:
                object.__setattr__(self, name, ())
        self._check_naval()
        if not self.start:
            if self.besiegers is None or self.garrison is None:
                raise OddsEngineError("a siege campaign needs besiegers and a garrison")
            besiegers = _as_force(self.besiegers, "besiegers")
            garrison = _as_force(self.garrison, "garrison")
            object.__setattr__(self, "besiegers", besiegers)
            object.__setattr__(self, "garrison", garrison)
            start = (1.0, besiegers, garrison)
            if self.garrison_ally is not None:
                ally = _as_force(self.garrison_ally, "garrison ally")
                object.__setattr__(self, "garrison_ally", ally)
                start += (ally,)
            object.__setattr__(self, "start", (start,))
        elif self.garrison_ally is not None:
            raise OddsEngineError("garrison_ally goes with besiegers and garrison, not start")
        for entry in self.start:
            if not (isinstance(entry, tuple | list) and len(entry) in (3, 4)):
                raise OddsEngineTypeError(
                    "a start entry is (probability, besiegers, garrison[, garrison_ally]), not "
                    + shown(entry)
                )
        # Whose reinforcements they are does not depend on the count of besiegers: refused
        # first, so that a search over that count refuses the question, not each count.
        joining = None if self.reinforcements is None else self._joining(self.reinforcements)
        rules = self._assault_rules()
        for _, besiegers, garrison, ally in self.sieges:
            # 15: a siege needs more besieging land units than those inside.
            inside = garrison.land_units + (ally.land_units if ally is not None else 0)
            if besiegers.land_units <= inside:
                raise OddsEngineError(
                    f"{besiegers.land_units} besieging land units do not outnumber the "
                    f"garrison of {inside}: the space is not under siege (15)"
                )
            # Refuse bad cards now; a siege already accepted (the same one from many end
            # states of a move, or a campaign built again) is not checked again.
            accepted = (besiegers, garrison, ally, rules)
            if accepted not in _ACCEPTED_SIEGES:
                _ACCEPTED_SIEGES.keep(accepted, self._new_assault(besiegers, garrison, True, ally))
        if joining is not None:
            reinforcements = joining
            if self.horizon == 1:  # they join before each later assault: there is none
                raise OddsEngineError(
                    "reinforcements join before each assault from the second on: with a "
                    "horizon of 1 impulse there is none"
                )
            if reinforcements.leaders:
                raise OddsEngineError("reinforcements bring land units only, not leaders")
            # 13.1, RULES.md §1: they arrive by one move (MOVE_CP), as one formation.
            reinforcements.check_formation("reinforcements")
            object.__setattr__(self, "reinforcements", reinforcements)
        self._check_schedule()

    def _check_schedule(self) -> None:
        if isinstance(self.assault_from, bool) or not isinstance(self.assault_from, int):
            raise OddsEngineTypeError(
                f"assault_from must be a whole number, not {shown(self.assault_from)}"
            )
        if not 1 <= self.assault_from <= self.horizon:
            raise OddsEngineError(
                f"assault_from must be an impulse from 1 to the horizon ({self.horizon}), "
                f"not {shown(self.assault_from)}"
            )
        schedule = []
        for entry in self.schedule:
            if not (isinstance(entry, tuple | list) and len(entry) == 2):
                raise OddsEngineTypeError(
                    f"a schedule entry is (impulse, force), not {shown(entry)}"
                )
            impulse, units = entry
            if isinstance(impulse, bool) or not isinstance(impulse, int):
                raise OddsEngineTypeError(
                    f"a reinforcement impulse must be a whole number: {shown(entry)}"
                )
            if not 1 <= impulse <= self.horizon:
                raise OddsEngineError(
                    f"reinforcements at impulse {impulse}: the horizon is {self.horizon}"
                )
            units = self._joining(units)
            if units.leaders:
                raise OddsEngineError("reinforcements bring land units only, not leaders")
            schedule.append((impulse, units))
        object.__setattr__(self, "schedule", tuple(sorted(schedule, key=lambda pair: pair[0])))

    @cached_property
    def sieges(self) -> tuple:
        """Every starting siege as ``(probability, besiegers, garrison, garrison_ally)``;
        ``garrison_ally`` is None for a garrison of one power. (Read once per assault of the
        exact chain: kept, the campaign being frozen.)"""
        return tuple((*entry, None) if len(entry) == 3 else tuple(entry) for entry in self.start)

    def garrison_forces(self, index: int, counts) -> tuple[Force, Force | None]:
        """The garrison of starting siege ``index`` (and its ally) with unit ``counts``
        (see :func:`garrison_counts`)."""
        _, _, garrison, ally = self.sieges[index]
        width = len(UNIT_TYPES)
        if ally is None:
            return force_with(counts[:width], garrison), None
        return force_with(counts[:width], garrison), force_with(counts[width:], ally)

    def _joining(self, units) -> Force:
        """Reinforcements as a force of the besieging power: units of the garrison's power,
        of its ally or of a third power do not join the besiegers (15: the besieging stack
        is one power's)."""
        power = self.start[0][1].power
        units = _as_force(units, "reinforcements", power)
        defenders = {
            force.power
            for _, _, garrison, ally in self.sieges
            for force in (garrison, ally)
            if force is not None
        } - {None}
        if units.power is not None and (
            (power is not None and units.power != power) or units.power in defenders
        ):
            joins = f"the {power} besiegers" if power else "the besiegers"
            raise OddsEngineError(
                f"reinforcements {units.notation()}: only units of the besieging power join {joins}"
            )
        return units

    def _check_naval(self) -> None:
        naval = self.naval
        if not isinstance(naval, dict):
            if not isinstance(naval, (list, tuple)) or not all(
                isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in naval
            ):
                raise OddsEngineTypeError(
                    f"naval must be a mapping or a list of (name, count) pairs, not {shown(naval)}"
                )
            naval = dict(naval)
        for name, count in naval.items():
            if name not in SQUADRON_COUNTS:
                raise OddsEngineError(
                    f"naval: unknown count {shown(name)}; use {', '.join(SQUADRON_COUNTS)}"
                )
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise OddsEngineError(f"naval: {name} must be a non-negative whole number")
        object.__setattr__(self, "naval", tuple(sorted(naval.items())))

    @property
    def blockade(self) -> str | None:
        """Why 15.1's naval requirement forbids every assault of the campaign, or None."""
        counts = dict(self.naval)
        return naval_requirement_problem(
            counts.get("defender_squadrons_adjacent", 0),
            counts.get("defender_squadrons_in_port", 0),
            counts.get("attacker_squadrons_adjacent", 0),
        )

    def assaults_in(self, impulse: int) -> bool:
        """Whether the besiegers assault in ``impulse`` (they wait before assault_from;
        a blockade, 15.1, forbids every assault)."""
        return impulse >= self.assault_from and self.blockade is None

    @classmethod
    def from_move(cls, move, **parameters) -> SiegeCampaign:
        """The campaign that follows ``move`` in every end state where it lays a siege.

        Examples
        --------
        >>> from oddsengine.moves.scenario_file import load_move
        >>> campaign = SiegeCampaign.from_move(load_move("vienna"), horizon=2)
        >>> round(sum(weight for weight, _, _ in campaign.start), 4)
        0.6631
        """
        start = []
        for weight, state in zip(
            move.end_state_probabilities, move.program.end_states, strict=True
        ):
            if weight > 0 and state.outcome == "besieging" and state.garrison is not None:
                entry = (float(weight), state.besiegers, state.garrison)
                if state.garrison_ally is not None:
                    # 13.4: allied defenders that withdrew together are besieged together.
                    entry += (state.garrison_ally,)
                start.append(entry)
        if not start:
            raise OddsEngineError("the move never lays a siege: there is no campaign to play")
        if "policies" not in parameters and hasattr(move, "policies"):
            # RULES.md §9: the casualty order chosen for each side holds for the whole
            # move, so also in the assaults of the siege it lays (mover = besiegers).
            parameters["policies"] = move.policies
        situation = getattr(move, "situation", None)
        if situation is not None and situation.fleets and "naval" not in parameters:
            from oddsengine.moves.sea import naval_requirement

            # RULES.md §7 / §14: the blockade of the port is read from the board.
            parameters["naval"] = naval_requirement(situation, move.destination, move.power)
        return cls(start=tuple(start), **parameters)

    @property
    def siege_probability(self) -> float:
        """Probability that a siege stands at the start."""
        return float(sum(entry[0] for entry in self.start))

    def assault(self, besiegers: Force, garrison: Force, first: bool, ally=None) -> Assault:
        """The assault of ``besiegers`` on ``garrison`` (with its ``ally``, if any); the
        cards are played in the first. Under a blockade no assault is played; the one built
        here (without the naval counts) only checks the cards."""
        if first:
            # The first assault of a starting siege was built when the campaign was checked.
            accepted = _ACCEPTED_SIEGES.get((besiegers, garrison, ally, self._assault_rules()))
            if accepted is not None:
                return accepted
        return self._new_assault(besiegers, garrison, first, ally)

    def _assault_rules(self) -> tuple:
        """What decides an assault of the campaign besides the forces and whether it is
        the first."""
        return (self.attacker_cards, self.defender_cards, self.policies, self.options, self.naval)

    def _new_assault(self, besiegers: Force, garrison: Force, first: bool, ally) -> Assault:
        naval = dict(self.naval) if self.blockade is None else {}
        return Assault(
            besiegers,
            garrison,
            attacker_cards=self.attacker_cards if first else (),
            defender_cards=self.defender_cards if first else (),
            policies=self.policies,
            options=self.options,
            defender_ally=ally,
            **naval,
        )

    def arrivals(self, impulse: int) -> list[Force]:
        """The reinforcements that join the besiegers at the start of ``impulse``."""
        arriving = [units for when, units in self.schedule if when == impulse]
        if self.reinforcements is not None and impulse > 1:
            arriving.append(self.reinforcements)
        return arriving

    def reinforced(self, besiegers: Force, impulse: int) -> Force:
        """``besiegers`` joined by the reinforcements of ``impulse``."""
        arriving = self.arrivals(impulse)
        if not arriving:
            return besiegers
        counts = {
            kind: getattr(besiegers, kind) + sum(getattr(units, kind) for units in arriving)
            for kind in UNIT_TYPES
        }
        return Force(**counts, leaders=besiegers.leaders, power=besiegers.power)

    def cp_before_assault(self, impulse: int) -> int:
        """CP spent in ``impulse``: its assault, if any, and the reinforcement moves."""
        # 13.1: moving a formation of reinforcements costs 1 CP; 15.1: an assault 1 CP.
        moves = MOVE_CP * len(self.arrivals(impulse))
        return (ASSAULT_CP if self.assaults_in(impulse) else 0) + moves

    def first_assault(self) -> Assault | None:
        """The assault of impulse 1 when the campaign starts from one siege."""
        if len(self.start) != 1:
            return None
        _, besiegers, garrison, ally = self.sieges[0]
        return self.assault(besiegers, garrison, first=True, ally=ally)

    def describe_lines(self) -> list[str]:
        """Which part of the stack assaults in impulse 1, when not all of it does; a
        blockade that forbids every assault."""
        if self.blockade is not None:
            return [f"No assault: {self.blockade}"]
        assault = self.first_assault()
        if assault is None:
            return []
        standing = assault.besiegers_standing_by
        if not (standing.land_units or standing.leaders):
            return []
        return [
            f"Impulse 1: assaulting formation {assault.assaulting_formation.notation()}; "
            f"standing by, still besieging: {standing.notation()} (15.1, 15.3)"
        ]

    def describe(self) -> dict:
        sieges = [
            {"probability": weight, "besiegers": b.notation(), "garrison": _inside(g, ally)}
            for weight, b, g, ally in self.sieges[:SIEGES_LISTED]
        ]
        return (
            {
                "horizon": self.horizon,
                "sieges": sieges,
                # How many starting sieges there are, and their whole chance, beside the
                # first SIEGES_LISTED listed (a move may lay hundreds).
                "sieges_total": len(self.sieges),
                "sieges_probability": math.fsum(weight for weight, *_ in self.sieges),
                "reinforcements": None
                if self.reinforcements is None
                else self.reinforcements.notation(),
                "attacker_cards": [card.slug for card in self.attacker_cards],
                "defender_cards": [card.slug for card in self.defender_cards],
                "schedule": [[impulse, units.notation()] for impulse, units in self.schedule],
                "assault_from": self.assault_from,
            }
            | self._first_formation()
            | self._naval_description()
        )

    def _naval_description(self) -> dict:
        if not self.naval:
            return {}
        return {"naval": dict(self.naval), "blockade": self.blockade}

    def _first_formation(self) -> dict:
        assault = self.first_assault()
        if assault is None:
            return {}
        return {
            "assaulting_formation": assault.assaulting_formation.notation(),
            "besiegers_standing_by": assault.besiegers_standing_by.notation(),
        }

    def title(self) -> str:
        if len(self.start) == 1 and self.start[0][0] == 1.0:
            _, besiegers, garrison, ally = self.sieges[0]
            return f"Siege campaign: {besiegers.notation()}  against  {_inside(garrison, ally)}"
        return f"Siege campaign after a move (siege laid with p = {self.siege_probability:.4f})"


def _inside(garrison: Force, ally: Force | None) -> str:
    """The garrison's notation, and its ally's after a ``+``."""
    return garrison.notation() + ("" if ally is None else f" + {ally.notation()}")


def garrison_counts(garrison: Force, ally: Force | None = None) -> tuple[int, ...]:
    """The garrison's (regulars, mercenaries, cavalry), then its ally's, if any."""
    return unit_counts(garrison) + (() if ally is None else unit_counts(ally))


def garrison_counts_after(assault: Assault, columns) -> np.ndarray:
    """The garrison's unit counts after each cell of ``assault``'s ``columns``: (cells,
    3), or (cells, 6) with an allied garrison (each power's losses as 14 step 9 splits
    them, see :func:`oddsengine.combat.engagements.split_losses`)."""
    total = np.stack([np.asarray(columns[f"defender_{kind}"]) for kind in UNIT_TYPES], axis=1)
    ally = assault.defender_ally
    if ally is None:
        return total
    main = assault.prepared_forces(with_ally=False)[1]
    order = assault.policies.defender_casualty_order
    parts = []
    for force in (main, ally):
        table = np.array(force.units_after_each_loss(order)).reshape(-1, len(UNIT_TYPES))
        lost = force.land_units - np.asarray(columns[f"{force.power}_survivors"])
        parts.append(table[lost])
    counts = np.concatenate(parts, axis=1)
    counts[total.sum(axis=1) == 0] = 0  # the space taken (a card may take it, 105)
    return counts


def force_with(counts, template: Force) -> Force:
    """``template`` (its leaders and power) with the unit ``counts`` (see unit_counts)."""
    return Force(*(int(count) for count in counts), leaders=template.leaders, power=template.power)


def check_campaign(campaign) -> None:
    """Refuse anything but a :class:`SiegeCampaign`."""
    if not isinstance(campaign, SiegeCampaign):
        raise OddsEngineTypeError(f"a SiegeCampaign is needed, not {shown(campaign)}")

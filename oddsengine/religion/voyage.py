"""Voyages to the New World (RULES.md §22, §23.15). An exploration (2 CP): 2d6 + the
explorer's value, +2 with Mercator's Map, −1 on the power's first exploration (Uncharted);
4 or less lost, 5–6 nothing, 7–9 that discovery (or the next unclaimed one below it), 10+
a choice: circumnavigate, the Amazon, or a 1-VP discovery; several powers' voyages are
resolved best explorer first (ties England, France, Hapsburg). A conquest (4 CP): 2d6 +
the conquistador's value, +2 with Smallpox; 6 or less killed, 7–8 nothing, 9 or more the
conquest of that number (9 Maya, 10 Aztecs, 11+ Inca) or the next unclaimed one below it.

One exploration (:class:`Voyage`) or one conquest (:class:`Conquest`) by a power, with a
named explorer or conquistador or one drawn at random from its pool (the pools, and what
both share, in :mod:`oddsengine.religion.new_world_pools`).

Both are frozen specs read by both engines like the combat specs: the draw plan is the
draw from the pool, the 2d6 of the voyage and (an exploration that may circumnavigate) the
2d6 of the circumnavigation; :func:`~oddsengine.religion.new_world.explore` and
:func:`~oddsengine.religion.new_world.conquer` resolve every cell.

Examples
--------
The 20.2 example: Orellana (3) on the Hapsburgs' first exploration (Uncharted, −1) rolls 7:
9, the Mississippi. The chance of that roll is 6/36.

>>> from oddsengine import exact
>>> voyage = Voyage("hapsburg", "Orellana", uncharted=True)
>>> round(exact(voyage).p["discovery:Mississippi River"] * 36)
6
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, two_dice_pmf
from oddsengine.errors import OddsEngineError
from oddsengine.religion.cards import MERCATORS_MAP, SMALLPOX, cards_in_effect
from oddsengine.religion.cards import card_switches as switches_of
from oddsengine.religion.new_world import (
    CHOICES,
    CONQUEST_CODES,
    EXPLORATION_CODES,
    conquer,
    conquests,
    discoveries,
    explore,
)
from oddsengine.religion.new_world_pools import (
    CONQUEST_MARKERS,
    POWERS,
    Voyaging,
    check_power,
    claimed_option,
    conquistador_pool,
    explorer_pool,
    names_of,
    pool_pmf,
    pool_turn_option,
    removed_option,
    sailor_option,
)

__all__ = [
    "Voyage",
    "Conquest",
    "EXPLORATION_CP",
    "CONQUEST_CP",
    "CONQUEST_MARKERS",
    "explorer_pool",
    "conquistador_pool",
    "check_power",
    "names_of",
]

#: 22: an exploration costs 2 CP, a conquest 4 (each once a turn).
EXPLORATION_CP = 2
CONQUEST_CP = 4


@dataclass(frozen=True)
class Voyage(Voyaging):
    """An exploration (22): 2d6 + the explorer's value, +2 with Mercator's Map, −1 on the
    power's first exploration (Uncharted), against the discoveries already claimed.

    Parameters
    ----------
    power : {"england", "france", "hapsburg"}
    explorer : str
        An explorer of the power by name (Cabot too, for the Sebastian Cabot event), or
        ``"random"``: drawn from the power's pool.
    uncharted : bool
        The power's first exploration of the game: −1.
    mercator : bool
        Mercator's Map played for it: +2 (and +2 on the circumnavigation roll).
    claimed : sequence of str or str
        The discoveries already claimed (names, slugs or "Mississippi"; comma-separated).
    removed : sequence of str or str
        Explorers no longer in the pool (lost at sea, placed on a discovery).
    turn : int, optional
        Only the explorers that have entered by then are in the pool.
    choice : {"best", "circumnavigate", "amazon", "discovery"}
        The choice at 10+ (23.15): ``best`` expected VP of this voyage, counting the
        Pacific Strait's 1 VP when unclaimed; ties go to the sure VP (the Amazon, then a
        1-VP discovery, then the circumnavigation). The others are taken whenever open.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(Voyage("hapsburg", "Magellan"))
    >>> round(answer.p["lost"] * 36), round(answer.p["nothing"] * 36)  # +4: 5-6 is a 2
    (0, 1)
    """

    power: str = option(
        "the power that explores; several, comma-separated, for a turn's voyages (resolved "
        "best explorer first, ties England, France, Hapsburg)",
        rule="§22",
        value="names",
        choices=POWERS,
        default="hapsburg",
        required=True,
        metavar="POWER[,POWER...]",
    )
    explorer: str = sailor_option(
        "the explorer by name, or random: drawn from the power's pool (for several powers, "
        "one per power, comma-separated)",
        "explorers_offered",
    )
    uncharted: bool = option(
        "the power's first exploration of the game (-1); for several powers, alone: all of "
        "them, or the powers named",
        rule="§22",
        value="flag-names",
        default=False,
        metavar="POWERS",
    )
    mercator: bool = option(
        f"{MERCATORS_MAP.name} played for the voyage (+{MERCATORS_MAP.voyage_modifier}, on "
        "the circumnavigation roll too); for several powers, alone: all of them, or the "
        "powers named",
        rule="§22",
        value="flag-names",
        default=False,
        metavar="POWERS",
        label=MERCATORS_MAP.name,
    )
    claimed: tuple = claimed_option(
        "discoveries already claimed: st-lawrence-river, great-lakes, mississippi-river, "
        "amazon-river, pacific-strait, circumnavigation"
    )
    removed: tuple = removed_option(
        "explorers no longer in the pool (lost at sea, or placed on a discovery)", "pool_offered"
    )
    turn: int | None = pool_turn_option("explorer")
    choice: str = option(
        "the choice at 10+: best takes the most expected VP of this voyage (the Pacific "
        "Strait's 1 VP counted when unclaimed; ties to the sure VP), the others whenever "
        "open; one of",
        rule="§23.15",
        value="choice",
        choices=CHOICES,
        default="best",
        label="choice at 10+",
    )

    kind = "voyage"
    outcome_names = EXPLORATION_CODES
    #: The card that switches a field on, for its value (:mod:`oddsengine.results`): its
    #: record's.
    card_switches = switches_of("voyage")
    _word = "explorer"
    _claims = staticmethod(discoveries)
    _claim_word = "discovery"
    _cost = EXPLORATION_CP

    def __post_init__(self):
        pool = self._check_common("explorer", explorer_pool)
        self._check_flags(("uncharted", "mercator"))
        self._check_claimed()
        if not isinstance(self.choice, str) or self.choice not in CHOICES:
            raise OddsEngineError(
                f"unknown choice {self.choice!r} at 10+; use one of " + ", ".join(CHOICES)
            )
        if self.uncharted and any(not record.in_random_pool for record in pool):
            # The Sebastian Cabot event's voyage is not flipped Uncharted (explorers.csv).
            raise OddsEngineError(
                "Cabot's voyage (the Sebastian Cabot event) takes no Uncharted -1"
            )

    @classmethod
    def from_options(
        cls, power="hapsburg", explorer="random", uncharted=False, mercator=False, **others
    ):
        """The question the command line's options ask: one power's voyage, or, several
        powers named (``"england,france"``), a turn's voyages
        (:class:`~oddsengine.religion.voyage_turn.VoyageTurn`), each power's explorer
        named in order (default: all drawn at random); ``uncharted`` and ``mercator`` True
        for every power sailing, or the powers they apply to.

        Examples
        --------
        >>> Voyage.from_options("france", "Cartier", mercator=True).title()
        'Exploration: france, Cartier'
        >>> type(Voyage.from_options(("england", "france"))).__name__
        'VoyageTurn'
        """
        powers = names_of(power, "power")
        if not powers:
            raise OddsEngineError("give the power that explores (several for a turn's voyages)")
        explorers = names_of(explorer, "explorer") or ("random",)
        if explorer == "random":  # not named: each power's explorer drawn from its pool
            explorers = ("random",) * len(powers)
        if len(powers) > 1:
            from oddsengine.religion.voyage_turn import VoyageTurn

            return VoyageTurn(
                powers, explorers=explorers, uncharted=uncharted, mercator=mercator, **others
            )
        if len(explorers) != 1:
            raise OddsEngineError(f"give one explorer for {powers[0]}, not {', '.join(explorers)}")
        for name, value in (("uncharted", uncharted), ("mercator", mercator)):
            if not isinstance(value, bool) and [each.lower() for each in names_of(value, name)] != [
                powers[0].lower()
            ]:
                raise OddsEngineError(
                    f"--{name} names {','.join(names_of(value, name))}: only {powers[0]} sails "
                    f"(give --{name} alone)"
                )
        return cls(
            powers[0], explorers[0], uncharted=bool(uncharted), mercator=bool(mercator), **others
        )

    @classmethod
    def explorers_offered(cls, values) -> list[str]:
        """``random`` and the explorers of the power named in ``values`` (random only for
        several: each drawn from his power's pool)."""
        from oddsengine.religion.records import religion_facts

        powers = names_of(values.get("power", "hapsburg"), "power")
        if len(powers) != 1:
            return ["random"]
        explorers = religion_facts().explorers_of(check_power(powers[0]), pool_only=False)
        return ["random", *(each.name for each in explorers)]

    @classmethod
    def pool_offered(cls, values) -> list[str]:
        """The explorers of the random pools of the powers named in ``values``."""
        from oddsengine.religion.records import religion_facts

        powers = names_of(values.get("power", "hapsburg"), "power")
        facts = religion_facts()
        return [each.name for power in powers for each in facts.explorers_of(check_power(power))]

    @cached_property
    def _may_circumnavigate(self) -> bool:
        circle = discoveries()[-1]
        return not self.claimed_mask & circle.bit

    def draw_plan(self) -> DrawPlan:
        """The draw from the pool, the 2d6 of the voyage and, when a circumnavigation is
        still open, the 2d6 of the circumnavigation."""
        circle = two_dice_pmf() if self._may_circumnavigate else None
        return DrawPlan(pool_pmf(len(self.pool)), two_dice_pmf()[None, :], circle)

    @property
    def event_names(self) -> tuple[str, ...]:
        found = tuple(f"discovery:{claim.name}" for claim in discoveries())
        return ("explorer_lost", *found, "circumnavigation_card", *self._who_names())

    def outcome_columns(self, values) -> dict:
        index, roll, circle = (np.asarray(value) for value in values[:3])
        done = explore(
            self.explorer_values[index],
            roll,
            circle,
            self.claimed_mask,
            mercator=self.mercator,
            uncharted=self.uncharted,
            choice=self.choice,
        )
        columns = {
            "outcome": np.array(EXPLORATION_CODES, dtype=object)[done.code],
            "vp": done.vp,
            # 22: lost at sea, or on a failed circumnavigation.
            "explorer_lost": np.isin(done.code, (0, 4)),
        }
        for claim in discoveries():
            columns[f"discovery:{claim.name}"] = (done.gained & claim.bit) > 0
        columns["circumnavigation_card"] = done.card
        columns.update(self._who_columns(index))
        return columns

    def describe(self) -> dict:
        return {
            "power": self.power,
            "explorer": self.explorer,
            "pool": [f"{record.name} ({record.value:+d})" for record in self.pool],
            "uncharted": self.uncharted,
            "mercator": self.mercator,
            "claimed": list(self.claimed),
            "removed": list(self.removed),
            "turn": self.turn,
            "choice": self.choice,
            "cp": EXPLORATION_CP,
        }

    def title(self) -> str:
        who = "an explorer at random" if self.explorer == "random" else self.explorer
        return f"Exploration: {self.power}, {who}"

    def describe_lines(self) -> list[str]:
        modifiers = [f"{record.name} {record.value:+d}" for record in self.pool]
        lines = [
            f"2d6 + value: {', '.join(modifiers)}"
            + (" (drawn at random)" if len(self.pool) > 1 else "")
            + _card_words(self, "exploration")
            + (", -1 Uncharted" if self.uncharted else "")
        ]
        lines.append(
            "Claimed: "
            + (", ".join(self.claimed) or "nothing")
            + f"; choice at 10+: {self.choice}; cost {EXPLORATION_CP} CP"
        )
        return lines


@dataclass(frozen=True)
class Conquest(Voyaging):
    """A conquest (22): 2d6 + the conquistador's value, +2 with Smallpox: 6 or less killed,
    7–8 nothing, 9 or more the conquest of that number (9 Maya, 10 Aztecs, 11+ Inca) or
    the next unclaimed one below it.

    Parameters
    ----------
    power : {"england", "france", "hapsburg"}
    conquistador : str
        A Hapsburg conquistador by name, England's or France's conquest marker
        (``"English Conquest"``), or ``"random"``.
    smallpox : bool
        Smallpox played for it: +2.
    claimed : sequence of str or str
        The conquests already made (Maya, Aztecs, Inca).
    removed : sequence of str or str
        Conquistadors (markers) no longer in the pool: killed, or placed on a conquest.
    turn : int, optional

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(Conquest("hapsburg", "Cortez", smallpox=True))
    >>> round(answer.p["killed"] * 36), round(answer.p["conquest:Inca"] * 36)  # 2d6 <= 0; >= 5
    (0, 30)
    """

    power: str = option(
        "the power that conquers: hapsburg (conquistadors), england or france (markers)",
        rule="§22",
        value="choice",
        choices=POWERS,
        default="hapsburg",
        required=True,
        metavar="POWER",
    )
    conquistador: str = sailor_option(
        "the conquistador by name (England's or France's conquest marker), or random: drawn "
        "from the pool",
        "conquistadors_offered",
    )
    smallpox: bool = option(
        f"{SMALLPOX.name} played for the conquest (+{SMALLPOX.voyage_modifier})",
        rule="§22",
        default=False,
    )
    claimed: tuple = claimed_option("conquests already made: maya, aztecs, inca", label="conquered")
    removed: tuple = removed_option(
        "conquistadors (or markers, once each) no longer in the pool: killed, or placed on a "
        "conquest",
        "conquistadors_in_pool",
    )
    turn: int | None = pool_turn_option("conquistador")

    kind = "conquest"
    outcome_names = CONQUEST_CODES
    #: The card that switches a field on, for its value (:mod:`oddsengine.results`): its
    #: record's.
    card_switches = switches_of("conquest")
    _word = "conquistador"
    _claims = staticmethod(conquests)
    _claim_word = "conquest"
    _cost = CONQUEST_CP

    def __post_init__(self):
        self._check_common("conquistador", conquistador_pool)
        self._check_flags(name for name, _ in self.card_switches)
        self._check_claimed()
        if len(self.claimed) == len(conquests()):
            raise OddsEngineError(
                "no conquest is left to make: " + ", ".join(self.claimed) + " are all claimed (22)"
            )

    @classmethod
    def conquistadors_offered(cls, values) -> list[str]:
        """``random`` and the conquistadors (markers) of the power in ``values``."""
        return ["random", *cls.conquistadors_in_pool(values)]

    @classmethod
    def conquistadors_in_pool(cls, values) -> list[str]:
        """The conquistadors (markers) of the power in ``values``, each once."""
        from oddsengine.religion.records import religion_facts

        power = check_power(values.get("power", "hapsburg"))
        return list(dict.fromkeys(each.name for each in religion_facts().conquistadors_of(power)))

    def draw_plan(self) -> DrawPlan:
        """The draw from the pool and the 2d6 of the conquest."""
        return DrawPlan(pool_pmf(len(self.pool)), two_dice_pmf()[None, :])

    @property
    def event_names(self) -> tuple[str, ...]:
        won = tuple(f"conquest:{claim.name}" for claim in conquests())
        return (*won, *self._who_names())

    def outcome_columns(self, values) -> dict:
        index, roll = (np.asarray(value) for value in values[:2])
        done = conquer(self.explorer_values[index], roll, self.claimed_mask, smallpox=self.smallpox)
        columns = {"outcome": np.array(CONQUEST_CODES, dtype=object)[done.code], "vp": done.vp}
        for claim in conquests():
            columns[f"conquest:{claim.name}"] = (done.gained & claim.bit) > 0
        columns.update(self._who_columns(index))
        return columns

    def describe(self) -> dict:
        return {
            "power": self.power,
            "conquistador": self.conquistador,
            "pool": [f"{record.name} ({record.value:+d})" for record in self.pool],
            "smallpox": self.smallpox,
            "claimed": list(self.claimed),
            "removed": list(self.removed),
            "turn": self.turn,
            "cp": CONQUEST_CP,
        }

    def title(self) -> str:
        who = "a conquistador at random" if self.conquistador == "random" else self.conquistador
        return f"Conquest: {self.power}, {who}"

    def describe_lines(self) -> list[str]:
        names = [f"{record.name} {record.value:+d}" for record in self.pool]
        pool = ", ".join(dict.fromkeys(names))
        return [
            f"2d6 + value: {pool}"
            + (f" (drawn at random from {len(self.pool)})" if len(self.pool) > 1 else "")
            + _card_words(self, "conquest"),
            "Claimed: " + (", ".join(self.claimed) or "nothing") + f"; cost {CONQUEST_CP} CP",
        ]


def _card_words(spec, roll: str) -> str:
    """The cards played for a voyage, as its line of dice says them (``, +2 Smallpox``)."""
    return "".join(f", +{card.modifier_on(roll)} {card.name}" for card in cards_in_effect(spec))

"""A turn's explorations by several powers (RULES.md §22): each power's explorer is drawn
(or named), then the voyages are resolved best explorer first (ties: England, France, the
Hapsburgs), each against what the earlier ones claimed.

:class:`VoyageTurn` is a campaign, a short chain over what has been claimed: its exact
engine walks the chain (:meth:`VoyageTurn.draw_plan` gives the end states and their exact
probabilities) and its Monte Carlo (:mod:`oddsengine.engines.voyage_turn`, a Numba kernel)
draws each power's voyage with the draw plan of its
:class:`~oddsengine.religion.voyage.Voyage` and resolves the turn in the order of
:func:`voyage_order`. :func:`resolve_turn` resolves turns from given draws, with the
pieces of the exact chain: the tests check the kernel's counts against it.

Examples
--------
>>> from oddsengine import exact
>>> turn = VoyageTurn(("france", "hapsburg"), explorers=("Cartier", "Magellan"))
>>> [voyage.explorer for voyage in turn.voyages]
['Cartier', 'Magellan']
>>> answer = exact(turn)
>>> bool(answer.p["hapsburg:circumnavigation"] > answer.p["france:circumnavigation"])
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from oddsengine.draws import CampaignEndStates, two_dice_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown
from oddsengine.religion.new_world import EXPLORATION_CODES, Explored, discoveries, explore
from oddsengine.religion.voyage import EXPLORATION_CP, POWERS, Voyage, check_power, names_of

__all__ = ["VoyageTurn", "END_FIELDS_PER_POWER", "resolve_turn", "voyage_order"]

#: What each power's voyage leaves in an end state: its outcome's code, its VP, its card.
END_FIELDS_PER_POWER = ("code", "vp", "card")
#: The outcomes of a turn: whether some voyage circumnavigates.
TURN_OUTCOMES = ("circumnavigation", "no_circumnavigation")


def _powers(powers) -> tuple[str, ...]:
    if isinstance(powers, str):
        powers = powers.split(",")  # an empty name among them is no power: refused below
    if not isinstance(powers, (list, tuple)) or not powers:
        raise OddsEngineTypeError(f"powers must be powers' names, not {shown(powers)}")
    names = tuple(check_power(power) for power in powers)
    if len(set(names)) != len(names):
        raise OddsEngineError(
            f"a power is listed twice in {', '.join(names)} (22: one exploration a turn)"
        )
    return names


def _subset(values, powers, name: str) -> tuple[str, ...]:
    if values is None or values is False:
        return ()
    if values is True:
        return powers
    chosen = _powers(values) if values else ()
    for power in chosen:
        if power not in powers:
            raise OddsEngineError(f"{name} names {power}, which does not explore this turn")
    return tuple(power for power in powers if power in chosen)


def voyage_order(values, powers) -> np.ndarray:
    """The order the voyages are resolved in (22): best explorer first (his printed value),
    ties England, France, the Hapsburgs. ``values`` has shape (cells, powers); the result
    holds, for each cell, the column of each position.

    Examples
    --------
    >>> voyage_order(np.array([[1, 3, 3]]), ("england", "france", "hapsburg")).tolist()
    [[1, 2, 0]]
    """
    values = np.atleast_2d(np.asarray(values, dtype=np.int64))
    rank = np.array([POWERS.index(power) for power in powers], dtype=np.int64)
    # One key, value first, the power's place second; a stable sort keeps it exact.
    key = -values * len(POWERS) + rank
    return np.argsort(key, axis=1, kind="stable")


def resolve_turn(turn: VoyageTurn, indices, rolls, circles):
    """Resolve every power's voyage of many turns at once from given draws, in the order of
    the rules (the Monte Carlo's kernel gives the same end states for the same draws).

    Parameters
    ----------
    turn : VoyageTurn
    indices, rolls, circles : int arrays, shape (cells, powers)
        The explorer drawn from each power's pool, its 2d6 and its circumnavigation 2d6.

    Returns
    -------
    int array, shape (cells, 1 + 3 * powers)
        The end states: the claims after the turn, then each power's outcome code
        (:data:`EXPLORATION_CODES`), VP and card.
    """
    count = len(turn.powers)
    indices = np.asarray(indices, dtype=np.int64)
    zeros = np.zeros_like(indices)
    table = np.concatenate(
        [indices, np.full((len(indices), 1), turn.voyages[0].claimed_mask), zeros, zeros, zeros],
        axis=1,
    )
    order = voyage_order(turn.explorer_values(indices), turn.powers)
    line = np.arange(len(table))
    for position in range(count):
        columns = order[:, position]
        done = _resolve_at(turn, table, columns, rolls[line, columns], circles[line, columns])
        _record(table, done, columns, count)
    return _end_states(table, count)


def _record(table, done, columns, count) -> None:
    """Write the voyage ``done`` of the power in ``columns`` into the state rows."""
    table[:, count] |= done.gained
    line = np.arange(len(table))
    for offset, result in enumerate((done.code, done.vp, done.card)):
        table[line, count + 1 + offset * count + columns] = result


def _end_states(table, count) -> np.ndarray:
    """The claims, then each power's code, VP and card, from the state rows."""
    ends = table[:, count:]
    per_power = [ends[:, 1 + offset * count + c] for c in range(count) for offset in range(3)]
    return np.stack([ends[:, 0], *per_power], axis=1)


@dataclass(frozen=True)
class VoyageTurn:
    """The explorations of several powers in one turn (22), resolved best explorer first.

    Parameters
    ----------
    powers : sequence of str or str
        The powers that explore this turn (``"england,france,hapsburg"``).
    explorers : sequence of str, optional
        Each power's explorer, by name or ``"random"`` (default: all drawn at random).
    uncharted : sequence of str or bool
        The powers on their first exploration of the game (−1); True: all of them.
    mercator : sequence of str
        The powers whose voyage has Mercator's Map (+2).
    claimed, removed, turn, choice
        As for :class:`~oddsengine.religion.voyage.Voyage`; ``removed`` names the
        explorers of any power no longer in their pools.
    """

    powers: tuple = POWERS
    explorers: tuple | None = None
    uncharted: tuple = ()
    mercator: tuple = ()
    claimed: tuple = ()
    removed: tuple = ()
    turn: int | None = None
    choice: str = "best"
    voyages: tuple = field(default=(), init=False, repr=False, compare=False)

    kind = "voyages"
    outcome_names = TURN_OUTCOMES

    def __post_init__(self):
        powers = _powers(self.powers)
        object.__setattr__(self, "powers", powers)
        explorers = self.explorers
        if explorers is None:
            explorers = ("random",) * len(powers)
        if isinstance(explorers, str):
            explorers = names_of(explorers, "explorers") or ("",)
        if not isinstance(explorers, (list, tuple)) or len(explorers) != len(powers):
            raise OddsEngineError(
                f"give one explorer (or random) per power: {len(powers)} "
                f"powers, explorers {shown(explorers)}"
            )
        object.__setattr__(self, "explorers", tuple(explorers))
        object.__setattr__(self, "uncharted", _subset(self.uncharted, powers, "uncharted"))
        object.__setattr__(self, "mercator", _subset(self.mercator, powers, "mercator"))
        removed = names_of(self.removed, "removed")
        object.__setattr__(self, "removed", removed)
        voyages = tuple(
            Voyage(
                power,
                explorer,
                uncharted=power in self.uncharted,
                mercator=power in self.mercator,
                claimed=self.claimed,
                removed=self._removed_of(power, removed),
                turn=self.turn,
                choice=self.choice,
            )
            for power, explorer in zip(powers, self.explorers, strict=True)
        )
        object.__setattr__(self, "voyages", voyages)
        object.__setattr__(self, "claimed", voyages[0].claimed)
        object.__setattr__(self, "turn", voyages[0].turn)

    @staticmethod
    def _removed_of(power: str, removed) -> tuple[str, ...]:
        from oddsengine.religion.records import religion_facts

        facts = religion_facts()
        names = {
            record.name.casefold(): record.power
            for record in facts.explorers
            if record.in_random_pool
        }
        unknown = [name for name in removed if name.casefold() not in names]
        if unknown:
            pools = sorted(record.name for record in facts.explorers if record.in_random_pool)
            raise OddsEngineError(
                f"unknown explorer {unknown[0]!r} in removed; the pools hold {', '.join(pools)}"
            )
        return tuple(name for name in removed if names[name.casefold()] == power)

    def explorer_values(self, indices) -> np.ndarray:
        """The values of the explorers drawn (``indices`` into each power's pool, shape
        (cells, powers))."""
        indices = np.asarray(indices, dtype=np.int64)
        return np.stack(
            [voyage.explorer_values[indices[:, c]] for c, voyage in enumerate(self.voyages)], axis=1
        )

    # -- the chain -----------------------------------------------------------------------

    @property
    def end_fields(self) -> tuple[str, ...]:
        """The fields of an end state: the claims after the turn, then each power's."""
        return (
            "claimed",
            *(f"{power}:{name}" for power in self.powers for name in END_FIELDS_PER_POWER),
        )

    def exact_weights(self) -> tuple[dict, int]:
        """End state (a tuple of :attr:`end_fields`) -> its weight, a whole number, and the
        weights' common denominator (each pool's size times 36 for every 2d6 of the
        chain): the exact answer as :func:`~oddsengine.results.fractions.exact_fractions`
        reads it."""
        return _chain(self)

    def draw_plan(self):
        """The turn's end states with their exact probabilities (the chain, walked in whole
        numbers, each divided once)."""
        states, denominator = _chain(self)
        return CampaignEndStates(
            {state: weight / denominator for state, weight in states.items()}, _SAMPLED_ON_ITS_OWN
        )

    @property
    def event_names(self) -> tuple[str, ...]:
        per_power = tuple(f"{power}:{code}" for power in self.powers for code in EXPLORATION_CODES)
        found = tuple(f"discovery:{claim.name}" for claim in discoveries())
        return (*per_power, *found)

    @property
    def reported_columns(self) -> dict:
        """Expected VP of the turn, each power's, and VP per CP of all the voyages."""
        columns = {"vp": ("vp", 1.0)}
        columns.update({f"vp:{power}": (f"{power}:vp", 1.0) for power in self.powers})
        columns["vp_per_cp"] = ("vp", 1.0 / (EXPLORATION_CP * len(self.powers)))
        return columns

    def outcome_columns(self, values) -> dict:
        fields = dict(zip(self.end_fields, (np.asarray(v) for v in values), strict=True))
        circled = np.zeros(fields["claimed"].shape, dtype=bool)
        columns = {}
        total = np.zeros(fields["claimed"].shape, dtype=np.int64)
        for power in self.powers:
            code = fields[f"{power}:code"]
            circled |= code == EXPLORATION_CODES.index("circumnavigation")
            total = total + fields[f"{power}:vp"]
        columns["outcome"] = np.where(circled, TURN_OUTCOMES[0], TURN_OUTCOMES[1]).astype(object)
        columns.update(fields)
        columns["vp"] = total
        for power in self.powers:
            for index, code in enumerate(EXPLORATION_CODES):
                columns[f"{power}:{code}"] = fields[f"{power}:code"] == index
        before = self.voyages[0].claimed_mask
        for claim in discoveries():
            columns[f"discovery:{claim.name}"] = ((fields["claimed"] & ~before) & claim.bit) > 0
        return columns

    def describe(self) -> dict:
        return {
            "powers": list(self.powers),
            "voyages": [voyage.describe() for voyage in self.voyages],
            "claimed": list(self.claimed),
            "choice": self.choice,
        }

    def title(self) -> str:
        return "Explorations of the turn: " + ", ".join(
            f"{voyage.power} ({'random' if voyage.explorer == 'random' else voyage.explorer})"
            for voyage in self.voyages
        )

    def describe_lines(self) -> list[str]:
        lines = [f"{voyage.power}: " + voyage.describe_lines()[0] for voyage in self.voyages]
        lines.append(
            "Order: best explorer first (ties England, France, Hapsburg); claimed: "
            + (", ".join(self.claimed) or "nothing")
            + f"; choice at 10+: {self.choice}"
        )
        return lines


#: The ways 2d6 can fall: 36.
_TWO_DICE = 36


def _rolls() -> tuple[np.ndarray, np.ndarray]:
    """Each total of 2d6 and the number of its 36 ways."""
    pmf = two_dice_pmf()
    totals = np.flatnonzero(pmf > 0)
    return totals, np.rint(pmf[totals] * _TWO_DICE).astype(np.int64)


def _merged(table: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``table`` (small non-negative integers) with their summed
    weights (whole numbers, summed exactly), in the order of their mixed-radix key."""
    spans = table.max(axis=0) + 1
    key = np.zeros(len(table), dtype=np.int64)
    for column, span in enumerate(spans.tolist()):
        key = key * span + table[:, column]
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    summed = np.zeros(len(first), dtype=np.int64)
    np.add.at(summed, inverse.ravel(), weights)
    return table[first], summed


def _chain(turn: VoyageTurn) -> tuple[dict, int]:
    """End state -> its weight, a whole number, and the common denominator: every draw
    from the pools (one way each of the pools' sizes' product), then the voyages one
    position at a time (the power at a position depends on the draws), each expanded by
    its 2d6 and by the circumnavigation's 2d6 (36 ways, all alike where it does not
    circumnavigate); equal states are merged after each position. The weights stay below
    2^53: 6 x 3 x 3 x 36^6 for three powers."""
    count = len(turn.powers)
    grids = np.meshgrid(*(np.arange(len(voyage.pool)) for voyage in turn.voyages), indexing="ij")
    draws = np.stack([grid.ravel() for grid in grids], axis=1).astype(np.int64)
    weights = np.ones(len(draws), dtype=np.int64)
    denominator = len(draws)
    order = voyage_order(turn.explorer_values(draws), turn.powers)
    # A state: the draws, the claims, then each power's code, VP and card.
    zeros = np.zeros((len(draws), count), dtype=np.int64)
    table = np.concatenate(
        [draws, np.full((len(draws), 1), turn.voyages[0].claimed_mask), zeros, zeros, zeros], axis=1
    )
    totals, chances = _rolls()
    for position in range(count):
        column_of = order[:, position]
        rows = np.repeat(np.arange(len(table)), totals.size)
        roll = np.tile(totals, len(table))
        chance = weights[rows] * np.tile(chances, len(table))
        # Which rolls lead to a circumnavigation roll: those expand by its 2d6 too.
        first = _resolve_at(turn, table[rows], column_of[rows], roll, np.zeros_like(roll))
        circling = np.isin(first.code, (3, 4))
        again = np.flatnonzero(circling)
        rows_circling = np.repeat(again, totals.size)
        circle = np.concatenate(
            [np.zeros(np.count_nonzero(~circling), dtype=np.int64), np.tile(totals, again.size)]
        )
        keep = np.concatenate([np.flatnonzero(~circling), rows_circling])
        chance = np.concatenate(
            [chance[~circling] * _TWO_DICE, chance[rows_circling] * np.tile(chances, again.size)]
        )
        denominator *= _TWO_DICE * _TWO_DICE
        # The rolls that do not circumnavigate are resolved already (the circumnavigation
        # roll plays no part in them): only the circumnavigations are resolved again, with
        # their 2d6.
        settled, circled = np.flatnonzero(~circling), rows[rows_circling]
        circumnavigations = _resolve_at(
            turn, table[circled], column_of[circled], roll[rows_circling], circle[settled.size :]
        )
        done = Explored(
            *(
                np.concatenate([getattr(first, name)[settled], getattr(circumnavigations, name)])
                for name in ("code", "gained", "vp", "card")
            )
        )
        rows = rows[keep]
        after = table[rows]  # fancy indexing copies the rows
        _record(after, done, column_of[rows], count)
        table, weights = _merged(after, chance)
        order = voyage_order(turn.explorer_values(table[:, :count]), turn.powers)
    final, summed = _merged(_end_states(table, count), weights)
    states = {
        tuple(row): weight for row, weight in zip(final.tolist(), summed.tolist(), strict=True)
    }
    return states, denominator


def _resolve_at(turn: VoyageTurn, table, columns, roll, circle):
    """Resolve, for each state row, the voyage of the power in ``columns``: every row in
    one :func:`explore` (which resolves each element on its own), each row with its
    power's explorer, Mercator's Map and Uncharted (every voyage of the turn is made with
    the turn's choice at 10+)."""
    count = len(turn.powers)
    value = np.zeros(len(table), dtype=np.int64)
    for column, voyage in enumerate(turn.voyages):
        chosen = np.flatnonzero(columns == column)
        value[chosen] = voyage.explorer_values[table[chosen, column]]
    return explore(
        value,
        roll,
        circle,
        table[:, count],
        mercator=np.array([voyage.mercator for voyage in turn.voyages], dtype=bool)[columns],
        uncharted=np.array([voyage.uncharted for voyage in turn.voyages], dtype=bool)[columns],
        choice=turn.voyages[0].choice,
    )


#: What the single-roll engine is told when asked to sample the campaign.
_SAMPLED_ON_ITS_OWN = (
    "a turn's voyages are a campaign, sampled voyage by voyage: give it to "
    "simulate(turn, trials, seed) on its own"
)

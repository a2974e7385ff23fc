"""A turn's New World income (rule 20.4; RULES.md §28.7, §30.14, §30.16): every colony and
conquest of a power rolls on the New World Riches Table in the Card Draw phase, and each
card the Hapsburgs receive faces the Raiders in play, French, then English, then
Protestant, each Raider's fate carried from one card to the next.

:class:`RichesTurn` is a campaign, a short chain over the Raiders' fates: its exact end
states (its draw plan) are walked holding by holding in whole numbers, every 2d6 and every
Raider's die counted (:meth:`RichesTurn.exact_states` gives them as fractions); its Monte
Carlo (:mod:`oddsengine.engines.riches_turn`) draws each holding's roll with the draw plan
of its :class:`~oddsengine.card_rolls.riches.RichesRoll` and resolves the turn with the
same functions (:func:`~oddsengine.card_rolls.riches.riches_result`,
:func:`~oddsengine.card_rolls.riches.raid`).

Examples
--------
>>> from oddsengine import exact
>>> turn = RichesTurn(("inca", "colony"), raiders="french", turn=4)
>>> turn.labels
('inca', 'colony:1')
>>> answer = exact(turn)
>>> round(answer.p["stolen:inca"] * 18)  # a card 5/6 of the time, stolen 1/3 of those
5
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import numpy as np

from oddsengine.card_rolls.card_roll import names, turn_of
from oddsengine.card_rolls.riches import (
    COLONY_COLUMNS,
    COLUMNS,
    CONQUEST_COLUMNS,
    GIVES_CARD,
    RAIDER_STATUSES,
    RICHES_RULE,
    RichesRoll,
    check_column,
    check_power,
    check_raiders,
    holding_lost,
    raid,
    raider_columns,
    raider_events,
    shared_input,
)
from oddsengine.combat.powers import power_adjective
from oddsengine.declaration import option
from oddsengine.draws import CampaignEndStates, OutcomeColumns
from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    checked_arguments,
    checked_flag,
    shown,
)
from oddsengine.option_field import declared_values

__all__ = ["FATES", "MOST_COLONIES", "RichesTurn", "TWO_DICE_COUNTS"]

#: The most colonies, and holdings in all, a turn may be given: a power holds at most the
#: three conquests and a few colonies (a bound on input, which keeps the chain small).
MOST_COLONIES, MOST_HOLDINGS = 3, 6
#: What became of a holding's card (its end code): none, kept, or stolen.
FATES = ("no_card", "kept", "stolen")
#: The number of ways 2d6 makes each total 0..12.
TWO_DICE_COUNTS = np.array([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])


@dataclass(frozen=True)
class RichesTurn:
    """A turn's New World income for one power (RULES.md §28.7, §30.14, §30.16).

    Parameters
    ----------
    holdings : sequence of str or str
        The power's colonies and conquests, in the order they roll (each card then faces
        the Raiders as it is received): ``inca``, ``aztec``, ``maya`` (each at most once),
        ``potosi`` (at most once) and ``colony`` (up to 3), 6 in all; comma-separated in
        text.
        Default one colony.
    power : {"hapsburg", "england", "france"}
        The power whose holdings roll. Default ``hapsburg``.
    galleons : bool
        The power has Galleons (RULES.md §28.7). Default False.
    plantations : bool
        Plantations: +1 on its colonies' and Potosi's rolls, a 13 reading 12 (RULES.md
        §28.7, §30.16). Default False.
    colonial_governor, native_uprising : str, optional
        The holding (a label of :attr:`labels`: ``inca``, ``potosi``, ``colony:2``; or
        ``colony`` when there is one) whose roll is a Card result, or an Elim result
        (RULES.md §28.7). Default None.
    raiders : sequence of str or str
        The Raiders in play (``france``, ``england``, ``protestant``), against the
        Hapsburgs only, from turn 4 (RULES.md §28.7, §30.14). Default none.
    turn : int, optional
        The turn (1..9). Default None, any turn.

    Examples
    --------
    >>> turn = RichesTurn("maya,colony,colony", colonial_governor="colony:2")
    >>> [roll.colonial_governor for roll in turn.rolls]
    [False, False, True]
    """

    holdings: tuple = option(
        "the power's colonies and conquests, in the order they roll: inca, aztec, maya and "
        f"potosi at most once each, colony up to {MOST_COLONIES} times, {MOST_HOLDINGS} in all",
        rule=RICHES_RULE,
        choices=COLUMNS,
        default=("colony",),
    )
    power: str = shared_input("power")
    galleons: bool = shared_input("galleons")
    plantations: bool = shared_input("plantations")
    colonial_governor: str | None = option(
        "the holding whose roll Colonial Governor makes a Card result (inca, potosi, "
        "colony:2; colony when there is one)",
        rule=RICHES_RULE,
        default=None,
        metavar="HOLDING",
        label="Governor on",
    )
    native_uprising: str | None = option(
        "the holding whose roll Native Uprising makes an Elim result",
        rule=RICHES_RULE,
        default=None,
        metavar="HOLDING",
        label="Uprising on",
    )
    raiders: tuple = shared_input("raiders")
    turn: int | None = shared_input("turn")
    rolls: tuple = field(default=(), init=False, repr=False, compare=False)

    kind = "riches-turn"
    #: Its chain is walked in whole numbers: every answer is exact fractions.
    fractions_available = True

    def __post_init__(self):
        object.__setattr__(self, "holdings", _holdings(self.holdings))
        object.__setattr__(self, "power", check_power(self.power))
        for name in ("galleons", "plantations"):
            object.__setattr__(self, name, checked_flag(getattr(self, name), name))
        object.__setattr__(self, "turn", turn_of(self.turn))
        raiders = check_raiders(self.raiders, self.power, self.turn, "RULES.md §28.7")
        object.__setattr__(self, "raiders", raiders)
        for name in ("colonial_governor", "native_uprising"):
            object.__setattr__(self, name, self._label(getattr(self, name), name))
        if self.colonial_governor is not None and self.colonial_governor == self.native_uprising:
            raise OddsEngineError(
                f"Colonial Governor and Native Uprising both on {self.colonial_governor}: a "
                "roll is one result (RULES.md §28.7)"
            )
        rolls = tuple(
            RichesRoll(
                column,
                self.power,
                galleons=self.galleons,
                plantations=self.plantations and column in COLONY_COLUMNS,
                colonial_governor=label == self.colonial_governor,
                native_uprising=label == self.native_uprising,
                raiders=self.raiders,
                turn=self.turn,
            )
            for column, label in zip(self.holdings, self.labels, strict=True)
        )
        object.__setattr__(self, "rolls", rolls)

    @property
    def labels(self) -> tuple[str, ...]:
        """Each holding's name in the events: its column, the colonies numbered."""
        labels, colonies = [], 0
        for column in self.holdings:
            if column == "colony":
                colonies += 1
                labels.append(f"colony:{colonies}")
            else:
                labels.append(column)
        return tuple(labels)

    def _label(self, value, name: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise OddsEngineTypeError(f"{name} must name a holding, not {shown(value)}")
        wanted = value.strip().lower()
        if wanted == "colony" and self.holdings.count("colony") == 1:
            wanted = "colony:1"
        if wanted not in self.labels:
            raise OddsEngineError(
                f"{name} names {value!r}, which is not a holding of this turn; the holdings "
                "are " + ", ".join(self.labels)
            )
        return wanted

    # -- the chain -------------------------------------------------------------------------

    @property
    def end_fields(self) -> tuple[str, ...]:
        """The fields of an end state: each Raider's status (:data:`RAIDER_STATUSES`) and
        the cards it stole, each holding's card (:data:`FATES`), and the holdings lost (to
        the Bonus VP box, or removed)."""
        return (
            *(f"status:{raider}" for raider in self.raiders),
            *(f"steals:{raider}" for raider in self.raiders),
            *(f"holding:{label}" for label in self.labels),
            "holdings_lost",
        )

    @cached_property
    def _raid_table(self) -> dict:
        """For each tuple of the Raiders' statuses, what a card leaves: (statuses after,
        the thief's column or -1, the number of the Raiders' 6**raiders dice giving it)."""
        count = len(self.raiders)
        faces = self.rolls[0].raider_faces(np.arange(6**count))
        table = {}
        for statuses in np.ndindex(*(len(RAIDER_STATUSES),) * count):
            before = np.broadcast_to(np.array(statuses, dtype=np.int64), faces.shape)
            thief, after = raid(faces, before, np.ones(len(faces), dtype=bool), self.galleons)
            found = Counter(
                (tuple(row), int(who))
                for who, row in zip(thief.tolist(), after.tolist(), strict=True)
            )
            table[statuses] = sorted((left, who, dice) for (left, who), dice in found.items())
        return table

    def _holding_ways(self, roll) -> tuple[dict, dict]:
        """The 2d6 ways (out of 36) a holding gives no card and a card, by whether the
        holding is lost."""
        codes = roll.result_codes(np.maximum(np.arange(13), 2))  # totals 0, 1: no way
        ways = ({}, {})
        for code, number in zip(codes.tolist(), TWO_DICE_COUNTS.tolist(), strict=True):
            if number:
                side = ways[int(GIVES_CARD[self.galleons][code])]
                lost = int(holding_lost(roll.column, code))
                side[lost] = side.get(lost, 0) + number
        return ways

    @cached_property
    def _chained(self) -> tuple[dict, int]:
        """:meth:`_chain`, walked once (the exact answer and the fractions read it)."""
        return self._chain()

    def _chain(self) -> tuple[dict, int]:
        """End state -> its weight, a whole number, and the weights' common denominator:
        holding by holding, each 2d6 total counted (out of 36) and, for a card, every
        Raider's die (out of 6 each), equal states merged after each holding."""
        count = len(self.raiders)
        faces = 6**count
        states = {(0,) * (2 * count) + (0,): 1}
        denominator = 1
        for roll in self.rolls:
            no_card, card = self._holding_ways(roll)
            after = defaultdict(int)
            for state, weight in states.items():
                statuses, steals = state[:count], state[count : 2 * count]
                held, lost_before = state[2 * count : -1], state[-1]
                for lost, number in no_card.items():
                    after[(*statuses, *steals, *held, 0, lost_before + lost)] += (
                        weight * number * faces
                    )
                for lost, number in card.items():
                    for left, thief, dice in self._raid_table[statuses]:
                        stolen = list(steals)
                        if thief >= 0:
                            stolen[thief] += 1
                        fate = 1 if thief < 0 else 2
                        after[(*left, *stolen, *held, fate, lost_before + lost)] += (
                            weight * number * dice
                        )
            states = after
            denominator *= 36 * faces
        return dict(states), denominator

    def exact_weights(self) -> tuple[dict, int]:
        """End state (a tuple of :attr:`end_fields`) -> its weight, a whole number, and the
        weights' common denominator: the exact answer as the fractions of
        :func:`~oddsengine.results.fractions.exact_fractions` read it."""
        states, denominator = self._chained
        return dict(sorted(states.items())), denominator

    def exact_states(self) -> dict:
        """End state (a tuple of :attr:`end_fields`) -> its exact probability, a
        :class:`~fractions.Fraction`."""
        states, denominator = self.exact_weights()
        return {state: Fraction(weight, denominator) for state, weight in states.items()}

    def draw_plan(self) -> CampaignEndStates:
        """The turn's end states with their probabilities (the chain, in whole numbers,
        each divided once)."""
        states, denominator = self._chained
        return CampaignEndStates(
            {state: weight / denominator for state, weight in sorted(states.items())},
            "a turn's New World riches are a campaign, sampled holding by holding: give it "
            "to simulate(turn, trials, seed) on its own",
        )

    # -- what the engines read -------------------------------------------------------------

    @property
    def outcome_names(self) -> tuple[str, ...]:
        """The number of cards the power keeps this turn: ``kept:0`` up to one a holding."""
        return tuple(f"kept:{k}" for k in range(len(self.holdings) + 1))

    @property
    def event_names(self) -> tuple[str, ...]:
        events = tuple(f"received:{k}" for k in range(len(self.holdings) + 1))
        events += tuple(f"card:{label}" for label in self.labels)
        if self.raiders:
            events += ("any_stolen",) + tuple(f"stolen:{label}" for label in self.labels)
            events += raider_events(self.raiders)
        return events

    @property
    def reported_columns(self) -> dict:
        """The cards received, kept and stolen (by each Raider), the Raiders lost and the
        holdings lost (to the Bonus VP box, or removed)."""
        columns = {
            name: (name, 1.0)
            for name in ("cards_received", "cards_kept", "cards_stolen", "raiders_lost")
        }
        for raider in self.raiders:
            columns[f"cards_stolen_by:{raider}"] = (f"cards_stolen_by:{raider}", 1.0)
        columns["holdings_lost"] = ("holdings_lost", 1.0)
        return columns

    def outcome_columns(self, values) -> dict:
        fields = dict(zip(self.end_fields, (np.asarray(value) for value in values), strict=True))
        size = np.shape(values[0])
        zero = np.zeros(size, dtype=np.int64)
        fates = [fields[f"holding:{label}"] for label in self.labels]
        received = sum((fate >= 1 for fate in fates), zero)
        kept = sum((fate == 1 for fate in fates), zero)
        # The end fields decide a state; every other column follows from them (derived),
        # the outcome's labels given by their codes (kept:0 .. kept:6 sort as numbers).
        labels = self.outcome_names
        columns = {
            **fields,
            "outcome": np.array(labels, dtype=object)[kept],
            "cards_received": received,
            "cards_kept": kept,
            "cards_stolen": received - kept,
        }
        statuses = [fields[f"status:{raider}"] for raider in self.raiders]
        columns["raiders_lost"] = sum((status > 0 for status in statuses), zero)
        for raider in self.raiders:
            columns[f"cards_stolen_by:{raider}"] = fields[f"steals:{raider}"]
        for k in range(len(self.holdings) + 1):
            columns[f"received:{k}"] = received == k
        for label, fate in zip(self.labels, fates, strict=True):
            columns[f"card:{label}"] = fate >= 1
        if self.raiders:
            columns["any_stolen"] = received > kept
            for label, fate in zip(self.labels, fates, strict=True):
                columns[f"stolen:{label}"] = fate == 2
            for raider, status in zip(self.raiders, statuses, strict=True):
                columns.update(raider_columns(raider, fields[f"steals:{raider}"] > 0, status))
        derived = [name for name in columns if name not in fields]
        return OutcomeColumns(columns, derived=derived, codes={"outcome": (kept, labels)})

    def describe(self) -> dict:
        """The spec as plain data (its JSON ``spec``): its inputs, as given, with each
        holding's label after the holdings."""
        return declared_values(self, after={"holdings": {"labels": list(self.labels)}})

    def title(self) -> str:
        return f"New World riches of the turn: {power_adjective(self.power)} " + ", ".join(
            self.labels
        )

    def describe_lines(self) -> list[str]:
        modifiers = [
            words
            for held, words in (
                (self.galleons, "Galleons"),
                (self.plantations, "Plantations +1 on colonies and Potosi"),
                (self.colonial_governor, f"Colonial Governor on {self.colonial_governor}"),
                (self.native_uprising, f"Native Uprising on {self.native_uprising}"),
            )
            if held
        ]
        raiders = ", ".join(power_adjective(raider) for raider in self.raiders) or "none"
        return [
            "2d6 on each holding's column of the New World Riches Table, in this order "
            f"(RULES.md §28.7): {', '.join(self.labels)}; "
            + (", ".join(modifiers) or "no modifier"),
            f"Raiders in play (RULES.md §30.14): {raiders}",
        ]


def _holdings(value) -> tuple[str, ...]:
    """The holdings, checked: known columns, each conquest and Potosi at most once, a few
    colonies."""
    columns = tuple(check_column(name) for name in names(value, "holdings"))
    if not columns:
        raise OddsEngineError(
            "a turn's riches need at least one colony or conquest (RULES.md §28.7)"
        )
    for column in (*CONQUEST_COLUMNS, "potosi"):
        if columns.count(column) > 1:
            raise OddsEngineError(f"{column} is listed twice: a power holds it once")
    if columns.count("colony") > MOST_COLONIES or len(columns) > MOST_HOLDINGS:
        raise OddsEngineError(
            f"at most {MOST_COLONIES} colonies and {MOST_HOLDINGS} holdings in all, not "
            f"{columns.count('colony')} and {len(columns)}"
        )
    return columns


# A call with an argument a spec does not take is refused naming it, as any bad input.
RichesTurn.__init__ = checked_arguments(RichesTurn.__init__)

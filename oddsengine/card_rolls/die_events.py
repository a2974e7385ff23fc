"""Card events that roll the player's own die or dice against nothing (RULES.md §28.1–
§28.4): Book of Common Prayer's unrest die, Michelangelo's 2d6 CP, Fountain of Youth's
die against a power's explorers and Threat to Power's die against a leader.

Each is a frozen spec read by both engines like a combat: its draw plan is the die (or the
2d6 total, or the die and a draw from a pool), its outcome columns what the card does.

Examples
--------
>>> from oddsengine import exact
>>> round(exact(Michelangelo()).p["cp_at_least:8"] * 12)  # 15/36 = 5/12
5
>>> round(exact(ThreatToPower("Duke of Alva")).p["out_for_game"], 4)
0.5
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from oddsengine.card_rolls.card_roll import (
    CardRollSpec,
    condition_option,
    die_faces,
    die_plan,
    names,
    turn_option,
    whole_number,
)
from oddsengine.card_rolls.records import card_roll
from oddsengine.combat.powers import power_adjective
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, two_dice_pmf
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, checked_arguments, shown
from oddsengine.option_field import declared_values

__all__ = ["BookOfCommonPrayer", "FountainOfYouth", "Michelangelo", "ThreatToPower"]

#: The powers that explore (RULES.md §22), whose exploration Fountain of Youth cancels.
EXPLORING_POWERS = ("hapsburg", "england", "france")


def _english_home_spaces() -> int:
    """England's home spaces on the map, Calais included (the map's data)."""
    from oddsengine.moves.board import load_board

    return sum("england" in space.home_powers for space in load_board())


@dataclass(frozen=True)
class BookOfCommonPrayer(CardRollSpec):
    """Book of Common Prayer's unrest die (RULES.md §28.1), rolled after its four
    Reformation attempts in English home spaces (RULES.md §19: a run of attempts).

    Parameters
    ----------
    catholic_home_spaces : int, optional
        The English home spaces, Calais included, still Catholic after the four attempts
        (0 up to England's home spaces on the map): the unrest the die puts on "all of
        them" is counted, and the spaces put in unrest reported. Default None: the die's
        result is given without counting spaces.
    anne_boleyn_married : bool
        Henry VIII has married Anne Boleyn: the card enters the deck then (rule 21.3,
        §28.1). Default True; False is refused.
    cranmer_committed : bool
        Cranmer is committed: the event needs him uncommitted (RULES.md §28.1). Default
        False; True is refused.
    turn : int, optional
        The turn it is played (1..9); default None, any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(BookOfCommonPrayer(catholic_home_spaces=5))
    >>> round(answer.p["unrest"] * 3), round(answer.expected_values()["unrest_spaces"]["mean"], 4)
    (2, 1.5)
    """

    catholic_home_spaces: int | None = option(
        "the English home spaces, Calais included, still Catholic after the four "
        "Reformation attempts: the spaces put in unrest are counted (default: not counted, "
        "the die's result alone)",
        rule="RULES.md §28.1",
        low=0,
        default=None,
        label="Catholic spaces",
    )
    anne_boleyn_married: bool = condition_option(
        card_roll(62),
        "anne_boleyn_married",
        "Henry VIII has married Anne Boleyn: the card enters the deck then",
        rule="rule 21.3, RULES.md §28.1",
        label="Boleyn married",
    )
    cranmer_committed: bool = condition_option(
        card_roll(62),
        "cranmer_committed",
        "Cranmer is committed: the event needs him uncommitted",
    )
    turn: int | None = turn_option(card_roll(62))

    record = card_roll(62)
    outcome_names = ("unrest", "no_unrest")
    #: RULES.md §28.1: the die's bands, as (least face, spaces put in unrest; None: all).
    BANDS = ((1, 0), (3, 1), (5, 2), (6, None))

    def __post_init__(self):
        if self.catholic_home_spaces is not None:
            spaces = whole_number(
                self.catholic_home_spaces,
                "catholic_home_spaces",
                0,
                _english_home_spaces(),
                f"England's home spaces, Calais included; {self.record.section}",
            )
            object.__setattr__(self, "catholic_home_spaces", spaces)
        self.check_card()

    def draw_plan(self) -> DrawPlan:
        """The die rolled after the attempts."""
        return die_plan()

    @property
    def _bands(self) -> tuple[str, ...]:
        return ("die:3-4", "die:5", "die:6")

    @property
    def event_names(self) -> tuple[str, ...]:
        counted = ()
        if self.catholic_home_spaces is not None:
            counted = tuple(f"unrest_spaces:{k}" for k in self._space_counts())
        return self._bands + counted

    def _space_counts(self) -> list[int]:
        """The numbers of spaces the die may put in unrest, in order."""
        most = self.catholic_home_spaces
        return sorted({most if band is None else min(band, most) for _, band in self.BANDS})

    @property
    def reported_columns(self) -> dict:
        """The spaces put in unrest, where they are counted."""
        if self.catholic_home_spaces is None:
            return {}
        return {"unrest_spaces": ("unrest_spaces", 1.0)}

    def outcome_columns(self, values) -> dict:
        face = die_faces()[np.asarray(values[0])]
        # RULES.md §28.1: 1-2 nothing; 3-4 one space; 5 two; 6 all of them.
        band = np.searchsorted([least for least, _ in self.BANDS], face, side="right") - 1
        columns = {}
        for index, name in enumerate(self._bands, start=1):
            columns[name] = band == index
        unrest = band > 0
        if self.catholic_home_spaces is not None:
            most = self.catholic_home_spaces
            counts = np.array([most if n is None else min(n, most) for _, n in self.BANDS])
            spaces = counts[band]
            unrest = spaces > 0  # no Catholic home space left: nothing to put in unrest
            columns["unrest_spaces"] = spaces
            for k in self._space_counts():
                columns[f"unrest_spaces:{k}"] = spaces == k
        columns = {
            "outcome": np.where(unrest, "unrest", "no_unrest").astype(object),
            **columns,
        }
        return columns

    def title(self) -> str:
        return f"{self.record.name}: the unrest die after its four Reformation attempts"

    def describe_lines(self) -> list[str]:
        counted = (
            "Catholic English home spaces: not counted"
            if self.catholic_home_spaces is None
            else f"Catholic English home spaces after the attempts: {self.catholic_home_spaces}"
        )
        return [self.card_line(), counted]


@dataclass(frozen=True)
class Michelangelo(CardRollSpec):
    """Michelangelo (RULES.md §28.2): the Papacy adds 2d6 CP to St Peter's at once.

    Parameters
    ----------
    turn : int, optional
        The turn it is played (1..9); the card enters the deck on turn 4. Default None,
        any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(Michelangelo(turn=4))
    >>> round(answer.p["cp_at_least:10"] * 6), answer.expected_values()["cp"]["mean"]
    (1, 7.0)
    """

    turn: int | None = turn_option(card_roll(52))

    record = card_roll(52)
    #: The CP added: 2d6 (RULES.md §28.2).
    outcome_names = tuple(f"cp:{total}" for total in range(2, 13))

    def __post_init__(self):
        self.check_card()

    def draw_plan(self) -> DrawPlan:
        """The 2d6 total, indexed 2..12 (cells 0 and 1 never drawn)."""
        return DrawPlan(two_dice_pmf(), np.ones((1, 1)))

    @property
    def event_names(self) -> tuple[str, ...]:
        return tuple(f"cp_at_least:{total}" for total in range(3, 13))

    @property
    def reported_columns(self) -> dict:
        """The CP added to St Peter's."""
        return {"cp": ("cp", 1.0)}

    def outcome_columns(self, values) -> dict:
        total = np.asarray(values[0])
        columns = {"outcome": np.array([f"cp:{t}" for t in total.tolist()], dtype=object)}
        columns["cp"] = total
        for least in range(3, 13):
            columns[f"cp_at_least:{least}"] = total >= least
        return columns

    def title(self) -> str:
        return f"{self.record.name}: 2d6 CP to St Peter's"

    def describe_lines(self) -> list[str]:
        return [self.card_line()]


def _power(value) -> str:
    from oddsengine.religion.voyage import check_power

    return check_power(value)


@dataclass(frozen=True)
class FountainOfYouth(CardRollSpec):
    """Fountain of Youth (RULES.md §28.3): a power's exploration underway is cancelled;
    then a die, 4-6 removes one of that power's explorers, picked at random, from the game.

    Parameters
    ----------
    power : {"hapsburg", "england", "france"}
        The power whose exploration is cancelled (RULES.md §22). Default ``hapsburg``.
    removed : sequence of str or str
        That power's explorers no longer in its pool (lost at sea, placed on a discovery,
        removed earlier); comma-separated in text. Default none.
    exploration_underway : bool
        The power has an exploration underway: the card cancels it (RULES.md §28.3).
        Default True; False is refused.
    turn : int, optional
        The turn it is played (1..9): only the explorers that have entered by then are in
        the pool. Default None, every explorer of the pool.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(FountainOfYouth("france"))  # Cartier, Roberval, Verrazano
    >>> round(answer.p["removed:Cartier"] * 6)  # 1/2 * 1/3
    1
    """

    power: str = option(
        "the power whose exploration underway the card cancels",
        rule="RULES.md §28.3, §22",
        value="choice",
        choices=EXPLORING_POWERS,
        default="hapsburg",
    )
    removed: tuple = option(
        "that power's explorers no longer in its pool (lost at sea, placed on a discovery, "
        "removed earlier), by name",
        rule="RULES.md §22",
        default=(),
        label="not in the pool",
    )
    exploration_underway: bool = condition_option(
        card_roll(77),
        "exploration_underway",
        "the power has an exploration underway: the card cancels it",
        label="exploring",
    )
    turn: int | None = turn_option(
        card_roll(77), ": only the explorers entered by then are in the pool"
    )
    pool: tuple = field(default=(), init=False, repr=False, compare=False)

    record = card_roll(77)
    outcome_names = ("explorer_removed", "no_explorer_removed")

    def __post_init__(self):
        from oddsengine.religion.voyage import explorer_pool

        object.__setattr__(self, "power", _power(self.power))
        object.__setattr__(self, "removed", names(self.removed, "removed"))
        self.check_card()
        pool = explorer_pool(self.power, self.removed, self.turn)
        object.__setattr__(self, "pool", tuple(explorer.name for explorer in pool))

    def draw_plan(self) -> DrawPlan:
        """The die, and the explorer picked at random from the pool."""
        size = max(len(self.pool), 1)
        return die_plan(np.full(size, 1.0 / size))

    @property
    def event_names(self) -> tuple[str, ...]:
        return tuple(f"removed:{name}" for name in self.pool)

    def outcome_columns(self, values) -> dict:
        face = die_faces()[np.asarray(values[0])]
        picked = np.asarray(values[1])
        # RULES.md §28.3: 4-6 removes an explorer, if the pool holds one.
        removed = (face >= 4) & bool(self.pool)
        columns = {
            "outcome": np.where(removed, *self.outcome_names).astype(object),
        }
        for index, name in enumerate(self.pool):
            columns[f"removed:{name}"] = removed & (picked == index)
        return columns

    def describe(self) -> dict:
        # The explorers left in the pool (worked out, not an input) after those removed.
        return {
            **self.card_description(),
            **declared_values(self, leave=("turn",), after={"removed": {"pool": list(self.pool)}}),
        }

    def title(self) -> str:
        return f"{self.record.name}: against the {power_adjective(self.power)} exploration"

    def describe_lines(self) -> list[str]:
        pool = ", ".join(self.pool) or "empty"
        return [self.card_line(), f"{power_adjective(self.power)} explorers in the pool: {pool}"]


@dataclass(frozen=True)
class ThreatToPower(CardRollSpec):
    """Threat to Power (RULES.md §28.4): a die against one of the leaders the card names,
    not captured: 1-3 out for the rest of the turn, 4-6 for the rest of the game.

    Parameters
    ----------
    leader : str
        The leader targeted: one of the card's (Charles Brandon, the Duke of Alva,
        Montmorency, Ibrahim Pasha). Default ``Duke of Alva``.
    captured : bool
        The leader is captured: he cannot be targeted (RULES.md §28.4). Default False;
        True is refused.
    turn : int, optional
        The turn it is played (1..9). Default None, any turn.

    Examples
    --------
    >>> ThreatToPower("montmorency").leader
    'Montmorency'
    """

    leader: str = option(
        "the leader targeted, one the card names",
        rule="RULES.md §28.4",
        value="choice",
        choices=card_roll(103).targets,
        default="Duke of Alva",
    )
    captured: bool = condition_option(
        card_roll(103), "captured", "the leader is captured: he cannot be targeted"
    )
    turn: int | None = turn_option(card_roll(103))

    record = card_roll(103)
    outcome_names = ("out_for_game", "out_for_turn")

    def __post_init__(self):
        from oddsengine.combat.leaders import find_leader

        if not isinstance(self.leader, str):
            raise OddsEngineTypeError(f"leader must be a leader's name, not {shown(self.leader)}")
        name = find_leader(self.leader).name
        if name not in self.record.targets:
            raise OddsEngineError(
                f"{self.record} cannot target {name}: it targets "
                + ", ".join(self.record.targets)
                + f" ({self.record.section})"
            )
        object.__setattr__(self, "leader", name)
        self.check_card()

    def draw_plan(self) -> DrawPlan:
        """The die."""
        return die_plan()

    event_names = ()

    def outcome_columns(self, values) -> dict:
        face = die_faces()[np.asarray(values[0])]
        # RULES.md §28.4: 4-6 for the rest of the game, 1-3 for the rest of the turn.
        return {"outcome": np.where(face >= 4, *self.outcome_names).astype(object)}

    def title(self) -> str:
        return f"{self.record.name}: against {self.leader}"

    def describe_lines(self) -> list[str]:
        return [self.card_line()]


# A call with an argument a spec does not take is refused naming it, as any bad input.
BookOfCommonPrayer.__init__ = checked_arguments(BookOfCommonPrayer.__init__)
Michelangelo.__init__ = checked_arguments(Michelangelo.__init__)
FountainOfYouth.__init__ = checked_arguments(FountainOfYouth.__init__)
ThreatToPower.__init__ = checked_arguments(ThreatToPower.__init__)

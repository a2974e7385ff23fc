"""New World riches (rule 20.4; RULES.md §28.7, §30.14, §30.16): the New World Riches
Table, the Raiders' roll against each card the Hapsburgs receive, and one column's roll
(:class:`RichesRoll`).

In the Card Draw phase every colony and conquest rolls 2d6 on its column; each card the
Hapsburgs receive then faces every Raider in play, French, then English, then Protestant
(RULES.md §30.14). The table and the Raiders' die are data here (:data:`RICHES_LINES`,
:data:`RAIDER_FACES`); :func:`riches_result` and :func:`raid` apply them to whole arrays
of rolls, for the single roll, the turn's exact chain
(:class:`~oddsengine.card_rolls.riches_turn.RichesTurn`) and its Monte Carlo alike.

Examples
--------
>>> riches_result("colony", np.array([3, 7, 12]), plantations=True).tolist()  # 4, 8, 12
['eliminated', 'galleon', 'card']
>>> from oddsengine import exact
>>> round(exact(RichesRoll("inca")).p["card_kept"] * 36)  # all but a 7 with no Galleons
30
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from oddsengine.card_rolls.card_roll import names, turn_of
from oddsengine.card_rolls.records import card_roll, check_in_play
from oddsengine.combat.powers import normalise_power, power_adjective
from oddsengine.declaration import option
from oddsengine.draws import DrawPlan, two_dice_pmf
from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    checked_arguments,
    checked_flag,
    shown,
)
from oddsengine.option_field import declared_values

__all__ = [
    "COLONY_COLUMNS",
    "COLUMNS",
    "CONQUEST_COLUMNS",
    "GIVES_CARD",
    "RAIDER_FACES",
    "RAIDER_ORDER",
    "RAIDER_STATUSES",
    "RESULTS",
    "RICHES_LINES",
    "RichesRoll",
    "check_raiders",
    "raid",
    "raider_columns",
    "raider_events",
    "riches_result",
    "shared_input",
]

#: The columns of the New World Riches Table (RULES.md §28.7): three conquests, the
#: Potosi colony on its own column, and every other colony.
COLUMNS = ("inca", "aztec", "maya", "potosi", "colony")
CONQUEST_COLUMNS = ("inca", "aztec", "maya")
COLONY_COLUMNS = ("potosi", "colony")
#: The results a roll reads (RULES.md §28.7): Depleted (a card; the conquest to the Bonus
#: VP box), Card, Galleon (a card only with Galleons), NE (nothing), Elim (a conquest to
#: the Bonus VP box, a colony removed).
RESULTS = ("depleted", "card", "galleon", "no_effect", "eliminated")
#: The table's lines: the 2d6 totals each covers and each column's result, in COLUMNS'
#: order, as printed (RULES.md §28.7).
RICHES_LINES = (
    ((2, 3), ("depleted", "depleted", "depleted", "eliminated", "eliminated")),
    ((4, 4), ("depleted", "depleted", "depleted", "no_effect", "eliminated")),
    ((5, 5), ("depleted", "depleted", "depleted", "no_effect", "no_effect")),
    ((6, 6), ("card", "no_effect", "depleted", "no_effect", "no_effect")),
    ((7, 7), ("galleon", "galleon", "galleon", "galleon", "no_effect")),
    ((8, 8), ("card", "card", "card", "card", "galleon")),
    ((9, 12), ("card", "card", "card", "card", "card")),
)
#: RULES.md §28.7: Plantations adds 1 to colony and Potosi rolls; §30.16: above 12 reads 12.
PLANTATIONS_BONUS, HIGHEST_TOTAL = 1, 12

#: RULES.md §30.14: the Raiders roll in this order.
RAIDER_ORDER = ("france", "england", "protestant")
#: The powers that hold colonies and conquests (RULES.md §22).
HOLDING_POWERS = ("hapsburg", "england", "france")
#: The rule of the riches, cited by each input.
RICHES_RULE = "RULES.md §28.7"
#: The inputs a roll and a turn share, declared once (:func:`shared_input`).
_SHARED = {
    "power": dict(
        words="the power that holds the colonies and conquests",
        rule="RULES.md §22",
        value="choice",
        choices=HOLDING_POWERS,
        default="hapsburg",
    ),
    "galleons": dict(
        words="the power has Galleons: a Galleon result gives a card, and a Raider's 2 "
        "eliminates the Raider",
        rule=RICHES_RULE,
        default=False,
    ),
    "plantations": dict(
        words="Plantations: +1 on a colony's or Potosi's roll, a modified 13 reading 12",
        rule=f"{RICHES_RULE}, §30.16",
        default=False,
    ),
    "raiders": dict(
        words="the Raiders in play, rolling in this order against each Hapsburg card: "
        "france, england, protestant (the Hapsburgs' riches only, from turn 4)",
        rule=f"{RICHES_RULE}, §30.14",
        choices=RAIDER_ORDER,
        default=(),
    ),
    "turn": dict(
        words="the turn of the roll: the Raiders are refused before turn 4 (default: any turn)",
        rule=RICHES_RULE,
        low=1,
        high=9,
        default=None,
    ),
}


def shared_input(name: str):
    """The field of an input that one column's roll and a turn's riches share, declared
    once (:func:`~oddsengine.declaration.option`): ``power``, ``galleons``,
    ``plantations``, ``raiders``, ``turn``."""
    return option(**_SHARED[name])


#: What a Raider's die does (RULES.md §28.7), face by face: whether the Raider is
#: eliminated (``"galleons"``: only if the Hapsburgs have Galleons), whether it steals the
#: card, whether it then retires.
RAIDER_FACES = {
    1: (True, False, False),
    2: ("galleons", False, False),
    3: (False, False, False),
    4: (False, False, False),
    5: (False, True, True),
    6: (False, True, False),
}
#: A Raider's status after a roll: still in play, eliminated, or retired after a theft.
RAIDER_STATUSES = ("in_play", "eliminated", "retired")
#: The power whose New World cards the Raiders roll against (RULES.md §28.7).
RAIDED_POWER = "hapsburg"
#: The Raiders' card (its entry turn and record).
RAIDERS_CARD = card_roll(49)


def _result_table() -> np.ndarray:
    """The result code (index into RESULTS) of every column and 2d6 total 0..12."""
    table = np.full((len(COLUMNS), HIGHEST_TOTAL + 1), -1, dtype=np.int64)
    for (low, high), results in RICHES_LINES:
        for column, result in enumerate(results):
            table[column, low : high + 1] = RESULTS.index(result)
    return table


_RESULT_CODES = _result_table()


def riches_result(
    column: str,
    total,
    *,
    plantations: bool = False,
    colonial_governor: bool = False,
    native_uprising: bool = False,
    codes: bool = False,
):
    """The result each 2d6 ``total`` reads on ``column`` (RULES.md §28.7, §30.16).

    Parameters
    ----------
    column : str
        One of :data:`COLUMNS`.
    total : int array
        The 2d6 totals (2..12).
    plantations : bool
        +1 on a colony's or Potosi's roll; a modified 13 reads 12.
    colonial_governor, native_uprising : bool
        The roll is a Card result, or an Elim result, whatever the dice.
    codes : bool
        Give each result's index in :data:`RESULTS` instead of its name.
    """
    total = np.asarray(total, dtype=np.int64)
    if plantations and column in COLONY_COLUMNS:
        total = np.minimum(total + PLANTATIONS_BONUS, HIGHEST_TOTAL)
    found = _RESULT_CODES[COLUMNS.index(column)][total]
    if colonial_governor:
        found = np.full_like(found, RESULTS.index("card"))
    if native_uprising:
        found = np.full_like(found, RESULTS.index("eliminated"))
    return found if codes else np.array(RESULTS, dtype=object)[found]


def gives_card(result_codes, galleons: bool):
    """Whether each result (codes of :data:`RESULTS`) gives a card: Depleted and Card do,
    Galleon only with Galleons (RULES.md §28.7)."""
    result_codes = np.asarray(result_codes)
    given = np.isin(result_codes, (RESULTS.index("depleted"), RESULTS.index("card")))
    if galleons:
        given |= result_codes == RESULTS.index("galleon")
    return given


#: GIVES_CARD[galleons][code]: whether the result of that code gives a card.
GIVES_CARD = tuple(gives_card(np.arange(len(RESULTS)), galleons) for galleons in (False, True))


def holding_lost(column: str, result_codes):
    """Whether each result takes the holding away: a Depleted or Elim conquest goes to the
    Bonus VP box, an Elim colony is removed (RULES.md §28.7)."""
    result_codes = np.asarray(result_codes)
    lost = result_codes == RESULTS.index("eliminated")
    if column in CONQUEST_COLUMNS:
        lost |= result_codes == RESULTS.index("depleted")
    return lost


def raid(faces, statuses, card, galleons: bool):
    """The Raiders' rolls against a card (RULES.md §28.7, §30.14).

    Parameters
    ----------
    faces : int array, shape (..., raiders)
        Each Raider's die (1..6), in :data:`RAIDER_ORDER` among those given.
    statuses : int array, shape (..., raiders)
        Each Raider's status (index into :data:`RAIDER_STATUSES`) before the card.
    card : bool array, shape (...)
        Whether there is a card to raid.
    galleons : bool
        The Hapsburgs have Galleons: a 2 eliminates the Raider.

    Returns
    -------
    thief : int array, shape (...)
        The Raider that stole the card (its column), or -1.
    statuses : int array, shape (..., raiders)
        The statuses after the card.

    Examples
    --------
    >>> thief, after = raid(np.array([[2, 6]]), np.array([[0, 0]]), np.array([True]), True)
    >>> thief.tolist(), after.tolist()  # France eliminated by the 2; England steals
    ([1], [[1, 0]])
    """
    faces = np.asarray(faces)
    statuses = np.array(statuses, copy=True)
    thief = np.full(np.shape(card), -1, dtype=np.int64)
    for raider in range(faces.shape[-1]):
        # Only a Raider in play rolls, and only for a card not yet stolen (RULES.md §30.14).
        rolls = np.asarray(card) & (thief < 0) & (statuses[..., raider] == 0)
        face = faces[..., raider]
        for value, (eliminated, steals, retires) in RAIDER_FACES.items():
            hit = rolls & (face == value)
            if eliminated is True or (eliminated == "galleons" and galleons):
                statuses[..., raider] = np.where(hit, 1, statuses[..., raider])
            if steals:
                thief = np.where(hit, raider, thief)
                if retires:
                    statuses[..., raider] = np.where(hit, 2, statuses[..., raider])
    return thief, statuses


def raider_events(raiders) -> tuple[str, ...]:
    """Each Raider's events, Raider by Raider: it stole the card, it was eliminated, it
    retired after a theft (RULES.md §28.7, §30.14).

    Examples
    --------
    >>> raider_events(("france",))
    ('stolen_by:france', 'raider_eliminated:france', 'raider_retired:france')
    """
    return tuple(
        f"{event}:{raider}"
        for raider in raiders
        for event in ("stolen_by", "raider_eliminated", "raider_retired")
    )


def raider_columns(raider: str, stole, status) -> dict:
    """The columns of :func:`raider_events` for one Raider: whether it stole (``stole``, a
    bool array) and its status after the rolls (an index into :data:`RAIDER_STATUSES`)."""
    return {
        f"stolen_by:{raider}": stole,
        f"raider_eliminated:{raider}": status == RAIDER_STATUSES.index("eliminated"),
        f"raider_retired:{raider}": status == RAIDER_STATUSES.index("retired"),
    }


def check_raiders(raiders, power: str, turn, where: str) -> tuple[str, ...]:
    """The Raiders given (``"french,english"``), as powers in :data:`RAIDER_ORDER`'s order;
    refused when one is not a Raider's power, is listed twice, raids another power than
    the Hapsburgs, or is given on a turn before Huguenot Raiders enters."""
    given = names(raiders, "raiders")
    found = []
    for name in given:
        power_of = normalise_power(name)
        if power_of not in RAIDER_ORDER:
            raise OddsEngineError(
                f"{name!r} is not a Raider: the Raiders are "
                + ", ".join(power_adjective(raider) for raider in RAIDER_ORDER)
                + " (RULES.md §28.7)"
            )
        if power_of in found:
            raise OddsEngineError(f"the {power_adjective(power_of)} Raider is listed twice")
        found.append(power_of)
    if found and power != RAIDED_POWER:
        raise OddsEngineError(
            "the Raiders roll against the Hapsburgs' New World cards only, not the "
            f"{power_adjective(power)} ones ({where})"
        )
    if found:
        check_in_play(RAIDERS_CARD, None, turn)
    return tuple(raider for raider in RAIDER_ORDER if raider in found)


def check_power(power) -> str:
    """The power whose holdings roll: England, France or the Hapsburgs (RULES.md §22)."""
    from oddsengine.religion.voyage import check_power as voyage_power

    return voyage_power(power)


def check_column(column) -> str:
    """A column of the table, lower-cased; else refused with the columns."""
    if not isinstance(column, str):
        raise OddsEngineTypeError(f"column must be a column's name, not {shown(column)}")
    name = column.strip().lower()
    if name == "aztecs":
        name = "aztec"
    if name not in COLUMNS:
        raise OddsEngineError(
            f"unknown column {column!r} of the New World Riches Table; use one of "
            + ", ".join(COLUMNS)
            + " (RULES.md §28.7)"
        )
    return name


@dataclass(frozen=True)
class RichesRoll:
    """One colony's or conquest's roll on the New World Riches Table (rule 20.4; RULES.md
    §28.7), and the Raiders' rolls against the card it gives the Hapsburgs.

    Parameters
    ----------
    column : {"inca", "aztec", "maya", "potosi", "colony"}
        The column rolled on: a conquest, the Potosi colony, or any other colony. Default
        ``colony``.
    power : {"hapsburg", "england", "france"}
        The power that holds it. Default ``hapsburg``.
    galleons : bool
        The power has Galleons: a Galleon result gives a card, and a Raider's 2 eliminates
        it (RULES.md §28.7). Default False.
    plantations : bool
        Plantations: +1 on a colony's or Potosi's roll, a modified 13 reading 12 (RULES.md
        §28.7, §30.16); refused on a conquest's column. Default False.
    colonial_governor : bool
        Colonial Governor on this holding: the roll is a Card result. Default False.
    native_uprising : bool
        Native Uprising on this holding: the roll is an Elim result. Default False.
    raiders : sequence of str or str
        The Raiders in play (``france``, ``england``, ``protestant``; ``french`` and
        ``english`` read too), rolling in that order against a Hapsburg card (RULES.md
        §30.14). Only against the Hapsburgs; from turn 4 (Huguenot Raiders). Default none.
    turn : int, optional
        The turn of the roll (1..9). Default None, any turn.

    Examples
    --------
    >>> from oddsengine import exact
    >>> answer = exact(RichesRoll("colony", raiders="french"))
    >>> round(answer.p["card_stolen"] * 108)  # a card on 9-12 (10/36), stolen on 5-6 (1/3)
    10
    """

    column: str = option(
        "the column rolled on: a conquest (inca, aztec, maya), the Potosi colony, or any "
        "other colony",
        rule=f"{RICHES_RULE}, §30.16",
        value="choice",
        choices=COLUMNS,
        default="colony",
    )
    power: str = shared_input("power")
    galleons: bool = shared_input("galleons")
    plantations: bool = shared_input("plantations")
    colonial_governor: bool = option(
        "Colonial Governor on this holding: the roll is a Card result",
        rule=RICHES_RULE,
        default=False,
        label="Governor",
    )
    native_uprising: bool = option(
        "Native Uprising on this holding: the roll is an Elim result",
        rule=RICHES_RULE,
        default=False,
        label="Uprising",
    )
    raiders: tuple = shared_input("raiders")
    turn: int | None = shared_input("turn")

    kind = "riches"
    outcome_names = ("card_kept", "card_stolen", "no_card")

    def __post_init__(self):
        object.__setattr__(self, "column", check_column(self.column))
        object.__setattr__(self, "power", check_power(self.power))
        for name in ("galleons", "plantations", "colonial_governor", "native_uprising"):
            object.__setattr__(self, name, checked_flag(getattr(self, name), name))
        if self.plantations and self.column not in COLONY_COLUMNS:
            raise OddsEngineError(
                f"Plantations adds 1 to colony and Potosi rolls only, not to the {self.column} "
                "conquest's (RULES.md §28.7)"
            )
        if self.colonial_governor and self.native_uprising:
            raise OddsEngineError(
                "Colonial Governor and Native Uprising on the same roll: the roll is one "
                "result (RULES.md §28.7)"
            )
        object.__setattr__(self, "turn", turn_of(self.turn))
        object.__setattr__(
            self, "raiders", check_raiders(self.raiders, self.power, self.turn, "RULES.md §28.7")
        )

    def draw_plan(self) -> DrawPlan:
        """The 2d6 total (indexed 2..12), then the Raiders' dice in base 6 (the first
        Raider's die the highest digit), one row."""
        faces = 6 ** len(self.raiders)
        return DrawPlan(two_dice_pmf(), np.full((1, faces), 1.0 / faces))

    def raider_faces(self, code) -> np.ndarray:
        """The Raiders' dice (1..6), shape (..., raiders), from the second value drawn."""
        code = np.asarray(code)
        count = len(self.raiders)
        digits = [(code // 6 ** (count - 1 - raider)) % 6 + 1 for raider in range(count)]
        return np.stack(digits, axis=-1) if digits else np.zeros((*code.shape, 0), dtype=int)

    def result_codes(self, total):
        """The result (its index in :data:`RESULTS`) of each 2d6 total."""
        return riches_result(
            self.column,
            total,
            plantations=self.plantations,
            colonial_governor=self.colonial_governor,
            native_uprising=self.native_uprising,
            codes=True,
        )

    @property
    def event_names(self) -> tuple[str, ...]:
        events = tuple(f"result:{result}" for result in RESULTS) + ("holding_lost",)
        return events + raider_events(self.raiders)

    @property
    def reported_columns(self) -> dict:
        """The cards kept and the Raiders lost (eliminated or retired)."""
        return {"cards_kept": ("cards_kept", 1.0), "raiders_lost": ("raiders_lost", 1.0)}

    def outcome_columns(self, values) -> dict:
        total, dice = (np.asarray(value) for value in values[:2])
        result = self.result_codes(total)
        card = GIVES_CARD[self.galleons][result]
        statuses = np.zeros((*total.shape, len(self.raiders)), dtype=np.int64)
        thief, statuses = raid(self.raider_faces(dice), statuses, card, self.galleons)
        kept = card & (thief < 0)
        columns = {
            "outcome": np.where(kept, "card_kept", np.where(card, "card_stolen", "no_card")).astype(
                object
            ),
            "cards_kept": kept.astype(np.int64),
            "raiders_lost": (statuses > 0).sum(axis=-1),
        }
        for index, name in enumerate(RESULTS):
            columns[f"result:{name}"] = result == index
        columns["holding_lost"] = holding_lost(self.column, result)
        for index, raider in enumerate(self.raiders):
            columns.update(raider_columns(raider, thief == index, statuses[..., index]))
        return columns

    def describe(self) -> dict:
        """The spec as plain data (its JSON ``spec``): its inputs, as given."""
        return declared_values(self)

    def title(self) -> str:
        held = "conquest" if self.column in CONQUEST_COLUMNS else "colony"
        name = "colony" if self.column == "colony" else f"{self.column.capitalize()} {held}"
        return f"New World riches: the {power_adjective(self.power)} {name}'s roll"

    def describe_lines(self) -> list[str]:
        modifiers = [
            words
            for name, words in (
                ("galleons", "Galleons"),
                ("plantations", "Plantations +1"),
                ("colonial_governor", "Colonial Governor: a Card result"),
                ("native_uprising", "Native Uprising: an Elim result"),
            )
            if getattr(self, name)
        ]
        raiders = ", ".join(power_adjective(raider) for raider in self.raiders) or "none"
        return [
            f"2d6 on the {self.column} column of the New World Riches Table (RULES.md "
            f"§28.7); " + (", ".join(modifiers) or "no modifier"),
            f"Raiders in play (RULES.md §30.14): {raiders}",
        ]


# A call with an argument a spec does not take is refused naming it, as any bad input.
RichesRoll.__init__ = checked_arguments(RichesRoll.__init__)

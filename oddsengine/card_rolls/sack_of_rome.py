"""The Sack of Rome (card #95; RULES.md §28.8, §30.15): the field battle it is.

A single non-Papal stack in an Italian-zone space holding more mercenaries than the Papal
regulars in Rome fights a field battle in Rome, the whole stack (formation limit ignored)
against the Papal regulars only. The Papacy defends with its regulars + 1 dice (1 die with
none) and wins ties; combat and response cards are played as in any field battle. If the
Papacy loses, St Peter's loses 5 CP (not below 0) and the sacker draws 2 random cards
from the Papal hand (never the Home card), keeps one and discards the other.

:class:`SackOfRome` is a :class:`~oddsengine.combat.field_battle.FieldBattle` with these
settings: the one battle resolution of :mod:`oddsengine.combat` (its dice, cards, hits,
ties and losses) decides it; only who fights, the formation limit and the attacker's
leader dice (RULES.md §30.15, ``sack_leader_dice``) are its own.

Examples
--------
>>> from oddsengine import exact
>>> sack = SackOfRome("hapsburg: 4M", papal_regulars=0)
>>> sack.attacker_dice, sack.defender_dice
(4, 1)
>>> round(exact(sack).p["attacker_wins"], 4)  # 163/243, worked out in the tests
0.6708
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np

from oddsengine.card_rolls.card_roll import CardRollSpec
from oddsengine.card_rolls.records import card_roll
from oddsengine.combat.field_battle import FieldBattle
from oddsengine.combat.forces import FORCE_NOTATION, Force, as_force
from oddsengine.errors import (
    OddsEngineError,
    OddsEngineTypeError,
    checked_arguments,
    checked_flag,
    shown,
)
from oddsengine.option_field import declared_values, option

__all__ = ["SackOfRome", "ST_PETERS_CP_LOST", "CARDS_DRAWN", "MOST_PAPAL_REGULARS"]

#: RULES.md §28.8: St Peter's loses 5 CP; the sacker draws 2 cards and keeps 1.
ST_PETERS_CP_LOST = 5
CARDS_DRAWN, CARDS_KEPT = 2, 1
#: The most Papal regulars Rome may be given as holding (a bound on input).
MOST_PAPAL_REGULARS = 30
#: The most CP St Peter's track, or cards the Papal hand, may be given as holding.
MOST_ST_PETERS_CP, MOST_PAPAL_CARDS = 99, 20
#: The heading of the Sack's own options.
_SACK = "the card's own (RULES.md §28.8)"
#: The language zone the sacking stack stands in (RULES.md §28.8).
SACK_ZONE = "italian"


@dataclass(frozen=True)
class SackOfRome(FieldBattle, CardRollSpec):
    """The Sack of Rome (RULES.md §28.8): a field battle in Rome of a stack against the
    Papal regulars.

    Parameters
    ----------
    attacker : Force or str
        The whole non-Papal stack (``"hapsburg: 4R 5M Duke of Alva"``): no formation limit
        (RULES.md §28.8). It must hold more mercenaries than ``papal_regulars``.
    papal_regulars : int
        The Papal regulars in Rome (0..30), the only defenders: they roll their number + 1
        dice (1 with none). Default 0.
    attacker_cards, defender_cards, responses : sequence of Card or str
        Combat cards of the sacker and of the Papacy, and response cards of other powers,
        as in any field battle (RULES.md §8, §28.8): slugs or names (``field-artillery``).
        Default none.
    policies : Policies
        The players' choices (RULES.md §9): casualty orders, post-roll cards. Default
        :class:`~oddsengine.combat.options.Policies` ``()``.
    options : RuleOptions
        The readings of the combat rules (RULES.md §8). Default
        :class:`~oddsengine.combat.options.RuleOptions` ``()``.
    sack_leader_dice : bool
        RULES.md §30.15: True (default), the attacker rolls one die a unit plus its best
        leader's battle rating, as in a field battle; False, one die a unit only ("1 die
        for each unit").
    space : str, optional
        The space the stack stands in: it must be in the Italian language zone (RULES.md
        §28.8). Default None: not checked.
    st_peters_cp : int, optional
        The CP on St Peter's track (0..99): it loses 5, not below 0, if the Papacy loses.
        Default None: the 5 CP counted whole.
    papal_cards : int, optional
        The cards in the Papal hand besides its Home card (0..20): the sacker draws 2 of
        them (as many as there are) and keeps 1. Default None: at least 2.
    turn : int, optional
        The turn it is played (1..9). Default None, any turn.

    Examples
    --------
    >>> SackOfRome("4M Duke of Alva", papal_regulars=1, sack_leader_dice=False).attacker_dice
    4
    """

    #: The whole stack that sacks Rome (RULES.md §28.8): no formation limit.
    attacker: Force = option(FORCE_NOTATION, value="force", example="hapsburg: 4M Duke of Alva")
    # The defender is the Papal regulars (from papal_regulars), alone.
    defender: Force | None = field(default=None, init=False)
    defender_ally: None = field(default=None, init=False, repr=False)
    joined_garrison: None = field(default=None, init=False, repr=False)
    papal_regulars: int = option(
        "the Papal regulars in Rome, the only defenders: they roll their number + 1 dice (1 "
        "with none); fewer than the stack's mercenaries",
        rule="§28.8",
        default=0,
        low=0,
        high=MOST_PAPAL_REGULARS,
        group=_SACK,
    )
    sack_leader_dice: bool = option(
        "off: the stack rolls one die a unit only, without its best leader's battle rating "
        '("1 die for each unit")',
        rule="§30.15",
        default=True,
        group=_SACK,
    )
    space: str | None = option(
        "the space the stack stands in: an Italian-zone space (default: not checked)",
        rule="§28.8",
        default=None,
        metavar="SPACE",
        group=_SACK,
    )
    st_peters_cp: int | None = option(
        "the CP on St Peter's track: it loses 5, not below 0, if the Papacy loses (default: "
        "the 5 CP counted whole)", rule="§28.8", default=None, low=0, high=MOST_ST_PETERS_CP,
        group=_SACK)  # fmt: skip
    papal_cards: int | None = option(
        "the cards in the Papal hand besides its Home card: the sacker draws 2 of them and "
        "keeps 1 (default: at least 2)", rule="§28.8", default=None, low=0,
        high=MOST_PAPAL_CARDS, group=_SACK)  # fmt: skip
    turn: int | None = option(
        "the turn it is played (default: any turn)", default=None, low=1, high=9, group=_SACK
    )

    record = card_roll(95)

    def __post_init__(self):
        section = self.record.section
        attacker = as_force(self.attacker, "attacker")
        if attacker.power == "papacy":
            # RULES.md §28.8: a single non-Papal stack.
            raise OddsEngineError(f"{self.record} is played with a non-Papal stack ({section})")
        object.__setattr__(self, "attacker", attacker)
        self.read_counts("papal_regulars")
        object.__setattr__(self, "defender", Force(regulars=self.papal_regulars, power="papacy"))
        object.__setattr__(
            self, "sack_leader_dice", checked_flag(self.sack_leader_dice, "sack_leader_dice")
        )
        self.read_counts("st_peters_cp", "papal_cards")
        if self.space is not None:
            object.__setattr__(self, "space", self._italian_space(self.space))
        self.check_card()
        super().__post_init__()

    def _italian_space(self, name) -> str:
        from oddsengine.moves.board import load_board
        from oddsengine.religion.records import religion_facts

        if not isinstance(name, str):
            raise OddsEngineTypeError(f"space must be a space's name, not {shown(name)}")
        space = load_board().space(name).name
        zone = religion_facts().zone_of(space)
        if zone != SACK_ZONE:
            raise OddsEngineError(
                f"{self.record} is played from a space of the Italian language zone: "
                f"{space} is in {'no' if zone == 'none' else 'the ' + zone} zone "
                f"({self.record.section})"
            )
        return space

    def _check_forces(self):
        attacker, section = self.attacker, self.record.section
        # RULES.md §28.8: the stack holds more mercenaries than the Papal regulars in Rome;
        # the whole stack fights, formation limit ignored.
        if attacker.mercenaries <= self.papal_regulars:
            raise OddsEngineError(
                f"{self.record} needs more mercenaries in the stack than Papal regulars in "
                f"Rome: {attacker.mercenaries} mercenaries against {self.papal_regulars} "
                f"regulars ({section})"
            )

    def _rating(self, role, force) -> int:
        # RULES.md §28.8: the Papacy rolls its regulars + 1 (1 with none); the attacker one
        # die a unit, plus its best battle rating unless sack_leader_dice is off (§30.15).
        return force.battle_rating if role == "defender" or self.sack_leader_dice else 0

    def state_digits(self, plan):
        """None: the Sack's states carry its own columns (St Peter's CP, the cards taken),
        so the engines merge its outcome columns."""
        return None

    @property
    def reported_columns(self) -> dict:
        """St Peter's CP lost, the Papal cards the sacker keeps and those discarded."""
        return {
            "st_peters_cp_lost": ("st_peters_cp_lost", 1.0),
            "cards_taken": ("cards_taken", 1.0),
            "papal_cards_lost": ("papal_cards_lost", 1.0),
        }

    def outcome_columns(self, values):
        columns = dict(super().outcome_columns(values))
        sacked = columns["outcome"] == "attacker_wins"
        # RULES.md §28.8: St Peter's -5 CP, not below 0; 2 cards drawn, 1 kept.
        cp = (
            ST_PETERS_CP_LOST
            if self.st_peters_cp is None
            else min(ST_PETERS_CP_LOST, self.st_peters_cp)
        )
        drawn = CARDS_DRAWN if self.papal_cards is None else min(CARDS_DRAWN, self.papal_cards)
        columns["st_peters_cp_lost"] = np.where(sacked, cp, 0)
        columns["cards_taken"] = np.where(sacked, min(CARDS_KEPT, drawn), 0)
        columns["papal_cards_lost"] = np.where(sacked, drawn, 0)
        return columns

    def describe(self) -> dict:
        # The card, the battle as a field battle's spec writes it, then the Sack's own inputs.
        battle = [item.name for item in fields(FieldBattle)]
        return {
            **self.card_description(),
            **super().describe(),
            **declared_values(self, leave=(*battle, "turn")),
        }

    #: What its reported values are, in words (the text faces; JSON keeps the keys).
    reported_words = {
        "st_peters_cp_lost": "CP lost from St Peter's",
        "cards_taken": "Papal cards the sacker keeps",
        "papal_cards_lost": "cards drawn from the Papal hand",
    }

    def title(self) -> str:
        regulars = "regular" if self.papal_regulars == 1 else "regulars"
        return (
            f"{self.record.name}: {self.attacker.notation()} against {self.papal_regulars} "
            f"Papal {regulars} in Rome"
        )

    def describe_lines(self) -> list[str]:
        leader = (
            "units + best battle rating"
            if self.sack_leader_dice
            else "one die a unit, no leader's rating"
        )
        return [
            f"{self.record} ({self.record.section}): the whole stack, no formation limit; "
            f"attacker {leader} (RULES.md §30.15); the Papacy regulars + 1, wins ties",
            *super().describe_lines(),
        ]


# A call with an argument a spec does not take is refused naming it, as any bad input.
SackOfRome.__init__ = checked_arguments(SackOfRome.__init__)

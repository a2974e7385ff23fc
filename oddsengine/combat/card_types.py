"""The record types of the cards: a card, what it does in combat, how it is played.

:class:`CardRule` is one card's whole effect in combat; :class:`CardEffect` is its effect
at sea or in a foreign war; :class:`Play` is what a card's checks see. The records
themselves are in :mod:`oddsengine.combat.cards`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from oddsengine.acting_record import ActingRecord
from oddsengine.deck_card import DeckCard

if TYPE_CHECKING:
    from oddsengine.combat.forces import Force

__all__ = ["Card", "CardEffect", "CardRule", "Play", "RESPONSE", "SIDES", "WHERE_IT_ACTS"]


@dataclass(frozen=True)
class Card(DeckCard):
    """A card of the deck (:class:`~oddsengine.deck_card.DeckCard`: its number and
    printed title first) that changes a land combat.

    Parameters
    ----------
    timing : str
        ``"combat"`` (declared in steps 4-5 of a combat), ``"response"`` (played in
        another power's action), ``"post-roll"`` (after seeing both rolls) or ``"event"``.

    Examples
    --------
    >>> from oddsengine.combat.cards import find_card
    >>> find_card("tercios")
    Card(number=30, name='Tercios', timing='combat')
    >>> find_card("35").slug
    'siege-artillery'
    """

    timing: str

    @property
    def slug(self) -> str:
        """The card's name as written on the command line and in JSON keys."""
        return _slug(self.name)


@lru_cache(maxsize=256)
def _slug(name: str) -> str:
    # Asked for on every card of every spec built: a deck's few titles are read once.
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


#: The sides of a combat, and who else may play a card in it.
SIDES = ("attacker", "defender")
RESPONSE = "response"


@dataclass(frozen=True)
class Play:
    """A card about to be played, as its checks see it.

    Parameters
    ----------
    role : {"attacker", "defender", "response"}
        The side playing it, or ``"response"`` for another power.
    mode : {"battle", "assault"}
    force, opponent : Force or None
        The player's force and the other side's (None for a response).
    attacker : Force
        The attacking force as given.
    cards_as_printed : bool
        The rule option :attr:`~oddsengine.combat.options.RuleOptions.cards_as_printed`.
    """

    role: str
    mode: str
    force: Force | None
    opponent: Force | None
    attacker: Force
    cards_as_printed: bool = False


def _dice_played_by(power: str | None, dice: int, france_or_ottoman_dice: int | None) -> int:
    """A card's dice when ``power`` plays it: ``france_or_ottoman_dice`` for France and the
    Ottomans where the card gives them their own (Field Artillery), else ``dice``."""
    if france_or_ottoman_dice is not None and power in ("france", "ottoman"):
        return france_or_ottoman_dice
    return dice


@dataclass(frozen=True)
class CardEffect:
    """What one card does in one kind of naval combat or in a foreign war.

    Parameters
    ----------
    card : Card
    combat : {"naval-battle", "naval-roll", "foreign-war"}
        A naval battle (16.2), a naval interception or avoid-battle roll (16.1), or an
        attempt in a foreign war (21.7).
    timing : {"before-roll", "post-roll"}
        Declared before the dice (combat cards) or after seeing both rolls.
    dice : int
        Dice added (hitting with ``chance``); for a naval roll, the modifier (+ or -).
    powers : tuple of str
        The powers that may play it; empty when any side may.
    rule : str
        Where the effect is written.
    france_or_ottoman_dice : int or None
        Dice when France or the Ottomans play it, if different (Field Artillery).

    Examples
    --------
    >>> from oddsengine.combat.cards import CARD_RULES
    >>> CARD_RULES["janissaries"].effect("naval-battle").dice
    4
    """

    card: Card
    combat: str
    timing: str
    dice: int
    powers: tuple[str, ...] = ()
    rule: str = ""
    france_or_ottoman_dice: int | None = None
    chance: float = 1.0 / 3.0

    @property
    def slug(self) -> str:
        return self.card.slug

    def dice_for(self, power: str | None) -> int:
        """Dice this card adds when ``power`` plays it."""
        return _dice_played_by(power, self.dice, self.france_or_ottoman_dice)


_SPEC = "oddsengine.combat.combat_spec:CombatSpec"
_ASSAULT = "oddsengine.combat.assault:Assault"
_CARDS = "oddsengine.combat.cards"

#: Where each field of a :class:`CardRule` acts: the functions and methods that read it
#: and apply its effect (``module:qualified.name``). A record names what a card does; this
#: table names where, so that reading a record and these lines tells everything a card
#: does (:meth:`CardRule.where_it_acts` gives them for one card, and a test keeps the
#: table true: each named function reads its field).
WHERE_IT_ACTS: dict[str, tuple[str, ...]] = {
    "engagements": ("oddsengine.combat.card_types:CardRule.refusal",),
    "printed_engagements": ("oddsengine.combat.card_types:CardRule.refusal",),
    "checks": ("oddsengine.combat.card_types:CardRule.refusal",),
    "response_for": (f"{_SPEC}._check_response", f"{_CARDS}:held_rules"),
    "units_stage": (f"{_CARDS}:apply_units",),
    "units": (f"{_CARDS}:apply_units",),
    "dice": ("oddsengine.combat.card_types:CardRule.dice_for",),  # read by CombatSpec._card_dice
    "france_or_ottoman_dice": ("oddsengine.combat.card_types:CardRule.dice_for",),
    "before_roll": (f"{_SPEC}._card_dice", f"{_SPEC}._sides"),
    "bonus_chance": (f"{_SPEC}._sides",),
    "bonus_hits_on": (f"{_SPEC}.describe_lines",),
    "post_roll_dice": (f"{_SPEC}._post_roll", "oddsengine.combat._combat:resolve_hits"),
    "post_roll_chance": (f"{_SPEC}._post_roll",),
    "fires_first": (f"{_SPEC}.first_to_fire",),
    "once": (f"{_SPEC}._check_cards",),
    "cancels": (f"{_SPEC}.cancelled",),
    "stops_piracy": ("oddsengine.combat.piracy:_stopping_cards",),
    "stops_transport": ("oddsengine.moves.transport:_stopping_cards",),
    "keeps_leader_out": (f"{_SPEC}.gout_victim",),
    "in_move": ("oddsengine.moves._move_declaration:read_move_cards",),
    "assault_now": (f"{_ASSAULT}._check_forces",),
    "assaulting_leader": (f"{_ASSAULT}._check_forces", f"{_ASSAULT}._check_assaulting_leader"),
    "needs_supply": (f"{_ASSAULT}._check_forces",),
    "ignores_supply": (f"{_ASSAULT}._check_forces",),
    "uncancellable": (f"{_ASSAULT}._check_forces",),
    "prevents_assault": (f"{_ASSAULT}.assault_prevented", f"{_ASSAULT}._check_prepared"),
    "outcome": (f"{_ASSAULT}._siege_after",),
    "outcome_event": (f"{_ASSAULT}._siege_after", f"{_ASSAULT}.event_names"),
    "grid_path": ("oddsengine.engines.exact_grid:_stack_key",),
    "effects": ("oddsengine.combat.card_types:CardRule.effect",),  # at sea, in a war
    "aliases": (f"{_CARDS}:find_sea_card",),
}


@dataclass(frozen=True)
class CardRule(ActingRecord):
    """Everything a card does in combat: one record per card, its fields acting where
    :data:`WHERE_IT_ACTS` says (:meth:`~oddsengine.acting_record.ActingRecord.where_it_acts`).

    Parameters
    ----------
    card : Card
    rule : str
        Where its effect is written.
    does : str
        What it does, in a few words, for the faces that list cards (``oddsengine
        cards``): a description, read by no rule.
    engagements : tuple of str
        The land combats it is played in (``"battle"``, ``"assault"``); empty for a card
        that serves only at sea.
    printed_engagements : tuple of str or None
        Where it may be played with the option ``cards_as_printed``, if narrower.
    response_for : {"attacker", "defender"} or None
        Another power may play it as a response, for this side.
    checks : tuple of callables
        Each takes a :class:`Play` and returns why it is refused, or None.
    units_stage, units : int, callable
        Changes to the units before the roll: ``units(forces, role, other)`` edits the
        dict of forces by role; stage 1 places units, stage 2 moves them between sides,
        stage 3 acts on the assaulting formation once it is formed (assaults only).
    dice, france_or_ottoman_dice : int, int or None
        Dice hitting on 5-6 the player adds before the roll.
    before_roll : callable or None
        ``before_roll(power) -> (bonus dice, dice taken from the opponent)``, the bonus
        dice hitting with ``bonus_chance`` (on ``bonus_hits_on``).
    post_roll_dice, post_roll_chance : int, float
        Dice added after seeing both rolls.
    fires_first : bool
        The player's side rolls and inflicts its hits first.
    once : bool
        Only one side may play it.
    cancels : bool
        Played for the defender, no combat happens this impulse.
    stops_piracy : bool
        Played by another power, the piracy action does not happen (RULES.md §12).
    stops_transport : bool
        Played by another power, a naval transport does not happen (RULES.md §15).
    keeps_leader_out : bool
        Played for the defender, one attacking leader stays out.
    in_move : bool
        It may be played in a whole move (False: it stops the move before it starts).
    assault_now : bool
        It allows an assault in the impulse the siege was laid.
    assaulting_leader : str or None
        Only this leader's formation may assault with it.
    needs_supply : bool
        It needs a short line of communication to a fortified home space.
    ignores_supply : bool
        It lifts the line-of-communication and blockade requirements of the assault.
    uncancellable : bool
        The card that cancels a combat cannot stop it.
    prevents_assault : bool
        Its unit changes may leave no assault at all.
    outcome, outcome_event : callable or None, str or None
        ``outcome(siege_holds) -> taken``: after a failed assault, the cells in which the
        space is taken anyway, reported as the event ``outcome_event``.
    grid_path : bool
        The stacked exact path knows its effect.
    effects : tuple of CardEffect
        What it does at sea and in a foreign war.
    aliases : tuple of str
        Short names also accepted for a card that serves only at sea.
    """

    card: Card
    rule: str
    does: str = ""
    engagements: tuple[str, ...] = ("battle", "assault")
    printed_engagements: tuple[str, ...] | None = None
    response_for: str | None = None
    checks: tuple[Callable[[Play], str | None], ...] = ()
    units_stage: int = 0
    units: Callable | None = None
    dice: int = 0
    france_or_ottoman_dice: int | None = None
    before_roll: Callable[[str | None], tuple[int, int]] | None = None
    bonus_chance: float = 0.5
    bonus_hits_on: str = ""
    post_roll_dice: int = 0
    post_roll_chance: float = 1.0 / 3.0
    fires_first: bool = False
    once: bool = False
    cancels: bool = False
    stops_piracy: bool = False
    stops_transport: bool = False
    keeps_leader_out: bool = False
    in_move: bool = True
    assault_now: bool = False
    assaulting_leader: str | None = None
    needs_supply: bool = False
    ignores_supply: bool = False
    uncancellable: bool = False
    prevents_assault: bool = False
    outcome: Callable | None = None
    outcome_event: str | None = None
    grid_path: bool = True
    effects: tuple[CardEffect, ...] = field(default=(), repr=False)
    aliases: tuple[str, ...] = ()

    acts_in = WHERE_IT_ACTS

    @property
    def slug(self) -> str:
        return self.card.slug

    def dice_for(self, power: str | None) -> int:
        """Dice hitting on 5-6 this card adds before the roll when ``power`` plays it."""
        return _dice_played_by(power, self.dice, self.france_or_ottoman_dice)

    def refusal(self, play: Play) -> str | None:
        """Why this card cannot be played as ``play`` says, or None."""
        if play.mode not in self.engagements:
            if play.mode == "assault":
                return "in an assault: it is a field-battle card"
            return "in a field battle: it belongs to an assault"
        printed = self.printed_engagements
        if play.cards_as_printed and printed is not None and play.mode not in printed:
            return "in an assault with the option cards_as_printed"
        for check in self.checks:
            reason = check(play)
            if reason is not None:
                return reason
        return None

    def effect(self, combat: str) -> CardEffect | None:
        """What the card does in ``combat`` (naval or foreign war), or None."""
        for effect in self.effects:
            if effect.combat == combat:
                return effect
        return None

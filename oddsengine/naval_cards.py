"""What cards do in naval combat, naval rolls and foreign wars: one table of records.

Each :class:`CardEffect` says which card, in which kind of combat, when it is played,
who may play it and what it adds. :class:`~oddsengine.naval.NavalBattle`, the naval
interception and avoid-battle rolls and :class:`~oddsengine.foreign_war.ForeignWar` read
this table and nothing else; a card that has no record for a combat cannot be played in
it (the land-combat cards at sea, any card in piracy).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, find_card
from .errors import OddsEngineError

__all__ = ["CardEffect", "CARD_EFFECTS", "PROFESSIONAL_ROWERS", "find_card_effect", "parse_effects"]

#: Card #34 plays a part only at sea, so the land-combat table does not hold it.
PROFESSIONAL_ROWERS = Card(34, "Professional Rowers", "post-roll")

#: Kinds of combat the table covers.
COMBATS = ("naval-battle", "naval-roll", "foreign-war")


@dataclass(frozen=True)
class CardEffect:
    """What one card does in one kind of combat.

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
    >>> find_card_effect("janissaries", "naval-battle").dice
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
        if self.france_or_ottoman_dice is not None and power in ("france", "ottoman"):
            return self.france_or_ottoman_dice
        return self.dice


def _card(name) -> Card:
    return find_card(name)


CARD_EFFECTS: tuple[CardEffect, ...] = (
    # RULES.md §11: combat cards before the roll; post-roll cards after seeing both rolls.
    CardEffect(_card("arquebusiers"), "naval-battle", "before-roll", 2, rule="§11"),
    CardEffect(_card("janissaries"), "naval-battle", "post-roll", 4, ("ottoman",), "§11, §8"),
    CardEffect(PROFESSIONAL_ROWERS, "naval-battle", "post-roll", 3, rule="§11"),
    # RULES.md §11: after the dice, +2 or -2 on a naval interception or avoid roll.
    CardEffect(PROFESSIONAL_ROWERS, "naval-roll", "post-roll", 2, rule="§11"),
    # RULES.md §13: a foreign war is a field battle; the major power plays its combat cards.
    CardEffect(_card("arquebusiers"), "foreign-war", "before-roll", 2, rule="§13, §8"),
    CardEffect(
        _card("field-artillery"),
        "foreign-war",
        "before-roll",
        2,
        rule="§13, §8",
        france_or_ottoman_dice=3,
    ),
    CardEffect(_card("janissaries"), "foreign-war", "post-roll", 5, ("ottoman",), "§13, §8"),
)

_WHERE = {
    "naval-battle": "in a naval battle",
    "naval-roll": "on a naval interception or avoid-battle roll",
    "foreign-war": "in a foreign war",
}


def _lookup_card(name) -> Card:
    if isinstance(name, Card):
        return name
    text = str(name).strip().lower().lstrip("#")
    if text in ("34", PROFESSIONAL_ROWERS.slug, "rowers") or text.replace(" ", "-") == (
        PROFESSIONAL_ROWERS.slug
    ):
        return PROFESSIONAL_ROWERS
    return find_card(name)


def find_card_effect(name, combat: str) -> CardEffect:
    """The effect of card ``name`` (title, slug or number) in ``combat``.

    Raises
    ------
    OddsEngineError
        If the card does nothing there (a land-combat card at sea, for instance).

    Examples
    --------
    >>> find_card_effect("34", "naval-roll").dice
    2
    >>> find_card_effect("field artillery", "naval-battle")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: Field Artillery (card #25) cannot be played in a naval ...
    """
    if combat not in COMBATS:
        raise OddsEngineError(f"unknown combat {combat!r}; use one of {', '.join(COMBATS)}")
    card = _lookup_card(name)
    for effect in CARD_EFFECTS:
        if effect.card == card and effect.combat == combat:
            return effect
    if card == PROFESSIONAL_ROWERS:
        reason = "it serves naval combat and naval rolls only"
    elif combat == "foreign-war":
        reason = "the foreign-war attempt takes only combat cards that add dice"
    else:
        reason = "it is a land-combat card"
    raise OddsEngineError(f"{card} cannot be played {_WHERE[combat]}: {reason}")


def parse_effects(values, combat: str) -> tuple[CardEffect, ...]:
    """Read cards (a comma-separated string or a sequence) as effects in ``combat``.

    Examples
    --------
    >>> [effect.slug for effect in parse_effects("arquebusiers, 34", "naval-battle")]
    ['arquebusiers', 'professional-rowers']
    """
    if values is None:
        return ()
    if isinstance(values, (str, int, Card, CardEffect)):
        values = str(values).split(",") if isinstance(values, str) else [values]
    effects = []
    for value in values:
        if isinstance(value, CardEffect):
            value = value.card
        if str(value).strip():
            effects.append(find_card_effect(value, combat))
    if len({effect.card for effect in effects}) != len(effects):
        raise OddsEngineError("a card is listed twice on one side")
    return tuple(effects)

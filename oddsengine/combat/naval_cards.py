"""What cards do in naval combat, naval rolls and foreign wars: the lookups.

Each :class:`CardEffect` (a part of the card's record in :mod:`oddsengine.combat.cards`) says
which card, in which kind of combat, when it is played, who may play it and what it
adds. :class:`~oddsengine.combat.naval.NavalBattle`, the naval interception and avoid-battle
rolls and :class:`~oddsengine.combat.foreign_war.ForeignWar` read these effects and nothing
else; a card that has no effect for a combat cannot be played in it (the land-combat
cards at sea, any card in piracy).
"""

from __future__ import annotations

from oddsengine.combat.cards import (
    CARD_EFFECTS,
    PROFESSIONAL_ROWERS,
    Card,
    CardEffect,
    card_rule,
    find_card,
    find_sea_card,
    post_roll_slugs,
)
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "CardEffect",
    "CARD_EFFECTS",
    "PROFESSIONAL_ROWERS",
    "find_card_effect",
    "parse_effects",
    "post_roll_slugs",
    "roll_card_effect",
    "effects_text",
]

#: Kinds of combat the table covers.
COMBATS = ("naval-battle", "naval-roll", "foreign-war")

_WHERE = {
    "naval-battle": "in a naval battle",
    "naval-roll": "on a naval interception or avoid-battle roll",
    "foreign-war": "in a foreign war",
}


def _lookup_card(name) -> Card:
    if isinstance(name, Card):
        return name
    return find_sea_card(name) or find_card(name)


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
    if not card_rule(card).engagements:
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
        values = values.split(",") if isinstance(values, str) else [values]
    if not isinstance(values, (list, tuple)):
        raise OddsEngineTypeError(f"cards must be a list of cards, not {shown(values)}")
    effects = []
    for value in values:
        if isinstance(value, CardEffect):
            value = value.card
        if isinstance(value, bool) or not isinstance(value, (str, int, Card)):
            raise OddsEngineTypeError(f"a card is a name or a number, not {shown(value)}")
        if not isinstance(value, str) or value.strip():
            effects.append(find_card_effect(value, combat))
    if len({effect.card for effect in effects}) != len(effects):
        raise OddsEngineError("a card is listed twice on one side")
    return tuple(effects)


def roll_card_effect() -> CardEffect:
    """The effect of the one card played on a naval interception or avoid-battle roll.

    Examples
    --------
    >>> roll_card_effect().card.number, roll_card_effect().dice
    (34, 2)
    """
    (effect,) = (effect for effect in CARD_EFFECTS if effect.combat == "naval-roll")
    return effect


def effects_text(combat: str, timing: str | None = None) -> str:
    """The cards played in ``combat`` (at ``timing``, if given) and their dice, for help
    texts.

    Examples
    --------
    >>> effects_text("foreign-war", "post-roll")
    'janissaries (ottoman, +5 after the roll)'
    """
    parts = []
    for effect in CARD_EFFECTS:
        if effect.combat != combat or timing not in (None, effect.timing):
            continue
        notes = [*effect.powers, f"+{effect.dice}"]
        if effect.france_or_ottoman_dice is not None:
            notes[-1] += f", +{effect.france_or_ottoman_dice} for france or ottoman"
        if effect.timing == "post-roll":
            notes[-1] += " after the roll"
        parts.append(f"{effect.slug} ({', '.join(notes)})")
    return ", ".join(parts)

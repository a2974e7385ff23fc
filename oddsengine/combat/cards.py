"""The cards that change a combat and what each does: one record per card.

Every rule a card brings (who may play it, when, in which engagement, the units it
changes, the dice it adds before or after the roll, what it does to the outcome) is a
field of its :class:`CardRule` in :data:`CARD_RULES`; field battles, assaults, naval
combat, foreign wars, moves and the exact engines read these records and name no card.
"""

from __future__ import annotations

import re
from math import ceil

from oddsengine.combat.card_types import RESPONSE, SIDES, Card, CardEffect, CardRule, Play
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = [
    "Card",
    "CARDS",
    "CARD_EFFECTS",
    "CARD_RULES",
    "CardEffect",
    "CardRule",
    "POST_ROLL_CARDS",
    "PROFESSIONAL_ROWERS",
    "RESPONSE",
    "RESPONSE_CARDS",
    "SIDES",
    "Play",
    "apply_units",
    "card_rule",
    "find_card",
    "find_sea_card",
    "post_roll_slugs",
    "read_stopping_cards",
    "held_rules",
    "parse_cards",
]


# -- checks --------------------------------------------------------------------------------


def _only_by(role: str, reason: str):
    def check(play: Play) -> str | None:
        if play.role in SIDES and play.role != role:
            return reason.format(role=play.role)
        return None

    return check


def _ottomans_only(play: Play) -> str | None:
    # 1: an Ottoman card.
    if play.force.power != "ottoman":
        return (
            f"by the {play.role} ({play.force.power or 'unknown power'}): only the Ottomans play it"
        )
    return None


def _no_ottomans(play: Play) -> str | None:
    # 26: neither by nor against the Ottomans.
    if play.force.power == "ottoman":
        return "by the Ottomans"
    if play.opponent.power == "ottoman":
        return "against the Ottomans"
    return None


def _hapsburg_units(play: Play) -> str | None:
    # 30: by the Hapsburgs, or by their enemy against at least 3 Hapsburg regulars.
    force, opponent = play.force, play.opponent
    if force.power != "hapsburg" and (opponent.power != "hapsburg" or opponent.regulars < 3):
        return (
            f"by the {play.role}: it needs Hapsburg units on the playing "
            "side, or at least 3 Hapsburg regulars on the other"
        )
    return None


def _not_by_active(play: Play) -> str | None:
    # 31, 32: played against the active power's move or assault.
    if play.role == "attacker":
        return "by the active power: it is played against a move or assault"
    return None


def _active_before_assault(play: Play) -> str | None:
    # 33, 36 (15.1 step 2): before an assault only the active power places mercenaries.
    if play.mode == "assault" and play.role == "defender":
        return "by the defender before an assault: only the active power may"
    return None


def _not_for_ottomans(play: Play) -> str | None:
    # 36: the Ottomans play it only to place French mercenaries.
    if play.force.power == "ottoman":
        return "for an Ottoman force: the Ottomans play it to place French mercenaries"
    return None


def _suleiman(play: Play) -> str | None:
    # 42: Suleiman's formation assaults.
    force = play.force
    if force.power != "ottoman" or not any(leader.name == "Suleiman" for leader in force.leaders):
        return "here: it lets Suleiman's formation assault"
    return None


def _army_leader(play: Play) -> str | None:
    # 32: it keeps an army leader out, so the attacker must have one.
    if not play.attacker.leaders:
        return "against a force without an army leader"
    return None


_BY_BESIEGER = _only_by("attacker", "by the {role}: it serves the assaulting power")
_BY_BESIEGED = _only_by("defender", "by the attacker: only the besieged power plays it")


# -- units before the roll -----------------------------------------------------------------


def _landsknechts(forces, role, other) -> None:
    force = forces[role]
    if force.power == "ottoman":
        # 33: the Ottomans eliminate 2 mercenaries instead: here, the enemy's.
        enemy = forces[other]
        forces[other] = enemy.with_units(mercenaries=max(enemy.mercenaries - 2, 0))
    else:
        added = 4 if force.power == "hapsburg" else 2
        forces[role] = force.with_units(mercenaries=force.mercenaries + added)


def _swiss_mercenaries(forces, role, other) -> None:
    force = forces[role]
    added = 4 if force.power == "france" else 2  # 36
    forces[role] = force.with_units(mercenaries=force.mercenaries + added)


def _bribe(forces, role, other) -> None:
    # 26: half the opponent's mercenaries, rounded up, change sides.
    moved = ceil(forces[other].mercenaries / 2)
    forces[other] = forces[other].with_units(mercenaries=forces[other].mercenaries - moved)
    forces[role] = forces[role].with_units(mercenaries=forces[role].mercenaries + moved)


def _restless(forces, role, other) -> None:
    # 27: the mercenaries of the assaulting formation are removed.
    forces[other] = forces[other].with_units(mercenaries=0)


def _tercios(power: str | None) -> tuple[int, int]:
    # 30: 3 dice hitting on 4-6 for the Hapsburgs; played against them, 3 fewer dice.
    return (3, 0) if power == "hapsburg" else (0, 3)


def _treachery(siege_holds):
    # 105: if the besiegers still outnumber the garrison after the assault, the garrison
    # is eliminated and the space changes hands.
    return siege_holds


# -- the records ---------------------------------------------------------------------------


def _record(number, name, timing, rule, **fields) -> CardRule:
    card = Card(number, name, timing)
    effects = tuple(CardEffect(card, *args, **kwargs) for args, kwargs in fields.pop("effects", ()))
    return CardRule(card, rule, effects=effects, **fields)


_BATTLE = ("battle",)
_ASSAULT = ("assault",)

#: One record per card that changes a combat, by slug (RULES.md §8, §11, §13).
CARD_RULES: dict[str, CardRule] = {
    rule.slug: rule
    for rule in (
        _record(
            1,
            "Janissaries",
            "post-roll",
            "§8",
            does="+5 dice after the roll (at sea +4)",
            engagements=_BATTLE,
            checks=(_ottomans_only,),
            post_roll_dice=5,
            effects=(
                (("naval-battle", "post-roll", 4, ("ottoman",), "§11, §8"), {}),
                (("foreign-war", "post-roll", 5, ("ottoman",), "§13, §8"), {}),
            ),
        ),
        _record(
            24,
            "Arquebusiers",
            "combat",
            "§8",
            does="+2 dice before the roll",
            engagements=_BATTLE,
            dice=2,
            effects=(
                (("naval-battle", "before-roll", 2), {"rule": "§11"}),
                (("foreign-war", "before-roll", 2), {"rule": "§13, §8"}),
            ),
        ),
        _record(
            25,
            "Field Artillery",
            "combat",
            "§8",
            does="+2 dice before the roll, +3 for France or the Ottomans",
            engagements=_BATTLE,
            dice=2,
            france_or_ottoman_dice=3,
            effects=(
                (
                    ("foreign-war", "before-roll", 2),
                    {"rule": "§13, §8", "france_or_ottoman_dice": 3},
                ),
            ),
        ),
        _record(
            26,
            "Mercenaries Bribed",
            "combat",
            "§8",
            does="half the opponent's mercenaries, rounded up, change sides",
            printed_engagements=_BATTLE,
            checks=(_no_ottomans,),
            units_stage=2,
            units=_bribe,
        ),
        _record(
            27,
            "Mercenaries Grow Restless",
            "response",
            "§8",
            does="the assaulting mercenaries leave; the siege may break, with no assault",
            engagements=_ASSAULT,
            checks=(_BY_BESIEGED,),
            units_stage=3,
            units=_restless,
            prevents_assault=True,
        ),
        _record(
            28,
            "Siege Mining",
            "combat",
            "§8",
            does="+3 dice in an assault",
            engagements=_ASSAULT,
            checks=(_BY_BESIEGER,),
            dice=3,
        ),
        _record(
            29,
            "Surprise Attack",
            "combat",
            "§8",
            does="the player's side fires first; the other rolls with what is left",
            printed_engagements=_BATTLE,
            fires_first=True,
            once=True,
        ),
        _record(
            30,
            "Tercios",
            "combat",
            "§8",
            does="Hapsburgs +3 dice hitting on 4-6; played against them, 3 dice fewer",
            engagements=_BATTLE,
            checks=(_hapsburg_units,),
            before_roll=_tercios,
            bonus_chance=0.5,
            bonus_hits_on="4-6",
        ),
        _record(
            31,
            "Foul Weather",
            "response",
            "§8, §12",
            does="the move, assault, piracy or transport is cancelled for the impulse",
            response_for="defender",
            checks=(_not_by_active,),
            cancels=True,
            stops_piracy=True,  # RULES.md §12: Foul Weather can stop a piracy action
            stops_transport=True,  # RULES.md §15: and a naval transport (1 CP lost)
            in_move=False,
        ),
        _record(
            32,
            "Gout",
            "response",
            "§7, §8",
            does="one attacking army leader stays out for the impulse",
            response_for="defender",
            checks=(_not_by_active, _army_leader),
            keeps_leader_out=True,
            in_move=False,
        ),
        _record(
            33,
            "Landsknechts",
            "response",
            "§8",
            does="+4 mercenaries for the Hapsburgs, +2 for others; the Ottomans remove 2 enemy "
            "mercenaries",
            checks=(_active_before_assault,),
            units_stage=1,
            units=_landsknechts,
        ),
        _record(
            34,
            "Professional Rowers",
            "post-roll",
            "§11",
            does="+3 dice after a naval combat roll; +2 or -2 on a naval interception or avoid "
            "roll",
            engagements=(),
            aliases=("rowers",),
            effects=(
                (("naval-battle", "post-roll", 3), {"rule": "§11"}),
                # 11: after the dice, +2 or -2 on a naval interception or avoid roll.
                (("naval-roll", "post-roll", 2), {"rule": "§11"}),
            ),
        ),
        _record(
            35,
            "Siege Artillery",
            "post-roll",
            "§8",
            does="+2 dice hitting on 3-6 after the assault roll (needs a short supply line)",
            engagements=_ASSAULT,
            response_for="attacker",
            checks=(_BY_BESIEGER,),
            post_roll_dice=2,
            post_roll_chance=2.0 / 3.0,
            needs_supply=True,  # hits on 3-6
        ),
        _record(
            36,
            "Swiss Mercenaries",
            "response",
            "§8",
            does="+4 mercenaries for France, +2 for others",
            checks=(_active_before_assault, _not_for_ottomans),
            units_stage=1,
            units=_swiss_mercenaries,
        ),
        _record(
            42,
            "Roxelana",
            "event",
            "§8",
            does="Suleiman's formation assaults at once, even in the impulse the siege was laid",
            engagements=_ASSAULT,
            checks=(_BY_BESIEGER, _suleiman),
            assault_now=True,
            assaulting_leader="Suleiman",
            grid_path=False,
        ),
        _record(
            105,
            "Treachery!",
            "event",
            "§8",
            does="an assault at once, free of supply and blockade; if the siege still holds, the "
            "space falls",
            engagements=_ASSAULT,
            checks=(_BY_BESIEGER,),
            assault_now=True,
            ignores_supply=True,
            uncancellable=True,
            outcome=_treachery,
            outcome_event="taken_by_treachery",
        ),
    )
}

#: The cards that change a land combat, by slug.
CARDS: dict[str, Card] = {slug: rule.card for slug, rule in CARD_RULES.items() if rule.engagements}

#: Every card's effects at sea and in foreign wars. RULES.md §11: at sea, combat cards
#: before the roll, post-roll cards after seeing both rolls; RULES.md §13: a foreign war
#: is a field battle in which the major power plays its combat cards.
CARD_EFFECTS: tuple[CardEffect, ...] = tuple(
    effect for rule in CARD_RULES.values() for effect in rule.effects
)

#: Slugs of the cards other powers may play as responses, in deck order.
RESPONSE_CARDS: tuple[str, ...] = tuple(
    slug for slug, rule in CARD_RULES.items() if rule.response_for is not None
)

#: Card #34 plays a part only at sea, so :data:`CARDS` does not hold it.
PROFESSIONAL_ROWERS: Card = CARD_RULES["professional-rowers"].card

#: Slugs of the land-combat cards played after seeing both rolls.
POST_ROLL_CARDS: tuple[str, ...] = tuple(
    slug for slug, rule in CARD_RULES.items() if rule.post_roll_dice
)


def land_post_roll_card(mode: str) -> str:
    """The slug of the land-combat card played after the roll in ``mode``, ``"battle"``
    or ``"assault"`` (one of each in the deck): what a message shows as its example.

    Examples
    --------
    >>> land_post_roll_card("battle"), land_post_roll_card("assault")
    ('janissaries', 'siege-artillery')
    """
    (slug,) = (slug for slug in POST_ROLL_CARDS if mode in CARD_RULES[slug].engagements)
    return slug


def post_roll_slugs(combat: str) -> tuple[str, ...]:
    """Slugs of the cards played after the roll in ``combat`` (naval or foreign war), in
    deck order, the order a side holding several plays them.

    Examples
    --------
    >>> post_roll_slugs("naval-battle")
    ('janissaries', 'professional-rowers')
    """
    return tuple(
        effect.slug
        for effect in CARD_EFFECTS
        if effect.combat == combat and effect.timing == "post-roll"
    )


def find_sea_card(name) -> Card | None:
    """The card that serves only at sea called ``name`` (number, slug or short name), or
    None."""
    if isinstance(name, int) and abs(name) >= 10**4:  # no card number has five digits
        return None
    text = str(name).strip().lower().lstrip("#")
    for rule in CARD_RULES.values():
        if rule.engagements:
            continue
        names = (str(rule.card.number), rule.slug, *rule.aliases)
        if text in names or text.replace(" ", "-") == rule.slug:
            return rule.card
    return None


def card_rule(card: Card) -> CardRule:
    """The record of ``card``.

    Examples
    --------
    >>> card_rule(find_card("siege mining")).dice
    3
    """
    return CARD_RULES[card.slug]


def held_rules(cards, responses=(), role: str = "attacker") -> tuple[CardRule, ...]:
    """The records of the cards that act for ``role``: its own, and the responses other
    powers play for it, each once, in deck order."""
    slugs = {card.slug for card in cards}
    slugs |= {card.slug for card in responses if CARD_RULES[card.slug].response_for == role}
    return tuple(rule for slug, rule in CARD_RULES.items() if slug in slugs)


def apply_units(forces: dict, held: dict, stage: int) -> None:
    """Apply the unit changes of ``stage`` of the cards ``held`` by each side (in place)."""
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        for rule in held[role]:
            if rule.units_stage == stage:
                rule.units(forces, role, other)


_BY_NUMBER = {card.number: card for card in CARDS.values()}


def read_cards(
    values, *, label: str = "cards", twice: str = "a card is listed twice on one side"
) -> tuple[Card, ...]:
    """The cards of a list of cards, titles, slugs or numbers, or of one comma-separated
    text; empty names are skipped.

    Raises
    ------
    OddsEngineTypeError
        If ``values`` is not a list (named by ``label``).
    OddsEngineError
        For an unknown card, or a card listed twice (the message ``twice``).

    Examples
    --------
    >>> [card.number for card in read_cards("siege-mining, 35")]
    [28, 35]
    """
    if isinstance(values, (str, int, Card)):
        values = [values] if not isinstance(values, str) else values.split(",")
    try:
        values = list(values)
    except TypeError:
        raise OddsEngineTypeError(f"{label} must be a list of cards, not {shown(values)}") from None
    cards = tuple(
        find_card(value) for value in values if not isinstance(value, str) or value.strip()
    )
    if len(set(cards)) != len(cards):
        raise OddsEngineError(twice)
    return cards


def read_stopping_cards(values, stops: str, action: str, twice: str, rule: str):
    """The response cards played against an action that a card may stop (a piracy action,
    a naval transport): only those whose record sets ``stops`` (``"stops_piracy"``,
    ``"stops_transport"``).

    Raises
    ------
    OddsEngineError
        For any other card, naming the cards that stop ``action`` (``"a naval
        transport"``) and the ``rule``; for a card listed twice (the message ``twice``).

    Examples
    --------
    >>> read_stopping_cards("gout", "stops_transport", "a naval transport", "", "RULES §15")
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: Gout cannot be played against a naval transport ...
    """
    cards = read_cards(values, label="responses", twice=twice)
    for card in cards:
        if not getattr(card_rule(card), stops):
            stopping = ", ".join(
                record.card.name for record in CARD_RULES.values() if getattr(record, stops)
            )
            raise OddsEngineError(
                f"{card.name} cannot be played against {action} (card #{card.number}); only "
                f"a card that stops it may: {stopping} ({rule})"
            )
    return cards


def find_card(name: str | int | Card) -> Card:
    """Return the card called ``name`` (a title, a slug such as ``field-artillery``, or a
    card number such as ``25`` or ``#25``).

    Raises
    ------
    OddsEngineError
        If no land-combat card has that name or number.
    """
    if isinstance(name, Card):
        return name
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise OddsEngineError(f"a card is a name or a number, not {shown(name)}")
    text = name.strip().lower().lstrip("#") if isinstance(name, str) else None
    if isinstance(name, int) or (text.isascii() and text.isdigit()):
        # Card numbers have at most three digits: a longer number is not converted.
        number = name if isinstance(name, int) else int(text) if len(text) <= 4 else None
        card = _BY_NUMBER.get(number)
        if card is None:
            small = number is not None and abs(number) < 10**4
            written = f"#{number}" if small else f"number {shown(name)}"
            raise OddsEngineError(
                f"card {written} does not change a land combat; known cards: "
                + ", ".join(f"#{known}" for known in sorted(_BY_NUMBER))
            )
        return card
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    card = CARDS.get(slug)
    if card is None:
        import difflib  # only to suggest a name for one refused

        close = difflib.get_close_matches(slug, list(CARDS), n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise OddsEngineError(f"unknown card {shown(name)}{hint}")
    return card


def parse_cards(text: str | None) -> tuple[Card, ...]:
    """Read a comma-separated list of cards (``"tercios,field-artillery"`` or ``"30,25"``).

    Examples
    --------
    >>> [card.number for card in parse_cards("tercios, 25")]
    [30, 25]
    """
    if text is None or not str(text).strip():
        return ()
    cards = tuple(find_card(part) for part in str(text).split(",") if part.strip())
    seen = set()
    for card in cards:
        if card in seen:
            raise OddsEngineError(f"{card} is listed twice")
        seen.add(card)
    return cards

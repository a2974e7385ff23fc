"""The rules of a theological debate that do not depend on the draws (RULES.md §20 steps
2–5, readings §23.10–12): who may attack, defend and be barred, which cards and bonuses
may act, and each debater's dice.

Examples
--------
>>> from oddsengine.religion.records import religion_facts
>>> other_dice(religion_facts().debater("Carlstadt"), committed=True)
2
"""

from __future__ import annotations

from oddsengine.errors import OddsEngineError
from oddsengine.religion.cards import (
    barring_card,
    card_putting_in,
    cards_in_effect,
    cards_in_effect_named,
)
from oddsengine.religion.debater_bonuses import bonus_of
from oddsengine.religion.records import religion_facts

__all__ = [
    "DEFENDER_CHOICES",
    "DebateError",
    "check_debate",
    "check_in_play",
    "check_named_bonuses",
    "protestant_pool",
    "papal_pool",
    "initiator_dice",
    "card_dice_of_initiator",
    "other_dice",
    "bonus_applies",
]

#: 20 step 4: the attacker rolls value + 3; 20 step 5: the defender value + 1 if
#: committed, value + 2 if not.
ATTACK_DICE, COMMITTED_DEFENCE, UNCOMMITTED_DEFENCE = 3, 1, 2
#: 20 step 3: the initiator's choice of the defender's pool; ``best`` takes the one that
#: maximises the initiator's objective (:data:`~oddsengine.religion.debate.OBJECTIVES`).
DEFENDER_CHOICES = ("best", "committed", "uncommitted")


class DebateError(OddsEngineError):
    """A debate the rules do not allow, or a name that is not a debater in play."""


def _error(message: str) -> DebateError:
    return DebateError(message)


def check_in_play(debate, name: str, argument: str) -> None:
    """Refuse ``name``, given as ``argument``, unless he is among the debate's debaters
    in play (20 step 2: those entered by its turn, or named in play)."""
    if name in debate.debaters:
        return
    entry = religion_facts().debater(name).entry_turn
    when = (
        "enters with a play-dependent event (name him in debaters)"
        if entry is None
        else f"enters on turn {entry}"
    )
    why = when if entry is None or entry > debate.turn else "is not among the debaters in play"
    raise _error(f"{argument}: {name} is not in play on turn {debate.turn}: he {why}")


def protestant_pool(debate) -> tuple[str, ...]:
    """20 step 2: the Protestant debaters of the debate's zone in play (less the one
    Leipzig Debate bars)."""
    facts = religion_facts()
    return tuple(
        name
        for name in debate.debaters
        if facts.debaters[name].side == "protestant"
        and facts.debaters[name].zone == debate.zone
        and name != debate.bar
    )


def papal_pool(debate) -> tuple[str, ...]:
    """20 step 2: every Papal debater in play (they debate in every zone)."""
    facts = religion_facts()
    return tuple(name for name in debate.debaters if facts.debaters[name].side == "papal")


def check_debate(debate) -> None:
    """Refuse a debate the rules do not allow, naming the argument."""
    facts = religion_facts()
    if not protestant_pool(debate) and debate.bar is None:
        later = sorted(
            (d.entry_turn, d.name)
            for d in facts.debaters_of("protestant")
            if d.zone == debate.zone and d.entry_turn is not None and d.entry_turn > debate.turn
        )
        when = f" (the first enters on turn {later[0][0]}: {later[0][1]})" if later else ""
        raise _error(
            f"zone: no Protestant debater of the {debate.zone} zone is in play on turn "
            f"{debate.turn}{when}: there is no debate there"
        )
    if not papal_pool(debate):
        raise _error(f"debaters: no Papal debater is in play on turn {debate.turn}")
    own, other = ("papal", "protestant") if debate.papal_initiates else ("protestant", "papal")
    for role, side in (("attacker", own), ("defender", other)):
        name = getattr(debate, role)
        if name in ("random", "best", "committed", "uncommitted"):
            continue
        debater = facts.debaters[name]
        if debater.side != side:
            raise _error(
                f"{role}: {name} is a {debater.side} debater; the {role} of a debate "
                f"the {debate.initiator} calls is {side}"
            )
        if side == "protestant" and debater.zone != debate.zone:
            raise _error(
                f"{role}: {name} debates in the {debater.zone} zone, not the "
                f"{debate.zone} (20 step 2)"
            )
        check_in_play(debate, name, role)
    if debate.attacker != "random" and debate.attacker in debate.committed:
        raise _error(
            f"attacker: {debate.attacker} is already committed; the attacker is an "
            "uncommitted debater (20 step 2)"
        )
    cards = cards_in_effect_named(debate.cards)
    papal_cards = [card.slug for card in cards if card.calls_debate]
    if papal_cards and not debate.papal_initiates:
        raise _error(
            f"cards: {papal_cards[0]} is a Papal event that calls the debate: the "
            "initiator is the papacy"
        )
    if debate.bar is not None:
        barring = barring_card()
        if barring not in cards:
            raise _error(f"bar: only {barring.name} bars a Protestant debater (give the card)")
        if debate.attacker != "random":
            raise _error(
                f"bar: {barring.name} either picks the Papal attacker or bars a "
                "Protestant debater, not both"
            )
        debater = facts.debaters[debate.bar]
        if debater.side != "protestant" or debater.zone != debate.zone:
            raise _error(f"bar: {debate.bar} is not a Protestant debater of the {debate.zone} zone")
        check_in_play(debate, debate.bar, "bar")
        if debate.defender == debate.bar:
            raise _error(f"bar: {debate.bar} is barred and cannot be the defender")
        if not protestant_pool(debate):
            raise _error(f"bar: {debate.bar} is the only Protestant debater of the zone")
    for card in cards:
        name = card.commits
        if not name:
            continue
        if name not in debate.debaters:
            entry = facts.debaters[name].entry_turn
            raise _error(
                f"cards: {card.name} needs {name}, who is not in play "
                f"on turn {debate.turn} (he enters on turn {entry})"
            )
        if name in debate.committed:
            raise _error(f"cards: {card.name} needs {name} uncommitted")
        if debate.attacker == name:
            raise _error(f"attacker: {card.name} commits {name} before the debate")
    putting_in = card_putting_in()
    if putting_in in cards:
        name = putting_in.puts_in
        if putting_in.debate_zones and debate.zone not in putting_in.debate_zones:
            zones = " or ".join(zone.title() for zone in putting_in.debate_zones)
            raise _error(
                f"cards: {putting_in.name} puts {name} in a {zones} debate, not a "
                f"{debate.zone} one (20 step 3)"
            )
        if name not in debate.debaters:
            raise _error(f"cards: {putting_in.name} puts {name} in, and {name} is not in play")
    elif getattr(debate, putting_in.debate_option) != "best":
        raise _error(
            f"{putting_in.debate_option}: the policy is for {putting_in.name}: give the card"
        )


def check_named_bonuses(debate, named) -> None:
    """Refuse a bonus named in ``bonuses`` that cannot act in this debate (23.12)."""
    facts = religion_facts()
    by_slug = {bonus_of(name).slug: name for name in facts.debaters}
    for slug in named:
        name = by_slug[slug]
        bonus = bonus_of(name)
        if name not in debate.debaters:
            raise _error(
                f"bonuses: {name}'s bonus is named but {name} is not in play on turn {debate.turn}"
            )
        if bonus.attack_zones and debate.zone not in bonus.attack_zones:
            zones = " or ".join(zone.title() for zone in bonus.attack_zones)
            raise _error(
                f"bonuses: {name}'s bonus (+{bonus.attack_dice} attack die) is for the {zones} "
                f"zone only, not the {debate.zone} zone"
            )
        own_side_calls = (facts.debaters[name].side == "papal") == debate.papal_initiates
        if bonus.attack_dice and not own_side_calls:
            raise _error(
                f"bonuses: {name}'s bonus is an attack die; the "
                f"{'Papacy' if debate.papal_initiates else 'Protestant'} calls this debate"
            )


def bonus_applies(debate, slug: str, uncommitted: bool) -> bool:
    """23.12: a debater's bonus acts only when he enters the round uncommitted (and is
    not switched off by ``bonuses``)."""
    return uncommitted and slug in debate.active_bonuses


def card_dice_of_initiator(debate) -> int:
    """The dice the cards in effect add to the initiator's roll in both rounds (23.11:
    Papal Inquisition's, Thomas More's and Augsburg Confession's, by their records), or 0
    when the Protestant initiates."""
    if not debate.papal_initiates:
        return 0
    return sum(card.initiator_dice_at(debate.zone) for card in cards_in_effect(debate))


def initiator_dice(debate, name: str, uncommitted: bool, card_dice: int | None = None) -> int:
    """The dice of the initiator's debater (20 step 4, 23.10–12), in either round;
    ``card_dice``: :func:`card_dice_of_initiator` of the debate, when read already."""
    debater = religion_facts().debaters[name]
    value = debater.value
    papal = debate.papal_initiates
    if papal and debate.england_ruler == "mary-i" and debate.zone == "english":
        value *= 2  # 20 step 4, 23.11: Mary I doubles it when the Papacy initiates
    dice = value + ATTACK_DICE  # 20 step 4
    bonus = bonus_of(name)
    if (
        bonus.attack_dice
        and (not bonus.attack_zones or debate.zone in bonus.attack_zones)
        and bonus_applies(debate, bonus.slug, uncommitted)
    ):
        dice += bonus.attack_dice  # 20 step 4, 23.12: Eck +1; Gardiner +1 in England
    # 23.11: card dice apply to the initiator's roll in both rounds.
    dice += card_dice_of_initiator(debate) if card_dice is None else card_dice
    return max(dice, 1)


def other_dice(debater, committed: bool) -> int:
    """20 step 5, 23.10: the other side's debater rolls value + 1 if already committed,
    value + 2 if not."""
    return debater.value + (COMMITTED_DEFENCE if committed else UNCOMMITTED_DEFENCE)

"""What each card is worth in a given combat: the change in the odds from holding it.

A question built on the exact engine, like the force needed (:mod:`oddsengine.questions`):
each card's combat is answered by :func:`oddsengine.exact` and compared with the combat
without it."""

from __future__ import annotations

import dataclasses

from oddsengine.draws import falling_order
from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["card_value", "card_value_text"]

_SIDES = ("attacker", "defender")


def _win_chance(result, side) -> float:
    """The side's chance of getting what it fights for: winning the battle (on land or at
    sea), taking the space (an assault) or winning the war (a foreign war) for the
    attacker; anything else (including a cancelled attack) for the defender."""
    attacker_goal = next(name for name in _ATTACKER_GOALS if name in result.p)
    chance = result.p[attacker_goal]
    return chance if side == "attacker" else 1.0 - chance


_ATTACKER_GOALS = ("attacker_wins", "success", "won")


def _card_fields(spec) -> dict[str, str]:
    """The spec field that holds each side's cards, as its class says (``card_fields``):
    ``{"attacker": "attacker_cards", ...}``; a foreign war has the major power's cards
    only (its ``cards``, the attacker's)."""
    fields = dict(getattr(spec, "card_fields", ()))
    if not fields:
        raise OddsEngineError(
            "card values are computed for field battles, assaults, naval battles and foreign wars"
        )
    return fields


def _candidate_cards(spec):
    """The cards that may act in ``spec``'s kind of combat, by their records."""
    # The records are read when a combat's cards are valued, not for a voyage's switches.
    from oddsengine.combat.cards import CARD_RULES, CARDS

    if spec.kind in ("battle", "assault"):
        return list(CARDS.values())
    combat = "naval-battle" if spec.kind == "naval" else "foreign-war"
    return [rule.card for rule in CARD_RULES.values() if rule.effect(combat) is not None]


_CHANCE_ABROAD = "the major power wins the war within the horizon"

#: What ``value`` measures, per side, in the words the text output uses.
_CHANCE = {
    "attacker": "the attacker wins (a battle) or takes the space (an assault)",
    "defender": "the attacker does not: the defender wins, holds or the attack is cancelled",
}


def _power_label(spec, side) -> str:
    from oddsengine.combat.powers import power_adjective

    force = spec.force if spec.kind == "foreign-war" else getattr(spec, side)
    power = force.power
    return f"{power_adjective(power)} " if power else ""


def _card_row(spec, role, card, baseline, result) -> dict:
    """One card's row: its value to ``role`` and the change of every outcome."""
    without, with_card = _win_chance(baseline, role), _win_chance(result, role)
    value = with_card - without
    row = {"side": role, "card": card.name, "number": card.number, "value": value}
    row["chance"] = _CHANCE_ABROAD if spec.kind == "foreign-war" else _CHANCE[role]
    # Every outcome of either combat, so that a card which brings an outcome of its
    # own (Foul Weather: "cancelled") shows where the side's chance comes from.
    names = dict.fromkeys((*baseline.outcome_names, *result.outcome_names))
    for name in names:
        row[f"delta:{name}"] = result.p.get(name, 0.0) - baseline.p.get(name, 0.0)
    verb = "adds" if value >= 0 else "takes"
    row["summary"] = (
        f"{card.name} {verb} {abs(value) * 100:.1f} points "
        f"{'to' if value >= 0 else 'from'} the {_power_label(spec, role)}"
        f"{'power' if spec.kind == 'foreign-war' else role}'s chance here"
    )
    row.update(without_card=without, with_card=with_card, difference=value)
    return row


def card_value(spec, side: str | None = None):
    """Value of every card a side could still play in ``spec``, exactly computed.

    For each card of RULES.md §8 that the rules allow the side to add (as its own card),
    the combat is solved again with the card and compared with the combat without it.

    Parameters
    ----------
    spec : FieldBattle, Assault, NavalBattle or ForeignWar
        Or a spec whose ``card_switches`` name the cards that switch a field on (a
        :class:`~oddsengine.religion.voyage.Voyage`: Mercator's Map; a
        :class:`~oddsengine.religion.voyage.Conquest`: Smallpox), valued in expected VP
        by :func:`~oddsengine.questions.switch_value.switch_value`.
    side : {"attacker", "defender"}, optional
        One side only; both by default. A voyage or a conquest has one side, its power
        (``"france"``): any other is refused.

    Returns
    -------
    pandas.DataFrame
        One row per playable card, sorted by ``value`` (the change, in probability, of the
        side's chance of winning the battle or, in an assault, of taking or holding the
        space), the ``chance`` that value measures, the change of every headline outcome
        of either combat (``delta:<outcome>``; Foul Weather's ``delta:cancelled``) and a
        ``summary`` sentence, then the side's chance ``without_card``, ``with_card`` and
        their ``difference`` (equal to ``value``) as numbers. A card's value is always to
        the side that plays it: a card the defender plays counts in the defender's chance,
        so Foul Weather, which lowers both ``attacker_wins`` and ``defender_wins``, has a
        positive value to the defender.

    Examples
    --------
    >>> from oddsengine import FieldBattle, card_value
    >>> table = card_value(FieldBattle("france: 4R", "hapsburg: 4R"), side="defender")
    >>> table.iloc[0]["card"]
    'Foul Weather'
    >>> bool((table["value"] >= 0).all())
    True
    """
    import pandas as pd

    if getattr(spec, "card_switches", None):  # a voyage: the card switches a field on
        from oddsengine.questions.switch_value import card_switch_value

        # One side plays these cards: the power that explores or conquers (issue 38),
        # or the spec's own card_side.
        owner = getattr(spec, "card_side", None) or getattr(spec, "power", None)
        if side is not None and side != owner:
            raise OddsEngineError(
                f"in a {getattr(spec, 'kind', 'question')} only {owner} plays the cards: "
                f"side must be {owner!r} or None, not {shown(side)}"
            )
        return card_switch_value(spec)
    if side is not None and side not in _SIDES:
        raise OddsEngineError(f"side must be 'attacker' or 'defender', not {side!r}")
    kind = getattr(spec, "kind", None)
    if not isinstance(kind, str) or not hasattr(spec, "outcome_names"):
        raise OddsEngineTypeError(
            f"card_value takes a field battle, an assault, a naval battle or a foreign war, "
            f"not {shown(spec)}"
        )
    fields = _card_fields(spec)
    if side is not None and side not in fields:
        raise OddsEngineError(f"in a {spec.kind} only the attacker (the major power) plays cards")
    baseline = exact(spec)
    rows = []
    for role in (side,) if side else tuple(fields):
        held = getattr(spec, fields[role])
        played = {getattr(card, "card", card) for card in held}
        for card in _candidate_cards(spec):
            if card in played or card in getattr(spec, "responses", ()):
                continue
            try:
                variant = dataclasses.replace(spec, **{fields[role]: (*held, card)})
            except OddsEngineError:
                continue  # the rules do not let this side play it here
            rows.append(_card_row(spec, role, card, baseline, exact(variant)))
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    deltas = [column for column in frame.columns if column.startswith("delta:")]
    frame[deltas] = frame[deltas].fillna(0.0)  # an outcome no card of that row brings
    # The columns of a card value are a contract: new ones go after the summary.
    added = ["without_card", "with_card", "difference"]
    kept = [c for c in frame.columns if c not in ("summary", *added)]
    frame = frame[[*kept, "summary", *added]]
    # Equal values in the order of the cards, on every machine.
    return frame.take(falling_order(frame["value"].to_numpy())).reset_index(drop=True)


def card_value_text(spec, table) -> str:
    """The text table of :func:`card_value`'s ``table`` for ``spec``: per card, the side's
    chance without it, with it, and the difference in percentage points.

    Examples
    --------
    >>> from oddsengine import FieldBattle
    >>> battle = FieldBattle("france: 4R", "hapsburg: 4R")
    >>> print(card_value_text(battle, card_value(battle, side="attacker")).splitlines()[5])
    attacker  Swiss Mercenaries (#36)    27.8413%   61.2886%   +33.4474 points
    """
    abroad = spec.kind == "foreign-war"
    lines = [
        spec.title(),
        "Value of each card a side could still play (exact): the side's chance without the "
        "card, with it, and the difference",
        "(the major power's chance: it wins the war within the horizon)"
        if abroad
        else "(the attacker's chance: it wins the battle; the defender's: the attacker does not)"
        if spec.kind == "naval"
        else "(the attacker's chance: it wins or takes the space; the defender's: the "
        "attacker does not)",
        "",
    ]
    names = [f"{row.card} (#{row.number})" for row in table.itertuples(index=False)]
    width = max([len("card"), *map(len, names)])
    lines.append(f"{'side':<8}  {'card':<{width}}  {'without':>9}  {'with':>9}   difference")
    for name, row in zip(names, table.itertuples(index=False), strict=True):
        lines.append(
            f"{row.side:<8}  {name:<{width}}  {row.without_card:>9.4%}  {row.with_card:>9.4%}"
            f"   {row.difference * 100:+.4f} points"
        )
    if table.empty:
        lines.append("(no card the rules let a side add here)")
    return "\n".join(lines)

"""What each card is worth in a given combat: the change in the odds from holding it."""

from __future__ import annotations

import dataclasses

from oddsengine.combat.cards import CARDS
from oddsengine.combat.powers import power_adjective
from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["card_value"]

_SIDES = ("attacker", "defender")


def _win_chance(result, side) -> float:
    """The side's chance of getting what it fights for: winning the battle or taking the
    space for the attacker; anything else (including a cancelled attack) for the defender."""
    attacker_goal = "attacker_wins" if "attacker_wins" in result.p else "success"
    chance = result.p[attacker_goal]
    return chance if side == "attacker" else 1.0 - chance


#: What ``value`` measures, per side, in the words the text output uses.
_CHANCE = {
    "attacker": "the attacker wins (a battle) or takes the space (an assault)",
    "defender": "the attacker does not: the defender wins, holds or the attack is cancelled",
}


def _power_label(spec, side) -> str:
    power = getattr(spec, side).power
    return f"{power_adjective(power)} " if power else ""


def card_value(spec, side: str | None = None):
    """Value of every card a side could still play in ``spec``, exactly computed.

    For each card of RULES.md §8 that the rules allow the side to add (as its own card),
    the combat is solved again with the card and compared with the combat without it.

    Parameters
    ----------
    spec : FieldBattle or Assault
    side : {"attacker", "defender"}, optional
        One side only; both by default.

    Returns
    -------
    pandas.DataFrame
        One row per playable card, sorted by ``value`` (the change, in probability, of the
        side's chance of winning the battle or, in an assault, of taking or holding the
        space), the ``chance`` that value measures, the change of every headline outcome
        of either combat (``delta:<outcome>``; Foul Weather's ``delta:cancelled``) and a
        ``summary`` sentence. A card's value is always to the side that plays it: a card
        the defender plays counts in the defender's chance, so Foul Weather, which lowers
        both ``attacker_wins`` and ``defender_wins``, has a positive value to the defender.

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

    if side is not None and side not in _SIDES:
        raise OddsEngineError(f"side must be 'attacker' or 'defender', not {side!r}")
    kind = getattr(spec, "kind", None)
    if not isinstance(kind, str) or not hasattr(spec, "outcome_names"):
        raise OddsEngineTypeError(
            f"card_value takes a field battle or an assault, not {shown(spec)}"
        )
    if kind not in ("battle", "assault") or not hasattr(spec, "responses"):
        # The values are those of the land-combat cards of RULES.md §8, played as a
        # side's own card; the few cards at sea and in foreign wars are not weighed.
        raise OddsEngineError(
            f"card values are computed for field battles and assaults (the land-combat "
            f"cards of RULES §8), not for a {getattr(spec, 'kind', 'spec')}"
        )
    baseline = exact(spec)
    rows = []
    for role in (side,) if side else _SIDES:
        played = set(getattr(spec, f"{role}_cards"))
        for card in CARDS.values():
            if card in played or card in spec.responses:
                continue
            try:
                variant = dataclasses.replace(
                    spec, **{f"{role}_cards": (*getattr(spec, f"{role}_cards"), card)}
                )
            except OddsEngineError:
                continue  # the rules do not let this side play it here
            result = exact(variant)
            value = _win_chance(result, role) - _win_chance(baseline, role)
            row = {"side": role, "card": card.name, "number": card.number, "value": value}
            row["chance"] = _CHANCE[role]
            # Every outcome of either combat, so that a card which brings an outcome of its
            # own (Foul Weather: "cancelled") shows where the side's chance comes from.
            names = dict.fromkeys((*baseline.outcome_names, *result.outcome_names))
            for name in names:
                row[f"delta:{name}"] = result.p.get(name, 0.0) - baseline.p.get(name, 0.0)
            verb = "adds" if value >= 0 else "takes"
            row["summary"] = (
                f"{card.name} {verb} {abs(value) * 100:.1f} points "
                f"{'to' if value >= 0 else 'from'} the {_power_label(spec, role)}{role}'s "
                "chance here"
            )
            rows.append(row)
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    deltas = [column for column in frame.columns if column.startswith("delta:")]
    frame[deltas] = frame[deltas].fillna(0.0)  # an outcome no card of that row brings
    frame = frame[[c for c in frame.columns if c != "summary"] + ["summary"]]
    return frame.sort_values("value", ascending=False, ignore_index=True)

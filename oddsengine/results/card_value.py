"""What each card is worth in a given combat: the change in the odds from holding it."""

from __future__ import annotations

import dataclasses

from oddsengine.combat.cards import CARDS
from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError

__all__ = ["card_value"]

_SIDES = ("attacker", "defender")


def _win_chance(result, side) -> float:
    """The side's chance of getting what it fights for: winning the battle or taking the
    space for the attacker; anything else (including a cancelled attack) for the defender."""
    attacker_goal = "attacker_wins" if "attacker_wins" in result.p else "success"
    chance = result.p[attacker_goal]
    return chance if side == "attacker" else 1.0 - chance


_ADJECTIVES = {
    "ottoman": "Ottoman",
    "hapsburg": "Hapsburg",
    "england": "English",
    "france": "French",
    "papacy": "Papal",
    "protestant": "Protestant",
    "genoa": "Genoese",
    "hungary": "Hungarian",
    "scotland": "Scottish",
    "venice": "Venetian",
    "independent": "independent",
}


def _power_label(spec, side) -> str:
    power = getattr(spec, side).power
    return f"{_ADJECTIVES[power]} " if power else ""


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
        space), with the change of every headline outcome (``delta:<outcome>``) and a
        ``summary`` sentence.

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
    if not hasattr(spec, "attacker_cards"):
        raise OddsEngineError("card values are computed for field battles and assaults")
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
            for name in baseline.outcome_names:
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
    return frame.sort_values("value", ascending=False, ignore_index=True)

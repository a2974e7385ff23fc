"""What each debate card is worth in a given theological debate (RULES.md §20, 23.11): the
debate solved again with the card and compared with the debate without it, as the combat
cards' values are (:func:`oddsengine.card_value`).

The Papal events that call a debate (Leipzig Debate, Papal Inquisition, Thomas More) are
worth something to the Papacy in a debate it calls without one; Here I Stand is worth
something to the Protestant in a German debate. A card's value is to the side that plays
it, in that side's expected net (spaces flipped its way less those flipped against it,
plus VP gained less VP conceded) and in its chance of winning the debate.
:func:`debate_card_value_rows` gives the rows without pandas, and
:func:`debate_card_value_text` writes them so (the command line's text answer stays
light).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from oddsengine.draws import falling_order
from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["debate_card_value", "debate_card_value_rows", "debate_card_value_text", "side_net"]

#: Each debate card and the side that plays it.
_CARD_SIDES = (
    ("leipzig-debate", "papacy"),
    ("papal-inquisition", "papacy"),
    ("thomas-more", "papacy"),
    ("here-i-stand", "protestant"),
)
_NAMES = {
    "leipzig-debate": "Leipzig Debate",
    "papal-inquisition": "Papal Inquisition",
    "thomas-more": "Thomas More",
    "here-i-stand": "Here I Stand",
}


def side_net(result, side: str) -> float:
    """A side's expected net of a debate's result: spaces flipped its way less those
    flipped against it, plus VP gained less VP conceded."""
    values = {name: value["mean"] for name, value in result.expected_values().items()}
    papal = (
        values["papal_flips"]
        - values["protestant_flips"]
        + values["papal_vp"]
        - values["protestant_vp"]
    )
    return papal if side == "papacy" else -papal


def _wins(result, side: str) -> float:
    return result.p["papal_wins" if side == "papacy" else "protestant_wins"]


def debate_card_value(debate):
    """Value of every debate card a side could still play in ``debate``, exactly computed.

    Parameters
    ----------
    debate : Debate

    Returns
    -------
    pandas.DataFrame
        One row per card the rules let a side add, sorted by ``value`` (the change in the
        playing side's expected net): ``side``, ``card``, ``value``, ``net_without``,
        ``net_with``, ``wins_without``, ``wins_with`` (the side's chance of winning),
        ``delta:<outcome>`` for the three outcomes and a ``summary`` sentence.

    Examples
    --------
    >>> from oddsengine.religion.debate import Debate
    >>> table = debate_card_value(Debate("german", "papacy", turn=1))
    >>> sorted(table["card"])
    ['Here I Stand', 'Leipzig Debate', 'Thomas More']
    """
    import pandas as pd

    return pd.DataFrame(debate_card_value_rows(debate))


def debate_card_value_rows(debate) -> list[dict]:
    """The rows of :func:`debate_card_value`, one dict per card, best first, without
    pandas."""
    from oddsengine.religion.debate import Debate

    if not isinstance(debate, Debate):
        raise OddsEngineTypeError(f"debate_card_value takes a Debate, not {shown(debate)}")
    baseline = exact(debate)
    rows = []
    for card, side in _CARD_SIDES:
        if card in debate.cards:
            continue
        try:
            variant = dataclasses.replace(debate, cards=(*debate.cards, card))
        except OddsEngineError:
            continue  # the rules do not let the card act here
        result = exact(variant)
        without, with_card = side_net(baseline, side), side_net(result, side)
        row = {
            "side": side,
            "card": _NAMES[card],
            "slug": card,
            "value": with_card - without,
            "net_without": without,
            "net_with": with_card,
            "wins_without": _wins(baseline, side),
            "wins_with": _wins(result, side),
        }
        for name in debate.outcome_names:
            row[f"delta:{name}"] = result.p[name] - baseline.p[name]
        verb = "adds" if row["value"] >= 0 else "takes"
        row["summary"] = (
            f"{_NAMES[card]} {verb} {abs(row['value']):.3f} to the {side}'s "
            "expected net (flips and VP) here"
        )
        rows.append(row)
    # Equal values in the order of the cards, on every machine.
    order = falling_order(np.array([row["value"] for row in rows], dtype=float))
    return [rows[index] for index in order]


def debate_card_value_text(debate, table) -> str:
    """The text table of :func:`debate_card_value`'s ``table`` (or of its rows) for
    ``debate``."""
    rows = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    lines = [
        debate.title(),
        "Value of each debate card a side could still play (exact): the side's expected net "
        "(flips its way less against it, plus VP gained less conceded) and its chance of "
        "winning, without and with the card",
        "",
        f"{'side':<11} {'card':<18} {'net without':>12} {'net with':>9} {'value':>8} "
        f"{'wins without':>13} {'wins with':>10}",
    ]
    for row in rows:
        lines.append(
            f"{row['side']:<11} {row['card']:<18} {row['net_without']:>+12.4f} "
            f"{row['net_with']:>+9.4f} {row['value']:>+8.4f} {row['wins_without']:>13.4%} "
            f"{row['wins_with']:>10.4%}"
        )
    if not rows:
        lines.append("(no debate card the rules let a side add here)")
    return "\n".join(lines)

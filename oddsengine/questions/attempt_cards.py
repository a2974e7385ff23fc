"""What the cards that change an attempt's dice are worth in it (RULES.md §17, §18):
Printing Press (+1 Protestant die, §17 step 3) in a Reformation attempt, Augsburg
Confession (−1 on every Papal die, §18, §23 reading 2) in a Counter-Reformation attempt.

The rows have the columns of :func:`oddsengine.card_value` (``side``, ``card``,
``number``, ``value``, ``chance``, ``delta:<outcome>``, ``summary``, ``without_card``,
``with_card``, ``difference``), so that faces read both alike; ``number`` is None (the
religion data does not number the cards). :func:`attempt_card_value_rows` gives them
without pandas, and :func:`attempt_card_value_text` writes them so (the command line's
text answer stays light).
"""

from __future__ import annotations

import dataclasses

from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineTypeError, shown

__all__ = [
    "ATTEMPT_CARDS",
    "attempt_card_value",
    "attempt_card_value_rows",
    "attempt_card_value_text",
]

#: The cards of an attempt, by kind: ``(card, the spec field it sets, who plays it)``.
ATTEMPT_CARDS = {
    "reformation": (("Printing Press", "printing_press", "protestant"),),
    "counter-reformation": (("Augsburg Confession", "augsburg", "protestant"),),
}

_CHANCE = {
    ("reformation", "protestant"): "the Reformation attempt succeeds",
    ("counter-reformation", "protestant"): "the Counter-Reformation attempt fails",
}


def attempt_card_value(spec):
    """The value of each card not yet played that changes the dice of ``spec``, exactly.

    Parameters
    ----------
    spec : ReformationAttempt or CounterReformationAttempt

    Returns
    -------
    pandas.DataFrame
        One row per card (none when the card is already played), as
        :func:`oddsengine.card_value`'s: the chance of the side that plays it without the
        card, with it, and the difference.

    Examples
    --------
    >>> from oddsengine.religion.attempts import ReformationAttempt
    >>> table = attempt_card_value(ReformationAttempt(protestant_dice=1, papal_dice=1))
    >>> row = table.iloc[0]
    >>> row["card"], round(row["without_card"] * 12), round(row["with_card"] * 216)
    ('Printing Press', 7, 161)
    """
    import pandas as pd

    return pd.DataFrame(attempt_card_value_rows(spec))


def attempt_card_value_rows(spec) -> list[dict]:
    """The rows of :func:`attempt_card_value`, one dict per card, without pandas."""
    cards = ATTEMPT_CARDS.get(getattr(spec, "kind", None))
    if cards is None or isinstance(spec, type):
        raise OddsEngineTypeError(
            f"attempt_card_value takes a Reformation or Counter-Reformation attempt, not "
            f"{shown(spec)}"
        )
    baseline = exact(spec)
    rows = []
    for card, field, side in cards:
        if getattr(spec, field):
            continue  # played already: nothing left to add
        result = exact(dataclasses.replace(spec, **{field: True}))
        rows.append(_row(spec, card, side, baseline, result))
    return rows


def _side_chance(spec, side: str, result) -> float:
    success = result.p["success"]
    return success if side == spec.attempting else 1.0 - success


def _row(spec, card: str, side: str, baseline, result) -> dict:
    without, with_card = _side_chance(spec, side, baseline), _side_chance(spec, side, result)
    value = with_card - without
    verb, word = ("adds", "to") if value >= 0 else ("takes", "from")
    row = {"side": side, "card": card, "number": None, "value": value}
    row["chance"] = _CHANCE[(spec.kind, side)]
    for name in spec.outcome_names:
        row[f"delta:{name}"] = result.p[name] - baseline.p[name]
    row["summary"] = (
        f"{card} {verb} {abs(value) * 100:.1f} points {word} the Protestant's chance here"
    )
    row.update(without_card=without, with_card=with_card, difference=value)
    return row


def attempt_card_value_text(spec, table) -> str:
    """The text table of :func:`attempt_card_value`'s ``table`` (or of its rows) for
    ``spec``.

    Examples
    --------
    >>> from oddsengine.religion.attempts import CounterReformationAttempt
    >>> attempt = CounterReformationAttempt(protestant_dice=1, papal_dice=1)
    >>> print(attempt_card_value_text(attempt, attempt_card_value(attempt)).splitlines()[-1])
    protestant  Augsburg Confession   58.3333%   72.2222%   +13.8889 points
    """
    rows = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    lines = [
        spec.title(),
        "Value of each card that changes the dice here (exact): the chance of the side that "
        "plays it without the card, with it, and the difference",
        "",
    ]
    width = max([len("card"), *(len(row["card"]) for row in rows)])
    lines.append(f"{'side':<10}  {'card':<{width}}  {'without':>9}  {'with':>9}   difference")
    for row in rows:
        lines.append(
            f"{row['side']:<10}  {row['card']:<{width}}  {row['without_card']:>9.4%}  "
            f"{row['with_card']:>9.4%}   {row['difference'] * 100:+.4f} points"
        )
    if not rows:
        lines.append("(the card is played already: none left to add)")
    return "\n".join(lines)

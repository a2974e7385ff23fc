"""What Mercator's Map and Smallpox are worth in a voyage (RULES.md §22): the voyage solved
exactly without the card and with it, in expected VP and in the chance of every outcome.

A spec names the cards that switch one of its fields on (``card_switches``: the field and
the card's name): :class:`~oddsengine.religion.voyage.Voyage` has Mercator's Map (+2),
:class:`~oddsengine.religion.voyage.Conquest` Smallpox (+2). The card records of combat
carry neither card, so the value is read from the switch, as :func:`oddsengine.card_value`
reads a combat card from its record.

Examples
--------
>>> from oddsengine.religion.voyage import Conquest
>>> table = card_switch_value(Conquest("hapsburg", "Cortez"))
>>> table.iloc[0]["card"], round(float(table.iloc[0]["value"]) * 36)  # 56/36 -> 68/36 VP
('Smallpox', 12)
"""

from __future__ import annotations

import dataclasses

from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineTypeError, shown

__all__ = ["card_switch_value", "card_switch_text"]

#: What ``value`` measures.
_CHANCE = "expected VP of the voyage"


def card_switch_value(spec):
    """The value of each card that switches a field of ``spec`` on, exactly computed.

    Returns
    -------
    pandas.DataFrame
        One row per card: the ``side`` (the power), the ``card``, its ``value`` (the change
        in expected VP), the ``chance`` that value measures, the change of every outcome
        (``delta:<outcome>``), a ``summary`` sentence, then the expected VP
        ``without_card``, ``with_card`` and their ``difference`` (equal to ``value``).
    """
    import pandas as pd

    switches = getattr(spec, "card_switches", None)
    if not switches:
        raise OddsEngineTypeError(f"no card switches a field of {shown(spec)}")
    rows = []
    for field, card in switches:
        without = exact(dataclasses.replace(spec, **{field: False}))
        with_card = exact(dataclasses.replace(spec, **{field: True}))
        before = without.expected_values()["vp"]["mean"]
        after = with_card.expected_values()["vp"]["mean"]
        row = {"side": spec.power, "card": card, "value": after - before, "chance": _CHANCE}
        for name in dict.fromkeys((*without.outcome_names, *with_card.outcome_names)):
            row[f"delta:{name}"] = with_card.p.get(name, 0.0) - without.p.get(name, 0.0)
        verb = "adds" if after >= before else "takes"
        row["summary"] = (
            f"{card} {verb} {abs(after - before):.3f} VP "
            f"{'to' if after >= before else 'from'} {spec.power}'s expected VP "
            "here"
        )
        row.update(without_card=before, with_card=after, difference=after - before)
        rows.append(row)
    return pd.DataFrame(rows)


def card_switch_text(spec, table) -> str:
    """The text of :func:`card_switch_value`'s ``table``: expected VP without the card,
    with it and the difference, then each outcome's change.

    Examples
    --------
    >>> from oddsengine.religion.voyage import Voyage
    >>> voyage = Voyage("france", "Cartier")
    >>> print(card_switch_text(voyage, card_switch_value(voyage)).splitlines()[4])
    france  Mercator's Map     1.938     3.083   +1.146 VP
    """
    width = max([len("card"), *(len(card) for card in table["card"])])
    side = max([len("side"), *(len(name) for name in table["side"])]) + 2
    lines = [
        spec.title(),
        "Value of each card here (exact): the expected VP of the voyage "
        "without the card, with it, and the difference",
        "",
        f"{'side':<{side}}{'card':<{width}}  {'without':>8}  {'with':>8}   difference",
    ]
    for row in table.itertuples(index=False):
        lines.append(
            f"{row.side:<{side}}{row.card:<{width}}  {row.without_card:>8.3f}  "
            f"{row.with_card:>8.3f}   {row.difference:+.3f} VP"
        )
    for row in table.to_dict("records"):
        changes = [
            f"{name[6:]} {value * 100:+.2f} points"
            for name, value in row.items()
            if name.startswith("delta:") and abs(value) > 1e-12
        ]
        lines.append(f"{row['card']}: " + (", ".join(changes) or "no outcome changes"))
    return "\n".join(lines)

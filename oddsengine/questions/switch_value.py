"""What a card that switches an input of a question is worth: the question solved exactly
without the card and with it, in its measure (expected VP, or a chance) and in the chance
of every outcome.

A spec names the cards that switch one of its fields (``card_switches``: the field and
the card's name): :class:`~oddsengine.religion.voyage.Voyage` has Mercator's Map (+2),
:class:`~oddsengine.religion.voyage.Conquest` Smallpox (+2). A switch turns a flag on,
or, where the spec gives ``switched(field)``, whatever that returns (one more marriage of
Henry VIII). The spec's ``card_measure`` says what the value is measured in: an expected
value it reports or an outcome's chance, its unit and its words. The card records of
combat carry none of these cards, so the value is read from the switch, as
:func:`oddsengine.card_value` reads a combat card from its record.

Examples
--------
>>> from oddsengine.religion.voyage import Conquest
>>> table = switch_value(Conquest("hapsburg", "Cortez"))
>>> table.iloc[0]["card"], round(float(table.iloc[0]["value"]) * 36)  # 56/36 -> 68/36 VP
('Smallpox', 12)
"""

from __future__ import annotations

import dataclasses

from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineTypeError, shown

__all__ = [
    "switch_value",
    "switch_value_rows",
    "switch_value_text",
    "card_switch_value",
    "card_switch_text",
]

#: What a spec's value is measured in when it says nothing: its expected VP.
_MEASURE = ("vp", "VP", "expected VP")


def _measure(spec) -> tuple[str, str, str]:
    """The key, unit and words of what ``spec``'s cards are valued in."""
    return getattr(spec, "card_measure", _MEASURE)


def _measured(result, key: str) -> float:
    """The expected value ``key`` of ``result``, or the chance of the outcome ``key``."""
    expected = result.expected_values()
    return expected[key]["mean"] if key in expected else result.p[key]


def _switched(spec, field: str):
    """The spec without the card and with it."""
    switched = getattr(spec, "switched", None)
    if switched is not None:
        return switched(field)
    return dataclasses.replace(spec, **{field: False}), dataclasses.replace(spec, **{field: True})


def _side(spec) -> str:
    return getattr(spec, "card_side", None) or getattr(spec, "power", "")


def switch_value(spec):
    """The value of each card that switches a field of ``spec`` on, exactly computed: the
    rows of :func:`switch_value_rows` as a DataFrame.

    Returns
    -------
    pandas.DataFrame
        One row per card: the ``side`` (the power), the ``card``, its ``value`` (the change
        in the measure: expected VP unless the spec says otherwise), the ``chance`` that
        value measures, the change of every outcome (``delta:<outcome>``), a ``summary``
        sentence, then the measure ``without_card``, ``with_card`` and their
        ``difference`` (equal to ``value``); for a card whose other use is CP (the spec's
        ``card_cp``: Six Wives of Henry VIII, 5), its ``cp`` and the measure added per CP
        (``vp_per_cp``).
    """
    import pandas as pd

    return pd.DataFrame(switch_value_rows(spec))


def switch_value_rows(spec) -> list[dict]:
    """The rows of :func:`switch_value`, one dict per card, without pandas (what the
    command line writes as text)."""
    switches = getattr(spec, "card_switches", None)
    if not switches:
        raise OddsEngineTypeError(f"no card changes this question: {shown(spec)}")
    key, unit, words = _measure(spec)
    side = _side(spec)
    rows = []
    for field, card in switches:
        without, with_card = (exact(switched) for switched in _switched(spec, field))
        before, after = _measured(without, key), _measured(with_card, key)
        row = {"side": side, "card": card, "value": after - before, "chance": words}
        for name in dict.fromkeys((*without.outcome_names, *with_card.outcome_names)):
            row[f"delta:{name}"] = with_card.p.get(name, 0.0) - without.p.get(name, 0.0)
        verb = "adds" if after >= before else "takes"
        measured = f"expected {unit}" if key in without.expected_values() else f"chance of {key}"
        row["summary"] = (
            f"{card} {verb} {abs(after - before):.3f} {unit} "
            f"{'to' if after >= before else 'from'} {side}'s {measured} here"
        )
        row.update(without_card=before, with_card=after, difference=after - before)
        cp = getattr(spec, "card_cp", None)
        if cp:  # the card's other use: its CP, and what the event adds per CP given up
            row.update(cp=cp, **{f"{unit.lower()}_per_cp": (after - before) / cp})
        rows.append(row)
    return rows


def switch_value_text(spec, table) -> str:
    """The text of :func:`switch_value`'s ``table`` (or of its rows): the measure without
    the card, with it and the difference, then each outcome's change.

    Examples
    --------
    >>> from oddsengine.religion.voyage import Voyage
    >>> voyage = Voyage("france", "Cartier")
    >>> print(switch_value_text(voyage, switch_value(voyage)).splitlines()[4])
    france  Mercator's Map     1.938     3.083   +1.146 VP
    """
    key, unit, words = _measure(spec)
    rows = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    width = max([len("card"), *(len(row["card"]) for row in rows)])
    side = max([len("side"), *(len(row["side"]) for row in rows)]) + 2
    lines = [
        spec.title(),
        f"Value of each card here (exact): the {words} without the card, with it, and the "
        "difference",
        "",
        f"{'side':<{side}}{'card':<{width}}  {'without':>8}  {'with':>8}   difference",
    ]
    for row in rows:
        lines.append(
            f"{row['side']:<{side}}{row['card']:<{width}}  {row['without_card']:>8.3f}  "
            f"{row['with_card']:>8.3f}   {row['difference']:+.3f} {unit}"
        )
    for row in rows:
        if row.get("cp"):
            per_cp = row[f"{unit.lower()}_per_cp"]
            lines.append(
                f"{row['card']} as the event, against its {row['cp']:g} CP: "
                f"{per_cp:+.3f} {unit} per CP"
            )
    for row in rows:
        changes = [
            f"{name[6:]} {value * 100:+.2f} points"
            for name, value in row.items()
            if name.startswith("delta:") and abs(value) > 1e-12
        ]
        lines.append(f"{row['card']}: " + (", ".join(changes) or "no outcome changes"))
    return "\n".join(lines)


#: The names these were first published under (the voyages' cards).
card_switch_value, card_switch_text = switch_value, switch_value_text

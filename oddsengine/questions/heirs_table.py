"""Henry VIII's heirs marriage by marriage (RULES.md §29's table), from the exact answers of
:class:`~oddsengine.england.heirs.Heirs`. What one more play of Six Wives of Henry VIII is
worth (§24 way 1: the event, instead of its 5 CP) is the generic card question,
:func:`~oddsengine.questions.switch_value.switch_value`.

Examples
--------
>>> from oddsengine.england.heirs import Heirs
>>> table = marriage_table(Heirs())
>>> table["wife"].tolist()[:2], round(float(table["healthy_edward"].iloc[1]) * 36)
(['anne-boleyn', 'jane-seymour'], 17)
"""

from __future__ import annotations

from oddsengine.engines.exact import exact
from oddsengine.errors import OddsEngineError, OddsEngineTypeError, shown

__all__ = ["marriage_table", "marriage_results"]

#: §29's columns, in its order, then the English heir VP.
TABLE_COLUMNS = (
    "healthy_edward",
    "sickly_edward_elizabeth",
    "sickly_edward_only",
    "mary_elizabeth",
    "mary_only",
    "elizabeth_born",
)
#: The timeline's columns (§26's table).
TIMELINE_COLUMNS = ("edward_born", "mary_rules")


def _heirs(spec):
    from oddsengine.england.heirs import Heirs

    if not isinstance(spec, Heirs):
        raise OddsEngineTypeError(f"a table of marriages takes Heirs, not {shown(spec)}")
    if not spec.planned:
        raise OddsEngineError(
            "no marriage to tabulate: the question makes none (give marriages, or "
            "marriages_before_heir with the timeline, of 1 or more)"
        )
    return spec


def marriage_results(heirs) -> list:
    """The exact answer after each marriage of ``heirs``: its first one, its first two, ...
    (:meth:`~oddsengine.england.heirs.Heirs.after_each_marriage`)."""
    return [exact(spec) for spec in _heirs(heirs).after_each_marriage()]


def marriage_table(heirs):
    """§29's table from the state ``heirs`` gives: one row per marriage made (``after``,
    the number; ``wife``, the wife of that marriage), the chance of each line of the table
    and the expected heir VP (``expected.vp``); with the timeline, one row per play of Six
    Wives before the heir's card, with the chances of Edward born, Mary I ruling and the
    expected turn she takes the throne (§26's table).

    Returns
    -------
    pandas.DataFrame
    """
    import pandas as pd

    from oddsengine.england.pregnancy_chart import WIVES

    heirs = _heirs(heirs)
    rows = []
    for after, result in enumerate(marriage_results(heirs), start=1):
        row = {"after": after}
        if not heirs.timeline:  # the plays of the timeline may bring a bonus wife
            row["wife"] = WIVES[len(heirs.used) + after - 1]
        columns = TABLE_COLUMNS + (TIMELINE_COLUMNS if heirs.timeline else ())
        row.update({name: result.p[name] for name in columns})
        expected = result.expected_values()
        row["expected.vp"] = expected["vp"]["mean"]
        if heirs.timeline:
            turn = expected.get("mary_turn")
            row["expected.mary_turn"] = None if turn is None else turn["mean"]
        rows.append(row)
    return pd.DataFrame(rows)

"""The tables of the Diet of Worms and the New World (RULES.md §21, §22), exact, as the
odds book and ``diet --table`` / ``voyage --table`` / ``conquest --table`` show them.

The Diet's table is the Protestant's CP against the Catholic total: the Hapsburgs' and the
Papacy's hits are added, and a sum of dice that each hit on 5–6 depends only on how many
dice there are, so the split of the total between the two cards does not matter. The
odds tables of :mod:`oddsengine.faces.tables` take force templates; these take CP and
names, so they are built here from the same doors (:func:`oddsengine.exact`).

Examples
--------
>>> frame = diet_table(protestant_cp=[1], catholic_cp=[2])
>>> round(float(frame.loc[1, 2]) * 3**7)  # 1 CP (5 dice) against 1 + 1 CP (2 dice)
1419
"""

from __future__ import annotations

import io

from oddsengine.results.output import EXACT_DECIMALS

__all__ = ["diet_table", "voyage_table", "conquest_table", "table_text", "VARIANTS"]

#: The four ways an explorer sails in the voyage table: (label, Mercator's Map, Uncharted).
VARIANTS = (
    ("plain", False, False),
    ("Mercator", True, False),
    ("Uncharted", False, True),
    ("Mercator, Uncharted", True, True),
)


def _catholic_split(total: int) -> tuple[int, int]:
    """A Papal and a Hapsburg card giving ``total`` CP (the answer depends on the sum)."""
    from oddsengine.religion.diet import MAX_CARD_CP

    hapsburg = min(MAX_CARD_CP, total - 1)
    return total - hapsburg, hapsburg


def diet_table(
    outcome: str = "protestant_wins",
    protestant_cp=range(1, 7),
    catholic_cp=range(2, 13),
    eligible_spaces=None,
):
    """The chance of ``outcome`` at the Diet of Worms by the Protestant's CP (rows) and the
    Papal + Hapsburg CP (columns), exact.

    Parameters
    ----------
    outcome : str
        ``protestant_wins``, ``catholic_wins``, ``draw``, or an event (``flips:2``).
    protestant_cp, catholic_cp : iterables of int
        The rows (1..6) and the columns (2..12: two cards of 1..6 CP).
    eligible_spaces : int, optional
        A cap on the flips (23.14).

    Returns
    -------
    pandas.DataFrame
    """
    import pandas as pd

    import oddsengine as oe
    from oddsengine.kinds import check_outcome_name
    from oddsengine.religion.diet import DietOfWorms

    rows = {}
    for protestant in protestant_cp:
        row = {}
        for total in catholic_cp:
            if not 2 <= total <= 12:
                raise oe.OddsEngineError(f"the Catholic total is two cards' CP, 2..12, not {total}")
            papal, hapsburg = _catholic_split(total)
            spec = DietOfWorms(protestant, papal, hapsburg, eligible_spaces=eligible_spaces)
            check_outcome_name(outcome, [spec], where="Diet table")
            row[total] = oe.exact(spec).p.get(outcome, 0.0)
        rows[protestant] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name, frame.columns.name = "protestant_cp", "catholic_cp"
    return frame


def _outcome_row(result, names, extra=()) -> dict:
    row = {name: result.p.get(name, 0.0) for name in (*names, *extra)}
    row["expected_vp"] = result.expected_values()["vp"]["mean"]
    return row


def voyage_table(powers=None, claimed=(), choice: str = "best"):
    """Each explorer's outcomes (22) plain, with Mercator's Map, Uncharted and both, and the
    power's random draw from its pool: one row per explorer and way of sailing.

    Examples
    --------
    >>> frame = voyage_table(["hapsburg"])
    >>> row = frame[(frame.explorer == "Magellan") & (frame.variant == "plain")].iloc[0]
    >>> round(row["circumnavigation"] * 36 * 36)  # 10+ on 2d6 + 4 (26 of 36), twice
    676
    """
    import pandas as pd

    import oddsengine as oe
    from oddsengine.religion.new_world import EXPLORATION_CODES
    from oddsengine.religion.voyage import POWERS, Voyage, explorer_pool

    rows = []
    for power in powers or POWERS:
        names = [record.name for record in explorer_pool(power)]
        for explorer in (*dict.fromkeys(names), "random"):
            for label, mercator, uncharted in VARIANTS:
                spec = Voyage(
                    power,
                    explorer,
                    uncharted=uncharted,
                    mercator=mercator,
                    claimed=claimed,
                    choice=choice,
                )
                result = oe.exact(spec)
                rows.append(
                    {
                        "power": spec.power,
                        "explorer": explorer,
                        "value": None if explorer == "random" else spec.pool[0].value,
                        "variant": label,
                        **_outcome_row(result, EXPLORATION_CODES, ("explorer_lost",)),
                    }
                )
    return pd.DataFrame(rows)


def conquest_table(claimed=()):
    """Each conquistador's (and conquest marker's) outcomes (22), with and without Smallpox,
    and the Hapsburgs' random draw.

    Examples
    --------
    >>> frame = conquest_table()
    >>> row = frame[(frame.conquistador == "Cortez") & ~frame.smallpox].iloc[0]
    >>> round(row["killed"] * 36), round(row["conquest"] * 36)  # 2d6 <= 2; 2d6 >= 5
    (1, 30)
    """
    import pandas as pd

    import oddsengine as oe
    from oddsengine.religion.new_world import CONQUEST_CODES, conquests
    from oddsengine.religion.voyage import POWERS, Conquest, conquistador_pool

    won = tuple(f"conquest:{claim.name}" for claim in conquests())
    rows = []
    for power in POWERS:
        names = list(dict.fromkeys(record.name for record in conquistador_pool(power)))
        for who in (*names, *(("random",) if len(names) > 1 else ())):
            for smallpox in (False, True):
                spec = Conquest(power, who, smallpox=smallpox, claimed=claimed)
                rows.append(
                    {
                        "power": power,
                        "conquistador": who,
                        "value": None if who == "random" else spec.pool[0].value,
                        "smallpox": smallpox,
                        **_outcome_row(oe.exact(spec), CONQUEST_CODES, won),
                    }
                )
    return pd.DataFrame(rows)


def _cell(column: str, value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value != value:  # NaN: a random draw has no single value
            return "-"
        # Exact chances to 4 decimals of a percentage, as every odds table shows them.
        if column.startswith("expected"):  # a mean (VP, a turn), not a chance
            return f"{value:.3f}"
        return f"{value:.{EXACT_DECIMALS}%}"
    return str(value)


def table_text(frame, form: str, title: str = "") -> str:
    """``frame`` written as a text table, markdown, CSV (plain probabilities) or JSON.

    Examples
    --------
    >>> print(table_text(diet_table(protestant_cp=[1], catholic_cp=[2, 3]), "markdown"))
    | protestant_cp \\ catholic_cp | 2 | 3 |
    |:---|---:|---:|
    | 1 | 64.8834% | 54.5191% |
    <BLANKLINE>
    """
    if form == "csv":
        buffer = io.StringIO()
        # Exact cells to 15 significant digits, as the JSON of an exact answer keeps them:
        # the digits after are the rounding of the sum (1.0000000000000002 is 1).
        frame.to_csv(buffer, index=frame.index.name is not None, float_format="%.15g")
        return buffer.getvalue()
    if form == "json":
        return (
            frame.reset_index().to_json(orient="records", indent=2) + "\n"
            if frame.index.name
            else frame.to_json(orient="records", indent=2) + "\n"
        )
    if frame.index.name is not None:
        corner = f"{frame.index.name} \\ {frame.columns.name}"
        header = [corner, *map(str, frame.columns)]
        body = [
            [str(index), *(_cell("", value) for value in row)]
            for index, row in zip(frame.index, frame.itertuples(index=False), strict=True)
        ]
    else:
        header = list(map(str, frame.columns))
        body = [
            [_cell(column, value) for column, value in zip(frame.columns, row, strict=True)]
            for row in frame.itertuples(index=False)
        ]
    if form == "markdown":  # as the odds tables: a bold caption, labels left, figures right
        lines = ["| " + " | ".join(header) + " |", "|:---|" + "---:|" * (len(header) - 1)]
        lines += ["| " + " | ".join(row) + " |" for row in body]
        return (f"**{title}**\n\n" if title else "") + "\n".join(lines) + "\n"
    widths = [max(len(row[i]) for row in (header, *body)) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.rjust(width) if i else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        for row in (header, *body)
    ]
    return (f"{title}\n\n" if title else "") + "\n".join(lines) + "\n"

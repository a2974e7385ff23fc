"""``--card-value``: what each card that could still be played is worth, instead of the
odds: the options it refuses and the writer of its table, for every command that offers it
(the kinds that take the ``card-value`` group, and the religious commands)."""

from __future__ import annotations

import sys

from oddsengine.errors import OddsEngineError


def check_card_value_options(arguments) -> None:
    """Refuse options that --card-value would ignore, and --side without it."""
    if not arguments.card_value:
        if getattr(arguments, "side", None) is not None:
            raise OddsEngineError("--side chooses a side for --card-value: give --card-value")
        return
    ignored = [
        option
        for option, value in (
            ("--trials", arguments.trials),
            ("--precision", arguments.precision),
            ("--max-trials", arguments.max_trials),
            ("--seed", arguments.seed),
            ("--compare", arguments.compare),
            ("--survivors", getattr(arguments, "survivors", None)),
            ("--fractions", getattr(arguments, "fractions", None)),
            ("--method monte-carlo", arguments.method == "monte-carlo"),
            ("--monte-carlo", getattr(arguments, "monte_carlo", False)),
        )
        if value not in (None, False)
    ]
    if ignored:
        raise OddsEngineError(f"--card-value is computed exactly: it takes no {', '.join(ignored)}")
    if arguments.format not in ("table", "json", "csv"):  # it would print the text table
        raise OddsEngineError(
            f"--card-value is written as a table, csv or json, not {arguments.format}"
        )


def write_card_table(table, text, arguments) -> None:
    """Print a card-value ``table`` in ``arguments.format``: its records as JSON, CSV, or
    ``text(table)``, the words of the table format. ``table`` is a frame, or its rows (a
    list of dicts): the text is then written without pandas, which JSON and CSV import."""
    if isinstance(table, list) and arguments.format != "table":
        import pandas as pd

        table = pd.DataFrame(table)
    if arguments.format == "json":
        sys.stdout.write(table.to_json(orient="records", indent=2) + "\n")
    elif arguments.format == "csv":
        sys.stdout.write(table.to_csv(index=False))
    else:
        sys.stdout.write(text(table) + "\n")

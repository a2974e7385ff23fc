"""``--card-value``: what each card a side could still play is worth, for the combats that
take cards (``battle``, ``assault``, ``naval``, ``foreign-war``)."""

from __future__ import annotations

import sys

from oddsengine.errors import OddsEngineError


def add_card_value_arguments(group, sides: bool = True) -> None:
    """Add ``--card-value`` (and ``--side`` where both sides play cards)."""
    group.add_argument(
        "--card-value",
        action="store_true",
        help="instead of the odds, show what each card a side could still play is worth "
        "here (exact): the side's chance without the card, with it, and the difference",
    )
    if sides:
        group.add_argument(
            "--side",
            choices=("attacker", "defender"),
            default=None,
            help="with --card-value: one side only",
        )


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


def print_card_values(spec, arguments) -> None:
    """Print the card values of ``spec`` in ``arguments.format``."""
    from oddsengine.questions.card_value import card_value, card_value_text

    table = card_value(spec, side=getattr(arguments, "side", None))
    write_card_table(table, lambda table: card_value_text(spec, table), arguments)

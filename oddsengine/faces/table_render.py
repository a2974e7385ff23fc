"""A table written in the format asked for: the one dispatch of the tables that write
themselves in several formats (:class:`~oddsengine.faces.odds_table_formats.OddsTable`,
:class:`~oddsengine.faces.needed_table.NeededTable`), and its refusal of a format none of
their writers writes."""

from __future__ import annotations

from collections.abc import Callable

from oddsengine.errors import OddsEngineError

__all__ = ["render_in"]


def render_in(format: str, writers: dict[str, Callable[[], str]]) -> str:
    """The text ``writers[format]()`` writes; a ``format`` that is not one of ``writers``
    refused, naming them all.

    Examples
    --------
    >>> render_in("csv", {"markdown": lambda: "| a |\\n", "csv": lambda: "a\\n"})
    'a\\n'
    >>> render_in("rtf", {"markdown": str, "csv": str})
    Traceback (most recent call last):
    ...
    oddsengine.errors.OddsEngineError: unknown table format 'rtf'; choose markdown, csv
    """
    if format not in writers:
        raise OddsEngineError(f"unknown table format {format!r}; choose " + ", ".join(writers))
    return writers[format]()

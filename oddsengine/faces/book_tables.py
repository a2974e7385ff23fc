"""The odds book's tables that a kind's command prints with ``--table`` (the ``table``
group of its record's ``takes``): which function makes each, which of the kind's options
it reads and its caption. The face's own per-kind layout, read by the command line.

Examples
--------
>>> BOOK_TABLES["diet"].takes
('eligible_spaces',)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["BookTable", "BOOK_TABLES"]


@dataclass(frozen=True)
class BookTable:
    """One kind's table in the odds book.

    Parameters
    ----------
    words : str
        What its rows and columns are, in words (``--table``'s help).
    make : callable
        ``make(**values)`` gives the table as a DataFrame, from the values of the options
        it reads (and ``outcome``).
    takes : tuple of str
        The kind's options it reads; any other is refused beside ``--table``.
    outcome : str
        The default of ``--outcome``, the chance each cell shows (empty: no such option).
    heading : str
        Its caption, formatted with the values (``{outcome}``).
    """

    words: str
    make: Callable
    takes: tuple = ()
    outcome: str = ""
    heading: str = ""

    def title(self, values: dict) -> str:
        """The caption of the table of ``values``."""
        return self.heading.format(**values)


def _diet(**values):
    from oddsengine.faces.new_world_tables import diet_table

    return diet_table(**values)


def _marriages(**values):
    from oddsengine.england.heirs import Heirs
    from oddsengine.questions.heirs_table import marriage_table

    return marriage_table(Heirs(**values))


def _voyages(power=None, claimed=(), choice="best"):
    from oddsengine.faces.new_world_tables import voyage_table

    return voyage_table(power or None, claimed=claimed, choice=choice)


def _conquests(claimed=()):
    from oddsengine.faces.new_world_tables import conquest_table

    return conquest_table(claimed=claimed)


#: The options of Henry's heirs that a table of marriages reads: all of them.
_HEIRS = ("used", "wife", "marriages", "walk", "parr_both", "protestant_ally", "timeline",
          "marriages_before_heir", "heir_draw")  # fmt: skip

#: The tables, by kind.
BOOK_TABLES = {
    "diet": BookTable(
        "the Protestant's CP (1-6) against the Papal + Hapsburg CP (2-12)",
        _diet,
        takes=("eligible_spaces",),
        outcome="protestant_wins",
        heading="Diet of Worms: {outcome} by the Protestant's CP (rows) and the Papal + "
        "Hapsburg CP (columns), exact (RULES.md §21)",
    ),
    "voyage": BookTable(
        "every explorer's outcomes (with and without Mercator's Map and Uncharted; --power "
        "to choose the powers)",
        _voyages,
        takes=("power", "claimed", "choice"),
        heading="Explorations: each explorer's outcomes, plain, with Mercator's Map, "
        "Uncharted and both, exact (RULES.md §22)",
    ),
    "conquest": BookTable(
        "every conquistador's outcomes, with and without Smallpox",
        _conquests,
        takes=("claimed",),
        heading="Conquests: each conquistador's outcomes, with and without Smallpox, exact "
        "(RULES.md §22)",
    ),
    "heirs": BookTable(
        "the chances after each marriage (RULES.md §29; with --timeline, §26's rows)",
        _marriages,
        takes=_HEIRS,
        heading="Henry VIII's heirs after each marriage, exact (RULES.md §24-§26, §29)",
    ),
}

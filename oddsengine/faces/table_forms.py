"""The odds tables of ``oddsengine table`` that a kind lays out its own way, not as a grid
of two force templates: which of its declared inputs the table fixes in every cell, the
options of the table alone, and the maker of the table. ``table debate``: each attacker
against each defender of a theological debate
(:func:`~oddsengine.faces.debate_tables.debate_table`), the debate's zone, initiator,
turn, cards and policies as the ``debate`` command declares them.

The command line adds each form's options under its heading and refuses them for the
other kinds (:data:`TABLE_FORMS`, :func:`form_options`).

Examples
--------
>>> [option.flag_name for option in form_options("debate")][:4]
['--zone', '--initiator', '--turn', '--committed']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from oddsengine.declaration import Option, options_of
from oddsengine.faces.debate_tables import DEFENDER_STATUSES

__all__ = ["TableForm", "TABLE_FORMS", "form_options"]


class TableForm(NamedTuple):
    """How ``oddsengine table KIND`` lays out one kind.

    Parameters
    ----------
    heading : str
        The heading of its options in the help (``"table debate (RULES.md §20)"``).
    takes : tuple of str
        The kind's declared inputs (its spec's options, by name) the table fixes in every
        cell.
    options : tuple of Option
        The table's own options (how its columns are laid out, the chance shown).
    make : callable
        ``make(values, rows, columns, method, precision, seed)``: the
        :class:`~oddsengine.faces.tables.OddsTable` of ``values`` (by option name), the
        rows and columns as the command line names them (None: the form's default).
    """

    heading: str
    takes: tuple[str, ...]
    options: tuple
    make: Callable


def _debate_table(values: dict, rows, columns, method: str, precision: float, seed):
    """``table debate``: :func:`~oddsengine.faces.debate_tables.debate_table` of the inputs
    given (names written as the command line lists them)."""
    from oddsengine.faces.debate_tables import debate_table

    fixed = {
        name: ",".join(value) if isinstance(value, tuple) else value
        for name, value in values.items()
    }
    return debate_table(
        fixed.pop("zone"),
        fixed.pop("initiator"),
        fixed.pop("turn"),
        attackers=rows,
        defenders=columns,
        defender_status=fixed.pop("defender_status", "given"),
        committed=fixed.pop("committed", ()),
        outcome=fixed.pop("outcome", None),
        method=method,
        precision=precision,
        seed=seed,
        **fixed,
    )


#: The kinds whose ``oddsengine table`` is laid out their own way, by kind name.
TABLE_FORMS = {
    "debate": TableForm(
        "table debate (RULES.md §20)",
        ("zone", "initiator", "turn", "committed", "debaters", "cards", "augsburg",
         "england_ruler", "bonuses", "objective", "luther_policy", "bullinger_policy"),
        (
            Option("defender_status", "a named defender uncommitted, committed, both (one "
                   "section each) or as --committed says (given)", value="choice",
                   choices=DEFENDER_STATUSES, default="given"),
            Option("outcome", "the outcome shown (default papal_wins; protestant_wins, "
                   "second_round, burnt:NAME, flips:K ...)", metavar="NAME"),
        ),
        _debate_table,
    ),
}  # fmt: skip


def form_options(kind: str) -> tuple[Option, ...]:
    """The options of ``table KIND``'s own form: the kind's declared inputs it fixes, then
    its own (none for a kind laid out as a grid of force templates)."""
    form = TABLE_FORMS.get(kind)
    if form is None:
        return ()
    from oddsengine.kinds import kind_of

    declared = {option.name: option for option in options_of(kind_of(kind).spec)}
    return (*(declared[name] for name in form.takes), *form.options)

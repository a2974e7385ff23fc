"""Tables of the force needed: the value of the ``?`` for each force of a template range
and several targets, ready to publish.

:func:`needed_table` answers :func:`~oddsengine.questions.needed.needed` for every force of the one
template in the question (``defender="hapsburg: 1..4R"``) and reads the value needed for
each target off the same candidates, so a table with several targets costs no more than
one. Rows are the template's forces, columns the targets; a cell holds the smallest value
reaching the target, or a dash when no legal force does. The table renders as Markdown,
HTML (with a caption stating the question, the rules and the method), LaTeX, BBCode and
CSV (empty cells where no force reaches the target).

Examples
--------
>>> table = needed_table("assault", attacker="?R Suleiman", defender="hapsburg: 1..2R",
...                      targets=[0.5, 0.75])
>>> print(table.to_markdown())  # doctest: +ELLIPSIS
**Regulars needed in the attacker (?R Suleiman): ... (assault, rule 15.1; exact)**
<BLANKLINE>
| defender \\ target | 50% | 75% |
|:---|---:|---:|
| hapsburg: 1R | 2 | 3 |
| hapsburg: 2R | 5 | 11 |
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from oddsengine.errors import OddsEngineError
from oddsengine.faces.table_render import render_in
from oddsengine.questions.needed import find_kind, first_reaching, needed
from oddsengine.results.bbcode import fixed_width_table
from oddsengine.sweeps.templates import is_template, parse_template

if TYPE_CHECKING:  # pandas is imported when a table is built, not with the package
    import pandas as pd

__all__ = ["NeededTable", "needed_table"]

_NONE_MARK = "—"
_LATEX_ESCAPES = (
    ("\\", r"\textbackslash{}"),
    ("%", r"\%"),
    ("&", r"\&"),
    ("_", r"\_"),
    ("#", r"\#"),
    (_NONE_MARK, "--"),
)


@dataclass(frozen=True)
class NeededTable:
    """The value needed for each force of a template (rows) and each target (columns).

    ``values`` holds the values (``pd.NA`` where no legal force reaches the target) and
    ``p`` their chances, both indexed by row label with one column per target.
    """

    kind: str
    rule: str
    role: str
    question: str
    event: str
    method: str
    targets: tuple[float, ...]
    values: pd.DataFrame
    p: pd.DataFrame

    def _header(self) -> list[str]:
        return [f"{self.role} \\ target", *(f"{target:.0%}" for target in self.targets)]

    def _cell(self, row, target) -> str:
        value = self.values.loc[row, target]
        return _NONE_MARK if _missing(value) else str(int(value))

    @property
    def caption(self) -> str:
        """What the cells are, the rules and the method, and what a dash means when the
        table has one."""
        method = "exact" if self.method == "exact" else "Monte Carlo"
        dash = ""
        if any(_missing(value) for value in self.values.to_numpy().ravel()):
            dash = (
                f"; {_NONE_MARK} = no legal force reaches it, trying every value up to the "
                "largest the rules allow: the formation's command limit, 4 units without a "
                "leader, or 4 units inside a fortress"
            )
        return (
            f"{self.question}: the smallest value with P({self.event}) at least each target "
            f"({self.rule}; {method}{dash})"
        )

    def to_markdown(self) -> str:
        """A Markdown table under its :attr:`caption` in bold (as odds tables are)."""
        return f"**{self.caption}**\n\n" + self._markdown_rows()

    def _markdown_rows(self) -> str:
        lines = [
            "| " + " | ".join(self._header()) + " |",
            "|:---|" + "---:|" * len(self.targets),
        ]
        for row in self.values.index:
            cells = [self._cell(row, target) for target in self.targets]
            lines.append("| " + " | ".join([row, *cells]) + " |")
        return "\n".join(lines)

    def to_html(self) -> str:
        """An HTML table with its caption."""
        from html import escape  # a table's own formats import their writers

        head = "".join(f"<th>{escape(text)}</th>" for text in self._header())
        body = []
        for row in self.values.index:
            cells = "".join(
                f'<td style="text-align:right">{self._cell(row, target)}</td>'
                for target in self.targets
            )
            body.append(f"<tr><th>{escape(row)}</th>{cells}</tr>")
        return (
            f"<table><caption>{escape(self.caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_latex(self) -> str:
        """A LaTeX ``tabular`` in a ``table`` with its caption."""

        def tex(text: str) -> str:
            for char, escaped in _LATEX_ESCAPES:
                text = text.replace(char, escaped)
            return text

        lines = [
            r"\begin{table}",
            r"\centering",
            r"\begin{tabular}{l" + "r" * len(self.targets) + "}",
            " & ".join(tex(text) for text in self._header()) + r" \\",
            r"\hline",
        ]
        for row in self.values.index:
            cells = [tex(self._cell(row, target)) for target in self.targets]
            lines.append(" & ".join([tex(row), *cells]) + r" \\")
        lines += [r"\end{tabular}", rf"\caption{{{tex(self.caption)}}}", r"\end{table}"]
        return "\n".join(lines)

    def to_bbcode(self) -> str:
        """BBCode for BoardGameGeek's forums: the caption in ``[b]`` above a fixed-width
        ``[c]`` block (BGG has no table tag)."""
        rows = [
            [str(row), *(self._cell(row, target) for target in self.targets)]
            for row in self.values.index
        ]
        return f"[b]{self.caption}[/b]\n" + fixed_width_table(self._header(), rows)

    def to_csv(self) -> str:
        """CSV: the row label, then one column per target (empty where none reaches it)."""
        import csv

        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([self.role, *(f"{target:g}" for target in self.targets)])
        for row in self.values.index:
            writer.writerow([row, *("" if _missing(v) else int(v) for v in self.values.loc[row])])
        return buffer.getvalue()

    def render(self, format: str) -> str:
        """``markdown``, ``html``, ``latex``, ``bbcode`` or ``csv``."""
        writers = {
            "markdown": self.to_markdown,
            "html": self.to_html,
            "latex": self.to_latex,
            "bbcode": self.to_bbcode,
            "csv": self.to_csv,
        }
        return render_in(format, writers)

    def __str__(self) -> str:
        return self.caption + "\n\n" + self._markdown_rows()


def _missing(value) -> bool:
    import pandas as pd

    return bool(pd.isna(value))


def _check_targets(targets) -> tuple[float, ...]:
    if isinstance(targets, str):
        targets = [piece for piece in targets.split(",") if piece.strip()]
    try:
        values = tuple(float(target) for target in targets)
    except (TypeError, ValueError):
        raise OddsEngineError(f"targets must be probabilities, not {targets!r}") from None
    if not values:
        raise OddsEngineError("give at least one target, e.g. 0.5,0.75,0.9")
    if any(not 0 < value <= 1 for value in values):
        raise OddsEngineError(f"each target must be above 0 and at most 1: {targets!r}")
    return tuple(sorted(set(values)))


def needed_table(kind: str, *, targets, **arguments) -> NeededTable:
    """The value needed for each force of the template in ``arguments`` and each target.

    Parameters
    ----------
    kind : str
        As for :func:`~oddsengine.questions.needed.needed`.
    targets : sequence of float or str
        The targets (``[0.5, 0.75, 0.9]`` or ``"0.5,0.75,0.9"``).
    **arguments
        As for :func:`~oddsengine.questions.needed.needed`; exactly one force (not the one with
        the ``?``) is a template with a range, such as ``"hapsburg: 1..4R"``.

    Returns
    -------
    NeededTable

    Raises
    ------
    OddsEngineError
        With no template or several, or a malformed target.
    """
    import pandas as pd

    record = find_kind(kind)
    targets = _check_targets(targets)
    ranged = [
        role
        for role in record.roles
        if isinstance(arguments.get(role), str) and is_template(arguments[role])
    ]
    if len(ranged) != 1:
        raise OddsEngineError(
            "a table of the force needed takes exactly one force with a range "
            "(e.g. defender 'hapsburg: 1..4R'), found " + (", ".join(ranged) or "none")
        )
    role = ranged[0]
    template = parse_template(arguments[role])
    values, chances = {}, {}
    answer = None
    for label, _ in template.combinations():
        answer = needed(kind, target=targets[0], **{**arguments, role: label})
        values[label], chances[label] = [], []
        for target in targets:
            value, p, _ = first_reaching(answer.candidates, target, answer.method)
            values[label].append(pd.NA if value is None else value)
            chances[label].append(p)
    frame = pd.DataFrame.from_dict(values, orient="index", columns=list(targets))
    question = (
        f"{answer.unknown.counts.capitalize()} needed in the {answer.unknown.where} "
        f"{_written(arguments[answer.unknown.role.partition(':')[0]], answer.unknown)}"
    )
    if answer.within is not None:
        question += f", within {answer.within} impulses"
    return NeededTable(
        record.name,
        record.rule,
        role,
        question,
        answer.event,
        answer.method,
        targets,
        frame.astype("Int64"),
        pd.DataFrame.from_dict(chances, orient="index", columns=list(targets)),
    )


def _written(value, unknown) -> str:
    text = value.get(unknown.role.partition(":")[2]) if isinstance(value, dict) else value
    return f"({text})"

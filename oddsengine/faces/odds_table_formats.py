"""The odds table's type, :class:`OddsTable`, and every format it writes itself in:
Markdown, HTML (colour-graded cells under a caption that states the rules, the method and
the precision), LaTeX, BBCode, CSV (the grid, or a row per cell) and JSON.

:func:`oddsengine.faces.tables.odds_table` answers a grid of two templates and returns an
:class:`OddsTable`; :mod:`oddsengine.faces.debate_tables` lays debaters out in the same
type, so both render alike. A cell the rules refuse is empty in CSV and a dash elsewhere.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from functools import partial
from html import escape

import numpy as np

from oddsengine.faces.table_render import render_in
from oddsengine.kinds import kind_of
from oddsengine.results.bbcode import fixed_width_table
from oddsengine.results.intervals import Z95
from oddsengine.results.output import percent_decimals
from oddsengine.sweeps.templates import AXIS_WORDS, ForceTemplate

__all__ = ["OddsTable", "TableLine"]

_REFUSED_MARK = "—"


@dataclass(frozen=True)
class TableLine:
    """A row or a column of the table: a label and its template values."""

    label: str
    values: dict
    section: tuple


@dataclass(frozen=True, repr=False)  # its own __repr__ below
class OddsTable:
    """The headline probability of every pair of forces of two templates.

    Build one with :func:`odds_table`. ``probability``, ``ci95_low`` and ``ci95_high``
    are DataFrames indexed by the row labels with one column per column label (NaN where
    the rules refuse the engagement).
    """

    kind: str
    outcome: str
    row_template: ForceTemplate
    column_template: ForceTemplate
    probability: object
    ci95_low: object
    ci95_high: object
    methods: tuple[str, ...]
    precision: float | None
    seed: int | None
    trials: tuple[int, ...]
    fixed: dict = field(default_factory=dict)
    _rows: tuple = ()
    _columns: tuple = ()
    _cells: tuple = ()

    # -- structure -----------------------------------------------------------------------

    @property
    def roles(self) -> tuple[str, str]:
        """The spec fields of the rows and of the columns (``("attacker", "defender")``)."""
        return kind_of(self.kind).roles

    def sections(self) -> list[tuple[str, object]]:
        """``(title, DataFrame)`` for every value of the templates' further ranges."""
        row_sections = list(dict.fromkeys(line.section for line in self._rows))
        column_sections = list(dict.fromkeys(line.section for line in self._columns))
        parts = []
        for row_section in row_sections:
            rows = [line.label for line in self._rows if line.section == row_section]
            for column_section in column_sections:
                columns = [line.label for line in self._columns if line.section == column_section]
                words = [
                    f"{role} {AXIS_WORDS[name][0]} {value}"
                    for role, section in zip(self.roles, (row_section, column_section), strict=True)
                    for name, value in section
                ]
                parts.append((", ".join(words), self.probability.loc[rows, columns]))
        return parts

    def caption(self) -> str:
        """One line: what the cells are, the rules, the method and the precision."""
        row_role, column_role = self.roles
        what = f"{kind_of(self.kind).title}: probability of {self.outcome.replace('_', ' ')}"
        rules = f"Rules: Here I Stand, {kind_of(self.kind).rule}"
        settings = [f"{name.replace('_', ' ')} {value}" for name, value in self.fixed.items()]
        if settings:
            rules += " (" + "; ".join(settings) + ")"
        return (
            f"{what}. Rows: {row_role} {self.row_template}; columns: {column_role} "
            f"{self.column_template}. {rules}. Method: {self.method_text()}."
        )

    def __repr__(self) -> str:
        rows, columns = self.probability.shape
        return (
            f"<OddsTable {self.kind}: {self.outcome}, {rows} x {columns} cells, "
            f"{self.method_text()}>"
        )

    def method_text(self) -> str:
        """The method and precision, in words."""
        parts = []
        if "exact" in self.methods:
            parts.append("exact")
        if "monte-carlo" in self.methods:
            text = "Monte Carlo"
            if self.precision is not None:
                text += f" to ±{self.precision * 100:.2g} percentage points (95%)"
            if self.trials:
                low, high = min(self.trials), max(self.trials)
                count = f"{low:,}" if low == high else f"{low:,} to {high:,}"
                text += f", {count} trials"
            text += f", seed {self.seed}"
            parts.append(text)
        return " and ".join(parts) or "none (every cell refused)"

    # -- cells ---------------------------------------------------------------------------

    def _cell(self, row, column, intervals: bool, percent_sign: str = "%") -> str:
        value = self.probability.at[row, column]
        if isinstance(value, float) and math.isnan(value):
            return _REFUSED_MARK
        # As many digits as the precision supports: an exact cell 4 decimals of a
        # percentage, a Monte Carlo cell rounded to its standard error.
        half = (self.ci95_high.at[row, column] - self.ci95_low.at[row, column]) / 2
        decimals = percent_decimals(half / Z95 if half > 0 else None)
        text = f"{value * 100:.{decimals}f}{percent_sign}"
        if intervals and half > 0:
            text += f" ±{half * 100:.{decimals}f}"
        return text

    # -- formats -------------------------------------------------------------------------

    def to_long_frame(self):
        """One row per cell, tidy: the row and column labels, a column per template
        parameter (``attacker_regulars``, ``attacker_rating``, ...), then ``outcome``,
        ``probability``, ``ci95_low``, ``ci95_high``, ``method``, ``trials``, ``status``
        (``ok`` or ``refused``) and ``reason`` (why the rules refuse the cell).

        Returns
        -------
        pandas.DataFrame
        """
        import pandas as pd

        frame = pd.DataFrame(list(self._cells))
        if "trials" in frame.columns:
            frame["trials"] = frame["trials"].astype("Int64")
        return frame

    def to_long_csv(self) -> str:
        """:meth:`to_long_frame` as CSV (``--format csv-long``): probabilities in full, an
        empty cell for a refused one."""
        return self.to_long_frame().to_csv(
            index=False, float_format=lambda value: repr(float(value))
        )

    def to_dict(self) -> dict:
        """A JSON-ready table (``--format json``): the settings, the row and column
        labels, and every cell as in :meth:`to_long_frame` (None for a refused cell's
        numbers), probabilities in full precision."""
        cells = [
            {
                name: None if isinstance(value, float) and math.isnan(value) else value
                for name, value in cell.items()
            }
            for cell in self._cells
        ]
        return {
            "kind": self.kind,
            "outcome": self.outcome,
            "method": self.methods[0] if len(self.methods) == 1 else list(self.methods),
            "trials": list(self.trials) or None,
            "seed": self.seed,
            "precision_target": self.precision,
            "caption": self.caption(),
            "row_role": self.roles[0],
            "column_role": self.roles[1],
            "rows": list(self.probability.index),
            "columns": list(self.probability.columns),
            "fixed": dict(self.fixed),
            "cells": cells,
        }

    def to_json(self, **options) -> str:
        """:meth:`to_dict` as JSON text."""
        import json

        return json.dumps(self.to_dict(), **options)

    def to_csv(self) -> str:
        """Plain probabilities in [0, 1]: the row label first, the column labels as the
        header, an empty cell where the rules refuse the engagement."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([self.roles[0], *self.probability.columns])
        for label, values in self.probability.iterrows():
            writer.writerow(
                [label, *("" if math.isnan(value) else repr(float(value)) for value in values)]
            )
        return buffer.getvalue()

    def to_markdown(self, intervals: bool = False) -> str:
        """GitHub-flavoured Markdown, one table per section, in percentages."""
        blocks = [f"**{self.caption()}**"]
        for title, frame in self.sections():
            lines = [f"### {title}"] if title else []
            header = [f"{self.roles[0]} \\ {self.roles[1]}", *frame.columns]
            lines.append("| " + " | ".join(header) + " |")
            lines.append("|" + "|".join([":---"] + ["---:"] * len(frame.columns)) + "|")
            for row in frame.index:
                cells = [self._cell(row, column, intervals) for column in frame.columns]
                lines.append("| " + " | ".join([row, *cells]) + " |")
            blocks.append("\n".join(lines))
        if self._notes(intervals):
            blocks.append(self._notes(intervals))
        return "\n\n".join(blocks) + "\n"

    def _notes(self, intervals: bool) -> str:
        """The footnotes that apply: the refused mark only under a table with a refused
        cell, the ± only with intervals of Monte Carlo cells."""
        notes = []
        if self.probability.isna().to_numpy().any():
            what = kind_of(self.kind).title.lower()
            notes.append(f"{_REFUSED_MARK}: the rules refuse this {what}.")
        if intervals and "monte-carlo" in self.methods:
            notes.append("±: half-width of the 95% interval, in percentage points.")
        return " ".join(notes)

    def to_html(self, intervals: bool = False) -> str:
        """A styled HTML table per section, cells shaded from white (0%) to blue (100%),
        under a caption that states the rules, the method and the precision."""
        parts = [
            "<div class='oddsengine-table'>",
            "<style>.oddsengine-table table{border-collapse:collapse;margin:0 0 1em 0;"
            "font-family:sans-serif;font-size:0.9em}.oddsengine-table th,"
            ".oddsengine-table td{border:1px solid #999;padding:3px 7px;text-align:right}"
            ".oddsengine-table th{background:#eee}.oddsengine-table caption{text-align:left;"
            "padding:4px 0;font-weight:bold}</style>",
        ]
        for title, frame in self.sections():
            caption = escape(self.caption())
            if title:
                caption += f"<br>{escape(title)}"
            parts.append(f"<table>\n<caption>{caption}</caption>")
            header = "".join(f"<th>{escape(str(column))}</th>" for column in frame.columns)
            corner = escape(f"{self.roles[0]} \\ {self.roles[1]}")
            parts.append(f"<thead><tr><th>{corner}</th>{header}</tr></thead>\n<tbody>")
            for row in frame.index:
                cells = []
                for column in frame.columns:
                    value = self.probability.at[row, column]
                    text = escape(self._cell(row, column, intervals))
                    if math.isnan(value):
                        cells.append(f"<td style='background:#ddd;text-align:center'>{text}</td>")
                    else:
                        cells.append(f"<td style='background:{_cell_colour(value)}'>{text}</td>")
                parts.append(f"<tr><th>{escape(row)}</th>{''.join(cells)}</tr>")
            parts.append("</tbody>\n</table>")
        notes = self._notes(intervals)
        parts.append((f"<p>{escape(notes)}</p>" if notes else "") + "</div>")
        return "\n".join(parts) + "\n"

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_latex(self, intervals: bool = False) -> str:
        """A LaTeX ``table`` per section (booktabs rules), in percentages."""
        blocks = []
        for title, frame in self.sections():
            caption = _latex_escape(self.caption() + (f" {title}." if title else ""))
            columns = "l" + "r" * len(frame.columns)
            lines = [
                "\\begin{table}[ht]",
                "\\centering",
                f"\\caption{{{caption}}}",
                f"\\begin{{tabular}}{{{columns}}}",
                "\\toprule",
                " & ".join(
                    [_latex_escape(f"{self.roles[0]} \\ {self.roles[1]}")]
                    + [_latex_escape(str(column)) for column in frame.columns]
                )
                + " \\\\",
                "\\midrule",
            ]
            for row in frame.index:
                cells = [
                    _latex_escape(self._cell(row, column, intervals)) for column in frame.columns
                ]
                lines.append(" & ".join([_latex_escape(row), *cells]) + " \\\\")
            lines += ["\\bottomrule", "\\end{tabular}", "\\end{table}"]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks) + "\n"

    def to_bbcode(self, intervals: bool = False) -> str:
        """BBCode for BoardGameGeek's forums, in percentages: the caption in ``[b]``, each
        table a fixed-width ``[c]`` block (BGG has no table tag)."""
        blocks = [f"[b]{self.caption()}[/b]"]
        for title, frame in self.sections():
            lines = [f"[u]{title}[/u]"] if title else []
            header = [f"{self.roles[0]} \\ {self.roles[1]}", *frame.columns]
            rows = [
                [row, *(self._cell(row, column, intervals) for column in frame.columns)]
                for row in frame.index
            ]
            lines.append(fixed_width_table(header, rows))
            blocks.append("\n".join(lines))
        if self._notes(intervals):
            blocks.append(self._notes(intervals))
        return "\n\n".join(blocks) + "\n"

    def render(self, format: str, intervals: bool = False) -> str:
        """The table in ``format``: markdown, html, latex, bbcode, csv, csv-long (a row
        per cell, a column per parameter) or json."""
        writers = {
            "markdown": partial(self.to_markdown, intervals=intervals),
            "html": partial(self.to_html, intervals=intervals),
            "latex": partial(self.to_latex, intervals=intervals),
            "bbcode": partial(self.to_bbcode, intervals=intervals),
            "csv": self.to_csv,
            "csv-long": self.to_long_csv,
            "json": lambda: self.to_json(indent=2) + "\n",
        }
        return render_in(format, writers)

    def __str__(self) -> str:
        return self.to_markdown()


def _cell_colour(probability: float) -> str:
    """A blue sequential scale, near-white at 0 to mid blue at 1: one-signed, readable with
    any colour vision and with black text throughout."""
    low, high = np.array((247, 251, 255)), np.array((107, 174, 214))
    colour = low + (high - low) * min(max(probability, 0.0), 1.0)
    red, green, blue = (int(round(channel)) for channel in colour)
    return f"#{red:02x}{green:02x}{blue:02x}"


def _latex_escape(text: str) -> str:
    replacements = {
        "\\": "\\textbackslash{}",
        "%": "\\%",
        "&": "\\&",
        "#": "\\#",
        "_": "\\_",
        "{": "\\{",
        "}": "\\}",
        "$": "\\$",
        "±": "$\\pm$",
        "—": "---",
    }
    return "".join(replacements.get(character, character) for character in text)

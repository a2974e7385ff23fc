"""A single result for a forum post: Markdown (``--format markdown``) and BBCode for
BoardGameGeek (``--format bbcode``), in the caption style of the odds tables.

The caption says what was asked, the dice, the rule and the method in one bold line; the
table holds every outcome and event with as many digits as the method supports (exact: 4
decimals of a percentage; Monte Carlo: rounded to the standard error, with the 95%
interval); the expected losses and values follow as the text table prints them.

Examples
--------
>>> from oddsengine import FieldBattle, exact
>>> print(result_markdown(exact(FieldBattle("2R", "hapsburg: 1R"))).splitlines()[0][:60])
**Field battle: 2R  vs  hapsburg: 1R. Dice: attacker 2, defe
>>> print(result_markdown(exact(FieldBattle("2R", "hapsburg: 1R"))).splitlines()[0][60:])
nder 2. Rules: Here I Stand, field battle, rule 14. Method: exact.**
"""

from __future__ import annotations

from oddsengine.results.bbcode import fixed_width_table
from oddsengine.results.output import percent_decimals

__all__ = ["caption", "result_bbcode", "result_markdown"]


def caption(result) -> str:
    """One line: the engagement, its description lines, the rule and the method."""
    from oddsengine.kinds import KINDS

    parts = [result.spec.title(), *(line.strip() for line in result.spec.describe_lines())]
    kind = KINDS.get(result.spec.kind)
    if kind is not None and kind.rule:
        parts.append(f"Rules: Here I Stand, {kind.rule}")
    parts.append(f"Method: {result._method_line()}")
    return ". ".join(part.rstrip(".") for part in parts) + "."


def _header(result) -> list[str]:
    header = ["outcome", "probability"]
    if not result.is_exact:
        header += ["95% interval", "std. error"]
    return header


def _rows(result) -> list[list[str]]:
    p, intervals, errors = result.p, result.ci95, result.stderr
    rows = []
    for name, value in p.items():
        places = percent_decimals(None if result.is_exact else errors[name])
        row = [name, f"{value:.{places}%}"]
        if not result.is_exact:
            low, high = intervals[name]
            row += [f"[{low:.{places}%}, {high:.{places}%}]", f"{errors[name]:.{places}%}"]
        rows.append(row)
    return rows


def _expected_lines(result) -> list[str]:
    return [line for line in result.summary().splitlines() if line.startswith("Expected ")]


def result_markdown(result) -> str:
    """``result`` as GitHub-flavoured Markdown (see the module docstring)."""
    header = _header(result)
    lines = [f"**{caption(result)}**", ""]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|:---|" + "---:|" * (len(header) - 1))
    lines += ["| " + " | ".join(row) + " |" for row in _rows(result)]
    expected = _expected_lines(result)
    if expected:
        lines += ["", *(f"- {line}" for line in expected)]
    return "\n".join(lines) + "\n"


def result_bbcode(result) -> str:
    """``result`` as BBCode for BoardGameGeek (see the module docstring)."""
    lines = [f"[b]{caption(result)}[/b]", fixed_width_table(_header(result), _rows(result))]
    lines += _expected_lines(result)
    return "\n".join(lines) + "\n"

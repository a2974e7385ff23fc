"""The calculator's answer as HTML: the odds under the lines the command line prints (the
dice, the formation that fights), the survivors by number, the command line broken between
arguments, and a refusal in words. Used by :mod:`oddsengine.faces.explore`.
"""

from __future__ import annotations

import html
import shlex

from oddsengine import kinds
from oddsengine.faces._explore_chart import has_survivors
from oddsengine.faces.explore_layouts import layout_of
from oddsengine.results.output import value_words

__all__ = ["command_html", "odds_html", "refusal_html", "survivors_html"]

#: Table rows of one line each: the odds and the chart share the first screen of the cell.
_COMPACT = "border-collapse:separate;border-spacing:8px 0;line-height:1.25"


#: A longer answer shows its outcomes and folds its other chances under them.
_SHOWN_ROWS = 12
#: How much of the description is shown before the rest is folded (characters).
_SHOWN_CHARACTERS = 320


def _percent(p: float) -> str:
    return f"{100 * p:.4f}%"


def odds_html(result) -> str:
    """The outcome probabilities and the expected losses, as a small HTML table; the dice
    and formations the command line prints above them."""

    def row(name, p):
        return (
            f'<tr><td class="outcome">{html.escape(name)}</td>'
            f'<td class="p" style="text-align:right">{_percent(p)}</td></tr>'
        )

    chances = dict(result.p)
    folded = {}
    # A result that writes sections of its own (a run of attempts: the chance each space
    # turns, its policy tree) shows its outcomes here and the rest under the chart, as the
    # command line prints them (survivors_html).
    sections = getattr(result, "sections", None) is not None
    if len(chances) > _SHOWN_ROWS or sections:
        # The outcomes first; the rest of a long answer (each side's highest die, the
        # debaters burnt, the flips) folded under them: the chart keeps the first screen.
        outcomes = set(getattr(result, "outcome_names", ()))
        folded = {name: p for name, p in chances.items() if name not in outcomes}
        chances = {name: p for name, p in chances.items() if name in outcomes}
    rows = "".join(row(name, p) for name, p in chances.items())
    # The dice each side rolls, the formation that assaults or fights, the interceptions
    # of a move: the lines the command line prints under the title, from the spec itself.
    lines = list(result.spec.describe_lines())
    # The first lines (the dice and where they come from) shown; the rest of a long
    # description (the tie and automatic success readings) folded under them, so the
    # odds and the chart keep the first screen.
    shown, length = 1, len(lines[0]) if lines else 0
    while shown < len(lines) and length + len(lines[shown]) <= _SHOWN_CHARACTERS:
        length += len(lines[shown])
        shown += 1
    said = "".join(f"<br>{html.escape(line)}" for line in lines[:shown])
    if lines[shown:]:
        said += (
            f'<details class="said"><summary>{len(lines) - shown} more lines</summary>'
            + "<br>".join(html.escape(line) for line in lines[shown:])
            + "</details>"
        )
    parts = [
        f"<b>{html.escape(result.spec.title())}</b>{said}",
        f'<table class="odds" style="{_COMPACT}"><tr><th>outcome</th><th>exact chance</th></tr>'
        f"{rows}</table>",
    ]
    if folded and not sections:
        parts.append(
            f'<details class="more"><summary>{len(folded)} more chances</summary>'
            f'<table class="odds" style="{_COMPACT}">'
            + "".join(row(name, p) for name, p in folded.items())
            + "</table></details>"
        )
    losses = result.expected_losses()
    if losses:
        parts.append(
            '<p style="margin:2px 0 0">'
            + "; ".join(f"expected {side} losses {v['mean']:.3f}" for side, v in losses.items())
            + "</p>"
        )
    expected = result.expected_values()
    if expected:
        # One paragraph (a debate has four: each side's VP and flips; a turn's riches six),
        # "expected" said once, so the chart keeps the first screen.
        parts.append(
            '<p style="margin:2px 0 0">expected '
            + "; ".join(
                f"{html.escape(_words(result, name))}: {value['mean']:.3f}"
                for name, value in expected.items()
            )
            + "</p>"
        )
    return '<div style="white-space:normal;line-height:1.3">' + "".join(parts) + "</div>"


def _sections_html(sections) -> str:
    """A result's own sections, each its heading and its lines as the text writes them
    (wrapped in a narrow notebook, never scrolled)."""
    return "".join(
        f'<details class="section" open><summary>{html.escape(heading)}</summary>'
        '<pre style="margin:0 0 4px;line-height:1.25;white-space:pre-wrap;'
        'overflow-wrap:anywhere">' + html.escape("\n".join(lines)) + "</pre></details>"
        for heading, lines in sections
    )


def survivors_html(result) -> str:
    """The chance of each number of survivors of each side, under the odds and the chart;
    for a result that writes sections of its own (a run of attempts), those sections."""
    sections = getattr(result, "sections", None)
    if sections is not None:
        return _sections_html(sections())
    if not has_survivors(result):
        record = kinds.KINDS.get(result.spec.kind)
        layout = layout_of(record) if record else None
        said = layout.no_losses if layout else ""
        return f"<p>{html.escape(said)}</p>" if said else ""
    # One row per number of survivors, a column per side: narrow at any force size. The
    # chance of each number is summed over the end states directly (no joint table).
    import numpy as np

    sides = ("attacker", "defender")
    survivors = {side: np.asarray(result.states[f"{side}_survivors"], dtype=int) for side in sides}
    counts = np.unique(np.concatenate(list(survivors.values()))).tolist()
    marginals = [
        np.bincount(survivors[side], weights=result.probabilities, minlength=counts[-1] + 1)
        for side in sides
    ]
    rows = "".join(
        f"<tr><td>{count}</td>"
        + "".join(
            f'<td style="text-align:right">{_percent(float(marginal[count]))}</td>'
            for marginal in marginals
        )
        + "</tr>"
        for count in counts
    )
    return (
        f'<table class="survivors" style="{_COMPACT}"><tr><th>survivors</th>'
        '<th class="survivors">attacker</th>'
        f'<th class="survivors">defender</th></tr>{rows}</table>'
    )


def command_html(words) -> str:
    """``same as: oddsengine ...``, broken between arguments only: an option and its value
    stay on one line, and a line breaks inside an argument only if it alone is too wide."""
    quoted = [shlex.quote(word) for word in words]
    groups = []
    for word in quoted:
        if groups and groups[-1].startswith("--") and " " not in groups[-1]:
            if not word.startswith("--"):
                groups[-1] += " " + word
                continue
        groups.append(word)
    spans = " ".join(
        '<span style="display:inline-block;max-width:100%;overflow-wrap:anywhere">'
        f"{html.escape(group)}</span>"
        for group in groups
    )
    return (
        '<p class="command" style="white-space:normal;line-height:1.4">'
        f"same as: <code>{spans}</code></p>"
    )


def refusal_html(error: str) -> str:
    return f'<p class="refused"><b>Refused:</b> {html.escape(error)}</p>'


def _words(result, name: str) -> str:
    """A reported value's name in words: the spec's own words for it, else its key's."""
    return getattr(result.spec, "reported_words", {}).get(name) or value_words(name)

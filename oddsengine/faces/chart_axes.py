"""The Axes the charts of :mod:`oddsengine.faces.plots` draw on, and the words of a chance.

matplotlib is imported only when a chart is drawn: :func:`new_axes` makes a figure with
the constrained layout when no Axes is given, :func:`percent_axis` labels probabilities
in percent, :func:`chance_label` says what a chance is of, from the registry of kinds,
:func:`chart_docstring` writes the parameters and the return value every chart shares
into its docstring.
"""

from __future__ import annotations

from oddsengine import kinds

__all__ = ["new_axes", "percent_axis", "chance_label", "chart_docstring"]


def _pyplot():
    import matplotlib.pyplot as plt

    return plt


def new_axes(ax, size=(7.5, 4.8)):
    """``ax``, or the Axes of a new figure of ``size`` inches with the constrained layout."""
    if ax is not None:
        return ax
    figure, ax = _pyplot().subplots(figsize=size, layout="constrained")
    return ax


def percent_axis(axis) -> None:
    """Label ``axis`` in percent (its values are probabilities)."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def chance_label(outcome: str, engagement: str | None = None) -> str:
    """The chance of ``outcome`` in words, for an axis or a colour bar.

    Examples
    --------
    >>> chance_label("attacker_wins")
    'chance the attacker wins'
    >>> chance_label("success", "assault")
    'chance the assault takes the space'
    """
    words = kinds.outcome_words(outcome, engagement)
    if words:
        return f"chance {words}"
    return f"chance of {outcome.replace('_', ' ')}"


#: The docstring sections every chart function shares (numpydoc), by the line that names
#: each in a chart's docstring: its last two parameters and what it returns.
_CHART_SECTIONS = {
    "{ax, title}": """ax : matplotlib.axes.Axes, optional
    The Axes to draw on; a new figure's (constrained layout) when None.
title : str, optional
    In place of the title the chart writes.""",
    "{returns the axes}": """Returns
-------
matplotlib.axes.Axes
    The Axes drawn on.""",
}


def chart_docstring(chart):
    """Write the sections every chart shares into ``chart``'s docstring, at the lines
    that name them (``{ax, title}``, ``{returns the axes}``), and return ``chart``.

    Examples
    --------
    >>> from oddsengine.faces.naval_plots import plot_foreign_wars
    >>> "The Axes to draw on" in plot_foreign_wars.__doc__
    True
    """
    lines = []
    for line in chart.__doc__.splitlines():
        section = _CHART_SECTIONS.get(line.strip())
        if section is None:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        lines.extend(indent + part for part in section.splitlines())
    chart.__doc__ = "\n".join(lines)
    return chart

"""Charts of the odds book: PNG files at 150 dpi in the Okabe-Ito palette
(:data:`~oddsengine.faces.palette.LINE_COLOURS`).

Meaning is never carried by colour alone: every line also has its own marker and line
style, and panels of one chart share one legend. The two sides of a combat have one colour
and hatching everywhere (those of :data:`~oddsengine.faces.palette.SIDE_COLOURS`). A chart
of several panels is also drawn narrow, panels one above the other, for a phone.
"""

from __future__ import annotations

from oddsengine.faces.palette import LINE_COLOURS, SIDE_COLOURS

MARKERS = ("o", "s", "D", "^", "v", "P", "X")
LINE_STYLES = ("-", "--", "-.", ":", "-", "--", "-.")

#: Resolution of every chart of the book.
DPI = 150


def _style(index: int) -> dict:
    return {
        "color": LINE_COLOURS[index % len(LINE_COLOURS)],
        "marker": MARKERS[index % len(MARKERS)],
        "linestyle": LINE_STYLES[index % len(LINE_STYLES)],
    }


#: The sides of a combat keep one colour and one hatching on every chart of the book.
SIDE_STYLES = {
    "attacker": (SIDE_COLOURS["attacker"], ""),
    "defender": (SIDE_COLOURS["defender"], "//"),
}


def _mark_gaps(ax, lines, gap_label: str):
    """A grey cross under the axis at every x where a line has no value (refused by the
    rules): a gap, never a point at 0 that would read as a 0% chance. Returns the handle
    for the legend, or None when nothing is missing."""
    import math

    from matplotlib.transforms import blended_transform_factory

    missing = sorted(
        {
            x
            for xs, ys in lines.values()
            for x, y in zip(xs, ys, strict=True)
            if y is None or (isinstance(y, float) and math.isnan(y))
        }
    )
    if not missing:
        return None
    below = blended_transform_factory(ax.transData, ax.transAxes)
    (handle,) = ax.plot(
        missing,
        [0.0] * len(missing),  # on the bottom spine, off the plotted values
        transform=below,
        clip_on=False,
        linestyle="none",
        marker="x",
        markersize=7,
        markeredgewidth=1.5,
        color="#444444",
        label=gap_label,
    )
    return handle


def line_panels(
    panels,
    *,
    xlabel: str,
    ylabel: str,
    title: str,
    legend_title: str = "",
    percent=True,
    narrow: bool = False,
    gap_label: str = "refused by the rules",
    xticks: dict | None = None,
    panel_width: float = 3.6,
):
    """Lines with markers (the x values are whole numbers of units), one panel per entry.

    Parameters
    ----------
    panels : list of (str, dict of str to (sequence, sequence))
        Panel title and, for each line, its x and y values (NaN where refused: the line
        breaks there instead of joining across the gap, and a grey cross under the axis
        marks the gap).
    xlabel, ylabel, title, legend_title : str
    percent : bool
        The y values are probabilities, shown as percentages (otherwise counts).
    narrow : bool
        Drawn for a phone: the panels one above the other and the legend under them.
    gap_label : str
        What a gap means, last in the legend (never between two series).
    xticks : dict, optional
        A label for each x value (``{1: "Anne Boleyn", ...}``) instead of the numbers.
    panel_width : float
        The width of a panel in inches, when drawn wide (more for many x values or a long
        legend beside one panel).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    # A panel is wider where its x values carry words (room for each label).
    width = max(panel_width, 0.9 * len(xticks) + 1.0) if xticks else panel_width
    if narrow:
        size, grid = (4.6, 3.0 * len(panels) + 1.8), (len(panels), 1)
    else:
        size, grid = (width * len(panels) + 1.6, 3.6), (1, len(panels))
    figure = Figure(figsize=size, layout="constrained")
    axes = figure.subplots(*grid, sharey=True, squeeze=False).ravel()
    gaps = None
    for ax, (panel_title, lines) in zip(axes, panels, strict=True):
        gaps = _mark_gaps(ax, lines, gap_label) or gaps
        for index, (label, (xs, ys)) in enumerate(lines.items()):
            ax.plot(list(xs), [100 * y if percent else y for y in ys], label=label, **_style(index))
        ax.set_title(panel_title, fontsize=10)
        ax.set_xlabel(xlabel)
        if percent:
            ax.set_ylim(-3, 103)
            ax.yaxis.set_major_formatter(PercentFormatter())
        else:
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        if xticks:
            ax.set_xticks(list(xticks), [_wrapped(label, 8) for label in xticks.values()])
        else:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, color="#dddddd")
    for ax in axes if narrow else axes[:1]:
        ax.set_ylabel(ylabel)
    # One legend for all panels: every distinct line, in the order first drawn, and what
    # a gap means last.
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            if label != gap_label:
                legend.setdefault(label, handle)
    if gaps is not None:
        legend[gap_label] = gaps
    figure.legend(
        list(legend.values()),
        list(legend),
        title=legend_title or None,
        loc="outside lower center" if narrow else "outside right center",
        ncol=1,
    )
    figure.suptitle(_wrapped(title, 48) if narrow else title, fontsize=11)
    return figure


def _wrapped(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width, break_long_words=False))


def bars(labels, values, *, groups=None, xlabel: str, title: str, narrow: bool = False):
    """Horizontal bars (``values`` in percentage points), coloured and hatched by group.

    ``narrow``: drawn for a phone, a narrower figure (its words shown larger) with the
    labels and the title wrapped.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    groups = list(groups) if groups is not None else [""] * len(labels)
    names = list(dict.fromkeys(groups))
    hatches = ("", "//", "..", "xx")

    def style(group):
        # A side of a combat has its own colour and hatching, the same on every chart.
        if group in SIDE_STYLES:
            return SIDE_STYLES[group]
        index = names.index(group)
        return LINE_COLOURS[index % len(LINE_COLOURS)], hatches[index % len(hatches)]

    if narrow:
        labels = [_wrapped(label, 22) for label in labels]
        title = _wrapped(title, 44)
        size = (5.0, 0.45 * len(labels) + 1.9)
    else:
        size = (7.5, 0.32 * len(labels) + 1.4)
    figure = Figure(figsize=size, layout="constrained")
    ax = figure.subplots()
    positions = range(len(labels))[::-1]
    for position, value, group in zip(positions, values, groups, strict=True):
        colour, hatch = style(group)
        ax.barh(position, value, color=colour, hatch=hatch, edgecolor="#333333")
    ax.set_yticks(list(positions), labels)
    ax.axvline(0, color="#333333", linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    ax.grid(True, axis="x", color="#dddddd")
    if len(names) > 1:
        ax.legend(
            handles=[
                Patch(
                    facecolor=style(name)[0], hatch=style(name)[1], edgecolor="#333333", label=name
                )
                for name in sorted(names, key=lambda name: (name not in SIDE_STYLES, name))
            ],
            loc="lower right",
        )
    return figure


def save(figure, path) -> None:
    """Write ``figure`` as a PNG at :data:`DPI`."""
    figure.savefig(path, dpi=DPI, facecolor="white")

"""Charts of the odds book: PNG files at 150 dpi in the Okabe-Ito palette.

Meaning is never carried by colour alone: every line also has its own marker and line
style, and panels of one chart share one legend.
"""

from __future__ import annotations

#: Okabe & Ito (2008): distinguishable by readers with any common colour-vision deficiency.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
MARKERS = ("o", "s", "D", "^", "v", "P", "X")
LINE_STYLES = ("-", "--", "-.", ":", "-", "--", "-.")

#: Resolution of every chart of the book.
DPI = 150


def _style(index: int) -> dict:
    return {
        "color": OKABE_ITO[index % len(OKABE_ITO)],
        "marker": MARKERS[index % len(MARKERS)],
        "linestyle": LINE_STYLES[index % len(LINE_STYLES)],
    }


def line_panels(
    panels, *, xlabel: str, ylabel: str, title: str, legend_title: str = "", percent=True
):
    """Lines with markers (the x values are whole numbers of units), one panel per entry.

    Parameters
    ----------
    panels : list of (str, dict of str to (sequence, sequence))
        Panel title and, for each line, its x and y values (NaN where refused: the line
        breaks there instead of joining across the gap).
    xlabel, ylabel, title, legend_title : str
    percent : bool
        The y values are probabilities, shown as percentages (otherwise counts).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    figure = Figure(figsize=(3.6 * len(panels) + 1.6, 3.6), layout="constrained")
    axes = figure.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    for ax, (panel_title, lines) in zip(axes, panels, strict=True):
        for index, (label, (xs, ys)) in enumerate(lines.items()):
            ax.plot(list(xs), [100 * y if percent else y for y in ys], label=label, **_style(index))
        ax.set_title(panel_title, fontsize=10)
        ax.set_xlabel(xlabel)
        if percent:
            ax.set_ylim(-3, 103)
            ax.yaxis.set_major_formatter(PercentFormatter())
        else:
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, color="#dddddd")
    axes[0].set_ylabel(ylabel)
    # One legend for all panels: every distinct line, in the order first drawn.
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            legend.setdefault(label, handle)
    figure.legend(
        list(legend.values()), list(legend), title=legend_title or None, loc="outside right center"
    )
    figure.suptitle(title, fontsize=11)
    return figure


def bars(labels, values, *, groups=None, xlabel: str, title: str):
    """Horizontal bars (``values`` in percentage points), coloured and hatched by group.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    groups = list(groups) if groups is not None else [""] * len(labels)
    names = list(dict.fromkeys(groups))
    hatches = ("", "//", "..", "xx")
    figure = Figure(figsize=(7.5, 0.32 * len(labels) + 1.4), layout="constrained")
    ax = figure.subplots()
    positions = range(len(labels))[::-1]
    for position, value, group in zip(positions, values, groups, strict=True):
        index = names.index(group)
        ax.barh(
            position,
            value,
            color=OKABE_ITO[index % len(OKABE_ITO)],
            hatch=hatches[index % len(hatches)],
            edgecolor="#333333",
        )
    ax.set_yticks(list(positions), labels)
    ax.axvline(0, color="#333333", linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    ax.grid(True, axis="x", color="#dddddd")
    if len(names) > 1:
        ax.legend(
            handles=[
                Patch(
                    facecolor=OKABE_ITO[i % len(OKABE_ITO)],
                    hatch=hatches[i % len(hatches)],
                    edgecolor="#333333",
                    label=name,
                )
                for i, name in enumerate(names)
            ],
            loc="lower right",
        )
    return figure


def save(figure, path) -> None:
    """Write ``figure`` as a PNG at :data:`DPI`."""
    figure.savefig(path, dpi=DPI, facecolor="white")

"""The calculator's chart: a PNG of a fixed size, redrawn on every change.

A chart of the same layout (the survivors of a combat, the chance by impulse of a
campaign, the chances of a given set of outcomes) is drawn on the same Figure and Axes
every time: only the bars, the texts and the legend are replaced. Building a Figure, its
Axes and their ticks anew took about half of a change, and a kept Figure keeps its
renderer, so the sizes of texts already drawn are not measured again. The canvas
(:mod:`oddsengine.faces._chart_canvas`) keeps the texts laid out and the glyphs rendered,
and the survivors' bars stay when their number changes (the spare ones hidden). The pixels
are those of a chart drawn on a new Figure on matplotlib's own canvas (tests compare them).
"""

from __future__ import annotations

import io
import textwrap

from oddsengine import kinds
from oddsengine.faces.palette import LINE_COLOURS, SIDE_COLOURS

#: The chart's size in pixels (width, height): drawn at this size and shown at it.
CHART_PIXELS = (560, 350)
_DPI = 100
#: The margins of the plot, as fractions of the chart (fixed, not a layout engine: the
#: chart has one size, and a constrained layout would draw it twice on every change).
_MARGINS = {"left": 0.12, "right": 0.94, "bottom": 0.14, "top": 0.86}
#: How many layouts of chart are kept (each a Figure of its own).
_KEPT_LAYOUTS = 8


def has_survivors(result) -> bool:
    """Whether the result is a combat of two forces with their survivors."""
    states = getattr(result, "states", None)  # a run of attempts counts its search's
    if not isinstance(states, dict):
        return False
    sides = ("attacker", "defender")
    return all(f"{side}_survivors" in states and hasattr(result.spec, side) for side in sides)


def by_impulse(result) -> tuple[str, list, list] | None:
    """For a campaign: the label and the cumulative chances of its headline by impulse
    (the kinds whose record has ``by_step``)."""
    kind = kinds.KINDS.get(result.spec.kind)
    if kind is None or not kind.by_step:
        return None
    prefix, word = kind.by_step
    steps = [
        (int(name[len(prefix) :]), p) for name, p in result.p.items() if name.startswith(prefix)
    ]
    return word, [step for step, _ in steps], [p for _, p in steps]


def distribution(result, prefix: str) -> dict:
    """The bars of a distribution chart: for each series (``"exact chance"``, or the
    policies a run of attempts compares), the chance of each number, from the outcomes
    named ``prefix`` and a number (``"flips:2"``)."""
    compared = getattr(result, "compared", None)
    if compared:
        return dict(compared)
    numbers = sorted(
        int(name[len(prefix) :])
        for name in result.p
        if name.startswith(prefix) and name[len(prefix) :].isdigit()
    )
    return {"exact chance": [result.p[f"{prefix}{k}"] for k in range(numbers[-1] + 1)]}


def _layout(result, prefix: str = "") -> tuple:
    """What a chart's Figure is kept for: its kind, and what fixes its axes."""
    if prefix:
        return ("distribution", prefix)
    if has_survivors(result):
        return ("survivors",)
    campaign = by_impulse(result)
    if campaign is not None:
        return ("by impulse", campaign[0])
    # The outcome names are the categories of the y axis: one Figure per set of them.
    return ("outcomes", tuple(result.outcome_names))


class Chart:
    """Draws the chart of a result as PNG bytes, :data:`CHART_PIXELS` in size, on a
    Figure kept for its layout."""

    def __init__(self):
        self._figures = {}

    def png(self, result, distribution: str = "") -> bytes:
        """The chart of ``result`` as PNG bytes: survivors for a combat, the chance by
        impulse for a campaign, the chance of each number of the outcomes named
        ``distribution`` and a number (``"flips:"``) when given, outcome chances
        otherwise."""
        layout = _layout(result, distribution)
        figure, ax = self._axes(layout)
        title = "\n".join(textwrap.wrap(result.spec.title(), 70)[:2])
        if layout[0] == "survivors":
            _draw_survivors(ax, result)
        elif layout[0] == "distribution":
            _draw_distribution(ax, result, distribution)
        elif layout[0] == "by impulse":
            _draw_by_impulse(ax, *by_impulse(result))
        else:
            _draw_outcomes(figure, ax, result)
        # At the top of the Axes, where the title would be placed anyway (nothing is drawn
        # above them): a title placed by hand is not measured against the ticks again.
        ax.set_title(title, fontsize=9, y=1.0)
        buffer = io.BytesIO()
        # Light compression: a few kilobytes more, a much faster change.
        figure.savefig(buffer, format="png", dpi=_DPI, pil_kwargs={"compress_level": 1})
        return buffer.getvalue()

    def _axes(self, layout):
        """The kept Figure and Axes of ``layout``, emptied of the last chart's data."""
        kept = self._figures.pop(layout, None)
        if kept is None:
            kept = _new_figure()
        elif len(self._figures) >= _KEPT_LAYOUTS:
            self._figures.pop(next(iter(self._figures)))
        self._figures[layout] = kept  # the latest last, the oldest dropped first
        figure, ax = kept
        # The survivors' bars stay when there are as many (plot_survivors sets their
        # heights, or replaces them): building a bar is most of drawing the chart's data.
        _empty(ax, keep_bars=layout[0] == "survivors")
        return figure, ax


def _new_figure():
    from matplotlib.figure import Figure

    from oddsengine.faces._chart_canvas import ChartCanvas

    width, height = CHART_PIXELS
    figure = Figure(figsize=(width / _DPI, height / _DPI), dpi=_DPI)
    ChartCanvas(figure)
    figure.subplots_adjust(**_MARGINS)
    return figure, figure.subplots()


def _empty(ax, keep_bars: bool = False) -> None:
    """Remove the last chart's bars (unless ``keep_bars``), texts and legend, and let the
    axes find their limits and ticks anew, as on a new Axes; the ticks themselves are
    kept."""
    from matplotlib.ticker import AutoLocator, FixedLocator

    if not keep_bars:
        for container in list(ax.containers):
            container.remove()
        for artist in list(ax.patches):
            artist.remove()
        ax.relim()
    for artist in list(ax.texts):
        artist.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    ax.set_autoscale_on(True)
    for axis in (ax.xaxis, ax.yaxis):
        # Ticks placed by hand last time would be read back as this chart's (the
        # survivors' percent ticks are those of the new limits); a category axis keeps
        # its own locator.
        if isinstance(axis.get_major_locator(), FixedLocator):
            axis.set_major_locator(AutoLocator())


def _draw_survivors(ax, result) -> None:
    from oddsengine.faces.result_plots import plot_survivors

    plot_survivors(result, ax=ax, replace=True)


def _draw_by_impulse(ax, word, steps, chances) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.bar(steps, chances, width=0.6, color=SIDE_COLOURS["attacker"], label=f"{word} by then")
    ax.set_xticks(steps)
    ax.set_xlabel("impulse" if word == "taken" else "attempt")
    ax.set_ylim(0, 1.05)  # a bar at 100% stays clear of the frame
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel(f"chance {word} by then")
    ax.grid(True, axis="y", alpha=0.3)


def _draw_outcomes(figure, ax, result) -> None:
    from matplotlib.ticker import PercentFormatter

    names = list(result.outcome_names)
    chances = [result.p[name] for name in names]
    colours = [LINE_COLOURS[index % len(LINE_COLOURS)] for index in range(len(names))]
    # One horizontal bar per outcome, of a fixed thickness: a few outcomes do not
    # stretch into wide blocks, and long outcome names stay readable.
    ax.barh(names, chances, height=0.5, color=colours)
    # Room on the left for the longest outcome name at the tick labels' 8 points.
    figure.subplots_adjust(left=min(0.45, 0.04 + 0.0105 * max(map(len, names))))
    ax.set_xlim(0, 1)
    # Top to bottom in the order of the outcomes (an inverted y axis).
    ax.set_ylim(max(len(names), 4) - 0.5, -0.5)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("chance")
    ax.tick_params(axis="y", labelsize=8)
    ax.grid(True, axis="x", alpha=0.3)
    for index, chance in enumerate(chances):
        ax.text(min(chance, 0.8) + 0.01, index, f"{100 * chance:.1f}%", va="center", fontsize=8)


def _draw_distribution(ax, result, prefix) -> None:
    from matplotlib.ticker import PercentFormatter

    series = distribution(result, prefix)
    width = 0.8 / len(series)
    for index, (label, chances) in enumerate(series.items()):
        numbers = [k + (index - (len(series) - 1) / 2) * width for k in range(len(chances))]
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        ax.bar(numbers, chances, width=width * 0.95, color=colour, label=label)
    count = max(len(chances) for chances in series.values())
    ax.set_xticks(range(count))
    ax.set_xlim(-0.6, count - 0.4)
    ax.set_xlabel(prefix.rstrip(":").replace("_", " "))
    ax.set_ylim(0, min(1.05, 1.15 * max(max(chances) for chances in series.values())))
    # Whole percents: the ticks' labels stay inside the fixed left margin.
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("chance")
    ax.grid(True, axis="y", alpha=0.3)
    if len(series) > 1:
        ax.legend(fontsize=8, loc="upper left")

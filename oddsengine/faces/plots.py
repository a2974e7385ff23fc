"""Charts of sweeps and results (matplotlib, imported only when a chart is drawn).

Every function takes ``ax=None`` (a new figure when None), draws on the Axes and returns
it; none calls ``plt.show()``. Probabilities are shown in percent.

- :func:`plot_probability`: a probability against one parameter of a sweep (force size),
  one line per value of another (leader rating), with the 95% interval as a band.
- :func:`plot_heatmap`: a probability over two parameters of a sweep.
- :func:`plot_survivors`: the distribution of surviving land units of a result.
- :func:`plot_interception`: the chance of an interception (or of avoiding battle) by
  leader rating and Ottoman cavalry.
- :func:`shared_legend`: one legend for a grid of panels drawn by the functions above.

:func:`plot_survivors` and :func:`plot_interception` live in
:mod:`oddsengine.faces.result_plots`, the Axes and the words of a chance in
:mod:`oddsengine.faces.chart_axes`; all are read from here.

Colours come from :mod:`oddsengine.faces.palette`: readable with any colour vision.
Titles name the engagement, its rule, the method and the cards in play.
"""

from __future__ import annotations

from oddsengine import kinds
from oddsengine.errors import OddsEngineError, unknown_name
from oddsengine.faces.chart_axes import chance_label, chart_docstring, new_axes, percent_axis
from oddsengine.faces.palette import SEQUENTIAL_MAP, series_style
from oddsengine.faces.result_plots import plot_interception, plot_survivors

__all__ = [
    "plot_probability",
    "plot_heatmap",
    "plot_survivors",
    "plot_interception",
    "shared_legend",
    "chance_label",
]

#: What a chance is of, in words, by outcome (and by engagement where it differs).
_METHOD_WORDS = {"exact": "exact", "monte-carlo": "Monte Carlo, 95% band"}
_CARD_COLUMNS = ("attacker_cards", "defender_cards", "responses")
#: Title characters per inch of the Axes' width, before a line wraps.
_TITLE_CHARACTERS_PER_INCH = 11


def column_label(name: str) -> str:
    """Words for a sweep column: ``attacker_regulars`` -> ``attacker regulars (land
    units)``."""
    from oddsengine.sweeps.templates import AXIS_WORDS

    for suffix, (_, words) in AXIS_WORDS.items():
        if name.endswith(f"_{suffix}"):
            return f"{name[: -len(suffix) - 1].replace('_', ' ')} {words}"
    return name.replace("_", " ")


def _outcome_rows(frame, outcome):
    if "status" in frame.columns:
        frame = frame[frame["status"] == "ok"]
    if frame.empty:
        raise OddsEngineError("nothing to plot: every scenario was refused")
    if outcome is None:
        engagement = frame["engagement"].iloc[0] if "engagement" in frame.columns else None
        outcome = kinds.headline(engagement)
        if outcome is None:
            outcome = frame.loc[frame["kind"] == "outcome", "outcome"].iloc[0]
    rows = frame[frame["outcome"] == outcome]
    if rows.empty:
        raise unknown_name("outcome", outcome, frame["outcome"].unique(), where="the sweep")
    return rows, outcome


def _varying(rows, exclude) -> list[str]:
    from oddsengine.sweeps._output import RESULT_COLUMNS

    names = []
    for name in rows.columns:
        if name in RESULT_COLUMNS or name in exclude:
            continue
        if rows[name].astype(str).nunique() > 1:
            names.append(name)
    return names


def _engagement(rows):
    return rows["engagement"].iloc[0] if "engagement" in rows.columns else None


def _title(rows, outcome) -> str:
    """``Assault (rule 15.1): chance the assault takes the space, exact``."""
    engagement = _engagement(rows)
    name = kinds.title(engagement)
    kind = kinds.KINDS.get(engagement)
    if kind is not None and "rule" in kind.rule:
        name += f" ({kind.rule[kind.rule.index('rule') :]})"
    title = f"{name}: {chance_label(outcome, engagement)}".strip(": ")
    if "method" in rows.columns:
        methods = sorted(str(method) for method in rows["method"].dropna().unique())
        if methods:
            title += ", " + " and ".join(_METHOD_WORDS.get(m, m) for m in methods)
    return title


def _card_names(slugs) -> str:
    """``"siege-mining,siege-artillery"`` -> ``"Siege Mining, Siege Artillery"``."""
    from oddsengine.combat.cards import find_card

    names = []
    for slug in str(slugs or "").split(","):
        if slug.strip():
            try:
                names.append(find_card(slug.strip()).name)
            except OddsEngineError:
                names.append(slug.strip())
    return ", ".join(names) or "no card"


@chart_docstring
def plot_probability(frame, x, line=None, *, outcome=None, ax=None, title=None):
    """A probability against one sweep parameter, one line per value of another.

    Parameters
    ----------
    frame : pandas.DataFrame
        A sweep table (:meth:`oddsengine.sweeps.sweep.Sweep.run`).
    x : str
        The column on the x axis (``"attacker_regulars"``).
    line : str, optional
        The column that gives one line per value (``"attacker_rating"``). Any other
        column that varies also splits the lines (and is named in the legend).
    outcome : str, optional
        Default: the headline (attacker wins, success).
    {ax, title}

    {returns the axes}

    Examples
    --------
    >>> from oddsengine.sweeps.sweep import sweep
    >>> frame = sweep("assault", {"attacker": "3..8R L0..2", "defender": "2R"}, progress=False)
    >>> ax = plot_probability(frame, "attacker_regulars", "attacker_rating")
    >>> len(ax.get_lines())
    3
    """
    rows, outcome = _outcome_rows(frame, outcome)
    if x not in rows.columns:
        raise OddsEngineError(f"no column {x!r} in the sweep")
    groups = ([line] if line else []) + _varying(rows, {x, line, *_labels_of(rows)})
    ax = new_axes(ax)
    grouped = rows.groupby(groups, sort=True) if groups else [((), rows)]
    refused_label = "refused by the rules"
    for index, (key, group) in enumerate(grouped):
        key = key if isinstance(key, tuple) else (key,)
        group = group.sort_values(x, kind="stable")
        if len(groups) == 1 and groups[0] in _CARD_COLUMNS:
            label = _card_names(key[0])  # the legend's title names the side
        else:
            label = ", ".join(
                _legend_part(name, value) for name, value in zip(groups, key, strict=True)
            )
        missing = _refused_values(frame, dict(zip(groups, key, strict=True)), x)
        # A refused value breaks the line (NaN) and is marked on the x axis.
        line_x = sorted({*group[x], *missing})
        line_y = group.set_index(x)["probability"].reindex(line_x).astype(float)
        # Force sizes are whole numbers: a step through each marked value, nothing
        # drawn as if between two sizes.
        (drawn,) = ax.plot(
            line_x,
            line_y,
            drawstyle="steps-mid",
            **series_style(index),
            markersize=4.5,
            linewidth=1.6,
            label=label or None,
        )
        if missing:
            # Under the 0% line, in a strip no chance reaches: a gap in the line, never a
            # mark that reads as a 0% chance.
            ax.plot(
                missing,
                [_REFUSED_Y] * len(missing),
                linestyle="none",
                marker="x",
                color="#555555",  # one meaning for every line: refused
                clip_on=False,
                label=refused_label,
            )
            refused_label = None
        low, high = group["ci95_low"].astype(float), group["ci95_high"].astype(float)
        if (high - low).max() > 0:
            ax.fill_between(
                group[x], low, high, step="mid", color=drawn.get_color(), alpha=0.2, linewidth=0
            )
    refused = refused_label is None
    ax.set_ylim(2 * _REFUSED_Y if refused else 0, 1)
    if refused:
        ax.axhspan(2 * _REFUSED_Y, 0, color="#eeeeee", zorder=0, linewidth=0)
    percent_axis(ax.yaxis)
    ax.set_yticks([tick for tick in ax.get_yticks() if 0 <= tick <= 1 + 1e-9])
    ax.set_xlabel(column_label(x))
    ax.set_ylabel(chance_label(outcome, _engagement(rows)))
    ax.grid(True, alpha=0.3)
    if groups or refused:
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        title_words = column_label(groups[0]) if len(groups) == 1 else None
        # The series first, what a cross means last: never between two series.
        handles, labels = ax.get_legend_handles_labels()
        order = sorted(range(len(labels)), key=lambda i: labels[i] == "refused by the rules")
        ax.legend(
            [handles[i] for i in order],
            [labels[i] for i in order],
            title=title_words,
            frameon=True,
        )
    ax.set_title(title or _subtitle(_title(rows, outcome), rows, groups + [x], _title_width(ax)))
    return ax


#: Where a refused value is marked: under the 0% line, in a grey strip of its own.
_REFUSED_Y = -0.04


def _refused_values(frame, key: dict, x: str) -> list:
    """The values of ``x`` the rules refuse for the line ``key`` (column to value)."""
    if "status" not in frame.columns or x not in frame.columns:
        return []
    refused = frame[frame["status"] == "refused"]
    for name, value in key.items():
        if name in refused.columns:
            refused = refused[refused[name] == value]
    return sorted(set(refused[x].dropna()))


def _labels_of(rows) -> list[str]:
    """The force-notation columns whose axes are plotted separately (``attacker`` when
    ``attacker_regulars`` exists)."""
    return [
        name
        for name in rows.columns
        if any(column.startswith(f"{name}_") for column in rows.columns if column != name)
    ]


def _legend_part(name, value) -> str:
    if name.endswith("_rating"):
        return f"{name[: -len('_rating')].replace('_', ' ')} L{value}"
    if name.endswith(("_regulars", "_mercenaries", "_cavalry")):
        side, kind = name.rsplit("_", 1)
        return f"{side.replace('_', ' ')} {value} {kind}"
    if name in _CARD_COLUMNS:
        return f"{name.replace('_', ' ')}: {_card_names(value)}"
    return f"{name.replace('_', ' ')}: {value or 'none'}"


def _title_width(ax) -> int:
    """Characters of a title line that fit over ``ax`` (a panel of a grid is narrow)."""
    inches = ax.get_position().width * ax.figure.get_figwidth()
    return max(30, int(inches * _TITLE_CHARACTERS_PER_INCH))


def _subtitle(title, rows, shown, width=80) -> str:
    """The title, with what is the same in every row: the forces, or (when a force's
    template varies) its fixed ranges, such as the attacker's leader rating."""
    fixed = []
    for name in ("attacker", "defender", "interceptor", "mover"):
        if name not in rows.columns:
            continue
        if rows[name].nunique() == 1:
            fixed.append(f"{name} {rows[name].iloc[0]}")
            continue
        # The words every label shares ("L1" in "2R L1" ... "16R L1").
        labels = [str(label).split() for label in rows[name].unique()]
        common = [
            word.rstrip(":")  # "ottoman:" is the power prefix of the notation
            for word in labels[0]
            if all(word in other for other in labels[1:])
        ]
        if common:
            fixed.append(f"{name} {' '.join(common)}")
    for name in _CARD_COLUMNS:
        if name in rows.columns and name not in shown and rows[name].nunique() == 1:
            if str(rows[name].iloc[0] or ""):
                fixed.append(f"{name.replace('_', ' ')}: {_card_names(rows[name].iloc[0])}")
    if "cards_as_printed" in rows.columns and rows["cards_as_printed"].astype(bool).all():
        fixed.append("cards as printed")
    import textwrap

    title = textwrap.fill(title, width)
    return title + (f"\n({textwrap.fill(', '.join(fixed), width)})" if fixed else "")


@chart_docstring
def plot_heatmap(frame, x, y, *, outcome=None, ax=None, title=None, annotate=True):
    """A probability over two sweep parameters, as coloured cells with percentages.

    Parameters
    ----------
    frame : pandas.DataFrame
        A sweep table; other parameters must be the same in every row.
    x, y : str
        The columns on the x and y axes (``"defender_regulars"``, ``"attacker_regulars"``).
    outcome : str, optional
    {ax, title}
    annotate : bool
        Write the percentage in every cell.

    {returns the axes}
    """
    import numpy as np

    rows, outcome = _outcome_rows(frame, outcome)
    others = _varying(rows, {x, y, *_labels_of(rows)})
    if others:
        raise OddsEngineError(
            "a heat map shows two parameters; these vary too: " + ", ".join(others)
        )
    table = rows.pivot_table(index=y, columns=x, values="probability", aggfunc="mean")
    # Refused scenarios have no row: show every value of both axes, refused cells blank.
    every_x = sorted(frame[x].dropna().unique())
    every_y = sorted(frame[y].dropna().unique())
    table = table.reindex(index=every_y, columns=every_x)
    ax = new_axes(ax, size=(1.2 + 0.75 * len(every_x), 1.4 + 0.42 * len(every_y)))
    image = ax.imshow(
        np.ma.masked_invalid(table.to_numpy(dtype=float)),
        cmap=SEQUENTIAL_MAP,
        vmin=0,
        vmax=1,
        aspect="auto",
        origin="lower",
    )
    ax.set_xticks(range(len(every_x)), [str(value) for value in every_x])
    ax.set_yticks(range(len(every_y)), [str(value) for value in every_y])
    ax.set_facecolor("#dddddd")
    if annotate:
        for row_index, row_value in enumerate(table.index):
            for column_index, column_value in enumerate(table.columns):
                value = table.at[row_value, column_value]
                if np.isnan(value):
                    ax.text(column_index, row_index, "—", ha="center", va="center", fontsize=8)
                    continue
                ax.text(
                    column_index,
                    row_index,
                    f"{value:.0%}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    # White on the dark (low) half of the map, black on the light half.
                    color="white" if value < 0.45 else "black",
                )
    colorbar = ax.figure.colorbar(image, ax=ax)
    percent_axis(colorbar.ax.yaxis)
    colorbar.set_label(chance_label(outcome, _engagement(rows)))
    ax.set_xlabel(column_label(x))
    ax.set_ylabel(column_label(y))
    ax.set_title(title or _subtitle(_title(rows, outcome), rows, [x, y], _title_width(ax)))
    return ax


def shared_legend(axes, *, title=None, loc="outside right center"):
    """One legend for a grid of panels, in place of a legend on each.

    The panels must draw the same series (the same labels); the first panel's handles
    are used and every panel's own legend is removed.

    Parameters
    ----------
    axes : matplotlib.axes.Axes or array of Axes
        The panels, all of one figure.
    title : str, optional
        Default: the title of the panels' legends.
    loc : str
        Where on the figure; ``"outside ..."`` places it beside the panels when the
        figure has the constrained layout (the default of these functions), otherwise
        the legend goes at the figure's right edge.

    Returns
    -------
    matplotlib.legend.Legend

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from oddsengine.sweeps.sweep import sweep
    >>> frame = sweep("assault", {"attacker": "3..6R L0..1", "defender": "1..2R"},
    ...               progress=False)
    >>> figure, panels = plt.subplots(1, 2, layout="constrained")
    >>> for ax, garrison in zip(panels, (1, 2)):
    ...     _ = plot_probability(frame[frame["defender_regulars"] == garrison],
    ...                          "attacker_regulars", "attacker_rating", ax=ax)
    >>> legend = shared_legend(panels)
    >>> [ax.get_legend() for ax in panels], len(figure.legends)
    ([None, None], 1)
    """
    import numpy as np

    panels = list(np.ravel(axes))
    if not panels:
        raise OddsEngineError("shared_legend needs at least one panel")
    # Every series of any panel once, in the order first drawn; what a cross means last.
    shown = {}
    for ax in panels:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            shown.setdefault(label, handle)
    if not shown:
        raise OddsEngineError("the panels have no labelled series to put in a legend")
    labels = sorted(shown, key=lambda label: label == "refused by the rules")
    handles = [shown[label] for label in labels]
    for ax in panels:
        legend = ax.get_legend()
        if legend is not None:
            if title is None and legend.get_title().get_text():
                title = legend.get_title().get_text()
            legend.remove()
    figure = panels[0].figure
    engine = figure.get_layout_engine()
    if loc.startswith("outside") and type(engine).__name__ != "ConstrainedLayoutEngine":
        loc = "center right"
    return figure.legend(handles, labels, title=title, loc=loc)

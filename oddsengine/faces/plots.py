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

Colours come from :mod:`oddsengine.faces.palette`: readable with any colour vision.
Titles name the engagement, its rule, the method and the cards in play.
"""

from __future__ import annotations

from oddsengine import kinds
from oddsengine.errors import OddsEngineError, unknown_name
from oddsengine.faces.palette import LINE_COLOURS, MARKERS, SEQUENTIAL_MAP, SIDE_COLOURS

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


def _pyplot():
    import matplotlib.pyplot as plt

    return plt


def _new_axes(ax, size=(7.5, 4.8)):
    if ax is not None:
        return ax
    figure, ax = _pyplot().subplots(figsize=size, layout="constrained")
    return ax


def _percent_axis(axis) -> None:
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(1.0, decimals=0))


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


def _card_name(card) -> str:
    """The printed name of a card of a spec (a land card, or a naval card's effect)."""
    card = getattr(card, "card", card)
    return getattr(card, "name", str(card))


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
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
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
    ax = _new_axes(ax)
    grouped = rows.groupby(groups, sort=True) if groups else [((), rows)]
    refused_label = "refused by the rules"
    for index, (key, group) in enumerate(grouped):
        key = key if isinstance(key, tuple) else (key,)
        group = group.sort_values(x)
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
            color=LINE_COLOURS[index % len(LINE_COLOURS)],
            marker=MARKERS[index % len(MARKERS)],
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
    _percent_axis(ax.yaxis)
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


def plot_heatmap(frame, x, y, *, outcome=None, ax=None, title=None, annotate=True):
    """A probability over two sweep parameters, as coloured cells with percentages.

    Parameters
    ----------
    frame : pandas.DataFrame
        A sweep table; other parameters must be the same in every row.
    x, y : str
        The columns on the x and y axes (``"defender_regulars"``, ``"attacker_regulars"``).
    outcome : str, optional
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    annotate : bool
        Write the percentage in every cell.

    Returns
    -------
    matplotlib.axes.Axes
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
    ax = _new_axes(ax, size=(1.2 + 0.75 * len(every_x), 1.4 + 0.42 * len(every_y)))
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
    _percent_axis(colorbar.ax.yaxis)
    colorbar.set_label(chance_label(outcome, _engagement(rows)))
    ax.set_xlabel(column_label(x))
    ax.set_ylabel(column_label(y))
    ax.set_title(title or _subtitle(_title(rows, outcome), rows, [x, y], _title_width(ax)))
    return ax


def plot_survivors(result, *, ax=None, title=None, replace=False):
    """The distribution of surviving land units of each side, as grouped bars.

    Parameters
    ----------
    result : Result
        A field battle or assault result (exact or Monte Carlo).
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    replace : bool, default False
        Replace the bars this function drew on ``ax`` before instead of adding bars: for a
        chart redrawn on one Axes (the explorer). The bars drawn before keep their place
        and are given the new heights, those beyond the survivors hidden (much faster than
        new bars, the same pixels); for more survivors than bars, they are drawn anew,
        with a few spare ones hidden.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from oddsengine import FieldBattle, exact
    >>> ax = plot_survivors(exact(FieldBattle("6R L1", "hapsburg: 4R")))
    >>> ax.get_ylabel()
    'chance'
    """
    import numpy as np

    from oddsengine.faces import _survivor_bars as survivor_bars

    if "attacker_survivors" not in result.states:
        raise OddsEngineError("this result has no survivors (only battles and assaults do)")
    ax = _new_axes(ax)
    probabilities = result.probabilities
    sides = ("attacker", "defender")
    largest = max(int(np.max(result.states[f"{side}_survivors"])) for side in sides)
    units = np.arange(largest + 1)
    width = 0.4
    tallest = 0.0
    kept = survivor_bars.kept_bars(ax, len(units)) if replace else None
    # Redrawn on one Axes, a few spare bars (hidden) serve a force that grows.
    count = len(units) + (survivor_bars.SPARE_BARS if replace else 0)
    count = len(kept["attacker"]) if kept else count
    shown_anew = not kept  # bars drawn now, or shown or hidden anew below
    for offset, side, hatch in ((-width / 2, "attacker", ""), (width / 2, "defender", "//")):
        survivors = np.asarray(result.states[f"{side}_survivors"], dtype=int)
        mass = np.bincount(survivors, weights=probabilities, minlength=count)
        tallest = max(tallest, float(mass.max()))
        force = getattr(result.spec, side)
        label = f"{side} ({force.notation()})"
        if kept:
            # The same bars as last time on this Axes, given this result's heights.
            bars = kept[side]
            for bar, height in zip(bars, mass, strict=True):
                bar.set_height(height)
            bars.datavalues = mass
            bars.set_label(label)
        else:
            bars = ax.bar(
                np.arange(count) + offset,
                mass,
                width,
                label=label,
                color=SIDE_COLOURS[side],
                hatch=hatch,
                edgecolor="white",
                linewidth=0.5,
                gid=survivor_bars.bar_id(side),
            )
        if replace and survivor_bars.show_bars(bars, len(units)):
            shown_anew = True
    if replace and shown_anew:
        # The limits of the bars shown, as those of bars drawn on a new Axes (the same
        # bars shown: the same limits).
        survivor_bars.limit_to_shown_bars(ax)
        ax.autoscale_view(scaley=False)
    unit_word = getattr(result.spec, "unit_word", "land units")
    ax.set_xticks(units)
    ax.set_xlabel(f"surviving {unit_word}")
    ax.set_ylabel("chance")
    _percent_axis(ax.yaxis)
    # Head room above the tallest bar holds the legend, one side a line, so it never
    # covers a bar and never runs wider than the plot (a force's notation may be long).
    ax.set_ylim(0, tallest * 1.45)
    ax.set_yticks([tick for tick in ax.get_yticks() if 0 <= tick <= 1 + 1e-9])  # no 120%
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper center", ncol=1, frameon=False, fontsize="small")
    method = "exact" if result.is_exact else f"Monte Carlo, {result.trials:,} trials"
    kind = kinds.KINDS.get(getattr(result.spec, "kind", ""))
    name = kinds.title(kind.name) if kind is not None else "Combat"
    if kind is not None and "rule" in kind.rule:
        name += f" ({kind.rule[kind.rule.index('rule') :]})"
    cards = []
    for side in sides:
        played = getattr(result.spec, f"{side}_cards", ())
        if played:
            cards.append(f"{side} cards: {', '.join(_card_name(card) for card in played)}")
    ax.set_title(
        title
        or f"{name}: surviving {unit_word} of each side, {method}"
        + (f"\n({'; '.join(cards)})" if cards else "")
    )
    return ax


def plot_interception(kind="intercept", *, ax=None, title=None):
    """The chance of an interception (13.2) or of avoiding battle (13.3) by leader
    battle rating, with and without Ottoman cavalry.

    Three bars per rating: no cavalry on either side; the rolling side is Ottoman with
    cavalry (+1); the other side is an Ottoman formation with cavalry (-1 for a
    non-Ottoman roll). All values are exact.

    Parameters
    ----------
    kind : {"intercept", "avoid"}
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_interception()
    >>> len(ax.patches)
    9
    """
    import numpy as np

    from oddsengine.engines.exact import exact

    # The kinds drawn by leader rating and Ottoman cavalry (the registry's fixed charts).
    fixed = {record.name: record for record in kinds.table_kinds() if record.fixed_chart}
    if kind not in fixed:
        raise OddsEngineError(f"kind must be {' or '.join(fixed)}, not {kind!r}")
    cases = (
        ("no Ottoman cavalry", "hapsburg: 4R L{rating}", "france: 4R"),
        ("Ottoman roller with cavalry (+1)", "ottoman: 3R 1C L{rating}", "france: 4R"),
        ("against Ottoman cavalry (−1)", "hapsburg: 4R L{rating}", "ottoman: 3R 1C"),
    )
    spec_class = fixed[kind].spec
    ratings = np.arange(3)
    ax = _new_axes(ax)
    width = 0.26
    # Grey, blue and vermillion, with hatching: apart for any colour vision and in print.
    styles = (("#999999", ""), (SIDE_COLOURS["defender"], "//"), (SIDE_COLOURS["attacker"], ".."))
    for index, ((label, rolling, other), (colour, hatch)) in enumerate(
        zip(cases, styles, strict=True)
    ):
        chances = [
            exact(spec_class(rolling.format(rating=rating), other)).p["success"]
            for rating in ratings
        ]
        bars = ax.bar(
            ratings + (index - 1) * width,
            chances,
            width,
            label=label,
            color=colour,
            hatch=hatch,
            edgecolor="white",
            linewidth=0.5,
        )
        ax.bar_label(bars, labels=[f"{chance:.0%}" for chance in chances], fontsize=8, padding=2)
    ax.set_xticks(ratings, [f"L{rating}" for rating in ratings])
    roller = "interceptor" if kind == "intercept" else "avoiding force"
    ax.set_xlabel(f"{roller}'s best leader battle rating")
    ax.set_ylabel(chance_label("success", kind))
    _percent_axis(ax.yaxis)
    ax.set_ylim(0, 0.8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper left")
    rule = "13.2" if kind == "intercept" else "13.3"
    name = "Interception" if kind == "intercept" else "Avoid battle"
    ax.set_title(title or f"{name} (rule {rule}): 2d6 + rating ± cavalry ≥ 9, exact")
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
    >>> import matplotlib
    >>> matplotlib.use("Agg")
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

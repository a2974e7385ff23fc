"""Charts of sweeps and results (matplotlib, imported only when a chart is drawn).

Every function takes ``ax=None`` (a new figure when None), draws on the Axes and returns
it; none calls ``plt.show()``. Probabilities are shown in percent.

- :func:`plot_probability`: a probability against one parameter of a sweep (force size),
  one line per value of another (leader rating), with the 95% interval as a band.
- :func:`plot_heatmap`: a probability over two parameters of a sweep.
- :func:`plot_survivors`: the distribution of surviving land units of a result.
- :func:`plot_interception`: the chance of an interception (or of avoiding battle) by
  leader rating and Ottoman cavalry.
"""

from __future__ import annotations

from oddsengine import kinds
from oddsengine.errors import OddsEngineError

__all__ = ["plot_probability", "plot_heatmap", "plot_survivors", "plot_interception"]

_AXIS_WORDS = {
    "regulars": "regulars (land units)",
    "mercenaries": "mercenaries (land units)",
    "cavalry": "cavalry (land units)",
    "rating": "leader battle rating",
}


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
    for suffix, words in _AXIS_WORDS.items():
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
        raise OddsEngineError(f"no outcome {outcome!r} in the sweep")
    return rows, outcome


def _varying(rows, exclude) -> list[str]:
    from oddsengine.faces._sweep_output import RESULT_COLUMNS

    names = []
    for name in rows.columns:
        if name in RESULT_COLUMNS or name in exclude:
            continue
        if rows[name].astype(str).nunique() > 1:
            names.append(name)
    return names


def _title(rows, outcome) -> str:
    engagement = rows["engagement"].iloc[0] if "engagement" in rows.columns else None
    name = kinds.title(engagement)
    return f"{name}: chance of {outcome.replace('_', ' ')}".strip(": ")


def plot_probability(frame, x, line=None, *, outcome=None, ax=None, title=None):
    """A probability against one sweep parameter, one line per value of another.

    Parameters
    ----------
    frame : pandas.DataFrame
        A sweep table (:meth:`oddsengine.faces.sweep.Sweep.run`).
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
    >>> from oddsengine.faces.sweep import sweep
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
    markers = "osD^v<>p"
    refused_label = "refused by the rules"
    for index, (key, group) in enumerate(grouped):
        key = key if isinstance(key, tuple) else (key,)
        group = group.sort_values(x)
        label = ", ".join(
            _legend_part(name, value) for name, value in zip(groups, key, strict=True)
        )
        missing = _refused_values(frame, dict(zip(groups, key, strict=True)), x)
        # A refused value breaks the line (NaN) and is marked on the x axis.
        line_x = sorted({*group[x], *missing})
        line_y = group.set_index(x)["probability"].reindex(line_x).astype(float)
        (drawn,) = ax.plot(
            line_x,
            line_y,
            marker=markers[index % len(markers)],
            markersize=4,
            linewidth=1.8,
            label=label or None,
        )
        if missing:
            ax.plot(
                missing,
                [0.0] * len(missing),
                linestyle="none",
                marker="x",
                color=drawn.get_color(),
                clip_on=False,
                label=refused_label,
            )
            refused_label = None
        low, high = group["ci95_low"].astype(float), group["ci95_high"].astype(float)
        if (high - low).max() > 0:
            ax.fill_between(group[x], low, high, color=drawn.get_color(), alpha=0.2, linewidth=0)
    ax.set_ylim(0, 1)
    _percent_axis(ax.yaxis)
    ax.set_xlabel(column_label(x))
    ax.set_ylabel(f"chance of {outcome.replace('_', ' ')}")
    ax.grid(True, alpha=0.3)
    if groups or refused_label is None:
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        title_words = column_label(groups[0]) if len(groups) == 1 else None
        ax.legend(title=title_words, frameon=True)
    ax.set_title(title or _subtitle(_title(rows, outcome), rows, groups + [x]))
    return ax


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
    return f"{name.replace('_', ' ')}: {value or 'none'}"


def _subtitle(title, rows, shown) -> str:
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
    return title + (f"\n({', '.join(fixed)})" if fixed else "")


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
        cmap="RdYlGn",
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
                    # White on the darkest reds and greens, black elsewhere.
                    color="white" if value < 0.12 or value > 0.88 else "black",
                )
    colorbar = ax.figure.colorbar(image, ax=ax)
    _percent_axis(colorbar.ax.yaxis)
    colorbar.set_label(f"chance of {outcome.replace('_', ' ')}")
    ax.set_xlabel(column_label(x))
    ax.set_ylabel(column_label(y))
    ax.set_title(title or _subtitle(_title(rows, outcome), rows, [x, y]))
    return ax


def plot_survivors(result, *, ax=None, title=None):
    """The distribution of surviving land units of each side, as grouped bars.

    Parameters
    ----------
    result : Result
        A field battle or assault result (exact or Monte Carlo).
    ax : matplotlib.axes.Axes, optional
    title : str, optional

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
    'probability'
    """
    import numpy as np

    if "attacker_survivors" not in result.states:
        raise OddsEngineError("this result has no survivors (only battles and assaults do)")
    ax = _new_axes(ax)
    probabilities = result.probabilities
    sides = ("attacker", "defender")
    largest = max(int(np.max(result.states[f"{side}_survivors"])) for side in sides)
    units = np.arange(largest + 1)
    width = 0.4
    for offset, side, colour in (
        (-width / 2, "attacker", "#c0392b"),
        (width / 2, "defender", "#2c6fbb"),
    ):
        survivors = np.asarray(result.states[f"{side}_survivors"], dtype=int)
        mass = np.bincount(survivors, weights=probabilities, minlength=largest + 1)
        force = getattr(result.spec, side)
        ax.bar(units + offset, mass, width, label=f"{side} ({force.notation()})", color=colour)
    ax.set_xticks(units)
    ax.set_xlabel("surviving land units")
    ax.set_ylabel("probability")
    _percent_axis(ax.yaxis)
    ax.set_ylim(0, None)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend()
    method = "exact" if result.is_exact else f"Monte Carlo, {result.trials:,} trials"
    name = "Field battle" if getattr(result.spec, "kind", "") == "battle" else "Assault"
    ax.set_title(title or f"{name}: surviving land units of each side ({method})")
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

    from oddsengine.combat.rolls import AvoidBattle, Interception
    from oddsengine.engines.exact import exact

    if kind not in ("intercept", "avoid"):
        raise OddsEngineError(f"kind must be intercept or avoid, not {kind!r}")
    cases = (
        ("no Ottoman cavalry", "hapsburg: 4R L{rating}", "france: 4R"),
        ("Ottoman roller with cavalry (+1)", "ottoman: 3R 1C L{rating}", "france: 4R"),
        ("against Ottoman cavalry (−1)", "hapsburg: 4R L{rating}", "ottoman: 3R 1C"),
    )
    spec_class = Interception if kind == "intercept" else AvoidBattle
    ratings = np.arange(3)
    ax = _new_axes(ax)
    width = 0.26
    colours = ("#7f8c8d", "#27ae60", "#c0392b")
    for index, ((label, rolling, other), colour) in enumerate(zip(cases, colours, strict=True)):
        chances = [
            exact(spec_class(rolling.format(rating=rating), other)).p["success"]
            for rating in ratings
        ]
        bars = ax.bar(ratings + (index - 1) * width, chances, width, label=label, color=colour)
        ax.bar_label(bars, labels=[f"{chance:.0%}" for chance in chances], fontsize=8, padding=2)
    ax.set_xticks(ratings, [f"L{rating}" for rating in ratings])
    roller = "interceptor" if kind == "intercept" else "avoiding force"
    ax.set_xlabel(f"{roller}'s best leader battle rating")
    ax.set_ylabel("chance of success")
    _percent_axis(ax.yaxis)
    ax.set_ylim(0, 0.8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper left")
    rule = "13.2" if kind == "intercept" else "13.3"
    name = "Interception" if kind == "intercept" else "Avoid battle"
    ax.set_title(title or f"{name} ({rule}): 2d6 + rating ± cavalry ≥ 9")
    return ax

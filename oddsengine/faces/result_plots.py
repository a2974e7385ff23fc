"""Charts of one result and of the fixed interception chart (matplotlib, imported only
when a chart is drawn).

- :func:`plot_survivors`: the distribution of surviving land units of a result.
- :func:`plot_interception`: the chance of an interception (or of avoiding battle) by
  leader rating and Ottoman cavalry.

Both are read from :mod:`oddsengine.faces.plots` too, with the charts of sweeps. They
take ``ax=None`` (a new figure when None), draw on the Axes and return it.
"""

from __future__ import annotations

from oddsengine import kinds
from oddsengine.errors import OddsEngineError
from oddsengine.faces.chart_axes import chance_label, chart_docstring, new_axes, percent_axis
from oddsengine.faces.palette import SIDE_COLOURS

__all__ = ["plot_survivors", "plot_interception"]


def _card_name(card) -> str:
    """The printed name of a card of a spec (a land card, or a naval card's effect)."""
    card = getattr(card, "card", card)
    return getattr(card, "name", str(card))


@chart_docstring
def plot_survivors(result, *, ax=None, title=None, replace=False):
    """The distribution of surviving land units of each side, as grouped bars.

    Parameters
    ----------
    result : Result
        A field battle or assault result (exact or Monte Carlo).
    {ax, title}
    replace : bool, default False
        Replace the bars this function drew on ``ax`` before instead of adding bars: for a
        chart redrawn on one Axes (the explorer). The bars drawn before keep their place
        and are given the new heights, those beyond the survivors hidden (much faster than
        new bars, the same pixels); for more survivors than bars, they are drawn anew,
        with a few spare ones hidden.

    {returns the axes}

    Examples
    --------
    >>> from oddsengine import FieldBattle, exact
    >>> ax = plot_survivors(exact(FieldBattle("6R L1", "hapsburg: 4R")))
    >>> ax.get_ylabel()
    'chance'
    """
    import numpy as np

    from oddsengine.faces import _survivor_bars as survivor_bars

    if "attacker_survivors" not in result.states:
        raise OddsEngineError("this result has no survivors (only battles and assaults do)")
    ax = new_axes(ax)
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
    percent_axis(ax.yaxis)
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


@chart_docstring
def plot_interception(kind="intercept", *, ax=None, title=None):
    """The chance of an interception (13.2) or of avoiding battle (13.3) by leader
    battle rating, with and without Ottoman cavalry.

    Three bars per rating: no cavalry on either side; the rolling side is Ottoman with
    cavalry (+1); the other side is an Ottoman formation with cavalry (-1 for a
    non-Ottoman roll). All values are exact.

    Parameters
    ----------
    kind : {"intercept", "avoid"}
    {ax, title}

    {returns the axes}

    Examples
    --------
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
    ax = new_axes(ax)
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
    percent_axis(ax.yaxis)
    ax.set_ylim(0, 0.8)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(loc="upper left")
    rule = "13.2" if kind == "intercept" else "13.3"
    name = "Interception" if kind == "intercept" else "Avoid battle"
    ax.set_title(title or f"{name} (rule {rule}): 2d6 + rating ± cavalry ≥ 9, exact")
    return ax

"""The survivors' bars of a chart redrawn on one Axes (the calculator's): kept between
drawings, given new heights, and hidden beyond the survivors of the result drawn.

Building a bar (a patch measured into the Axes' data limits) costs about a millisecond,
and a survivors' chart has two bars per number of survivors: most of drawing its data. The
bars drawn once stay on the Axes, a few spare ones hidden for a force that grows; a hidden
bar draws nothing, and the data limits are those of the bars shown, so the pixels are
those of bars drawn on a new Axes.
"""

from __future__ import annotations

__all__ = ["SPARE_BARS", "bar_id", "kept_bars", "show_bars", "limit_to_shown_bars"]

#: Spare bars (hidden) drawn for each side on an Axes whose bars are replaced.
SPARE_BARS = 4
_SIDES = ("attacker", "defender")


def bar_id(side: str) -> str:
    """The ``gid`` of a bar of ``side``'s survivors: how its bars are found again."""
    return f"survivors of the {side}"


def kept_bars(ax, count: int) -> dict | None:
    """The bars of each side drawn on ``ax`` before, by side, when there are at least
    ``count`` of them (one per number of survivors); otherwise None, and the bars found
    are removed."""
    from matplotlib.container import BarContainer

    found = {}
    for container in list(ax.containers):
        if not isinstance(container, BarContainer) or not container.patches:
            continue
        for side in _SIDES:
            if container.patches[0].get_gid() == bar_id(side):
                found[side] = container
    lengths = {len(bars) for bars in found.values()}
    if len(found) == 2 and len(lengths) == 1 and lengths.pop() >= count:
        return found
    if found:
        for container in found.values():
            container.remove()
        ax.relim()
    return None


def show_bars(bars, shown: int) -> bool:
    """Show the first ``shown`` of ``bars`` and hide the others (a hidden bar draws
    nothing); whether any bar was shown or hidden anew."""
    changed = False
    for index, bar in enumerate(bars):
        if bar.get_visible() != (index < shown):
            bar.set_visible(index < shown)
            changed = True
    return changed


def limit_to_shown_bars(ax) -> None:
    """Set the data limits of ``ax`` to those of the survivors' bars shown, as
    ``ax.relim(visible_only=True)`` finds them, from each bar's corners: relim follows each
    segment of a patch's outline (half a millisecond a bar), and a bar is a rectangle in
    data coordinates."""
    from matplotlib.transforms import Bbox

    ours = {bar_id(side) for side in _SIDES}
    others = ax.lines or ax.collections or ax.images or ax.tables
    if others or any(patch.get_gid() not in ours for patch in ax.patches):
        ax.relim(visible_only=True)  # more than the survivors' bars: matplotlib measures
        return
    ax.dataLim.ignore(True)
    ax.dataLim.set_points(Bbox.null().get_points())
    ax.ignore_existing_data_limits = True
    for bar in ax.patches:
        # As relim: a hidden bar, or one of neither width nor height, is not data.
        if bar.get_visible() and (bar.get_width() or bar.get_height()):
            ax.update_datalim(bar.get_patch_transform().transform(bar.get_path().vertices))

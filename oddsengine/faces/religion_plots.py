"""A picture of a run's first choice (RULES.md §17, §19): the spaces around the Protestant
ones, the eligible targets shaded by their chance of turning.

The map data has no coordinates, so the board is drawn as its graph of connections in a
stated layout, not as the map: each space on a ring by its distance (in land connections)
from the Protestant spaces, in the order of the board on its ring. A line is a connection
(dashed: a pass).

Examples
--------
>>> from oddsengine.religion.religion_scenario import load_religious_board
>>> ax = plot_eligible_spaces(load_religious_board("religion_example"), "95-theses")
>>> ax.get_title()
'95-theses: the first target, by its chance'
"""

from __future__ import annotations

import math
import textwrap

__all__ = ["plot_eligible_spaces"]

#: How far from the Protestant spaces the drawing reaches, in land connections.
RINGS = 2


def plot_eligible_spaces(
    board, source, *, debater=None, ax=None, rings: int = RINGS, scale: float = 1.0
):
    """Draw the spaces within ``rings`` connections of the Protestant (or, for the Papacy,
    the Catholic targets') spaces, each eligible target shaded by its chance.

    Parameters
    ----------
    board : ReligiousBoard
    source : str
        The source of the attempts (``95-theses``, ``treatise:german`` ...).
    debater : str, optional
    ax : matplotlib Axes, optional
    rings : int
    scale : float
        The discs and their words this many times their size (larger for a picture shown
        small, on a phone); the note under the drawing is wrapped to the axes' width.

    Returns
    -------
    matplotlib.axes.Axes
    """
    import matplotlib.pyplot as plt

    from oddsengine.moves.board import load_board
    from oddsengine.religion.attempt_runs import AttemptRun

    run = AttemptRun(board, source, debater=debater)
    model, game_board = run.model, load_board()
    own = "protestant" if run.source.side == "protestant" else "catholic"
    centre = [
        name
        for name in model.names
        if (board.influence(name) == "protestant") == (own == "protestant")
        and board.influence(name) != "none"
    ]
    if own == "catholic":  # the Papacy's targets are the Protestant spaces
        centre = list(board.protestant)
    eligible = {model.names[i]: model.chance(i, 0, 0) for i in model.eligible(0, 0)}
    distance = {name: 0 for name in (centre if own == "protestant" else board.protestant)}
    frontier = list(distance)
    for ring in range(1, rings + 1):
        following = []
        for name in frontier:
            for neighbour in game_board.neighbours(name):
                if neighbour.name not in distance:
                    distance[neighbour.name] = ring
                    following.append(neighbour.name)
        frontier = following
    for name in eligible:
        distance.setdefault(name, 1)
    order = {name: i for i, name in enumerate(model.names)}
    position = {}
    inner = 0.6 if sum(1 for d in distance.values() if d == 0) > 1 else 0.0
    for ring in range(rings + 1):
        names = sorted((n for n, d in distance.items() if d == ring), key=order.get)
        radius = inner + 1.3 * ring
        for i, name in enumerate(names):
            angle = 2 * math.pi * (i + 0.5 * (ring % 2)) / max(len(names), 1)
            position[name] = (radius * math.cos(angle), radius * math.sin(angle))
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 8))
    for name, (x, y) in position.items():
        for neighbour in game_board.neighbours(name):
            if neighbour.name in position and name < neighbour.name:
                x2, y2 = position[neighbour.name]
                style = "--" if game_board.connection(name, neighbour.name) == "pass" else "-"
                ax.plot([x, x2], [y, y2], style, color="0.8", linewidth=0.8, zorder=1)

    def disc(name):  # its area in points squared
        return (1500 if name in eligible else 700) * scale**2

    colours = plt.get_cmap("Blues")  # as the odds tables shade (ColorBrewer Blues)
    for name, (x, y) in position.items():
        if name in eligible:
            p = eligible[name][0]
            face, label = colours(0.15 + 0.8 * p), f"{name}\n{100 * p:.0f}%"
        elif board.influence(name) == "protestant":
            face, label = "#f2c14e", name
        else:
            face, label = "0.93", name
        ax.scatter(
            [x],
            [y],
            s=disc(name),
            color=face,
            edgecolor="0.3",
            linewidth=0.6,
            zorder=2,
        )
        size = (6.5 if len(name) <= 9 else 5.5) * scale  # a long name still fits its disc
        ax.annotate(
            label,
            (x, y),
            ha="center",
            va="center",
            fontsize=size,
            zorder=3,
            color="white" if name in eligible and eligible[name][0] > 0.6 else "black",
        )
    ax.set_title(
        f"{run.source.name}: the first target, by its chance", fontsize=12 * min(scale, 1.25)
    )
    ax.set_aspect("equal")
    ax.axis("off")
    # Room around the outer ring's discs: the data limits hold their centres only.
    outer = max(disc(name) for name, ring in distance.items() if ring == max(distance.values()))
    radius = math.sqrt(outer) / 2  # points
    ax.margins(radius / (ax.get_position().width * ax.figure.get_figwidth() * 72) + 0.01)
    note = (
        "Layout: rings by distance from the Protestant spaces, not the map. "
        "Gold: Protestant; blue: eligible, darker is likelier; dashed: a pass."
    )
    size = 7 * scale
    # About 0.55 em a character: as many as the axes' width holds.
    width = ax.get_position().width * ax.figure.get_figwidth() * 72 / (0.55 * size)
    ax.text(
        0.0,
        -0.02,
        "\n".join(textwrap.wrap(note, max(int(width), 20))),
        transform=ax.transAxes,
        fontsize=size,
        color="0.35",
        va="top",
    )
    return ax

"""Draw the README's images again: ``python notebooks/images/make_images.py``.

Both are exact, so they come out the same every time; they are written at 150 dpi.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

import oddsengine as oe  # noqa: E402
from oddsengine.faces.palette import SIDE_COLOURS  # noqa: E402
from oddsengine.faces.plots import plot_probability, shared_legend  # noqa: E402
from oddsengine.sweeps.sweep import sweep  # noqa: E402

#: Resolution of the README's images.
DPI = 150
FOLDER = Path(__file__).parent


def assault_success_by_leader_rating(path: Path) -> None:
    """Chance that one assault takes a space held by 1 to 4 regulars (rule 15.1)."""
    assaults = sweep("assault", {"defender": "1..4R", "attacker": "2..16R L0..2"}, progress=False)
    figure, axes = plt.subplots(
        2, 2, figsize=(10, 7.2), sharex=True, sharey=True, layout="constrained"
    )
    for ax, garrison in zip(axes.flat, range(1, 5), strict=True):
        plot_probability(
            assaults[assaults["defender_regulars"] == garrison],
            "attacker_regulars",
            "attacker_rating",
            ax=ax,
            title=f"garrison of {garrison} regular{'s' if garrison > 1 else ''}",
        )
        ax.set_xlabel("attacking regulars" if garrison > 2 else "")
        ax.set_ylabel("chance the assault takes the space" if garrison % 2 else "")
    shared_legend(axes, title="attacker's leader\nbattle rating")
    figure.suptitle(
        "Assault (rule 15.1): chance that one assault takes the space, exact", fontsize=13
    )
    figure.savefig(path, dpi=DPI, facecolor="white")
    plt.close(figure)


def card_values_vienna_battle(path: Path) -> None:
    """What each card adds to the chance of the side that plays it, Vienna field battle."""
    vienna = oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    values = oe.card_value(vienna)
    shown = values[values["value"] > 0].iloc[::-1]
    figure, ax = plt.subplots(figsize=(8.6, 5.4), layout="constrained")
    hatches = {"attacker": "", "defender": "//"}
    bars = ax.barh(
        [f"{card} ({side})" for card, side in zip(shown["card"], shown["side"], strict=True)],
        shown["value"] * 100,
        color=[SIDE_COLOURS[side] for side in shown["side"]],
        hatch=[hatches[side] for side in shown["side"]],
        edgecolor="white",
        linewidth=0.5,
    )
    ax.bar_label(bars, labels=[f"+{value * 100:.1f}" for value in shown["value"]], padding=3)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda points, _: f"{points:+.0f}"))
    ax.set_xlim(0, shown["value"].max() * 100 * 1.15)
    ax.set_xlabel("change in the chance of the side that plays it, in percentage points (exact)")
    ax.set_title(
        "Vienna field battle (rule 14): what each card adds\n"
        "Ottoman 7R 1C Suleiman Ibrahim against Hapsburg 10R Charles V Ferdinand"
    )
    ax.legend(
        handles=[
            Patch(facecolor=SIDE_COLOURS["attacker"], label="the Ottoman attacker plays it"),
            Patch(
                facecolor=SIDE_COLOURS["defender"],
                hatch="//",
                edgecolor="white",
                label="the Hapsburg defender plays it",
            ),
        ],
        loc="lower right",
    )
    ax.grid(True, axis="x", alpha=0.3)
    figure.savefig(path, dpi=DPI, facecolor="white")
    plt.close(figure)


if __name__ == "__main__":
    assault_success_by_leader_rating(FOLDER / "assault_success_by_leader_rating.png")
    card_values_vienna_battle(FOLDER / "card_values_vienna_battle.png")

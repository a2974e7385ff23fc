"""Plots: each returns its Axes, reads in percent, and never shows a window."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

import oddsengine as oe  # noqa: E402
from oddsengine.cli import main  # noqa: E402
from oddsengine.faces import plots  # noqa: E402
from oddsengine.sweeps.refusals import RefusedScenariosWarning  # noqa: E402
from oddsengine.sweeps.sweep import sweep  # noqa: E402


@pytest.fixture(autouse=True)
def no_windows(monkeypatch):
    def refuse():
        raise AssertionError("plt.show() called")

    monkeypatch.setattr(plt, "show", refuse)
    yield
    plt.close("all")


def _readable(ax):
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


@pytest.mark.slow
def test_probability_lines_one_per_rating_with_band():
    frame = sweep(
        "battle",
        {"attacker": "2..6R L0..2", "defender": "hapsburg: 4R"},
        method="monte-carlo",
        precision=0.02,
        seed=2,
        progress=False,
    )
    figure, given = plt.subplots()
    ax = plots.plot_probability(frame, "attacker_regulars", "attacker_rating", ax=given)
    assert ax is given
    assert len(ax.get_lines()) == 3
    assert len([item for item in ax.collections if isinstance(item, PolyCollection)]) == 3
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)
    assert [text.get_text() for text in ax.get_legend().get_texts()] == [
        "attacker L0",
        "attacker L1",
        "attacker L2",
    ]
    assert "(land units)" in ax.get_xlabel()
    _readable(ax)


def test_heatmap_over_two_parameters():
    # 15: 2R against 2R or 3R, 3R against 3R are refused, and marked in the heat map.
    with pytest.warns(RefusedScenariosWarning, match="^3 of 20 scenarios refused"):
        frame = sweep("assault", {"attacker": "2..6R L1", "defender": "0..3R"}, progress=False)
    ax = plots.plot_heatmap(frame, "defender_regulars", "attacker_regulars")
    assert len(ax.images) == 1
    assert "L1" in ax.get_title()
    texts = [text.get_text() for text in ax.texts]
    assert "—" in texts and any(text.endswith("%") for text in texts)
    _readable(ax)
    with pytest.raises(oe.OddsEngineError, match="vary too"):
        frame = sweep("assault", {"attacker": "3..4R L0..1", "defender": "0..1R"}, progress=False)
        plots.plot_heatmap(frame, "defender_regulars", "attacker_regulars")


def test_survivors_and_interception():
    ax = plots.plot_survivors(oe.exact(oe.Assault("6R L1", "2R")))
    assert len(ax.patches) > 0 and ax.get_legend() is not None
    _readable(ax)
    with pytest.raises(oe.OddsEngineError, match="survivors"):
        plots.plot_survivors(oe.exact(oe.Interception("L1", "1R")))
    ax = plots.plot_interception("avoid")
    assert len(ax.patches) == 9
    heights = [patch.get_height() for patch in ax.patches]
    assert heights[0] == pytest.approx(10 / 36)  # 13.3: 2d6 >= 9 with no leader
    _readable(ax)


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_plot_command_writes_the_file(tmp_path, suffix):
    out = tmp_path / f"odds.{suffix}"
    arguments = ["plot", "assault", "--attacker", "3..6R L0..2", "--defender", "2R"]
    assert main([*arguments, "--out", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert main([*arguments, "--out", str(tmp_path / "odds.gif")]) == 2


# -- style: colour vision, words, legends ------------------------------------------------


def _is_red_or_green(colour):
    """A saturated red or green: the pair that carries no meaning for many readers."""
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(colour)
    saturated = max(red, green, blue) - min(red, green, blue) > 0.35
    return saturated and (
        (red > 0.6 and green < 0.35 and blue < 0.35) or (green > 0.5 and red < 0.35 and blue < 0.45)
    )


def test_line_colours_avoid_red_against_green():
    from oddsengine.faces.palette import LINE_COLOURS, SIDE_COLOURS

    assert not any(_is_red_or_green(colour) for colour in LINE_COLOURS)
    assert not any(_is_red_or_green(colour) for colour in SIDE_COLOURS.values())


def test_probability_lines_are_steps_with_markers_in_the_palette():
    from matplotlib.colors import same_color

    from oddsengine.faces.palette import LINE_COLOURS

    frame = sweep("assault", {"attacker": "3..8R L0..2", "defender": "2R"}, progress=False)
    ax = plots.plot_probability(frame, "attacker_regulars", "attacker_rating")
    for index, line in enumerate(ax.get_lines()):
        assert line.get_drawstyle() == "steps-mid" and line.get_marker() not in ("", "None")
        assert same_color(line.get_color(), LINE_COLOURS[index])
    assert ax.get_ylabel() == "chance the assault takes the space"
    title = " ".join(ax.get_title().split())
    assert title.startswith("Assault (rule 15.1): chance the assault takes the space, exact")


def test_titles_name_the_cards_and_the_legend_names_each_card():
    frame = sweep(
        "battle",
        {
            "attacker_cards": ["", "field-artillery"],
            "attacker": "ottoman: 4..6R L1",
            "defender": "hapsburg: 4R",
        },
        progress=False,
    )
    ax = plots.plot_probability(frame, "attacker_regulars", "attacker_cards")
    assert [text.get_text() for text in ax.get_legend().get_texts()] == [
        "no card",
        "Field Artillery",
    ]
    assert ax.get_legend().get_title().get_text() == "attacker cards"
    assert ax.get_ylabel() == "chance the attacker wins"
    fixed = plots.plot_probability(
        frame[frame["attacker_cards"] == "field-artillery"], "attacker_regulars"
    )
    assert "attacker cards: Field Artillery" in " ".join(fixed.get_title().split())


def test_heatmap_uses_a_sequential_map():
    with pytest.warns(RefusedScenariosWarning, match="3 of 20 scenarios refused"):
        frame = sweep("assault", {"attacker": "2..6R L1", "defender": "0..3R"}, progress=False)
    ax = plots.plot_heatmap(frame, "defender_regulars", "attacker_regulars")
    assert ax.images[0].get_cmap().name == "cividis"


@pytest.mark.slow
def test_survivors_legend_covers_no_bar():
    result = oe.exact(oe.FieldBattle("ottoman: 8R L2", "hapsburg: 6R L1"))
    ax = plots.plot_survivors(result)
    ax.figure.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    bars = [bar.get_window_extent() for bar in ax.patches if bar.get_height() > 0]
    assert bars and not any(legend.overlaps(bar) for bar in bars)
    colours = {tuple(bar.get_facecolor()) for bar in ax.patches}
    assert not any(_is_red_or_green(colour) for colour in colours)
    assert "rule 14" in ax.get_title() and "exact" in ax.get_title()


def test_interception_bars_avoid_red_against_green():
    ax = plots.plot_interception()
    assert not any(_is_red_or_green(bar.get_facecolor()) for bar in ax.patches)
    assert ax.get_ylabel() == "chance the interception succeeds"


def test_one_shared_legend_for_a_grid():
    frame = sweep("assault", {"attacker": "3..6R L0..1", "defender": "1..2R"}, progress=False)
    figure, panels = plt.subplots(2, 1, layout="constrained")
    for ax, garrison in zip(panels, (1, 2), strict=True):
        plots.plot_probability(
            frame[frame["defender_regulars"] == garrison],
            "attacker_regulars",
            "attacker_rating",
            ax=ax,
        )
    legend = plots.shared_legend(panels)
    assert all(ax.get_legend() is None for ax in panels)
    assert figure.legends == [legend]
    assert legend.get_title().get_text() == "attacker leader battle rating"
    assert [text.get_text() for text in legend.get_texts()] == ["attacker L0", "attacker L1"]


def test_survivors_of_a_naval_battle_are_ships_under_its_own_rule():
    from oddsengine.combat.naval import NavalBattle

    ax = plots.plot_survivors(oe.exact(NavalBattle("ottoman: 3Sq Barbarossa", "hapsburg: 2Sq")))
    assert ax.get_title() == "Naval battle (rule 16.2): surviving ships of each side, exact"
    assert ax.get_xlabel() == "surviving ships"


def test_survivors_redrawn_on_one_axes_replace_their_bars_only_when_asked():
    first = oe.exact(oe.FieldBattle("6R L1", "hapsburg: 4R"))
    second = oe.exact(oe.FieldBattle("6R L1", "hapsburg: 3R"))  # as many survivors: 0 to 6
    ax = plots.plot_survivors(first)
    bars = len(ax.patches)
    plots.plot_survivors(second, ax=ax)
    assert len(ax.patches) == 2 * bars  # by default the bars are added
    ax = plots.plot_survivors(first)
    plots.plot_survivors(second, ax=ax, replace=True)
    fresh = plots.plot_survivors(second)
    assert [bar.get_height() for bar in ax.patches] == [bar.get_height() for bar in fresh.patches]
    assert [text.get_text() for text in ax.get_legend().get_texts()] == [
        text.get_text() for text in fresh.get_legend().get_texts()
    ]
    # Fewer survivors (0 to 2): the bars stay, those beyond 2 survivors hidden, and the
    # axes take the limits of the bars shown, as a new Axes would.
    fewer = oe.exact(oe.FieldBattle("2R", "hapsburg: 1R"))
    plots.plot_survivors(fewer, ax=ax, replace=True)
    shown = [bar for bar in ax.patches if bar.get_visible()]
    assert len(ax.patches) == 2 * 7 and len(shown) == 2 * 3
    fresh = plots.plot_survivors(fewer)
    assert [bar.get_height() for bar in shown] == [bar.get_height() for bar in fresh.patches]
    assert ax.get_xlim() == fresh.get_xlim()
    assert (ax.dataLim.get_points() == fresh.dataLim.get_points()).all()
    # More survivors than bars (0 to 8): the bars drawn anew, with spare ones hidden.
    more = oe.exact(oe.FieldBattle("8R L2", "hapsburg: 1R"))
    plots.plot_survivors(more, ax=ax, replace=True)
    shown = [bar for bar in ax.patches if bar.get_visible()]
    assert len(shown) == 2 * 9 < len(ax.patches)
    assert ax.get_xlim() == plots.plot_survivors(more).get_xlim()

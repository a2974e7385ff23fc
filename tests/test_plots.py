"""Plots: each returns its Axes, reads in percent, and never shows a window."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

import oddsengine as oe  # noqa: E402
from oddsengine.cli import main  # noqa: E402
from oddsengine.faces import plots  # noqa: E402
from oddsengine.faces.refusals import RefusedScenariosWarning  # noqa: E402
from oddsengine.faces.sweep import sweep  # noqa: E402


@pytest.fixture(autouse=True)
def no_windows(monkeypatch):
    def refuse():
        raise AssertionError("plt.show() called")

    monkeypatch.setattr(plt, "show", refuse)
    yield
    plt.close("all")


def _readable(ax):
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


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


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_plot_command_writes_the_file(tmp_path, suffix):
    out = tmp_path / f"odds.{suffix}"
    arguments = ["plot", "assault", "--attacker", "3..6R L0..2", "--defender", "2R"]
    assert main([*arguments, "--out", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert main([*arguments, "--out", str(tmp_path / "odds.gif")]) == 2

"""The faces of religion on the board: the odds book's page of the 95 Theses opening and the
picture of a run's first targets (RULES.md §17, §19)."""

import matplotlib

matplotlib.use("Agg")

from oddsengine.faces.book._religion_board_pages import theses_opening  # noqa: E402
from oddsengine.faces.religion_plots import plot_eligible_spaces  # noqa: E402
from oddsengine.religion.religion_scenario import load_religious_board  # noqa: E402


def test_the_95_theses_page_lists_every_first_target_and_both_policies():
    page = theses_opening("test", quick=True)
    html = "\n".join(page.body)
    for target in ("Brandenburg", "Magdeburg", "Leipzig", "Breslau", "Prague"):
        assert target in html
    assert "best single odds" in html and "3.750" in html and "3.745" in html
    assert set(page.charts) == {"theses-first-targets.png", "theses-first-targets-narrow.png"}


def test_the_picture_shades_every_eligible_space_with_its_chance():
    ax = plot_eligible_spaces(load_religious_board("religion_example"), "95-theses")
    labels = {text.get_text() for text in ax.texts}
    assert {"Stettin\n83%", "Prague\n25%", "Breslau\n76%", "Lübeck\n65%"} <= labels
    assert "Wittenberg" in labels and "Brandenburg" in labels

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


def test_a_plan_of_religious_actions_ranks_its_courses(tmp_path):
    from oddsengine import exact
    from oddsengine.questions.religious_plans import (
        compare_religious_plan,
        load_religious_plan,
    )
    from oddsengine.religion.attempt_runs import AttemptRun

    comparison = compare_religious_plan(load_religious_plan("religion_first_impulse_plan"))
    by_name = {row["course"]: row for row in comparison.rows}
    # a course of one action is that run's optimal answer
    board = load_religious_board("religion_1517")
    single = exact(AttemptRun(board, "treatise:german")).optimal
    row = by_name["a treatise in the German zone"]
    assert abs(row["expected"]["flips"] - single.expected_flips) < 1e-12
    assert [row["p"][f"flips:{k}"] for k in range(3)] == list(single.flips)
    # two treatises expect more than one, and each distribution sums to one
    assert (
        by_name["two treatises in the German zone"]["expected"]["flips"]
        > (row["expected"]["flips"])
    )
    for each in comparison.rows:
        assert abs(sum(each["p"].values()) - 1) < 1e-12
    flips = [each["expected"]["flips"] for each in comparison.rows]
    assert flips == sorted(flips, reverse=True)


def test_a_bad_plan_of_religious_actions_is_refused(tmp_path, capsys):
    from conftest import run_cli

    plan = tmp_path / "plan.toml"
    plan.write_text(
        '[plan]\nscenario = "religion_1517"\n[[course]]\nname = "x"\n'
        'actions = ["treatise:klingon"]\n',
        encoding="utf-8",
    )
    status, out, err = run_cli(capsys, "plan", str(plan))
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert "course[1].actions" in line and "treatise:ZONE" in line

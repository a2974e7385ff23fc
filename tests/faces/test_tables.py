"""Odds tables: cells, sections and the five formats."""

from __future__ import annotations

import csv
import io

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.faces.tables import _exact_headline, odds_table
from oddsengine.sweeps.refusals import RefusedScenariosWarning


@pytest.fixture(scope="module")
def assault_table():
    # 15: the besiegers must outnumber the garrison: 2R against 2R and 3R, 3R against 3R,
    # each with L0 and L1: 6 cells.
    with pytest.warns(RefusedScenariosWarning, match="^6 of 32 scenarios refused"):
        return odds_table("assault", "2..5R L0..1", "0..3R")


def test_rows_columns_and_sections(assault_table):
    assert list(assault_table.probability.columns) == ["0R", "1R", "2R", "3R"]
    assert assault_table.probability.index[:3].tolist() == ["2R L0", "2R L1", "3R L0"]
    sections = assault_table.sections()
    assert [title for title, _ in sections] == [
        "attacker leader rating 0",
        "attacker leader rating 1",
    ]
    assert sections[1][1].index.tolist() == ["2R L1", "3R L1", "4R L1", "5R L1"]


def test_cells_are_the_exact_headline(assault_table):
    for label in ("3R L0", "5R L1"):
        for garrison in ("0R", "2R"):
            expected = oe.exact(oe.Assault(label, garrison)).p["success"]
            assert assault_table.probability.at[label, garrison] == pytest.approx(expected)
    # 15.1: the besiegers must outnumber the garrison.
    assert assault_table.probability.isna().at["2R L0", "2R"]


def test_exact_headline_equals_the_exact_engine():
    spec = oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    assert _exact_headline(spec, "attacker_wins") == pytest.approx(
        oe.exact(spec).p["attacker_wins"], abs=1e-12
    )


def test_csv_holds_plain_probabilities(assault_table):
    rows = list(csv.reader(io.StringIO(assault_table.to_csv())))
    assert rows[0] == ["attacker", "0R", "1R", "2R", "3R"]
    assert [row[0] for row in rows[1:]] == assault_table.probability.index.tolist()
    values = [float(cell) for row in rows[1:] for cell in row[1:] if cell]
    assert all(0 <= value <= 1 for value in values)
    assert rows[1][3] == ""  # 2R L0 against 2R: refused


def test_markdown_shows_percentages(assault_table):
    text = assault_table.to_markdown()
    expected = oe.exact(oe.Assault("3R L0", "1R")).p["success"]
    assert "| 3R L0 | " in text
    # Exact cells: 4 decimals of a percentage (3R L0 against 1R: 5/9).
    assert expected == 5 / 9
    assert f"{expected * 100:.4f}%" in text and "55.5556%" in text
    assert "### attacker leader rating 1" in text
    assert "—" in text and "rule 15.1" in text


def test_html_is_coloured_and_captioned(assault_table):
    html = assault_table.to_html()
    assert html.count("<table>") == 2
    assert "<caption>" in html and "rule 15.1" in html and "Method: exact" in html
    assert "background:#" in html
    sure = odds_table("assault", "16R L2", "0R").to_html()
    assert "background:#6baed6" in sure  # the darkest blue of the scale at 100%


def test_html_shades_are_one_blue_scale_darker_with_the_chance():
    from matplotlib.colors import to_rgb

    from oddsengine.faces.odds_table_formats import _cell_colour

    shades = [to_rgb(_cell_colour(p / 10)) for p in range(11)]
    assert all(blue >= red and blue >= green for red, green, blue in shades)
    lightness = [sum(shade) for shade in shades]
    assert lightness == sorted(lightness, reverse=True) and lightness[0] > lightness[-1]


def test_latex_and_bbcode(assault_table):
    latex = assault_table.to_latex()
    assert "\\begin{tabular}{lrrrr}" in latex and "\\%" in latex and "\\caption{" in latex
    bbcode = assault_table.to_bbcode()
    assert bbcode.count("[c]") == 2 and bbcode.count("[/c]") == 2 and "%" in bbcode


def test_monte_carlo_cells_carry_intervals():
    table = odds_table("battle", "3..4R", "hapsburg: 3R", method="monte-carlo", seed=4)
    exact = oe.exact(oe.FieldBattle("4R", "hapsburg: 3R")).p["attacker_wins"]
    value = table.probability.at["4R", "hapsburg: 3R"]
    low, high = table.ci95_low.at["4R", "hapsburg: 3R"], table.ci95_high.at["4R", "hapsburg: 3R"]
    assert low < value < high
    assert abs(value - exact) < 5 * (high - low) / (2 * 1.96)
    text = table.to_markdown(intervals=True)
    assert "±" in text and "Monte Carlo to ±0.5 percentage points" in text and "seed 4" in text


def test_intercept_table_over_rating_and_cavalry():
    table = odds_table("intercept", "hapsburg: 4R L0..2", "ottoman: 3R 0..1C")
    counts = (table.probability * 36).round(9)
    # 13.2: 2d6 + rating >= 9, -1 against Ottoman cavalry.
    assert counts["ottoman: 3R 0C"].tolist() == [10, 15, 21]
    assert counts["ottoman: 3R 1C"].tolist() == [6, 10, 15]


def test_unknown_kind_and_format(assault_table):
    with pytest.raises(oe.OddsEngineError, match="no odds table"):
        odds_table("siege", "2R", "1R")
    with pytest.raises(oe.OddsEngineError, match="unknown table format"):
        assault_table.render("rtf")


def test_table_command(capsys):
    code = main(
        ["table", "assault", "--attacker", "3..4R L2", "--defender", "0..1R", "--format", "csv"]
    )
    assert code == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["attacker", "0R", "1R"]
    assert len(rows) == 3
    assert main(["table", "battle", "--attacker", "3R"]) == 2


def test_monte_carlo_cells_are_rounded_to_their_standard_error():
    # 262,144 trials near 70%: a standard error of about 0.089 points, shown with two
    # significant digits, so the cell has 3 decimals.
    table = odds_table("assault", "4R L1", "hapsburg: 1R", method="monte-carlo", seed=1)
    (row,) = [line for line in table.to_markdown().splitlines() if line.startswith("| 4R L1")]
    cell = row.split("|")[2].strip()
    _, _, decimals = cell.rstrip("%").partition(".")
    assert len(decimals) == 3, cell


@pytest.mark.parametrize(
    ("outcome", "hint"),
    [("sucess", "did you mean 'success'"), ("expected_attacker_losses", "The outcomes are")],
)
@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
def test_an_unknown_outcome_is_refused_not_tabled_as_zeros(outcome, hint, method):
    with pytest.raises(oe.OddsEngineError, match=hint) as refusal:
        odds_table(
            "assault", "3..5R L1", "hapsburg: 1..2R", outcome=outcome, method=method, trials=1000
        )
    assert "siege_continues" in str(refusal.value)  # the valid names are listed


def test_an_event_is_tabled_with_its_exact_chance():
    # 15.1: the defenders' leaders are captured exactly when the assault succeeds.
    table = odds_table(
        "assault", "3R L1", "hapsburg: 1R Ferdinand", outcome="defender_leaders_captured"
    )
    success = oe.exact(oe.Assault("3R L1", "hapsburg: 1R Ferdinand")).p["success"]
    assert table.probability.iloc[0, 0] == pytest.approx(success)
    assert success > 0.6


def test_the_refused_footnote_only_under_a_table_with_a_refused_cell():
    plain = odds_table("battle", "1..2R", "1..2R")
    assert "—" not in plain.to_markdown() and "refuse" not in plain.to_bbcode()
    with pytest.warns(RefusedScenariosWarning):
        refused = odds_table("assault", "2..3R", "hapsburg: 2R")  # 15: 2 do not outnumber 2
    assert "—: the rules refuse this assault." in refused.to_markdown()


@pytest.mark.parametrize(
    "written",
    ["hapsburg:2R", "hapsburg:  2R", " hapsburg: 2R ", "hapsburg:\u00a02R", "hapsburg: 2R,"],
)
def test_a_force_without_ranges_is_read_however_it_is_spaced(written):
    # It used to end in a KeyError: the cells were keyed by the text as written, the
    # lines by the force's label ("hapsburg: 2R").
    table = odds_table("assault", "4..5R L1", written)
    assert table.probability.columns.tolist() == ["hapsburg: 2R"]
    expected = odds_table("assault", "4..5R L1", "hapsburg: 2R").probability
    assert table.probability.equals(expected)

"""Scenarios the rules refuse are said aloud: a note, a warning, the rows kept with their
reason, and the missing cells marked in tables and plots."""

import matplotlib
import pytest

matplotlib.use("Agg")

import math  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402

import oddsengine as oe  # noqa: E402
from oddsengine.cli import main  # noqa: E402
from oddsengine.faces import plots  # noqa: E402
from oddsengine.sweeps.refusals import RefusedScenariosWarning, refusal_note  # noqa: E402

# 15: the besiegers must outnumber the garrison. With 1..4R against 1..2R that refuses
# 1R-1R, 1R-2R and 2R-2R: 3 of the 8 scenarios.
GRID = {"attacker": "1..4R", "defender": "hapsburg: 1..2R"}


def test_the_note_counts_and_names_the_reasons():
    note = refusal_note(["Janissaries needs an Ottoman force"] * 12 + ["no siege"], 66)
    assert note == "13 of 66 scenarios refused: Janissaries needs an Ottoman force [×12]; no siege"
    assert (
        refusal_note(["a.", "b", "c", "c"], 9)
        == "4 of 9 scenarios refused: c [×2]; a; 1 other reasons"
    )
    assert refusal_note([], 9) is None


def test_the_warning_is_a_user_warning():
    assert issubclass(oe.RefusedScenariosWarning, UserWarning)
    assert oe.RefusedScenariosWarning is RefusedScenariosWarning


def test_a_sweep_warns_and_keeps_the_refused_rows():
    with pytest.warns(RefusedScenariosWarning, match="^3 of 8 scenarios refused: .*outnumber"):
        frame = oe.sweep("assault", GRID, progress=False)
    refused = frame[frame["status"] == "refused"]
    assert sorted(zip(refused["attacker"], refused["defender"], strict=True)) == [
        ("1R", "hapsburg: 1R"),
        ("1R", "hapsburg: 2R"),
        ("2R", "hapsburg: 2R"),
    ]
    assert refused["reason"].str.contains("outnumber").all()


def test_a_sweep_without_refusals_is_quiet(recwarn):
    oe.sweep("assault", {"attacker": "3..4R", "defender": "1R"}, progress=False)
    assert not [w for w in recwarn if issubclass(w.category, RefusedScenariosWarning)]


def test_a_table_warns_and_marks_the_cells():
    with pytest.warns(RefusedScenariosWarning, match="^3 of 8 scenarios refused"):
        table = oe.odds_table("assault", GRID["attacker"], GRID["defender"])
    assert math.isnan(table.probability.at["2R", "hapsburg: 2R"])
    assert table.to_markdown().count("—") >= 3


def test_the_command_line_prints_one_note(capsys):
    status = main(["table", "assault", "--attacker", "1..4R", "--defender", "1..2R"])
    captured = capsys.readouterr()
    assert status == 0
    (line,) = captured.err.splitlines()
    assert line.startswith("oddsengine table: note: 3 of 8 scenarios refused: ")
    assert "—" in captured.out


@pytest.mark.slow
def test_a_line_plot_marks_the_refused_values(tmp_path, capsys):
    with pytest.warns(RefusedScenariosWarning):
        frame = oe.sweep("assault", {"attacker": "1..4R", "defender": "2R"}, progress=False)
    ax = plots.plot_probability(frame, "attacker_regulars")
    try:
        line, marks = ax.get_lines()
        # 1R and 2R do not outnumber 2R: the line has a gap there, marked on the x axis.
        assert list(line.get_xdata()) == [1, 2, 3, 4]
        assert [math.isnan(y) for y in line.get_ydata()] == [True, True, False, False]
        assert list(marks.get_xdata()) == [1, 2] and marks.get_label() == "refused by the rules"
    finally:
        plt.close(ax.figure)
    out = tmp_path / "plot.png"
    argv = ["plot", "assault", "--attacker", "1..4R", "--defender", "2R", "--out", str(out)]
    assert main(argv) == 0
    assert "oddsengine plot: note: 2 of 4 scenarios refused" in capsys.readouterr().err

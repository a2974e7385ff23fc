"""``table --format json`` and ``--format csv-long``: every cell, a column per parameter."""

import csv
import io
import json
from fractions import Fraction

import pytest
from conftest import run_cli as run

# RULES.md §7 (15.1): against 1 regular the garrison rolls 1 + 1 = 2 dice. 2 regulars roll
# 1 die: success needs the hit and a survivor, 1/3 * 8/9 = 8/27; 3 regulars roll 2 dice
# and always survive: 1 - (2/3)^2 = 5/9. 2 regulars do not outnumber a garrison of 2 (15).
TABLE = ["table", "assault", "--attacker", "2..3R", "--defender", "1..2R"]
EXPECTED = {("2R", "1R"): Fraction(8, 27), ("3R", "1R"): Fraction(5, 9)}


def test_json_holds_every_cell_in_full_precision(capsys):
    status, out, err = run(capsys, *TABLE, "--format", "json")
    assert status == 0 and "1 of 4 scenarios refused" in err
    payload = json.loads(out)
    assert payload["kind"] == "assault" and payload["outcome"] == "success"
    assert payload["method"] == "exact" and payload["trials"] is None
    assert payload["rows"] == ["2R", "3R"] and payload["columns"] == ["1R", "2R"]
    cells = {(cell["attacker"], cell["defender"]): cell for cell in payload["cells"]}
    assert len(cells) == 4
    for key, value in EXPECTED.items():
        assert cells[key]["probability"] == pytest.approx(float(value), abs=1e-15)
        assert cells[key]["status"] == "ok"
    refused = cells[("2R", "2R")]
    assert refused["status"] == "refused" and refused["probability"] is None
    assert "outnumber" in refused["reason"]


def test_long_csv_has_a_column_per_parameter(capsys):
    status, out, _ = run(capsys, *TABLE, "--format", "csv-long")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0])[:4] == ["attacker", "attacker_regulars", "defender", "defender_regulars"]
    assert len(rows) == 4
    by_cell = {(row["attacker_regulars"], row["defender_regulars"]): row for row in rows}
    assert float(by_cell[("2", "1")]["probability"]) == pytest.approx(float(Fraction(8, 27)))
    assert float(by_cell[("3", "1")]["probability"]) == pytest.approx(float(Fraction(5, 9)))
    refused = by_cell[("2", "2")]
    assert refused["probability"] == "" and refused["status"] == "refused"


def test_monte_carlo_cells_carry_their_trials(capsys):
    argv = [*TABLE, "--format", "json", "--precision", "0.05", "--seed", "1"]
    status, out, _ = run(capsys, *argv)
    payload = json.loads(out)
    assert status == 0 and payload["method"] == "monte-carlo" and payload["seed"] == 1
    cell = next(cell for cell in payload["cells"] if cell["status"] == "ok")
    assert cell["method"] == "monte-carlo" and cell["trials"] > 0
    assert cell["ci95_low"] <= cell["probability"] <= cell["ci95_high"]

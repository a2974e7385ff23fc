"""``oddsengine debaters`` and ``oddsengine explorers`` (RULES.md §16, §20, §22): the records
as the religion data holds them, with their refusals."""

import csv
import io
import json

import pytest
from conftest import run_cli as run

from oddsengine.faces.religion_records import debater_records, explorer_records
from oddsengine.religion.records import religion_facts


@pytest.mark.rule("16", cites="16: the five language zones")
def test_language_zones_of_the_95_theses_targets():
    # §16 and §17's check: Lübeck, Stettin, Leipzig and Magdeburg are German-zone spaces
    # (the Protestant wins ties there); Breslau and Prague are in no zone.
    facts = religion_facts()
    for space in ("Lübeck", "Stettin", "Leipzig", "Magdeburg"):
        assert facts.zone_of(space) == "german", space
    assert facts.zone_of("Breslau") == facts.zone_of("Prague") == "none"


def test_debaters_by_side_turn_and_zone():
    # Turn 1: Luther 4, Melanchthon 3, Bucer 2, Carlstadt 1 on the Protestant side (§20).
    first = debater_records("protestant", turn=1)
    assert [(row["name"], row["value"]) for row in first] == [
        ("Luther", 4), ("Melanchthon", 3), ("Bucer", 2), ("Carlstadt", 1),
    ]  # fmt: skip
    # The English zone by turn 6: its Protestant debaters who have entered (Cranmer's group
    # enters with a variable turn, never by turn alone) and every Papal one in play.
    english = debater_records(turn=6, zone="english")
    names = {row["name"] for row in english}
    assert {"Tyndale", "Wishart", "Knox", "Eck", "Loyola"} <= names
    assert not {"Cranmer", "Luther", "Gardiner"} & names
    assert all(row["zone"] in ("english", "any") for row in english)


def test_explorers_and_conquistadors_of_a_power():
    rows = explorer_records("hapsburg")
    assert [row["name"] for row in rows if row["role"] == "conquistador"] == [
        "Cortez", "Pizarro", "Montejo", "Cordova", "Coronado",
    ]  # fmt: skip
    magellan = next(row for row in rows if row["name"] == "Magellan")
    assert magellan["value"] == 4 and magellan["in_random_pool"] is True
    cabot = next(row for row in rows if row["name"] == "Cabot")
    assert cabot["in_random_pool"] is False  # his event only (§22)


def test_debaters_command_formats(capsys):
    status, out, _ = run(capsys, "debaters", "--side", "papacy", "--turn", "1", "--format", "json")
    assert status == 0
    names = [row["name"] for row in json.loads(out)]
    assert names == ["Eck", "Campeggio", "Aleander", "Tetzel", "Cajetan"]
    status, out, _ = run(capsys, "debaters", "--zone", "french", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and {"Calvin", "Farel", "Eck"} <= {row["name"] for row in rows}
    status, out, _ = run(capsys, "debaters")
    assert status == 0 and "value: debate dice are value + 3" in out


def test_explorers_command_formats(capsys):
    status, out, _ = run(capsys, "explorers", "--power", "france", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0
    assert [row["name"] for row in rows] == [
        "Cartier", "Roberval", "Verrazano", "Cabot", "French Conquest",
    ]  # fmt: skip
    status, out, _ = run(capsys, "explorers")
    assert status == 0 and "Magellan" in out and "in_random_pool" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["debaters", "--zone", "spain"], "unknown zone 'spain'; did you mean 'spanish'?"),
        (["debaters", "--turn", "12"], "a turn is 1..9, not 12"),
        (["debaters", "--side", "ottoman"], "invalid choice"),
        (["explorers", "--power", "ottoman"], "unknown power 'ottoman'"),
    ],
    ids=["zone", "turn", "side", "power"],
)
def test_record_commands_refuse_unknown_names(capsys, argv, words):
    try:
        status, out, err = run(capsys, *argv)
    except SystemExit as stop:  # argparse's own refusal
        status, captured = stop.code, capsys.readouterr()
        out, err = captured.out, captured.err
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert words in line

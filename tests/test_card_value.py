"""Card value analysis: the change in a side's odds from each card it could play."""

import pytest

from oddsengine import Assault, FieldBattle, OddsEngineError, exact
from oddsengine.cli import main
from oddsengine.results.card_value import card_value


def test_values_are_exact_differences():
    battle = FieldBattle("france: 4R", "hapsburg: 4R")
    table = card_value(battle, side="attacker").set_index("card")
    with_artillery = exact(FieldBattle("france: 4R", "hapsburg: 4R", ["field-artillery"]))
    expected = with_artillery.p["attacker_wins"] - exact(battle).p["attacker_wins"]
    assert table.loc["Field Artillery", "value"] == pytest.approx(expected, abs=1e-12)
    assert table.loc["Field Artillery", "delta:attacker_wins"] == pytest.approx(expected)


def test_only_playable_cards_are_listed():
    table = card_value(Assault("9R Suleiman", "4R Ferdinand"))
    attacker_cards = set(table.loc[table["side"] == "attacker", "card"])
    assert "Siege Mining" in attacker_cards and "Siege Artillery" in attacker_cards
    assert "Tercios" not in attacker_cards  # a field-battle card
    assert "Janissaries" not in set(table["card"])  # not in an assault
    defender_cards = set(table.loc[table["side"] == "defender", "card"])
    assert "Landsknechts" not in defender_cards  # only the active power before an assault
    assert "Mercenaries Grow Restless" in defender_cards


def test_table_is_sorted_by_value_and_says_it_in_words():
    table = card_value(FieldBattle("france: 5R Montmorency", "hapsburg: 5R Duke-of-Alva"))
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    assert table["summary"].str.contains("points").all()


def test_defender_value_counts_holding_the_space():
    table = card_value(Assault("9R Suleiman", "4R Ferdinand"), side="defender")
    foul_weather = table.set_index("card").loc["Foul Weather", "value"]
    assert foul_weather == pytest.approx(exact(Assault("9R Suleiman", "4R Ferdinand")).p["success"])


def test_bad_side_is_refused():
    with pytest.raises(OddsEngineError, match="side must be"):
        card_value(FieldBattle("4R", "hapsburg: 3R"), side="both")


def test_card_value_on_the_command_line(capsys):
    status = main(
        [
            "battle",
            "--attacker",
            "france: 4R",
            "--defender",
            "hapsburg: 4R",
            "--card-value",
            "--side",
            "attacker",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0 and "Field Artillery adds" in out

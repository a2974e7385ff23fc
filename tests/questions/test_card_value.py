"""Card value analysis: the change in a side's odds from each card it could play."""

import io
import json
from fractions import Fraction

import pandas as pd
import pytest

import oddsengine as oe
from oddsengine import Assault, FieldBattle, OddsEngineError, exact
from oddsengine.cli import main
from oddsengine.questions.card_value import card_value


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
    assert status == 0 and "Field Artillery (#25)" in out


# 4R against 4R in the open: the attacker rolls 4 dice, the defender 4 + 1 (RULES.md 6,
# field battle step 3); a die hits on 5 or 6; a tie goes to the defender (step 8). So the
# attacker wins with P(X > Y), X ~ Bin(4, 1/3), Y ~ Bin(5, 1/3):
# over 3**9: 32*32 + 24*112 + 8*192 + 1*232 = 5480 (X=1..4 times P(Y < X)*243).
ATTACKER_WINS_4R_4R = Fraction(5480, 3**9)


@pytest.mark.rule("8", cites="For each card of RULES.md §8 that the rules allow")
def test_foul_weather_has_the_same_sign_in_text_and_csv(capsys):
    # Foul Weather (8, card 31) cancels the battle: the defender's chance of the attacker not
    # winning rises from 1 - p to 1, a value of +p to the defender who plays it.
    p = float(ATTACKER_WINS_4R_4R)
    row = card_value(FieldBattle("france: 4R", "hapsburg: 4R"), side="defender")
    row = row.set_index("card").loc["Foul Weather"]
    assert row["value"] == pytest.approx(p, abs=1e-12)
    assert row["delta:attacker_wins"] == pytest.approx(-p, abs=1e-12)
    assert row["delta:defender_wins"] == pytest.approx(-(1 - p), abs=1e-12)
    assert row["delta:cancelled"] == pytest.approx(1.0, abs=1e-12)
    assert row["chance"].startswith("the attacker does not")
    command = ["battle", "--attacker", "france: 4R", "--defender", "hapsburg: 4R"]
    main([*command, "--card-value", "--side", "defender"])
    text = capsys.readouterr().out
    main([*command, "--card-value", "--side", "defender", "--format", "csv"])
    csv = pd.read_csv(io.StringIO(capsys.readouterr().out)).set_index("card")
    # Without the card the defender's chance is 1 - p, with it 1, the difference +p.
    points = f"{1 - p:>9.4%}  {1:>9.4%}   {p * 100:+.4f} points"
    assert points == " 72.1587%  100.0000%   +27.8413 points"
    assert points in text
    assert csv.loc["Foul Weather", "value"] == pytest.approx(p, abs=1e-12)
    assert csv.loc["Foul Weather", "without_card"] == pytest.approx(1 - p, abs=1e-12)
    assert csv.loc["Foul Weather", "with_card"] == pytest.approx(1.0, abs=1e-12)
    assert csv.loc["Foul Weather", "difference"] == pytest.approx(p, abs=1e-12)
    assert "without the card, with it, and the difference" in text
    assert "the attacker does not" in text


@pytest.mark.rule("8", cites="For each card of RULES.md §8 that the rules allow")
def test_card_values_at_sea_and_abroad_read_the_card_effects():
    # §11: Janissaries at sea only for the Ottomans; each row's difference is with - without.
    naval = card_value(oe.NavalBattle("ottoman: 3Sq", "hapsburg: 3Sq"))
    janissaries = naval[naval["card"] == "Janissaries"]
    assert janissaries["side"].tolist() == ["attacker"]
    assert (naval["with_card"] - naval["without_card"] - naval["difference"]).abs().max() < 1e-15
    war = oe.ForeignWar("persia", force="5R Ibrahim", horizon=4)
    values = card_value(war)
    base = oe.exact(war).p["won"]
    assert set(values["card"]) == {"Janissaries", "Field Artillery", "Arquebusiers"}
    assert values["without_card"].tolist() == pytest.approx([base] * 3, abs=1e-15)
    assert (values["difference"] > 0).all()
    with pytest.raises(oe.OddsEngineError, match="only the attacker"):
        card_value(war, side="defender")


def test_card_value_on_the_command_line_for_naval_battles_and_foreign_wars(capsys):
    assert main(["naval", "--attacker", "ottoman: 3Sq", "--defender", "hapsburg: 3Sq",
                 "--card-value", "--format", "json"]) == 0  # fmt: skip
    rows = json.loads(capsys.readouterr().out)
    assert {"without_card", "with_card", "difference", "value"} <= set(rows[0])
    assert main(["foreign-war", "--war", "persia", "--force", "5R Ibrahim",
                 "--card-value"]) == 0  # fmt: skip
    assert "Janissaries (#1)" in capsys.readouterr().out


def test_cards_that_bring_no_new_outcome_show_a_zero_change_for_it():
    table = card_value(FieldBattle("france: 4R", "hapsburg: 4R"), side="defender")
    tercios = table.set_index("card").loc["Tercios"]
    assert tercios["delta:cancelled"] == 0.0

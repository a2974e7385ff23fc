"""Exact answers as fractions (--fractions): equal to the chances counted by hand in
Fractions, never to what the engine prints; refused where the floats cannot give them."""

import csv
import io
import json
from fractions import Fraction

import pytest
from hand_dice import attacker_wins, binomial, roll

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.results.fractions import exact_fractions


def test_the_readme_assault_is_379_over_2187():
    # 15.1: 9R Suleiman roll ceil(9/2) + 2 = 7 dice against 4R Ferdinand; success needs
    # 4 hits: sum_{k>=4} C(7,k) 2^(7-k) / 3^7 = (280 + 84 + 14 + 1) / 2187 = 379/2187.
    expected = sum(binomial(7, hits) for hits in range(4, 8))
    assert expected == Fraction(379, 2187)
    fractions = exact_fractions(oe.exact(oe.Assault("9R Suleiman", "hapsburg: 4R Ferdinand")))
    assert fractions["success"] == expected


@pytest.mark.parametrize("attacker", range(1, 9))
@pytest.mark.parametrize("defender", range(1, 9))
def test_field_battles_by_hand(attacker, defender):
    # 14: attacker dice = its units + 1 (L1), defender dice = its units + 1; more hits
    # wins, a tie to the defender.
    battle = oe.FieldBattle(f"{attacker}R L1", f"hapsburg: {defender}R")
    fractions = exact_fractions(oe.exact(battle))
    assert fractions["attacker_wins"] == attacker_wins(attacker + 1, defender + 1)
    assert fractions["attacker_wins"] + fractions["defender_wins"] == 1


def test_an_interception_by_hand():
    # 13.2: Charles V (2) against Ottoman cavalry (-1): 2d6 + 1 >= 9, 15/36 = 5/12.
    spec = oe.Interception("hapsburg: 8R Charles-V", "7R 1C Suleiman")
    assert exact_fractions(oe.exact(spec))["success"] == roll(1) == Fraction(5, 12)


def test_tercios_dice_hit_on_four_to_six():
    # §8: 1R L0 with Tercios, Hapsburg: 1 die at 1/3 + 3 dice at 1/2 against 1R + 1 = 2
    # dice of the defender (papacy, no Hapsburg limit). The attacker wins on more hits.
    bonus = [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8)]
    attacker = [sum(binomial(1, a) * bonus[h - a] for a in range(2) if 0 <= h - a <= 3)
                for h in range(5)]  # fmt: skip
    defender = [binomial(2, d) for d in range(3)]
    expected = sum(attacker[a] * defender[d] for a in range(5) for d in range(3) if a > d)
    battle = oe.FieldBattle("hapsburg: 1R", "papacy: 1R", attacker_cards="tercios")
    assert exact_fractions(oe.exact(battle))["attacker_wins"] == expected


def test_refused_where_the_floats_cannot_give_them():
    huge = oe.exact(oe.FieldBattle("20R L1", "hapsburg: 20R"))  # 3^42 > 2^53
    with pytest.raises(oe.OddsEngineError, match="finer than the float engine resolves"):
        exact_fractions(huge)
    with pytest.raises(oe.OddsEngineError, match="Monte Carlo"):
        exact_fractions(oe.simulate(oe.FieldBattle("2R", "1R"), trials=1000, seed=1))
    with pytest.raises(oe.OddsEngineError, match="campaign"):
        exact_fractions(oe.exact(oe.load_move("vienna")))


def test_every_format_of_the_command_line(capsys):
    argv = ["battle", "--attacker", "2R", "--defender", "hapsburg: 1R", "--fractions"]
    # 2 dice against 2: P(a > d) = 4/9 * 4/9 + 1/9 * 8/9 = 24/81 = 8/27.
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "attacker_wins                  29.6296%      8/27" in text
    assert main([*argv, "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["fractions"]["attacker_wins"] == "8/27"
    assert answer["p"]["attacker_wins"] == pytest.approx(8 / 27)  # p kept as it was
    assert main([*argv, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][-1] == "fraction" and rows[1][0] == "attacker_wins" and rows[1][-1] == "8/27"
    # Without --fractions, no column is added.
    assert main(argv[:-1] + ["--format", "csv"]) == 0
    assert "fraction" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--seed", "3"], "--fractions gives exact answers as fractions"),
        (["--format", "markdown"], "--fractions adds to the table, json and csv formats"),
        (["--card-value"], "--fractions"),
    ],
)
def test_refused_where_it_would_be_ignored(capsys, extra, words):
    argv = ["battle", "--attacker", "2R", "--defender", "hapsburg: 1R", "--fractions", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "space, expected",
    [
        # RULES §17's check, the 95 Theses after Brandenburg turned: Stettin, 3 Protestant
        # dice against 1, ties to the Protestant: P(highest of 3 >= the Papal die)
        # = 1 - (1/6) sum_{p=1..6} ((p - 1)/6)^3 = 1 - 225/1296 = 119/144.
        ("Stettin", Fraction(119, 144)),
        # Lübeck 3 against 3 and Magdeburg 6 against 3, as the reference states them.
        ("Lübeck", Fraction(10073, 15552)),
        ("Magdeburg", Fraction(8377769, 10077696)),
    ],
)
def test_a_reformation_attempt_gives_the_fractions_of_the_rules(capsys, space, expected):
    assert 1 - sum(Fraction(p - 1, 6) ** 3 for p in range(1, 7)) / 6 == Fraction(119, 144)
    argv = ["reformation", "religion_example", "--space", space, "--source", "95-theses",
            "--exact", "--fractions", "--format", "json"]  # fmt: skip
    assert main(argv) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["fractions"]["success"]) == expected

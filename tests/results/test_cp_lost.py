"""The expected CP lost by each side: its units lost at their build cost (regular 2,
mercenary 1, cavalry 1, squadron 2, corsair 1), by hand, in every face."""

import csv
import io
import json
from fractions import Fraction

import pytest

import oddsengine as oe
from oddsengine.cli import main


def test_a_land_battle_by_hand():
    # 14: 1R rolls 1 die, 1M defending rolls 1 + 1 = 2. The regular (2 CP) is lost when
    # the defender hits, 1 - (2/3)^2 = 5/9; the mercenary (1 CP) only when the attacker
    # hits and the defender does not, 1/3 * 4/9 = 4/27 (both hit: both wiped out, the
    # defender rolled more dice and keeps its unit, 14 step 9).
    lost = oe.exact(oe.FieldBattle("1R", "hapsburg: 1M")).expected_cp_lost()
    assert lost["attacker"]["mean"] == pytest.approx(float(2 * Fraction(5, 9)), abs=1e-15)
    assert lost["defender"]["mean"] == pytest.approx(float(Fraction(4, 27)), abs=1e-15)
    assert lost["attacker"]["stderr"] == 0.0


def test_cavalry_costs_one_and_a_regular_two():
    # 1R 1C against 1R: the attacker rolls 2 dice, the defender 1 + 1 = 2. Losses in the
    # default order (mercenaries, regulars, cavalry): the first hit takes the regular
    # (2 CP), the second the cavalry (1 CP); the defender's regular (2 CP) falls on any
    # attacker hit unless both sides are wiped out (equal dice: the defender keeps it).
    # d = defender hits, a = attacker hits: P(d = k) = C(2,k) 2^(2-k) / 9 = 4/9, 4/9, 1/9.
    battle = oe.FieldBattle("ottoman: 1R 1C", "hapsburg: 1R")
    lost = oe.exact(battle).expected_cp_lost()
    attacker = 2 * Fraction(4, 9) + 3 * Fraction(1, 9)  # one hit: 2 CP; two hits: 3 CP
    # The defender's regular is lost when a >= 1 and not (d == 2: attacker wiped out too).
    defender = 2 * (1 - Fraction(4, 9)) * (1 - Fraction(1, 9))
    assert lost["attacker"]["mean"] == pytest.approx(float(attacker), abs=1e-15)
    assert lost["defender"]["mean"] == pytest.approx(float(defender), abs=1e-15)


def test_a_naval_battle_by_hand():
    # §11: a corsair rolls 1 die, a squadron 2 (no port, no extra die). The corsair
    # (1 CP) sinks on any hit of the defender, 5/9 (both wiped out: the defender rolled
    # more dice and keeps its squadron); the squadron (2 CP) only to the single hit left
    # against the loser: the attacker hits once and the defender not at all, 1/3 * 4/9.
    lost = oe.exact(oe.NavalBattle("ottoman: 1Co", "hapsburg: 1Sq")).expected_cp_lost()
    assert lost["attacker"]["mean"] == pytest.approx(5 / 9, abs=1e-15)
    assert lost["defender"]["mean"] == pytest.approx(float(2 * Fraction(4, 27)), abs=1e-15)


def test_units_a_card_adds_before_the_roll_are_counted_from_the_forces_that_fight():
    # Landsknechts gives the attacker 2 mercenaries before the roll (§8): a loss is a unit
    # of the forces that fight that does not survive, so the CP lost never goes negative
    # and equals the land units lost at 1 CP for mercenaries, 2 for regulars.
    result = oe.exact(oe.FieldBattle("4R L1", "hapsburg: 3R", attacker_cards="landsknechts"))
    lost = result.expected_cp_lost()["attacker"]["mean"]
    units = result.expected_losses()["attacker"]["mean"]
    assert units <= lost <= 2 * units


def test_monte_carlo_agrees_with_exact():
    battle = oe.FieldBattle("7R 1C Suleiman Ibrahim", "hapsburg: 10R Charles-V Ferdinand")
    exact = oe.exact(battle).expected_cp_lost()
    sampled = oe.simulate(battle, trials=200_000, seed=33).expected_cp_lost()
    for side in ("attacker", "defender"):
        error = sampled[side]["stderr"]
        assert 0 < error and abs(sampled[side]["mean"] - exact[side]["mean"]) < 5 * error


def test_every_face_shows_it_beside_the_losses(capsys):
    argv = ["assault", "--attacker", "9R Suleiman", "--defender", "hapsburg: 4R Ferdinand"]
    assert main(argv) == 0
    text = capsys.readouterr().out.splitlines()
    at = text.index("Expected defender losses: 2.281 land units")
    # 9R lose 2.000 regulars = 4 CP; 4R lose 2.281 regulars = 4.561 CP.
    assert text[at + 1] == (
        "Expected CP lost (units at their build cost): attacker 4.000, defender 4.561"
    )
    assert main([*argv, "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer["expected_losses"]) == {"attacker", "defender"}  # kept as it was
    assert answer["expected_cp_lost"]["defender"]["mean"] == pytest.approx(
        2 * answer["expected_losses"]["defender"]["mean"]
    )
    assert main([*argv, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][-2:] == ["expected_cp_lost_attacker", "expected_cp_lost_defender"]
    assert rows[0][:9] == list(oe.Result.ROW_COLUMNS)
    assert float(rows[1][-2]) == pytest.approx(4.0)


def test_a_roll_has_none():
    assert oe.exact(oe.Interception("hapsburg: 4R L1", "4R")).expected_cp_lost() == {}

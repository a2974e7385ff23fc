"""Survivors given each winner, by hand (RULES.md §6, field battle steps 3-8).

2 regulars attack 1 Hapsburg regular in the open: 2 dice against 1 + 1 (the defender's
die); a die hits on 5 or 6, so each side's hits are 0, 1, 2 with chances 4/9, 4/9, 1/9;
each hit takes a unit; the attacker wins only with more hits (a tie goes to the defender).
Attacker wins: (hits 1-0) 16/81, (2-0) 4/81, (2-1) 4/81, so 24/81; the attacker keeps 2
units in the first two, 1 in the third. Defender wins: the other 57/81.
"""

from fractions import Fraction

import pytest

import oddsengine as oe
from oddsengine.cli import main

BATTLE = oe.FieldBattle("2R", "hapsburg: 1R")


def test_survivors_given_the_attacker_wins():
    result = oe.exact(BATTLE)
    assert result.p["attacker_wins"] == pytest.approx(float(Fraction(24, 81)))
    joint = result.survivors(given="attacker_wins")
    assert joint.loc[2, 0] == pytest.approx(float(Fraction(20, 24)))
    assert joint.loc[1, 0] == pytest.approx(float(Fraction(4, 24)))
    assert float(joint.to_numpy().sum()) == pytest.approx(1.0)
    left = result.expected_survivors(given="attacker_wins")
    assert left["attacker"] == pytest.approx(float(Fraction(11, 6)))
    assert left["defender"] == 0.0
    at_least = result.survivors_at_least(given="attacker_wins")
    assert at_least.loc[1, "attacker"] == pytest.approx(1.0)
    assert at_least.loc[2, "attacker"] == pytest.approx(float(Fraction(5, 6)))


def test_survivors_given_the_defender_wins():
    # Defender wins with hits (a, d), a <= d: 57/81. Its unit survives when not hit,
    # (0,0) 16/81, (0,1) 16/81, (0,2) 4/81, and when both sides are wiped out (§6 step 9:
    # on equal dice the defender keeps 1 unit), (1,2) 4/81 and (2,2) 1/81: 41 of 57.
    # (1,1) 16/81 takes its unit and leaves the attacker 1.
    left = oe.exact(BATTLE).expected_survivors(given="defender_wins")
    assert left["defender"] == pytest.approx(float(Fraction(41, 57)))
    assert left["attacker"] == pytest.approx(float(Fraction(2 * 16 + 1 * 16 + 1 * 16, 57)))


def test_an_unknown_given_is_refused_with_the_names():
    with pytest.raises(oe.OddsEngineError, match="did you mean 'attacker_wins'"):
        oe.exact(BATTLE).survivors(given="attacker_win")


def test_survivors_given_each_outcome_in_the_text_output(capsys):
    main(["battle", "--attacker", "2R", "--defender", "hapsburg: 1R", "--exact", "--survivors"])
    out = capsys.readouterr().out
    assert "Expected land units left, given each outcome:" in out
    assert "attacker_wins      29.63%     1.833     0.000" in out
    assert "At least N land units left" in out

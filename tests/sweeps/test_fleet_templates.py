"""Fleet templates (issue 12): ranges of squadrons and corsairs in sweeps, odds tables and
plots, checked against values computed by hand from RULES.md §11 and §12."""

import re
from fractions import Fraction

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.combat.fleets import Fleet
from oddsengine.errors import OddsEngineError
from oddsengine.sweeps.templates import parse_template

# A die hits on 5-6: the hits of n dice are Binomial(n, 1/3).
THIRD = Fraction(1, 3)


def hits(dice: int) -> list[Fraction]:
    from math import comb

    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def p_more_hits(attacker_dice: int, defender_dice: int) -> Fraction:
    """§11: more hits wins; a tie goes to the defender."""
    attacker, defender = hits(attacker_dice), hits(defender_dice)
    return sum(
        attacker[a] * defender[d]
        for a in range(len(attacker))
        for d in range(len(defender))
        if a > d
    )


def test_fleet_templates_range_over_squadrons_and_corsairs():
    template = parse_template("1..6Sq 0..3Co Dragut")
    assert template.fleet
    assert [(axis.name, axis.values) for axis in template.axes] == [
        ("squadrons", (1, 2, 3, 4, 5, 6)),
        ("corsairs", (0, 1, 2, 3)),
    ]
    assert template.size == 24
    label, values, fleet = template.expand()[5]
    assert label == "2Sq 1Co Dragut" and values == {"squadrons": 2, "corsairs": 1}
    assert isinstance(fleet, Fleet) and fleet.power == "ottoman" and fleet.battle_rating == 1
    powered = parse_template("ottoman: 2Sq 1..4Co")
    assert powered.main_axis.name == "corsairs"
    assert [label for label, _ in powered.combinations()] == [
        f"ottoman: 2Sq {count}Co" for count in range(1, 5)
    ]
    plain = parse_template("hapsburg: 2Sq Andrea Doria")
    assert plain.fleet and plain.size == 1 and plain.main_axis is None
    # Land templates are read as before.
    assert not parse_template("2..4R L0..1").fleet


@pytest.mark.parametrize(
    "text, words",
    [
        ("1..3Sq L0..2", "named"),
        ("hapsburg: 1..2Co", "only the Ottomans have corsairs"),
        ("1..3Sq 2R", "land units do not fight at sea"),
        ("3..1Sq", "runs backwards"),
        ("1..500Sq", "at most 99 squadrons"),
        ("1..2Sq 1..2Sq", "twice"),
        ("1..2Xq Dragut", "Sq (squadrons) or Co (corsairs)"),
    ],
)
def test_bad_fleet_templates_are_refused(text, words):
    with pytest.raises(OddsEngineError, match=re.escape(words)):
        parse_template(text)


def test_naval_odds_table_matches_hand_computed_values():
    # §11: 2 dice per squadron, 1 per corsair, + the naval leader's battle rating.
    table = oe.odds_table("naval", "ottoman: 1..2Sq", "hapsburg: 1Sq")
    assert table.methods == ("exact",)
    column = table.probability["hapsburg: 1Sq"]
    assert column["ottoman: 1Sq"] == pytest.approx(float(Fraction(8, 27)), abs=1e-12)
    assert column["ottoman: 2Sq"] == pytest.approx(float(Fraction(401, 729)), abs=1e-12)
    assert p_more_hits(2, 2) == Fraction(8, 27) and p_more_hits(4, 2) == Fraction(401, 729)
    corsairs = oe.odds_table("naval", "ottoman: 0Sq 1..2Co Dragut", "hapsburg: 1Sq")
    expected = [p_more_hits(2, 2), p_more_hits(3, 2)]  # 1 + 1 and 2 + 1 (Dragut) dice
    assert corsairs.probability.iloc[:, 0].tolist() == pytest.approx(
        [float(value) for value in expected], abs=1e-12
    )
    assert expected == [Fraction(8, 27), Fraction(35, 81)]
    # §11: the defender rolls one more die only in a port.
    in_port = oe.odds_table("naval", "ottoman: 1Sq", "hapsburg: 1Sq", in_port=True)
    assert p_more_hits(2, 3) == Fraction(52, 243)
    assert in_port.probability.iloc[0, 0] == pytest.approx(52 / 243, abs=1e-12)


def test_naval_and_piracy_sweeps_expand_fleet_templates():
    frame = oe.Sweep(
        "naval",
        grid={"attacker": "ottoman: 1..2Sq 0..1Co", "defender": "hapsburg: 1Sq"},
        method="exact",
    ).run(progress=False)
    wins = frame[frame["outcome"] == "attacker_wins"]
    assert wins["attacker_squadrons"].tolist() == [1, 1, 2, 2]
    assert wins["attacker_corsairs"].tolist() == [0, 1, 0, 1]
    expected = [p_more_hits(dice, 2) for dice in (2, 3, 4, 5)]
    assert wins["probability"].tolist() == pytest.approx([float(v) for v in expected], abs=1e-12)
    piracy = oe.Sweep(
        "piracy",
        grid={"pirates": "1..2Co Barbarossa"},
        fixed={"zone_squadrons": 1, "target_ports": 2},
        method="exact",
    ).run(progress=False)
    success = piracy[piracy["outcome"] == "success"]
    assert success["pirates_corsairs"].tolist() == [1, 2]
    # §12: 2 anti-piracy dice (1 squadron in the zone), each hit sinks a corsair; then
    # 1 piracy die with 1 corsair left (else 2: two target ports), +1 for Barbarossa.
    anti = hits(2)
    one = anti[0] * (1 - hits(2)[0])
    two = anti[0] * (1 - hits(3)[0]) + anti[1] * (1 - hits(2)[0])
    assert (one, two) == (Fraction(20, 81), Fraction(136, 243))
    assert success["probability"].tolist() == pytest.approx([float(one), float(two)], abs=1e-12)


@pytest.mark.slow
def test_naval_table_and_plot_from_the_command_line(tmp_path, capsys):
    argv = ["table", "naval", "--attacker", "ottoman: 1..2Sq", "--defender", "hapsburg: 1Sq"]
    assert main([*argv, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "attacker,hapsburg: 1Sq"
    assert float(lines[1].split(",")[1]) == pytest.approx(8 / 27, abs=1e-12)
    out = tmp_path / "naval.png"
    plot = ["plot", "naval", "--attacker", "ottoman: 1..3Sq Dragut"]
    assert main([*plot, "--defender", "hapsburg: 1..2Sq", "--out", str(out)]) == 0
    assert out.stat().st_size > 0


def test_fleets_above_the_game_limits_are_refused_in_one_line(capsys):
    # Issue 10 item 3: a count typed by mistake is refused before any work, not looped
    # over (nor turned into an OverflowError).
    with pytest.raises(OddsEngineError, match="at most 99 squadrons"):
        Fleet(squadrons=10**30)
    with pytest.raises(OddsEngineError, match="at most 99 corsairs"):
        oe.parse_fleet("ottoman: 1Sq " + "9" * 5000 + "Co")
    argv = ["naval", "--attacker", "ottoman: 100000Sq", "--defender", "hapsburg: 1Sq", "--exact"]
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "at most 99 squadrons" in lines[0]

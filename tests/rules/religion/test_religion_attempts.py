"""Reformation and Counter-Reformation attempts from dice counts (RULES.md §17, §18, §23
readings 2-4): the rulebook's figures by hand with fractions, a die-by-die reference, both
engines, the refusals and the command line."""

import json
from fractions import Fraction
from math import isclose

import pytest
from conftest import run_cli as run
from naive_reference import RandomDice, enumerate_exactly
from naive_religion_reference import attempt

import oddsengine as oe
from oddsengine.religion.attempt_odds import success_chance
from oddsengine.religion.attempts import (
    MAX_ATTEMPT_DICE,
    CounterReformationAttempt,
    ReformationAttempt,
)

# -- §17's check: the six targets of Luther's 95 Theses ------------------------------------
# The example (after Brandenburg turned, its regular placed; Wittenberg Protestant with 2
# regulars and Luther). Each Protestant count includes the 95 Theses' +1 die. Lübeck,
# Stettin, Leipzig and Magdeburg are in the German zone, the 95 Theses' target zone, so the
# Protestant wins ties there (§17 step 7); Breslau and Prague are in no zone, so the Papacy
# wins ties (§17 step 7, §23 reading 1).
#
# With n dice, P(highest = a) = (a^n - (a-1)^n) / 6^n, and P(highest <= k) = k^m / 6^m.
# Protestant ties: P = sum_a (a^n - (a-1)^n) * a^m / 6^(n+m);
# Papal ties:      P = sum_a (a^n - (a-1)^n) * (a-1)^m / 6^(n+m).
#
# Lübeck 3 v 3, Protestant ties: a^3-(a-1)^3 = 1, 7, 19, 37, 61, 91; times a^3 = 1, 8, 27,
#   64, 125, 216: 1 + 56 + 513 + 2368 + 7625 + 19656 = 30219; 30219 / 46656 = 10073 / 15552.
# Stettin 3 v 1, Protestant ties: (1*1 + 7*2 + 19*3 + 37*4 + 61*5 + 91*6) / 1296
#   = (1 + 14 + 57 + 148 + 305 + 546) / 1296 = 1071 / 1296 = 119 / 144.
# Leipzig 4 v 4, Protestant ties: a^4-(a-1)^4 = 1, 15, 65, 175, 369, 671; times a^4 = 1, 16,
#   81, 256, 625, 1296: 1 + 240 + 5265 + 44800 + 230625 + 869616 = 1150547; / 6^8 = 1679616:
#   0.68501 (68.5%).
# Magdeburg 6 v 3, Protestant ties: a^6-(a-1)^6 = 1, 63, 665, 3367, 11529, 31031; times a^3:
#   1 + 504 + 17955 + 215488 + 1441125 + 6702696 = 8377769; / 6^9 = 10077696.
# Breslau 6 v 1, Papal ties: 1 - P(Papal die >= Protestant highest)
#   = 1 - sum_q (1/6) (q/6)^6 = 1 - (1 + 64 + 729 + 4096 + 15625 + 46656) / 279936
#   = 1 - 67171 / 279936 = 212765 / 279936 = 0.76005 (76.0%).
# Prague 4 v 5, Papal ties: (a-1)^5 = 0, 1, 32, 243, 1024, 3125: 15*1 + 65*32 + 175*243 +
#   369*1024 + 671*3125 = 15 + 2080 + 42525 + 377856 + 2096875 = 2519351; / 6^9 = 0.24999
#   (25.0%).
NINETY_FIVE_THESES = [
    ("Lübeck", 3, 3, "protestant", Fraction(10073, 15552)),
    ("Stettin", 3, 1, "protestant", Fraction(119, 144)),
    ("Leipzig", 4, 4, "protestant", Fraction(1150547, 1679616)),
    ("Magdeburg", 6, 3, "protestant", Fraction(8377769, 10077696)),
    ("Breslau", 6, 1, "papacy", Fraction(212765, 279936)),
    ("Prague", 4, 5, "papacy", Fraction(2519351, 10077696)),
]
#: The rulebook's printed percentages, to its one decimal.
PRINTED = {"Lübeck": 64.8, "Stettin": 82.6, "Leipzig": 68.5, "Magdeburg": 83.1,
           "Breslau": 76.0, "Prague": 25.0}  # fmt: skip


@pytest.mark.rule(
    "17", cites="§17 step 7 / §18: higher wins; a tie goes to the side that wins ties"
)
@pytest.mark.parametrize(("space", "protestant", "papal", "ties", "chance"), NINETY_FIVE_THESES,
                         ids=[row[0] for row in NINETY_FIVE_THESES])  # fmt: skip
def test_the_95_theses_targets_by_hand(space, protestant, papal, ties, chance):
    assert success_chance("protestant", protestant, papal, ties, fraction=True) == chance
    assert round(float(chance) * 100, 1) == PRINTED[space]
    # The spec, with the 95 Theses' die as its bonus die: the count before it, plus 1.
    spec = ReformationAttempt(
        protestant_dice=protestant - 1, papal_dice=papal, ties=ties, ninety_five_theses=True
    )
    assert spec.dice_rolled("protestant") == protestant
    assert spec.success_chance(fraction=True) == chance
    assert isclose(oe.exact(spec).p["success"], float(chance), rel_tol=1e-12)
    assert spec.success_chance() == float(chance)


@pytest.mark.rule(
    "17", cites="§17 step 4 / §18: the modifier on every die moves the highest die with it"
)
def test_the_modifier_makes_a_six_a_seven():
    # §17 step 4: 1 v 1 with +1, Protestant ties: it fails only when the Papal die is at
    # least 2 above: (p, q) = (1, 3..6), (2, 4..6), (3, 5..6), (4, 6): 4+3+2+1 = 10 of 36.
    spec = ReformationAttempt(protestant_dice=1, papal_dice=1, modifier=1)
    assert spec.success_chance(fraction=True) == Fraction(26, 36)
    result = oe.exact(spec)
    assert isclose(result.p["success"], 26 / 36)
    assert "protestant_highest:7" in result.p and "protestant_highest:1" not in result.p
    # A modified 6 or more (a 5 or a 6 rolled) succeeds at once: 2 of 6.
    assert isclose(result.p["automatic_success"], 2 / 6)


@pytest.mark.rule("18", cites="−1 on every Papal die with Augsburg Confession (§18), else 0.")
@pytest.mark.rule("23", cites="made 0 by Augsburg is not raised (§23 reading 2)")
def test_augsburg_takes_one_from_every_papal_die():
    # §18, §23 reading 2: 1 v 1 with -1 on the Papal die, Protestant ties: the Papacy
    # succeeds when d - 1 > p: d = 3: 1, d = 4: 2, d = 5: 3, d = 6: 4; 10 of 36.
    spec = CounterReformationAttempt(protestant_dice=1, papal_dice=1, augsburg=True)
    assert spec.success_chance(fraction=True) == Fraction(10, 36)
    result = oe.exact(spec)
    assert isclose(result.p["success"], 10 / 36)
    assert isclose(result.p["papal_highest:0"], 1 / 6)  # a 1 becomes 0, not raised
    assert "papal_highest:6" not in result.p
    # Papal ties (Paul III): d - 1 >= p: 1 + 2 + 3 + 4 + 5 = 15 of 36; a modified 6 is out
    # of reach, so no automatic success.
    papal_ties = CounterReformationAttempt(1, 1, "papacy", augsburg=True)
    assert papal_ties.success_chance(fraction=True) == Fraction(15, 36)
    assert oe.exact(papal_ties).p["automatic_success"] == 0
    assert "out of reach" in papal_ties.describe()["automatic_success"]["reason"]


@pytest.mark.rule(
    "17", cites="§17 step 5 / §18: a modified 6 succeeds at once where the attempting side wins"
)
@pytest.mark.rule("18", cites="−1 on every Papal die with Augsburg Confession (§18), else 0.")
def test_automatic_success_never_changes_the_chance():
    # §17 step 5: 3 v 3, Protestant ties: a 6 succeeds at once (91 of 216 rolls); the
    # chance is the plain "highest at least the Papal highest" sum all the same.
    spec = ReformationAttempt(protestant_dice=3, papal_dice=3)
    result = oe.exact(spec)
    assert isclose(result.p["automatic_success"], 91 / 216)
    assert isclose(result.p["success"], 10073 / 15552)
    # The Papacy does not roll then: its highest-die events add up to 1 - 91/216.
    papal = sum(value for name, value in result.p.items() if name.startswith("papal_highest:"))
    assert isclose(papal, 1 - 91 / 216)
    assert "never changes the chance" in "\n".join(spec.describe_lines())
    # Outside the target zone it does not apply.
    outside = ReformationAttempt(protestant_dice=3, papal_dice=3, ties="papacy")
    assert oe.exact(outside).p["automatic_success"] == 0
    # §18: under Paul III (Papal ties), 2 Papal dice against 1: sum_a (a^2-(a-1)^2) a / 216
    # = (1 + 6 + 15 + 28 + 45 + 66) / 216 = 161 / 216; a Papal 6 (11 of 36) at once.
    counter = CounterReformationAttempt(protestant_dice=1, papal_dice=2, ties="papacy")
    assert counter.success_chance(fraction=True) == Fraction(161, 216)
    assert isclose(oe.exact(counter).p["automatic_success"], 11 / 36)


@pytest.mark.rule("17", cites="§17 step 3: Printing Press, the 95 Theses and one debater's bonus")
@pytest.mark.rule("23", cites="made 0 by Augsburg is not raised (§23 reading 2)")
def test_zero_dice_roll_the_minimum_and_say_so():
    # §17 step 2 and §23 reading 4: the minimum of 1 applies to the base count; a bare port
    # target of the 95 Theses rolls 1 + 1 = 2.
    bare = ReformationAttempt(protestant_dice=0, papal_dice=0, ninety_five_theses=True)
    assert bare.dice_rolled("protestant") == 2 and bare.dice_rolled("papal") == 1
    assert bare.minimum_applied("protestant") and bare.minimum_applied("papal")
    lines = "\n".join(bare.describe_lines())
    assert "0 given, the rule's minimum of 1 applies" in lines
    assert bare.describe()["dice"]["protestant"]["minimum_applied"] is True
    # 2 dice against 1, Protestant ties: 161/216 (as above).
    assert bare.success_chance(fraction=True) == Fraction(161, 216)


@pytest.mark.rule("17", cites="§17 step 3: Printing Press, the 95 Theses and one debater's bonus")
@pytest.mark.rule("18", cites="§18: 1 or 2 Papal dice where a debater's bonus applies.")
def test_bonus_dice_are_added_and_reported():
    spec = ReformationAttempt(
        protestant_dice=2, papal_dice=1, printing_press=True, ninety_five_theses=True,
        debater="bucer",
    )  # fmt: skip
    assert spec.dice_rolled("protestant") == 5 and spec.debater == "Bucer"
    bonus = spec.describe()["dice"]["protestant"]["bonus"]
    assert bonus == [
        {"source": "Printing Press", "dice": 1},
        {"source": "95 Theses", "dice": 1},
        {"source": "Bucer", "dice": 1},
    ]
    assert (
        "Protestant dice: 5 (2 + 1 Printing Press + 1 95 Theses + 1 Bucer)"
        in (spec.describe_lines()[0])
    )
    # Faber: +2 Papal dice (against an electorate); Contarini +1.
    faber = CounterReformationAttempt(protestant_dice=1, papal_dice=1, debater="Faber")
    assert faber.dice_rolled("papal") == 3
    assert CounterReformationAttempt(1, 1, debater="Contarini").dice_rolled("papal") == 2


def test_dice_sources_plug_in_and_must_add_up():
    sources = (
        ("protestant", 1, "adjacent Protestant space Wittenberg"),
        ("protestant", 2, "Protestant stack in the target"),
        ("papal", 1, "adjacent Catholic space Leipzig"),
    )
    spec = ReformationAttempt(protestant_dice=3, papal_dice=1, dice_sources=sources)
    dice = spec.describe()["dice"]
    assert dice["protestant"]["sources"] == [
        {"source": "adjacent Protestant space Wittenberg", "dice": 1},
        {"source": "Protestant stack in the target", "dice": 2},
    ]
    assert dice["papal"]["sources"][0]["dice"] == 1
    assert any(line.startswith("Protestant dice from:") for line in spec.describe_lines())
    with pytest.raises(oe.OddsEngineError, match="add up to 3, not the 4 protestant_dice"):
        ReformationAttempt(protestant_dice=4, papal_dice=1, dice_sources=sources)
    with pytest.raises(oe.OddsEngineError, match="side is 'protestant' or 'papal'"):
        ReformationAttempt(dice_sources=(("ottoman", 1, "x"),))


@pytest.mark.rule("17", cites="§17 step 1: only a space in the target zone gives the +1 modifier")
@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ReformationAttempt(protestant_dice=-1), "protestant_dice must be at least 0"),
        (lambda: ReformationAttempt(papal_dice=MAX_ATTEMPT_DICE + 1), "papal_dice is at most"),
        (lambda: ReformationAttempt(protestant_dice=10**30), r"at most 50 \(got 10\^30\)"),
        (lambda: ReformationAttempt(protestant_dice=True), "must be a whole number"),
        (lambda: ReformationAttempt(ties="hapsburg"), "ties go to 'protestant' or 'papacy'"),
        (lambda: ReformationAttempt(modifier=1, ties="papacy"), "only in the target zone"),
        (lambda: ReformationAttempt(modifier=2), "modifier is at most 1"),
        (lambda: ReformationAttempt(debater="Eck"), "Eck's bonus adds no die"),
        (lambda: ReformationAttempt(debater="Nobody"), "unknown debater 'Nobody'"),
        (lambda: CounterReformationAttempt(debater="Bucer"), "Bucer's bonus adds no die"),
        (lambda: CounterReformationAttempt(augsburg="yes"), "augsburg must be true or false"),
    ],
    ids=["negative", "huge", "10^30", "bool", "ties", "modifier-outside", "modifier-2",
         "debate-debater", "unknown-debater", "protestant-debater", "augsburg-text"],
)  # fmt: skip
def test_refusals_name_the_problem(build, message):
    with pytest.raises(oe.OddsEngineError, match=message) as refused:
        build()
    assert "\n" not in str(refused.value)


def test_the_pure_function_refuses_what_no_spec_gives():
    with pytest.raises(ValueError):
        success_chance("hapsburg", 1, 1, "protestant")
    with pytest.raises(ValueError):
        success_chance("protestant", 0, 1, "protestant")
    with pytest.raises(ValueError):
        success_chance("protestant", 1, 1, "protestant", modifier=2)


# -- the die-by-die reference --------------------------------------------------------------

REFERENCE_CASES = [
    ("protestant", n, m, ties, modifier)
    for n in (1, 2, 3)
    for m in (1, 2)
    for ties in ("protestant", "papacy")
    for modifier in ((0, 1) if ties == "protestant" else (0,))
] + [
    ("papacy", n, m, ties, modifier)
    for n in (1, 2)
    for m in (1, 3)
    for ties in ("protestant", "papacy")
    for modifier in (0, -1)
]


def _spec(attempting, protestant, papal, ties, modifier):
    if attempting == "protestant":
        return ReformationAttempt(protestant, papal, ties, modifier=modifier)
    return CounterReformationAttempt(protestant, papal, ties, augsburg=modifier == -1)


@pytest.mark.rule(
    "17", cites="§17 step 7 / §18: higher wins; a tie goes to the side that wins ties"
)
@pytest.mark.parametrize("case", REFERENCE_CASES, ids=str)
def test_both_exact_paths_match_the_die_by_die_reference(case):
    attempting, protestant, papal, ties, modifier = case
    naive = enumerate_exactly(attempt, attempting, protestant, papal, ties, modifier)
    success = sum(p for (won, *_), p in naive.items() if won)
    automatic = sum(p for (_, auto, *_), p in naive.items() if auto)
    dice = protestant if attempting == "protestant" else papal
    opponent = papal if attempting == "protestant" else protestant
    assert isclose(success_chance(attempting, dice, opponent, ties, modifier), success)
    result = oe.exact(_spec(*case))
    assert isclose(result.p["success"], success, abs_tol=1e-12)
    assert isclose(result.p["automatic_success"], automatic, abs_tol=1e-12)
    for index, side in ((2, "protestant"), (3, "papal")):
        for name in (name for name in result.p if name.startswith(f"{side}_highest:")):
            k = int(name.split(":")[1])
            expected = sum(p for key, p in naive.items() if key[index] == k)
            assert isclose(result.p[name], expected, abs_tol=1e-12), name


def test_the_reference_sampled_agrees_with_exact():
    dice = RandomDice(11)
    trials = 20_000
    wins = sum(attempt(dice, "protestant", 4, 4, "protestant")[0] for _ in range(trials))
    exact = 1150547 / 1679616
    sigma = (exact * (1 - exact) / trials) ** 0.5
    assert abs(wins / trials - exact) < 5 * sigma


# -- Monte Carlo ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "spec",
    [
        ReformationAttempt(3, 3),
        ReformationAttempt(6, 1, "papacy", printing_press=True),
        ReformationAttempt(2, 4, modifier=1),
        CounterReformationAttempt(2, 3, "papacy", augsburg=True),
        CounterReformationAttempt(0, 2, debater="Faber"),
    ],
    ids=["lubeck", "breslau-press", "modifier", "augsburg-paul", "faber"],
)
def test_monte_carlo_within_five_sigma_of_exact(spec):
    table = oe.compare(oe.exact(spec), oe.simulate(spec, trials=400_000, seed=7))
    assert not table["disagrees"].any()


def test_the_same_seed_gives_the_same_numbers():
    spec = ReformationAttempt(4, 4)
    first = oe.simulate(spec, trials=300_000, seed=5)
    second = oe.simulate(spec, trials=300_000, seed=5)
    assert first.p == second.p


# -- sweeps and tables ---------------------------------------------------------------------


def test_an_odds_table_of_dice_counts():
    from oddsengine.faces.tables import odds_table

    table = odds_table("reformation", "1..8", "1..6")
    assert table.probability.shape == (8, 6)
    assert isclose(table.probability.loc["3", "3"], 10073 / 15552)
    assert isclose(table.probability.loc["6", "3"], 8377769 / 10077696)
    papal = odds_table("reformation", "4", "5", ties="papacy")
    assert isclose(papal.probability.loc["4", "5"], 2519351 / 10077696)
    counter = odds_table("counter-reformation", "1..2", "1", augsburg=True)
    assert isclose(counter.probability.loc["1", "1"], 10 / 36)  # rows: the Papal dice


def test_a_sweep_over_dice_counts():
    from oddsengine.sweeps.sweep import Sweep

    frame = Sweep(
        "reformation", grid={"protestant_dice": "1..3", "papal_dice": [1, 3]},
        fixed={"ties": "protestant"},
    ).run(progress=False)  # fmt: skip
    success = frame[(frame["outcome"] == "success")]
    row = success[(success["protestant_dice"] == 3) & (success["papal_dice"] == 1)]
    assert isclose(float(row["probability"].iloc[0]), 119 / 144)
    assert len(success) == 6


# -- the command line ----------------------------------------------------------------------


def test_reformation_command_json_contract(capsys):
    status, out, _ = run(
        capsys, "reformation", "--protestant-dice", "2", "--papal-dice", "3",
        "--ties", "protestant", "--ninety-five-theses", "--exact", "--format", "json",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["kind"] == "reformation"
    assert isclose(data["p"]["success"], 10073 / 15552)
    assert isclose(data["p"]["failure"], 1 - 10073 / 15552)
    assert data["spec"]["dice"]["protestant"]["rolled"] == 3
    assert data["spec"]["automatic_success"]["applies"] is True


def test_counter_reformation_command(capsys):
    status, out, _ = run(
        capsys, "counter-reformation", "--protestant-dice", "1", "--papal-dice", "1",
        "--augsburg", "--exact",
    )  # fmt: skip
    assert status == 0
    assert "27.7778%" in out and "Augsburg Confession: -1 on every Papal die" in out


def test_zero_dice_on_the_command_line_are_stated(capsys):
    status, out, _ = run(capsys, "reformation", "--protestant-dice", "0", "--papal-dice", "1")
    assert status == 0
    assert "0 given, the rule's minimum of 1 applies" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["reformation", "--protestant-dice", "-1", "--papal-dice", "1"], "must be at least 0"),
        (["reformation", "--protestant-dice", "999", "--papal-dice", "1"], "at most 50"),
        (["reformation", "--protestant-dice", "3", "--papal-dice", "1", "--ties", "papacy",
          "--modifier", "1"], "only in the target zone"),
        (["counter-reformation", "--protestant-dice", "3", "--papal-dice", "1",
          "--debater", "Luther"], "Luther's bonus adds no die"),
    ],
    ids=["negative", "huge", "modifier-outside", "wrong-debater"],
)  # fmt: skip
def test_command_line_refusals(capsys, argv, words):
    from conftest import assert_one_line_error

    assert_one_line_error(capsys, argv, words)


def test_card_values(capsys):
    from oddsengine.questions.attempt_cards import attempt_card_value

    # Printing Press, 1 v 1, Protestant ties: 21/36 without; 2 v 1 with it: 161/216.
    table = attempt_card_value(ReformationAttempt(1, 1))
    (row,) = table.itertuples(index=False)
    assert row.card == "Printing Press" and row.side == "protestant"
    assert isclose(row.without_card, 21 / 36) and isclose(row.with_card, 161 / 216)
    # Augsburg Confession, 1 v 1, Protestant ties: the Papacy succeeds 15/36 without, 10/36
    # with; the Protestant's chance (the attempt fails) 21/36 -> 26/36.
    table = attempt_card_value(CounterReformationAttempt(1, 1))
    (row,) = table.itertuples(index=False)
    assert row.card == "Augsburg Confession"
    assert isclose(row.difference, 5 / 36)
    assert attempt_card_value(CounterReformationAttempt(1, 1, augsburg=True)).empty
    status, out, _ = run(
        capsys, "reformation", "--protestant-dice", "1", "--papal-dice", "1", "--card-value",
        "--format", "json",
    )  # fmt: skip
    assert status == 0 and json.loads(out)[0]["card"] == "Printing Press"


def test_table_and_plot_commands_take_dice_counts(capsys, tmp_path):
    status, out, _ = run(
        capsys, "table", "reformation", "--protestant-dice", "3..4", "--papal-dice", "3",
        "--format", "csv",
    )  # fmt: skip
    assert status == 0
    # 3 v 3: 10073/15552; 4 v 3: sum_a (a^4-(a-1)^4) a^3 / 6^7 = (1 + 120 + 1755 + 11200 +
    # 46125 + 144936) / 279936 = 204137 / 279936.
    assert [line.split(",")[0] for line in out.splitlines()] == ["protestant_dice", "3", "4"]
    assert isclose(float(out.splitlines()[1].split(",")[1]), 10073 / 15552)
    assert isclose(float(out.splitlines()[2].split(",")[1]), 204137 / 279936)
    picture = tmp_path / "attempts.png"
    status, out, _ = run(
        capsys, "plot", "reformation", "--protestant-dice", "1..3", "--papal-dice", "1..2",
        "--heatmap", "--out", str(picture),
    )  # fmt: skip
    assert status == 0 and picture.stat().st_size > 0
    status, _, err = run(capsys, "table", "reformation", "--attacker", "2R", "--papal-dice", "1")
    assert status == 2 and "takes no --attacker" in err

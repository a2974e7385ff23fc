"""Foreign wars (21.7): RULES.md §13, rule by rule, against values computed by hand."""

import json
from fractions import Fraction
from math import comb, isclose

import numpy as np
import pytest
from conftest import run_cli as run
from conftest import within_sigmas

import oddsengine as oe

THIRD = Fraction(1, 3)


def binomial(dice):
    return [comb(dice, k) * THIRD**k * (1 - THIRD) ** (dice - k) for k in range(dice + 1)]


def at_least(dice, hits):
    return sum(binomial(dice)[hits:])


def test_cards_of_the_wars():
    assert (oe.ForeignWar("egypt", "3R").foreign, oe.ForeignWar("persia", "5R").foreign) == (3, 4)
    assert oe.ForeignWar("ireland", "4R").foreign == 3
    assert oe.ForeignWar("ireland", "4R", foreign=4).foreign == 4  # played by France/Hapsburgs
    assert oe.ForeignWar("persia", "5R").force.power == "ottoman"
    assert oe.ForeignWar("ireland", "4R Henry-VIII").force.power == "england"


@pytest.mark.rule("13", cites="21.7: no defender's extra die")
def test_no_defender_die_and_equal_dice_leave_the_foreign_side_a_unit():
    # Egypt: 3 Ottoman dice against 3 (no +1). Won at once only on 3 hits, unless the 3
    # Egyptian dice also sink all three Ottomans: equal dice, the Egyptians keep one.
    result = oe.exact(oe.ForeignWar("egypt", "3R", horizon=1))
    won = binomial(3)[3] * (1 - binomial(3)[3])
    assert won == Fraction(26, 729)
    assert isclose(result.p["won_by:1"], float(won))


@pytest.mark.rule("13", cites="(the foreign side on equal dice)")
def test_more_dice_keep_a_unit_when_both_sides_are_wiped_out():
    war = oe.ForeignWar("egypt", "3R Ibrahim", horizon=1)  # 4 dice against 3
    assert isclose(oe.exact(war).p["won_by:1"], float(at_least(4, 3)))
    counts, foreign = war.attempt([[3, 0, 0]], [3], True, [3], [3], [0])
    assert counts.tolist() == [[1, 0, 0]] and foreign.tolist() == [0]
    counts, foreign = oe.ForeignWar("egypt", "3R").attempt([[3, 0, 0]], [3], True, [3], [3], [0])
    assert counts.tolist() == [[0, 0, 0]] and foreign.tolist() == [1]


def test_only_the_best_battle_rating_counts():
    war = oe.ForeignWar("persia", "5R Suleiman Ibrahim")
    assert war.major_dice(5, True) == 5 + 2


@pytest.mark.rule("13", cites="21.7: no defender's extra die")
def test_no_retreat_survivors_stay_for_the_next_attempt():
    # Ireland, 1 English regular against 1 Irish unit, two attempts, by hand.
    result = oe.exact(oe.ForeignWar("ireland", "1R", foreign=1, horizon=2))
    hit, miss = THIRD, 1 - THIRD
    assert isclose(result.p["won_by:1"], float(hit * miss))  # 2/9
    assert isclose(result.p["won_by:2"], float(hit * miss + miss * miss * hit * miss))  # 26/81
    # Stalled: the English unit gone (the Irish keep one on equal dice if both hit).
    stalled = hit + miss * miss * hit
    assert isclose(result.p["stalled"], float(stalled))  # 13/27
    assert isclose(result.p["continues"], float(miss**4))
    assert isclose(result.expected_values()["cp"]["mean"], float(1 + miss * miss))  # 13/9


def test_reinforcements_restore_the_card_and_cost_cp():
    # Ireland calls for 4 English units: below that, regulars are built (here 1 per
    # impulse, 2 CP each) before each later attempt.
    war = oe.ForeignWar("ireland", "1R", foreign=1, horizon=2, reinforcements=1)
    result = oe.exact(war)
    hit, miss = THIRD, 1 - THIRD
    no_unit_left = hit  # after attempt 1: 1/3 (the English unit is gone either way)
    carry_on = miss * miss  # 1 against 1 still: a regular is built too (2 dice)
    won = hit * miss + carry_on * (1 - miss * miss) + no_unit_left * hit * miss
    assert won == Fraction(44, 81)
    assert isclose(result.p["won_by:2"], float(won))
    cp = 1 + (carry_on + no_unit_left) * (2 + 1)
    assert cp == Fraction(10, 3)
    assert isclose(result.expected_values()["cp"]["mean"], float(cp))
    assert result.p["stalled"] == 0  # units are built: the war is never stalled


def test_janissaries_add_five_dice_and_field_artillery_three_for_the_ottomans():
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="janissaries", post_roll_policy="always")
    assert isclose(oe.exact(war).p["won_by:1"], float(at_least(8, 3)))
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="field-artillery")
    assert war.major_dice(3, True) == 6 and war.major_dice(3, False) == 3
    assert isclose(oe.exact(war).p["won_by:1"], float(at_least(6, 3)))


@pytest.mark.rule("13", cites="21.7, RULES.md §13: the war is won when no foreign unit is left")
def test_janissaries_by_default_only_when_they_can_end_the_war():
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="janissaries")
    # Played when 0-2 hits leave Egyptians (3 <= hits + 5 always); it wins with 3 hits in
    # 8 dice. With 3 hits on the first roll it is played too when the Egyptians also hit 3:
    # both sides wiped out on equal dice would leave the Egyptians a unit (§13), but with
    # the card the Ottomans rolled 8 dice against 3 and keep theirs, so the war is won.
    p = oe.exact(war).p["won_by:1"]
    first = binomial(3)
    extra = binomial(5)
    won = first[3] * (1 - first[3]) + first[3] * first[3]
    won += sum(first[h] * sum(extra[3 - h :]) for h in range(3))
    assert isclose(p, float(won))


@pytest.mark.rule(
    "9", cites="RULES.md §9: how often the post-roll card was actually spent is reported"
)
def test_how_often_janissaries_are_spent_is_reported():
    # RULES.md §9: the post-roll card's spending is reported. Egypt 3R, one attempt: the
    # card is played whenever the roll alone does not win the war (3 hits and the
    # Egyptians under 3), for 5 more dice can always win it: 1 - (1/27)(26/27) = 703/729.
    war = oe.ForeignWar("egypt", "3R", horizon=1, cards="janissaries")
    first = binomial(3)
    spent = 1 - first[3] * (1 - first[3])
    assert spent == Fraction(703, 729)
    exact = oe.exact(war)
    assert isclose(exact.p["card_spent:janissaries"], float(spent))
    sampled = oe.simulate(war, trials=200_000, seed=5)
    assert within_sigmas(
        sampled.p["card_spent:janissaries"], float(spent), sampled.stderr["card_spent:janissaries"]
    )
    # Cards are played in the first attempt only: a second attempt spends none more.
    longer = oe.exact(oe.ForeignWar("egypt", "3R", horizon=3, cards="janissaries"))
    assert isclose(longer.p["card_spent:janissaries"], float(spent))
    # Without the card there is no such event, and the end states are those of before.
    plain = oe.exact(oe.ForeignWar("egypt", "3R", horizon=2))
    assert not any(name.startswith("card_spent") for name in plain.p)
    assert "post_roll_spent" not in plain.states


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        (("crete", "3R"), {}, "unknown war"),
        (("persia", "hapsburg: 5R"), {}, "fought by ottoman"),
        (("persia", "6R"), {}, "between 1 and 5"),
        (("ireland", "4R"), {"cards": "janissaries"}, "cannot be played by england"),
        (("egypt", "3R"), {"cards": "tercios"}, "cannot be played in a foreign war"),
        (("egypt", "3R"), {"foreign": 0}, "foreign units must be between 1"),
        (("egypt", "3R"), {"horizon": 0}, "horizon must be between 1 and 50"),
        (("egypt", "3R"), {"post_roll_policy": "never"}, "unknown policy"),
    ],
)
def test_foreign_war_refusals(args, kwargs, message):
    with pytest.raises(oe.OddsEngineError, match=message):
        oe.ForeignWar(*args, **kwargs)


def test_simulate_plays_a_war_with_its_own_sampler():
    # One door: simulate(war) is the war's Monte Carlo, attempt by attempt.
    war = oe.ForeignWar("egypt", "3R", horizon=2)
    door = oe.simulate(war, trials=np.int64(1000), seed=1)
    own = oe.simulate_foreign_war(war, trials=1000, seed=1)
    assert door.p == own.p and door.trials == own.trials == 1000
    assert oe.exact(war).p == oe.exact_foreign_war(war).p


@pytest.mark.slow
@pytest.mark.parametrize(
    "war",
    [
        oe.ForeignWar("persia", "5R Ibrahim", horizon=5),
        oe.ForeignWar("egypt", "2R 1C", horizon=4, cards="janissaries", reinforcements=1),
        oe.ForeignWar("ireland", "4R Brandon", foreign=4, horizon=3, cards="arquebusiers"),
    ],
)
def test_monte_carlo_within_five_sigma_of_exact(war):
    exact = oe.exact_foreign_war(war)
    sampled = oe.simulate_foreign_war(war, trials=150_000, seed=5)
    assert not oe.compare(exact, sampled)["disagrees"].any()
    for name, value in exact.expected_values().items():
        estimate = sampled.expected_values()[name]
        assert within_sigmas(estimate["mean"], value["mean"], estimate["stderr"]), name


def test_probabilities_add_up_and_won_by_grows():
    result = oe.exact(oe.ForeignWar("persia", "5R", horizon=6))
    p = result.p
    assert isclose(p["won"] + p["continues"] + p["stalled"], 1.0)
    won_by = np.array([p[f"won_by:{k}"] for k in range(1, 7)])
    assert np.all(np.diff(won_by) >= 0) and isclose(won_by[-1], p["won"])


def test_foreign_war_command_json_contract(capsys):
    status, out, _ = run(
        capsys,
        "foreign-war",
        "--war",
        "ireland",
        "--force",
        "1R",
        "--foreign",
        "1",
        "--horizon",
        "2",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["kind"] == "foreign-war"
    assert isclose(data["p"]["won_by:2"], 26 / 81)
    assert isclose(data["expected_cp"], 13 / 9)
    assert "expected_units_lost" in data


def test_foreign_war_command_refusal(capsys):
    status, _, err = run(capsys, "foreign-war", "--war", "persia", "--force", "england: 5R")
    assert status == 2 and "fought by ottoman" in err and err.count("\n") == 1


def test_a_sweep_answers_foreign_wars_exactly():
    from oddsengine.sweeps.sweep import Sweep

    frame = Sweep(
        "foreign-war", grid={"war": "persia", "force": ["5R", "5R Ibrahim"], "horizon": 4}
    ).run(progress=False)
    won = frame[frame["outcome"] == "won_by:4"]["probability"].tolist()
    for force, value in zip(["5R", "5R Ibrahim"], won, strict=True):
        assert isclose(value, oe.exact(oe.ForeignWar("persia", force, horizon=4)).p["won_by:4"])

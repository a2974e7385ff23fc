"""Theological debates (RULES.md §20, readings §23.10-14): the 2017 example and a second
round worked by hand in fractions, the cards and bonuses, the "best" choices, the naive
die-by-die reference, Monte Carlo within 5 sigma of exact, and the refusals."""

from __future__ import annotations

import json
import math
from fractions import Fraction as F

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.engines.debate import exact_debate_fractions, simulate_debate
from oddsengine.religion.debate import Debate, DebateError
from tests.naive_debate_reference import naive_debate

# Binomial(n, 1/3) hits, numerators over 3**n (C(n, k) 2**(n - k)):
#   n = 2 (/9):    4, 4, 1
#   n = 5 (/243):  32, 80, 80, 40, 10, 1
#   n = 6 (/729):  64, 192, 240, 160, 60, 12, 1
#   n = 7 (/2187): 128, 448, 672, 560, 280, 84, 14, 1; P(A >= k) * 2187 for k = 0..7:
#                  2187, 2059, 1611, 939, 379, 99, 15, 1


def _eck_carlstadt(**options):
    return Debate(
        "german",
        "papacy",
        turn=1,
        attacker="Eck",
        defender="Carlstadt",
        committed="Carlstadt",
        **options,
    )


@pytest.mark.rule(
    "20",
    cites=(
        "dice = value + ATTACK_DICE  # 20 step 4",
        "20 step 5, 23.10: the other side's debater rolls value + 1 if already committed",
        "A decisive difference ``d`` flips ``|d|`` spaces (plus Aleander's one, 20 step 7)",
    ),
)
def test_2017_example_eck_against_committed_carlstadt():
    # 20 step 4: Eck 3 + 3 + 1 (his bonus) = 7 dice; step 5: Carlstadt 1 + 1 = 2 dice.
    answer = exact_debate_fractions(_eck_carlstadt())
    # Papal win, round 1: sum over b of P(B = b) P(A >= b + 1)
    #   = (4 * 2059 + 4 * 1611 + 1 * 939) / 19683 = 15619/19683 = 79.35%.
    assert answer["round_1:papal_wins"] == F(15619, 19683)
    # Tie: (4 * 128 + 4 * 448 + 1 * 672) / 19683 = 2976/19683 = 15.12%.
    assert answer["second_round"] == F(2976, 19683)
    # Burnt (20 step 8): difference > 1, sum over b of P(B = b) P(A >= b + 2)
    #   = (4 * 1611 + 4 * 939 + 1 * 379) / 19683 = 10579/19683 = 53.7%.
    assert answer["burnt:Carlstadt"] == F(10579, 19683)
    assert round(float(answer["round_1:papal_wins"]), 3) == 0.794
    assert round(float(answer["second_round"]), 3) == 0.151


@pytest.mark.rule(
    "20",
    cites=(
        "20 step 5, 23.10: the other side's debater rolls value + 1 if already committed",
        "20 step 3: Here I Stand puts Luther in for the drawn Protestant",
    ),
)
def test_2017_example_luther_put_in_uncommitted_by_here_i_stand():
    # Here I Stand puts Luther in (20 step 3) uncommitted: 4 + 2 = 6 dice against Eck's 7.
    debate = _eck_carlstadt(cards="here-i-stand", luther_policy="first-chance")
    assert debate.tree.round_one[0].protestant == "Luther"
    assert debate.tree.round_one[0].other_dice == 6
    answer = exact_debate_fractions(debate)
    # P(A > B) = (64*2059 + 192*1611 + 240*939 + 160*379 + 60*99 + 12*15 + 1*1) / 3**13
    #          = 733209/1594323 = 45.99%
    assert answer["round_1:papal_wins"] == F(733209, 1594323)
    # P(A = B) = (64*128 + 192*448 + 240*672 + 160*560 + 60*280 + 12*84 + 1*14) / 3**13
    #          = 362910/1594323 = 22.76%
    assert answer["second_round"] == F(362910, 1594323)
    assert round(float(answer["round_1:papal_wins"]), 3) == 0.460
    assert round(float(answer["second_round"]), 3) == 0.228


@pytest.mark.rule(
    "20", cites="A decisive difference ``d`` flips ``|d|`` spaces (plus Aleander's one, 20 step 7)"
)
@pytest.mark.rule(
    "23", cites="23.10: round 2's matchups after round 1 (both sides draw from their uncommitted"
)
def test_second_round_by_hand_aleander_against_melanchthon():
    # In play: Eck, Aleander, Carlstadt (committed), Melanchthon. Round 1 Eck 7 v Carlstadt
    # 2; on the tie (2976/19683) round 2 draws the uncommitted (23.10): Aleander 2 + 3 = 5
    # dice against Melanchthon 3 + 2 = 5 (the 2017 example's round 2).
    debate = _eck_carlstadt(debaters="Eck,Aleander,Carlstadt,Melanchthon")
    (first,) = debate.tree.round_one
    (second,) = first.children
    assert (second.papal, second.protestant, second.initiator_dice, second.other_dice) == (
        "Aleander",
        "Melanchthon",
        5,
        5,
    )
    answer = exact_debate_fractions(debate)
    tie = F(2976, 19683)
    # 5 v 5: tie (32^2 + 80^2 + 80^2 + 40^2 + 10^2 + 1^2)/243^2 = 15525/59049; each side
    # wins (59049 - 15525)/2 = 21762/59049.
    assert answer["inconclusive"] == tie * F(15525, 59049)
    assert answer["papal_wins"] == F(15619, 19683) + tie * F(21762, 59049)
    # Aleander disgraced (value 2): Melanchthon ahead by 3 or more:
    #   40*32 + 10*(32+80) + 1*(32+80+80) = 2592 of 59049.
    assert answer["disgraced:Aleander"] == tie * F(2592, 59049)
    # Melanchthon burnt (value 3): Aleander ahead by 4 or more: 10*32 + 1*(32+80) = 432.
    assert answer["burnt:Melanchthon"] == tie * F(432, 59049)
    # Six flips: round 1 by 6 (Eck 6 v 0, 7 v 1: 14*4 + 1*4 = 60 of 19683), or round 2 by
    # 5 with Aleander's extra flip (20 step 7: 5 v 0 either way, 2 * 32 = 64 of 59049).
    assert answer["flips:6"] == F(60, 19683) + tie * F(64, 59049)


@pytest.mark.rule(
    "20", cites="20 step 7: Campeggio, losing, ignores the result on 5-6 (a disgrace too)."
)
@pytest.mark.rule(
    "23", cites="23.12: a debater's bonus acts only when he enters the round uncommitted"
)
def test_campeggio_ignores_a_lost_result_on_5_6():
    # Campeggio 2 + 3 = 5 dice against Carlstadt committed, 2 dice, and no second round
    # possible but Carlstadt again: a Protestant win stands with chance 2/3 (20 step 7).
    debate = Debate(
        "german",
        "papacy",
        turn=1,
        attacker="Campeggio",
        defender="Carlstadt",
        committed="Carlstadt",
        debaters="Campeggio,Carlstadt",
    )
    answer = exact_debate_fractions(debate)
    # Round 1: P(B > A) = P(B=1)P(A=0) + P(B=2)P(A<=1) = (4*32 + 1*112)/(243*9) = 240/2187.
    # Round 2 (the committed Campeggio and Carlstadt again: 23.10): Campeggio committed
    # rolls 5 and has no bonus (23.12), so only round 1's loss is cancelled.
    lost_first = F(240, 2187)
    assert answer["campeggio_ignores"] == lost_first / 3
    assert answer["round_1:protestant_wins"] == lost_first


@pytest.mark.rule("20", cites="dice = value + ATTACK_DICE  # 20 step 4")
@pytest.mark.rule("23", cites="# 23.11: card dice apply to the initiator's roll in both rounds.")
def test_mary_augsburg_and_cards_add_dice():
    base = dict(turn=7, attacker="Gardiner", defender="Tyndale")
    # 20 step 4: Gardiner 3 + 3 + 1 (English zone); Mary I doubles his value: 6 + 3 + 1.
    assert Debate("english", "papacy", **base).tree.round_one[0].initiator_dice == 7
    mary = Debate("english", "papacy", england_ruler="mary-i", **base)
    assert mary.tree.round_one[0].initiator_dice == 10
    # 23.11: Thomas More +3 in England, Augsburg -1.
    more = Debate("english", "papacy", cards="thomas-more", augsburg=True, **base)
    assert more.tree.round_one[0].initiator_dice == 7 + 3 - 1
    # Papal Inquisition +2 and commits Caraffa (no attacker drawn from him).
    inquisition = Debate(
        "german", "papacy", turn=5, attacker="Eck", defender="Luther", cards="papal-inquisition"
    )
    assert inquisition.tree.round_one[0].initiator_dice == 7 + 2
    randomly = Debate("german", "papacy", turn=5, cards="papal-inquisition")
    assert "Caraffa" not in {m.papal for m in randomly.tree.round_one}
    # Gardiner outside England: no bonus (3 + 3), and naming the bonus is refused.
    assert (
        Debate("german", "papacy", turn=7, attacker="Gardiner", defender="Luther")
        .tree.round_one[0]
        .initiator_dice
        == 6
    )
    with pytest.raises(DebateError, match="English zone only"):
        Debate("german", "papacy", turn=7, bonuses="gardiner")


def test_best_defender_choice_maximises_the_initiator_objective():
    debate = Debate("german", "papacy", turn=1, committed="Luther,Carlstadt")
    values = {}
    for pool in ("committed", "uncommitted"):
        result = oe.exact(
            Debate("german", "papacy", turn=1, committed="Luther,Carlstadt", defender=pool)
        )
        flips = result.expected_values()
        values[pool] = (
            flips["papal_flips"]["mean"]
            - flips["protestant_flips"]["mean"]
            + flips["papal_vp"]["mean"]
            - flips["protestant_vp"]["mean"]
        )
    chosen = max(values, key=values.get)
    assert debate.tree.choices["defender"].startswith(chosen)
    best = oe.exact(debate)
    assert (
        best.p
        == oe.exact(
            Debate("german", "papacy", turn=1, committed="Luther,Carlstadt", defender=chosen)
        ).p
    )


@pytest.mark.rule("20", cites="20 step 3: Here I Stand puts Luther in for the drawn Protestant")
def test_here_i_stand_best_is_at_least_as_good_as_first_chance_for_the_protestant():
    from oddsengine.questions.debate_cards import side_net

    nets = {
        policy: side_net(
            oe.exact(
                Debate(
                    "german",
                    "papacy",
                    turn=2,
                    cards="here-i-stand",
                    defender="uncommitted",
                    luther_policy=policy,
                )
            ),
            "protestant",
        )
        for policy in ("best", "first-chance")
    }
    assert nets["best"] >= nets["first-chance"] - 1e-12


def test_leipzig_best_use_and_bar():
    debate = Debate("german", "papacy", turn=1, cards="leipzig-debate")
    assert debate.tree.choices["leipzig_debate"].startswith(("pick ", "bar "))
    barred = Debate("german", "papacy", turn=1, cards="leipzig-debate", bar="Carlstadt")
    assert "Carlstadt" not in {m.protestant for m in barred.tree.nodes}


@pytest.mark.rule("23", cites="at most ``eligible`` (23.14), to the winner")
def test_eligible_caps_the_flips():
    answer = exact_debate_fractions(_eck_carlstadt(eligible=2))
    assert max(int(name[6:]) for name in answer if name.startswith("flips:")) == 2
    # Burning compares the hit difference, not the flips (23.13).
    assert answer["burnt:Carlstadt"] == F(10579, 19683)


@pytest.mark.slow
@pytest.mark.rule(
    "23", cites="23.10: round 2's matchups after round 1 (both sides draw from their uncommitted"
)
@pytest.mark.parametrize(
    "options",
    [
        dict(
            zone="german",
            initiator="papacy",
            attacker=None,
            defender_pool="uncommitted",
            committed=(),
        ),
        dict(
            zone="german",
            initiator="protestant",
            attacker=None,
            defender_pool="committed",
            committed=("Eck", "Campeggio", "Luther"),
        ),
    ],
    ids=["papal-random", "protestant-committed"],
)
def test_naive_reference_agrees_with_exact_and_monte_carlo(options):
    committed = options.pop("committed")
    turn = 1
    debate = Debate(
        options["zone"],
        options["initiator"],
        turn=turn,
        committed=committed,
        defender=options["defender_pool"],
    )
    exact = oe.exact(debate)
    trials = 20_000
    in_play = debate.debaters
    seen = naive_debate(
        options["zone"],
        options["initiator"],
        in_play,
        committed,
        options["attacker"],
        options["defender_pool"],
        trials,
        seed=5,
    )
    simulated = simulate_debate(debate, trials=2_000_000, seed=11)
    for name in ("papal_wins", "protestant_wins", "inconclusive", "second_round", "flips:2"):
        p = exact.p[name]
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(seen[name] / trials - p) <= 5 * sigma + 1e-12, name
        sigma = math.sqrt(p * (1 - p) / simulated.trials)
        assert abs(simulated.p[name] - p) <= 5 * sigma + 1e-12, name


def test_monte_carlo_within_5_sigma_with_cards_and_policies():
    debate = Debate("german", "papacy", turn=3, cards="here-i-stand", augsburg=True)
    exact = oe.exact(debate)
    simulated = oe.simulate(debate, trials=3_000_000, seed=2)
    for name, p in exact.p.items():
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / simulated.trials)
        assert abs(simulated.p[name] - p) <= 5 * sigma + 1e-9, name


@pytest.mark.slow
def test_same_seed_same_numbers_whatever_the_threads():
    import numba

    debate = Debate("german", "papacy", turn=2)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = simulate_debate(debate, trials=2_500_000, seed=7)
        numba.set_num_threads(before)
        many = simulate_debate(debate, trials=2_500_000, seed=7)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one.weights, many.weights)


def test_card_value_rows():
    from oddsengine.questions.debate_cards import debate_card_value

    table = debate_card_value(Debate("german", "papacy", turn=6))
    assert set(table["card"]) == {
        "Leipzig Debate",
        "Papal Inquisition",
        "Thomas More",
        "Here I Stand",
    }
    inquisition = table[table["card"] == "Papal Inquisition"].iloc[0]
    assert inquisition["value"] > 0 and inquisition["side"] == "papacy"


def _run(capsys, *argv):
    try:
        status = main(["debate", *argv])
    except SystemExit as stop:  # argparse's own refusals: one line, exit 2
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_command_line_json_keys(capsys):
    status, out, _ = _run(
        capsys,
        "--zone",
        "german",
        "--initiator",
        "papacy",
        "--attacker",
        "Eck",
        "--defender",
        "Carlstadt",
        "--committed",
        "Carlstadt",
        "--turn",
        "1",
        "--format",
        "json",
    )
    assert status == 0
    answer = json.loads(out)
    for key in (
        "papal_wins",
        "protestant_wins",
        "inconclusive",
        "second_round",
        "burnt:Carlstadt",
        "flips:1",
        "flips:0",
    ):
        assert key in answer["p"]
    assert set(answer["expected"]) >= {"papal_vp", "protestant_vp"}
    assert abs(answer["p"]["burnt:Carlstadt"] - 10579 / 19683) < 1e-12


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--zone", "french", "--initiator", "papacy", "--turn", "2"], "no Protestant debater"),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "1", "--attacker", "Loyola"],
            "not in play on turn 1",
        ),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "papacy",
                "--turn",
                "1",
                "--attacker",
                "Eck",
                "--committed",
                "Eck",
            ],
            "already committed",
        ),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "7", "--bonuses", "gardiner"],
            "English zone only",
        ),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "1", "--attacker", "Ekk"],
            "unknown debater",
        ),
        (["--zone", "german", "--initiator", "papacy", "--turn", "-1"], "outside 1-9"),
        (["--zone", "german", "--initiator", "papacy", "--turn", "10**9"], "takes a whole number"),
        (["--zone", "german", "--initiator", "papacy", "--turn", "99999999999"], "outside 1-9"),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "papacy",
                "--turn",
                "1",
                "--debaters",
                "Calvin,Eck,Luther",
            ],
            "Calvin enters on turn 4",
        ),
        (
            ["--zone", "french", "--initiator", "papacy", "--turn", "5", "--card", "here-i-stand"],
            "German debate",
        ),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "papacy",
                "--turn",
                "2",
                "--card",
                "papal-inquisition",
            ],
            "Caraffa",
        ),
        (["--zone", "spanish", "--initiator", "papacy", "--turn", "2"], "unknown zone"),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "1", "--defender", "committed"],
            "no committed debater",
        ),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "protestant",
                "--turn",
                "1",
                "--card",
                "leipzig-debate",
            ],
            "initiator is the papacy",
        ),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "1", "--bar", "Luther"],
            "only Leipzig Debate bars",
        ),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "papacy",
                "--turn",
                "5",
                "--card",
                "papal-inquisition",
                "--committed",
                "Caraffa",
            ],
            "Caraffa uncommitted",
        ),
        (
            ["--zone", "german", "--initiator", "papacy", "--turn", "1", "--defender", "Eck"],
            "is a papal debater",
        ),
        (
            [
                "--zone",
                "german",
                "--initiator",
                "papacy",
                "--turn",
                "1",
                "--england-ruler",
                "mary-i",
            ],
            "English debate",
        ),
        (
            [
                "--zone",
                "english",
                "--initiator",
                "papacy",
                "--turn",
                "2",
                "--england-ruler",
                "mary-ii",
            ],
            "unknown england ruler",
        ),
    ],
)
def test_refusals_one_line_exit_2(capsys, argv, message):
    status, out, err = _run(capsys, *argv)
    assert status == 2 and not out
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_protestant_initiator_attacks_with_value_plus_3():
    # 20 steps 4-5: Luther attacks with 4 + 3 = 7 dice; Eck, committed, defends with
    # 3 + 1 = 4 (his bonus is an attack die only, 23.12).
    debate = Debate(
        "german", "protestant", turn=1, attacker="Luther", defender="Eck", committed="Eck"
    )
    (first,) = debate.tree.round_one
    assert (first.initiator_dice, first.other_dice) == (7, 4)
    answer = exact_debate_fractions(debate)
    # Protestant ahead in round 1: sum over e of P(E = e) P(L >= e + 1), E ~ Bin(4, 1/3)
    # (16, 32, 24, 8, 1 of 81): (16*2059 + 32*1611 + 24*939 + 8*379 + 1*99) / (81*2187)
    #   = (32944 + 51552 + 22536 + 3032 + 99) / 177147 = 110163/177147.
    assert answer["round_1:protestant_wins"] == F(110163, 177147)


def test_api_refusals_name_the_argument():
    for options, word in (
        (dict(turn=0), "turn"),
        (dict(turn=3, attacker="Nobody"), "attacker"),
        (dict(turn=3, committed="Nobody"), "committed"),
        (dict(turn=3, eligible=-1), "eligible"),
    ):
        with pytest.raises(oe.OddsEngineError, match=word):
            Debate("german", "papacy", **options)


def test_bullinger_inserted_in_a_french_second_round_by_hand():
    # Round 1: Eck 7 dice v Olivetan committed 1 + 1 = 2 (tie 2976/19683, as Carlstadt).
    # Round 2 (23.10): no uncommitted Papal debater is left, so Eck again, committed: 3 + 3
    # = 6 dice, no bonus (23.12); the French Protestants are all committed (Olivetan 2,
    # Farel 3 dice), and Bullinger, uncommitted, may be inserted in any zone: 2 + 2 = 4.
    options = dict(
        turn=4,
        attacker="Eck",
        defender="Olivetan",
        committed="Olivetan,Farel",
        debaters="Eck,Olivetan,Farel,Bullinger",
    )
    always = Debate("french", "papacy", bullinger_policy="first-chance", **options)
    (first,) = always.tree.round_one
    assert {(m.protestant, m.initiator_dice, m.other_dice) for m in first.children} == {
        ("Bullinger", 6, 4)
    }
    answer = exact_debate_fractions(always)
    # 6 v 4 dice tie: 64*16 + 192*32 + 240*24 + 160*8 + 60*1 = 14268 of 729 * 81 = 59049.
    assert answer["inconclusive"] == F(2976, 19683) * F(14268, 59049)
    # The best policy inserts him too (4 dice are better than Olivetan's 2 or Farel's 3).
    best = Debate("french", "papacy", **options)
    assert exact_debate_fractions(best) == answer
    assert best.tree.choices["bullinger"].endswith(f"{2976 / 19683:.4f}")
    never = Debate("french", "papacy", bullinger_policy="never", **options)
    assert {m.protestant for m in never.tree.round_one[0].children} == {"Olivetan", "Farel"}


def test_the_kernel_s_whole_cell_histogram_passes_chi_square():
    # A goodness-of-fit test of every cell the kernel draws (node, hit difference,
    # Campeggio's die), each recorded under a label of its own, against the exact cell
    # weights, at a fixed seed.
    from scipy import stats

    from oddsengine.engines.debate import count_labels, debate_cell_weights

    debate = Debate("german", "papacy", turn=2, committed="Luther")
    exact = debate_cell_weights(debate)
    ends = int((exact > 0).sum())
    labels = np.full(exact.size, -1)
    labels[exact > 0] = np.arange(ends)
    keys = np.array([12345, 67890], dtype=np.uint64)
    observed = count_labels(debate, labels, ends, keys, np.array([500_000, 500_000]))
    assert observed.sum() == 1_000_000  # every trial ends in a cell that can happen
    expected = exact[exact > 0] * observed.sum()
    keep = expected > 5  # the sparse tail pooled into one cell
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    assert stats.chisquare(observed, expected).pvalue > 1e-4


def test_the_kernel_reads_output_t_of_the_stream_for_trial_t():
    # The stream layout of the kernel's docstring: trial t reads SplitMix64 output t, its
    # low half for round 1. Eck 7 dice v Carlstadt 2, labelled 1 when round 1 decides
    # and 0 when round 2 does: the kernel's count of label 0 must be exactly the number
    # of trials t whose round-1 draw, the alias table at the low half of output t, is the
    # tie (its label: ends, 2, plus its node, 0).
    from oddsengine.engines._debate_kernel import _alias_draw
    from oddsengine.engines._kernels import splitmix64
    from oddsengine.engines.debate import count_labels, kernel_tables

    debate = _eck_carlstadt()
    tree = debate.tree
    node_cells = 2 * tree.differences
    labels = np.full(tree.cells, 0)
    labels[:node_cells] = 1  # round 1's end cells: label 1, the children's: label 0
    tables = kernel_tables(debate, labels, 2)
    key = np.uint64(987654321)
    trials = 5000
    shift = np.uint64(32 - tables["layout"][0])
    mask = (np.uint64(1) << shift) - np.uint64(1)
    tied = 0
    for trial in range(trials):
        low = splitmix64(key, np.uint64(trial)) & np.uint64(0xFFFFFFFF)
        drawn = int(_alias_draw(tables["first_table"], np.uint64(0), shift, mask, low))
        tied += drawn == 2
    counts = count_labels(debate, labels, 2, np.array([key]), np.array([trials]))
    # Label 1: round 1 decided the debate; label 0: it went on to round 2.
    assert counts.tolist() == [tied, trials - tied]


def test_an_alias_table_draws_each_cell_with_its_whole_mass_over_2_to_the_32():
    # Column c gives its own entry the uniforms below its threshold and its alias the
    # rest of its 2**(32 - bits): summed over the columns, each entry's uniforms must be
    # its mass rounded to whole numbers (within 1 of its share of 2**32; a positive mass
    # rounded to 0 gets 1, which the largest gives up), and they must add up to 2**32.
    from oddsengine.engines._debate_kernel import alias_table

    rng = np.random.default_rng(3)
    for size, bits in ((3, 2), (10, 4), (37, 6), (300, 9)):
        masses = rng.random(size) ** 8  # some tiny
        masses[rng.integers(size)] = 0.0
        masses[rng.integers(size)] = 1e-15  # rounds to 0 of 2**32: kept at 1
        table = alias_table(masses, np.arange(size), bits)
        capacity = 2 ** (32 - bits)
        drawn = np.zeros(size, dtype=object)
        for entry in table.tolist():
            threshold, own, alias = entry & (2**32 - 1), entry >> 32 & 0xFFFF, entry >> 48
            if threshold:
                drawn[own] += threshold
            if capacity - threshold:
                drawn[alias] += capacity - threshold
        assert sum(drawn) == 2**32
        share = masses / masses.sum() * 2**32
        largest = int(np.argmax(masses))
        for index, (uniforms, wanted) in enumerate(zip(drawn.tolist(), share, strict=True)):
            if wanted < 0.5 and masses[index] > 0:
                assert uniforms == 1
            elif index != largest:
                assert abs(uniforms - wanted) <= 1
        assert drawn[masses == 0].sum() == 0


def test_a_precision_run_draws_the_numbers_of_one_run_of_as_many_trials():
    # Rounds of whole blocks continue the same streams (the block split does not move a
    # number), and the target is met: every headline half-width at most 0.001.
    debate = Debate("german", "papacy", turn=3, cards="here-i-stand")
    rounds = oe.simulate(debate, seed=4, precision=0.001)
    assert rounds.trials > 262_144 and rounds.half_width <= 0.001
    once = oe.simulate(debate, seed=4, trials=rounds.trials)
    assert np.array_equal(rounds.weights, once.weights)

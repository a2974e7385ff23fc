"""Religion on the board by hand (RULES.md §16-§19): dice counted from the map's
connections in the comments, chances worked out as fractions of the highest-die formula
written here (never read from the engine), runs of two attempts enumerated by hand."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import run_cli

from oddsengine import exact, simulate
from oddsengine.errors import OddsEngineError
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.board_attempt import board_attempt
from oddsengine.religion.records import religion_facts
from oddsengine.religion.religion_scenario import load_religious_board, religious_board_of
from oddsengine.religion.religious_board import ReligiousBoard, religion_1517_board


def by_hand(dice: int, opponent: int, wins_ties: bool, modifier: int = 0) -> Fraction:
    """§17 steps 4-7: P(the attempting side's highest die beats the opponent's), summed
    over the attempting side's highest die k: P(highest = k) = (k^n - (k-1)^n) / 6^n and
    P(opponent's highest <= k, or <= k - 1 without ties) = (k or k-1)^m / 6^m; a modifier
    moves k (a 1 less 1 is 0, §23.2)."""
    total = Fraction(0)
    for k in range(1, 7):
        top = Fraction(k**dice - (k - 1) ** dice, 6**dice)
        modified = max(k + modifier, 0)
        beaten = min(max(modified if wins_ties else modified - 1, 0), 6)
        total += top * Fraction(beaten**opponent, 6**opponent)
    return total


# §17 check: the 95 Theses after Brandenburg turned (religion_example). The counts include
# the 95 Theses' +1 die. Lübeck: Brandenburg Protestant + its stack = 2, +1 = 3; Papal:
# Hamburg, Magdeburg, Stettin = 3. Stettin: Brandenburg 2, +1 = 3 v Lübeck 1. Leipzig:
# Wittenberg (space, Luther, stack) 3, +1 = 4 v Erfurt, Nuremberg, Prague, Prague's Hungarian
# stack = 4. Magdeburg: Brandenburg 2 + Wittenberg 3, +1 = 6 v Brunswick, Erfurt, Lübeck = 3.
# Breslau: 5 + 1 = 6 v Brunn 1. Prague: Wittenberg 3, +1 = 4 v Brunn, Leipzig, Linz and
# the stack in the target (+2) = 5. Breslau and Prague are in no zone: the Papacy wins ties.
EXAMPLE = [
    ("Lübeck", 3, 3, "protestant", Fraction(10073, 15552)),
    ("Stettin", 3, 1, "protestant", Fraction(119, 144)),
    ("Leipzig", 4, 4, "protestant", None),
    ("Magdeburg", 6, 3, "protestant", Fraction(8377769, 10077696)),
    ("Breslau", 6, 1, "papacy", None),
    ("Prague", 4, 5, "papacy", None),
]


@pytest.mark.rule("16", cites="Every inconsistency raises :class:`ReligionDataError`")
@pytest.mark.rule(
    "17", cites="17 step 2 (Protestant) and step 6 (Papal): neighbours by normal connection"
)
@pytest.mark.rule("19", cites="19: the sources with no zone of their own")
@pytest.mark.parametrize("space, protestant, papal, ties, printed", EXAMPLE)
def test_the_rulebook_example_counts_come_out_of_the_board(space, protestant, papal, ties, printed):
    attempt = board_attempt(load_religious_board("religion_example"), space, "95-theses")
    assert (attempt.protestant_dice, attempt.papal_dice, attempt.ties) == (protestant, papal, ties)
    expected = by_hand(protestant, papal, ties == "protestant")
    assert attempt.success_fraction == expected
    if printed is not None:
        assert expected == printed


def test_the_rulebook_percentages():
    board = load_religious_board("religion_example")
    shown = {
        space: round(100 * board_attempt(board, space, "95-theses").success, 1)
        for space, *_ in EXAMPLE
    }
    assert shown == {
        "Lübeck": 64.8,
        "Stettin": 82.6,
        "Leipzig": 68.5,
        "Magdeburg": 83.1,
        "Breslau": 76.0,
        "Prague": 25.0,
    }


@pytest.mark.rule("16", cites="16: ports on one sea zone are linked (23.5: unrest too)")
def test_the_same_counts_from_the_1517_board_with_brandenburg_turned():
    board = religion_1517_board().converted("Brandenburg")  # its 1 regular arrives (§16)
    assert board_attempt(board, "Magdeburg", "95-theses").protestant_dice == 6
    example = load_religious_board("religion_example")
    assert (
        board.eligible_targets("protestant")
        == example.eligible_targets("protestant")
        == ("Breslau", "Leipzig", "Lübeck", "Magdeburg", "Prague", "Stettin")
    )


def test_the_sources_of_every_die_are_listed():
    attempt = board_attempt(load_religious_board("religion_example"), "Prague", "95-theses")
    reasons = [(s.side, s.dice, s.reason) for s in attempt.sources]
    assert ("papal", 2, "a Catholic stack in Prague") in reasons
    assert ("protestant", 1, "Luther in Wittenberg") in reasons
    assert ("protestant", 1, "95-theses: +1 die an attempt") in reasons
    assert sum(d for side, d, _ in reasons if side == "papal") == 5


def stettin_board():
    facts = religion_facts()
    return ReligiousBoard(protestant=["Stettin"], electorate_display=[e for e in facts.electorates])


@pytest.mark.rule("16", cites="conversion to Protestant places its regulars from the display (16)")
@pytest.mark.rule(
    "19", cites="so the best choice is a decision over states, memoised on the state,"
)
def test_a_two_attempt_run_by_hand_where_the_best_single_odds_are_not_best():
    # Only Stettin is Protestant; no stack on the map; Brandenburg's 1 regular is on the
    # display. A treatise in the German zone: 2 attempts, the Protestant wins ties there.
    # Eligible: Lübeck and Brandenburg (adjacent; the Baltic's only other port is Lübeck).
    # Lübeck: 1 (Stettin) v 3 (Brandenburg, Hamburg, Magdeburg): 49/144.
    # Brandenburg: 1 v 4 (Breslau, Lübeck, Magdeburg, Wittenberg): 2275/7776.
    p_lubeck, p_brandenburg = by_hand(1, 3, True), by_hand(1, 4, True)
    assert (p_lubeck, p_brandenburg) == (Fraction(49, 144), Fraction(2275, 7776))
    # Lübeck first. Success: Brandenburg 2 (Lübeck, Stettin) v 3 is the best second
    # (Hamburg 1 v 2, Magdeburg 1 v 4 are worse); failure: Brandenburg 1 v 4.
    after_lubeck = by_hand(2, 3, True)
    assert after_lubeck == Fraction(4109, 7776)
    lubeck_first = p_lubeck * (1 + after_lubeck) + (1 - p_lubeck) * p_brandenburg
    # Brandenburg first. Success: its regular arrives (§16), so Lübeck rolls 3
    # (Brandenburg, its stack, Stettin) v 2 (Hamburg, Magdeburg); failure: Lübeck 1 v 3.
    after_brandenburg = by_hand(3, 2, True)
    assert after_brandenburg == Fraction(5593, 7776)
    brandenburg_first = p_brandenburg * (1 + after_brandenburg) + (1 - p_brandenburg) * p_lubeck
    assert lubeck_first == Fraction(399245, 559872)
    assert brandenburg_first == Fraction(44970121, 60466176)
    assert brandenburg_first > lubeck_first

    answer = exact(AttemptRun(stettin_board(), "treatise:german"))
    assert answer.optimal.first_target == "Brandenburg"
    assert answer.optimal.expected_flips == pytest.approx(float(brandenburg_first), abs=1e-15)
    assert answer.greedy.first_target == "Lübeck"
    assert answer.greedy.expected_flips == pytest.approx(float(lubeck_first), abs=1e-15)
    # P(2 flips) and P(0 flips) of the optimal policy
    both = p_brandenburg * after_brandenburg
    neither = (1 - p_brandenburg) * (1 - p_lubeck)
    assert answer.optimal.flips[2] == pytest.approx(float(both), abs=1e-15)
    assert answer.optimal.flips[0] == pytest.approx(float(neither), abs=1e-15)
    assert sum(answer.optimal.flips) == pytest.approx(1.0, abs=1e-15)
    # P(Lübeck ends Protestant) under the optimal policy
    lubeck = p_brandenburg * after_brandenburg + (1 - p_brandenburg) * p_lubeck
    assert answer.optimal.spaces["Lübeck"] == pytest.approx(float(lubeck), abs=1e-15)


@pytest.mark.rule(
    "19", cites="so the best choice is a decision over states, memoised on the state,"
)
def test_a_given_order_is_a_standing_order():
    answer = exact(AttemptRun(stettin_board(), "treatise:german", order=("Lübeck",)))
    # Lübeck first, then (none of the list left) best single odds: the greedy run
    assert answer.order.first_target == "Lübeck"
    assert answer.order.expected_flips == pytest.approx(answer.greedy.expected_flips)


@pytest.mark.rule(
    "19", cites="so the best choice is a decision over states, memoised on the state,"
)
def test_an_objective_at_least_two():
    answer = exact(AttemptRun(stettin_board(), "treatise:german", objective="at-least:2"))
    # P(2 flips): Brandenburg first 2275/7776 * 5593/7776 against Lübeck first
    # 49/144 * 4109/7776: Brandenburg first is still better.
    assert answer.optimal.first_target == "Brandenburg"
    assert answer.optimal.objective_value == pytest.approx(
        float(Fraction(2275, 7776) * Fraction(5593, 7776))
    )


@pytest.mark.rule(
    "17", cites="17 step 2 (Protestant) and step 6 (Papal): neighbours by normal connection"
)
@pytest.mark.rule("23", cites="(23.4: before any bonus die)")
def test_a_pass_counts_for_eligibility_not_for_dice():
    # Augsburg Protestant: Innsbruck, across a pass, may be targeted but gets no die from it
    board = ReligiousBoard(protestant=["Augsburg"])
    assert board.why_not_target("Innsbruck", "protestant") is None
    dice = board.attempt_dice("Innsbruck", "protestant")
    assert dice.protestant == 1  # the minimum of 1 die (§23.4)
    assert any("across a pass" in s.reason and s.dice == 0 for s in dice.sources)


@pytest.mark.rule(
    "17", cites="17 step 2 (Protestant) and step 6 (Papal): neighbours by normal connection"
)
@pytest.mark.rule("23", cites="23.5: a space in unrest makes no neighbour eligible")
def test_unrest_gives_no_die_and_makes_no_neighbour_eligible():
    # Zürich (Protestant) in unrest: Basel is no longer eligible through it (§23.5)
    board = ReligiousBoard(protestant=["Zürich"], unrest=["Zürich"])
    assert board.why_not_target("Basel", "protestant") is not None
    calm = ReligiousBoard(protestant=["Zürich"])
    assert calm.why_not_target("Basel", "protestant") is None
    # Basel in unrest (Catholic): it gives no Papal die to Strasburg, and may be targeted
    # itself; Strasburg's Papal dice are Besançon, Metz, Worms: 3 without Basel's unrest too,
    # so take Besançon's: Basel, Dijon, Geneva, Metz, Strasburg
    board = ReligiousBoard(protestant=["Zürich", "Strasburg"], unrest=["Geneva"])
    dice = board.attempt_dice("Besançon", "protestant")
    assert dice.papal == 3  # Basel, Dijon, Metz; Geneva in unrest left out
    assert any("Geneva is in unrest" in s.reason for s in dice.sources)


@pytest.mark.rule(
    "23", cites="23.8: each of Carlstadt's failures puts unrest on its target at once"
)
def test_carlstadt_failures_put_unrest():
    # Carlstadt on the example board: a failed attempt on Magdeburg puts it in unrest,
    # so Lübeck's Papal dice lose Magdeburg: Hamburg, Stettin = 2 instead of 3.
    run = AttemptRun(load_religious_board("religion_example"), "carlstadt")
    model = run.model
    lubeck, magdeburg = model.index["Lübeck"], model.index["Magdeburg"]
    assert model.chance(lubeck, 0, 0)[1:3] == (2, 3)  # no 95 Theses die: 2 v 3
    assert model.chance(lubeck, 1 << magdeburg, 0)[1:3] == (2, 2)


@pytest.mark.rule("16", cites="conversion to Protestant places its regulars from the display (16)")
def test_an_electorate_brings_its_regulars_once():
    board = ReligiousBoard(protestant=["Stettin"], electorate_display=["Brandenburg"])
    turned = board.converted("Brandenburg")
    assert turned.has_stack("Brandenburg", "protestant")
    assert turned.electorate_display == ()
    league = ReligiousBoard(
        protestant=["Stettin"], electorate_display=["Brandenburg"], schmalkaldic_league=True
    )
    assert not league.converted("Brandenburg").has_stack("Brandenburg", "protestant")


@pytest.mark.rule("16", cites="16: Ottoman regulars and cavalry, and lone leaders, count for none")
def test_english_units_follow_the_ruler():
    from oddsengine.moves.situation import Stack

    stacks = (Stack("Calais", "england: 2R"),)
    for ruler, alignment in (
        ("henry-viii", None),
        ("edward-vi", "protestant"),
        ("mary-i", "catholic"),
        ("elizabeth-i", "protestant"),
    ):
        board = ReligiousBoard(stacks=stacks, england_ruler=ruler, turn=7)  # §26: all may rule
        found = [a for a in ("protestant", "catholic") if board.has_stack("Calais", a)]
        assert found == ([alignment] if alignment else [])


REFUSED = [
    (dict(protestant=["Atlantis"]), "Atlantis"),
    (dict(protestant=["North Sea"]), "sea zone"),
    (dict(protestant=["Istanbul"]), "never converts"),
    (dict(england_ruler="henry-ix"), "English ruler"),
    (dict(papal_ruler="gregory"), "Papal ruler"),
    (dict(turn=12), "turn"),
    (dict(electorate_display=["Vienna"]), "not an electorate"),
]


@pytest.mark.parametrize("changes, words", REFUSED)
def test_a_board_that_cannot_be_is_refused(changes, words):
    with pytest.raises(OddsEngineError, match=words):
        ReligiousBoard(**changes)


def test_a_reformer_named_twice_is_refused():
    with pytest.raises(OddsEngineError, match="Luther is named twice"):
        religious_board_of({"reformers": ["Luther", "Wittenberg"]})
    with pytest.raises(OddsEngineError, match="no reformer stands in Vienna"):
        religious_board_of({"reformers": ["Vienna"]})


@pytest.mark.parametrize(
    "space, words",
    [
        ("Vienna", "not adjacent"),
        ("Wittenberg", "Protestant already"),
        ("Istanbul", "never converts"),
        ("Baltic Sea", "sea zone"),
    ],
)
def test_a_target_that_may_not_be_attempted_is_refused_with_the_reason(space, words):
    with pytest.raises(OddsEngineError, match=words):
        board_attempt(load_religious_board("religion_example"), space, "95-theses")


@pytest.mark.rule("17", cites="has been targeted already this impulse (17 step 1)")
def test_a_space_targeted_already_this_impulse_is_refused():
    board = religious_board_of(
        {"protestant": ["Wittenberg", "Brandenburg"], "targeted": ["Magdeburg"]}
    )
    with pytest.raises(OddsEngineError, match="targeted already"):
        board_attempt(board, "Magdeburg", "95-theses")


@pytest.mark.rule("19", cites="19: the sources with no zone of their own")
def test_carlstadt_targets_the_german_zone_only():
    with pytest.raises(OddsEngineError, match="outside what carlstadt may target"):
        board_attempt(load_religious_board("religion_example"), "Breslau", "carlstadt")


def test_the_attempts_command(capsys):
    status, out, err = run_cli(
        capsys, "attempts", "religion_example", "--source", "treatise:german", "--format", "json"
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["policy"]["first_target"] == "Magdeburg"
    assert set(answer["p"]) >= {"flips:0", "flips:1", "flips:2", "protestant:Magdeburg"}
    assert "flips" in answer["expected"]
    assert answer["compare"]["greedy"]["expected"]["flips"] <= answer["expected"]["flips"]


@pytest.mark.parametrize(
    "arguments, words",
    [
        (("--source", "treatise:klingon"), "treatise:ZONE"),
        (("--source", "95-theses", "--objective", "space:North Sea"), "sea zone"),
        (("--source", "95-theses", "--protestant", "Atlantis"), "Atlantis"),
        (("--source", "95-theses", "--debater", "Eck"), "Reformation"),
        (("--source", "95-theses", "--debater", "Zwingli"), "not in play on turn 1"),
    ],
)
def test_the_attempts_command_refuses_bad_input(capsys, arguments, words):
    status, out, err = run_cli(capsys, "attempts", "religion_example", *arguments)
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert words in line and "Traceback" not in err


# §18 by hand: Burn Books in the German zone against Wittenberg on the example board.
# Papal dice: Breslau, Leipzig, Magdeburg, Prague (Catholic) and Prague's Hungarian stack =
# 5 (Brandenburg is Protestant). Protestant dice: Brandenburg and its stack 2, Luther in the
# target +2, the Protestant stack in the target +2 = 6.
@pytest.mark.rule(
    "18", cites='ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18'
)
@pytest.mark.parametrize(
    "religion, ties, modifier",
    [
        ({}, False, 0),  # Leo X: the Protestant wins ties everywhere (§18)
        ({"papal_ruler": "paul-iii"}, True, 0),  # Paul III: the Papacy, in its target zone
        ({"papal_ruler": "paul-iii", "this_turn": ["augsburg-confession"]}, True, -1),
    ],
)
def test_a_counter_reformation_attempt_by_hand(religion, ties, modifier):
    board = religious_board_of(
        {"protestant": ["Wittenberg", "Brandenburg"], "reformers": ["Luther"], **religion},
        load_religious_board("religion_example").stacks,
    )
    attempt = board_attempt(board, "Wittenberg", "burn-books:german")
    assert (attempt.papal_dice, attempt.protestant_dice) == (5, 6)
    assert attempt.ties == ("papacy" if ties else "protestant")
    assert attempt.success_fraction == by_hand(5, 6, ties, modifier)


@pytest.mark.rule(
    "18", cites='ties = "papacy" if (in_zone and self.wins_ties_in_zone) else "protestant"  # 18'
)
def test_a_counter_reformation_outside_its_zone_gives_the_protestant_ties():
    board = religious_board_of(
        {
            "protestant": ["Wittenberg", "Brandenburg"],
            "reformers": ["Luther"],
            "papal_ruler": "paul-iii",
        },
        load_religious_board("religion_example").stacks,
    )
    attempt = board_attempt(board, "Wittenberg", "burn-books:french")
    assert attempt.ties == "protestant"
    assert attempt.success_fraction == by_hand(5, 6, False)


@pytest.mark.rule(
    "19", cites="so the best choice is a decision over states, memoised on the state,"
)
def test_a_monte_carlo_run_agrees_with_the_exact_enumeration():
    from oddsengine.engines.attempt_runs_montecarlo import simulate_run

    run = AttemptRun(religion_1517_board(), "95-theses")
    answer = exact(run)
    for policy, outcome in (("greedy", answer.greedy), ("optimal", answer.optimal)):
        sample = simulate(replace(run, policy=policy), trials=200_000, seed=11)
        assert abs(sample.expected_flips - outcome.expected_flips) <= 5 * sample.flips_error
        for k, p in enumerate(outcome.flips):
            error = (p * (1 - p) / sample.trials) ** 0.5
            assert abs(sample.flips[k] - p) <= 5 * error, (policy, k)
    greedy = replace(run, policy="greedy")  # the same seed, the same numbers, by either door
    assert (
        simulate_run(greedy, 200_000, 11).flip_counts
        == simulate(greedy, trials=200_000, seed=11).flip_counts
    )


@pytest.mark.rule(
    "20", cites="The spaces a debate's or the Diet's winner could flip one after another (§20"
)
def test_what_a_debate_or_the_diet_can_flip_on_the_board():
    board = religion_1517_board()
    # a Papal winner can turn back only Wittenberg, the one Protestant space (§20 step 7)
    assert board.flippable("catholic", zone="german") == (("Wittenberg",), ())
    # a Protestant winner of an English debate: no English space is eligible, so the
    # flips go elsewhere, Brandenburg first (adjacent to Wittenberg)
    in_zone, elsewhere = board.flippable("protestant", zone="english", limit=2)
    assert in_zone == () and elsewhere[0] == "Brandenburg"
    # the Diet flips German-zone spaces only, each adjacent to one already turned (§21)
    in_zone, elsewhere = board.flippable("protestant", zone="german", zone_only=True, limit=3)
    assert elsewhere == () and len(in_zone) == 3
    assert in_zone[0] in ("Brandenburg", "Leipzig", "Magdeburg")


def test_the_reformation_command_counts_the_dice_from_a_scenario(capsys):
    status, out, err = run_cli(
        capsys,
        "reformation",
        "religion_example",
        "--space",
        "Magdeburg",
        "--source",
        "95-theses",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    dice = answer["spec"]["dice"]
    assert (dice["protestant"]["rolled"], dice["papal"]["rolled"]) == (6, 3)
    assert {"source": "Luther in Wittenberg", "dice": 1} in dice["protestant"]["sources"]
    assert answer["spec"]["target"] == "Magdeburg"
    assert answer["p"]["success"] == pytest.approx(8377769 / 10077696, abs=1e-15)


def test_a_neighbour_across_a_pass_is_listed_as_left_out(capsys):
    status, out, err = run_cli(
        capsys,
        "reformation",
        "religion_example",
        "--space",
        "Innsbruck",
        "--source",
        "treatise:german",
        "--protestant",
        "Augsburg",
        "--exact",
    )
    assert status == 0, err
    assert "Augsburg is across a pass (left out) 0" in out


@pytest.mark.parametrize(
    "arguments, words",
    [
        (("--space", "Vienna"), "not adjacent"),
        (("--space", "Wittenberg"), "Protestant already"),
        (("--space", "Baltic Sea"), "sea zone"),
        (("--space", "Atlantis"), "Atlantis"),
        (("--space", "Lübeck", "--protestant-dice", "3"), "comes from the board"),
        (("--space", "Lübeck", "--source", "burn-books:german"), "counter-reformation"),
        ((), "--space"),
    ],
)
def test_the_board_form_refuses_bad_input(capsys, arguments, words):
    status, out, err = run_cli(capsys, "reformation", "religion_example", *arguments, "--exact")
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert words in line and "Traceback" not in err


def test_a_counter_reformation_from_the_board(capsys):
    status, out, err = run_cli(
        capsys,
        "counter-reformation",
        "religion_example",
        "--space",
        "Wittenberg",
        "--source",
        "burn-books:german",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["p"]["success"] == pytest.approx(float(by_hand(5, 6, False)), abs=1e-15)


def test_a_run_too_large_to_search_is_refused_with_the_way_out(monkeypatch, capsys):
    import oddsengine.engines.attempt_runs_exact as search

    monkeypatch.setattr(search, "MAX_SEARCH_STATES", 50)
    monkeypatch.setattr(search, "_SEARCHES", {})  # no search kept from another test
    status, out, err = run_cli(capsys, "attempts", "religion_1517", "--source", "95-theses")
    assert status == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert "more than 50 states" in line and "--monte-carlo" in line
    # the fixed policy's Monte Carlo still answers it
    status, out, err = run_cli(
        capsys,
        "attempts",
        "religion_1517",
        "--source",
        "95-theses",
        "--policy",
        "greedy",
        "--monte-carlo",
        "--trials",
        "2000",
        "--seed",
        "1",
    )
    assert status == 0, err


# §19: Defender of the Faith 3, Mary Defies Council 3 and Erasmus (Papal side) 4 attempts,
# their zone "as the card": named, or all. Wittenberg under Paul III: 5 Papal dice against 6
# (as Burn Books above); the Papacy wins ties only when German is a target zone (§18, 23.3).
@pytest.mark.parametrize(
    "source, attempts, ties",
    [
        ("defender-of-the-faith:german", 3, True),
        ("defender-of-the-faith:french", 3, False),
        ("mary-defies-council:english", 3, False),
        ("mary-defies-council:german", 3, True),
        ("erasmus-papal:all", 4, True),
        ("erasmus-papal:italian", 4, False),
    ],
)
def test_the_papal_events_whose_zone_is_as_the_card(source, attempts, ties):
    from oddsengine.religion.attempt_sources import attempt_source

    assert attempt_source(source).attempts == attempts
    assert attempt_source(source).side == "papacy"
    board = religious_board_of(
        {
            "protestant": ["Wittenberg", "Brandenburg"],
            "reformers": ["Luther"],
            "papal_ruler": "paul-iii",
        },
        load_religious_board("religion_example").stacks,
    )
    attempt = board_attempt(board, "Wittenberg", source)
    assert (attempt.papal_dice, attempt.protestant_dice) == (5, 6)
    assert attempt.ties == ("papacy" if ties else "protestant")
    assert attempt.success_fraction == by_hand(5, 6, ties)


@pytest.mark.parametrize(
    "source, words",
    [
        ("defender-of-the-faith", "names its zone as its card does"),
        ("mary-defies-council:latin", "not 'latin'"),
        ("erasmus-papal:", "or all"),
    ],
)
def test_a_papal_event_without_its_zone_is_refused(capsys, source, words):
    status, out, err = run_cli(capsys, "attempts", "religion_example", "--source", source)
    assert status == 2 and out == ""
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_papal_event_runs_every_attempt_it_gives():
    # Three attempts of Mary Defies Council but only two Protestant spaces to target on
    # religion_example (no space is targeted twice, 23.6): never more than two flips.
    answer = exact(
        AttemptRun(load_religious_board("religion_example"), "mary-defies-council:german")
    ).describe()
    assert answer["spec"]["source"]["attempts"] == 3
    assert answer["p"]["flips:3"] == 0
    assert sum(answer["p"][f"flips:{k}"] for k in range(4)) == pytest.approx(1)


def test_a_counter_reformation_monte_carlo_names_its_spaces_catholic(capsys):
    # The exact answer names the chance each space is turned p.catholic:SPACE for a
    # Counter-Reformation run; the Monte Carlo answer gives the same key (and keeps the
    # p.protestant:SPACE it always wrote), within 5 sigma of the greedy policy's exact chance.
    common = [
        "attempts",
        "religion_example",
        "--source",
        "burn-books:german",
        "--policy",
        "greedy",
        "--format",
        "json",
    ]
    status, out, err = run_cli(capsys, *common)
    assert status == 0, err
    exact_chances = json.loads(out)["compare"]["greedy"]["p"]
    status, out, err = run_cli(capsys, *common, "--monte-carlo", "--trials", "40000", "--seed", "3")
    assert status == 0, err
    sample = json.loads(out)
    for space in ("Brandenburg", "Wittenberg"):
        key = f"catholic:{space}"
        assert abs(sample["p"][key] - exact_chances[key]) <= 5 * sample["standard_error"][key]
        assert sample["p"][f"protestant:{space}"] == sample["p"][key]


def _targets_of_every_state(run) -> set:
    """Every space some attempt of ``run`` may target: every state walked, every choice."""
    model, seen, found = run.model, set(), set()

    def walk(targeted, flipped, left):
        if not left or (targeted, flipped) in seen:
            return
        seen.add((targeted, flipped))
        for i in model.eligible(targeted, flipped):
            found.add(model.names[i])
            bit = 1 << i
            walk(targeted | bit, flipped | bit, left - 1)
            walk(targeted | bit, flipped, left - 1)

    walk(0, 0, run.source.attempts)
    return found


@pytest.mark.parametrize(
    "scenario, source",
    [
        ("religion_1517", "95-theses"),
        ("religion_example", "treatise:german"),
        ("religion_example", "carlstadt"),
        ("religion_example", "burn-books:german"),
    ],
)
def test_the_spaces_within_reach_of_a_run_are_those_some_state_may_target(scenario, source):
    run = AttemptRun(load_religious_board(scenario), source)
    model = run.model
    reach = {model.names[i] for i in model.reach(run.source.attempts)}
    assert reach == _targets_of_every_state(run)


def test_a_standing_order_passes_over_a_space_no_attempt_can_reach(capsys):
    # Paris is far from Wittenberg: none of the 95 Theses' 5 attempts can reach it (every
    # state walked above); Leipzig is eligible at once. The order plays Leipzig first, then
    # best single odds, and says Paris was passed over; an order of Paris alone is a
    # standing order too (issue 38): greedy's run, with the notes saying so.
    status, out, err = run_cli(
        capsys,
        "attempts",
        "religion_1517",
        "--source",
        "95-theses",
        "--policy",
        "order:Paris,Leipzig",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["compare"]["order"]["first_target"] == "Leipzig"
    assert any("Paris passed over: Paris is not eligible" in note for note in answer["notes"])
    assert "Paris" not in _targets_of_every_state(
        AttemptRun(load_religious_board("religion_1517"), "95-theses")
    )
    status, out, err = run_cli(
        capsys,
        "attempts",
        "religion_1517",
        "--source",
        "95-theses",
        "--policy",
        "order:Paris",
        "--format",
        "json",
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["compare"]["order"]["p"] == answer["compare"]["greedy"]["p"]
    assert any("the first attempt takes the best single chance" in n for n in answer["notes"])


def test_an_objective_of_more_flips_than_attempts_is_refused(capsys):
    status, out, err = run_cli(
        capsys, "attempts", "religion_1517", "--source", "95-theses", "--objective", "at-least:6"
    )
    assert status == 2 and out == ""
    assert "the 5 attempts of 95-theses turn at most 5 spaces" in err

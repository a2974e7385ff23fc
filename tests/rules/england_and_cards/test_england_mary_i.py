"""England under Mary I (RULES.md §27, readings §30.10–§30.12): the Papacy's takings as the
binomial worked by hand, what it does with each card by its CP, the skip test on a board,
the Burn Books and debate it makes there (the religious struggle's own specs), and both
engines against a die-by-die reference."""

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from conftest import SIGMAS
from naive_heirs_reference import mary_i_impulses

import oddsengine as oe
from oddsengine.england.mary_i import MaryI
from oddsengine.questions.mary_i_actions import papal_actions
from oddsengine.religion.attempt_runs import AttemptRun
from oddsengine.religion.debate import Debate
from oddsengine.results.fractions import exact_fractions

F = Fraction


BOARD = """[religion]
turn = {turn}
protestant = [{protestant}]
reformers = ["Wittenberg"]
england_ruler = "{ruler}"
papal_ruler = "paul-iii"

[[stack]]
space = "London"
force = "england: 3R"
"""


def _board(tmp_path, name, *, protestant, turn=7, ruler="mary-i"):
    spaces = ", ".join(f'"{space}"' for space in protestant)
    path = tmp_path / f"{name}.toml"
    path.write_text(BOARD.format(turn=turn, protestant=spaces, ruler=ruler))
    return str(path)


@pytest.mark.rule("27")
def test_the_papacy_takes_at_least_one_of_3_impulses_87_5_and_of_5_96_9():
    # 27 step 3: each impulse on 1-3 of a die, 1/2: P(none of n) = (1/2)**n.
    three = exact_fractions(oe.exact(MaryI(impulses=3)))
    assert three["at_least:1"] == 1 - F(1, 2) ** 3 == F(7, 8)  # 87.5%
    assert [three[f"taken:{k}"] for k in range(4)] == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]
    five = exact_fractions(oe.exact(MaryI(impulses=5)))
    assert five["at_least:1"] == F(31, 32)  # 96.875%, §27's 96.9%
    assert round(100 * float(five["at_least:1"]), 1) == 96.9
    # The expected number is n/2.
    assert oe.exact(MaryI(impulses=5)).expected_values()["taken"]["mean"] == pytest.approx(2.5)


@pytest.mark.rule("27", "30.10")
def test_what_the_papacy_does_by_the_cards_cp():
    # 27 step 3: 2 CP Burn Books, 3 CP a debate, 5 CP both (one of each, §30.10). Burn
    # Books come from the 2 and the 5: 0, 1, 2 with 1/4, 1/2, 1/4; debates from the 3 and
    # the 5 likewise; both twice only if all three are taken: 1/8.
    answer = oe.exact(MaryI(cards=(2, 3, 5)))
    found = exact_fractions(answer)
    assert [found[f"burn_books:{k}"] for k in range(3)] == [F(1, 4), F(1, 2), F(1, 4)]
    assert [found[f"debates:{k}"] for k in range(3)] == [F(1, 4), F(1, 2), F(1, 4)]
    assert found["taken:3"] == F(1, 8)
    means = answer.expected_values()
    assert means["burn_books"]["mean"] == means["debates"]["mean"] == pytest.approx(1.0)
    # One CP for every impulse: four 1 CP cards, Burn Books only.
    ones = exact_fractions(oe.exact(MaryI(impulses=4, cards=1)))
    assert ones["burn_books:2"] == F(6, 16) and ones["debates:0"] == 1


@pytest.mark.rule("27")
def test_a_mandatory_event_makes_no_roll():
    # 27 step 2: the Mandatory Event is resolved normally; only the 4 CP card rolls.
    answer = oe.exact(MaryI(cards="mandatory,4"))
    assert answer.outcome_names == ("taken:0", "taken:1")
    assert exact_fractions(answer)["taken:1"] == F(1, 2)
    # England keeps the Mandatory Event and, half the time, its 4 CP card: 1.5.
    assert answer.expected_values()["kept"]["mean"] == pytest.approx(1.5)


@pytest.mark.rule("27")
@pytest.mark.parametrize("cards", [(2,), (3, 4), (1, "mandatory", 3), (6, 2, 3, 5)], ids=str)
def test_the_exact_answer_is_every_sequence_of_dice(cards):
    class Dice:  # the reference's rng, rolling a given sequence
        def __init__(self, faces):
            self.faces = iter(faces)

        def randint(self, low, high):
            return next(self.faces)

    rolls = sum(card != "mandatory" for card in cards)
    reference: dict = {}
    for faces in itertools.product(range(1, 7), repeat=rolls):
        key = mary_i_impulses(Dice(faces), cards)
        reference[key] = reference.get(key, F(0)) + F(1, 6**rolls)
    found = exact_fractions(oe.exact(MaryI(cards=cards)))
    for name, chance in found.items():
        kind, _, count = name.partition(":")
        place = {"taken": 0, "burn_books": 1, "debates": 2, "at_least": 0}[kind]
        compare = (lambda v, k: v >= k) if kind == "at_least" else (lambda v, k: v == k)
        expected = sum(
            (weight for key, weight in reference.items() if compare(key[place], int(count))),
            F(0),
        )
        assert chance == expected, name


@pytest.mark.rule("27")
def test_the_monte_carlo_is_within_5_sigma_of_exact_and_of_the_reference():
    spec = MaryI(cards=(1, 3, 4, 4, "mandatory", 2))
    exact = oe.exact(spec)
    sampled = oe.simulate(spec, trials=300_000, seed=17)
    again = oe.simulate(spec, trials=300_000, seed=17)
    assert sampled.p == again.p
    rng = random.Random(5)
    games = 60_000
    taken = [mary_i_impulses(rng, spec.cards)[0] for _ in range(games)]
    for k in range(spec.rolls + 1):
        chance = exact.p[f"taken:{k}"]
        sigma = math.sqrt(chance * (1 - chance))
        assert abs(sampled.p[f"taken:{k}"] - chance) <= SIGMAS * sigma / math.sqrt(300_000)
        assert abs(taken.count(k) / games - chance) <= SIGMAS * sigma / math.sqrt(games)


@pytest.mark.rule("27", "30.12")
def test_the_skip_test_reads_the_english_home_spaces_of_the_english_zone(tmp_path):
    # 30.12: Calais is an English home space in the French zone: it does not count.
    calais = _board(tmp_path, "calais", protestant=["Calais", "Wittenberg"])
    skipped = oe.exact(MaryI(impulses=4, scenario=calais))
    assert skipped.p == {"taken:0": 1.0} and skipped.spec.rolls == 0
    assert any("skipped" in note for note in skipped.notes)
    london = _board(tmp_path, "london", protestant=["London", "Wittenberg"])
    assert oe.exact(MaryI(impulses=4, scenario=london)).p["at_least:1"] == 15 / 16


@pytest.mark.rule("27", "30.11")
def test_the_papacy_s_burn_books_and_debate_are_the_religious_struggle_s(tmp_path):
    scenario = _board(tmp_path, "norwich", protestant=["London", "Norwich", "Wittenberg"])
    mary = MaryI(cards=(2, 3, 5), scenario=scenario)
    run = mary.burn_books_run()
    assert isinstance(run, AttemptRun) and run.board.england_ruler == "mary-i"
    # 30.11: a Papal Burn Books, 2 attempts, English-zone targets only.
    assert (run.source.side, run.source.attempts) == ("papacy", 2)
    assert run.source.target_zones == ("english",) and run.source.only_in_zone
    answer = oe.exact(run)
    assert set(answer.optimal.spaces) <= {"London", "Norwich"}
    # The debate: the board's own English debate, the Papacy initiating (Mary doubles).
    debate = mary.papal_debate()
    assert debate == Debate.on_board(mary.board, "english", "papacy")
    assert debate.england_ruler == "mary-i"
    henry = Debate.on_board(replace(mary.board, england_ruler="henry-viii"), "english", "papacy")
    assert oe.exact(debate).p["papal_wins"] > oe.exact(henry).p["papal_wins"]
    actions = papal_actions(mary)
    flips = actions["flips_per_burn_books"]
    assert flips == answer.optimal.expected_flips
    assert actions["expected_catholic_flips"] == pytest.approx(
        1.0 * flips + 1.0 * actions["net_per_debate"]
    )


@pytest.mark.rule("26", "27")
def test_a_board_is_read_with_mary_ruling_from_turn_6(tmp_path):
    henry = _board(tmp_path, "henry", protestant=["London"], ruler="henry-viii")
    read = MaryI(scenario=henry)
    assert read.board.england_ruler == "mary-i"
    assert any("read with Mary I ruling" in note for note in oe.exact(read).notes)
    early = _board(tmp_path, "early", protestant=["London"], turn=3)
    with pytest.raises(oe.OddsEngineError, match="turn 6 at the earliest"):
        MaryI(scenario=early)


REFUSALS = [
    ({"impulses": 0}, "impulses must be 1..40"),
    ({"impulses": 41}, "impulses must be 1..40"),
    ({"impulses": True}, "whole number"),
    ({"cards": "7"}, "a card gives 1..6 CP"),
    ({"cards": "two"}, "neither a card's CP"),
    ({"cards": (2.5,)}, "cards: 2.5 is not a card's CP (1..6)"),
    ({"impulses": 3, "cards": (2, 3)}, "give one card per impulse"),
    ({"cards": (2, 3)}, ""),  # accepted: two impulses
]


@pytest.mark.rule("27")
@pytest.mark.parametrize(("given", "words"), REFUSALS, ids=[str(g) for g, _ in REFUSALS])
def test_bad_questions_are_refused_in_words(given, words):
    if not words:
        assert MaryI(**given).impulses == 2
        return
    with pytest.raises(oe.OddsEngineError) as refused:
        MaryI(**given)
    assert words in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.rule("27")
def test_the_json_names_the_contract():
    answer = oe.exact(MaryI(impulses=3)).to_dict()
    assert answer["kind"] == "mary-i"
    assert {"taken:0", "taken:3", "at_least:1", "at_least:3"} <= set(answer["p"])
    assert answer["expected"]["taken"]["mean"] == 1.5

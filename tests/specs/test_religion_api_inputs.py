"""Every public constructor and function of ``oddsengine.religion`` given generated bad
input (issue 38, Part III): a value of the wrong kind, out of range, a name unknown or
empty, a number of 30 digits. Whatever is given, the call answers or raises the project's
error (:class:`~oddsengine.errors.OddsEngineError` or a subclass) in one line, never a
plain ``ValueError``/``TypeError``/``KeyError``/``AttributeError``, and never hangs (a
signal ends a call that runs past the suite's hang guard, and the test fails).

The examples are derandomized (tests/property_settings.py's profile), so every run tries the
same inputs; a named case list beside them pins the inputs the issue names."""

from __future__ import annotations

import signal
import time
from contextlib import contextmanager

import numpy as np
import pytest
from conftest import HANG_GUARD_SECONDS
from hypothesis import given
from hypothesis import strategies as st
from property_settings import SETTINGS, one_line

import oddsengine as oe
from oddsengine.errors import OddsEngineError
from oddsengine.religion import (
    attempt_odds,
    attempt_runs,
    attempt_scenarios,
    attempt_sources,
    attempts,
    board_attempt,
    board_checks,
    board_fields,
    board_flips,
    debate,
    debate_tree,
    diet,
    new_world,
    records,
    religion_scenario,
    religious_board,
    voyage,
    voyage_turn,
)
from oddsengine.religion.religious_board import religion_1517_board
from oddsengine.shipped import shipped_path  # noqa: E402

BOARD = religion_1517_board()
DATA = shipped_path("data", "religion")
SOURCE = attempt_sources.attempt_source("treatise:german")

#: Values of every wrong kind, the limits and past them, unknown and empty names.
BAD = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    10**11,
    10**30,
    "",
    " ",
    "Atlantis",
    "hapsburg",
    "9" * 5000,
    b"Wittenberg",
    [],
    [""],
    ["Atlantis"],
    [1, 2],
    ["Wittenberg", "Wittenberg"],
    {},
    {"Luther": "Atlantis"},
    object(),
    np.int64(3),
    np.float64(2.5),
]
bad_values = st.one_of(
    st.sampled_from(BAD),
    st.text(max_size=12),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.lists(st.sampled_from(["Wittenberg", "Mainz", "", "Atlantis", "Luther", 3]), max_size=3),
)

#: Each public callable with arguments it answers; one (or two) are replaced by a bad value.
CALLS = {
    "success_chance": (attempt_odds.success_chance, (), dict(attempting="protestant", dice=2,
                       opponent_dice=2, ties="protestant", modifier=0, fraction=False)),
    "highest_die_counts": (attempt_odds.highest_die_counts, (), dict(dice=2)),
    "highest_die_pmf": (attempts.highest_die_pmf, (), dict(dice=2)),
    "AttemptSource": (attempt_sources.AttemptSource, (), dict(name="x", side="protestant",
                      attempts=2, target_zones=("german",), only_in_zone=False,
                      only_spaces=(), bonus_dice=0, modifier=0, unrest_on_failure=False,
                      english_bonuses_only=False, debaters=(), reformer="", turn=None)),
    "attempt_source": (attempt_sources.attempt_source, (), dict(text="95-theses",
                       placards_attempts=3)),
    "source_texts": (attempt_sources.source_texts, (), dict(board=BOARD)),
    "ReligiousBoard": (religious_board.ReligiousBoard, (), dict(protestant=("Wittenberg",),
                       unrest=(), reformers={"Luther": "Wittenberg"}, universities=(),
                       stacks=(), england_ruler="henry-viii", papal_ruler="leo-x", turn=1,
                       this_turn=(), electorate_display=("Mainz",),
                       schmalkaldic_league=False, targeted=(), committed=())),
    "religion_1517_board": (religion_1517_board, (), dict(turn=2)),
    "stack_alignment": (religious_board.stack_alignment, (), dict(power="england", regulars=2,
                        mercenaries=0, cavalry=0, england_ruler="mary-i")),
    "board.converted": (BOARD.converted, (), dict(space="Mainz", to="protestant")),
    "board.attempt_dice": (BOARD.attempt_dice, (), dict(target="Leipzig",
                           attempting="protestant")),
    "board.why_not_target": (BOARD.why_not_target, (), dict(target="Leipzig",
                             attempting="protestant", targeted=())),
    "board.why_not_in_play": (BOARD.why_not_in_play, (), dict(debater="Eck")),
    "board.within": (BOARD.within, (), dict(centre="Wittenberg", distance=2)),
    "board.flippable": (BOARD.flippable, (), dict(to="protestant", zone="german",
                        zone_only=False, limit=3)),
    "land_spaces": (board_fields.land_spaces, (), dict(values=["Mainz"], what="x")),
    "committed_debaters": (board_checks.committed_debaters, (), dict(values=["Eck"])),
    "why_source_not_on": (board_checks.why_source_not_on, (), dict(board=BOARD,
                          source=SOURCE)),
    "default_source": (board_checks.default_source, (), dict(board=BOARD, side="papacy")),
    "legal_sources": (board_checks.legal_sources, (), dict(board=BOARD, side="papacy")),
    "AttemptRun": (attempt_runs.AttemptRun, (), dict(board=BOARD, source="treatise:german",
                   debater=None, objective="flips", order=(), placards_attempts=3,
                   policy="greedy")),
    "board_attempt": (board_attempt.board_attempt, (), dict(board=BOARD, target="Leipzig",
                      source="treatise:german", debater=None)),
    "board_attempt_spec": (board_attempt.board_attempt_spec, (), dict(board=BOARD,
                           target="Leipzig", source="treatise:german", debater=None,
                           default_source=False)),
    "ReformationAttempt": (attempts.ReformationAttempt, (), dict(protestant_dice=2,
                           papal_dice=2, ties="protestant", dice_sources=(), target="",
                           source="", default_source=False, modifier=0,
                           printing_press=False, ninety_five_theses=False, debater="")),
    "CounterReformationAttempt": (attempts.CounterReformationAttempt, (), dict(
                                  protestant_dice=2, papal_dice=2, ties="protestant",
                                  augsburg=False, debater="")),
    "ReformationScenario": (attempt_scenarios.ReformationScenario, (), dict(
                            scenario="religion_1517", space="Leipzig", source="", debater="",
                            protestant=(), unrest=(), reformers=(), this_turn=(),
                            placards_attempts=3)),
    "AttemptsScenario": (attempt_scenarios.AttemptsScenario, (), dict(scenario="religion_1517",
                         source="treatise:german", policy="greedy", objective="flips",
                         debater="", protestant=(), unrest=(), reformers=(), this_turn=(),
                         placards_attempts=3)),
    "flip_order_of": (board_flips.flip_order_of, (), dict(text="order:Leipzig")),
    "flip_sequence": (board_flips.flip_sequence, (), dict(board=BOARD, to="protestant",
                      zone="german", diet=False, order="board", limit=3)),
    "side_cap": (board_flips.side_cap, (), dict(both=3, own=None, spaces=("Mainz",))),
    "Debate": (debate.Debate, (), dict(zone="german", initiator="papacy", turn=1,
               attacker="Eck", defender="Carlstadt", committed="Carlstadt", debaters=None,
               cards=(), augsburg=False, england_ruler="henry-viii", eligible=None,
               bonuses="all", objective="net", luther_policy="best",
               bullinger_policy="best", bar=None)),
    "Debate.on_board": (debate.Debate.on_board, (), dict(board=BOARD, zone="german",
                        initiator="papacy", flip_order="board", attacker="Eck",
                        defender="Carlstadt")),
    "difference_pmf": (debate_tree.difference_pmf, (), dict(attacker_dice=3,
                       defender_dice=2)),
    "DietOfWorms": (diet.DietOfWorms, (), dict(protestant_cp=2, papal_cp=1, hapsburg_cp=1,
                    eligible_spaces=None, eligible_protestant=None, eligible_catholic=None,
                    protestant_spaces=None, catholic_spaces=None, flip_order=None)),
    "DietOfWorms.on_board": (diet.DietOfWorms.on_board, (), dict(board=BOARD,
                             protestant_cp=2, papal_cp=1, hapsburg_cp=1,
                             flip_order="board")),
    "load_religious_board": (religion_scenario.load_religious_board, (), dict(
                             name_or_path="religion_1517", protestant=["Mainz"],
                             unrest=[], reformers=[])),
    "religious_board_of": (religion_scenario.religious_board_of, (), dict(
                           settings={"turn": 2}, stacks=(), situation_unrest=(),
                           label="religion")),
    "reformers_named": (religion_scenario.reformers_named, (), dict(values=["Luther"],
                        what="reformers")),
    "religion_facts.debater": (records.religion_facts().debater, (), dict(name="Eck")),
    "religion_facts.zone_of": (records.religion_facts().zone_of, (), dict(space="Mainz")),
    "religion_facts.spaces_in": (records.religion_facts().spaces_in, (), dict(zone="german")),
    "religion_facts.debaters_of": (records.religion_facts().debaters_of, (), dict(
                                   side="papal")),
    "religion_facts.explorers_of": (records.religion_facts().explorers_of, (), dict(
                                    power="france", pool_only=True)),
    "religion_facts.conquistadors_of": (records.religion_facts().conquistadors_of, (), dict(
                                        power="hapsburg")),
    "read_religion_facts": (records.read_religion_facts, (), dict(folder=DATA)),
    "Voyage": (voyage.Voyage, (), dict(power="hapsburg", explorer="random", uncharted=False,
               mercator=False, claimed=(), removed=(), turn=None, choice="best")),
    "Conquest": (voyage.Conquest, (), dict(power="hapsburg", conquistador="random",
                 smallpox=False, claimed=(), removed=(), turn=None)),
    "VoyageTurn": (voyage_turn.VoyageTurn, (), dict(powers=("france", "hapsburg"),
                   explorers=None, uncharted=(), mercator=(), claimed=(), removed=(),
                   turn=None, choice="best")),
    "explorer_pool": (voyage.explorer_pool, (), dict(power="france", removed=(), turn=None)),
    "conquistador_pool": (voyage.conquistador_pool, (), dict(power="england", removed=(),
                          turn=None)),
    "check_power": (voyage.check_power, (), dict(power="france")),
    "names_of": (voyage.names_of, (), dict(values="Cartier", what="removed")),
    "claim_mask": (new_world.claim_mask, (), dict(names="aztecs", claims=new_world.conquests(),
                   what="conquest")),
    "claim_names": (new_world.claim_names, (), dict(mask=3, claims=new_world.conquests())),
    "circumnavigation_count": (new_world.circumnavigation_count, (), dict(value=4,
                               mercator=False)),
    "explore": (new_world.explore, (), dict(value=np.array([4]), roll=np.array([6]),
                circumnavigation_roll=np.array([6]), claimed=0, mercator=False,
                uncharted=False, choice="best")),
    "conquer": (new_world.conquer, (), dict(value=np.array([4]), roll=np.array([5]),
                claimed=0, smallpox=False)),
}  # fmt: skip


class Hang(Exception):
    """A call ran past the hang guard."""


@contextmanager
def hang_guard(seconds: float = HANG_GUARD_SECONDS):
    def stop(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def answered_or_refused(call, kwargs) -> None:
    """``call(**kwargs)`` answers, or raises the project's error in one line; within the
    hang guard."""
    started = time.perf_counter()
    try:
        with hang_guard():
            call(**kwargs)
    except OddsEngineError as error:
        one_line(error)
    assert time.perf_counter() - started < HANG_GUARD_SECONDS


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_call_answers_its_good_arguments(name):
    call, _, kwargs = CALLS[name]
    with hang_guard():
        call(**kwargs)


@SETTINGS
@given(
    st.sampled_from(sorted(CALLS)),
    st.data(),
)
def test_bad_input_raises_only_the_projects_error(name, data):
    call, _, kwargs = CALLS[name]
    kwargs = dict(kwargs)
    for key in data.draw(st.lists(st.sampled_from(sorted(kwargs)), min_size=1, max_size=2)):
        kwargs[key] = data.draw(bad_values)
    answered_or_refused(call, kwargs)


@pytest.mark.slow  # every argument of every call with every listed value: some 10,000 calls
@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("value", BAD, ids=lambda value: type(value).__name__)
def test_each_argument_with_each_listed_bad_value(name, value):
    call, _, kwargs = CALLS[name]
    for key in kwargs:
        answered_or_refused(call, {**kwargs, key: value})


# The inputs the issue names: each refused, never answered nor hung.
NAMED = [
    (lambda: attempt_odds.success_chance("protestant", 10**30, 2, "protestant"), "at most"),
    (lambda: attempt_odds.success_chance("protestant", 1.5, 2, "protestant"), "whole number"),
    (lambda: attempt_odds.success_chance("protestant", 2, 2, "hapsburg"), "ties"),
    (lambda: oe.exact(attempt_runs.AttemptRun(BOARD, _source(attempts=10**11))), "at most 12"),
    (lambda: _source(attempts=0), "attempts must be at least 1"),
    (lambda: _source(attempts=1.5), "attempts must be a whole number"),
    (lambda: _source(side="hapsburg"), "side is 'protestant'"),
    (lambda: _source(target_zones=("klingon",)), "unknown zone"),
    (lambda: _source(bonus_dice=100), "bonus_dice is at most 3"),
    (lambda: _source(only_spaces=("Atlantis",)), "Atlantis"),
    (lambda: religious_board.ReligiousBoard(schmalkaldic_league="yes"), "True or False"),
    (
        lambda: oe.card_value(voyage.Voyage("england"), side="papacy"),
        "only england plays the cards",
    ),
    (
        lambda: debate.Debate(
            "german", "papacy", 1, protestant_spaces=["Leipzig"], catholic_spaces=["Leipzig"]
        ),
        "a space is one or the other",
    ),
]


def _source(**changes):
    fields = {**CALLS["AttemptSource"][2], "name": "treatise:german", **changes}
    return attempt_sources.AttemptSource(**fields)


@pytest.mark.parametrize("call, words", NAMED)
def test_the_inputs_the_issue_names_are_refused(call, words):
    with hang_guard(), pytest.raises(OddsEngineError, match=words) as refused:
        call()
    one_line(refused.value)

"""Property-based tests of the commands and specs added after the first hardening (issue
20): naval, piracy, foreign-war, needed and plan command lines, plan files, sweeps of the
new kinds, and the new Python entry points.

As in tests/slow/test_properties.py (whose settings and checks are reused): whatever is
generated, the engine answers or refuses; a refusal is one line of the project's error
(exit status 2 on the command line), never a traceback, a hang or a bad input taken
silently. The examples are derandomized and fewer than there, so the file stays fast.
"""

from __future__ import annotations

import tempfile
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_properties import (
    SETTINGS,
    TIME_BUDGET,
    any_value,
    assert_answered_or_refused,
    bad_counts,
    one_line,
    rarely,
    sometimes_bad,
)

import oddsengine as oe
from oddsengine.combat.fleets import Fleet
from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.naval_rolls import NavalAvoidBattle, NavalInterception
from oddsengine.combat.piracy import Piracy
from oddsengine.errors import OddsEngineError
from oddsengine.faces.explore import build_spec
from oddsengine.questions.plans import Course, Plan

pytestmark = pytest.mark.slow

#: Fewer examples than the first round: these commands do more work per example.
FEW = settings(SETTINGS, max_examples=SETTINGS.max_examples // 2)

NAVAL_LEADERS = ["Andrea Doria", "Barbarossa", "Dragut", "Suleiman", "Gandalf"]
NAVAL_CARDS = ["janissaries", "arquebusiers", "professional-rowers", "tercios", "excalibur"]
POLICIES = ["always", "if-it-changes-the-outcome", "surrender", ""]


@st.composite
def fleet_texts(draw, power):
    """A fleet of ``power`` as a user may write it: mostly valid, sometimes not."""
    prefix = sometimes_bad(draw, st.just(power), st.sampled_from([None, "france", "Mordor"]), 10)
    words = [f"{sometimes_bad(draw, st.integers(0, 4).map(str), bad_counts, 10)}Sq"]
    if power == "ottoman" or rarely(draw, 10):
        words.append(f"{sometimes_bad(draw, st.integers(0, 3).map(str), bad_counts, 10)}Co")
    if rarely(draw, 3):
        words.append(draw(st.sampled_from(NAVAL_LEADERS)))
    body = " ".join(words)
    return f"{prefix}: {body}" if prefix else body


def count_word(draw, low=0, high=4):
    return sometimes_bad(draw, st.integers(low, high).map(str), bad_counts, 6)


@st.composite
def engine_words(draw):
    """Engine options that fit a question or not, with modest trial counts."""
    words = []
    if draw(st.booleans()):
        words.append("--exact")
    else:
        words += ["--trials", draw(st.sampled_from(["2000", "0", "1e12", "abc"]))]
    if rarely(draw, 5):
        words += ["--seed", draw(st.sampled_from(["1", "-5"]))]
    if rarely(draw, 6):
        words += ["--max-trials", "1000"]
    if rarely(draw, 6):
        words += ["--format", draw(st.sampled_from(["json", "csv", "yaml"]))]
    if rarely(draw, 8):
        words.append("--survivors")
    return words


@st.composite
def naval_command_lines(draw):
    command = draw(st.sampled_from(["naval", "piracy", "foreign-war", "intercept", "avoid"]))
    if command == "naval":
        words = ["naval", "--attacker", draw(fleet_texts("ottoman"))]
        words += ["--defender", draw(fleet_texts("hapsburg"))]
        for flag in ("--in-port", "--attacker-no-retreat", "--defender-no-retreat"):
            if rarely(draw, 4):
                words.append(flag)
        if rarely(draw, 3):
            words += ["--attacker-cards", draw(st.sampled_from(NAVAL_CARDS))]
        if rarely(draw, 4):
            card = draw(st.sampled_from(NAVAL_CARDS[:3]))
            words += ["--policy", f"{card}={draw(st.sampled_from(POLICIES))}"]
    elif command == "piracy":
        words = ["piracy", "--pirates", draw(fleet_texts("ottoman"))]
        words += ["--target-ports", count_word(draw, 1, 3)]
        for option in ("--zone-squadrons", "--adjacent-squadrons", "--adjacent-fortresses",
                       "--target-hand", "--target-squadrons", "--piracy-vp"):  # fmt: skip
            if rarely(draw, 3):
                words += [option, count_word(draw)]
        if rarely(draw, 4):
            words += ["--award-policy", draw(st.sampled_from(["even", "in-order"]))]
        if rarely(draw, 4):
            words += ["--award-order", draw(st.sampled_from(["cards,vp", "vp,vp", "x", ""]))]
        if rarely(draw, 6):
            words += ["--responses", draw(st.sampled_from(["foul-weather", "tercios"]))]
    elif command == "foreign-war":
        words = ["foreign-war", "--war", draw(st.sampled_from(["persia", "egypt", "ireland"]))]
        words += ["--force", f"{count_word(draw, 1, 5)}R"]
        words += ["--horizon", draw(st.sampled_from(["1", "2", "3", "51", "0"]))]
        if rarely(draw, 3):
            words += ["--reinforcements", count_word(draw, 0, 2)]
        if rarely(draw, 4):
            words += ["--cards", draw(st.sampled_from(NAVAL_CARDS))]
        if rarely(draw, 4):
            words += ["--policy", f"janissaries={draw(st.sampled_from(POLICIES))}"]
    else:
        role = "--interceptor" if command == "intercept" else "--defender"
        words = [command, role, draw(fleet_texts("hapsburg")), "--naval"]
        if rarely(draw, 3):
            words += ["--rowers", draw(st.sampled_from(["roller", "opponent"]))]
        if rarely(draw, 3):
            words += ["--rowers-policy", draw(st.sampled_from(POLICIES[:2]))]
        if command == "avoid" and rarely(draw, 6):
            words.append("--in-port")
    return words + draw(engine_words())


@FEW
@given(naval_command_lines())
def test_naval_piracy_and_war_command_lines_answer_or_refuse_in_one_line(argv):
    assert_answered_or_refused(argv)


@st.composite
def needed_command_lines(draw):
    kind = draw(st.sampled_from(["battle", "assault", "siege", "naval", "foreign-war", "move"]))
    unknown = draw(st.sampled_from(["?R", "?R L1", "4R L?", "?M", "?Sq", "??R", "R"]))
    words = ["needed", kind]
    if kind in ("battle", "assault"):
        words += ["--attacker", f"ottoman: {unknown}", "--defender", "hapsburg: 2R"]
    elif kind == "siege":
        words += ["--besiegers", unknown, "--garrison", "hapsburg: 2R", "--within", "2"]
    elif kind == "naval":
        words += ["--attacker", f"ottoman: {unknown.replace('R', 'Sq')}", "--defender", "1Sq"]
    elif kind == "foreign-war":
        words += ["--war", "egypt", "--force", unknown, "--within", "1"]
    else:
        words += ["vienna", "--stack", f"{draw(st.sampled_from(['Pressburg', 'Atlantis']))}="
                  f"ottoman: {unknown} 1C Suleiman"]  # fmt: skip
    words += ["--target", draw(st.sampled_from(["0.5", "75%", "0", "2", "abc"]))]
    for option, values in (
        ("--within", ["1", "3", "51", "1e9"]),
        ("--max-units", ["5", "100", "1000000"]),
        ("--in-port", None),
        ("--war", ["persia"]),
        ("--event", ["attacker_wins", "bogus"]),
        ("--defender-policy", ["fight", "surrender"]),
        ("--seed", ["1"]),
        ("--attacker-cards", ["tercios", "excalibur"]),
    ):
        if rarely(draw, 8):
            words += [option] if values is None else [option, draw(st.sampled_from(values))]
    if rarely(draw, 6):
        words += ["--method", draw(st.sampled_from(["exact", "monte-carlo"]))]
    return words + ["--max-units", "8"] if "--max-units" not in words else words


@FEW
@given(needed_command_lines())
def test_needed_command_lines_answer_or_refuse_in_one_line(argv):
    assert_answered_or_refused(argv)


PLAN_VALUES = st.sampled_from(
    ["5", "true", '"fight"', '"withdraw"', '"avoid:Brunn"', '"surrender"', '""', "[]", "[5]",
     '[[2, "3R"]]', '[[2, "hapsburg: 3R"]]', '[[99, "3R"]]', '"2R"', '"france: 1R"', "{}",
     '{Graz = 5}', '"all"', '"none"', '["tercios"]', "-1"]
)  # fmt: skip
PLAN_KEYS = ["defender", "retreat", "interception", "attacker_cards", "avoiding_units",
             "after_withdrawal", "schedule", "reinforcements", "assault_from", "assault_cards",
             "name", "title", "horizon", "side", "method", "trials", "seed"]  # fmt: skip


@st.composite
def plan_texts(draw):
    """A small plan (one course) with one or two keys set to generated values."""
    plan = {"title": '"t"', "horizon": "1", "side": '"attacker"', "besiegers": '"5R Suleiman"',
            "garrison": '"hapsburg: 2R"'}  # fmt: skip
    course = {"name": '"assault"'}
    if draw(st.booleans()):  # a move: the courses take move keys
        del plan["besiegers"], plan["garrison"]
        plan["scenario"] = '"vienna"'
        course["defender"] = '"fight"'
    for _ in range(draw(st.integers(1, 2))):
        key = draw(st.sampled_from(PLAN_KEYS))
        table = plan if key in ("title", "horizon", "side", "method", "trials", "seed") else course
        table[key] = draw(PLAN_VALUES)
    lines = ["[plan]", *(f"{k} = {v}" for k, v in plan.items()), "", "[[course]]"]
    return "\n".join([*lines, *(f"{k} = {v}" for k, v in course.items())]) + "\n"


@FEW
@given(plan_texts(), st.sampled_from([["--exact"], ["--trials", "2000", "--seed", "1"]]))
def test_plan_files_answer_or_refuse_in_one_line(text, engine):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plan.toml"
        path.write_text(text, encoding="utf-8")
        assert_answered_or_refused(["plan", str(path), *engine])


SWEEP_GRIDS = {
    "naval": {"attacker": ["ottoman: 1..2Sq", "ottoman: 2Sq"], "defender": ["hapsburg: 1Sq"],
              "in_port": [True, "yes"], "post_roll": ["janissaries=always", 5, "x"],
              "attacker_cards": ["", "janissaries", 5]},
    "piracy": {"pirates": ["ottoman: 1..2Co", "ottoman: 2Co Dragut"], "target_ports": [1, 2],
               "zone_squadrons": [0, 1, 1000, 1.5], "target_squadrons": [2.5, 1],
               "award_order": ["cards,vp", 5], "award_policy": ["in-order", 5]},
    "foreign-war": {"war": ["egypt", "atlantis", 5], "force": ["1..3R", "2R L1"],
                    "horizon": [1, 2, 51, "2"], "reinforcements": [0, 1, -1]},
    "naval-intercept": {"interceptor": ["hapsburg: 1..2Sq"], "rowers": [None, "roller", 5],
                        "rowers_policy": ["always", 5]},
    "reformation-scenario": {"scenario": ["religion_1517", "religion_example", "atlantis", 5],
                             "space": ["Magdeburg", "Atlantic Ocean", "Paris", 3],
                             "source": ["95-theses", "burn-books:german", "treatise:x", 5],
                             "this_turn": ["", "printing-press", "bogus", 5],
                             "debater": ["", "Bucer", "Faber", "Gandalf", 5],
                             "protestant": ["Leipzig", "Nowhere", "", 5]},
    "attempts-scenario": {"scenario": ["religion_1517", "religion_example", "atlantis", 5],
                          "source": ["treatise:german", "carlstadt", "caraffa", "nope", 5],
                          "policy": ["greedy", "optimal", "order:Leipzig", "order:", 5],
                          "objective": ["flips", "at-least:2", "space:Atlantic Ocean", "x", 5],
                          "unrest": ["Leipzig", "Nowhere", 5],
                          "placards_attempts": [3, 5, "3"]},
}  # fmt: skip


@st.composite
def sweep_grids(draw):
    kind = draw(st.sampled_from(sorted(SWEEP_GRIDS)))
    grid = {}
    for name, values in SWEEP_GRIDS[kind].items():
        if name in ("attacker", "defender", "pirates", "war", "force", "interceptor", "horizon",
                    "target_ports", "scenario", "space", "source") or rarely(draw, 3):  # fmt: skip
            grid[name] = draw(st.sampled_from(values))
    if kind == "foreign-war" and rarely(draw, 3):
        grid["horizon"] = [grid["horizon"], 1]  # an axis of values
    return kind, grid


@FEW
@given(sweep_grids())
def test_sweeps_of_the_new_kinds_answer_or_refuse_in_one_line(kind_and_grid):
    kind, grid = kind_and_grid
    started = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            frame = oe.sweep(kind, {k: v for k, v in grid.items() if v is not None},
                             progress=False)  # fmt: skip
    except OddsEngineError as error:
        one_line(error)
        event(f"{kind}: refused")
        return
    assert time.perf_counter() - started < TIME_BUDGET
    # A value of the wrong type is an error of the file, never a refused row.
    for reason in frame.get("reason", []).dropna():
        assert "must be" not in reason or "between" in reason or "at least" in reason, reason


API_CALLS = {
    "Fleet": lambda a, b, c: Fleet(squadrons=a, corsairs=b, leaders=c),
    "Fleet power": lambda a, b, c: Fleet(squadrons=2, power=a, leaders=b),
    "NavalBattle": lambda a, b, c: NavalBattle(a, b, attacker_cards=c),
    "NavalBattle post_roll": lambda a, b, c: NavalBattle(
        "ottoman: 2Sq", "hapsburg: 1Sq", post_roll=a, in_port=b, attacker_cards=c
    ),
    "NavalInterception": lambda a, b, c: NavalInterception(a, rowers=b, rowers_policy=c),
    "NavalAvoidBattle": lambda a, b, c: NavalAvoidBattle(a, in_port=b, rowers=c),
    "Piracy": lambda a, b, c: Piracy("ottoman: 2Co", zone_squadrons=a, target_ports=b,
                                     target_squadrons=c),  # fmt: skip
    "Piracy awards": lambda a, b, c: Piracy("ottoman: 2Co", target_ports=1, award_policy=a,
                                            award_order=b, target_hand=c),  # fmt: skip
    "ForeignWar": lambda a, b, c: ForeignWar(a, b, horizon=c),
    "ForeignWar settings": lambda a, b, c: ForeignWar(
        "egypt", "3R", reinforcements=a, cards=b, post_roll_policy=c
    ),
    "needed": lambda a, b, c: oe.needed(
        "battle", attacker="?R", defender="hapsburg: 1R", target=a, within=None,
        max_units=4, event=c if isinstance(c, str) else None,
        **({"attacker_cards": b} if b is not None else {}),
    ),
    "needed kind": lambda a, b, c: oe.needed(a, attacker="?R", defender="1R", target=0.5,
                                             max_units=3),  # fmt: skip
    "needed settings": lambda a, b, c: oe.needed(
        "battle", attacker="?R", defender="1R", target=0.5, max_units=a, method=b, precision=c
    ),
    "Plan": lambda a, b, c: Plan(a, b, scenario=c),
    "Course": lambda a, b, c: Course(a, b, c),
    "SiegeCampaign": lambda a, b, c: oe.SiegeCampaign(
        "9R Suleiman", "hapsburg: 2R", horizon=2, schedule=a, reinforcements=b, assault_from=c
    ),
    "build_spec": lambda a, b, c: build_spec(
        {"engagement": "naval", "attacker": a, "defender": b, "attacker_cards": c}
    ),
    "card_value": lambda a, b, c: oe.card_value(a),
}  # fmt: skip


@FEW
@given(st.sampled_from(sorted(API_CALLS)), any_value, any_value, any_value)
def test_the_new_entry_points_answer_or_raise_the_project_error(name, first, second, third):
    """Only the project's error (a ValueError; a TypeError too for a value of the wrong
    kind): no AttributeError, KeyError, OverflowError or plain TypeError from inside."""
    event(name)
    started = time.perf_counter()
    try:
        API_CALLS[name](first, second, third)
    except OddsEngineError as error:
        one_line(error)
        event(f"{name}: refused")
    assert time.perf_counter() - started < TIME_BUDGET

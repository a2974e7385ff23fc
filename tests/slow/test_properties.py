"""Property-based tests: generated forces, templates, engagements, scenario files and
command lines, good and bad (issue 10).

Whatever is generated, the engine answers or refuses: a refusal is the project's error
type with a one-line message (exit status 2 on the command line), never a traceback or a
hang, and an exact answer's outcome probabilities sum to 1. The examples are derandomized,
so every run of the suite tries the same inputs, and kept few, so the file runs in
seconds.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import tempfile
import time
from pathlib import Path

import pytest
from conftest import HANG_GUARD_SECONDS
from hypothesis import event, given
from hypothesis import strategies as st
from property_settings import MESSAGE_LIMIT, SETTINGS, one_line  # noqa: F401 (shared)

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.combat.limits import MAX_UNITS
from oddsengine.errors import OddsEngineError
from oddsengine.moves.scenario_file import find_scenario
from oddsengine.sweeps.templates import parse_template

pytestmark = pytest.mark.slow

#: Seconds any one generated input may take: the suite's hang guard, never a speed test.
TIME_BUDGET = HANG_GUARD_SECONDS

# The suite's Hypothesis profile and the one-line check are in tests/property_settings.py.

LEADER_NAMES = [*oe.LEADERS, "charles-v", "Ibrahim", "Gandalf", "L0", "L1", "L2", "L3"]
POWERS = ["ottoman", "hapsburg", "france", "england", "papacy", "protestant", "venice", "Mordor"]
CARD_NAMES = [*oe.CARDS, "30", "25", "999", "gandalf", "9" * 60]

# -- strategies ------------------------------------------------------------------------

#: Counts a user may type: small ones, the limit and just above, and absurd ones.
bad_counts = st.sampled_from(
    [str(MAX_UNITS + 1), "1030", "1" + "0" * 30, "9" * 5000, "-1", "1e3", "", "٣", "0x10"]
)


def rarely(draw, odds: int) -> bool:
    """True about once in ``odds`` draws. (A middle value, not 0: Hypothesis favours the
    simplest values, so ``== 0`` would come up far more often than once in ``odds``.)"""
    return draw(st.integers(0, odds - 1)) == odds // 2


def sometimes_bad(draw, good, bad, odds: int = 8):
    """Draw from ``bad`` about once in ``odds`` times, else from ``good``."""
    return draw(bad) if rarely(draw, odds) else draw(good)


@st.composite
def force_texts(draw, power):
    """A force of ``power`` as a user may write it: mostly valid, sometimes not."""
    prefix = sometimes_bad(draw, st.just(power), st.sampled_from([None, *POWERS]), 12)
    letters = draw(
        st.lists(
            st.sampled_from("RMC" if power == "ottoman" else "RM"),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    letters = sometimes_bad(draw, st.just(letters), st.just([*letters, "X", "R"]), 12)
    words = [
        f"{sometimes_bad(draw, st.integers(1, 4).map(str), bad_counts, 12)}{letter}"
        for letter in letters
    ]
    names = [name for name, leader in oe.LEADERS.items() if leader.power == power]
    leaders = st.lists(st.sampled_from([*names, "L0", "L1", "L2"]), max_size=2, unique=True)
    words += sometimes_bad(draw, leaders, st.lists(st.sampled_from(LEADER_NAMES), max_size=3), 12)
    body = " ".join(words) or "0R"
    return f"{prefix}: {body}" if prefix else body


@st.composite
def small_forces(draw, power):
    """A valid force of a few units for ``power``, with at most one named leader."""
    regulars = draw(st.integers(0, 6))
    mercenaries = draw(st.integers(0, 3))
    cavalry = draw(st.integers(0, 2)) if power == "ottoman" else 0
    leader = draw(st.sampled_from(["", "L0", "L1", "L2"]))
    return f"{power}: {regulars}R {mercenaries}M {cavalry}C {leader}".strip()


counts = st.one_of(st.integers(0, 12), st.sampled_from([MAX_UNITS, MAX_UNITS + 1, 10**30]))
range_word = st.one_of(
    st.builds(
        lambda low, high, letter: f"{low}..{high}{letter}", counts, counts, st.sampled_from("RMC")
    ),
    st.builds(lambda low, high: f"L{low}..{high}", st.integers(0, 4), st.integers(0, 4)),
    st.sampled_from(["1..10^30R", "2..R", "..", "0..9" * 3, "L0..2", "0..4R"]),
)


# -- forces and templates -----------------------------------------------------------------


@SETTINGS
@given(st.sampled_from(POWERS[:-1]).flatmap(force_texts))
def test_a_force_is_read_within_the_limits_or_refused_in_one_line(text):
    try:
        force = oe.parse_force(text)
    except OddsEngineError as error:
        one_line(error)
        return
    for kind in ("regulars", "mercenaries", "cavalry"):
        assert 0 <= getattr(force, kind) <= MAX_UNITS
    named = [leader.name for leader in force.leaders if not leader.is_anonymous]
    assert len(named) == len(set(named))  # one leader, one place
    assert oe.parse_force(force.notation()) == force


@SETTINGS
@given(
    st.lists(range_word, min_size=1, max_size=3).map(" ".join),
    st.sampled_from(["", "hapsburg: ", "ottoman: ", "4R ", "Suleiman "]),
)
def test_a_template_is_read_within_the_limits_or_refused_in_one_line(ranges, prefix):
    try:
        template = parse_template(prefix + ranges)
    except OddsEngineError as error:
        one_line(error)
        return
    for axis in template.axes:
        assert max(axis.values) <= MAX_UNITS
    assert template.size <= (MAX_UNITS + 1) ** 3 * 3


# -- exact answers ------------------------------------------------------------------------

KINDS = ["battle", "assault", "intercept", "avoid"]


@st.composite
def engagements(draw):
    kind = draw(st.sampled_from(KINDS))
    attacker = draw(small_forces("ottoman"))
    defender = draw(small_forces(draw(st.sampled_from(["hapsburg", "france", "papacy"]))))
    if kind == "intercept":
        return oe.Interception(defender, attacker)
    if kind == "avoid":
        return oe.AvoidBattle(defender, attacker, lost_battle_this_impulse=draw(st.booleans()))
    cards = draw(st.lists(st.sampled_from(list(oe.CARDS)), max_size=2, unique=True))
    side = draw(st.sampled_from(["attacker_cards", "defender_cards", "responses"]))
    spec_class = oe.FieldBattle if kind == "battle" else oe.Assault
    return spec_class(attacker, defender, **{side: cards})


@SETTINGS
@given(st.data())
def test_exact_outcome_probabilities_sum_to_one(data):
    try:
        spec = data.draw(engagements())
    except OddsEngineError as error:  # the rules refuse this engagement
        one_line(error)
        event("refused by the rules")
        return
    event(type(spec).__name__)
    started = time.perf_counter()
    result = oe.exact(spec)
    assert time.perf_counter() - started < TIME_BUDGET
    outcomes = [result.p[name] for name in result.outcome_names]
    assert all(0 <= p <= 1 + 1e-12 for p in outcomes)
    assert math.fsum(outcomes) == pytest.approx(1.0, abs=1e-9)
    for probability in result.p.values():
        assert -1e-12 <= probability <= 1 + 1e-12


# -- command lines ------------------------------------------------------------------------

NUMBERS = ["1000", "20000", "0", "-1", "1.5", "inf", "nan", "1e400", "1e12", "abc", "9" * 80]
PRECISIONS = ["0.05", "2%", "1e-300", "1e-160", "0.7", "0", "abc"]


@st.composite
def engine_options(draw):
    """Engine options, mostly ones that fit together, sometimes not."""
    numbers = st.sampled_from(NUMBERS)
    words = []
    if draw(st.booleans()):
        words.append("--exact")
        if rarely(draw, 8):
            words += ["--trials", draw(numbers)]
    else:
        words += ["--trials", sometimes_bad(draw, st.sampled_from(NUMBERS[:2]), numbers)]
        if rarely(draw, 6):
            words += [
                "--precision",
                sometimes_bad(draw, st.just("0.05"), st.sampled_from(PRECISIONS), 3),
            ]
            if draw(st.booleans()):
                words += ["--max-trials", sometimes_bad(draw, st.just("100000"), numbers, 3)]
    if rarely(draw, 4):
        words += [
            "--seed",
            sometimes_bad(draw, st.just("1"), st.sampled_from(["-5", "abc", "9" * 30]), 8),
        ]
    if rarely(draw, 4):
        formats = st.sampled_from(["table", "json", "csv"])
        words += ["--format", sometimes_bad(draw, formats, st.just("yaml"))]
    return words


@st.composite
def combat_command_lines(draw):
    command = draw(st.sampled_from(["battle", "assault"]))
    words = [command, "--attacker", draw(force_texts("ottoman"))]
    words += ["--defender", draw(force_texts("hapsburg"))]
    for option in ("--attacker-cards", "--defender-cards", "--responses"):
        if rarely(draw, 4):
            cards = st.lists(st.sampled_from(CARD_NAMES), max_size=2)
            words += [option, ",".join(sometimes_bad(draw, st.just([]), cards, 2))]
    for option, values in (
        ("--gout-target", ["Suleiman", "Gandalf", ""]),
        ("--side", ["attacker", "defender", "both"]),
        ("--attacker-casualty-order", ["RMC", "cavalry", "XYZ", "R,R"]),
    ):
        if rarely(draw, 12):
            words += [option, draw(st.sampled_from(values))]
    for flag in ("--card-value", "--compare", "--survivors", "--cards-as-printed"):
        if rarely(draw, 12):
            words.append(flag)
    return words + draw(engine_options())


@st.composite
def roll_command_lines(draw):
    if draw(st.booleans()):
        words = ["intercept", "--interceptor", draw(force_texts("hapsburg"))]
        words += ["--mover", draw(force_texts("ottoman"))]
    else:
        words = ["avoid", "--defender", draw(force_texts("hapsburg"))]
        words += ["--attacker", draw(force_texts("ottoman"))]
    return words + draw(engine_options())


@st.composite
def table_command_lines(draw):
    kind = draw(st.sampled_from(KINDS))
    words = ["table", kind]
    roles = {"battle": ("attacker", "defender"), "assault": ("attacker", "defender")}
    roles.update({"intercept": ("interceptor", "mover"), "avoid": ("defender", "attacker")})
    for role, power in zip(roles[kind], ("ottoman", "hapsburg"), strict=True):
        if draw(st.integers(0, 5)):
            low = draw(st.integers(0, 3))
            high = sometimes_bad(
                draw,
                st.sampled_from([low, low + 1, low + 2]),
                st.sampled_from([MAX_UNITS + 1, 10**30]),
            )
            leader = draw(
                st.sampled_from(
                    ["", " L1", " L0..2", " Suleiman"] if power == "ottoman" else ["", " L1"]
                )
            )
            words += [f"--{role}", f"{power}: {low}..{high}R{leader}"]
    if rarely(draw, 6):
        words += ["--attacker-cards", draw(st.sampled_from(CARD_NAMES))]
    return words


MOVE_VALUES = st.sampled_from(
    ["5", "true", "1.5", '"fight"', '"avoid:Graz"', '""', "[]", "[5]", '["tercios"]', "{}",
     '{Vienna = 3}', '"hapsburg: 2R Ferdinand"', '"ottoman: 100R"', '"Pressburg"', '"Linz"']
)  # fmt: skip
MOVE_KEYS = [
    ("[move]", ["from", "to", "units", "power", "defender", "retreat", "interception",
                "attacker_cards", "defender_cards", "speed"]),
    ("[situation]", ["wars", "alliances", "unrest", "impulse_order", "control", "weather"]),
]  # fmt: skip


@st.composite
def scenario_texts(draw):
    """The Vienna example with one to three keys set to generated values."""
    text = find_scenario("vienna")[1].decode("utf-8")
    for _ in range(draw(st.integers(0, 3))):
        header, keys = draw(st.sampled_from(MOVE_KEYS))
        key = draw(st.sampled_from(keys))
        lines = [line for line in text.splitlines() if not line.startswith(f"{key} =")]
        text = "\n".join(lines)
        text = text.replace(header, f"{header}\n{key} = {draw(MOVE_VALUES)}", 1)
    if rarely(draw, 6):
        text += '\n[[stack]]\nspace = "Linz"\nforce = "hapsburg: 1R Ferdinand"\n'
    return text


def run_command_line(argv) -> tuple[int, str, str]:
    """The command line in-process: exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse
            status = stop.code
    assert time.perf_counter() - started < TIME_BUDGET, argv
    return status, out.getvalue(), err.getvalue()


def assert_answered_or_refused(argv) -> None:
    status, out, err = run_command_line(argv)
    event(f"exit status {status}")
    event(re.sub(r"'[^']*'", "'...'", err.strip())[:90])  # what refusals are seen
    event(re.sub(r"'[^']*'", "Q", err.strip())[:90])
    if status == 0:
        # An answer may come with one note of the scenarios the rules refused, no more.
        notes = err.splitlines()
        assert out and len(notes) <= 1, (argv, err)
        assert all(
            re.match(r"oddsengine \w+: note: \d+ of \d+ scenarios refused: ", n) for n in notes
        )
        return
    lines = err.strip().splitlines()
    assert status == 2, (argv, status, err[-2000:])
    assert len(lines) == 1, (argv, err[-2000:])
    assert len(lines[0]) <= MESSAGE_LIMIT, (argv, lines[0])
    assert "Traceback" not in err


@SETTINGS
@given(combat_command_lines())
def test_battle_and_assault_command_lines_answer_or_refuse_in_one_line(argv):
    assert_answered_or_refused(argv)


@SETTINGS
@given(roll_command_lines())
def test_intercept_and_avoid_command_lines_answer_or_refuse_in_one_line(argv):
    assert_answered_or_refused(argv)


@SETTINGS
@given(table_command_lines())
def test_table_command_lines_answer_or_refuse_in_one_line(argv):
    assert_answered_or_refused(argv)


@SETTINGS
@given(scenario_texts(), st.sampled_from(["move", "siege"]), st.booleans())
def test_move_files_answer_or_refuse_in_one_line(text, command, as_bytes_of_utf16):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scenario.toml"
        if as_bytes_of_utf16 and "Linz" in text:
            path.write_bytes(text.encode("utf-16"))
        else:
            path.write_text(text, encoding="utf-8")
        if command == "move":
            argv = ["move", str(path), "--exact", "--states", "2"]
        else:
            argv = ["siege", "--after-move", str(path), "--exact", "--horizon", "2"]
        assert_answered_or_refused(argv)


# -- the Python API -----------------------------------------------------------------------

#: Values of every kind a caller may pass by mistake.
any_value = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 120),
    st.sampled_from([10**30, 10**5000, -(10**30)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["4R", "hapsburg: 2R", "7R 1C Suleiman", "tercios", "RMC", "vienna", ""]),
    st.lists(st.sampled_from(["tercios", "Suleiman", 5, None, "R"]), max_size=3),
    st.dictionaries(st.sampled_from(["janissaries", "x"]), st.sampled_from(["always", 5])),
)

API_CALLS = {
    "Force": lambda a, b, c: oe.Force(regulars=a, mercenaries=b, leaders=c),
    "Force power": lambda a, b, c: oe.Force(regulars=3, power=a, leaders=b),
    "parse_force": lambda a, b, c: oe.parse_force(a),
    "parse_template": lambda a, b, c: parse_template(a),
    "find_card": lambda a, b, c: oe.find_card(a),
    "find_leader": lambda a, b, c: oe.find_leader(a),
    "FieldBattle": lambda a, b, c: oe.FieldBattle(a, b, attacker_cards=c),
    "Assault": lambda a, b, c: oe.Assault("6R L1", a, responses=b, defender_cards=c),
    "FieldBattle ally": lambda a, b, c: oe.FieldBattle("5R", "hapsburg: 2R", defender_ally=a),
    "Interception": lambda a, b, c: oe.Interception(a, b),
    "AvoidBattle": lambda a, b, c: oe.AvoidBattle(a, b, lost_battle_this_impulse=c),
    "Policies": lambda a, b, c: oe.Policies(attacker_casualty_order=a, post_roll=b, gout_target=c),
    "RuleOptions": lambda a, b, c: oe.RuleOptions(cards_as_printed=a),
    "exact": lambda a, b, c: oe.exact(a),
    "simulate": lambda a, b, c: oe.simulate(a, trials=1000, seed=1),
    "simulate settings": lambda a, b, c: oe.simulate(
        oe.Interception("hapsburg: 2R", "4R"), trials=min(a, 5000) if type(a) is int else a,
        seed=1, precision=b if b is None or type(b) is not float else max(b, 0.01),
    ),
    "compare": lambda a, b, c: oe.compare(a, oe.exact(oe.Interception("hapsburg: 2R", "4R"))),
    "load_move": lambda a, b, c: oe.load_move(a),
    "SiegeCampaign": lambda a, b, c: oe.SiegeCampaign(a, b, attacker_cards=c, horizon=2),
    "exact_campaign": lambda a, b, c: oe.exact_campaign(a),
}  # fmt: skip


@SETTINGS
@given(st.sampled_from(sorted(API_CALLS)), any_value, any_value, any_value)
def test_the_public_api_answers_or_raises_the_project_error(name, first, second, third):
    """No AttributeError, KeyError, ZeroDivisionError... from a bad value: only the
    project's error (a ValueError, and a TypeError too for a value of the wrong kind)."""
    event(name)
    started = time.perf_counter()
    try:
        API_CALLS[name](first, second, third)
    except OddsEngineError as error:
        one_line(error)
        event(f"{name}: refused")
    assert time.perf_counter() - started < TIME_BUDGET

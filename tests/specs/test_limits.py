"""Limits from the game, checked before any work: counts in forces, templates and cards,
one leader in one place, and messages that stay one short line whatever the input."""

import pytest

import oddsengine as oe
from oddsengine.combat.limits import MAX_COMBINED_UNITS, MAX_UNITS, check_grid_size
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.sweeps.templates import parse_template

HUGE = "1" + "0" * 30
THOUSANDS_OF_DIGITS = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        f"hapsburg: {HUGE}R",
        f"{THOUSANDS_OF_DIGITS}R",
        f"4R {THOUSANDS_OF_DIGITS}M",
        f"L{THOUSANDS_OF_DIGITS}",
        f"{MAX_UNITS + 1}R",
    ],
)
def test_a_force_larger_than_the_counter_mix_is_refused_before_any_work(text):
    with pytest.raises(OddsEngineError) as refused:
        oe.parse_force(text)
    message = str(refused.value)
    assert len(message) < 200 and "\n" not in message


def test_the_refusal_says_what_the_limit_is():
    with pytest.raises(OddsEngineError, match="at most 99 regulars in one force"):
        oe.parse_force(f"hapsburg: {HUGE}R")
    with pytest.raises(OddsEngineError, match="at most 99 mercenaries"):
        oe.FieldBattle("4R", "hapsburg: 1R", defender_ally=oe.Force(mercenaries=100))


def test_the_largest_force_allowed_is_answered():
    battle = oe.FieldBattle(f"{MAX_UNITS}R L2", f"hapsburg: {MAX_UNITS}R {MAX_UNITS}M")
    result = oe.exact(battle)
    assert battle.attacker.regulars == MAX_UNITS
    assert sum(result.p[name] for name in result.outcome_names) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize(
    "count", [10**30, 10**5000, MAX_COMBINED_UNITS + 1], ids=["1e30", "1e5000", "1000"]
)
def test_force_refuses_an_impossible_count_at_construction(count):
    with pytest.raises(OddsEngineError, match="at most"):
        oe.Force(regulars=count)


def test_a_force_object_above_the_counter_mix_is_refused_by_an_engagement():
    # A Force may hold the units of several allied powers together (up to 999 of a type);
    # a force a user gives to an engagement is bounded by the counter mix.
    big = oe.Force(regulars=150)
    with pytest.raises(OddsEngineError, match="attacker: at most 99 regulars"):
        oe.FieldBattle(big, "hapsburg: 1R")
    with pytest.raises(OddsEngineError, match="interceptor: at most 99"):
        oe.Interception(big, "4R")


@pytest.mark.parametrize(
    "text",
    [f"1..{HUGE}R", f"0..{THOUSANDS_OF_DIGITS}M", f"L0..{THOUSANDS_OF_DIGITS}", "1..100R"],
)
def test_a_template_beyond_the_counter_mix_is_refused(text):
    with pytest.raises(OddsEngineError) as refused:
        parse_template(text)
    assert len(str(refused.value)) < 300


def test_a_template_up_to_the_limit_is_read_without_building_its_forces():
    assert parse_template(f"0..{MAX_UNITS}R 0..{MAX_UNITS}M L0..2").size == 100 * 100 * 3


@pytest.mark.parametrize(
    "number",
    [THOUSANDS_OF_DIGITS, 10**5000, "#" + "7" * 40, "99999"],
    ids=["text", "int", "#", "5"],
)
def test_a_card_number_of_many_digits_is_refused(number):
    with pytest.raises(OddsEngineError, match="does not change a land combat") as refused:
        oe.find_card(number)
    assert len(str(refused.value)) < 300


def test_a_grid_too_large_is_refused_before_it_is_built():
    assert check_grid_size(16 * 16) == 256
    with pytest.raises(OddsEngineError, match="at most 1000000"):
        check_grid_size(10**10)


# Item 4: one leader, one place.


@pytest.mark.parametrize("text", ["13R Suleiman Suleiman", "hapsburg: 4R Charles-V Charles V"])
def test_a_leader_listed_twice_in_a_force_is_refused(text):
    with pytest.raises(OddsEngineError, match="listed twice: one leader, one place"):
        oe.parse_force(text)


def test_anonymous_leaders_of_the_same_rating_are_different_leaders():
    assert oe.parse_force("6R L1 L1").battle_rating == 1


def test_leaders_may_be_given_by_name():
    force = oe.Force(regulars=3, leaders=["Suleiman", "Ibrahim"])
    assert [leader.name for leader in force.leaders] == ["Suleiman", "Ibrahim Pasha"]
    assert force.power == "ottoman"
    assert force.command_capacity == 12 + 6  # RULES.md §1: Suleiman 12, Ibrahim 6
    with pytest.raises(OddsEngineError, match="listed twice"):
        oe.Force(leaders=["Suleiman", oe.find_leader("Suleiman")])
    with pytest.raises(OddsEngineError, match="a leader must be a Leader"):
        oe.Force(leaders=[5])


def test_wrong_types_of_power_are_refused_as_user_errors():
    with pytest.raises(OddsEngineError, match="a power is named by a string"):
        oe.Force(regulars=1, power=5)
    with pytest.raises(OddsEngineTypeError):
        oe.FieldBattle(5, "1R")

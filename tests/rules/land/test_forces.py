"""Force notation, leaders and powers (RULES.md §1)."""

import pytest

from oddsengine import Force, OddsEngineError, find_leader, parse_force


def test_the_issue_examples_parse():
    force = parse_force("7R 1C Suleiman Ibrahim")
    assert (force.regulars, force.cavalry, force.mercenaries) == (7, 1, 0)
    assert [leader.name for leader in force.leaders] == ["Suleiman", "Ibrahim Pasha"]
    assert force.power == "ottoman"
    anonymous = parse_force("4M L2")
    assert anonymous.mercenaries == 4 and anonymous.battle_rating == 2 and anonymous.power is None
    assert parse_force("ottoman: 7R 1C").power == "ottoman"


@pytest.mark.parametrize("name", ["charles-v", "Charles V", "CHARLES_V", "charles v"])
def test_leader_names_are_matched_case_insensitively(name):
    assert find_leader(name).name == "Charles V"


@pytest.mark.rule("1", cites="Only the best battle rating counts (5.1)")
def test_only_the_best_battle_rating_counts():
    # 5.1: Suleiman (2) and Ibrahim (1) together give 2, not 3.
    assert parse_force("7R Suleiman Ibrahim").battle_rating == 2
    assert parse_force("3R").battle_rating == 0


def test_cavalry_implies_the_ottomans():
    assert parse_force("2R 1C").power == "ottoman"


def test_power_comes_from_named_leaders():
    assert parse_force("8R Charles-V").power == "hapsburg"


def test_multi_word_leaders_and_aliases():
    force = parse_force("3R Duke of Alva Ferdinand")
    assert [leader.name for leader in force.leaders] == ["Duke of Alva", "Ferdinand"]
    assert parse_force("hapsburg: 2R Maurice").leaders[0].name == "Maurice of Saxony"


@pytest.mark.rule(
    "1", cites="Refuse a force too large to ``action`` as one formation (RULES.md §1)"
)
def test_command_capacity_of_a_formation():
    # RULES.md §1: 4 units without a leader; the two best command ratings otherwise.
    assert parse_force("3R").command_capacity == 4
    assert parse_force("3R Suleiman Ibrahim").command_capacity == 18
    assert parse_force("3R L2").command_capacity is None


def test_units_after_losses_follow_the_casualty_order():
    force = parse_force("2M 3R 1C")
    assert force.units_after_losses(3) == {"regulars": 2, "mercenaries": 0, "cavalry": 1}
    order = ("cavalry", "regulars", "mercenaries")
    assert force.units_after_losses(2, order) == {"regulars": 2, "mercenaries": 2, "cavalry": 0}


def test_notation_round_trips():
    for text in ("ottoman: 7R 1C Suleiman", "hapsburg: 4M 2R Ferdinand", "0R"):
        assert parse_force(parse_force(text).notation()) == parse_force(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-1R", "cannot be negative"),
        ("3X", "cannot read '3X'"),
        ("7R Bob", "unknown leader 'Bob'"),
        ("3R Suleiman Charles-V", "leaders of different powers"),
        ("france: 2C", "only the Ottomans have cavalry"),
        ("", "empty force"),
        ("2R 3R", "regulars given twice"),
        ("atlantis: 2R", "unknown power 'atlantis'"),
        ("2R L3", "battle rating is 0, 1 or 2"),
        ("ottoman: 2R Charles-V", "cannot lead an Ottoman force"),
    ],
)
def test_bad_forces_are_refused_with_a_reason(text, message):
    with pytest.raises(OddsEngineError, match=message):
        parse_force(text)


def test_force_checks_counts_when_built_directly():
    with pytest.raises(OddsEngineError, match="whole number"):
        Force(regulars=2.5)
    with pytest.raises(OddsEngineError, match="cannot be negative"):
        Force(mercenaries=-2)


@pytest.mark.rule(
    "1", cites="Refuse a force too large to ``action`` as one formation (RULES.md §1)"
)
def test_formation_too_large_for_its_leaders_is_refused():
    with pytest.raises(OddsEngineError, match="cannot move as one formation"):
        parse_force("7R Ibrahim").check_formation("attacker")


def test_a_leader_of_another_power_is_named_with_the_right_article():
    with pytest.raises(
        OddsEngineError, match="^Suleiman is an Ottoman leader and cannot lead a Hapsburg force$"
    ):
        parse_force("hapsburg: 2R Suleiman")


# RULES.md §1 (5.1): two leaders share a given name; the force's power says which one.
@pytest.mark.rule("1", cites="Given names shared by leaders of different powers")
@pytest.mark.parametrize(
    ("text", "leader"),
    [
        ("england: 6R Charles", "Charles Brandon"),
        ("hapsburg: 6R Charles", "Charles V"),
        ("england: 2R Henry", "Henry VIII"),
        ("france: 2R Henry", "Henry II"),
    ],
)
def test_a_shared_given_name_is_the_leader_of_the_force_power(text, leader):
    assert [found.name for found in parse_force(text).leaders] == [leader]


@pytest.mark.rule("1", cites="Given names shared by leaders of different powers")
@pytest.mark.parametrize(
    ("text", "names"),
    [("6R Charles", ("Charles V", "Charles Brandon")), ("2R Henry", ("Henry VIII", "Henry II"))],
)
def test_a_shared_given_name_without_a_power_is_refused_with_both_leaders(text, names):
    with pytest.raises(OddsEngineError, match="ambiguous") as refusal:
        parse_force(text)
    assert all(name in str(refusal.value) for name in names)


@pytest.mark.rule("1", cites="Given names shared by leaders of different powers")
def test_an_unknown_leader_lists_the_leaders_of_the_force_power():
    with pytest.raises(OddsEngineError) as refusal:
        parse_force("england: 6R Zorro")
    assert "Henry VIII, Charles Brandon, Dudley" in str(refusal.value)
    with pytest.raises(OddsEngineError, match="did you mean 'Ferdinand'"):
        parse_force("hapsburg: 4R Fredinand")


def test_a_shared_given_name_not_of_the_power_is_refused():
    with pytest.raises(OddsEngineError, match="ottoman's leaders are Suleiman, Ibrahim Pasha"):
        find_leader("Charles", power="ottoman")

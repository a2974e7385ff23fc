"""The Python API validates at its public boundary: a bad call raises the project's error
type (a ValueError; also a TypeError for a value of the wrong kind), never an
AttributeError, a ZeroDivisionError or a KeyError from deep inside (issue 10, item 11)."""

import pytest

import oddsengine as oe
from oddsengine.errors import OddsEngineError, OddsEngineTypeError

BATTLE = oe.FieldBattle("5R L1", "hapsburg: 4R")
ASSAULT = oe.Assault("6R L1", "hapsburg: 2R")
SIEGE = oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=2)


@pytest.mark.parametrize(
    "call",
    [
        lambda: oe.simulate(None),
        lambda: oe.simulate("4R", trials=1000),
        lambda: oe.simulate(oe.FieldBattle, trials=1000),
        lambda: oe.simulate_many(None),
        lambda: oe.simulate_many([BATTLE, None], trials=1000),
        lambda: oe.exact("4R"),
        lambda: oe.exact(None),
        lambda: oe.simulate_move(BATTLE, trials=1000),
        lambda: oe.load_move(5),
        lambda: oe.Policies(attacker_casualty_order=5),
        lambda: oe.Policies(post_roll=5),
        lambda: oe.Policies(gout_target=5),
        lambda: oe.RuleOptions(cards_as_printed="yes"),
        lambda: oe.RuleOptions(cards_as_printed=1),
        lambda: oe.FieldBattle(None, "4R"),
        lambda: oe.FieldBattle("4R", "hapsburg: 2R", attacker_cards=2.5),
        lambda: oe.compare(None, oe.exact(BATTLE)),
        lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", attacker_cards=5.5),
        lambda: oe.exact_campaign(None),
        lambda: oe.simulate_campaign("9R Suleiman"),
        lambda: oe.compare_plans(None),  # escaped as pathlib's TypeError
        lambda: oe.compare_plans(5),
    ],
    ids=[
        "simulate-None",
        "simulate-str",
        "simulate-class",
        "simulate_many-None",
        "simulate_many-None-inside",
        "exact-str",
        "exact-None",
        "simulate_move-battle",
        "load_move-int",
        "casualty-order-int",
        "post-roll-int",
        "gout-target-int",
        "cards-as-printed-str",
        "cards-as-printed-int",
        "force-None",
        "cards-float",
        "compare-None",
        "siege-cards-float",
        "exact_campaign-None",
        "simulate_campaign-str",
        "compare_plans-None",
        "compare_plans-int",
    ],
)
def test_a_value_of_the_wrong_kind_raises_a_type_error_of_the_project(call):
    with pytest.raises(OddsEngineTypeError) as refused:
        call()
    assert isinstance(refused.value, TypeError)
    assert isinstance(refused.value, ValueError)  # every OddsEngineError is one
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: oe.simulate(BATTLE, precision=1e-300), "at least 1e-06"),
        (lambda: oe.simulate(BATTLE, precision=1e-160), "at least 1e-06"),
        (lambda: oe.simulate(BATTLE, precision="abc"), "precision must be a number"),
        (lambda: oe.simulate(BATTLE, precision=float("nan")), "between 0 and 0.5"),
        (lambda: oe.simulate(BATTLE, trials=10**12), "at most 1,000,000,000 trials"),
        (lambda: oe.simulate(BATTLE, trials=10**5000), "at most 1,000,000,000 trials"),
        (lambda: oe.Force(regulars=10**30), "at most"),
        (lambda: oe.simulate_campaign(SIEGE, trials=10**12), "at most 1,000,000,000 trials"),
        (lambda: oe.Force(leaders=["Suleiman", "Suleiman"]), "listed twice"),
        (lambda: oe.Force(leaders=["Gandalf"]), "unknown leader"),
    ],
)  # fmt: skip
def test_a_bad_value_raises_the_project_error(call, words):
    with pytest.raises(OddsEngineError, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_compare_refuses_results_of_two_different_engagements():
    with pytest.raises(OddsEngineError, match="two results of the same engagement"):
        oe.compare(oe.exact(BATTLE), oe.exact(ASSAULT))
    # The same engagement, even built twice, is compared.
    same = oe.FieldBattle("5R L1", "hapsburg: 4R")
    table = oe.compare(oe.exact(BATTLE), oe.simulate(same, trials=100_000, seed=3))
    assert not table["disagrees"].any()


def test_leaders_given_by_name_make_the_same_force_as_leaders_given_as_leaders():
    by_name = oe.Force(regulars=7, cavalry=1, leaders=["Suleiman", "Ibrahim"])
    assert by_name == oe.parse_force("7R 1C Suleiman Ibrahim")
    assert oe.Force(leaders="Ferdinand").power == "hapsburg"


def test_rule_options_keep_their_values_and_repr():
    # The repr keys the random streams of a spec: it must not change.
    assert repr(oe.RuleOptions(cards_as_printed=True)) == "RuleOptions(cards_as_printed=True)"
    assert oe.RuleOptions().cards_as_printed is False


# Found by a sweep of every public constructor and function with values of every kind:
# each of these escaped as a TypeError, an AttributeError or a ValueError of Python's own.
SIEGE_5R = ("5R Suleiman", "hapsburg: 2R")


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: oe.FieldBattle("4R", "3R", joined_garrison=5), "joined_garrison must be a Force"),
        (
            lambda: oe.FieldBattle("4R", "3R", joined_garrison=oe.Force(regulars=9)),
            "not part of the attacker",
        ),
        (lambda: oe.SiegeCampaign(*SIEGE_5R, options=[]), "options must be a RuleOptions"),
        (lambda: oe.SiegeCampaign(*SIEGE_5R, naval=None), "naval must be a mapping"),
        (lambda: oe.SiegeCampaign(*SIEGE_5R, naval="xyz"), "naval must be a mapping"),
        (lambda: oe.SiegeCampaign(*SIEGE_5R, naval=["xyz"]), "naval must be a mapping"),
        (lambda: oe.odds_table(["assault"], "4..5R", "1R"), "no odds table for ['assault']"),
        (lambda: oe.odds_table("assault", "4..5R", "1R", outcome=["success"]), "outcome must be"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_by_name(call, words):
    with pytest.raises(OddsEngineError) as refused:
        call()
    assert words in str(refused.value)


def test_a_sweep_without_a_cap_on_trials_takes_the_default_cap():
    from oddsengine.engines.montecarlo import MAX_TRIALS

    plan = oe.Sweep("assault", grid={"attacker": "4..5R", "defender": "1R"}, max_trials=None)
    assert plan.max_trials == MAX_TRIALS


@pytest.mark.parametrize(
    "call",
    [
        lambda: oe.ForeignWar(war="9" * 5000, force="5R"),
        lambda: oe.Piracy("ottoman: 2Co", target_ports=2, award_order="9" * 5000),
        lambda: oe.NavalInterception("hapsburg: 2Sq Doria", rowers="9" * 5000),
        lambda: oe.Sweep(kind="9" * 5000, grid={}),
        lambda: oe.odds_table("assault", "4..5R", "1R", method="9" * 5000),
    ],
    ids=["war", "award-order", "rowers", "sweep-kind", "table-method"],
)
def test_a_message_quoting_a_huge_value_stays_short(call):
    # Each message quoted the whole value: 5,000 characters on the one line of a refusal.
    with pytest.raises(OddsEngineError) as refused:
        call()
    message = str(refused.value)
    # The value is cut; the names the message lists (a sweep's kinds) may add to it.
    from oddsengine.kinds import SPEC_KINDS

    listed = sum(len(name) + 2 for name in SPEC_KINDS if name in message)
    assert len(message) < 400 + listed and " characters)" in message


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"target": None}, "target must be a probability"),
        ({"target": "0.4"}, "target must be a probability"),
        ({"location": ["Tyrrhenian Sea"]}, "location must be the name of a space"),
        ({"outcome": ["mover_retreats"]}, "outcome must be the name of an outcome"),
    ],
)
def test_a_naval_move_search_refuses_values_of_the_wrong_kind(changes, words):
    # Each was a TypeError of Python's own ('<=' not supported, unhashable type).
    arguments = {
        "scenario": "barbary_coast",
        "location": "Tyrrhenian Sea",
        "template": "hapsburg: 1..2Sq Doria",
        "outcome": "mover_retreats",
        "target": 0.4,
    }
    with pytest.raises(OddsEngineTypeError, match=words):
        oe.naval_move_needed(**{**arguments, **changes})


def test_a_fixed_parameter_every_scenario_overrides_is_refused():
    # A scenario's own value wins: with the grid giving the defender too, the fixed one was
    # never used, without a word.
    grid = {"attacker": "4..5R", "defender": "1R"}
    with pytest.raises(OddsEngineError, match="fixed defender is never used"):
        oe.Sweep("assault", grid=grid, fixed={"defender": "2R"})
    with pytest.raises(OddsEngineError, match="fixed attacker is never used"):
        oe.odds_table("assault", "4..5R", "1R", attacker="6R")
    # Used by the grid's scenarios, overridden by one explicit scenario: kept.
    scenarios = [{"attacker": "6R", "defender": "2R"}]
    plan = oe.Sweep(
        "assault", grid={"attacker": "4..5R"}, scenarios=scenarios, fixed={"defender": "1R"}
    )
    assert len(plan.expand()) == 3


# -- the naval-move API (issue 34): a bad call is refused by the project's error, naming
# the argument, when the call is made (not as Python's TypeError, a KeyError, or a table of
# refused rows).

_TYRRHENIAN = {"Tyrrhenian Sea": "hapsburg: 1..2Sq Doria"}


def _board():
    return oe.load_naval_move("barbary_coast").situation


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: oe.load_naval_move("barbary_coast", bogus=1),
         "load_naval_move: unknown argument 'bogus'"),
        (lambda: oe.load_naval_move("barbary_coast", defender_polcy="fight"),
         "did you mean 'defender_policy'"),
        (lambda: oe.NavalMove(_board(), "Tunis", "Barbary Coast", bogus=1),
         "NavalMove: unknown argument 'bogus'"),
        (lambda: oe.NavalMove(_board(), "Tunis"), "NavalMove: missing a required argument"),
        (lambda: oe.naval_move_table("barbary_coast", bogus=1),
         "naval_move_table: unknown argument 'bogus'"),
        (lambda: oe.naval_move_courses("barbary_coast", {"a": {}}, bogus=1),
         "naval_move_courses: unknown argument 'bogus'"),
        (lambda: oe.naval_move_courses("barbary_coast", {"a": {"bogus": 1}}),
         "course 'a': unknown argument 'bogus'"),
        (lambda: oe.NavalMove(_board(), "Tunis", "Barbary Coast", defender_policy=("fight",)),
         "defender_policy must be text, a table by power or"),
        (lambda: _board().with_fleets(5), "fleets must be a list of (location, fleet) pairs"),
        (lambda: _board().with_fleets([5]), "5 is not one"),
        (lambda: oe.exact(oe.Interception("4R L1", "ottoman: 3R")).survivors(),
         "Interception results have no survivors table"),
        (lambda: oe.exact(oe.Piracy("ottoman: 2Co")).survivors(),
         "Piracy results have no survivors table"),
        (lambda: oe.exact(SIEGE).survivors(), "Siege campaign results have no survivors table"),
    ],
)  # fmt: skip
def test_the_naval_move_api_refuses_a_bad_call_by_the_argument(call, words):
    with pytest.raises(OddsEngineError, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: oe.naval_move_table("barbary_coast", _TYRRHENIAN, method="monte-carlo",
                                     trials=0), "trials must be positive, not 0"),
        (lambda: oe.naval_move_table("barbary_coast", _TYRRHENIAN, method="monte-carlo",
                                     seed=-1), "seed must be a non-negative integer, not -1"),
        (lambda: oe.naval_move_table("vienna", _TYRRHENIAN), "holds a land [move]"),
        (lambda: oe.naval_move_courses("barbary_coast", {"a": {}, "b": {}}, trials=0),
         "trials must be positive, not 0"),
        (lambda: oe.naval_move_courses("barbary_coast", {"a": {}}, method="monte-carlo",
                                       seed=-1), "seed must be a non-negative integer"),
        (lambda: oe.naval_move_courses("vienna", {"a": {}, "b": {}}), "holds a land [move]"),
        (lambda: oe.naval_move_needed("barbary_coast", "Tyrrhenian Sea",
                                      "hapsburg: 1..6Sq Doria", "defender_wins", 0),
         "target must be above 0 and at most 1, not 0"),
        (lambda: oe.naval_move_needed("barbary_coast", "Tyrrhenian Sea", "hapsburg: 2Sq Doria",
                                      "defender_wins", 0.3),
         "template 'hapsburg: 2Sq Doria' has no range"),
        (lambda: oe.naval_move_needed("barbary_coast", "Tyrrhenian Sea", 5, "defender_wins", 0.3),
         "template must be a fleet template"),
    ],
)  # fmt: skip
def test_a_naval_move_table_refuses_the_call_not_each_row(call, words):
    # Each used to answer a table whose every row was refused for the same reason (or,
    # for a target of 0 or a template of one fleet, an answer to no question).
    with pytest.raises(OddsEngineError, match=words.replace("[", r"\[").replace("]", r"\]")):
        call()


def test_a_table_of_naval_moves_still_refuses_a_row_the_rules_refuse():
    table = oe.naval_move_courses(
        "barbary_coast", {"fight": {}, "too many": {"units": "ottoman: 3Sq Barbarossa"}}
    )
    assert table["status"].tolist() == ["ok", "refused"]

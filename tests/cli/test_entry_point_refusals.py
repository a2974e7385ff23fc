"""The commands and entry points added after the first hardening refuse bad input as the
old ones do (issue 20): limits before any work, values of the wrong type naming the
argument, questions that cannot be asked, and output files checked before work."""

import pytest

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.combat.fleets import Fleet
from oddsengine.combat.foreign_war import ForeignWar
from oddsengine.combat.naval import NavalBattle
from oddsengine.combat.naval_rolls import NavalAvoidBattle, NavalInterception
from oddsengine.combat.piracy import Piracy
from oddsengine.errors import OddsEngineError, OddsEngineTypeError
from oddsengine.faces.explore import build_spec, explore
from oddsengine.questions.plans import Course, Plan

NAVAL = ("ottoman: 3Sq", "hapsburg: 2Sq")
NEEDED_BATTLE = {"attacker": "?R Suleiman", "defender": "hapsburg: 4R", "target": 0.5}


def refused(capsys, argv, words=()):
    """Run the command line in-process; assert exit 2 and one line naming ``words``."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2, captured.err or captured.out[:300]
    (line,) = captured.err.strip().splitlines()
    assert captured.out == ""
    for word in words:
        assert word in line, line
    return line


# -- 1. limits before any work ------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["piracy", "--pirates", "ottoman: 3Co", "--target-ports", "1", "--zone-squadrons",
          "1000"], ["zone_squadrons is at most 99"]),
        (["piracy", "--pirates", "ottoman: 3Co", "--target-ports", "1",
          "--adjacent-fortresses", "100000"], ["adjacent_fortresses is at most 99"]),
        (["piracy", "--pirates", "ottoman: 3Co", "--target-ports", "1000"],
         ["target_ports is at most 99"]),
        (["needed", "battle", "--attacker", "?R Suleiman", "--defender", "hapsburg: 4R",
          "--target", "0.5", "--max-units", "1000000"], ["max_units is at most 99"]),
        (["needed", "siege", "--besiegers", "?R Suleiman", "--garrison", "hapsburg: 2R",
          "--target", "0.5", "--within", "100000"], ["within is at most 50"]),
        (["needed", "move", "vienna", "--stack", "Pressburg=ottoman: ?R 1C Suleiman",
          "--target", "0.5", "--within", "51"], ["within is at most 50"]),
    ],
)  # fmt: skip
def test_counts_past_the_limits_are_refused_before_any_work(capsys, argv, words):
    refused(capsys, argv, words)


def test_piracy_counts_are_bounded_in_python():
    with pytest.raises(OddsEngineError, match="zone_squadrons is at most 99"):
        Piracy("ottoman: 3Co", zone_squadrons=10**30, target_ports=1)
    # The largest counts allowed are answered (and sum to one).
    piracy = Piracy("ottoman: 99Co Dragut", zone_squadrons=99, adjacent_squadrons=99,
                    adjacent_fortresses=99, target_ports=99, target_squadrons=99)  # fmt: skip
    result = oe.exact(piracy)
    assert sum(result.p[name] for name in result.outcome_names) == pytest.approx(1)


# -- 2. values of the wrong type ----------------------------------------------------------


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Fleet(leaders=[5]), "naval leader is a name"),
        (lambda: NavalBattle(*NAVAL, post_roll="x"), "post_roll must be a dict"),
        (lambda: NavalBattle(*NAVAL, in_port="yes"), "in_port must be True or False"),
        (lambda: NavalAvoidBattle("hapsburg: 2Sq", in_port="yes"), "in_port"),
        (lambda: NavalInterception("hapsburg: 2Sq", rowers=5), "rowers"),
        (lambda: Piracy("ottoman: 3Co", target_ports=1, award_order=5), "award_order"),
        (lambda: Piracy("ottoman: 3Co", target_ports=1, target_squadrons=2.5), "target_squadrons"),
        (lambda: Plan([None], 3, scenario="vienna"), "Course objects"),
        (lambda: Course(5), "a course needs a name"),
        (lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", schedule=5), "schedule"),
        (lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon="3"), "horizon"),
        (lambda: build_spec({"attacker": None}), "attacker must be text"),
        (lambda: build_spec(None), "build_spec takes a dict"),
        (lambda: explore([]), "engagement must be text"),
        (lambda: oe.write_book(None), "directory"),
        (lambda: oe.needed(["assault"], **NEEDED_BATTLE), "kind must be the name"),
        (lambda: oe.needed("battle", target="half", attacker="?R", defender="2R"), "target"),
        (lambda: oe.needed("battle", bogus=1, **NEEDED_BATTLE), "unknown argument 'bogus'"),
        (lambda: oe.needed("move", scenario=5, stacks={"Pressburg": "?R"}, target=0.5),
         "a scenario is a file path"),
        (lambda: ForeignWar(5, "4R"), "war must be the name"),
        (lambda: ForeignWar("persia", "4R", horizon="2"), "horizon"),
        (lambda: oe.card_value(None), "card_value takes"),
        (lambda: oe.load_move("vienna", attacker_cards=2.5), "attacker_cards must be a list"),
        (lambda: oe.load_move("vienna", retreat_policy=10**5000), "retreat policy"),
        (lambda: oe.needed("battle", event=[], **NEEDED_BATTLE), "event must be"),
        (lambda: oe.needed("battle", attacker=10**5000, defender="1R", target=0.5), "attacker"),
        (lambda: Course("a", {"bogus": 1}), "unknown move parameter 'bogus'"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_type_names_the_argument(call, words):
    with pytest.raises(OddsEngineTypeError, match=words) as error:
        call()
    assert isinstance(error.value, TypeError) and "\n" not in str(error.value)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: oe.needed("battle", precision="abc", method="monte-carlo", **NEEDED_BATTLE),
         "precision must be a number"),
        (lambda: oe.needed("battle", method="exact", seed=1, **NEEDED_BATTLE), "takes no seed"),
        (lambda: NavalBattle(*NAVAL, post_roll={"janissaries": "always"}), "not played"),
        (lambda: NavalInterception("hapsburg: 2Sq", rowers_policy="always"), "give rowers"),
        (lambda: oe.card_value(oe.Interception("hapsburg: 2R", "4R")), "card values are computed"),
        (lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", reinforcements="france: 1R"),
         "only units of the besieging power"),
        (lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", schedule=[(2, "hapsburg: 3R")]),
         "only units of the besieging power"),
        (lambda: oe.SiegeCampaign("9R", "hapsburg: 2R", reinforcements="hapsburg: 1R"),
         "only units of the besieging power"),
        (lambda: oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=1, reinforcements="1R"),
         "there is none"),
        (lambda: oe.write_book(""), "needs a name"),
    ],
)  # fmt: skip
def test_a_bad_value_or_a_choice_that_is_never_used_is_refused(call, words):
    with pytest.raises(OddsEngineError, match=words):
        call()


def test_in_sweeps_a_value_of_the_wrong_type_is_an_error_of_the_file():
    # 2.5 squadrons is not a scenario the rules refuse: the file is wrong.
    with pytest.raises(OddsEngineError, match="target_squadrons must be a whole number"):
        oe.sweep("piracy", {"pirates": "ottoman: 2Co", "target_ports": 1,
                            "target_squadrons": [2.5]}, progress=False)  # fmt: skip
    with pytest.raises(OddsEngineError, match="post_roll"):
        oe.sweep("naval", {"attacker": "ottoman: 2Sq", "defender": "hapsburg: 1Sq",
                           "post_roll": 5}, progress=False)  # fmt: skip


def test_a_naval_policy_is_written_as_text_in_a_sweep():
    frame = oe.sweep(
        "naval",
        {"attacker": "ottoman: 2Sq", "defender": "hapsburg: 2Sq", "attacker_cards": "janissaries",
         "post_roll": ["janissaries=always", "janissaries=if-it-changes-the-outcome"]},
        progress=False,
    )  # fmt: skip
    assert (frame["status"] != "refused").all()


# -- 3. questions that cannot be asked -------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["needed", "move", "vienna", "--stack", "Atlantis=?R", "--target", "0.5"],
         ["unknown space 'Atlantis'"]),
        (["needed", "move", "vienna", "--stack", "Pressburg=ottoman: ?R 1C Suleiman",
          "--target", "0.5", "--defender-policy", "surrender"], ["unknown defender policy"]),
        (["needed", "battle", "--attacker", "?R Suleiman", "--defender", "hapsburg: 4R",
          "--target", "0.5", "--attacker-cards", "excalibur"], ["unknown card 'excalibur'"]),
        (["needed", "foreign-war", "--war", "persia", "--force", "?R", "--target", "0.5",
          "--within", "2", "--reinforcements", "-1"], ["reinforcements must be between"]),
        (["needed", "siege", "--besiegers", "?R Suleiman", "--garrison", "hapsburg: 2R",
          "--target", "0.5", "--within", "2", "--reinforcements", "-1"], ["reinforcements"]),
    ],
)  # fmt: skip
def test_a_question_no_value_can_make_legal_is_refused(capsys, argv, words):
    refused(capsys, argv, words)


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"war": "atlantis", "force": "?R", "within": 2}, "unknown war"),
        ({"war": "persia", "force": "?R", "within": 2, "reinforcements": -1}, "reinforcements"),
        ({"war": "persia", "force": "?R", "within": 2, "cards": ["excalibur"]}, "excalibur"),
    ],
)
def test_a_foreign_war_that_cannot_be_asked_is_refused(arguments, words):
    with pytest.raises(OddsEngineError, match=words):
        oe.needed("foreign-war", target=0.5, **arguments)


def test_a_naval_question_that_cannot_be_asked_is_refused():
    with pytest.raises(OddsEngineTypeError, match="in_port"):
        oe.needed("naval", attacker="ottoman: ?Sq", defender="hapsburg: 2Sq", target=0.5,
                  in_port="yes")  # fmt: skip


def test_a_question_every_value_refuses_for_several_reasons_is_still_answered():
    # Every candidate is refused, but not for one reason (0R has no land units, 1-4R may
    # not play Tercios, 5R and more are no formation): "no legal force", with each reason.
    answer = oe.needed(
        "battle", attacker="?R", defender="hapsburg: 2R", target=0.5, attacker_cards=["tercios"]
    )
    assert answer.value is None and answer.sentence().startswith("no legal force: every value")
    # Hapsburg corsairs: refused for one reason at every count but none (no ships at all),
    # so the question itself is refused.
    with pytest.raises(oe.OddsEngineError, match="only the Ottomans have corsairs"):
        oe.needed("naval", attacker="ottoman: 1Sq", defender="hapsburg: ?Co", target=0.5)


# -- 5. answers that were wrong ---------------------------------------------------------------


@pytest.mark.rule("5", cites="15: the besieging stack")
@pytest.mark.parametrize(
    "extra",
    [["--schedule", "2=hapsburg: 3R"], ["--reinforcements", "france: 1R"]],
)
def test_siege_reinforcements_of_another_power_are_refused(capsys, extra):
    siege = ["siege", "--besiegers", "9R Suleiman", "--garrison", "hapsburg: 2R", "--exact"]
    refused(capsys, [*siege, *extra], ["only units of the besieging power"])


# -- 6. output files --------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["csv-long", "csv", "markdown", "json"])
def test_an_output_folder_that_takes_no_file_is_refused_before_work(capsys, form):
    argv = ["table", "battle", "--attacker", "1..2R", "--defender", "1R", "--format", form]
    refused(capsys, [*argv, "--out", "/proc/x.csv"], ["cannot write /proc/x.csv"])


def test_the_book_is_not_written_into_the_current_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(capsys, ["book", "--out", ""], ["needs a name"])
    assert list(tmp_path.iterdir()) == []


# -- move files ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "situation, words",
    [
        ("control = 5", "situation.control: must be a table"),
        ('alliances = [["england", "england"]]', "england cannot be allied with itself"),
    ],
)
def test_a_move_file_with_a_value_of_the_wrong_kind_is_refused(capsys, tmp_path, situation, words):
    from oddsengine.moves.scenario_file import find_scenario

    # The file's [situation.control] table is left out: the key is set in [situation].
    lines = find_scenario("vienna")[1].decode("utf-8").splitlines()
    dropped = ("[situation.control]", "Pressburg =", "Brunn =")
    text = "\n".join(line for line in lines if not line.startswith(dropped))
    text = text.replace("[situation]\n", f"[situation]\n{situation}\n", 1)
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    refused(capsys, ["move", str(path), "--exact"], [words])
    refused(capsys, ["siege", "--after-move", str(path), "--exact"], [words])

"""Options that apply to nothing are refused on every face, as the single run refuses them
(issue 38, "Left from the last round"; RULES.md §9).

One function says whether an option of a move applies (``oddsengine.moves.option_use``):
the command line's single run and its ``--vary`` table, the scenario files (a key, or a
keyword of ``load_move``/``load_naval_move``), ``naval_move_table``, the sweeps of naval
moves, plans, the searches and the explorer all read it. A refusal is one line naming the
option where it was given; a table or sweep whose every row the option refuses is refused,
a row where it applies to nothing is a refused row with the reason.
"""

import json
import re

import pytest
from conftest import refused, run_cli

import oddsengine as oe
from oddsengine.errors import OddsEngineError
from oddsengine.faces.naval_move_table import naval_move_courses, naval_move_table
from oddsengine.moves.option_use import unused_option
from oddsengine.moves.scenario_file import load_move, load_naval_move

NO_SHIPS = "there are none in Barbary Coast"
VARY = ["naval-move", "barbary_coast", "--vary", "Tyrrhenian Sea=hapsburg: 1..3Sq Doria"]


def scenario(tmp_path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return str(path)


# -- the cases ---------------------------------------------------------------------


def test_a_vary_table_refuses_a_defender_policy_as_the_single_run_does(capsys):
    # §14: nobody waits in the Barbary Coast (the Hapsburgs intercept, or not), so no
    # defender chooses; every row of the table is that move with another fleet of Doria's.
    words = [f"--defender is for enemy ships in the destination: {NO_SHIPS}"]
    refused(capsys, ["naval-move", "barbary_coast", "--defender", "fight"], words)
    refused(capsys, [*VARY, "--defender", "fight"], words)
    refused(capsys, [*VARY, "--defender", "best", "--format", "json"], words)


def test_a_bad_value_refuses_the_table_not_each_row(capsys):
    refused(capsys, [*VARY, "--defender", "surrender"], ["--defender: unknown defender policy"])
    with pytest.raises(OddsEngineError, match="defender_policy: unknown defender policy"):
        naval_move_table(
            "barbary_coast", {"Tyrrhenian Sea": "hapsburg: 1..2Sq"}, defender_policy="surrender"
        )
    with pytest.raises(OddsEngineError, match=f"defender_policy is for enemy ships.*{NO_SHIPS}"):
        naval_move_table(
            "barbary_coast", {"Tyrrhenian Sea": "hapsburg: 1..2Sq"}, defender_policy="fight"
        )
    # Rows refused for their own fleet keep their reasons (no option is at fault).
    table = naval_move_table("barbary_coast", {"Tunis": "ottoman: 0..1Sq"})
    assert list(table["status"]) == ["refused", "ok"]
    assert "no ships" in table["reason"][0]


NAVAL_FILE = """
[situation]
wars = [["ottoman", "hapsburg"]]

[situation.control]
Tunis = "ottoman"

[[fleet]]
space = "Tunis"
fleet = "ottoman: 2Sq Barbarossa"

[[fleet]]
space = "Tyrrhenian Sea"
fleet = "hapsburg: 2Sq Andrea Doria"

[naval_move]
from = "Tunis"
to = "Barbary Coast"
defender = "fight"
"""


def test_a_naval_move_file_with_a_defender_policy_and_no_ships_there(tmp_path, capsys):
    path = scenario(tmp_path, "nobody", NAVAL_FILE)
    words = f"naval_move.defender is for enemy ships in the destination: {NO_SHIPS}"
    refused(capsys, ["naval-move", path], [words])
    with pytest.raises(OddsEngineError, match=words):
        load_naval_move(path)
    # As a keyword too.
    with pytest.raises(OddsEngineError, match=f"defender_policy is for enemy ships.*{NO_SHIPS}"):
        load_naval_move("barbary_coast", defender_policy="fight")
    # Ships put in the Barbary Coast by a --vary row: the policy applies in every row.
    argv = ["naval-move", path, "--vary", "Barbary Coast=hapsburg: 1..2Sq", "--format", "json"]
    status, out, err = run_cli(capsys, *argv)
    assert status == 0, err
    assert [row["status"] for row in json.loads(out)] == ["ok", "ok"]


def test_a_sweep_refuses_the_rows_where_the_policy_applies_to_nothing():
    # §14: English ships are no enemy of the Ottomans (not at war): nobody to choose.
    from oddsengine.sweeps.refusals import RefusedScenariosWarning

    with pytest.warns(RefusedScenariosWarning, match="1 of 2 scenarios refused"):
        frame = oe.sweep(
            "naval-move-scenario",
            {"fleet": ["hapsburg: 1Sq", "england: 1Sq"]},
            fixed={
                "scenario": "barbary_coast",
                "defender_policy": "fight",
                "fleet_location": "Barbary Coast",
            },
            method="exact",
        )
    frame = frame.drop_duplicates("fleet")
    status = dict(zip(frame["fleet"], frame["status"], strict=True))
    assert status == {"hapsburg: 1Sq": "ok", "england: 1Sq": "refused"}
    reason = set(frame[frame["status"] == "refused"]["reason"])
    assert reason == {f"defender_policy is for enemy ships in the destination: {NO_SHIPS}"}


def test_the_horizon_judges_the_leaders_choice_when_the_defenders_fight():
    # `move vienna --exact --horizon 3 --defender fight` applies the horizon: Charles V
    # may intercept, and beaten in Vienna (14.1) his leaders choose to go inside with the 4
    # units that do, or to retreat; judged over 3 impulses of assaults they go inside in
    # some end states, judged at the end of the move never (the two are equal there and
    # they retreat). The option changes the answer: it applies, and is taken.
    def inside(move) -> float:
        return sum(
            chance
            for state, chance in zip(
                move.program.end_states, move.end_state_probabilities, strict=True
            )
            if state.leaders_inside == "with-units"
        )

    judged = load_move("vienna", defender_policy="fight", defender_horizon=3)
    assert unused_option(judged, "defender_horizon") is None
    assert inside(judged) > 0
    assert inside(load_move("vienna", defender_policy="fight")) == 0
    # With the leaders' choice fixed, no best choice is left to judge: refused.
    with pytest.raises(OddsEngineError, match="defender_horizon judges"):
        load_move("vienna", defender_policy="fight", defender_horizon=3, leaders_inside="retreat")


# -- siblings: other options that may apply to nothing --------------------------------------

EMPTY_LINZ = """
[situation]
wars = [["ottoman", "hapsburg"]]

[situation.control]
Vienna = "ottoman"

[[stack]]
space = "Vienna"
force = "ottoman: 3R"

[move]
from = "Vienna"
to = "Linz"
KEY
"""


@pytest.mark.parametrize(
    "key, option, value, words",
    [
        ('defender = "fight"', "--defender", "fight", "is for enemy units in the destination"),
        ('attacker_cards = ["field-artillery"]', None, None, "are played in a field battle"),
        (
            'attacker_casualty_order = "RMC"',
            "--defender-casualty-order",
            "RMC",
            "is for a field battle (14) or the assaults on a siege",
        ),
        ('interception = "none"', "--interception", "none", "is for stacks that may intercept"),
    ],
)
def test_a_move_into_an_empty_space(tmp_path, capsys, key, option, value, words):
    # §2: nobody in Linz, nobody beside it to intercept: the mover walks in, no battle.
    path = scenario(tmp_path, "empty", EMPTY_LINZ.replace("KEY", key))
    file_key = key.split(" = ")[0]
    refused(capsys, ["move", path], [f"move.{file_key} {words}"])
    with pytest.raises(OddsEngineError, match=re.escape(f"move.{file_key} {words}")):
        load_move(path)
    plain = scenario(tmp_path, "plain", EMPTY_LINZ.replace("KEY", ""))
    assert oe.exact(load_move(plain)).p["mover_in_control"] == 1
    if option is not None:
        refused(capsys, ["move", plain, option, value], [f"{option} {words}"])


def test_a_what_if_can_make_an_option_apply(tmp_path, capsys):
    # The options are checked on the board asked: --stack puts Hapsburg regulars in Linz,
    # and the defender policy of the command line applies to them.
    plain = scenario(tmp_path, "plain", EMPTY_LINZ.replace("KEY", ""))
    argv = ["move", plain, "--stack", "Linz=hapsburg: 2R", "--defender", "fight", "--exact"]
    status, out, err = run_cli(capsys, *argv, "--format", "json")
    assert status == 0, err
    assert json.loads(out)["spec"]["defender_policy"] == "fight"


def test_naval_siblings(capsys):
    # §14: no fleet may intercept a move into the Tyrrhenian Sea (Barbarossa is there,
    # none beside it); nobody fights if nobody intercepts in the Barbary Coast.
    refused(
        capsys,
        ["naval-move", "tyrrhenian_sea", "--interception", "none"],
        ["--interception is for fleets that may intercept (§14)"],
    )
    with pytest.raises(OddsEngineError, match="attacker_cards are played in a naval combat"):
        load_naval_move(
            "barbary_coast", interception_policy="none", attacker_cards=("arquebusiers",)
        )
    # The same cards apply where a combat may follow.
    load_naval_move("barbary_coast", attacker_cards=("arquebusiers",))


def test_courses_and_plans_name_the_course(tmp_path, capsys):
    courses = {"fight": {"defender_policy": "fight"}, "as is": {}}
    table = naval_move_courses("barbary_coast", courses)
    assert list(table["status"]) == ["refused", "ok"]
    assert NO_SHIPS in table["reason"][0]
    plan = scenario(
        tmp_path,
        "plan",
        '[plan]\nhorizon = 1\nside = "defender"\nscenario = "barbary_coast"\n\n'
        '[[course]]\nname = "stay"\ndefender = "fight"\n',
    )
    refused(capsys, ["plan", plan], ["course 'stay'", "defender_policy is for enemy ships"])
    # A land plan's own horizon is the plan's, not an option of its course: Tunis's five
    # defenders have no choice to judge (no withdrawal, no avoid battle), and the plan is
    # answered.
    status, _, err = run_cli(capsys, "plan", "tunis_transport_plan")
    assert status == 0, err


def test_the_explorer_and_the_search_read_the_same_rule(capsys):
    from oddsengine.faces._explore_campaigns import naval_move

    with pytest.raises(OddsEngineError, match=f"defender_policy is for enemy ships.*{NO_SHIPS}"):
        naval_move({"scenario": "barbary_coast", "defender_policy": "fight"}, None, None, None)
    # "best", the explorer's default, leaves the file's policy: answered.
    assert naval_move({"scenario": "barbary_coast", "defender_policy": "best"}, None, None, None)
    argv = ["needed", "naval-move", "barbary_coast", "--fleet"]
    argv += ["Tyrrhenian Sea=hapsburg: ?Sq Andrea Doria", "--target", "0.4"]
    refused(capsys, [*argv, "--defender-policy", "fight"], ["--defender-policy is for enemy ships"])

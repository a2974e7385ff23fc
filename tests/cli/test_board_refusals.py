"""The sea on the board, the what-ifs and the searches refuse bad input as the rest does
(issue 34: tracebacks, hangs, a legal question refused, options that change nothing): one
line naming the problem, exit 2, nothing written, no traceback."""

from __future__ import annotations

from fractions import Fraction
from math import isclose

import pytest
from conftest import refused

import oddsengine as oe
from oddsengine.cli import main
from oddsengine.errors import OddsEngineError
from oddsengine.moves.scenario_file import find_scenario
from oddsengine.moves.situation import Situation, Stack

DIGITS = "9" * 5000


def answered(capsys, argv) -> str:
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def example_text(name: str) -> str:
    return find_scenario(name)[1].decode("utf-8")


# -- tracebacks: a sea zone is neither besieged, controlled nor in unrest -----------------


@pytest.mark.parametrize(
    "argv",
    [
        ["move", "vienna", "--exact", "--besieged", "Adriatic Sea"],
        ["move", "tunis_transport", "--besieged", "Barbary Coast"],
        [
            "needed",
            "move",
            "vienna",
            "--stack",
            "Pressburg=ottoman: ?R Suleiman",
            "--target",
            "0.5",
            "--besieged",
            "Adriatic Sea",
        ],
    ],
)
def test_a_sea_zone_cannot_be_besieged(capsys, argv):
    refused(capsys, argv, ["--besieged", "sea zone", "nobody is besieged there"])


def test_a_sea_zone_cannot_be_controlled(capsys):
    refused(
        capsys,
        ["move", "vienna", "--exact", "--control", "Adriatic Sea=venice"],
        ["Adriatic Sea is a sea zone: nobody controls it"],
    )
    with pytest.raises(OddsEngineError, match="sea zone: nobody controls it"):
        Situation(control={"Ionian Sea": "venice"})
    with pytest.raises(OddsEngineError, match="sea zone: nobody controls it"):
        Situation().controller("Ionian Sea")


def test_a_sea_zone_cannot_be_in_unrest_nor_hold_a_land_stack():
    with pytest.raises(OddsEngineError, match="sea zone: it cannot be in unrest"):
        Situation(unrest=["North Sea"])
    with pytest.raises(OddsEngineError, match="land units cannot stand there"):
        Stack("Adriatic Sea", "venice: 2R")


# -- tracebacks: integers too long for Python to read from text, in TOML files ------------


def test_a_5000_digit_integer_in_a_naval_move_file_is_a_bad_units(capsys, tmp_path):
    path = tmp_path / "naval.toml"
    path.write_text(example_text("barbary_coast") + f"units = {DIGITS}\n")
    refused(capsys, ["naval-move", str(path)], ["naval_move.units", "about 5000 digits"])


def test_a_5000_digit_integer_in_a_transport_file_is_a_bad_cp(capsys, tmp_path):
    text = example_text("tunis_transport")
    assert "\ncp = 4\n" in text
    path = tmp_path / "transport.toml"
    path.write_text(text.replace("\ncp = 4\n", f"\ncp = {DIGITS}\n"))
    refused(capsys, ["move", str(path)], ["cp (the CP left)", "at most 99", "about 5000 digits"])
    path.write_text(text.replace("\ncp = 4\n", "\ncp = 100\n"))
    refused(capsys, ["move", str(path)], ["cp (the CP left) must be at most 99, not 100"])


def test_a_5000_digit_integer_in_a_plan_file_is_a_bad_horizon(capsys, tmp_path):
    text = example_text("vienna_siege_plan")
    assert "\nhorizon = 4\n" in text
    path = tmp_path / "plan.toml"
    path.write_text(text.replace("\nhorizon = 4\n", f"\nhorizon = {DIGITS}\n"))
    refused(capsys, ["plan", str(path)], ["horizon must be from 1 to 50"])


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_5000_digit_integer_in_a_sweep_file_is_a_bad_seed(capsys, tmp_path, sign):
    text = example_text("assault_sweep")
    assert "\nseed = 2024\n" in text
    path = tmp_path / "sweep.toml"
    path.write_text(text.replace("\nseed = 2024\n", f"\nseed = {sign}{DIGITS}\n"))
    out = tmp_path / "out.csv"
    refused(capsys, ["sweep", str(path), "--out", str(out)], ["seed must be a whole number"])
    assert not out.exists()


def test_long_digits_inside_a_string_are_left_as_they_are():
    from oddsengine.toml_file import parse_toml

    text = f'units = {DIGITS}\nname = "a = {DIGITS} b"\nx = [1, {DIGITS}_9]\n'
    read = parse_toml(text.encode(), "file 'a.toml'")
    assert read["name"] == f"a = {DIGITS} b"
    assert round(read["units"].bit_length() * 0.30103) == 5000
    assert read["x"][0] == 1 and round(read["x"][1].bit_length() * 0.30103) == 5001


# -- hangs: refused before any work -------------------------------------------------------


@pytest.fixture
def no_work(monkeypatch):
    """Any answer computed fails the test: the refusal must come before the work."""

    def work(*args, **kwargs):
        raise AssertionError("work was done before the refusal")

    import oddsengine.engines.montecarlo as montecarlo
    import oddsengine.faces.naval_move_table as table

    monkeypatch.setattr(table, "_answer", work)
    monkeypatch.setattr(montecarlo, "simulate_many", work)


@pytest.mark.parametrize(
    "vary",
    [
        [
            "Tyrrhenian Sea=hapsburg: 1..99Sq",
            "Ionian Sea=venice: 1..99Sq",
            "Tunis=ottoman: 1..99Sq",
        ],
        ["Tunis=ottoman: 1..99Sq 0..99Co", "Ionian Sea=venice: 1..2Sq"],
        # issue 34's own example: 99 x 99 = 9,801 whole naval moves, a quarter of an hour
        ["Tyrrhenian Sea=hapsburg: 1..99Sq", "Ionian Sea=venice: 1..99Sq"],
    ],
)
def test_a_naval_move_table_over_its_limit_is_refused_at_once(capsys, no_work, vary):
    argv = ["naval-move", "barbary_coast"]
    for text in vary:
        argv += ["--vary", text]
    refused(capsys, argv, ["naval move table of", "at most 400"])


def test_naval_move_table_in_python_refuses_97_million_rows_at_once(no_work):
    with pytest.raises(OddsEngineError, match="naval move table of 97029900 scenarios"):
        oe.naval_move_table(
            "barbary_coast",
            {
                "Tyrrhenian Sea": "hapsburg: 1..99Sq",
                "Ionian Sea": "venice: 1..99Sq",
                "Tunis": "ottoman: 1..99Sq 0..99Co",
            },
        )


def test_a_needed_precision_past_the_trial_limit_is_refused_up_front(capsys, no_work):
    # At p = 1/2 a 95% half-width h needs (1.96 / 2h)^2 trials: 9.6 * 10^11 for h = 1e-6,
    # past the limit of 10^9; the finest reachable is 1.96 / (2 sqrt(10^9)) = 3.1e-5.
    argv = ["needed", "battle", "--attacker", "?R L2", "--defender", "hapsburg: 8R"]
    argv += ["--target", "0.4", "--monte-carlo"]
    refused(
        capsys,
        [*argv, "--precision", "1e-6"],
        ["precision 1e-06 needs up to 960,364,705,174 trials", "at least 3.1e-05"],
    )
    refused(capsys, [*argv, "--precision", "3e-5"], ["at least 3.1e-05"])
    with pytest.raises(OddsEngineError, match="past the limit of 1,000,000,000"):
        oe.needed(
            "battle",
            attacker="?R L2",
            defender="hapsburg: 8R",
            target=0.4,
            method="monte-carlo",
            precision=1e-5,
        )


# -- a legal question refused: the default defender fights in a port -----------------------

PORT = """
[situation]
wars = [["ottoman", "hapsburg"]]

[[fleet]]
space = "Algiers"
fleet = "ottoman: 1Sq"

[[fleet]]
space = "Barbary Coast"
fleet = "hapsburg: 2Sq"

[naval_move]
power = "hapsburg"
from = "Barbary Coast"
to = "Algiers"
"""

PORT_PLAN = """
[plan]
horizon = 1
side = "attacker"
scenario = "{scenario}"

[[course]]
name = "as the file says"
"""


def test_the_default_defender_in_a_port_fights(capsys, tmp_path):
    """§14: ships in a port cannot avoid battle, so ``best`` (the default) fights there:
    2 Hapsburg squadrons (4 dice) against 1 Ottoman in its port (2 + 1 dice, §11)."""
    path = tmp_path / "port.toml"
    path.write_text(PORT)
    move = oe.load_naval_move(str(path))
    assert move.describe()["defender_choice"] == {"ottoman": "fight"}
    # Hits on 4 dice: 16, 32, 24, 8, 1 in 81; on 3: 8, 12, 6, 1 in 27; more hits wins, a
    # tie goes to the defender: P(a > d) = (8*65 + 12*33 + 6*9 + 1*1) / 2187 = 971/2187.
    assert isclose(oe.exact(move).p["attacker_wins"], Fraction(971, 2187))
    assert "In Algiers: ottoman: 1Sq (fight)" in answered(capsys, ["naval-move", str(path)])
    assert '"ottoman": "fight"' in answered(capsys, ["naval-move", str(path), "--format", "json"])


def test_a_plan_that_leaves_the_defender_in_a_port_at_its_default_is_answered(capsys, tmp_path):
    scenario = tmp_path / "port.toml"
    scenario.write_text(PORT)
    plan = tmp_path / "plan.toml"
    plan.write_text(PORT_PLAN.format(scenario=scenario))
    assert "defender: ottoman: fight" in answered(capsys, ["plan", str(plan)])
    plan.write_text(PORT_PLAN.format(scenario=scenario) + 'defender = "avoid"\n')
    refused(capsys, ["plan", str(plan)], ["course 'as the file says'", "cannot avoid battle"])


def test_an_explicit_avoid_in_a_port_is_refused(capsys, tmp_path):
    path = tmp_path / "port.toml"
    path.write_text(PORT)
    refused(
        capsys,
        ["naval-move", str(path), "--defender", "avoid"],
        ["Algiers is a port: ships in a port cannot avoid battle (§14)"],
    )


# -- accepted, though it changes nothing or cannot be -------------------------------------


def test_naval_move_defender_is_refused_without_enemy_ships_in_the_destination(capsys):
    # Barbary Coast holds no ships: the interceptors fight, nobody there chooses.
    for policy in ("fight", "avoid"):
        refused(
            capsys,
            ["naval-move", "barbary_coast", "--defender", policy],
            ["--defender is for enemy ships in the destination: there are none in Barbary"],
        )


def test_ships_varied_on_a_land_space_that_is_no_port_are_refused(capsys, no_work):
    refused(
        capsys,
        ["naval-move", "barbary_coast", "--vary", "Vienna=hapsburg: 1..2Sq"],
        ["ships in Vienna: it is neither a sea zone nor a port"],
    )
    with pytest.raises(OddsEngineError, match="neither a sea zone nor a port"):
        oe.naval_move_table("barbary_coast", {"Vienna": "hapsburg: 1..2Sq"})


@pytest.mark.parametrize(
    "argv, words",
    [
        # Tunis: 5 defenders, no way to withdraw (13.4) nor to avoid: they fight, and no
        # leader of theirs has a choice to make.
        (["move", "tunis_transport", "--horizon", "2"], ["--horizon judges"]),
        (["move", "tunis_transport", "--leaders-inside", "retreat"], ["--leaders-inside"]),
        (["move", "tunis_transport", "--after-withdrawal", "go-back"], ["none can in Tunis"]),
        # A fixed policy, and no interception: Ferdinand's 2R all go inside after a lost
        # battle (at most 4 may, 13.4), so he has no choice either; nothing is judged.
        (
            ["move", "vienna", "--horizon", "3", "--defender", "fight", "--interception", "none"],
            ["--horizon judges"],
        ),
        (
            [
                "move",
                "vienna",
                "--horizon",
                "3",
                "--defender",
                "withdraw",
                "--interception",
                "none",
            ],
            ["--horizon judges"],
        ),
        # Taranto: nobody defends the landing.
        (["move", "taranto_transport", "--leaders-inside", "retreat"], ["--leaders-inside"]),
    ],
)
def test_move_choices_that_never_arise_are_refused(capsys, argv, words):
    refused(capsys, argv, words)


def test_move_choices_that_arise_are_still_taken(capsys):
    assert "Move:" in answered(capsys, ["move", "vienna", "--horizon", "3"])
    # Charles V may intercept: beaten in Vienna, his leaders choose to go inside or not.
    assert "Move:" in answered(capsys, ["move", "vienna", "--horizon", "3", "--defender", "fight"])
    assert "Move:" in answered(capsys, ["move", "vienna", "--leaders-inside", "retreat"])
    argv = ["move", "vienna", "--defender", "withdraw", "--after-withdrawal", "go-back"]
    assert "Move:" in answered(capsys, argv)


@pytest.mark.parametrize(
    "option, value",
    [("--control", "Tunis=ottoman"), ("--besieged", "Tunis"), ("--defender-policy", "fight")],
)
def test_needed_naval_move_refuses_options_it_does_not_apply(capsys, no_work, option, value):
    argv = ["needed", "naval-move", "barbary_coast", "--fleet"]
    argv += ["Tyrrhenian Sea=hapsburg: ?Sq Andrea Doria", "--target", "0.4", option, value]
    refused(capsys, argv, [option])


@pytest.mark.parametrize(
    "command",
    [
        ["battle", "--attacker", "4R Suleiman", "--defender", "hapsburg: 2R"],
        ["move", "vienna"],
    ],
)
def test_a_second_policy_for_the_same_card_is_refused(capsys, command):
    argv = [*command, "--policy", "janissaries=always", "--policy", "janissaries=always"]
    refused(capsys, argv, ["--policy gives janissaries twice"])


def test_enemy_stacks_in_one_open_space_are_no_board(capsys, tmp_path):
    # 14: Ottoman units beside Charles V's army in Graz, outside any siege, would fight.
    refused(
        capsys,
        ["move", "vienna", "--stack", "Graz=ottoman: 2R"],
        ["hapsburg and ottoman units, at war, both stand in the open in Graz"],
    )
    path = tmp_path / "graz.toml"
    path.write_text(example_text("vienna") + '\n[[stack]]\nspace = "Graz"\nforce = "ottoman: 2R"\n')
    refused(capsys, ["move", str(path)], ["both stand in the open in Graz"])


def test_a_leader_placed_twice_across_stacks_is_refused(capsys, no_work):
    refused(
        capsys,
        ["move", "vienna", "--stack", "Buda=ottoman: 2R Ibrahim Pasha"],
        ["Ibrahim Pasha is already in Pressburg: one leader, one place"],
    )
    argv = ["needed", "move", "vienna", "--stack", "Pressburg=ottoman: ?R Ibrahim Pasha"]
    argv += ["--stack", "Buda=ottoman: 2R Ibrahim Pasha", "--target", "0.5"]
    refused(capsys, argv, ["Ibrahim Pasha is already in", "one leader, one place"])


@pytest.mark.parametrize(
    "argv",
    [
        ["needed", "battle", "--attacker", "9R Suleiman", "--defender", "hapsburg: 2R ?C"],
        ["needed", "move", "vienna", "--stack", "Graz=hapsburg: ?C Charles V"],
        ["needed", "assault", "--attacker", "9R Suleiman", "--defender", "hapsburg: ?C"],
    ],
)
def test_a_search_over_cavalry_of_a_power_without_any_is_refused(capsys, argv):
    # Only the Ottomans have cavalry: no count but none is legal, so there is no search.
    refused(capsys, [*argv, "--target", "0.5"], ["only the Ottomans have cavalry, not hapsburg"])


def test_needed_siege_refuses_reinforcements_of_the_garrisons_power(capsys):
    argv = ["needed", "siege", "--besiegers", "?R Suleiman", "--garrison", "hapsburg: 2R"]
    argv += ["--within", "2", "--target", "0.5", "--reinforcements", "hapsburg: 2R"]
    refused(capsys, argv, ["only units of the besieging power join the ottoman besiegers"])


@pytest.mark.parametrize("format_", ["markdown", "bbcode"])
def test_card_value_in_a_format_it_is_not_written_in_is_refused(capsys, format_):
    argv = ["battle", "--attacker", "4R Suleiman", "--defender", "hapsburg: 2R", "--card-value"]
    refused(capsys, [*argv, "--format", format_], [f"table, csv or json, not {format_}"])


@pytest.mark.parametrize("power", ["independent", "venice"])
def test_leaders_of_a_power_without_leaders_are_refused(capsys, power):
    refused(
        capsys,
        ["leaders", "--power", power],
        [f"{power} has no leaders", "england, france, genoa, hapsburg, ottoman, protestant"],
    )


PLAN_HEAD = """
[plan]
horizon = 1
side = "defender"
scenario = "barbary_coast"
"""


@pytest.mark.parametrize(
    "settings, words",
    [
        ('goal = ""\n', ["goal is empty"]),
        ("trials = 1000\n", ["plan.trials: is for method"]),
        ('method = "exact"\nseed = 5\n', ["plan.seed: is for method"]),
    ],
)
def test_plan_settings_that_change_nothing_are_refused(capsys, tmp_path, settings, words):
    path = tmp_path / "plan.toml"
    path.write_text(PLAN_HEAD + settings + '\n[[course]]\nname = "all try"\n')
    refused(capsys, ["plan", str(path)], words)


def test_a_naval_sweep_whose_every_scenario_is_refused_exits_2(capsys, tmp_path):
    # Land units in a naval template: refused for '1R', '2R', '3R', reasons that differ
    # only by the number; no row can be answered.
    sweep = tmp_path / "sweep.toml"
    sweep.write_text(
        'kind = "naval-move-scenario"\nmethod = "exact"\non_refused = "report"\n\n'
        '[fixed]\nscenario = "barbary_coast"\nfleet_location = "Tyrrhenian Sea"\n\n'
        '[grid]\nfleet = "hapsburg: 1..3R"\n'
    )
    out = tmp_path / "out.csv"
    refused(
        capsys,
        ["sweep", str(sweep), "--out", str(out)],
        ["every scenario is refused", "land units do not fight at sea", "2 other reasons"],
    )
    assert not out.exists()


NAVAL_POLICY = """
[situation]
wars = [["ottoman", "hapsburg"]]

[[fleet]]
space = "Tunis"
fleet = "ottoman: 2Sq"

[[fleet]]
space = "Barbary Coast"
fleet = "hapsburg: 2Sq"

[naval_move]
from = "Tunis"
to = "Barbary Coast"
"""


def test_a_naval_move_file_policy_without_a_post_roll_card_is_refused(capsys, tmp_path):
    path = tmp_path / "naval.toml"
    path.write_text(NAVAL_POLICY + 'policy = "always"\n')
    refused(capsys, ["naval-move", str(path)], ["naval_move.policy", "the move plays none"])


def test_a_fight_order_naming_a_power_with_no_ships_there_is_refused(capsys, tmp_path):
    path = tmp_path / "naval.toml"
    path.write_text(NAVAL_POLICY + 'fight_order = ["venice"]\n')
    refused(capsys, ["naval-move", str(path)], ["fight_order names venice", "none intercepting"])
    path.write_text(NAVAL_POLICY + 'fight_order = ["hapsburg"]\n')
    assert "Naval move:" in answered(capsys, ["naval-move", str(path)])


# -- small ----------------------------------------------------------------------------------


def test_naval_move_survivors_are_headed_ships(capsys):
    out = answered(capsys, ["naval-move", "barbary_coast", "--survivors"])
    assert "Surviving ships (rows: attacker, columns: defender):" in out
    assert "land units" not in out


def test_a_transport_plan_takes_foul_weather(capsys, tmp_path):
    """§15: Foul Weather stops a naval transport: nothing lands, the CP is spent (1)."""
    path = tmp_path / "plan.toml"
    path.write_text(
        '[plan]\nhorizon = 3\nside = "attacker"\nscenario = "tunis_transport"\n\n'
        '[[course]]\nname = "land"\n\n'
        '[[course]]\nname = "foul weather"\nresponses = ["foul-weather"]\n'
    )
    comparison = oe.compare_plans(str(path))
    row = next(row for row in comparison.courses if row["course"] == "foul weather")
    assert row["field_battle"] == 0 and row["taken_by_impulse_3"] == 0
    assert "foul weather" in answered(capsys, ["plan", str(path)])


def test_a_naval_move_vary_table_prints_percentages(capsys):
    # Issue 33: chances in percent, expected losses in ships; csv and json keep numbers.
    argv = ["naval-move", "barbary_coast", "--vary", "Tunis=ottoman: 0..1Sq"]
    text = answered(capsys, argv)
    rows = text.splitlines()
    # Intercepted: Venice needs 9+ (10/36), then Doria 7+ (21/36): 1 - (26/36)(15/36)
    # = 906/1296 = 69.91%.
    assert f"{906 / 1296:.2%}" == "69.91%" and "69.91%" in rows[2]
    assert "—" in rows[1] and rows[-1].startswith("refused ottoman: 0Sq: ")
    csv = answered(capsys, [*argv, "--format", "csv"])
    assert "0.699074" in csv and "%" not in csv

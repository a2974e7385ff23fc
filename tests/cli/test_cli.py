"""The command line: outputs, JSON contract, and one-line errors for bad input."""

import json
import subprocess
import sys

import pytest
from conftest import run_cli as run

from oddsengine.cli import main


def test_battle_table_output(capsys):
    status, out, _ = run(
        capsys,
        "battle",
        "--attacker",
        "7R 1C Suleiman Ibrahim",
        "--defender",
        "hapsburg: 10R Charles-V Ferdinand",
        "--exact",
    )
    assert status == 0
    assert "Dice: attacker 10, defender 13" in out
    assert "attacker_wins" in out and "defender_wins" in out


def test_json_contract_for_monte_carlo(capsys):
    status, out, _ = run(
        capsys,
        "assault",
        "--attacker",
        "9R Suleiman",
        "--defender",
        "4R Ferdinand",
        "--trials",
        "100000",
        "--seed",
        "4",
        "--format",
        "json",
    )
    assert status == 0
    payload = json.loads(out)
    assert payload["method"] == "monte-carlo"
    assert payload["trials"] == 100000 and payload["seed"] == 4
    assert set(payload["p"]) >= {"success", "siege_continues", "siege_broken"}
    low, high = payload["ci95"]["success"]
    assert low <= payload["p"]["success"] <= high
    assert "expected_losses" in payload and payload["survivors"]


def test_json_contract_for_exact(capsys):
    status, out, _ = run(
        capsys,
        "intercept",
        "--interceptor",
        "hapsburg: 8R charles-v",
        "--mover",
        "7R 1C Suleiman",
        "--exact",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["method"] == "exact" and payload["trials"] is None
    assert payload["p"]["success"] == pytest.approx(15 / 36)


def test_avoid_command(capsys):
    status, out, _ = run(
        capsys,
        "avoid",
        "--defender",
        "hapsburg: 2R Ferdinand",
        "--attacker",
        "7R 1C Suleiman",
        "--exact",
        "--format",
        "json",
    )
    assert status == 0 and json.loads(out)["p"]["success"] == pytest.approx(10 / 36)


def test_compare_flags_nothing_for_a_sound_engine(capsys):
    status, out, _ = run(
        capsys,
        "battle",
        "--attacker",
        "5R L1",
        "--defender",
        "hapsburg: 4R",
        "--compare",
        "--trials",
        "200000",
        "--seed",
        "2",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["disagreements"] == []
    assert payload["exact"]["method"] == "exact"
    assert payload["monte-carlo"]["method"] == "monte-carlo"


def test_precision_flag(capsys):
    status, out, _ = run(
        capsys,
        "assault",
        "--attacker",
        "6R L1",
        "--defender",
        "hapsburg: 2R",
        "--precision",
        "0.002",
        "--seed",
        "1",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["half_width"] <= 0.002
    assert payload["precision_target"] == 0.002


def test_csv_output(capsys):
    status, out, _ = run(
        capsys,
        "battle",
        "--attacker",
        "3R",
        "--defender",
        "hapsburg: 2R",
        "--exact",
        "--format",
        "csv",
    )
    lines = out.strip().splitlines()
    assert status == 0
    assert lines[0].startswith("outcome,kind,probability,ci95_low,ci95_high")
    assert lines[1].startswith("attacker_wins,outcome,")


def test_cards_and_policies_on_the_command_line(capsys):
    status, out, _ = run(
        capsys,
        "battle",
        "--attacker",
        "ottoman: 4R Suleiman",
        "--defender",
        "hapsburg: 4R",
        "--attacker-cards",
        "1",
        "--defender-cards",
        "tercios",
        "--policy",
        "janissaries=always",
        "--exact",
        "--format",
        "json",
    )
    payload = json.loads(out)
    assert status == 0 and payload["p"]["card_spent:janissaries"] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["battle", "--attacker", "-1R", "--defender", "2R"], "cannot be negative"),
        (["battle", "--attacker", "3Q", "--defender", "2R"], "cannot read '3Q'"),
        (["battle", "--attacker", "xR", "--defender", "2R"], "unknown leader 'xR'"),
        (["battle", "--attacker", "3R Bob", "--defender", "2R"], "unknown leader 'Bob'"),
        (
            ["battle", "--attacker", "3R", "--defender", "hapsburg: 2R", "--trials", "0"],
            "must be a positive whole number",
        ),
        (["battle", "--attacker", "3R", "--defender", "hapsburg: 0R"], "no land units"),
        (["assault", "--attacker", "3R", "--defender", "hapsburg: 3R"], "not under siege"),
        (
            ["battle", "--attacker", "3R", "--defender", "2R", "--format", "xml"],
            "invalid choice: 'xml'",
        ),
        (
            ["battle", "--attacker", "3R", "--defender", "2R", "--attacker-cards", "bogus"],
            "unknown card 'bogus'",
        ),
        (
            [
                "battle",
                "--attacker",
                "france: 3M",
                "--defender",
                "ottoman: 2R",
                "--attacker-cards",
                "26",
            ],
            "cannot be played against the Ottomans",
        ),
        (
            [
                "assault",
                "--attacker",
                "4R",
                "--defender",
                "hapsburg: 1R",
                "--siege-laid-this-impulse",
            ],
            "siege began this impulse",
        ),
        (
            ["battle", "--attacker", "3R", "--defender", "hapsburg: 2R", "--policy", "x"],
            "CARD=POLICY",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_two(capsys, argv, message):
    with pytest.raises(SystemExit) as exited:
        status = main(argv)
        raise SystemExit(status)
    captured = capsys.readouterr()
    assert exited.value.code == 2
    assert message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == ""


@pytest.mark.slow
def test_console_script_runs_as_a_module():
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "oddsengine",
            "intercept",
            "--interceptor",
            "L2",
            "--mover",
            "1C",
            "--exact",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "success" in completed.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "oddsengine", "battle", "--attacker", "3Q", "--defender", "1R"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_survivor_table_on_request(capsys):
    status, out, _ = run(
        capsys, "battle", "--attacker", "2R", "--defender", "hapsburg: 1R", "--exact", "--survivors"
    )
    assert status == 0 and "Surviving land units (rows: attacker, columns: defender)" in out


def test_allies_and_gout_target_on_the_command_line(capsys):
    status, out, _ = run(
        capsys,
        "battle",
        "--attacker",
        "ottoman: 4R Suleiman Ibrahim",
        "--defender",
        "france: 2R",
        "--defender-ally",
        "papacy: 1R",
        "--defender-cards",
        "gout",
        "--gout-target",
        "ibrahim",
        "--exact",
    )
    assert status == 0
    assert "Dice: attacker 6, defender 4" in out
    assert "Expected defender:papacy losses" in out

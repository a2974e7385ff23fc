"""Printed output of every command in every format, captured as a contract.

Run ``python tests/golden/cli_cases.py`` to write ``cli_outputs.json``; only do so when a
change of output is intended and reviewed.
"""

import contextlib
import io
import json
import pathlib
import sys

OUTPUTS = pathlib.Path(__file__).with_name("cli_outputs.json")

_COMBATS = [
    [
        "battle",
        "--attacker",
        "7R 1C Suleiman Ibrahim",
        "--defender",
        "hapsburg: 10R Charles-V Ferdinand",
    ],
    ["battle", "--attacker", "5R L1", "--defender", "hapsburg: 4R", "--survivors"],
    ["assault", "--attacker", "9R Suleiman", "--defender", "4R Ferdinand"],
    ["intercept", "--interceptor", "hapsburg: 8R charles-v", "--mover", "7R 1C Suleiman"],
    ["avoid", "--defender", "hapsburg: 2R Ferdinand", "--attacker", "7R 1C Suleiman"],
    ["move", "vienna"],
    ["move", "taranto_transport"],
    ["siege", "--besiegers", "4R", "--garrison", "2R"],
    ["naval", "--attacker", "3Sq", "--defender", "2Sq", "--survivors"],
    ["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "2"],
    ["foreign-war", "--war", "persia", "--force", "4R"],
]
_MONTE_CARLO = [
    [
        "battle",
        "--attacker",
        "5R L1",
        "--defender",
        "hapsburg: 4R",
        "--trials",
        "20000",
        "--seed",
        "3",
    ],
    [
        "assault",
        "--attacker",
        "9R Suleiman",
        "--defender",
        "4R Ferdinand",
        "--trials",
        "20000",
        "--seed",
        "4",
    ],
    [
        "battle",
        "--attacker",
        "5R L1",
        "--defender",
        "hapsburg: 4R",
        "--compare",
        "--trials",
        "20000",
        "--seed",
        "2",
    ],
    ["move", "vienna", "--trials", "20000", "--seed", "1"],
    ["move", "tunis_transport", "--trials", "20000", "--seed", "1"],
    ["naval", "--attacker", "3Sq", "--defender", "2Sq", "--trials", "20000", "--seed", "5"],
]
_FORMATS = ["table", "json", "csv"]
#: Part III: the religious struggle and the New World (RULES.md §16-§22), exact.
_RELIGION = [
    ["reformation", "--protestant-dice", "3", "--papal-dice", "3", "--ties", "protestant"],
    ["reformation", "--protestant-dice", "2", "--papal-dice", "2", "--modifier", "1"],
    ["counter-reformation", "--papal-dice", "4", "--protestant-dice", "2", "--augsburg"],
    ["reformation", "religion_example", "--space", "Magdeburg", "--source", "95-theses"],
    ["counter-reformation", "religion_example", "--space", "Wittenberg", "--source",
     "burn-books:german"],
    ["debate", "--zone", "german", "--initiator", "papacy", "--attacker", "Eck", "--defender",
     "committed", "--committed", "Carlstadt", "--turn", "1"],
    ["debate", "religion_example", "--zone", "german", "--initiator", "papacy", "--attacker",
     "Eck", "--defender", "Carlstadt", "--committed", "Carlstadt"],
    ["diet", "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1"],
    ["diet", "religion_example", "--protestant-cp", "1", "--papal-cp", "2", "--hapsburg-cp",
     "2"],
    ["voyage", "--power", "hapsburg", "--explorer", "Magellan"],
    ["voyage", "--power", "england,france,hapsburg"],
    ["conquest", "--power", "hapsburg", "--conquistador", "Cortez", "--smallpox"],
]  # fmt: skip
#: Part III answers with their own formats (text, json, csv).
_RELIGION_RUNS = [
    ["attempts", "religion_1517", "--source", "95-theses"],
    ["attempts", "religion_example", "--source", "treatise:german", "--policy", "greedy",
     "--monte-carlo", "--trials", "20000", "--seed", "1"],
    ["debaters", "--turn", "1"],
    ["explorers"],
]  # fmt: skip


def commands():
    """Every captured command line, as a list of argument lists."""
    lines = []
    for command in _COMBATS:
        lines += [[*command, "--exact", "--format", form] for form in _FORMATS]
    for command in _MONTE_CARLO:
        lines += [[*command, "--format", form] for form in _FORMATS]
    for command in _RELIGION:
        lines += [[*command, "--exact", "--format", form] for form in _FORMATS]
    for command in _RELIGION_RUNS:
        lines += [[*command, "--format", form] for form in _FORMATS]
    lines.append(["reformation", "--protestant-dice", "3", "--papal-dice", "3", "--trials",
                  "20000", "--seed", "6", "--format", "json"])  # fmt: skip
    for form in ["table", "json", "csv"]:
        lines.append(
            [
                "needed",
                "battle",
                "--attacker",
                "?R",
                "--defender",
                "2R",
                "--target",
                "0.5",
                "--format",
                form,
            ]
        )
    for form in ["table", "json", "csv", "markdown", "html", "latex", "bbcode"]:
        needed = [
            "needed",
            "battle",
            "--attacker",
            "?R",
            "--defender",
            "1..3R",
            "--targets",
            "0.5,0.75",
        ]
        lines.append([*needed, "--format", form])
    lines.append(
        [
            "needed",
            "assault",
            "--attacker",
            "?R",
            "--defender",
            "2R",
            "--target",
            "0.5",
            "--format",
            "json",
        ]
    )
    for form in ["markdown", "html", "latex", "bbcode", "csv", "csv-long", "json"]:
        lines.append(
            ["table", "battle", "--attacker", "1..3R", "--defender", "1..2R", "--format", form]
        )
    lines.append(
        ["table", "intercept", "--interceptor", "2..4R L0..1", "--mover", "3R", "--intervals"]
    )
    for form in _FORMATS:
        lines.append(["plan", "vienna_siege_plan", "--exact", "--format", form])
        lines.append(["plan", "barbary_coast_plan", "--exact", "--format", form])
        card_value = ["battle", "--attacker", "france: 4R", "--defender", "hapsburg: 4R"]
        lines.append([*card_value, "--card-value", "--side", "attacker", "--format", form])
    # --method auto, the default: exact with nothing else, Monte Carlo with --seed.
    lines.append(["assault", "--attacker", "5R", "--defender", "hapsburg: 2R"])
    lines.append(["siege", "--besiegers", "4R", "--garrison", "2R", "--horizon", "2"])
    lines.append(["intercept", "--interceptor", "hapsburg: 4R", "--mover", "3R", "--seed", "1"])
    lines.append(["naval", "--attacker", "2Sq", "--defender", "1Sq", "--method", "exact"])
    for form in _FORMATS:
        lines.append(["leaders", "--format", form])
        lines.append(["cards", "--format", form])
    lines.append(["leaders", "--power", "england"])
    single = ["assault", "--attacker", "9R Suleiman", "--defender", "hapsburg: 4R Ferdinand"]
    lines.append([*single, "--format", "markdown"])
    lines.append([*single, "--format", "bbcode"])
    lines.append(["battle", "--attacker", "5R L1", "--defender", "hapsburg: 4R", "--trials",
                  "20000", "--seed", "3", "--format", "markdown"])  # fmt: skip
    lines.append(["cards", "--kind", "assault"])
    lines.append(["plan", "tyrrhenian_sea_plan"])
    lines.append(["naval-move", "tyrrhenian_sea", "--format", "json"])
    return lines


def run(argv):
    """The exit status, standard output and standard error of one command line."""
    from oddsengine.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return {"status": status, "out": out.getvalue(), "err": err.getvalue()}


def main():
    """Write every captured output to ``cli_outputs.json``."""
    sys.path.insert(0, str(OUTPUTS.parents[2]))
    captured = {json.dumps(argv): run(argv) for argv in commands()}
    OUTPUTS.write_text(json.dumps(captured, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()

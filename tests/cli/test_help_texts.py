"""What the help and the documentation say about the options is so: --exact where an exact
answer exists, the options a plot reads, the responses a combat takes, the trials default."""

import json
import tomllib

import pytest
from conftest import ROOT

from oddsengine.cli import build_parser, main


def _help(command: str) -> str:
    return build_parser()._subparsers._group_actions[0].choices[command].format_help()


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "assault", "--attacker", "4..5R L1", "--defender", "hapsburg: 1..2R",
         "--format", "json"],
        ["needed", "assault", "--attacker", "?R Suleiman", "--defender", "hapsburg: 4R",
         "--target", "0.3", "--format", "json"],
    ],
    ids=["table", "needed"],
)  # fmt: skip
def test_exact_is_the_same_as_method_exact(capsys, argv):
    assert main([*argv, "--exact"]) == 0
    with_exact = capsys.readouterr().out
    assert main([*argv, "--method", "exact"]) == 0
    assert capsys.readouterr().out == with_exact
    assert '"exact"' in with_exact


@pytest.mark.parametrize(
    "argv, words",
    [
        (["table", "assault", "--attacker", "4R", "--defender", "1R", "--exact", "--seed", "1"],
         "--seed is for Monte Carlo, not --exact"),
        (["table", "assault", "--attacker", "4R", "--defender", "1R", "--exact",
          "--method", "monte-carlo"], "give --exact or --method monte-carlo, not both"),
        (["needed", "assault", "--attacker", "?R", "--defender", "1R", "--target", "0.5",
          "--exact", "--monte-carlo"], "give --exact or --monte-carlo, not both"),
        (["needed", "assault", "--attacker", "?R", "--defender", "1R", "--target", "0.5",
          "--exact", "--seed", "2"], "--seed is for Monte Carlo, not --exact"),
    ],
)  # fmt: skip
def test_exact_with_a_monte_carlo_option_is_refused_in_one_line(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_sweep_takes_exact(tmp_path, capsys):
    out = tmp_path / "sweep.csv"
    assert main(["sweep", "assault_sweep", "--exact", "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    methods = {line.split(",")[header_index] for header_index, line in _rows(out)}
    assert methods == {"exact"}


def _rows(path):
    lines = path.read_text().splitlines()
    index = lines[0].split(",").index("method")
    return [(index, line) for line in lines[1:] if line.count(",") == lines[0].count(",")]


def test_every_command_that_takes_method_takes_exact_but_the_book():
    commands = build_parser()._subparsers._group_actions[0].choices
    for name, parser in commands.items():
        options = {option for action in parser._actions for option in action.option_strings}
        if "--method" in options:
            assert "--exact" in options, name
    assert "--method" not in _help("book") and "--exact" not in _help("book")


def test_plot_help_offers_only_the_forces_a_plot_reads():
    words = _help("plot")
    assert "--interceptor" not in words and "--mover" not in words
    assert "--attacker" in words and "--defender" in words


def test_plot_intercept_still_names_the_option_it_takes_not(capsys, tmp_path):
    argv = ["plot", "intercept", "--interceptor", "hapsburg: 4R", "--out", str(tmp_path / "p.png")]
    assert main(argv) == 2
    assert "plot intercept takes no --interceptor" in capsys.readouterr().err


def test_the_responses_offered_are_those_of_the_combat():
    battle, assault = _help("battle"), _help("assault")
    # RULES.md §8: Siege Artillery is played after an assault roll only.
    assert "siege-artillery" not in battle and "foul-weather" in battle
    assert "siege-artillery" in assault


def test_the_package_description_covers_every_part():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "land combat" not in project["description"]
    for words in ("at sea", "piracy", "foreign wars"):
        assert words in project["description"]


def test_the_docs_state_the_trials_each_command_runs_by_default(capsys):
    guide = (ROOT / "docs" / "guide" / "combat.md").read_text()
    assert "`foreign-war` 200,000 on the command line" in guide
    assert "Monte Carlo trials (default 200,000)" in _help("foreign-war")
    import oddsengine as oe
    from oddsengine.engines.campaigns import campaign_engines
    from oddsengine.engines.montecarlo import DEFAULT_TRIALS
    from oddsengine.kinds import kind_of

    assert kind_of("foreign-war").trials == 200_000 and DEFAULT_TRIALS == 1_000_000
    assert campaign_engines(oe.ForeignWar("persia", "5R")).default_trials == 100_000
    assert campaign_engines(oe.SiegeCampaign("9R", "hapsburg: 2R")).default_trials == 100_000
    assert main(["foreign-war", "--war", "persia", "--force", "5R", "--seed", "1",
                 "--format", "json"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["trials"] == 200_000


def test_the_book_says_how_long_it_takes():
    guide = (ROOT / "docs" / "guide" / "explorer-and-book.md").read_text()
    book = guide[guide.index("writes the odds book") :]
    assert "a few seconds" not in book and "11-17 s" in book
    assert "a few seconds" not in _help("book")


def test_the_foreign_war_help_offers_no_precision_it_refuses(capsys):
    words = _help("foreign-war")
    assert "--precision" not in words and "--max-trials" not in words
    assert main(["foreign-war", "--war", "persia", "--force", "5R", "--precision", "0.01"]) == 2
    assert "--precision is not available for a foreign war" in capsys.readouterr().err

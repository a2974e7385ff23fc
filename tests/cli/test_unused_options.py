"""No option is ignored, on any command (issue 20, item 4).

The test walks every sub-command's argparse parser. For each command it takes one or more
questions (a base command line) and the options that apply to that question; every other
option of the parser, given with a value it would accept where it applies, must be refused
in one line with exit status 2, before any work. A new option is therefore tried on every
question it is not declared to apply to.
"""

import argparse
import contextlib
import io
import tempfile
from pathlib import Path

import pytest

import oddsengine
from oddsengine.cli import build_parser, main

#: Where a command that wrongly took an option would write (nothing is written otherwise).
SCRATCH = Path(tempfile.gettempdir())
SWEEP_FILE = str(Path(oddsengine.__file__).parent / "examples" / "assault_sweep.toml")

ENGINE = {"--method", "--exact", "--monte-carlo", "--compare", "--format"}
MONTE_CARLO = ["--trials", "--seed", "--precision", "--max-trials"]

#: A value each option accepts where it applies (flags take none).
VALUES = {
    "--attacker": "4R", "--defender": "hapsburg: 2R", "--defender-ally": "england: 1R",
    "--attacker-cards": "tercios", "--defender-cards": "tercios", "--responses": "foul-weather",
    "--policy": "janissaries=always", "--attacker-casualty-order": "RMC",
    "--defender-casualty-order": "RMC", "--gout-target": "Suleiman", "--side": "attacker",
    "--assault-formation": "strongest", "--defender-squadrons-adjacent": "1",
    "--defender-squadrons-in-port": "1", "--attacker-squadrons-adjacent": "2",
    "--method": "exact", "--trials": "1000", "--seed": "1", "--precision": "0.01",
    "--max-trials": "100000", "--format": "table", "--interceptor": "hapsburg: 2R",
    "--mover": "4R", "--rowers": "roller", "--rowers-policy": "always",
    "--pirates": "ottoman: 2Co", "--zone-squadrons": "1", "--adjacent-squadrons": "1",
    "--adjacent-fortresses": "1", "--target-ports": "2", "--target-hand": "3",
    "--target-squadrons": "1", "--piracy-vp": "1", "--award-policy": "in-order",
    "--award-order": "cards,vp,squadrons", "--war": "persia", "--force": "4R Ibrahim",
    "--foreign": "3", "--horizon": "2", "--cards": "arquebusiers", "--reinforcements": "1",
    "--casualty-order": "RMC", "--avoiding-units": "2R Ferdinand",
    "--after-withdrawal": "move-on", "--garrison-joins-relief": "yes",
    "--relief-inside-on-tie": "yes", "--retreat": "most-friendly", "--interception": "none",
    "--states": "3", "--besiegers": "9R Suleiman", "--garrison": "hapsburg: 2R",
    "--after-move": "vienna", "--schedule": "2=3R", "--assault-from": "1",
    "--stack": "Pressburg=ottoman: ?R 1C Suleiman", "--target": "0.5", "--targets": "0.5,0.75",
    "--within": "2", "--event": "attacker_wins", "--defender-policy": "fight",
    "--max-units": "10", "--out": "odds.csv", "--scheduler": "threads", "--batch-size": "10",
    "--checkpoint": "5", "--dpi": "80", "--leaders-inside": "with-units",
    "--control": "Linz=hapsburg", "--besieged": "Vienna", "--power": "hapsburg",
    "--kind": "battle", "--fleet": "Tyrrhenian Sea=hapsburg: ?Sq Doria",
    "--vary": "Tyrrhenian Sea=hapsburg: 1..2Sq",
    "--protestant-dice": "2", "--papal-dice": "2", "--ties": "papacy", "--modifier": "1",
    "--debater": "Bucer", "--turn": "2", "--zone": "german",
    "--space": "Lübeck", "--source": "95-theses", "--placards-attempts": "4",
    "--protestant": "Augsburg", "--unrest": "Leipzig", "--reformer": "Zürich",
    "--objective": "at-least:2", "--depth": "2",
    "--initiator": "papacy", "--committed": "Luther",
    "--debaters": "Eck,Luther", "--eligible": "3", "--card": "here-i-stand",
    "--england-ruler": "mary-i", "--bar": "Luther", "--bonuses": "all",
    "--luther-policy": "first-chance", "--bullinger-policy": "first-chance",
    "--protestant-cp": "2", "--papal-cp": "1", "--hapsburg-cp": "1", "--eligible-spaces": "2",
    "--eligible-protestant": "3", "--eligible-catholic": "3", "--flip-order": "electorates",
    "--outcome": "draw", "--explorer": "Magellan", "--conquistador": "Cortez",
    "--uncharted": "hapsburg", "--mercator": "hapsburg", "--claimed": "mississippi",
    "--removed": "Narvaez", "--choice": "amazon", "--defender-status": "both",
    "--used": "1", "--wife": "anne-boleyn", "--marriages": "2", "--walk": "lower",
    "--parr-both": "guarantee", "--marriages-before-heir": "3", "--heir-draw": "0.5",
    "--impulses": "3", "--card-cp": "2", "--papal-regulars": "1",
    "--st-peters-cp": "3", "--papal-cards": "4",
    "--catholic-home-spaces": "2", "--anne-boleyn-married": "yes", "--leader": "Montmorency",
    "--english-units": "1", "--french-units": "1", "--margin": "3", "--edward-born": "yes",
    "--scotland-allied-with-france": "yes", "--francis-rules": "yes", "--chateau-vp": "1",
    "--units": "2", "--captured-key": "yes", "--papal-debaters": "Eck",
    "--protestant-debaters": "Calvin", "--papal-eligible": "2", "--protestant-eligible": "2",
    "--exploration-underway": "yes", "--column": "inca", "--raiders": "france",
    "--holdings": "inca", "--colonial-governor": "inca", "--native-uprising": "inca",
}  # fmt: skip

#: Henry VIII's heirs (RULES.md §24-§26): the chart's options, and the timeline's.
HEIRS_OPTIONS = {"--used", "--wife", "--marriages", "--walk", "--parr-both",
                 "--protestant-ally", "--timeline"}  # fmt: skip

BATTLE = ["battle", "--attacker", "4R Suleiman", "--defender", "hapsburg: 2R"]
ASSAULT = ["assault", "--attacker", "6R L1", "--defender", "hapsburg: 2R"]
COMBAT_OPTIONS = {"--attacker", "--defender", "--defender-ally", "--attacker-cards",
                  "--defender-cards", "--responses", "--attacker-casualty-order",
                  "--defender-casualty-order", "--card-value", "--survivors"}  # fmt: skip
ASSAULT_OPTIONS = {"--assault-formation", "--siege-laid-this-impulse", "--assaulted-this-impulse",
                   "--no-line-of-communication", "--defender-squadrons-adjacent",
                   "--defender-squadrons-in-port"}  # fmt: skip
SIEGE = ["siege", "--besiegers", "9R Suleiman", "--garrison", "hapsburg: 2R"]
SIEGE_OPTIONS = {"--besiegers", "--garrison", "--horizon", "--reinforcements", "--schedule",
                 "--assault-from", "--attacker-cards", "--defender-cards",
                 "--attacker-casualty-order", "--defender-casualty-order"}  # fmt: skip
NEEDED = ["needed", "battle", "--attacker", "?R Suleiman", "--defender", "hapsburg: 4R"]
#: Vienna holds no siege: --garrison-joins-relief and --relief-inside-on-tie (15.2) apply
#: to none of its moves.
#: Every Vienna move may fight a field battle (Charles V may intercept): both casualty
#: orders apply to all of them (RULES.md §9).
MOVE_OPTIONS = {
    "--defender",
    "--retreat",
    "--interception",
    "--states",
    "--survivors",
    "--leaders-inside",
    "--stack",
    "--control",
    "--besieged",
    "--attacker-casualty-order",
    "--defender-casualty-order",
}
PIRACY = ["piracy", "--pirates", "ottoman: 3Co", "--target-ports", "2"]
PIRACY_OPTIONS = {"--pirates", "--zone-squadrons", "--adjacent-squadrons",
                  "--adjacent-fortresses", "--target-ports", "--target-hand",
                  "--target-squadrons", "--piracy-vp", "--award-policy", "--award-order",
                  "--responses"}  # fmt: skip
WAR = ["foreign-war", "--war", "persia", "--force", "4R Ibrahim"]
WAR_OPTIONS = {
    "--war",
    "--force",
    "--foreign",
    "--cards",
    "--casualty-order",
    "--horizon",
    "--card-value",
}

#: The what-ifs and the source of a religious board (RULES.md §16, §19).
BOARD_OPTIONS = {"--space", "--source", "--protestant", "--unrest", "--reformer"}

DIET = ["diet", "--protestant-cp", "1", "--papal-cp", "1", "--hapsburg-cp", "1"]
VOYAGE_OPTIONS = {
    "--power",
    "--explorer",
    "--uncharted",
    "--mercator",
    "--claimed",
    "--removed",
    "--turn",
    "--choice",
}
CONQUEST_OPTIONS = {
    "--power",
    "--conquistador",
    "--smallpox",
    "--claimed",
    "--removed",
    "--turn",
    "--card-value",
}
#: command -> [(base command line, options that apply to it)]. Every other option of the
#: command's parser is refused on that base.
DEBATE = ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1"]
TABLE_DEBATE = ["table", "debate", "--zone", "german", "--initiator", "papacy", "--turn", "1"]
DEBATE_OPTIONS = {"--zone", "--initiator", "--turn", "--attacker", "--defender", "--committed",
                  "--debaters", "--eligible", "--card", "--augsburg", "--bonuses",
                  "--objective", "--card-value", "--eligible-protestant",
                  "--eligible-catholic", "--fractions"}  # fmt: skip
#: A debate on a scenario's board: its turn, England, cards and caps come from the board.
BOARD_DEBATE = ["debate", "religion_example", "--zone", "german", "--initiator", "papacy"]
BOARD_DEBATE_OPTIONS = {"--zone", "--initiator", "--turn", "--attacker", "--defender",
                        "--committed", "--debaters", "--card", "--bonuses", "--objective",
                        "--card-value", "--flip-order", "--protestant", "--unrest",
                        "--reformer", "--fractions"}  # fmt: skip
#: The Diet on a scenario's board.
BOARD_DIET_OPTIONS = {
    "--protestant-cp",
    "--papal-cp",
    "--hapsburg-cp",
    "--flip-order",
    "--protestant",
    "--unrest",
    "--reformer",
}
#: The card rolls of RULES.md §28, sub-commands of card-roll: each takes all its options.
CARD_ROLL_OPTIONS = {
    "book-of-common-prayer": {"--catholic-home-spaces", "--anne-boleyn-married",
                              "--cranmer-committed"},
    "michelangelo": set(),
    "fountain-of-youth": {"--power", "--removed", "--exploration-underway"},
    "threat-to-power": {"--leader", "--captured"},
    "rough-wooing": {"--english-units", "--french-units", "--margin", "--edward-born",
                     "--scotland-allied-with-france"},
    "chateaux": {"--modifier", "--milan-french", "--florence-french", "--italian-keys",
                 "--tournament", "--home-space-lost", "--enemy-in-home", "--francis-rules",
                 "--francis-captured", "--francis-besieged", "--chateau-vp"},
    "city-state-rebels": {"--units", "--captured-key", "--under-siege"},
    "council-of-trent": {"--papal-debaters", "--protestant-debaters", "--papal-dice",
                         "--protestant-dice", "--papal-eligible", "--protestant-eligible"},
    "andrea-doria": {"--piracy-vp"},
}  # fmt: skip
#: New World riches (RULES.md §28.7): the options of one roll, those of a turn.
RICHES_OPTIONS = {"--power", "--galleons", "--plantations", "--colonial-governor",
                  "--native-uprising", "--raiders", "--turn"}  # fmt: skip
QUESTIONS = {
    **{
        f"card-roll {card}": [
            (["card-roll", card, "--exact"], ENGINE | options | {"--turn", "--fractions"})
        ]
        for card, options in CARD_ROLL_OPTIONS.items()
    },
    "riches": [
        (["riches", "--column", "maya", "--exact"],
         ENGINE | RICHES_OPTIONS | {"--column", "--fractions"}),
        (["riches", "--holdings", "maya,colony", "--exact"],
         ENGINE | RICHES_OPTIONS | {"--holdings", "--fractions"}),
    ],
    "heirs": [
        (["heirs", "--exact"], ENGINE | HEIRS_OPTIONS | {"--card-value", "--fractions"}),
        (["heirs", "--timeline", "--exact"],
         ENGINE | (HEIRS_OPTIONS - {"--marriages"})
         | {"--marriages-before-heir", "--heir-draw", "--card-value", "--fractions"}),
        (["heirs", "--table"], HEIRS_OPTIONS | {"--table", "--format"}),
    ],
    # The Sack of Rome (RULES.md §28.8): a field battle; the Papacy plays no Tercios.
    "sack-of-rome": [
        (["sack-of-rome", "--attacker", "hapsburg: 4M Duke of Alva", "--papal-regulars", "1",
          "--exact"],
         ENGINE | {"--attacker", "--attacker-cards", "--responses", "--papal-regulars",
                   "--no-sack-leader-dice", "--st-peters-cp", "--papal-cards",
                   "--turn", "--fractions"}),
    ],
    "mary-i": [
        (["mary-i", "--exact"], ENGINE | {"--impulses", "--card-cp", "--fractions"}),
    ],
    "diet": [
        ([*DIET, "--exact"],
         ENGINE | {"--protestant-cp", "--papal-cp", "--hapsburg-cp", "--eligible-spaces",
                   "--eligible-protestant", "--eligible-catholic", "--fractions"}),
        (["diet", "religion_example", *DIET[1:], "--exact"],
         ENGINE | BOARD_DIET_OPTIONS | {"--fractions"}),
        (["diet", "--table"], {"--table", "--outcome", "--eligible-spaces", "--format"}),
    ],
    "voyage": [
        (["voyage", "--power", "hapsburg", "--explorer", "Magellan", "--exact"],
         ENGINE | VOYAGE_OPTIONS | {"--card-value", "--fractions"}),
        (["voyage", "--power", "england,france", "--exact"],
         ENGINE | VOYAGE_OPTIONS | {"--fractions"}),
        (["voyage", "--table"], {"--table", "--power", "--claimed", "--choice", "--format"}),
    ],
    "conquest": [
        (["conquest", "--power", "hapsburg", "--exact"],
         ENGINE | CONQUEST_OPTIONS | {"--fractions"}),
        (["conquest", "--table"], {"--table", "--claimed", "--format"}),
    ],
    "battle": [
        ([*BATTLE, "--exact"], ENGINE | COMBAT_OPTIONS | {"--fractions"}),
        ([*BATTLE, "--trials", "1000", "--seed", "1"],
         (ENGINE | COMBAT_OPTIONS | {"--precision"}) - {"--card-value"}),
    ],
    "assault": [
        ([*ASSAULT, "--exact"], ENGINE | COMBAT_OPTIONS | ASSAULT_OPTIONS | {"--fractions"})
    ],
    "intercept": [
        (["intercept", "--interceptor", "hapsburg: 2R", "--mover", "4R", "--exact"],
         ENGINE | {"--interceptor", "--mover", "--fractions"}),
        (["intercept", "--interceptor", "hapsburg: 2Sq", "--naval", "--exact"],
         ENGINE | {"--interceptor", "--naval", "--rowers", "--fractions"}),
    ],
    "avoid": [
        (["avoid", "--defender", "hapsburg: 2R", "--attacker", "4R", "--exact"],
         ENGINE | {"--defender", "--attacker", "--lost-battle-this-impulse", "--fractions"}),
        (["avoid", "--defender", "hapsburg: 2Sq", "--naval", "--exact"],
         ENGINE | {"--defender", "--naval", "--rowers", "--fractions"}),
    ],
    "naval": [
        (["naval", "--attacker", "ottoman: 3Sq", "--defender", "hapsburg: 2Sq", "--exact"],
         ENGINE | {"--attacker", "--defender", "--in-port", "--attacker-no-retreat",
                   "--defender-no-retreat", "--attacker-cards", "--defender-cards",
                   "--survivors", "--card-value", "--fractions"}),
    ],
    "piracy": [([*PIRACY, "--exact"], ENGINE | PIRACY_OPTIONS | {"--fractions"})],
    "foreign-war": [
        ([*WAR, "--exact"], ENGINE | WAR_OPTIONS | {"--reinforcements"}),
        ([*WAR, "--exact", "--horizon", "1"], ENGINE | WAR_OPTIONS),
    ],
    "move": [
        (["move", "vienna", "--exact"],
         ENGINE | MOVE_OPTIONS | {"--horizon", "--avoiding-units", "--after-withdrawal"}),
        (["move", "vienna", "--exact", "--defender", "fight"],
         ENGINE | MOVE_OPTIONS | {"--horizon"}),
        (["move", "vienna", "--exact", "--defender", "fight", "--leaders-inside", "retreat"],
         ENGINE | MOVE_OPTIONS),
    ],
    "debate": [([*DEBATE, "--exact"], ENGINE | DEBATE_OPTIONS),
               ([*BOARD_DEBATE, "--exact"], ENGINE | BOARD_DEBATE_OPTIONS)],
    "leaders": [(["leaders"], {"--power", "--format"})],
    "debaters": [(["debaters"], {"--side", "--turn", "--zone", "--format"})],
    "explorers": [(["explorers"], {"--power", "--format"})],
    "reformation": [
        (["reformation", "--protestant-dice", "3", "--papal-dice", "3", "--exact"],
         ENGINE | {"--protestant-dice", "--papal-dice", "--ties", "--modifier",
                   "--printing-press", "--ninety-five-theses", "--debater", "--card-value",
                   "--fractions"}),
        (["reformation", "religion_example", "--space", "Lübeck", "--exact"],
         ENGINE | BOARD_OPTIONS | {"--debater", "--card-value", "--fractions"}),
    ],
    "counter-reformation": [
        (["counter-reformation", "--protestant-dice", "3", "--papal-dice", "3", "--exact"],
         ENGINE | {"--protestant-dice", "--papal-dice", "--ties", "--augsburg", "--debater",
                   "--card-value", "--fractions"}),
        (["counter-reformation", "religion_example", "--space", "Wittenberg", "--source",
          "burn-books:german", "--exact"],
         ENGINE | BOARD_OPTIONS | {"--debater", "--card-value", "--fractions"}),
    ],
    "attempts": [
        (["attempts", "religion_example", "--source", "treatise:german", "--exact"],
         ENGINE | BOARD_OPTIONS | {"--policy", "--objective", "--debater", "--depth"}),
        (["attempts", "religion_example", "--source", "treatise:german", "--policy",
          "greedy", "--monte-carlo"],
         BOARD_OPTIONS | {"--debater", "--trials", "--seed", "--precision", "--format"}),
        (["attempts", "religion_example", "--source", "affair-of-the-placards", "--exact"],
         ENGINE | BOARD_OPTIONS | {"--policy", "--objective", "--debater", "--depth",
                                   "--placards-attempts"}),
    ],
    "cards": [(["cards"], {"--kind", "--format"})],
    "naval-move": [
        (["naval-move", "barbary_coast", "--exact"],
         ENGINE | {"--defender", "--retreat", "--interception", "--states", "--survivors",
                   "--vary", "--fleet"}),
    ],
    "siege": [
        ([*SIEGE, "--exact"], ENGINE | SIEGE_OPTIONS),
        ([*SIEGE, "--exact", "--horizon", "1"], ENGINE | SIEGE_OPTIONS - {"--reinforcements"}),
    ],
    "needed": [
        ([*NEEDED, "--target", "0.5", "--method", "exact"],
         {"--attacker", "--defender", "--target", "--targets", "--event", "--attacker-cards",
          "--defender-cards", "--max-units", "--method", "--exact", "--format", "--fractions"}),
    ],
    "plan": [(["plan", "vienna_defence_plan", "--exact"], {"--method", "--exact", "--format"})],
    "book": [(["book", "--out", str(SCRATCH / "walk-book")], {"--out", "--quick"})],
    "sweep": [
        (["sweep", SWEEP_FILE, "--out", str(SCRATCH / "walk-sweep.csv"), "--method", "exact"],
         {"--out", "--resume", "--overwrite", "--scheduler", "--batch-size", "--checkpoint",
          "--quiet", "--method", "--exact"}),
    ],
    "table": [
        (["table", "battle", "--attacker", "1..2R", "--defender", "1R"],
         {"--attacker", "--defender", "--format", "--intervals", "--out", "--attacker-cards",
          "--defender-cards", "--responses", "--method", "--exact", "--precision", "--seed"}),
        ([*TABLE_DEBATE, "--attacker", "Eck", "--defender", "Carlstadt"],
         {"--attacker", "--defender", "--format", "--intervals", "--out", "--method", "--exact",
          "--precision", "--seed", "--committed", "--debaters", "--card", "--augsburg",
          "--england-ruler", "--bonuses", "--objective", "--luther-policy",
          "--bullinger-policy", "--defender-status", "--outcome"}),
    ],
    "plot": [
        (["plot", "battle", "--attacker", "1..2R", "--defender", "1R", "--out",
          str(SCRATCH / "walk-plot.png")],
         {"--attacker", "--defender", "--out", "--heatmap", "--dpi", "--attacker-cards",
          "--defender-cards", "--responses", "--method", "--exact", "--precision", "--seed"}),
    ],
}  # fmt: skip


def _subparsers(parser=None, prefix=""):
    """Every command's parser by its words, a command's sub-commands in its stead
    (``"card-roll rough-wooing"``)."""
    parser = parser or build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    found = {}
    for name, command in action.choices.items():
        nested = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
        found |= _subparsers(command, f"{prefix}{name} ") if nested else {prefix + name: command}
    return found


def _options(subparser) -> list[tuple[str, bool]]:
    """``(option, is_flag)`` for every option of a sub-command but --help."""
    return [
        (action.option_strings[-1], action.nargs == 0)
        for action in subparser._actions
        if action.option_strings and action.dest != "help"
    ]


def _cases(command):
    """``(base, extra)`` for each question of ``command`` and each option that does not
    apply to it."""
    options = _options(_subparsers()[command])
    for base, applies in QUESTIONS[command]:
        given = {word for word in base if word.startswith("--")}
        for option, is_flag in options:
            if option in applies or option in given:
                continue
            yield base, [option] if is_flag else [option, VALUES[option]]


def test_every_command_is_walked():
    assert set(QUESTIONS) == set(_subparsers())
    for command, subparser in _subparsers().items():
        for option, is_flag in _options(subparser):
            assert is_flag or option in VALUES, f"{command} {option}: give it a value here"


@pytest.mark.rule("13", cites="21.7: built before each later attempt")
@pytest.mark.parametrize("command", sorted(QUESTIONS))
def test_an_option_that_does_not_apply_is_refused(command):
    # One check per command over each of its questions and every option that does not
    # apply there; a failure names each option taken and what the command did with it.
    taken = []
    for base, extra in _cases(command):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main([*base, *extra])
            except SystemExit as stop:  # argparse
                status = stop.code
        lines = err.getvalue().strip().splitlines()
        if status != 2 or len(lines) != 1 or out.getvalue():
            taken.append((" ".join(extra), status, (out.getvalue() + err.getvalue())[:300]))
    assert not taken, f"{command}: {len(taken)} options not refused in one line: {taken}"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["move", "vienna", "--horizon", "3", "--defender", "fight", "--leaders-inside",
          "retreat"], "'best' defender policy"),
        (["move", "vienna", "--avoiding-units", "hapsburg=2R", "--defender", "fight"],
         "never avoids battle"),
        (["move", "vienna", "--defender", "hapsburg=fight,hapsburg=withdraw"], "hapsburg twice"),
        (["move", "vienna", "--avoiding-units", "hapsburg=2R,Hapsburg=1R"], "twice"),
        ([*ASSAULT, "--assault-formation", ""], "assault_formation"),
        (["book", "--out", ""], "needs a name"),
        (["needed", "move", "vienna", "--stack", "Pressburg=?R", "--stack", "pressburg=2R",
          "--target", "0.5"], "twice"),
        ([*NEEDED, "--target", "0.5", "--method", "exact", "--seed", "1"], "--seed"),
        (["naval", "--attacker", "ottoman: 3Sq", "--defender", "hapsburg: 2Sq",
          "--attacker-cards", "janissaries", "--policy", "janissaries=always",
          "--policy", "janissaries=if-it-changes-the-outcome"], "twice"),
        (["piracy", "--pirates", "ottoman: 3Co", "--target-ports", "1", "--survivors"],
         "unrecognized arguments: --survivors"),
    ],
)  # fmt: skip
def test_a_choice_given_twice_or_never_used_is_refused(capsys, argv, words):
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert words in line


def test_an_option_that_applies_is_still_taken():
    # The refusals above are of the question, not of the option.
    for argv in (
        ["intercept", "--interceptor", "hapsburg: 2Sq", "--naval", "--rowers", "roller",
         "--rowers-policy", "always", "--exact"],
        [*PIRACY, "--award-policy", "in-order", "--award-order", "cards,vp", "--exact"],
        [*WAR, "--cards", "janissaries", "--policy",
         "janissaries=always", "--exact"],
        ["move", "vienna", "--horizon", "2", "--exact", "--format", "csv"],
    ):  # fmt: skip
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(argv) == 0, argv

"""Importing the package, and a command line answer by the exact engine or a short Monte
Carlo run, load neither pandas, matplotlib nor Numba: they cost a command a good part of a
second, and only tables, plots, sweeps and long runs need them."""

import functools
import subprocess
import sys
from textwrap import indent

import pytest

pytestmark = pytest.mark.slow

HEAVY = ("pandas", "matplotlib", "numba")

_PROBE = """
import sys
try:
{code}
except SystemExit as stop:
    assert not stop.code, stop.code
print("loaded:", *(name for name in {heavy!r} if name in sys.modules))
"""


def _heavy_modules_after(code: str) -> list[str]:
    output = subprocess.run(
        [sys.executable, "-c", _PROBE.format(code=indent(code, "    "), heavy=HEAVY)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return output.splitlines()[-1].split()[1:]


@pytest.mark.parametrize(
    "code",
    [
        "import oddsengine",
        "import oddsengine as oe\noe.exact(oe.FieldBattle('4R L1', 'hapsburg: 3R'))",
        "from oddsengine.cli import main\n"
        "main(['assault', '--attacker', '9R Suleiman', '--defender', 'hapsburg: 4R Ferdinand'])",
        "from oddsengine.cli import main\n"
        "main(['battle', '--attacker', '4R L1', '--defender', '3R', '--seed', '1'])",
        "from oddsengine.cli import main\n"
        "main(['naval', '--attacker', 'ottoman: 2Sq 1Co Barbarossa',"
        " '--defender', 'hapsburg: 2Sq Andrea-Doria', '--format', 'json'])",
    ],
    ids=[
        "import",
        "first exact answer",
        "exact assault",
        "short Monte Carlo battle",
        "naval battle",
    ],
)
def test_no_heavy_package_is_loaded(code):
    assert _heavy_modules_after(code) == []


#: One exact answer of every command that gives one, as a user types it.
EXACT_COMMANDS = {
    "battle": ["battle", "--attacker", "7R 1C Suleiman Ibrahim", "--defender",
               "hapsburg: 10R Charles-V Ferdinand", "--exact", "--survivors"],
    "assault": ["assault", "--attacker", "9R Suleiman", "--defender", "4R Ferdinand",
                "--exact", "--format", "json"],
    "intercept": ["intercept", "--interceptor", "hapsburg: 8R charles-v", "--mover",
                  "7R 1C Suleiman", "--exact", "--format", "csv"],
    "avoid": ["avoid", "--defender", "hapsburg: 2R Ferdinand", "--attacker",
              "7R 1C Suleiman", "--exact"],
    "naval": ["naval", "--attacker", "3Sq", "--defender", "2Sq", "--exact"],
    "naval interception roll": ["intercept", "--naval", "--interceptor",
                                "hapsburg: 2Sq Andrea-Doria", "--exact"],
    "naval avoid roll": ["avoid", "--naval", "--defender", "hapsburg: 2Sq", "--exact"],
    "piracy": ["piracy", "--pirates", "ottoman: 2Co", "--target-ports", "2", "--exact"],
    "foreign-war": ["foreign-war", "--war", "persia", "--force", "4R", "--exact"],
    "move": ["move", "vienna", "--exact"],
    "move json": ["move", "vienna", "--exact", "--format", "json"],
    "siege": ["siege", "--besiegers", "4R", "--garrison", "2R", "--exact"],
    "siege after a move": ["siege", "--after-move", "vienna", "--exact"],
    "needed battle": ["needed", "battle", "--attacker", "?R", "--defender", "2R",
                      "--target", "0.5"],
    "needed assault": ["needed", "assault", "--attacker", "?R", "--defender", "2R",
                       "--target", "0.5", "--format", "json"],
    "needed siege": ["needed", "siege", "--besiegers", "?R Suleiman", "--garrison",
                     "hapsburg: 2R", "--target", "0.8", "--within", "2"],
    "needed naval": ["needed", "naval", "--attacker", "?Sq", "--defender", "2Sq",
                     "--target", "0.5"],
    "needed foreign-war": ["needed", "foreign-war", "--war", "persia", "--force", "?R",
                           "--target", "0.5", "--within", "2"],
    "naval-move": ["naval-move", "barbary_coast", "--exact"],
    "naval-move json": ["naval-move", "barbary_coast", "--exact", "--format", "json"],
    "naval-move csv": ["naval-move", "tyrrhenian_sea", "--exact", "--format", "csv"],
    "move by sea": ["move", "tunis_transport", "--exact"],
    "needed move": ["needed", "move", "vienna", "--stack", "Pressburg=?R 1C Suleiman Ibrahim",
                    "--target", "0.6", "--within", "2"],
    "needed naval-move": ["needed", "naval-move", "barbary_coast", "--fleet",
                          "Tyrrhenian Sea=hapsburg: ?Sq Doria", "--target", "0.4"],
    "plan siege": ["plan", "vienna_siege_plan", "--exact"],
    "plan move": ["plan", "vienna_defence_plan", "--exact", "--format", "json"],
    "plan naval move": ["plan", "barbary_coast_plan", "--exact", "--format", "json"],
    "plan transport": ["plan", "tunis_transport_plan", "--exact"],
    "reformation": ["reformation", "--protestant-dice", "6", "--papal-dice", "3",
                    "--ties", "protestant", "--modifier", "1", "--printing-press"],
    "reformation json": ["reformation", "--protestant-dice", "4", "--papal-dice", "5",
                         "--ties", "papacy", "--debater", "Bucer", "--format", "json"],
    "reformation on a board": ["reformation", "religion_example", "--space", "Magdeburg",
                               "--source", "95-theses", "--exact"],
    "counter-reformation": ["counter-reformation", "--protestant-dice", "2",
                            "--papal-dice", "3", "--augsburg", "--format", "csv"],
    "counter-reformation on a board": ["counter-reformation", "religion_example", "--space",
                                       "Wittenberg", "--source", "burn-books:german",
                                       "--exact", "--format", "json"],
    "debaters": ["debaters", "--side", "protestant", "--turn", "2"],
    "explorers": ["explorers", "--power", "hapsburg", "--format", "json"],
    "attempts": ["attempts", "religion_1517", "--source", "95-theses"],
    "attempts json": ["attempts", "religion_example", "--source", "carlstadt", "--format",
                      "json"],
    "debate": ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1",
               "--attacker", "Eck", "--defender", "Carlstadt", "--committed", "Carlstadt"],
    "debate random": ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "3",
                      "--card", "here-i-stand", "--format", "json"],
    "diet": ["diet", "--protestant-cp", "2", "--papal-cp", "1", "--hapsburg-cp", "3",
             "--exact"],
    "debate on a board": ["debate", "religion_example", "--zone", "german", "--initiator",
                          "papacy", "--attacker", "Eck", "--exact"],
    "diet on a board": ["diet", "religion_example", "--protestant-cp", "2", "--papal-cp", "1",
                        "--hapsburg-cp", "3", "--exact", "--format", "json"],
    "voyage": ["voyage", "--power", "hapsburg", "--explorer", "Magellan", "--exact",
               "--format", "json"],
    "voyage turn": ["voyage", "--power", "england,france,hapsburg", "--exact"],
    "conquest": ["conquest", "--power", "hapsburg", "--smallpox", "--exact",
                 "--format", "csv"],
    "heirs": ["heirs", "--marriages", "2", "--fractions"],
    "heirs timeline": ["heirs", "--timeline", "--format", "json"],
    "heirs card value": ["heirs", "--card-value"],
    "reformation card value": ["reformation", "--protestant-dice", "2", "--papal-dice", "3",
                               "--card-value"],
    "counter-reformation card value": ["counter-reformation", "religion_example", "--space",
                                       "Wittenberg", "--card-value"],
    "debate card value": ["debate", "--zone", "german", "--initiator", "papacy", "--turn",
                          "1", "--card-value"],
    "debate fractions": ["debate", "--zone", "german", "--initiator", "papacy", "--turn", "1",
                         "--attacker", "Eck", "--defender", "Carlstadt", "--committed",
                         "Carlstadt", "--fractions"],
    "mary-i": ["mary-i", "--impulses", "5", "--card-cp", "2,3,5,4,1", "--exact"],
    "sack-of-rome": ["sack-of-rome", "--attacker", "hapsburg: 4M Duke of Alva",
                     "--papal-regulars", "1", "--fractions"],
    "card-roll book-of-common-prayer": ["card-roll", "book-of-common-prayer",
                                        "--catholic-home-spaces", "4", "--fractions"],
    "card-roll michelangelo": ["card-roll", "michelangelo", "--turn", "4", "--format", "json"],
    "card-roll fountain-of-youth": ["card-roll", "fountain-of-youth", "--power", "france",
                                    "--exact"],
    "card-roll threat-to-power": ["card-roll", "threat-to-power", "--leader", "Montmorency"],
    "card-roll rough-wooing": ["card-roll", "rough-wooing", "--english-units", "3",
                               "--french-units", "1", "--fractions"],
    "card-roll chateaux": ["card-roll", "chateaux", "--milan-french", "--enemy-in-home",
                           "--format", "csv"],
    "card-roll city-state-rebels": ["card-roll", "city-state-rebels", "--units", "2", "--exact"],
    "card-roll council-of-trent": ["card-roll", "council-of-trent", "--papal-debaters",
                                   "Loyola,Pole,Eck", "--protestant-debaters", "Calvin,Knox",
                                   "--turn", "6", "--fractions"],
    "card-roll andrea-doria": ["card-roll", "andrea-doria", "--format", "markdown"],
    "riches": ["riches", "--column", "potosi", "--plantations", "--galleons", "--exact"],
    "riches turn": ["riches", "--holdings", "inca,colony,colony", "--raiders", "france,england",
                    "--turn", "5", "--fractions", "--format", "json"],
}  # fmt: skip


@functools.cache
def _modules_after(argv: tuple[str, ...]) -> frozenset[str]:
    """The modules a fresh process has loaded after answering ``argv`` (each command line
    is run once, for every check of what it loads)."""
    code = (
        "import io, sys, contextlib\n"
        "from oddsengine.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({list(argv)!r}) == 0\n"
        "print(*sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return frozenset(output.split())


def _loaded_after(argv, names) -> list[str]:
    """Which of the modules ``names`` a fresh process has loaded after answering ``argv``."""
    loaded = _modules_after(tuple(argv))
    return [name for name in names if name in loaded]


@pytest.mark.parametrize("argv", EXACT_COMMANDS.values(), ids=EXACT_COMMANDS.keys())
def test_no_exact_answer_of_the_command_line_loads_a_heavy_package(argv):
    assert _loaded_after(argv, HEAVY) == []


#: What an exact single combat, a siege or a plan from a siege has no use for: the move
#: machinery and the board (a spec of the class would have imported them), and modules of
#: the standard library that cost a command line milliseconds each (importlib.resources
#: brings tempfile, zipfile and shutil; secrets brings random and hashlib; difflib only
#: suggests names).
NOT_ON_A_SINGLE_COMBAT_PATH = (
    "oddsengine.moves.move",
    "oddsengine.moves.board",
    "oddsengine.engines.montecarlo",
    "importlib.resources",
    "shutil",
    "secrets",
    "hashlib",
    "difflib",
)


@pytest.mark.parametrize(
    "label",
    ["battle", "assault", "intercept", "avoid", "naval", "naval interception roll",
     "naval avoid roll", "piracy", "foreign-war", "siege",
     "needed battle", "needed assault", "needed siege", "needed naval", "plan siege",
     "reformation", "counter-reformation", "diet"],
)  # fmt: skip
def test_an_exact_single_combat_imports_no_move_board_or_costly_stdlib_module(label):
    assert _loaded_after(EXACT_COMMANDS[label], NOT_ON_A_SINGLE_COMBAT_PATH) == []


#: What a move on land, or an exact siege campaign, has no use for: the ships (a move
#: with no fleet in its situation, and the class of a situation's fleets), the card
#: records (a move that names no card), the assault spec and the engagements module (a
#: move with no siege to weigh), the Monte Carlo sampler and its streams (an exact
#: campaign), and the csv module (the shipped board files are split on their commas). (The streams'
#: module stays: the run's arguments read a seed through it.) A search at sea has no use
#: for the land combats the exact grid stacks, the land forces and rule options, nor for
#: the table face of ``--targets``, nor for another kind's spec whose options ``needed``
#: declares (a foreign war's), nor for the naval rolls (and a roll has none for the
#: naval battle); a plan, for the kinds' registry that only the ``needed`` parser reads; a
#: land combat without cards, for the card records.
NOT_ON_THE_PATH = {
    "move": ("oddsengine.combat.fleets", "oddsengine.moves.fleet_stack",
             "oddsengine.combat.cards", "oddsengine.combat.card_types",
             "oddsengine.combat.assault", "oddsengine.combat.engagements",
             "oddsengine.engines._numpy_kernel", "csv"),
    "siege": ("oddsengine.engines._numpy_kernel", "oddsengine.combat.engagements",
              "oddsengine.combat.field_battle", "oddsengine.combat.cards",
              "oddsengine.combat.card_types"),
    "needed siege": ("oddsengine.engines._numpy_kernel", "oddsengine.combat.field_battle",
                     "oddsengine.combat.cards", "oddsengine.combat.card_types",
                     "oddsengine.combat.naval", "oddsengine.combat.foreign_war"),
    "needed naval": ("oddsengine.combat.assault", "oddsengine.combat.field_battle",
                     "oddsengine.combat.engagements", "oddsengine.faces.needed_table",
                     "oddsengine.sweeps.templates", "oddsengine.combat.forces",
                     "oddsengine.combat.options", "oddsengine.combat.naval_rolls",
                     "oddsengine.combat.foreign_war"),
    "naval interception roll": ("oddsengine.combat.naval",),
    "plan siege": ("oddsengine.kinds", "oddsengine.cli._needed_commands"),
    # A land combat that names no card reads no card record (its --responses help names
    # them only when --help is shown).
    "battle": ("oddsengine.combat.cards", "oddsengine.combat.card_types"),
    "assault": ("oddsengine.combat.cards", "oddsengine.combat.card_types"),
}  # fmt: skip


@pytest.mark.parametrize("label", NOT_ON_THE_PATH)
def test_a_move_on_land_and_an_exact_siege_load_only_what_they_use(label):
    assert _loaded_after(EXACT_COMMANDS[label], NOT_ON_THE_PATH[label]) == []


#: How many dataclasses the Vienna move builds on the command line (26 when this was
#: written; 29 since its command is built from its declaration, which reads the
#: registry: declaration.Option, kinds.Kind and kind_entries.NeededKind, the record the
#: registry's module defines beside the explorer's; 30 with moves.board_move.BoardMove,
#: the board inputs a move and a naval move share, which generates no method but its
#: frozen __setattr__ and __delattr__, about 0.2 ms): Python 3.11 builds each generated
#: method with exec, so each class costs a command line 0.5-1 ms at import. A class the
#: move never uses belongs in a module the move does not load.
MOST_DATACLASSES_OF_A_MOVE = 30


def test_a_move_on_the_command_line_builds_few_dataclasses():
    code = (
        "import dataclasses, io, sys, contextlib\n"
        "from oddsengine.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['move', 'vienna', '--exact']) == 0\n"
        "found = {value for module in list(sys.modules.values())\n"
        "         if module is not None and module.__name__.startswith('oddsengine')\n"
        "         for value in vars(module).values()\n"
        "         if isinstance(value, type) and dataclasses.is_dataclass(value)\n"
        "         and value.__module__.startswith('oddsengine')}\n"
        "print(*sorted(f'{value.__module__}.{value.__qualname__}' for value in found))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    built = output.split()
    assert len(built) <= MOST_DATACLASSES_OF_A_MOVE, built
    assert "oddsengine.combat.card_types.CardRule" not in built
    assert "oddsengine.moves.fleet_stack.FleetStack" not in built


def test_the_campaign_kinds_below_are_named_by_their_spec_classes():
    # campaigns.py names them without importing them: each name must be the class's.
    from importlib import import_module

    from oddsengine.engines.campaigns import _BELOW, campaign_engines

    for name in _BELOW:
        module, _, class_name = name.rpartition(".")
        spec_class = getattr(import_module(module), class_name)
        assert f"{spec_class.__module__}.{spec_class.__qualname__}" == name
    import oddsengine as oe

    assert campaign_engines(oe.ForeignWar("egypt", "3R")).exact is oe.exact_foreign_war
    assert campaign_engines(oe.SiegeCampaign("9R", "hapsburg: 2R")).exact is not None
    assert campaign_engines(oe.load_move("vienna")).exact is None
    assert campaign_engines(oe.FieldBattle("2R", "2R")) is None


def test_importing_the_package_imports_none_of_its_modules():
    # Every public name is imported on first use: the import itself costs nothing.
    code = (
        "import sys, oddsengine\n"
        "assert [m for m in sys.modules if m.startswith('oddsengine.')] == [], sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_public_name_resolves():
    import oddsengine

    assert set(dir(oddsengine)) >= set(oddsengine.__all__)
    for name in oddsengine.__all__:
        assert getattr(oddsengine, name) is not None


def test_a_command_line_builds_the_same_parser_for_its_command_as_the_whole_one():
    # main() builds only the invoked command's parser: it must be the whole parser's.
    from oddsengine.cli import _MODULES_OF_COMMAND, build_parser
    from oddsengine.cli._declared_commands import declared_kinds

    whole = build_parser()._subparsers._group_actions[0].choices
    declared = {kind.command for kind in declared_kinds()}
    assert set(_MODULES_OF_COMMAND) | declared == set(whole)
    for command in [*_MODULES_OF_COMMAND, *declared]:
        alone = build_parser(command)._subparsers._group_actions[0].choices
        assert alone[command].format_help() == whole[command].format_help(), command


def _package_dataclasses():
    import dataclasses
    import importlib
    import inspect
    import pkgutil

    import oddsengine

    found = {}
    for module in pkgutil.walk_packages(oddsengine.__path__, prefix="oddsengine."):
        if module.name.endswith("__main__"):
            continue
        for name, value in vars(importlib.import_module(module.name)).items():
            if (
                inspect.isclass(value)
                and value.__module__ == module.name
                and dataclasses.is_dataclass(value)
            ):
                found[f"{module.name}.{name}"] = value
    return found


def test_no_dataclass_generates_a_method_that_it_throws_away():
    import dataclasses

    # Python 3.11 builds each method of a dataclass with exec at import, about 0.1-0.2 ms
    # each on the shared machine; a class with its own __repr__ (__eq__, __init__) keeps it,
    # so the generated one is built for nothing: such a class says repr=False (eq, init).
    wasted = []
    for name, spec_class in _package_dataclasses().items():
        parameters = spec_class.__dataclass_params__
        for method, generated in (("__repr__", parameters.repr), ("__eq__", parameters.eq),
                                  ("__init__", parameters.init)):  # fmt: skip
            own = spec_class.__dict__.get(method)
            code = getattr(getattr(own, "__wrapped__", own), "__code__", None)
            if generated and code is not None and code.co_filename != "<string>":
                wasted.append(f"{name}.{method}")
    assert wasted == []
    # A class with nothing to hold is a plain base, not a dataclass (the rolls' bases).
    classes = _package_dataclasses()
    assert [name for name, value in classes.items() if not dataclasses.fields(value)] == []


#: The commands whose answer is a table, a chart, a table on disk or a site: pandas or
#: matplotlib are their work, not a cost of start-up.
RENDERING_COMMANDS = {"sweep", "table", "plot", "book"}


def test_every_exact_command_and_every_needed_kind_is_checked_above():
    from oddsengine.cli import build_parser
    from oddsengine.kinds import NEEDED_KINDS

    commands = build_parser()._subparsers._group_actions[0].choices
    exact = {
        name
        for name, parser in commands.items()
        if any("--exact" in action.option_strings for action in parser._actions)
    }
    checked = {argv[0] for argv in EXACT_COMMANDS.values()}
    assert exact - RENDERING_COMMANDS <= checked
    needed = {argv[1] for argv in EXACT_COMMANDS.values() if argv[0] == "needed"}
    assert set(NEEDED_KINDS) <= needed
    assert "plan" in checked and "naval-move" in checked

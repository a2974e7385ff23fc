"""The layers (GUIDE: errors and the draw plan < specs < engines < results < questions <
sweeps < faces < cli): no spec module (``combat/``, ``moves/``) imports an engine or a
result, no result module imports an engine (the engines build results) or a layer above,
no question imports a sweep, a face or the command line, no sweep module imports a face or
the command line, and every kind is answered through the two doors, ``exact`` and
``simulate``."""

import ast
from pathlib import Path

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.card_rolls.riches_turn import RichesTurn
from oddsengine.card_rolls.sack_of_rome import SackOfRome
from oddsengine.england.heirs import Heirs
from oddsengine.england.mary_i import MaryI
from oddsengine.religion.attempt_scenarios import AttemptsScenario

PACKAGE = Path(oe.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("folder", ["combat", "moves", "religion", "england", "card_rolls"])
def test_specs_import_neither_engines_nor_results(folder):
    offending = {
        f"{path.name}: {module}"
        for path in sorted((PACKAGE / folder).glob("*.py"))
        for module in _imported_modules(path)
        if module.startswith(("oddsengine.engines", "oddsengine.results"))
    }
    assert not offending


def test_results_import_no_engine_nor_any_layer_above():
    # The engines build their results (oddsengine.engines.exact returns a Result), so a
    # result module that ran an engine would be an arrow that climbs: a question that
    # runs the engines (a card's value, the force needed) lives in questions/.
    offending = {
        f"{path.name}: {module}"
        for path in sorted((PACKAGE / "results").glob("*.py"))
        for module in _imported_modules(path)
        if module.startswith(
            (
                "oddsengine.engines",
                "oddsengine.questions",
                "oddsengine.sweeps",
                "oddsengine.faces",
                "oddsengine.cli",
            )
        )
    }
    assert not offending


def test_questions_import_no_sweep_face_or_command_line():
    offending = {
        f"{path.name}: {module}"
        for path in sorted((PACKAGE / "questions").glob("*.py"))
        for module in _imported_modules(path)
        if module.startswith(("oddsengine.sweeps", "oddsengine.faces", "oddsengine.cli"))
    }
    assert not offending


def test_sweeps_import_no_face():
    modules = sorted((PACKAGE / "sweeps").glob("*.py"))
    assert {path.name for path in modules} >= {"sweep.py", "_grid.py", "_runner.py"}
    offending = {
        f"{path.name}: {module}"
        for path in modules
        for module in _imported_modules(path)
        if module.startswith(("oddsengine.faces", "oddsengine.cli"))
    }
    assert not offending


def test_no_sweep_module_is_left_among_the_faces():
    assert not sorted((PACKAGE / "faces").glob("*sweep*.py"))


@pytest.mark.slow
@pytest.mark.parametrize(
    "spec",
    [
        oe.ForeignWar("egypt", "3R", horizon=2),
        oe.SiegeCampaign("9R Suleiman", "hapsburg: 2R", horizon=2),
        oe.load_move("vienna"),
        oe.FieldBattle("3R", "hapsburg: 2R"),
        oe.Debate("german", "papacy", turn=1),
        AttemptsScenario("religion_example", "treatise:german", policy="greedy"),
        Heirs(timeline=True, heir_draw=0.5),
        MaryI(cards=(2, 3, 5)),
        RichesTurn("inca,colony", raiders="france", turn=4),
        SackOfRome("hapsburg: 4M", papal_regulars=1),
    ],
    ids=lambda spec: type(spec).__name__,
)
def test_every_kind_goes_through_both_doors(spec):
    exact = oe.exact(spec)
    sampled = oe.simulate(spec, trials=np.int64(2000), seed=3)
    assert exact is not None and sampled.trials == 2000


@pytest.mark.parametrize(
    "run",
    [
        lambda trials: oe.simulate(oe.FieldBattle("3R", "2R"), trials=trials),
        lambda trials: oe.simulate_foreign_war(oe.ForeignWar("egypt", "3R"), trials=trials),
        lambda trials: oe.simulate_campaign(oe.SiegeCampaign("9R", "hapsburg: 2R"), trials),
        lambda trials: oe.simulate_move(oe.load_move("vienna"), trials=trials),
        lambda trials: oe.simulate(oe.ForeignWar("egypt", "3R"), trials=trials),
    ],
    ids=["battle", "foreign-war", "siege-campaign", "move", "door-to-a-war"],
)
@pytest.mark.parametrize(
    ("trials", "message"),
    [
        (10**12, "at most 1,000,000,000 trials in one run, not 1000000000000"),
        (2 * 10**9, "at most 1,000,000,000 trials in one run, not 2000000000"),
        (10**30, "at most 1,000,000,000 trials in one run"),
        (-(10**5000), "trials must be positive, not a number of about 5000 digits"),
        (0, "trials must be positive, not 0"),
        (1.5, "trials must be a positive whole number, not 1.5"),
        (True, "trials must be a positive whole number, not True"),
    ],
    ids=["1e12", "2e9", "1e30", "minus-1e5000", "zero", "a-float", "a-bool"],
)
def test_every_engine_refuses_the_same_trials_with_the_same_message(run, trials, message):
    with pytest.raises(oe.OddsEngineError) as refused:
        run(trials)
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


@pytest.mark.slow
def test_the_foreign_war_monte_carlo_counts_end_states():
    # Memory does not grow with trials: the result holds one row per end state reached.
    war = oe.ForeignWar("persia", "5R Ibrahim", horizon=3)
    result = oe.simulate(war, trials=200_000, seed=1)
    rows = len(result.states["outcome"])
    assert rows < 200 and result.weights.sum() == 200_000

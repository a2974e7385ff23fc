"""The same seed gives the same numbers from every face (issue 39, measured: every Monte
Carlo kind at a fixed seed through the Python API, the command line, a one-row sweep and
the explorer's engine call).

Each kind's example question (``EXAMPLES`` of ``tests/faces/test_every_face.py``) is
simulated with ``oe.simulate(spec, trials=TRIALS, seed=SEED)``; the command line with
``--method monte-carlo --trials TRIALS --seed SEED --format json`` (a sub-command's
``card-roll CARD``, a command whose options choose the kind: ``riches --holdings``); a
sweep file of that one scenario at the seed (to a precision target: the trials it used are
read from its rows, and Python runs as many, compared row by row: outcomes, events and
expected values); and the spec the explorer builds from the same inputs
(:func:`oddsengine.faces.explore.build_spec`), simulated. Every face must give the numbers
Python gives, to the last bit (a sweep's CSV to 1e-15), or be listed in
:data:`NOT_COMPARED` with the reason; a face not offered at all is excluded by the
every-face table, for its reason there.
"""

from __future__ import annotations

import csv
import json

import pytest
from conftest import run_cli
from test_every_face import (
    EXAMPLES,
    NOT_OFFERED,
    NotAnswered,
    command_line,
    sweep_file,
)

import oddsengine as oe
from oddsengine.declaration import spec_of, spec_on_board
from oddsengine.kind_commands import inputs_of
from oddsengine.kinds import KINDS

SEED = 7
TRIALS = 4000
#: The precision target of the one-row sweep (its first round and more, read back).
SWEEP_PRECISION = 0.05

#: The faces that answer a kind but do not give Python's numbers at the seed, and why.
NOT_COMPARED: dict[tuple[str, str], str] = {
    ("foreign-war", "sweep"): "a sweep file cannot ask a foreign war's Monte Carlo: the "
    "sweep's precision target (0.005 unless given; a file cannot unset it) is refused by "
    "the war's engine, which plays a fixed number of trials",
}

#: The JSON answers that name their Monte Carlo method in other words than a Result's
#: (``monte-carlo``): a run of attempts' sample (results/run_answer.py), as its golden
#: output holds it (tests/golden/cli_outputs.json).
METHOD_WORDS = {"attempts": "monte carlo"}


def python_spec(name: str):
    """The kind's example question as Python builds it: from its declaration where it has
    one (``on_board`` with the scenario a board is read from), else its class's fields."""
    kind = KINDS[name]
    inputs = dict(EXAMPLES[name])
    board = kind.spec.scenario_board.options if "board" in kind.takes else ()
    scenario = [item.name for item in board if item.positional]
    if scenario and scenario[0] in inputs:
        return spec_on_board(kind.spec, inputs.pop(scenario[0]), inputs)
    return spec_of(kind.spec, inputs)


def numbers(result) -> dict:
    """A Monte Carlo answer's chances by name (``p``)."""
    return dict(result.p)


def row_numbers(result) -> dict:
    """A Monte Carlo answer's figures as a sweep writes them, by the rows' names: its
    outcomes, events and expected values (a run of attempts: ``expected.flips``,
    ``p.flips:K`` ...)."""
    rows = result.rows() if callable(result.rows) else result.rows
    return {row["outcome"]: row["probability"] for row in rows}


@pytest.fixture(scope="module")
def python_numbers():
    """Python's numbers of each kind at the seed, by trials (computed once each): its
    chances, or with ``rows`` the figures of its rows."""
    cache = {}

    def answer(name: str, trials: int = TRIALS, rows: bool = False) -> dict:
        if (name, trials) not in cache:
            result = oe.simulate(python_spec(name), trials=trials, seed=SEED)
            assert result.trials == trials
            cache[name, trials] = (numbers(result), row_numbers(result))
        return cache[name, trials][rows]

    return answer


def _command(name, python_numbers, capsys, tmp_path) -> bool:
    words = [*command_line(name), "--method", "monte-carlo", "--trials", str(TRIALS),
             "--seed", str(SEED), "--format", "json"]  # fmt: skip
    status, out, err = run_cli(capsys, *words)
    assert status == 0, err
    answer = json.loads(out)
    method = METHOD_WORDS.get(name, "monte-carlo")
    assert (answer["method"], answer["trials"], answer["seed"]) == (method, TRIALS, SEED)
    assert answer["kind"] == name  # every JSON answer names its kind, sampled or exact
    return answer["p"] == python_numbers(name)


def _sweep(name, python_numbers, capsys, tmp_path) -> bool:
    settings = f'method = "monte-carlo"\nseed = {SEED}\nprecision = {SWEEP_PRECISION}\n'
    path = sweep_file(name, tmp_path / "one.toml", settings)
    out = tmp_path / "rows.csv"
    status, _, err = run_cli(capsys, "sweep", str(path), "--out", str(out), "--quiet")
    if status != 0:
        raise NotAnswered(err.strip())
    with out.open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert {row["status"] for row in rows} == {"ok"}, rows[0]
    assert {int(row["seed"]) for row in rows} == {SEED}
    (trials,) = {int(row["trials"]) for row in rows}
    expected = python_numbers(name, trials, rows=True)
    swept = {row["outcome"]: float(row["probability"]) for row in rows}
    outcomes = {row["outcome"] for row in rows if row["kind"] == "outcome"}
    assert outcomes <= set(expected), outcomes - set(expected)
    return all(
        abs(value - expected[outcome]) <= 1e-15
        for outcome, value in swept.items()
        if outcome in expected
    )


def explorer_values(name: str) -> dict:
    """The explorer's control values that ask the kind's example: its forces in the boxes
    its layout names after the kind's roles, its other inputs in their controls."""
    from oddsengine.faces._explore_questions import entry

    layout, kind = entry(name), KINDS[name]
    lists = (
        {item.name for item in inputs_of(kind) if item.value == "names"} if kind.declared else set()
    )
    inputs = dict(EXAMPLES[name])
    values = {"engagement": name}
    for box, label, role in zip(("attacker", "defender"), layout.roles, kind.roles, strict=False):
        if label != "(none)" and role in inputs:
            values[box] = inputs.pop(role)
    for key, value in inputs.items():
        for control in (key, f"{name}.{key}"):
            if control in layout.controls:
                # A list of names is a list in its control, even of one name.
                if isinstance(value, tuple) or (key in lists and isinstance(value, str)):
                    value = list(value) if isinstance(value, tuple) else [value]
                values[control] = value
                break
        else:
            raise AssertionError(f"the explorer of {name!r} has no control for {key!r}")
    return values


def _explorer(name, python_numbers, capsys, tmp_path) -> bool:
    from oddsengine.faces.explore import ENGAGEMENTS, build_spec

    if name not in ENGAGEMENTS:
        raise NotAnswered("not among the explorer's engagements")
    spec = build_spec(explorer_values(name))
    return numbers(oe.simulate(spec, trials=TRIALS, seed=SEED)) == python_numbers(name)


FACES = {"command": _command, "sweep": _sweep, "explorer": _explorer}


@pytest.mark.slow
@pytest.mark.parametrize("face", list(FACES))
@pytest.mark.parametrize("name", list(KINDS))
def test_the_same_seed_gives_python_s_numbers_on_every_face(
    name, face, python_numbers, capsys, tmp_path
):
    offered = NOT_OFFERED.get((name, face)) or NOT_OFFERED.get((name, "command"))
    if face == "command" and offered:
        pytest.skip(f"no command: {offered}")
    if face == "sweep" and NOT_OFFERED.get((name, "sweep")):
        pytest.skip(f"no sweep: {NOT_OFFERED[name, 'sweep']}")
    why = NOT_COMPARED.get((name, face))
    try:
        same = FACES[face](name, python_numbers, capsys, tmp_path)
    except NotAnswered as refusal:
        if face == "explorer" and str(refusal).startswith("not among"):
            pytest.skip(str(refusal))
        assert why, f"{face} does not answer {name} at a seed: {refusal}"
        return
    if why:
        assert not same, f"{face} now gives {name}'s numbers: drop it from NOT_COMPARED"
    else:
        assert same, f"{face} gives other numbers than oe.simulate for {name} at seed {SEED}"


def test_a_naval_move_swept_gives_the_naval_move_s_numbers(python_numbers, capsys, tmp_path):
    # A scenario file's naval move swept (naval-move-scenario) is the naval move the
    # naval-move command asks: at the same seed and trials, the same numbers (its sweep
    # row used to draw from the sweep spec's own streams with the draw plan's sampler).
    swept = python_numbers("naval-move-scenario")
    assert EXAMPLES["naval-move-scenario"] == EXAMPLES["naval-move"]
    assert swept == python_numbers("naval-move")
    assert _command("naval-move", python_numbers, capsys, tmp_path)

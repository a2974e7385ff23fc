"""Every kind through every face (issue 39: one test says, for every kind, which faces offer
it and why any face does not).

For every registered kind (read from ``KINDS``: a kind added later is walked too) and every
face, the face either answers the kind's example question or is excluded in
:data:`NOT_OFFERED`, with the reason. The faces: its command in every format (table, json,
csv, markdown, bbcode) and with ``--fractions`` where the command offers it (table, json and
csv: the formats fractions add to); the explorer (``oe.explore(kind)`` opens with an
answer); ``table`` and ``plot`` (where the record says ``table``); a one-row sweep file of
the kind; its page of the odds book (:mod:`oddsengine.faces.book.contents`); and the JSON
``spec``, which for a kind that declares its inputs asks the same question again.

An exclusion is checked too: a face listed there must not answer (drop the entry when it
comes to answer), so that the table says what the faces do today.
"""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path

import pytest
from conftest import run_cli
from kind_examples import EXAMPLES

import oddsengine as oe
from oddsengine.declaration import command_words, options_of, spec_of, spec_on_board
from oddsengine.errors import OddsEngineError
from oddsengine.kind_commands import command_path, is_form
from oddsengine.kinds import BUILT_IN, KINDS

#: The command lines of the kinds that declare no inputs of their own but are asked through
#: another kind's command (a turn's voyages: ``voyage`` given several powers); a kind that
#: declares its inputs is asked from its declaration.
BY_HAND: dict[str, list[str]] = {
    "voyages": ["voyage", "--power", "england,france"],
}

#: The two sides of ``table`` and ``plot`` for a kind whose record says ``table``, by its
#: roles (a range first, for the x axis of a plot); None: the kind's own sides (its
#: record's ``default_sides``, a debate's pools).
TABLE_SIDES: dict[str, tuple | None] = {
    "battle": ("1..3R", "hapsburg: 2R"),
    "assault": ("1..3R L1", "hapsburg: 1R"),
    "intercept": None,
    "avoid": None,
    "naval": ("ottoman: 1..3Sq", "hapsburg: 2Sq"),
    "reformation": ("1..2", "1"),
    "counter-reformation": ("1..2", "1"),
    "debate": None,
    "rough-wooing": ("0..3", "1"),
    "council-of-trent": ("1..3", "2"),
}

FORMATS = ("table", "json", "csv", "markdown", "bbcode")
#: The formats that --fractions adds to (the forum formats refuse it, in one line).
FRACTION_FORMATS = ("table", "json", "csv")

_SCENARIO_KINDS = ("naval-move-scenario", "reformation-scenario",
                   "counter-reformation-scenario", "attempts-scenario")  # fmt: skip
_NO_TWO_ROLES = "its record names no two roles for the rows and the columns of an odds table"


def _book_reasons() -> dict:
    """The book's own word on the kinds it gives no page (its contents say why)."""
    from oddsengine.faces.book.contents import WITHOUT_PAGE

    return {(kind, "book"): why for kind, why in WITHOUT_PAGE.items()}


#: Each face that does not answer a kind, and why. A face of the command (``fractions``,
#: ``spec``) is not offered where the command is not, for the command's reason.
NOT_OFFERED: dict[tuple[str, str], str] = {
    # The command line.
    **{(kind, "command"): "a sweep kind of a scenario file's question: its command asks "
       "it on the board (naval-move, attempts, reformation --space)" for kind in _SCENARIO_KINDS},
    **{(kind, "fractions"): "a campaign's exact answer is a chain of impulses, not one draw "
       "of dice whose fractions are recovered (its class gives no fractions_available)"
       for kind in ("siege-campaign", "foreign-war")},
    ("move", "fractions"): "a whole move's end states (fractions_available is False)",
    ("naval-move", "fractions"): "a whole naval move's end states (fractions_available is "
    "False)",
    ("attempts", "fractions"): "a run's answer is summed in floats over the search's states "
    "(fractions_available is False)",
    # The explorer.
    ("naval-intercept", "explorer"): "the --naval form of intercept: the explorer offers "
    "the interception on land",
    ("naval-avoid", "explorer"): "the --naval form of avoid: the explorer offers avoid "
    "battle on land",
    ("voyages", "explorer"): "a turn's voyages: the explorer offers one power's voyage",
    **{(kind, "explorer"): "a sweep kind of a scenario file's question: the explorer asks "
       "its move or attempt directly" for kind in _SCENARIO_KINDS},
    # table and plot: the kinds whose record says table.
    **{(kind.name, face): _NO_TWO_ROLES for kind in BUILT_IN.values()
       if len(kind.roles) != 2 for face in ("table", "plot")},
    **{("siege-campaign", face): "a campaign of impulses, not one engagement's odds: the "
       "odds book's sieges page tabulates it" for face in ("table", "plot")},
    ("debate", "plot"): "a debate's rows and columns are debaters, not forces with a range "
    "to draw: table debate gives them",
    # Sweeps: the kinds a sweep file may name.
    ("siege-campaign", "sweep"): "not a sweep kind (its record's sweep is False): a campaign "
    "of assaults, asked by siege, by plans and by the needed search",
    ("move", "sweep"): "not a sweep kind (its record's sweep is False): a land move is read "
    "from a scenario file, asked by move with its what-ifs and by plans",
    ("naval-move", "sweep"): "not a sweep kind: a scenario file's naval move is swept as "
    "naval-move-scenario",
    ("attempts", "sweep"): "not a sweep kind: a scenario's run of attempts is swept as "
    "attempts-scenario",
    # The odds book.
    **_book_reasons(),
    # The JSON spec asking the same question again.
    ("siege-campaign", "spec"): "its JSON spec describes the campaign's assaults, not the "
    "besiegers and garrison given",
    ("move", "spec"): "its JSON spec describes the board's stacks as read, not the "
    "scenario file asked",
    ("naval-move", "spec"): "its JSON spec describes the board's fleets as read, not the "
    "scenario file asked",
    ("attempts", "spec"): "its JSON spec describes the board as read (its Protestant spaces, "
    "unrest, turn) and the source's attempts, not the scenario file and source named",
    ("debate", "spec"): "its JSON spec lists the bonuses that act (all five by default), "
    "where naming them refuses one whose debater is not in play (Gardiner on turn 1): "
    "'all' is not written back",
}  # fmt: skip

COMMAND_FACES = ("command", "fractions", "spec")


class NotAnswered(Exception):
    """A face does not answer the kind: the face's own word, or the refusal."""


# -- how each face is asked ---------------------------------------------------------------


@functools.cache
def _commands() -> dict:
    """The command line's parsers, by command."""
    from oddsengine.cli import build_parser

    return _sub_commands(build_parser())


def _example(name: str) -> dict:
    if name not in EXAMPLES:
        raise AssertionError(f"give the kind {name!r} an example question in EXAMPLES")
    return dict(EXAMPLES[name])


def _board_options(kind) -> tuple:
    return kind.spec.scenario_board.options if "board" in kind.takes else ()


def command_line(name: str) -> list[str]:
    """The words of the kind's example on the command line, from its declaration (its
    form's flag too: ``intercept --naval``; a sub-command's name after its command:
    ``card-roll rough-wooing``, :func:`~oddsengine.kind_commands.command_path`) or, for a
    kind asked through another's command, BY_HAND."""
    kind = KINDS[name]
    if not kind.declared and kind.command in _commands():
        if name not in BY_HAND:
            raise AssertionError(f"give the command line of {name!r} in BY_HAND")
        return list(BY_HAND[name])
    if not kind.declared:
        raise NotAnswered(f"no command {kind.command!r}")
    values = {**_example(name), **{item.name: True for item in kind.options if item.form}}
    path = command_path(kind) if not is_form(kind) else (kind.command,)
    extra = (*kind.options, *_board_options(kind))
    return [*path, *command_words(path[0], kind.spec, values, extra)[1:]]


def _engine(kind) -> list[str]:
    if getattr(kind.spec, "exact_available", True):
        return ["--exact"]
    return ["--monte-carlo", "--trials", "2000", "--seed", "1"]


def _sub_commands(parser) -> dict:
    """A parser's sub-commands by name (``card-roll``'s cards), or none."""
    for action in parser._actions:
        if isinstance(getattr(action, "choices", None), dict):
            return dict(action.choices)
    return {}


def _offers(words: list[str], flag: str) -> bool:
    """Whether the command of ``words`` (its sub-command where it has them) takes ``flag``."""
    parser = _commands()[words[0]]
    sub = _sub_commands(parser)
    if sub and len(words) > 1 and words[1] in sub:
        parser = sub[words[1]]
    return any(flag in action.option_strings for action in parser._actions)


def _answer(capsys, argv) -> str:
    """The output of a command line that answers; else NotAnswered with its refusal."""
    try:
        status, out, err = run_cli(capsys, *argv)
    except SystemExit as stop:  # argparse refuses through SystemExit
        status, out, err = stop.code, "", capsys.readouterr().err
    if status != 0:
        raise NotAnswered(err.strip())
    assert out.strip(), argv
    assert "Traceback" not in err
    return out


def ask_command(name, fmt, capsys, tmp_path):
    kind = KINDS[name]
    out = _answer(capsys, [*command_line(name), *_engine(kind), "--format", fmt])
    if fmt == "json":
        assert json.loads(out)["kind"] == name
    if fmt == "csv":
        assert len(list(csv.reader(out.splitlines()))) > 1


def ask_fractions(name, fmt, capsys, tmp_path):
    words = command_line(name)
    if not _offers(words, "--fractions"):
        raise NotAnswered(f"{' '.join(words[:2])} offers no --fractions")
    out = _answer(capsys, [*words, "--exact", "--format", fmt, "--fractions"])
    assert "/" in out, out  # a fraction is shown


def ask_spec(name, fmt, capsys, tmp_path):
    """The JSON answer names the kind and holds its spec; for a kind that declares its
    inputs, those the spec holds ask the same question again (the same chances)."""
    kind = KINDS[name]
    answer = json.loads(_answer(capsys, [*command_line(name), "--exact", "--format", "json"]))
    assert answer["kind"] == name and isinstance(answer["spec"], dict)
    if not kind.declared:
        return
    names = {item.name for item in (*options_of(kind.spec), *kind.options)}
    given = {key: value for key, value in answer["spec"].items()
             if key in names and value is not None}  # fmt: skip
    board = [item.name for item in _board_options(kind) if item.positional]
    try:
        if board and board[0] in answer["spec"]:
            spec = spec_on_board(kind.spec, answer["spec"][board[0]], given)
        else:
            spec = spec_of(kind.spec, given)
    except (OddsEngineError, TypeError) as refusal:
        raise NotAnswered(f"its JSON spec does not build the question: {refusal}") from None
    again = oe.exact(spec).p
    assert set(again) == set(answer["p"])
    assert again == pytest.approx(answer["p"], abs=1e-12)


def ask_explorer(name, fmt, capsys, tmp_path):
    pytest.importorskip("ipywidgets")
    from oddsengine.faces.explore import ENGAGEMENTS

    if name not in ENGAGEMENTS:
        raise NotAnswered("not among the explorer's engagements")
    calculator = oe.explore(name)
    if calculator.error is not None:
        raise NotAnswered(calculator.error)
    assert calculator.result is not None and calculator.command_line.startswith("oddsengine ")


def _sides(name: str, others: bool = True) -> list[str]:
    """The options of ``table`` (or ``plot``) for the kind: its two sides by role and,
    with ``others``, the example's other inputs."""
    kind = KINDS[name]
    if name not in TABLE_SIDES:
        raise AssertionError(f"give the table kind {name!r} its sides in TABLE_SIDES")
    sides = TABLE_SIDES[name]
    words = []
    if sides is not None:
        for role, template in zip(kind.roles, sides, strict=True):
            words += [f"--{role.replace('_', '-')}", template]
    # The example's other inputs, as options of the table (a debate's zone, initiator ...).
    for key, value in _example(name).items():
        if others and key not in kind.roles:
            words += [f"--{key.replace('_', '-')}", str(value)]
    return words


def ask_table(name, fmt, capsys, tmp_path):
    if not KINDS[name].table:
        raise NotAnswered("not a kind of oddsengine table")
    out = _answer(capsys, ["table", name, *_sides(name), "--format", "csv"])
    assert len(out.splitlines()) > 1


def ask_plot(name, fmt, capsys, tmp_path):
    if not KINDS[name].table:
        raise NotAnswered("not a kind of oddsengine plot")
    # A fixed chart (by leader rating and cavalry) takes no force.
    sides = [] if KINDS[name].fixed_chart else _sides(name, others=False)
    out = tmp_path / f"{name}.png"
    _answer(capsys, ["plot", name, *sides, "--out", str(out)])
    assert out.read_bytes().startswith(b"\x89PNG")


def _toml(value) -> str:
    """A value of a sweep file: a list there is an axis, so names are written as one text,
    separated by commas (``"inca,colony"``), as the command line takes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple | list):
        value = ",".join(map(str, value))
    return json.dumps(str(value))  # a TOML basic string is a JSON string


def sweep_file(name: str, path: Path, settings: str = 'method = "auto"\n') -> Path:
    """A sweep file of one scenario, the kind's example."""
    rows = "".join(f"{key} = {_toml(value)}\n" for key, value in _example(name).items())
    path.write_text(f'kind = "{name}"\n{settings}\n[[scenarios]]\n{rows}', encoding="utf-8")
    return path


def ask_sweep(name, fmt, capsys, tmp_path):
    if not KINDS[name].sweep:
        raise NotAnswered("not a sweep kind")
    out = tmp_path / "rows.csv"
    _answer(capsys, ["sweep", str(sweep_file(name, tmp_path / "one.toml")), "--out", str(out),
                     "--quiet"])  # fmt: skip
    with out.open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert rows and {row["status"] for row in rows} == {"ok"}, rows[0]
    assert len({row["scenario_key"] for row in rows}) == 1  # one scenario: the example


def ask_book(name, fmt, capsys, tmp_path):
    from oddsengine.faces.book._pages import odds_table_page
    from oddsengine.faces.book.contents import covering

    kind = KINDS[name]
    page = covering(name)
    if page is not None:
        built = page.build("test", quick=True)
    elif kind.book_pages:
        built = oe.kinds.named(kind.book_pages[0][1])("test", quick=True)
    elif kind.table:
        built = odds_table_page(name, "test", quick=True)
    else:
        raise NotAnswered("no page covers it")
    assert built.title and built.body


#: Each face: how it is asked, and the formats it is asked in.
FACES = {
    "command": (ask_command, FORMATS),
    "fractions": (ask_fractions, FRACTION_FORMATS),
    "spec": (ask_spec, ("json",)),
    "explorer": (ask_explorer, ("",)),
    "table": (ask_table, ("",)),
    "plot": (ask_plot, ("",)),
    "sweep": (ask_sweep, ("",)),
    "book": (ask_book, ("",)),
}
#: The faces that take seconds (widgets, charts, pages of tables): the slow tier.
SLOW_FACES = {"explorer", "plot", "book"}


def _cases():
    for name in KINDS:
        for face, (_, formats) in FACES.items():
            for fmt in formats:
                marks = [pytest.mark.slow] if face in SLOW_FACES else []
                case_id = f"{name}-{face}" + (f"-{fmt}" if fmt else "")
                yield pytest.param(name, face, fmt, marks=marks, id=case_id)


def _reason(name: str, face: str) -> str | None:
    why = NOT_OFFERED.get((name, face))
    if why is None and face in COMMAND_FACES:
        why = NOT_OFFERED.get((name, "command"))
    return why


@pytest.mark.parametrize("name, face, fmt", list(_cases()))
def test_every_face_answers_every_kind_or_says_why_not(name, face, fmt, capsys, tmp_path):
    ask, _ = FACES[face]
    why = _reason(name, face)
    try:
        ask(name, fmt, capsys, tmp_path)
    except NotAnswered as refusal:
        assert why, f"{face} does not answer {name}: {refusal}; fix it, or say why in NOT_OFFERED"
    else:
        assert not why, f"{face} now answers {name}: drop ({name!r}, {face!r}) from NOT_OFFERED"


def test_every_exclusion_names_a_kind_and_a_face_and_says_why():
    faces = set(FACES)
    for (name, face), why in NOT_OFFERED.items():
        assert face in faces, face
        assert name in KINDS, f"{name!r} is no kind: drop it from NOT_OFFERED"
        assert len(why.split()) >= 4, (name, face, why)


def test_every_kind_has_an_example_question():
    assert set(KINDS) <= set(EXAMPLES), set(KINDS) - set(EXAMPLES)


def test_the_shipped_records_hold_facts_not_pointers_into_faces():
    # Each face keeps its own per-kind layout in its own layer (the explorer's in
    # faces/explore_layouts.py, the search's in questions/needed_kinds.py, the book's in
    # faces/book/contents.py); a record may name only its spec class, by module. The
    # Part III kinds, which named their explorer's builders, are built from their
    # declarations now: no shipped record points into a face.
    pointing = {
        kind.name
        for kind in BUILT_IN.values()
        if kind.explorer is not None or kind.needed is not None or kind.book_pages
    }
    assert pointing == set()

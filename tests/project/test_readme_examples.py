"""Every shell example of the README runs, and does what the README says of it.

Each ``oddsengine`` line of a ``sh`` block is run in-process (in a temporary directory, so
the files it writes go nowhere): it must exit 0. A comment on the line that names the
engine ("exact", "Monte Carlo") must match the "Method:" line, and a ``text`` block that
follows an ``sh`` block must appear in the output of one of its commands, line by line
(``...`` stands for lines left out).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex

import pytest
from conftest import ROOT

from oddsengine.cli import main

pytestmark = pytest.mark.slow

README = ROOT / "README.md"

#: Lines that show a placeholder, not a command to run as written.
_PLACEHOLDERS = ("path/to/",)


def _blocks():
    """``(language, lines)`` of every fenced block of the README, in order."""
    blocks, language, lines = [], None, []
    for line in README.read_text(encoding="utf-8").splitlines():
        fence = re.match(r"^```(\w*)\s*$", line)
        if fence and language is None:
            language, lines = fence.group(1), []
        elif line.startswith("```") and language is not None:
            blocks.append((language, lines))
            language = None
        elif language is not None:
            lines.append(line)
    return blocks


def _command(line: str):
    """The oddsengine arguments of a README line and its comment, or None."""
    code, _, comment = line.partition("  #")
    if "oddsengine " not in code or any(text in code for text in _PLACEHOLDERS):
        return None
    tail = code[code.index("oddsengine ") + len("oddsengine ") :]
    if code.lstrip().startswith(("python", ".venv")) and "pip install" in code:
        tail = code.split("bin/oddsengine ", 1)[-1]  # the install line: its analysis only
    return shlex.split(tail), comment.strip()


def _examples():
    examples = []
    blocks = _blocks()
    for index, (language, lines) in enumerate(blocks):
        if language != "sh":
            continue
        commands = [found for found in map(_command, lines) if found]
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        shown = following[1] if following and following[0] == "text" else None
        if shown and shown[0].startswith("$ "):
            shown = None  # a transcript with its own command: see TRANSCRIPTS
        for argv, comment in commands:
            examples.append((argv, comment, shown))
    return examples


EXAMPLES = _examples()

#: ``text`` blocks that show a command after ``$ `` and what it prints.
TRANSCRIPTS = [
    lines for language, lines in _blocks() if language == "text" and lines[0].startswith("$ ")
]


def _run(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_the_readme_has_shell_examples():
    assert len(EXAMPLES) >= 25


@pytest.mark.parametrize(
    ("argv", "comment", "shown"), EXAMPLES, ids=[" ".join(argv) for argv, _, _ in EXAMPLES]
)
def test_every_readme_shell_example_runs_as_it_says(argv, comment, shown, tmp_path, monkeypatch):
    status, out, err = _run(argv, tmp_path, monkeypatch)
    assert status == 0, err
    method = re.search(r"^Method: (.*)$", out, re.MULTILINE)
    if method and re.search(r"\bMonte Carlo\b", comment):
        assert method.group(1).startswith("Monte Carlo"), comment
    if method and re.match(r"exact\b", comment):
        assert method.group(1).startswith("exact"), comment


def _shown_lines(shown):
    return [line for line in shown if line.strip() and line.strip() != "..."]


def test_every_output_the_readme_shows_is_what_a_command_prints(tmp_path, monkeypatch):
    blocks = {}
    for argv, _, shown in EXAMPLES:
        if shown is not None:
            blocks.setdefault(tuple(shown), []).append(argv)
    assert len(blocks) >= 4
    for shown, commands in blocks.items():
        expected = _shown_lines(shown)
        for argv in commands:
            _, out, _ = _run(argv, tmp_path, monkeypatch)
            printed = [line.rstrip() for line in out.splitlines()]
            if expected[0].rstrip() in printed:
                break
        else:
            pytest.fail(f"no command of its block prints the README's {expected[0]!r}")
        _check_lines_appear(expected, printed, seeded="--seed" in argv)


def _check_lines_appear(expected, printed, seeded: bool) -> None:
    """Each shown line is a printed line, in order (a Monte Carlo block is shown with its
    seed, so it matches digit for digit as well)."""
    position = 0
    for line in expected:
        line = line.rstrip()
        try:
            position = printed.index(line, position) + 1
        except ValueError:
            pytest.fail(f"the README shows {line!r}, which the command does not print")


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda lines: lines[0])
def test_every_transcript_prints_what_it_shows(transcript, tmp_path, monkeypatch):
    argv, _ = _command(transcript[0][2:])
    status, out, err = _run(argv, tmp_path, monkeypatch)
    printed = [line.rstrip() for line in (out + err).splitlines()]
    _check_lines_appear(_shown_lines(transcript[1:]), printed, seeded=False)
    # "Bad input gets one line naming the problem and exit status 2".
    if any(": error: " in line for line in transcript[1:]):
        assert status == 2 and err.count("\n") == 1

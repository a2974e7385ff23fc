"""The examples of a Markdown page (the README, a page of docs/), read for the tests to run.

A page's fenced blocks are its examples: each ``oddsengine`` line of an ``sh`` block is a
command, run in-process; a ``text`` block right after an ``sh`` block is what one of its
commands prints (``...`` stands for lines left out); a ``text`` block that opens with
``$ `` is a transcript, a command and what it prints; a ``pycon`` block is a doctest.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from oddsengine.cli import main


def project_root() -> Path:
    """The folder holding ``pyproject.toml``, wherever under ``tests/`` this file stands."""
    here = Path(__file__).resolve()
    return next(folder for folder in here.parents if (folder / "pyproject.toml").is_file())


ROOT = project_root()

#: Lines that show a placeholder, not a command to run as written.
PLACEHOLDERS = ("path/to/",)


def blocks(page: Path) -> list[tuple[str, list[str]]]:
    """``(language, lines)`` of every fenced block of ``page``, in order; a MyST directive
    (```` ```{literalinclude} path ````) is a block whose language is its name in braces."""
    found, language, lines = [], None, []
    for line in page.read_text(encoding="utf-8").splitlines():
        fence = re.match(r"^```(\{[\w-]+\}|\w*)(?:\s.*)?$", line)
        if fence and language is None:
            language, lines = fence.group(1), []
        elif line.startswith("```") and language is not None:
            found.append((language, lines))
            language = None
        elif language is not None:
            lines.append(line)
    return found


def command(line: str):
    """The oddsengine arguments of a line and its comment, or None."""
    code, _, comment = line.partition("  #")
    if "oddsengine " not in code or any(text in code for text in PLACEHOLDERS):
        return None
    tail = code[code.index("oddsengine ") + len("oddsengine ") :]
    if code.lstrip().startswith(("python", ".venv")) and "pip install" in code:
        tail = code.split("bin/oddsengine ", 1)[-1]  # the install line: its analysis only
    return shlex.split(tail), comment.strip()


@dataclass(frozen=True)
class ShellExample:
    """One command of a page: its arguments, its comment and the output shown after it."""

    page: str
    argv: tuple[str, ...]
    comment: str
    shown: tuple[str, ...] | None

    @property
    def name(self) -> str:
        return f"{self.page}: {' '.join(self.argv)}"


def shell_examples(page: Path) -> list[ShellExample]:
    """Every command of ``page``'s ``sh`` blocks, with the ``text`` block that follows."""
    examples = []
    found = blocks(page)
    for index, (language, lines) in enumerate(found):
        if language != "sh":
            continue
        following = found[index + 1] if index + 1 < len(found) else None
        shown = following[1] if following and following[0] == "text" else None
        if shown and shown[0].startswith("$ "):
            shown = None  # a transcript with its own command
        for argv, comment in filter(None, map(command, lines)):
            examples.append(
                ShellExample(relative(page), tuple(argv), comment, tuple(shown) if shown else None)
            )
    return examples


def transcripts(page: Path) -> list[list[str]]:
    """``text`` blocks that show a command after ``$ `` and what it prints."""
    found = blocks(page)
    return [lines for language, lines in found if language == "text" and lines[0].startswith("$ ")]


def doctests(page: Path) -> list[doctest.DocTest]:
    """Each ``pycon`` block of ``page`` as a doctest."""
    parser = doctest.DocTestParser()
    return [
        parser.get_doctest("\n".join(lines) + "\n", {}, f"{relative(page)}[{index}]", str(page), 0)
        for index, (language, lines) in enumerate(blocks(page))
        if language == "pycon"
    ]


def run_doctest(test: doctest.DocTest) -> str:
    """The report of the failures of ``test``, empty when every example printed what it shows."""
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=out.write)
    return out.getvalue()


def relative(page: Path) -> str:
    return str(page.relative_to(ROOT))


def run(argv, tmp_path, monkeypatch):
    """Run a command in-process in ``tmp_path``: ``(status, stdout, stderr)``."""
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def method_agrees(comment: str, out: str) -> str | None:
    """Why the engine a comment names ("exact", "Monte Carlo") is not the one the output's
    "Method:" line states, or None when they agree."""
    method = re.search(r"^Method: (.*)$", out, re.MULTILINE)
    if method and re.search(r"\bMonte Carlo\b", comment):
        if not method.group(1).startswith("Monte Carlo"):
            return f"{comment!r}, but the method is {method.group(1)!r}"
    if method and re.match(r"exact\b", comment):
        if not method.group(1).startswith("exact"):
            return f"{comment!r}, but the method is {method.group(1)!r}"
    return None


def shown_lines(shown) -> list[str]:
    return [line for line in shown if line.strip() and line.strip() != "..."]


def missing_line(expected, printed) -> str | None:
    """The first shown line that is not printed, in order after the ones before, or None."""
    position = 0
    for line in expected:
        line = line.rstrip()
        try:
            position = printed.index(line, position) + 1
        except ValueError:
            return line
    return None

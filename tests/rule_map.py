"""The rule map: for each section of RULES.md, the tests that check it and the lines of the
package that apply it, read from the tests' ``rule`` marks.

A test says which sections it checks, and which citations in the package mark the lines it
checks::

    @pytest.mark.rule("3", cites="13.2: adjacent, and not across a pass")
    def test_stacks_that_may_not_intercept(): ...

A citation is a tag: its words occur in the package exactly once, so the map finds the
module and line that apply the rule, and a test fails (``tests/rules/test_rule_map.py``)
when the line is removed or written twice. The marks are read from the test files' syntax
(decorators and ``pytestmark``), not by importing them, so the map is the whole suite's
whatever pytest selects. ``python tests/rule_map.py`` prints the map as Markdown.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
PACKAGE = ROOT / "oddsengine"
#: A numbered heading of RULES.md: ``## 17. A Reformation attempt (18.3)``, ``### 6.1 Retreat``.
HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? (.+)$", re.MULTILINE)


class RuleMapError(ValueError):
    """A rule mark the map cannot read: not a literal, no section, or in a place not read."""


@dataclass(frozen=True)
class RuleMark:
    """One ``rule`` mark: the test it is on, its sections and its citations."""

    test: str
    sections: tuple[str, ...]
    cites: tuple[str, ...]


def rules_reference() -> Path | None:
    """``shared/rules/RULES.md`` beside the checkout or beside a folder above it, or None."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "rules" / "RULES.md"
        if candidate.is_file():
            return candidate
    return None


def sections_of(rules: Path) -> dict[str, str]:
    """The numbered sections of a rules text, in order: ``{"6.1": "Retreat (14.1; ...)"}``."""
    return dict(HEADING.findall(rules.read_text(encoding="utf-8")))


def section_of(number: str, sections) -> str | None:
    """The section of ``sections`` a mark's number names: the section itself (``"6.1"``,
    ``"17"``), or the section an item belongs to (``"28.5"``, item 5 of §28); None for
    neither."""
    if number in sections:
        return number
    head = number.partition(".")[0]
    return head if head in sections else None


def _is_rule_mark(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) in {
        "pytest.mark.rule",
        "mark.rule",
    }


def _read(call: ast.Call, test: str) -> RuleMark:
    try:
        sections = tuple(ast.literal_eval(argument) for argument in call.args)
        given = [keyword.value for keyword in call.keywords if keyword.arg == "cites"]
        cites = ast.literal_eval(given[0]) if given else ()
    except ValueError as error:
        raise RuleMapError(f"{test}: a rule mark holds literal strings only") from error
    cites = (cites,) if isinstance(cites, str) else tuple(cites)
    others = [keyword.arg for keyword in call.keywords if keyword.arg != "cites"]
    if not sections or others or not all(isinstance(s, str) for s in (*sections, *cites)):
        raise RuleMapError(f"{test}: write @pytest.mark.rule('N', ..., cites=...)")
    return RuleMark(test, sections, cites)


def _marks_in(nodes, test: str) -> list[RuleMark]:
    return [_read(node, test) for node in nodes if _is_rule_mark(node)]


def marks_of_file(path: Path) -> list[RuleMark]:
    """The rule marks of one test file: on its functions, its classes and its methods, and
    in its ``pytestmark`` (which marks every test of the file)."""
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    marks: list[RuleMark] = []
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [
            "pytestmark"
        ]:
            value = node.value
            marks += _marks_in(value.elts if isinstance(value, ast.List) else [value], where)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            marks += _marks_in(node.decorator_list, f"{where}::{node.name}")
        elif isinstance(node, ast.ClassDef):
            marks += _marks_in(node.decorator_list, f"{where}::{node.name}")
            for method in node.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    test = f"{where}::{node.name}::{method.name}"
                    marks += _marks_in(method.decorator_list, test)
    # Every mark in the file, wherever it stands, against the marks read.
    written = sum(_is_rule_mark(node) for node in ast.walk(tree))
    if written != len(marks):
        raise RuleMapError(
            f"{where}: {written} rule marks written, {len(marks)} read; put them on test "
            "functions or classes, or in pytestmark"
        )
    return marks


def rule_marks(tests: Path = TESTS) -> list[RuleMark]:
    """Every rule mark of the test suite, file by file."""
    return [mark for path in sorted(tests.rglob("test_*.py")) for mark in marks_of_file(path)]


def cited_lines(tags, package: Path = PACKAGE) -> dict[str, list[str]]:
    """For each tag, every ``module:line`` of the package where it occurs (a line once for
    each time the tag is on it)."""
    found: dict[str, list[str]] = {tag: [] for tag in tags}
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        module = path.relative_to(ROOT).as_posix()
        for tag in found:
            start = text.find(tag)
            while start != -1:
                found[tag].append(f"{module}:{text.count(chr(10), 0, start) + 1}")
                start = text.find(tag, start + 1)
    return found


def _section_key(section: str) -> list[int]:
    return [int(part) for part in section.split(".")]


def rule_map(marks: list[RuleMark] | None = None) -> dict[str, dict]:
    """The map, section by section in the order of their numbers::

    {section: {"applied": {citation: {"at": ["module:line"], "tests": [test, ...]}},
               "tests": [every test marked with the section]}}
    """
    marks = rule_marks() if marks is None else marks
    lines = cited_lines({tag for mark in marks for tag in mark.cites})
    sections: dict[str, dict] = defaultdict(lambda: {"applied": {}, "tests": []})
    for mark in marks:
        for section in mark.sections:
            entry = sections[section]
            if mark.test not in entry["tests"]:
                entry["tests"].append(mark.test)
            for tag in mark.cites:
                applied = entry["applied"].setdefault(tag, {"at": lines[tag], "tests": []})
                applied["tests"].append(mark.test)
    return {section: sections[section] for section in sorted(sections, key=_section_key)}


def markdown() -> str:
    """The rule map as Markdown: for each section, each line of the package that applies it
    with the tests that check that line, then the tests that cite no line."""
    rules = rules_reference()
    titles = sections_of(rules) if rules else {}
    lines = [
        "# Where each rule of RULES.md is applied and tested",
        "",
        "Generated by `python tests/rule_map.py` from the tests' `rule` marks.",
    ]
    for section, entry in rule_map().items():
        lines += ["", f"## §{section} {titles.get(section, '')}".rstrip(), ""]
        cited = set()
        for tag, applied in entry["applied"].items():
            lines.append(f"- {tag!r} at `{', '.join(applied['at']) or 'nowhere'}`, tested by")
            lines += [f"  - `{test}`" for test in applied["tests"]]
            cited.update(applied["tests"])
        others = [test for test in entry["tests"] if test not in cited]
        if others:
            lines.append("- tested with no line cited by")
            lines += [f"  - `{test}`" for test in others]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown())

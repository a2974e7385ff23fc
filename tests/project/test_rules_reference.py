"""Every rules citation resolves: ``RULES §N``, ``RULES.md §N`` or a bare ``§N`` in the
README, the documentation, the command-line help and the code names a section of the
project's own rules reference, the pages of ``docs/rules/`` (one a part), which number
their sections as the citations do."""

import functools
import pathlib
import re

import pytest
from conftest import ROOT

from oddsengine.cli import build_parser

RULES = sorted((ROOT / "docs" / "rules").glob("part*.md"))
#: The documentation's pages written by hand (the API pages are generated from the code).
PAGES = sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if not {"_build", "generated", "notebooks"} & set(page.relative_to(ROOT / "docs").parts)
)

#: A citation: an optional "RULES" or "RULES.md", then § and a section (6 or 6.1).
CITATION = re.compile(r"§\s?(\d+)(?:\.(\d+))?")
PART = re.compile(r"RULES(?:\.md)? Part (IV|I{1,3})\b")


def _rules_text() -> str:
    return "\n".join(page.read_text(encoding="utf-8") for page in RULES)


def _sections() -> set[str]:
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", _rules_text(), re.MULTILINE))


def _parts() -> set[str]:
    return set(re.findall(r"^# Part (IV|I{1,3}):", _rules_text(), re.MULTILINE))


def _help_texts() -> dict[str, str]:
    commands = build_parser()._subparsers._group_actions[0].choices
    return {f"oddsengine {name} --help": parser.format_help() for name, parser in commands.items()}


@functools.cache
def _texts() -> dict[str, str]:
    texts = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    for page in PAGES:
        texts[str(page.relative_to(ROOT))] = page.read_text(encoding="utf-8")
    for path in sorted((ROOT / "oddsengine").rglob("*.py")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    texts.update(_help_texts())
    return texts


def test_the_reference_numbers_every_section_of_the_four_parts():
    sections = _sections()
    assert {str(number) for number in range(1, 31)} <= sections
    assert {"6.1", "6.2"} <= sections
    assert _parts() == {"I", "II", "III", "IV"}
    assert len(RULES) == 4  # one page a part


def test_the_reference_is_the_projects_own_words():
    # Written for the project, not a copy of the shared rules text: no long run of words
    # is the same.
    shared = pathlib.Path("/work/shared/rules/RULES.md")
    if not shared.exists():
        pytest.skip("the shared rules text is not on this machine")
    words = re.findall(r"\w+", shared.read_text(encoding="utf-8").lower())
    runs = {" ".join(words[i : i + 12]) for i in range(len(words) - 12)}
    ours = re.findall(r"\w+", _rules_text().lower())
    copied = [" ".join(ours[i : i + 12]) for i in range(len(ours) - 12)]
    assert sum(run in runs for run in copied) < len(copied) * 0.03


def test_every_citation_resolves_to_a_section():
    # One check over every text (the README, the reference, each module, each command's
    # help), naming each text with a citation that does not resolve.
    sections, parts = _sections(), _parts()
    unresolved = {}
    for where, text in _texts().items():
        wrong = []
        for match in CITATION.finditer(text):
            section, sub = match.groups()
            cited = f"{section}.{sub}" if sub and f"{section}.{sub}" in sections else section
            if cited not in sections:
                wrong.append(match.group(0))
        wrong += [match.group(0) for match in PART.finditer(text) if match.group(1) not in parts]
        if wrong:
            unresolved[where] = wrong
    assert len(_texts()) > 100
    assert unresolved == {}


def test_the_readme_says_where_the_rules_are():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules/index.md" in readme
    for page in RULES:
        assert f"docs/rules/{page.name}" in readme

"""Every internal link of the project's Markdown (the README, the documentation, the tests'
and the benchmarks' READMEs) leads somewhere: a file that exists and, for ``page.md#part``,
a heading of that page with that anchor. The documentation's build checks its own
references too (``sphinx -W -n`` in CI); this check is fast and also covers the pages
outside the site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT

#: A Markdown link or image: ``[text](target)`` or ``![alt](target "title")``.
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: Code spans and fenced blocks hold examples, not links.
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`[^`\n]*`")
_EXTERNAL = ("http://", "https://", "mailto:")
#: Folders the documentation's build makes, each a copy of a folder kept in git
#: (docs/conf.py copies the notebooks so that the site renders them).
_COPIED = {ROOT / "docs" / "notebooks": ROOT / "notebooks"}


def _kept(path: Path) -> Path:
    """Where a link's file is kept in git: a file of a folder the build copies is its
    original."""
    for copy, original in _COPIED.items():
        if path.is_relative_to(copy):
            return original / path.relative_to(copy)
    return path


def _pages() -> list[Path]:
    pages = [ROOT / "README.md", ROOT / "tests" / "README.md", ROOT / "benchmarks" / "README.md"]
    pages += sorted(path for path in (ROOT / "docs").rglob("*.md") if "_build" not in path.parts)
    return [page for page in pages if page.exists()]


def _anchor(heading: str) -> str:
    """The anchor a heading gets (GitHub's and MyST's: lower case, punctuation dropped,
    spaces to hyphens)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)
    explicit = re.findall(r"^\(([\w\-]+)\)=\s*$", text, re.MULTILINE)  # MyST targets
    return {_anchor(heading) for heading in headings} | set(explicit)


def links(page: Path) -> list[str]:
    """The internal link targets of a Markdown page, outside code."""
    text = _SPAN.sub("", _FENCE.sub("", page.read_text(encoding="utf-8")))
    return [target for target in _LINK.findall(text) if not target.startswith(_EXTERNAL)]


@pytest.mark.parametrize("page", _pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_internal_link_leads_to_a_file_and_a_heading(page):
    broken = []
    for target in links(page):
        path_text, _, anchor = target.partition("#")
        path = _kept((page.parent / path_text).resolve()) if path_text else page
        if not path.exists():
            broken.append(f"{target}: no file {path_text}")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{target}: no heading #{anchor} in {path.name}")
    assert broken == []


def test_the_check_sees_a_broken_link_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n## Religion on the board\n\n"
        "[ok](#religion-on-the-board) [gone](missing.md) [code](`x`)\n"
        "```\n[not a link](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert links(page) == ["#religion-on-the-board", "missing.md"]
    assert "religion-on-the-board" in _anchors(page)
    assert "nowhere" not in " ".join(links(page))

"""Every example of the documentation runs, and does what the page says of it.

Each ``oddsengine`` line of an ``sh`` block of a page of ``docs/`` is run in-process (in a
temporary directory, so the files it writes go nowhere): it must exit 0, and a comment on
the line that names the engine ("exact", "Monte Carlo") must match the "Method:" line. A
``text`` block that follows an ``sh`` block must appear in the output of one of its
commands, line by line; a transcript (``$ oddsengine ...``) prints what it shows; a
``pycon`` block runs as a doctest. The README's own examples: ``test_readme_examples.py``.
"""

from __future__ import annotations

import pytest
from doc_examples import (
    ROOT,
    doctests,
    method_agrees,
    missing_line,
    relative,
    run,
    run_doctest,
    shell_examples,
    shown_lines,
    transcripts,
)

pytestmark = pytest.mark.slow

#: The pages of the site written by hand (the API pages and the notebooks' copies are
#: generated when it is built).
PAGES = sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if not {"_build", "generated", "notebooks"} & set(page.relative_to(ROOT / "docs").parts)
)
EXAMPLES = [example for page in PAGES for example in shell_examples(page)]
SHOWN = {}
for example in EXAMPLES:
    if example.shown is not None:
        SHOWN.setdefault((example.page, example.shown), []).append(example.argv)
TRANSCRIPTS = [(relative(page), lines) for page in PAGES for lines in transcripts(page)]
DOCTESTS = [test for page in PAGES for test in doctests(page)]


def test_the_documentation_has_examples_of_every_kind():
    assert len(PAGES) >= 15
    assert len(EXAMPLES) >= 80 and len(SHOWN) >= 12 and TRANSCRIPTS and len(DOCTESTS) >= 2


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.name for example in EXAMPLES])
def test_every_shell_example_runs_as_it_says(example, tmp_path, monkeypatch):
    status, out, err = run(example.argv, tmp_path, monkeypatch)
    assert status == 0, err
    assert method_agrees(example.comment, out) is None, method_agrees(example.comment, out)


@pytest.mark.parametrize(
    ("page", "shown"), list(SHOWN), ids=[f"{page}: {shown[0]}" for page, shown in SHOWN]
)
def test_every_output_shown_is_what_a_command_prints(page, shown, tmp_path, monkeypatch):
    expected = shown_lines(shown)
    for argv in SHOWN[page, shown]:
        _, out, _ = run(argv, tmp_path, monkeypatch)
        printed = [line.rstrip() for line in out.splitlines()]
        if expected[0].rstrip() in printed:
            break
    else:
        pytest.fail(f"{page}: no command of its block prints {expected[0]!r}")
    assert missing_line(expected, printed) is None, f"{page} shows a line not printed"


@pytest.mark.parametrize(("page", "transcript"), TRANSCRIPTS, ids=lambda value: str(value)[:60])
def test_every_transcript_prints_what_it_shows(page, transcript, tmp_path, monkeypatch):
    from doc_examples import command

    argv, _ = command(transcript[0][2:])
    status, out, err = run(argv, tmp_path, monkeypatch)
    printed = [line.rstrip() for line in (out + err).splitlines()]
    assert missing_line(shown_lines(transcript[1:]), printed) is None
    # "Bad input gets one line naming the problem and exit status 2".
    if any(": error: " in line for line in transcript[1:]):
        assert status == 2 and err.count("\n") == 1


@pytest.mark.parametrize("test", DOCTESTS, ids=[test.name for test in DOCTESTS])
def test_every_python_example_runs_as_shown(test):
    assert run_doctest(test) == ""

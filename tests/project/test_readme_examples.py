"""Every example of the README runs, and does what the README says of it.

The README's first command installs the package and answers a question; its output block
must be what that question prints (``...`` stands for lines left out). Each ``oddsengine``
line of an ``sh`` block runs in-process, a ``text`` block after an ``sh`` block is what one
of its commands prints, and the Python tour (a ``pycon`` block) runs as a doctest. The
documentation's examples: ``test_docs_examples.py``.
"""

from __future__ import annotations

import pytest
from doc_examples import (
    ROOT,
    doctests,
    method_agrees,
    missing_line,
    run,
    run_doctest,
    shell_examples,
    shown_lines,
)

pytestmark = pytest.mark.slow

README = ROOT / "README.md"
EXAMPLES = shell_examples(README)
DOCTESTS = doctests(README)


def test_the_readme_has_a_tour_of_the_command_line_and_of_python():
    assert len(EXAMPLES) >= 8
    assert len(DOCTESTS) == 1 and len(DOCTESTS[0].examples) >= 5


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.name for example in EXAMPLES])
def test_every_readme_shell_example_runs_as_it_says(example, tmp_path, monkeypatch):
    status, out, err = run(example.argv, tmp_path, monkeypatch)
    assert status == 0, err
    assert method_agrees(example.comment, out) is None, method_agrees(example.comment, out)


def test_every_output_the_readme_shows_is_what_a_command_prints(tmp_path, monkeypatch):
    blocks = {}
    for example in EXAMPLES:
        if example.shown is not None:
            blocks.setdefault(example.shown, []).append(example.argv)
    assert len(blocks) >= 2  # the first command's, and the tour's
    for shown, commands in blocks.items():
        expected = shown_lines(shown)
        for argv in commands:
            _, out, _ = run(argv, tmp_path, monkeypatch)
            printed = [line.rstrip() for line in out.splitlines()]
            if expected[0].rstrip() in printed:
                break
        else:
            pytest.fail(f"no command of its block prints the README's {expected[0]!r}")
        assert missing_line(expected, printed) is None, f"the README shows {expected[0]!r}"


def test_the_readme_python_tour_runs_as_shown():
    assert run_doctest(DOCTESTS[0]) == ""

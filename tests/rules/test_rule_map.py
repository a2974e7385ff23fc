"""The rule map stays true: every section of RULES.md has a test marked with it, every
citation a test names marks exactly one line of the package, and every rule mark is read.

The map itself is generated from the tests' ``rule`` marks (``tests/rule_map.py``;
``python tests/rule_map.py`` prints it).
"""

import functools

import pytest
from rule_map import (
    RuleMapError,
    cited_lines,
    rule_marks,
    rules_reference,
    section_of,
    sections_of,
)

RULES = rules_reference()
needs_rules = pytest.mark.skipif(
    RULES is None, reason="the shared rules are not beside the project"
)


#: The marks of the whole suite, read once (a function, not a fixture, so that a failure
#: does not print them all).
marks = functools.cache(rule_marks)


@needs_rules
def test_every_section_of_the_rules_has_a_marked_test():
    sections = sections_of(RULES)
    marked = {section_of(number, sections) for mark in marks() for number in mark.sections}
    missing = [section for section in sections if section not in marked]
    assert not missing, f"sections of RULES.md no test is marked with: {missing}"


@needs_rules
def test_every_marked_section_is_a_section_of_the_rules():
    sections = sections_of(RULES)
    unknown = sorted(
        {(s, m.test) for m in marks() for s in m.sections if section_of(s, sections) is None}
    )
    assert not unknown, f"rule marks naming no section of RULES.md: {unknown}"


def test_every_citation_marks_one_line_of_the_package():
    # A citation is a tag: found nowhere, the rule's line was removed or reworded; found
    # twice, the rule is written twice (or the tag is too short to say which line).
    lines = cited_lines({tag for mark in marks() for tag in mark.cites})
    wrong = {tag: where for tag, where in lines.items() if len(where) != 1}
    assert not wrong, f"citations not on exactly one line of the package: {wrong}"


def test_every_rule_mark_is_read(tmp_path):
    # The map reads marks from the files' syntax; a mark it cannot read is refused rather
    # than left out of the map.
    assert len(marks()) > 300
    unread = tmp_path / "test_unread.py"
    unread.write_text(
        "import pytest\n\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.rule('3'))])\n"
        "def test_x(x):\n    pass\n"
    )
    with pytest.raises(RuleMapError, match="1 rule marks written, 0 read"):
        rule_marks(tmp_path)
    unread.write_text("import pytest\n\n@pytest.mark.rule(SECTION)\ndef test_x():\n    pass\n")
    with pytest.raises(RuleMapError, match="literal"):
        rule_marks(tmp_path)

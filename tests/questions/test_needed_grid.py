"""The force-needed search asks the exact engine for all its candidates at once: the same
numbers, bit for bit, as asking one by one."""

import dataclasses

import pytest

import oddsengine as oe
from oddsengine.kinds import KINDS
from oddsengine.questions.needed import find_kind

QUESTIONS = [
    ("battle", {"attacker": "?R L1", "defender": "hapsburg: 6R L1"}),
    ("battle", {"attacker": "8R L?", "defender": "hapsburg: 8R"}),
    ("battle", {"attacker": "4R", "defender": "hapsburg: ?R", "attacker_cards": ["tercios"]}),
    ("assault", {"attacker": "?R L1", "defender": "hapsburg: 3R"}),
    ("assault", {"attacker": "6R L1", "defender": "hapsburg: ?R", "attacker_cards": ["treachery"]}),
    ("naval", {"attacker": "ottoman: ?Sq", "defender": "hapsburg: 2Sq"}),
]


@pytest.mark.parametrize(("kind", "forces"), QUESTIONS)
def test_candidates_at_once_are_the_one_by_one_numbers(kind, forces, monkeypatch):
    record = find_kind(kind)
    assert record.exact_batch is not None
    at_once = oe.needed(kind, target=0.6, method="exact", max_units=12, **forces)
    (registered,) = [entry for entry in KINDS.values() if entry.command == kind]
    one_at_a_time = dataclasses.replace(record, exact_batch=None)
    monkeypatch.setitem(
        KINDS, registered.name, dataclasses.replace(registered, needed=one_at_a_time)
    )
    one_by_one = oe.needed(kind, target=0.6, method="exact", max_units=12, **forces)
    assert at_once.candidates == one_by_one.candidates  # refusals and chances, bit for bit
    assert (at_once.value, at_once.p, at_once.p_below) == (
        one_by_one.value,
        one_by_one.p,
        one_by_one.p_below,
    )
    assert any(candidate.p is not None for candidate in at_once.candidates)


def test_one_regular_against_one_by_hand():
    answer = oe.needed("battle", attacker="?R", defender="hapsburg: 1R", target=0.1, max_units=2)
    (one,) = [candidate for candidate in answer.candidates if candidate.value == 1]
    # 14 steps 2-3: 1 die against 2 (the defender's +1), hits on 5-6: the attacker wins
    # with a hit and two misses, 1/3 * 4/9 = 4/27.
    assert one.p == pytest.approx(4 / 27, abs=1e-15)

"""The golden file: exact probabilities and seeded Monte Carlo figures for a few hundred
questions (tests/golden/cases.py), which a change of structure must reproduce: the exact
ones as numbers (to a relative 1e-12: their last bits are rounding), the seeded Monte
Carlo ones bit for bit (counts over trials: the same seed draws the same counts on every
machine). A change to the rules that is meant to change numbers rewrites the file
(``python tests/golden/cases.py``) and says so in its commit."""

import json
import sys

import pytest
from conftest import GOLDEN

pytestmark = pytest.mark.slow

sys.path.insert(0, str(GOLDEN))
from cases import OUTPUTS, golden_numbers  # noqa: E402
from numbers_compared import value_difference  # noqa: E402


@pytest.fixture(scope="module")
def computed():
    return golden_numbers()


def test_every_golden_case_is_still_asked(computed):
    stored = json.loads(OUTPUTS.read_text(encoding="utf-8"))
    assert sorted(computed) == sorted(stored)


def test_every_number_is_reproduced(computed):
    stored = json.loads(OUTPUTS.read_text(encoding="utf-8"))
    differing = []
    for label, methods in stored.items():
        got = json.loads(json.dumps(computed.get(label), sort_keys=True))
        for method, numbers in methods.items():
            found = value_difference(
                numbers, (got or {}).get(method), bits=method == "monte-carlo", where=method
            )
            if found:
                differing.append(f"{label}: {found}")
    assert not differing, f"{len(differing)} cases changed, e.g. {differing[:5]}"

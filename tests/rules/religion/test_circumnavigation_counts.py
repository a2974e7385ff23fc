"""explore() resolves many voyages at once (RULES.md §22) as it resolves each on its own:
their circumnavigation counts read from a table over the span of the explorers' values,
or, for a wide span (a value typed by mistake), from each distinct value; Mercator's Map
and Uncharted given per voyage."""

from __future__ import annotations

import numpy as np
import pytest

from oddsengine.religion.new_world import circumnavigation_count, explore

FIELDS = ("code", "gained", "vp", "card")


def test_circumnavigation_count_by_hand():
    # RULES.md §22: a circumnavigation succeeds on 2d6 + value (+2 Mercator's Map) >= 10.
    # Value 4 needs 6+ on 2d6: 36 - (1 + 2 + 3 + 4) = 26 ways (totals 2-5 fail); value 0
    # needs 10+: 3 + 2 + 1 = 6 ways; value 0 with Mercator's Map needs 8+:
    # 5 + 4 + 3 + 2 + 1 = 15 ways.
    assert circumnavigation_count(4, False) == 26
    assert circumnavigation_count(0, False) == 6
    assert circumnavigation_count(0, True) == 15


def _alone(value, roll, circle, claimed, mercator, uncharted, row):
    return explore(
        value[row : row + 1],
        roll[row : row + 1],
        circle[row : row + 1],
        claimed[row : row + 1],
        mercator=bool(mercator[row]),
        uncharted=bool(uncharted[row]),
    )


@pytest.mark.parametrize(
    "values",
    [np.arange(-2, 7), np.array([0, 4, 100, -40, 4, 3, 1, 2, 0])],
    ids=["the game's span", "a span of 64 or more"],
)
def test_many_voyages_at_once_as_each_alone(values):
    size = values.size
    roll = np.arange(size) % 11 + 2
    circle = (np.arange(size) * 5) % 11 + 2
    claimed = np.arange(size) % 4
    mercator = np.arange(size) % 2 == 0
    uncharted = np.arange(size) % 3 == 0
    together = explore(values, roll, circle, claimed, mercator=mercator, uncharted=uncharted)
    for row in range(size):
        alone = _alone(values, roll, circle, claimed, mercator, uncharted, row)
        for name in FIELDS:
            assert getattr(together, name)[row] == getattr(alone, name)[0], (row, name)

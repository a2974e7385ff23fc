"""The caches and shortcuts of the exact engine give the same answers as before."""

from fractions import Fraction

import numpy as np
import pytest

from oddsengine._combat import hits_pmf
from oddsengine._draws import DrawPlan
from oddsengine.results import _unique_rows


@pytest.mark.parametrize("seed", range(5))
def test_unique_rows_matches_numpy_unique(seed):
    generator = np.random.default_rng(seed)
    matrix = generator.integers(-3, 4, size=(300, 6))
    expected_rows, expected_inverse = np.unique(matrix, axis=0, return_inverse=True)
    rows, inverse = _unique_rows(matrix)
    assert np.array_equal(rows, expected_rows)
    assert np.array_equal(inverse, expected_inverse.ravel())


def test_unique_rows_falls_back_on_wide_ranges():
    matrix = np.array([[2**40, 0, -(2**40)], [0, 2**40, 5], [2**40, 0, -(2**40)]])
    rows, inverse = _unique_rows(matrix)
    assert rows.tolist() == [[0, 2**40, 5], [2**40, 0, -(2**40)]]
    assert inverse.tolist() == [1, 0, 1]


def test_hits_pmf_with_tercios_dice_by_hand():
    # 1 die hitting on 5-6 and 1 Tercios die hitting on 4-6 (30): P(0) = 2/3 * 1/2.
    expected = [Fraction(2, 3) * Fraction(1, 2), Fraction(1, 2), Fraction(1, 3) * Fraction(1, 2)]
    assert hits_pmf(1, 1, 0.5).tolist() == pytest.approx([float(p) for p in expected], abs=1e-15)


def test_shared_tables_are_read_only():
    with pytest.raises(ValueError):
        hits_pmf(3)[0] = 1.0
    first, *_ = DrawPlan(np.ones(2) / 2, np.ones((1, 3)) / 3).cell_values()
    with pytest.raises(ValueError):
        first[0] = 1

"""The caches and shortcuts of the exact engine give the same answers as before."""

from fractions import Fraction

import numpy as np
import pytest

from oddsengine.combat._combat import hits_pmf
from oddsengine.engines._draws import DrawPlan
from oddsengine.results.result import _unique_rows


@pytest.mark.parametrize("seed", range(5))
def test_unique_rows_matches_numpy_unique(seed):
    generator = np.random.default_rng(seed)
    matrix = generator.integers(-3, 4, size=(300, 6))
    expected_rows, expected_inverse = np.unique(matrix, axis=0, return_inverse=True)
    rows, inverse = _unique_rows(matrix)
    assert np.array_equal(rows, expected_rows)
    assert np.array_equal(inverse, expected_inverse.ravel())


def test_unique_rows_of_no_rows():
    rows, inverse = _unique_rows(np.empty((0, 3), dtype=np.int64))
    assert rows.shape == (0, 3) and inverse.size == 0


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


# -- the dependent draw of Surprise Attack ----------------------------------------------


def _dependent_plan(generator, first_size, rows, second_size, extra=1):
    first = generator.random(first_size)
    second = np.zeros((rows, second_size))
    for row in range(rows):
        size = generator.integers(1, second_size + 1)
        second[row, :size] = generator.random(size)
        second[row] /= second[row].sum()
    extras = generator.random(extra)
    return DrawPlan(first / first.sum(), second, extras / extras.sum())


@pytest.mark.parametrize(
    ("first_size", "rows", "second_size", "extra"),
    [(13, 9, 11, 1), (3, 7, 5, 1), (8, 2, 30, 1), (2, 2, 2, 1), (9, 6, 8, 4)],
)
def test_bucketed_dependent_draw_counts_as_the_numpy_twin(first_size, rows, second_size, extra):
    # The compiled kernel looks most dependent draws up by the uniform's top bits; the
    # twin compares every threshold: the counts must be identical, block for block (also
    # with a post-roll draw, which takes the other path through the kernel).
    from oddsengine.engines import _kernels, _numpy_kernel
    from oddsengine.engines._random import block_keys

    generator = np.random.default_rng(first_size)
    plan = _dependent_plan(generator, first_size, rows, second_size, extra)
    thresholds, layout = plan.thresholds()
    arguments = (
        thresholds[None],
        layout[None],
        np.zeros(3, dtype=np.int64),
        block_keys(11, 5, 3),
        np.array([999, 4096, 50_001], dtype=np.int64),
    )
    compiled = np.zeros((3, plan.cells), dtype=np.int64)
    twin = np.zeros_like(compiled)
    _kernels.count_cells(*arguments, compiled)
    _numpy_kernel.count_cells(*arguments, twin)
    np.testing.assert_array_equal(compiled, twin)


def test_buckets_hold_the_value_of_every_uniform_they_cover():
    from oddsengine.engines._kernels import _BUCKET_BITS, _UNRESOLVED, _fill_buckets

    plan = _dependent_plan(np.random.default_rng(3), 6, 4, 9)
    thresholds, layout = plan.thresholds()
    rows, size = int(layout[1]), int(layout[2])
    buckets = np.empty((rows, 1 << _BUCKET_BITS), np.int32)
    _fill_buckets(thresholds, rows, size, buckets)
    width = 1 << (32 - _BUCKET_BITS)
    edges = np.arange(1 << _BUCKET_BITS, dtype=np.uint64) * width
    for uniforms in (edges, edges + width // 2, edges + width - 1):
        for row in range(rows):
            drawn = np.searchsorted(thresholds[1 + row, : size - 1], uniforms, side="right")
            resolved = buckets[row] != _UNRESOLVED
            assert np.array_equal(buckets[row][resolved], drawn[resolved])
            assert (~resolved).sum() <= size - 1

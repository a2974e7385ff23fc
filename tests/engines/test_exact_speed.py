"""The caches and shortcuts of the exact engine give the same answers as before."""

from fractions import Fraction

import numpy as np
import pytest

from oddsengine.combat._combat import hits_pmf
from oddsengine.draws import DrawPlan
from oddsengine.results.end_states import merge_cells


def _merged_by_hand(columns, weights, cells):
    """End states by a dictionary, engagement by engagement, cell by cell."""
    merged, start = [], 0
    for count in cells:
        states = {}
        for cell in range(start, start + count):
            if weights[cell] > 0:
                key = tuple(
                    str(column[cell]) if column.dtype == object else int(column[cell])
                    for column in columns.values()
                )
                states[key] = states.get(key, 0.0) + weights[cell]
        merged.append(sorted(states.items()))
        start += count
    return merged


@pytest.mark.parametrize("seed", range(5))
def test_merged_cells_are_the_states_by_hand(seed):
    generator = np.random.default_rng(seed)
    cells = generator.integers(1, 40, size=6).tolist()
    size = sum(cells)
    columns = {
        "outcome": np.array(["won", "lost", "drawn"], dtype=object)[generator.integers(0, 3, size)],
        "left": generator.integers(-3, 4, size),
        "flag": generator.integers(0, 2, size).astype(bool),
    }
    weights = generator.random(size) * (generator.random(size) > 0.2)
    merged = merge_cells(columns, weights, cells)
    for (states, summed), expected in zip(
        merged, _merged_by_hand(columns, weights, cells), strict=True
    ):
        keys = list(zip(*(states[name].tolist() for name in columns), strict=True))
        assert keys == [key for key, _ in expected]
        assert summed.tolist() == pytest.approx([weight for _, weight in expected], abs=1e-12)
        assert states["flag"].dtype == bool and states["left"].dtype == np.int64
    # One engagement alone gives the same states as inside the batch.
    (alone, summed), *_ = merge_cells(
        {n: c[: cells[0]] for n, c in columns.items()}, weights[: cells[0]]
    )
    assert summed.tobytes() == merged[0][1].tobytes()


def test_merging_no_cells_and_no_columns():
    ((states, summed),) = merge_cells({"left": np.zeros(0, dtype=np.int64)}, np.zeros(0))
    assert states["left"].size == 0 and summed.size == 0
    merged = merge_cells({}, np.array([0.5, 0.0, 0.5]), [2, 1])
    assert [summed.tolist() for _, summed in merged] == [[0.5], [0.5]]


def test_merging_falls_back_on_wide_ranges():
    columns = {
        "a": np.array([2**40, 0, 2**40]),
        "b": np.array([0, 2**40, 0]),
        "c": np.array([-(2**40), 5, -(2**40)]),
    }
    ((states, summed),) = merge_cells(columns, np.array([0.25, 0.5, 0.25]))
    assert [states[name].tolist() for name in "abc"] == [[0, 2**40], [2**40, 0], [5, -(2**40)]]
    assert summed.tolist() == [0.5, 0.5]


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

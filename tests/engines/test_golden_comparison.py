"""The golden files' comparison (tests/golden/numbers_compared.py): an exact float may move in
its last bits (a relative 1e-12, an absolute 1e-15 near 0), nothing else may: integers
(seeded Monte Carlo counts, trials, seeds), text, a float printed short, a seeded Monte
Carlo figure."""

import sys

import pytest
from conftest import GOLDEN

sys.path.insert(0, str(GOLDEN))
from numbers_compared import text_difference, value_difference  # noqa: E402


@pytest.mark.parametrize(
    ("stored", "printed"),
    [
        # The example: the last bit of an exact answer moved by the CPU's BLAS.
        ('"disgraced:Tetzel": 0.007775675488345173,', '"disgraced:Tetzel": 0.007775675488345175,'),
        ("attacker,0.5,x", "attacker,0.5000000000000001,x"),  # a short repr, one bit off
        ("p 1.1102230246251565e-16", "p 0.0"),  # near 0: absolute
        ("p 0.0", "p -0.0"),
        ("a\nb 0.25\n", "a\nb 0.25\n"),
    ],
)
def test_the_same_numbers_pass(stored, printed):
    assert text_difference(stored, printed) is None


@pytest.mark.parametrize(
    ("stored", "printed"),
    [
        ("trials 20000 seed 1", "trials 20001 seed 1"),  # an integer: a count, bit for bit
        ('"count": 17', '"count": 17.0'),
        ("won 0.500", "won 0.5"),  # a printed format is text
        ("won 27.8413%", "won 27.8414%"),
        ("p 0.1234567890123", "p 0.1234567890124"),  # short prints: both text
        ("p 0.007775675488345173", "p 0.007775675488445173"),  # 1.3e-11 relative
        ("mover_retreats 0.25", "mover_in_destination 0.25"),
        ("a\nb", "a\nb\n"),
    ],
)
def test_anything_else_differs(stored, printed):
    assert text_difference(stored, printed) is not None


def test_the_first_differing_line_is_shown():
    stored = "head\nsame 0.1\nwon 0.500\nlast 3\n"
    printed = "head\nsame 0.10000000000000002\nwon 0.5\nlast 4\n"
    assert text_difference(stored, printed) == "line 3: expected 'won 0.500', got 'won 0.5'"


def test_values_compare_floats_at_the_tolerance_and_monte_carlo_bit_for_bit():
    stored = {"p": {"won": 0.1, "lost": 0.9}, "__trials__": 262144}
    moved = {"p": {"won": 0.10000000000000003, "lost": 0.9}, "__trials__": 262144}
    assert value_difference(stored, moved) is None
    assert value_difference(stored, moved, bits=True) == (
        "/p/won: expected 0.1, got 0.10000000000000003"
    )
    assert value_difference(stored, {**moved, "__trials__": 262145}) is not None
    assert value_difference(stored, {"p": {"won": 0.1}, "__trials__": 262144}) is not None
    assert value_difference({"n": 1}, {"n": 1.0}) is not None

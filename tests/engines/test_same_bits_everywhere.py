"""An exact answer is the same number on every machine (issue 38): no sum of the package
goes through BLAS, whose order of additions is the CPU's kernel's (``np.dot`` moved the
last bit of a debate between OpenBLAS's Haswell and SkylakeX kernels, and so does
``np.convolve``, whose inner loop is BLAS's dot product); the dice's chances are exact
rationals rounded once (a float power is the C library's, whose last bit the CPU picks);
and equal values are ordered the same everywhere (NumPy's default quicksort orders ties
as the CPU's AVX-512, AVX2 or plain sort does)."""

from __future__ import annotations

import ast
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import oddsengine as oe
from oddsengine.draws import binomial_pmf, convolve, falling_order, weighted_mean
from oddsengine.religion.debate_tree import difference_fractions, difference_pmf

PACKAGE = Path(oe.__file__).parent

#: NumPy functions that add through BLAS (``np.convolve`` and ``np.correlate`` through
#: its dot product; ``cov`` and ``corrcoef`` through ``dot``), or through LAPACK.
_BLAS_FUNCTIONS = {
    "corrcoef",
    "convolve",
    "correlate",
    "cov",
    "dot",
    "einsum",
    "inner",
    "linalg",
    "matmul",
    "matvec",
    "polymul",
    "tensordot",
    "vdot",
    "vecdot",
    "vecmat",
}
_NUMPY = {"np", "numpy"}
#: Sorts that order equal values by their algorithm unless told ``kind="stable"``.
_SORTS = {"argsort", "sort_values", "sort_index", "argpartition", "nlargest", "nsmallest"}


def _sources():
    return sorted(PACKAGE.rglob("*.py"))


def _where(path: Path, node: ast.AST) -> str:
    shown = path.relative_to(PACKAGE.parent) if path.is_relative_to(PACKAGE) else path.name
    return f"{shown}:{node.lineno}"


def _blas_calls(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.MatMult):
            found.append(f"{_where(path, node)}: the @ operator")
        elif isinstance(node, ast.Attribute):
            on_numpy = isinstance(node.value, ast.Name) and node.value.id in _NUMPY
            if (on_numpy and node.attr in _BLAS_FUNCTIONS) or node.attr == "dot":
                found.append(f"{_where(path, node)}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in {
            "numpy",
            "scipy",
        }:
            names = {alias.name for alias in node.names} & _BLAS_FUNCTIONS
            if names or "linalg" in node.module or node.module.startswith("scipy"):
                found.append(f"{_where(path, node)}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if "linalg" in alias.name or alias.name.startswith("scipy"):
                    found.append(f"{_where(path, node)}: import {alias.name}")
    return found


def _unstable_sorts(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr not in _SORTS:
            continue
        kind = next((k.value for k in node.keywords if k.arg == "kind"), None)
        if not (isinstance(kind, ast.Constant) and kind.value in ("stable", "mergesort")):
            found.append(f"{_where(path, node)}: .{node.func.attr}")
    return found


def test_no_sum_of_the_package_goes_through_blas():
    # An integer product would be exact, but one rule with no exceptions is one a reader
    # can check: write a sum of products as a product and a fixed-order sum
    # (draws.convolve, draws.weighted_mean, or an integer .sum()).
    found = [call for path in _sources() for call in _blas_calls(path)]
    assert not found, found


def test_the_scan_finds_what_it_looks_for(tmp_path):
    source = tmp_path / "probe.py"
    source.write_text(
        "import numpy as np\nfrom numpy.linalg import solve\nimport scipy.signal\n"
        "a = np.dot(x, y)\nb = x @ y\nc = x.dot(y)\nd = np.convolve(x, y)\n"
        "e = np.einsum('i,i', x, y)\nf = convolve(x, y)\ng = x.argsort()\n"
        "h = x.argsort(kind='stable')\ni = frame.sort_values('p', ascending=False)\n"
    )
    assert sorted(_blas_calls(source)) == [
        "probe.py:2: from numpy.linalg import ...",
        "probe.py:3: import scipy.signal",
        "probe.py:4: .dot",
        "probe.py:5: the @ operator",
        "probe.py:6: .dot",
        "probe.py:7: .convolve",
        "probe.py:8: .einsum",
    ]
    assert sorted(_unstable_sorts(source)) == ["probe.py:10: .argsort", "probe.py:12: .sort_values"]


def test_equal_values_are_sorted_the_same_on_every_machine():
    found = [call for path in _sources() for call in _unstable_sorts(path)]
    assert not found, found


def test_convolve_adds_in_one_fixed_order():
    rng = np.random.default_rng(38)
    first, second = rng.random(23), rng.random(17)
    by_hand = [0.0] * 39
    for i, a in enumerate(first.tolist()):
        for j, b in enumerate(second.tolist()):
            by_hand[i + j] += a * b  # i ascending for every entry
    assert convolve(first, second).tolist() == by_hand
    assert np.allclose(convolve(first, second), np.convolve(first, second), rtol=1e-14)


def test_the_dice_are_exact_rationals_rounded_once():
    # 5 dice, 2 hits: C(5, 2) * (1/3)**2 * (2/3)**3 = 10 * 8 / 243.
    assert binomial_pmf(5)[2] == float(Fraction(80, 243))
    # Tercios' bonus dice hit on 4-6: C(3, 1) / 8.
    assert binomial_pmf(3, 0.5)[1] == 0.375
    # 30 dice, each entry to the last bit.
    expected = [float(Fraction(math.comb(30, k) * 2 ** (30 - k), 3**30)) for k in range(31)]
    assert binomial_pmf(30).tolist() == expected


def test_a_debate_difference_is_the_exact_one_to_within_rounding():
    for dice, other in [(1, 1), (3, 2), (6, 4), (9, 7)]:
        exact = [float(value) for value in difference_fractions(dice, other)]
        assert np.allclose(difference_pmf(dice, other), exact, rtol=1e-15, atol=0)


def test_weighted_mean_is_correctly_rounded():
    weights = np.full(10, 0.1)
    values = np.arange(10.0)
    assert weighted_mean(weights, values) == math.fsum((weights * values).tolist())


def test_equal_probabilities_keep_the_order_of_the_states():
    # More than 16 values: NumPy's SIMD quicksorts order these ties each their own way.
    values = np.array([0.25, 0.5] * 20)
    values[3] = 0.5 * (1 + 2**-50)  # equal but for its last bits
    order = falling_order(values).tolist()
    assert order == [*range(1, 40, 2), *range(0, 40, 2)]


@pytest.mark.slow
def test_the_issue_s_debate_has_the_same_bits_on_every_openblas_kernel():
    # The golden that failed on a SkylakeX kernel (issue 38), run on four kernels. Where
    # NumPy's BLAS is not OpenBLAS, the variable changes nothing and the test still holds.
    argv = [
        *("debate", "--zone", "german", "--initiator", "papacy", "--attacker", "Eck"),
        *("--defender", "committed", "--committed", "Carlstadt", "--turn", "1"),
        *("--exact", "--format", "json"),
    ]
    printed = set()
    for kernel in ("Haswell", "SkylakeX", "Zen", None):
        environment = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
        environment.pop("OPENBLAS_CORETYPE", None)
        if kernel:
            environment["OPENBLAS_CORETYPE"] = kernel
        done = subprocess.run(
            [sys.executable, "-m", "oddsengine", *argv],
            capture_output=True,
            text=True,
            env=environment,
            check=True,
            timeout=120,
        )
        printed.add(done.stdout)
    assert len(printed) == 1


@pytest.mark.parametrize("dice", [0, 1, 7])
def test_a_convolution_with_no_dice_is_the_distribution_itself(dice):
    assert convolve(binomial_pmf(dice)).tolist() == binomial_pmf(dice).tolist()

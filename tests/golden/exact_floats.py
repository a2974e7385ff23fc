"""Print every float of every exact golden answer, one ``repr`` a line, so that two
machines (or two BLAS kernels of one machine) can be compared bit for bit with ``diff``::

    OPENBLAS_CORETYPE=Haswell python tests/golden/exact_floats.py > haswell.txt
    OPENBLAS_CORETYPE=SkylakeX python tests/golden/exact_floats.py > skylakex.txt
    diff haswell.txt skylakex.txt && echo "the same bits"

The answers are those of the golden files: the exact part of every case of
``tests/golden/cases.py`` and the printed output of every exact command line of
``tests/golden/cli_cases.py`` (one with ``--trials``, ``--seed`` or ``--monte-carlo`` is
left out). With ``--monte-carlo`` the seeded Monte Carlo figures are printed too.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parents[2]))

from cases import golden_numbers  # noqa: E402
from cli_cases import commands, run  # noqa: E402
from numbers_compared import floats_in  # noqa: E402

_SAMPLED = {"--trials", "--seed", "--monte-carlo"}


def _floats(value, where: str):
    """``(where, float)`` for every float in a JSON value."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _floats(value[key], f"{where}/{key}")
    elif isinstance(value, list):
        for index, entry in enumerate(value):
            yield from _floats(entry, f"{where}/{index}")
    elif isinstance(value, float):
        yield where, value


def exact_float_lines(monte_carlo: bool = False) -> list[str]:
    """One line per float: where it is, then its ``repr``."""
    lines = []
    methods = ("exact", "monte-carlo") if monte_carlo else ("exact",)
    for label, numbers in sorted(golden_numbers().items()):
        for method in methods:
            lines += [
                f"{label} {where} {value!r}" for where, value in _floats(numbers[method], method)
            ]
    for argv in commands():
        if _SAMPLED.isdisjoint(argv) or monte_carlo:
            printed = run(argv)["out"]
            lines += [
                f"{' '.join(argv)} #{index} {token}"
                for index, token in enumerate(floats_in(printed))
            ]
    return lines


if __name__ == "__main__":
    print("\n".join(exact_float_lines(monte_carlo="--monte-carlo" in sys.argv[1:])))

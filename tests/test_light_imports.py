"""Importing the package, and a command line answer by the exact engine or a short Monte
Carlo run, load neither pandas, matplotlib nor Numba: they cost a command a good part of a
second, and only tables, plots, sweeps and long runs need them."""

import subprocess
import sys
from textwrap import indent

import pytest

HEAVY = ("pandas", "matplotlib", "numba")

_PROBE = """
import sys
try:
{code}
except SystemExit as stop:
    assert not stop.code, stop.code
print("loaded:", *(name for name in {heavy!r} if name in sys.modules))
"""


def _heavy_modules_after(code: str) -> list[str]:
    output = subprocess.run(
        [sys.executable, "-c", _PROBE.format(code=indent(code, "    "), heavy=HEAVY)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return output.splitlines()[-1].split()[1:]


@pytest.mark.parametrize(
    "code",
    [
        "import oddsengine",
        "from oddsengine.cli import main\n"
        "main(['assault', '--attacker', '9R Suleiman', '--defender', 'hapsburg: 4R Ferdinand'])",
        "from oddsengine.cli import main\n"
        "main(['battle', '--attacker', '4R L1', '--defender', '3R', '--seed', '1'])",
        "from oddsengine.cli import main\n"
        "main(['naval', '--attacker', 'ottoman: 2Sq 1Co Barbarossa',"
        " '--defender', 'hapsburg: 2Sq Andrea-Doria', '--format', 'json'])",
    ],
    ids=["import", "exact assault", "short Monte Carlo battle", "naval battle"],
)
def test_no_heavy_package_is_loaded(code):
    assert _heavy_modules_after(code) == []

"""Every command prints what it printed when the output contract was captured: the same
text and integers, and the same numbers (an exact float to a relative 1e-12, its last bits
being rounding: tests/golden/numbers_compared.py).

One check per command (``battle``, ``debate``, ...) over all of its captured command lines:
a failure names every line whose output changed and shows the first change."""

import json
import sys

import pytest
from conftest import GOLDEN

pytestmark = pytest.mark.slow

sys.path.insert(0, str(GOLDEN))
from cli_cases import OUTPUTS, commands, run  # noqa: E402
from numbers_compared import text_difference  # noqa: E402

CAPTURED = json.loads(OUTPUTS.read_text())
COMMANDS = sorted({argv[0] for argv in commands()})


def _first_change(argv, printed) -> str:
    """What changed in the output of ``argv`` (empty: nothing)."""
    captured = CAPTURED[json.dumps(argv)]
    if printed["status"] != captured["status"]:
        return f"{' '.join(argv)}: status {printed['status']} ({printed['err'].strip()})"
    for stream in ("out", "err"):
        found = text_difference(captured[stream], printed[stream])
        if found is not None:
            return f"{' '.join(argv)} (std{stream}): {found}"
    return ""


@pytest.mark.parametrize("command", COMMANDS)
def test_output_is_the_captured_one(command):
    changed = {}
    for argv in commands():
        if argv[0] == command:
            change = _first_change(argv, run(argv))
            if change:
                changed[" ".join(argv)] = change
    assert not changed, f"{len(changed)} changed: {list(changed)}\n{next(iter(changed.values()))}"


def test_every_captured_command_is_still_run():
    assert sorted(CAPTURED) == sorted(json.dumps(argv) for argv in commands())

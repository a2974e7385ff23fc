"""Every command prints exactly what it printed when the output contract was captured.

One check per command (``battle``, ``debate``, ...) over all of its captured command lines:
a failure names every line whose output changed and shows the first change."""

import difflib
import json
import sys

import pytest
from conftest import GOLDEN

pytestmark = pytest.mark.slow

sys.path.insert(0, str(GOLDEN))
from cli_cases import OUTPUTS, commands, run  # noqa: E402

CAPTURED = json.loads(OUTPUTS.read_text())
COMMANDS = sorted({argv[0] for argv in commands()})


def _first_change(argv, printed) -> str:
    captured = CAPTURED[json.dumps(argv)]
    for stream in ("status", "out", "err"):
        if printed[stream] != captured[stream]:
            lines = difflib.unified_diff(
                str(captured[stream]).splitlines(), str(printed[stream]).splitlines(), lineterm=""
            )
            return f"{' '.join(argv)} ({stream}):\n" + "\n".join(list(lines)[:40])
    return ""


@pytest.mark.parametrize("command", COMMANDS)
def test_output_is_byte_identical(command):
    changed = {}
    for argv in commands():
        if argv[0] == command:
            printed = run(argv)
            if printed != CAPTURED[json.dumps(argv)]:
                changed[" ".join(argv)] = _first_change(argv, printed)
    assert not changed, f"{len(changed)} changed: {list(changed)}\n{next(iter(changed.values()))}"


def test_every_captured_command_is_still_run():
    assert sorted(CAPTURED) == sorted(json.dumps(argv) for argv in commands())

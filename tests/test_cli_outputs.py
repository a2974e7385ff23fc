"""Every command prints what it printed when the output contract was captured: the same
text and integers, and the same numbers (an exact float to a relative 1e-12, its last bits
being rounding: tests/golden/numbers_compared.py)."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).with_name("golden")))
from cli_cases import OUTPUTS, commands, run  # noqa: E402
from numbers_compared import text_difference  # noqa: E402

CAPTURED = json.loads(OUTPUTS.read_text())


@pytest.mark.parametrize("argv", commands(), ids=" ".join)
def test_output_is_the_captured_one(argv):
    captured, printed = CAPTURED[json.dumps(argv)], run(argv)
    assert printed["status"] == captured["status"], printed["err"]
    for stream in ("out", "err"):
        found = text_difference(captured[stream], printed[stream])
        assert found is None, f"std{stream} {found}"


def test_every_captured_command_is_still_run():
    assert sorted(CAPTURED) == sorted(json.dumps(argv) for argv in commands())

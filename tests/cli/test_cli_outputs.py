"""Every command prints exactly what it printed when the output contract was captured."""

import json
import sys

import pytest
from conftest import GOLDEN

pytestmark = pytest.mark.slow

sys.path.insert(0, str(GOLDEN))
from cli_cases import OUTPUTS, commands, run  # noqa: E402

CAPTURED = json.loads(OUTPUTS.read_text())


@pytest.mark.parametrize("argv", commands(), ids=" ".join)
def test_output_is_byte_identical(argv):
    assert run(argv) == CAPTURED[json.dumps(argv)]


def test_every_captured_command_is_still_run():
    assert sorted(CAPTURED) == sorted(json.dumps(argv) for argv in commands())

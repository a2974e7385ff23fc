"""Values no question can take, found by throwing bad input at every command: each is
refused in one line naming the problem, exit 2, nothing on stdout, no traceback."""

import pytest
from conftest import refused


@pytest.mark.parametrize("draw", ["1e400", "-1e400", "1/0"])
def test_an_heir_draw_beyond_a_float_is_refused(capsys, draw):
    # "1e400" is a fraction whose float overflows (it escaped as an OverflowError).
    refused(capsys, ["heirs", "--timeline", "--heir-draw", draw], ["heir_draw", "chance"])

"""Values no question can take, found by throwing bad input at every command: each is
refused in one line naming the problem, exit 2, nothing on stdout, no traceback."""

import pytest
from conftest import refused


@pytest.mark.parametrize("draw", ["1e400", "-1e400", "1/0"])
def test_an_heir_draw_beyond_a_float_is_refused(capsys, draw):
    # "1e400" is a fraction whose float overflows (it escaped as an OverflowError).
    refused(capsys, ["heirs", "--timeline", "--heir-draw", draw], ["heir_draw", "chance"])


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "debate", "--zone", "german", "--initiator", "papacy", "--turn", "1"],
        ["diet", "--table"],
    ],
)
def test_an_empty_outcome_is_an_unknown_outcome_not_the_default(capsys, argv):
    # table debate took --outcome '' for its default (papal_wins); diet --table refused it.
    refused(capsys, [*argv, "--outcome", ""], ["unknown outcome ''"])


def test_an_empty_outcome_of_an_odds_table_is_refused_in_python():
    import oddsengine as oe

    with pytest.raises(oe.OddsEngineError, match="unknown outcome ''"):
        oe.odds_table("assault", "4..5R", "1..2R", outcome="")

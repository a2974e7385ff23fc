"""As many digits as the precision supports: exact to 4 decimals of a percentage in text
(every digit in JSON), Monte Carlo rounded to its standard error."""

import json
import math
import re

import pytest

from oddsengine import Interception, exact, simulate
from oddsengine.results.output import percent_decimals


@pytest.mark.parametrize(
    "stderr, places",
    [(None, 4), (0.0, 4), (0.000378, 3), (0.0035, 2), (0.0041, 2), (0.03, 1), (0.2, 0), (4e-7, 4)],
)
def test_decimals_follow_the_standard_error(stderr, places):
    assert percent_decimals(stderr) == places


def test_exact_text_has_four_decimals_and_json_every_digit_it_has():
    # 11.2: 2d6 >= 9 with no leader: 10/36. JSON keeps the 15 significant digits an exact
    # sum has (no noise of the order of summation), the text 4 decimals of a percentage.
    result = exact(Interception("hapsburg: 4R", "3R"))
    assert re.search(r"^success +27\.7778%$", result.summary(), re.MULTILINE)
    assert json.loads(result.to_json())["p"]["success"] == float(f"{5 / 18:.15g}")
    assert result.p["success"] == pytest.approx(5 / 18, abs=1e-16)  # Python: every digit


def test_monte_carlo_text_is_rounded_to_its_standard_error():
    result = simulate(Interception("hapsburg: 4R", "3R"), trials=10_000, seed=4)
    error = result.stderr["success"]
    # sqrt(p (1 - p) / n) with p near 10/36 and n = 10^4: about 0.45 points, 2 decimals.
    assert 0.004 < error < 0.005
    row = next(line for line in result.summary().splitlines() if line.startswith("success"))
    numbers = re.findall(r"\d+\.\d+%", row)
    # The estimate, the interval and the error, each with 2 decimals (then the "%").
    assert len(numbers) == 4 and all(len(n.split(".")[1]) == 3 for n in numbers)
    shown = float(numbers[0][:-1]) / 100
    assert math.isclose(shown, round(result.p["success"], 4), abs_tol=1e-12)
    assert json.loads(result.to_json())["p"]["success"] == result.p["success"]
